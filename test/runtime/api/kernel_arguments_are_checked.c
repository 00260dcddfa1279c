/*
 * kernel_arguments_are_checked.c - kernels, their arguments, thread spaces
 * and enqueue refuse what is wrong with CM's codes, and a refused enqueue
 * leaves the device working:
 *   - unknown kernel names: CM_FAILURE (CM's runtime), the kernel NULL;
 *   - SetKernelArg: index out of range CM_INVALID_ARG_INDEX, a size that is
 *     not the parameter's CM_INVALID_ARG_SIZE, a surface index that names
 *     no surface CM_INVALID_ARG_VALUE;
 *   - enqueue: an argument left unset CM_NOT_SET_KERNEL_ARGUMENT, no thread
 *     space or count CM_KERNEL_THREADSPACE_NOT_SET, an empty task
 *     CM_FAILURE, a surface destroyed after SetKernelArg
 *     CM_INVALID_ARG_VALUE (an error, not a crash);
 *   - thread spaces 0 wide or high and oversized: CM_INVALID_THREAD_SPACE;
 *     thread counts 0 and wider than a thread space: CM_INVALID_ARG_VALUE;
 *   - dependency patterns outside the enum CM_INVALID_ARG_VALUE, walking
 *     patterns outside it CM_INVALID_MEDIA_WALKING_PATTERN, custom vectors
 *     (0, 0) or more than CM_MAX_DEPENDENCY_COUNT CM_INVALID_ARG_VALUE.
 *
 * usage: kernel_arguments_are_checked api_kernels.isa
 */
#include <string.h>

#include "api_check.h"

static void kernel_names(api_env *env)
{
    static const char *const unknown[] = {"", "ORIGIN", "orig", "origin ", "origin2",
                                          "spin\n", "add_scalar__cmk_batch"};
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++) {
        cmrt_kernel *k = (cmrt_kernel *)&k;
        int rc = cmrt_kernel_create(env->program, unknown[i], &k);
        EXPECT(rc == CM_FAILURE, "cmrt_kernel_create(\"%s\"): expected CM_FAILURE, got %s",
               unknown[i], cmrt_code_name(rc));
        EXPECT(k == NULL, "cmrt_kernel_create(\"%s\") refused but left *out set", unknown[i]);
    }
    EXPECT(cmrt_kernel_arg_count(env->origin) == 1, "origin: expected 1 argument, got %u",
           cmrt_kernel_arg_count(env->origin));
    EXPECT(cmrt_kernel_arg_count(env->add_scalar) == 3,
           "add_scalar: expected 3 arguments, got %u", cmrt_kernel_arg_count(env->add_scalar));
}

static void set_arg(api_env *env, cmrt_surface_index *live)
{
    cmrt_kernel *k = env->add_scalar;
    int value = 7;
    long long wide = 7;
    char narrow = 7;
    cmrt_surface_index none = {0}, beyond = {live->index + 1000};
    EXPECT_CODE(cmrt_kernel_set_arg(k, 3, sizeof value, &value), CM_INVALID_ARG_INDEX);
    EXPECT_CODE(cmrt_kernel_set_arg(k, UINT32_MAX, sizeof value, &value), CM_INVALID_ARG_INDEX);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 2, sizeof wide, &wide), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 2, sizeof narrow, &narrow), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 2, 0, &value), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 0, 8, live), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 0, sizeof none, &none), CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 0, sizeof beyond, &beyond), CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 0, sizeof *live, live), CM_SUCCESS);
    EXPECT_CODE(cmrt_kernel_set_arg(k, 2, sizeof value, &value), CM_SUCCESS);
}

/* add_scalar has its arguments 0 and 2 set (set_arg); 1 is still unset. */
static void enqueue_refusals(api_env *env, cmrt_surface_index *live)
{
    cmrt_task *t = NULL;
    cmrt_thread_space *ts = NULL;
    cmrt_event *e = (cmrt_event *)&e;
    REQUIRE_OK(cmrt_task_create(env->dev, &t));
    REQUIRE_OK(cmrt_thread_space_create(env->dev, 1, 1, &ts));
    EXPECT_CODE(cmrt_enqueue(env->queue, t, ts, &e), CM_FAILURE); /* no kernels */
    EXPECT(e == NULL, "a refused enqueue left the event set");
    REQUIRE_OK(cmrt_task_add_kernel(t, env->add_scalar));
    EXPECT_CODE(cmrt_enqueue(env->queue, t, ts, &e), CM_NOT_SET_KERNEL_ARGUMENT);
    EXPECT_CODE(cmrt_enqueue(env->queue, t, ts, NULL), CM_NOT_SET_KERNEL_ARGUMENT);
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 1, sizeof *live, live));
    EXPECT_CODE(cmrt_enqueue(env->queue, t, NULL, &e), CM_KERNEL_THREADSPACE_NOT_SET);
    /* The second kernel of a task is checked too, and nothing of the
     * task runs. */
    cmrt_kernel *spin = NULL;
    REQUIRE_OK(cmrt_kernel_create(env->program, "spin", &spin));
    REQUIRE_OK(cmrt_task_add_kernel(t, spin));
    EXPECT_CODE(cmrt_enqueue(env->queue, t, ts, &e), CM_NOT_SET_KERNEL_ARGUMENT);
    EXPECT_OK(cmrt_kernel_destroy(spin));
    EXPECT_OK(cmrt_task_reset(t));
    EXPECT_CODE(cmrt_enqueue(env->queue, t, ts, &e), CM_FAILURE); /* reset: empty */
    EXPECT_OK(cmrt_thread_space_destroy(ts));
    EXPECT_OK(cmrt_task_destroy(t));
}

/* SetKernelArg with a live surface, which is then destroyed: the enqueue
 * is refused (the index no longer names a surface). */
static void destroyed_surface(api_env *env)
{
    cmrt_surface *gone = NULL;
    cmrt_surface_index *si = NULL, copy;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 8, 1, CM_SURFACE_FORMAT_A8, &gone));
    REQUIRE_OK(cmrt_surface_get_index(gone, &si));
    copy = *si;
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 1, sizeof copy, &copy));
    REQUIRE_OK(cmrt_surface_destroy(gone));
    EXPECT_CODE(api_run(env, env->add_scalar, 1, 1), CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_kernel_set_arg(env->add_scalar, 1, sizeof copy, &copy),
                CM_INVALID_ARG_VALUE);
}

static void thread_spaces(api_env *env)
{
    static const uint32_t bad[][2] = {{0, 0}, {0, 1}, {1, 0}, {1u << 25, 1},
                                      {1, 1u << 25}, {1u << 16, 1u << 16},
                                      {UINT32_MAX, UINT32_MAX}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cmrt_thread_space *ts = (cmrt_thread_space *)&ts;
        int rc = cmrt_thread_space_create(env->dev, bad[i][0], bad[i][1], &ts);
        EXPECT(rc == CM_INVALID_THREAD_SPACE,
               "cmrt_thread_space_create(%u, %u): expected CM_INVALID_THREAD_SPACE, got %s",
               bad[i][0], bad[i][1], cmrt_code_name(rc));
        EXPECT(ts == NULL, "a refused thread space left *out set");
    }
    EXPECT_CODE(cmrt_kernel_set_thread_count(env->origin, 0), CM_INVALID_ARG_VALUE);
    /* A count is a count x 1 space: beyond the widest space it is refused
     * now, not run as billions of points at enqueue. */
    EXPECT_CODE(cmrt_kernel_set_thread_count(env->origin, (1u << 24) + 1),
                CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_kernel_set_thread_count(env->origin, UINT32_MAX), CM_INVALID_ARG_VALUE);
    EXPECT_OK(cmrt_kernel_set_thread_count(env->origin, 1u << 24));
}

static void dependency_patterns(api_env *env)
{
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(env->dev, 4, 4, &ts));
    static const int bad[] = {9, 10, 100, -1, 0x7fffffff};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int rc = cmrt_thread_space_select_dependency(ts, (CM_DEPENDENCY_PATTERN)bad[i]);
        EXPECT(rc == CM_INVALID_ARG_VALUE,
               "select_dependency(%d): expected CM_INVALID_ARG_VALUE, got %s", bad[i],
               cmrt_code_name(rc));
        rc = cmrt_thread_space_select_walking(ts, (CM_WALKING_PATTERN)bad[i]);
        EXPECT(rc == (bad[i] == 9 || bad[i] == 10 ? CM_SUCCESS
                                                  : CM_INVALID_MEDIA_WALKING_PATTERN),
               "select_walking(%d): got %s", bad[i], cmrt_code_name(rc));
        EXPECT_OK(cmrt_thread_space_select_walking(ts, CM_WALK_DEFAULT));
    }
    for (int p = CM_NONE_DEPENDENCY; p <= CM_WAVEFRONT26ZI; p++)
        EXPECT_OK(cmrt_thread_space_select_dependency(ts, (CM_DEPENDENCY_PATTERN)p));
    int32_t dx[CM_MAX_DEPENDENCY_COUNT + 1] = {-1, 0, -1, 1, -2, 0, -3, 2, -4};
    int32_t dy[CM_MAX_DEPENDENCY_COUNT + 1] = {0, -1, -1, -1, 0, -2, 0, -1, 0};
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, CM_MAX_DEPENDENCY_COUNT + 1, dx, dy),
                CM_INVALID_ARG_VALUE);
    EXPECT_OK(cmrt_thread_space_set_dependency(ts, CM_MAX_DEPENDENCY_COUNT, dx, dy));
    int32_t zero[1] = {0};
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, zero, zero), CM_INVALID_ARG_VALUE);
    /* With dependencies set, a walking pattern is refused. */
    EXPECT_CODE(cmrt_thread_space_select_walking(ts, CM_WALK_VERTICAL),
                CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN);
    EXPECT_OK(cmrt_thread_space_destroy(ts));
}

/* After all the refusals the device still runs a kernel right. */
static void still_works(api_env *env, cmrt_surface *in, cmrt_surface *out)
{
    cmrt_surface_index *si_in = NULL, *si_out = NULL;
    REQUIRE_OK(cmrt_surface_get_index(in, &si_in));
    REQUIRE_OK(cmrt_surface_get_index(out, &si_out));
    int value = 3;
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 0, sizeof *si_in, si_in));
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 1, sizeof *si_out, si_out));
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 2, sizeof value, &value));
    REQUIRE_OK(cmrt_surface_fill(in, 10, NULL));
    EXPECT_OK(api_run(env, env->add_scalar, 2, 2));
    unsigned char bytes[16 * 2];
    EXPECT_OK(cmrt_surface_read(out, bytes, sizeof bytes, NULL));
    for (size_t i = 0; i < sizeof bytes; i++)
        EXPECT(bytes[i] == 13, "byte %zu: expected 13, got %u", i, bytes[i]);
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 2);
    cmrt_surface *in = NULL, *out = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env.dev, 16, 2, CM_SURFACE_FORMAT_A8, &in));
    REQUIRE_OK(cmrt_surface2d_create(env.dev, 16, 2, CM_SURFACE_FORMAT_A8, &out));
    cmrt_surface_index *live = NULL;
    REQUIRE_OK(cmrt_surface_get_index(in, &live));
    kernel_names(&env);
    set_arg(&env, live);
    enqueue_refusals(&env, live);
    destroyed_surface(&env);
    thread_spaces(&env);
    dependency_patterns(&env);
    still_works(&env, in, out);
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("kernel_arguments_are_checked");
}
