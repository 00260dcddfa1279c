/*
 * null_pointers_are_rejected.c - every cmrt_* call given a NULL object or
 * NULL out-pointer returns CM_NULL_POINTER and nothing crashes; the calls
 * that return a count return 0.
 *
 * usage: null_pointers_are_rejected api_kernels.isa
 */
#include <string.h>

#include "api_check.h"

static void device_calls(void)
{
    EXPECT_CODE(cmrt_device_create(NULL, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_device_destroy(NULL), CM_NULL_POINTER);
    EXPECT(cmrt_device_workers(NULL) == 0, "cmrt_device_workers(NULL): expected 0, got %u",
           cmrt_device_workers(NULL));
    EXPECT(cmrt_kernel_arg_count(NULL) == 0, "cmrt_kernel_arg_count(NULL): expected 0, got %u",
           cmrt_kernel_arg_count(NULL));
}

static void creation_calls(api_env *env)
{
    cmrt_device *dev = env->dev;
    cmrt_surface *s = NULL;
    EXPECT_CODE(cmrt_surface2d_create(NULL, 8, 8, CM_SURFACE_FORMAT_A8, &s), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface2d_create(dev, 8, 8, CM_SURFACE_FORMAT_A8, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_buffer_create(NULL, 8, &s), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_buffer_create(dev, 8, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_destroy(NULL), CM_NULL_POINTER);

    cmrt_program *p = NULL;
    unsigned char byte = 0;
    EXPECT_CODE(cmrt_program_load(NULL, &byte, 1, &p), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_program_load(dev, NULL, 100, &p), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_program_load(dev, &byte, 1, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_program_destroy(NULL), CM_NULL_POINTER);

    cmrt_kernel *k = NULL;
    EXPECT_CODE(cmrt_kernel_create(NULL, "origin", &k), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_kernel_create(env->program, NULL, &k), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_kernel_create(env->program, "origin", NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_kernel_destroy(NULL), CM_NULL_POINTER);

    cmrt_thread_space *ts = NULL;
    EXPECT_CODE(cmrt_thread_space_create(NULL, 1, 1, &ts), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_create(dev, 1, 1, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_destroy(NULL), CM_NULL_POINTER);

    cmrt_task *t = NULL;
    cmrt_queue *q = NULL;
    EXPECT_CODE(cmrt_task_create(NULL, &t), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_task_create(dev, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_task_destroy(NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_queue_create(NULL, &q), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_queue_create(dev, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_event_destroy(NULL), CM_NULL_POINTER);
}

static void surface_calls(api_env *env)
{
    cmrt_surface *s = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 4, 4, CM_SURFACE_FORMAT_A8, &s));
    unsigned char host[16] = {0};
    cmrt_surface_index *si = NULL;
    cmrt_surface_desc desc;
    EXPECT_CODE(cmrt_surface_write(NULL, host, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_write(s, NULL, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_read(NULL, host, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_read(s, NULL, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_write_strided(NULL, host, 4, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_write_strided(s, NULL, 4, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_read_strided(NULL, host, 4, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_read_strided(s, NULL, 4, sizeof host, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_fill(NULL, 1, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_get_index(NULL, &si), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_get_index(s, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_get_desc(NULL, &desc), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_surface_get_desc(s, NULL), CM_NULL_POINTER);
    EXPECT_OK(cmrt_surface_destroy(s));
}

static void kernel_and_space_calls(api_env *env)
{
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(env->dev, 2, 2, &ts));
    int value = 1;
    int32_t dx[1] = {-1}, dy[1] = {0};
    EXPECT_CODE(cmrt_kernel_set_arg(NULL, 0, sizeof value, &value), CM_NULL_POINTER);
    /* A NULL value of the right size and index is a bad value. */
    EXPECT_CODE(cmrt_kernel_set_arg(env->add_scalar, 2, sizeof value, NULL),
                CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_kernel_set_thread_count(NULL, 4), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_kernel_associate_thread_space(NULL, ts), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_kernel_associate_thread_space(env->origin, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_select_dependency(NULL, CM_WAVEFRONT), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_set_dependency(NULL, 1, dx, dy), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, NULL, dy), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, dx, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_select_walking(NULL, CM_WALK_DEFAULT), CM_NULL_POINTER);
    EXPECT_OK(cmrt_thread_space_destroy(ts));
}

static void task_queue_event_calls(api_env *env)
{
    cmrt_task *t = NULL;
    REQUIRE_OK(cmrt_task_create(env->dev, &t));
    EXPECT_CODE(cmrt_task_add_kernel(NULL, env->origin), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_task_add_kernel(t, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_task_reset(NULL), CM_NULL_POINTER);
    cmrt_event *e = NULL;
    EXPECT_CODE(cmrt_enqueue(NULL, t, NULL, &e), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_enqueue(env->queue, NULL, NULL, &e), CM_NULL_POINTER);
    CM_STATUS status;
    uint64_t ns;
    EXPECT_CODE(cmrt_event_wait(NULL, 0), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_event_wait(NULL, CM_MAX_TIMEOUT_MS), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_event_get_status(NULL, &status), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_event_get_execution_time(NULL, &ns), CM_NULL_POINTER);

    /* A real event, NULL out-pointers. */
    cmrt_surface *out = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 2, 1, CM_SURFACE_FORMAT_R32_UINT, &out));
    cmrt_surface_index *si = NULL;
    REQUIRE_OK(cmrt_surface_get_index(out, &si));
    REQUIRE_OK(cmrt_kernel_set_arg(env->origin, 0, sizeof *si, si));
    REQUIRE_OK(cmrt_kernel_set_thread_count(env->origin, 1));
    REQUIRE_OK(cmrt_task_add_kernel(t, env->origin));
    REQUIRE_OK(cmrt_enqueue(env->queue, t, NULL, &e));
    EXPECT_OK(cmrt_event_wait(e, CM_MAX_TIMEOUT_MS));
    EXPECT_CODE(cmrt_event_get_status(e, NULL), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_event_get_execution_time(e, NULL), CM_NULL_POINTER);
    EXPECT_OK(cmrt_event_destroy(e));
    EXPECT_OK(cmrt_task_destroy(t));
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 2);
    device_calls();
    creation_calls(&env);
    surface_calls(&env);
    kernel_and_space_calls(&env);
    task_queue_event_calls(&env);
    EXPECT(strcmp(cmrt_code_name(CM_NULL_POINTER), "CM_NULL_POINTER") == 0,
           "cmrt_code_name(CM_NULL_POINTER): got \"%s\"", cmrt_code_name(CM_NULL_POINTER));
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("null_pointers_are_rejected");
}
