/*
 * read_waits_for_event.c - a host copy never sees a half-done kernel:
 * ReadSurface(data, event) waits for the event first and gets the kernel's
 * output (behind a busy kernel, so the task is certainly unfinished when
 * the read is called); a read without an event still waits for the runs
 * using the surface; write and fill with an event wait before changing
 * the surface, so the kernel read the old bytes.
 *
 * usage: read_waits_for_event api_kernels.isa
 */
#include <string.h>

#include "api_check.h"

#define W 64
#define H 4

static cmrt_event *enqueue_add(api_env *env, cmrt_surface *in, cmrt_surface *out, int value)
{
    cmrt_surface_index *si_in = NULL, *si_out = NULL;
    REQUIRE_OK(cmrt_surface_get_index(in, &si_in));
    REQUIRE_OK(cmrt_surface_get_index(out, &si_out));
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 0, sizeof *si_in, si_in));
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 1, sizeof *si_out, si_out));
    REQUIRE_OK(cmrt_kernel_set_arg(env->add_scalar, 2, sizeof value, &value));
    cmrt_event *e = NULL;
    REQUIRE_OK(api_enqueue(env, env->queue, env->add_scalar, W / 8, H, &e));
    return e;
}

static void expect_all(const unsigned char *got, unsigned char want, const char *what)
{
    for (size_t i = 0; i < W * H; i++)
        if (got[i] != want) {
            EXPECT(0, "%s: byte %zu: expected %u, got %u", what, i, want, got[i]);
            return;
        }
}

static int finished(cmrt_event *e)
{
    CM_STATUS st = CM_STATUS_QUEUED;
    EXPECT_OK(cmrt_event_get_status(e, &st));
    return st == CM_STATUS_FINISHED;
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 2);
    int iters = api_spin_iters(&env, 100);
    cmrt_surface *in = NULL, *out = NULL, *spin_out = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env.dev, W, H, CM_SURFACE_FORMAT_A8, &in));
    REQUIRE_OK(cmrt_surface2d_create(env.dev, W, H, CM_SURFACE_FORMAT_A8, &out));
    unsigned char got[W * H];
    cmrt_event *spin = NULL, *e = NULL;

    /* Read with the event. */
    REQUIRE_OK(cmrt_surface_fill(in, 1, NULL));
    api_start_spin(&env, env.queue, iters, &spin_out, &spin);
    e = enqueue_add(&env, in, out, 1);
    if (finished(e)) /* the machine stalled the test: weaker, not wrong */
        fprintf(stderr, "note: the task finished before the read was called\n");
    EXPECT_OK(cmrt_surface_read(out, got, sizeof got, e));
    EXPECT(finished(e), "read with an event returned before the event finished");
    expect_all(got, 2, "read with the event");
    cmrt_event_destroy(e);
    cmrt_event_destroy(spin);
    cmrt_surface_destroy(spin_out);

    /* Read without the event: still after the kernel. */
    api_start_spin(&env, env.queue, iters, &spin_out, &spin);
    e = enqueue_add(&env, out, out, 10); /* in place: 2 + 10 */
    EXPECT_OK(cmrt_surface_read(out, got, sizeof got, NULL));
    expect_all(got, 12, "read without an event");
    EXPECT(finished(e), "read returned while the kernel used the surface");
    cmrt_event_destroy(e);
    cmrt_event_destroy(spin);
    cmrt_surface_destroy(spin_out);

    /* Write and fill with the event: the kernel reads the old bytes. */
    api_start_spin(&env, env.queue, iters, &spin_out, &spin);
    e = enqueue_add(&env, in, out, 5); /* in holds 1 */
    memset(got, 200, sizeof got);
    EXPECT_OK(cmrt_surface_write(in, got, sizeof got, e));
    EXPECT_OK(cmrt_surface_read(out, got, sizeof got, NULL));
    expect_all(got, 6, "kernel output with a write queued after it");
    cmrt_event_destroy(e);
    cmrt_event_destroy(spin);
    cmrt_surface_destroy(spin_out);
    api_start_spin(&env, env.queue, iters, &spin_out, &spin);
    e = enqueue_add(&env, in, out, 1); /* in holds 200 */
    EXPECT_OK(cmrt_surface_fill(in, 0, e));
    EXPECT_OK(cmrt_surface_read(out, got, sizeof got, e));
    expect_all(got, 201, "kernel output with a fill queued after it");
    cmrt_event_destroy(e);
    cmrt_event_destroy(spin);

    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("read_waits_for_event");
}
