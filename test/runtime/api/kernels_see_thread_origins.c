/*
 * kernels_see_thread_origins.c - every point of a thread space runs once
 * with its own get_thread_origin_x/y: over a thread space given to
 * enqueue (odd sizes, 1 and 3 workers), over the kernel's thread count (a
 * count x 1 space), over the kernel's associated thread space, and with an
 * enqueue's space taking precedence over the associated one. A kernel
 * reads its surfaces and its scalar argument (add_scalar).
 *
 * usage: kernels_see_thread_origins api_kernels.isa
 */
#include <string.h>

#include "api_check.h"

/* Runs origin over w x h via `how` and checks every (x, y) pair. */
enum how { BY_SPACE, BY_COUNT, BY_ASSOCIATION, ENQUEUE_SPACE_WINS };

static void origins(api_env *env, uint32_t w, uint32_t h, enum how how)
{
    cmrt_surface *out = NULL;
    cmrt_surface_index *si = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 2 * w, h, CM_SURFACE_FORMAT_R32_UINT, &out));
    REQUIRE_OK(cmrt_surface_fill(out, 0xff, NULL));
    REQUIRE_OK(cmrt_surface_get_index(out, &si));
    cmrt_kernel *k = NULL; /* a fresh kernel: no count or association yet */
    REQUIRE_OK(cmrt_kernel_create(env->program, "origin", &k));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof *si, si));
    cmrt_task *t = NULL;
    cmrt_thread_space *ts = NULL, *other = NULL;
    cmrt_event *e = NULL;
    REQUIRE_OK(cmrt_task_create(env->dev, &t));
    REQUIRE_OK(cmrt_task_add_kernel(t, k));
    REQUIRE_OK(cmrt_thread_space_create(env->dev, w, h, &ts));
    const cmrt_thread_space *given = NULL;
    if (how == BY_SPACE)
        given = ts;
    else if (how == BY_COUNT)
        REQUIRE_OK(cmrt_kernel_set_thread_count(k, w));
    else if (how == BY_ASSOCIATION)
        REQUIRE_OK(cmrt_kernel_associate_thread_space(k, ts));
    else {
        REQUIRE_OK(cmrt_thread_space_create(env->dev, 1, 1, &other));
        REQUIRE_OK(cmrt_kernel_associate_thread_space(k, other));
        given = ts;
    }
    REQUIRE_OK(cmrt_enqueue(env->queue, t, given, &e));
    EXPECT_OK(cmrt_event_wait(e, CM_MAX_TIMEOUT_MS));
    uint32_t *got = malloc((size_t)w * h * 8);
    EXPECT_OK(cmrt_surface_read(out, got, (size_t)w * h * 8, NULL));
    int bad = 0;
    for (uint32_t y = 0; y < h && bad < 3; y++)
        for (uint32_t x = 0; x < w && bad < 3; x++) {
            const uint32_t *p = got + (y * w + x) * 2;
            if (p[0] != x || p[1] != y) {
                bad++;
                EXPECT(0, "%ux%u (how %d): point (%u, %u) saw origin (%u, %u)", w, h, how,
                       x, y, p[0], p[1]);
            }
        }
    free(got);
    cmrt_event_destroy(e);
    cmrt_task_destroy(t);
    cmrt_thread_space_destroy(ts);
    if (other)
        cmrt_thread_space_destroy(other);
    cmrt_kernel_destroy(k);
    cmrt_surface_destroy(out);
}

static void add_scalar(api_env *env)
{
    cmrt_surface *in = NULL, *out = NULL;
    cmrt_surface_index *si_in = NULL, *si_out = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 24, 5, CM_SURFACE_FORMAT_A8, &in));
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 24, 5, CM_SURFACE_FORMAT_A8, &out));
    unsigned char bytes[24 * 5], got[24 * 5];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (unsigned char)(i * 7);
    REQUIRE_OK(cmrt_surface_write(in, bytes, sizeof bytes, NULL));
    REQUIRE_OK(cmrt_surface_get_index(in, &si_in));
    REQUIRE_OK(cmrt_surface_get_index(out, &si_out));
    int value = -3;
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 0, sizeof *si_in, si_in));
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 1, sizeof *si_out, si_out));
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 2, sizeof value, &value));
    EXPECT_OK(api_run(env, env->add_scalar, 3, 5));
    EXPECT_OK(cmrt_surface_read(out, got, sizeof got, NULL));
    for (size_t i = 0; i < sizeof got; i++)
        EXPECT(got[i] == (unsigned char)(bytes[i] - 3), "add_scalar byte %zu: expected %u, got %u",
               i, (unsigned char)(bytes[i] - 3), got[i]);
    cmrt_surface_destroy(in);
    cmrt_surface_destroy(out);
}

int main(int argc, char **argv)
{
    static const uint32_t sizes[][2] = {{1, 1}, {7, 5}, {64, 3}, {3, 100}, {129, 17}};
    static const uint32_t workers[] = {1, 3};
    for (int wi = 0; wi < 2; wi++) {
        api_env env;
        api_open(&env, argc > 1 ? argv[1] : NULL, workers[wi]);
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            origins(&env, sizes[i][0], sizes[i][1], BY_SPACE);
            origins(&env, sizes[i][0], sizes[i][1], BY_ASSOCIATION);
            origins(&env, sizes[i][0], sizes[i][1], ENQUEUE_SPACE_WINS);
            origins(&env, sizes[i][0], 1, BY_COUNT);
        }
        add_scalar(&env);
        EXPECT_OK(cmrt_device_destroy(env.dev));
    }
    return api_report("kernels_see_thread_origins");
}
