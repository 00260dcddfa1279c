/*
 * work_outlives_its_handles.c - the habits of CM host code after Enqueue
 * (DESIGN 4.3): with the task still queued behind a busy kernel, the
 * program changes the kernel's arguments (a scalar and a surface), resets
 * and destroys the task, destroys the thread space, the kernel, the
 * program and the input surface; the task still runs with what it had at
 * enqueue and gives the right bytes, and the surface the changed argument
 * named is untouched.
 *
 * usage: work_outlives_its_handles api_kernels.isa
 */
#include <string.h>

#include "api_check.h"

#define W 16 /* bytes: 2 points of 8 */
#define H 3

static cmrt_surface *surface_with(cmrt_device *dev, unsigned char value)
{
    cmrt_surface *s = NULL;
    REQUIRE_OK(cmrt_surface2d_create(dev, W, H, CM_SURFACE_FORMAT_A8, &s));
    REQUIRE_OK(cmrt_surface_fill(s, value, NULL));
    return s;
}

static void set_surface(cmrt_kernel *k, uint32_t arg, cmrt_surface *s)
{
    cmrt_surface_index *si = NULL;
    REQUIRE_OK(cmrt_surface_get_index(s, &si));
    REQUIRE_OK(cmrt_kernel_set_arg(k, arg, sizeof *si, si));
}

static void expect_all(cmrt_surface *s, unsigned char want, const char *what)
{
    unsigned char got[W * H];
    EXPECT_OK(cmrt_surface_read(s, got, sizeof got, NULL));
    for (size_t i = 0; i < sizeof got; i++)
        if (got[i] != want) {
            EXPECT(0, "%s: byte %zu: expected %u, got %u", what, i, want, got[i]);
            return;
        }
}

int main(int argc, char **argv)
{
    const char *isa_path = argc > 1 ? argv[1] : NULL;
    api_env env;
    api_open(&env, isa_path, 2);
    int iters = api_spin_iters(&env, 150);

    /* Own program and kernel, so that both can go while the work waits. */
    api_bytes isa = api_read_file(isa_path);
    cmrt_program *program = NULL;
    cmrt_kernel *k = NULL;
    REQUIRE_OK(cmrt_program_load(env.dev, isa.data, isa.size, &program));
    memset(isa.data, 0, isa.size); /* the runtime keeps its own copy */
    free(isa.data);
    REQUIRE_OK(cmrt_kernel_create(program, "add_scalar", &k));

    cmrt_surface *in = surface_with(env.dev, 40);
    cmrt_surface *out = surface_with(env.dev, 0);
    cmrt_surface *other = surface_with(env.dev, 0);
    int value = 5;
    set_surface(k, 0, in);
    set_surface(k, 1, out);
    REQUIRE_OK(cmrt_kernel_set_arg(k, 2, sizeof value, &value));

    cmrt_surface *spin_out = NULL;
    cmrt_event *spin = NULL, *done = NULL;
    api_start_spin(&env, env.queue, iters, &spin_out, &spin);

    cmrt_task *t = NULL;
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_task_create(env.dev, &t));
    REQUIRE_OK(cmrt_task_add_kernel(t, k));
    REQUIRE_OK(cmrt_thread_space_create(env.dev, W / 8, H, &ts));
    REQUIRE_OK(cmrt_enqueue(env.queue, t, ts, &done));

    /* Everything the queued task was made from changes or goes. */
    value = 100;
    EXPECT_OK(cmrt_kernel_set_arg(k, 2, sizeof value, &value));
    set_surface(k, 1, other);
    EXPECT_OK(cmrt_task_reset(t));
    EXPECT_OK(cmrt_task_destroy(t));
    EXPECT_OK(cmrt_thread_space_destroy(ts));
    EXPECT_OK(cmrt_kernel_destroy(k));
    EXPECT_OK(cmrt_program_destroy(program));
    EXPECT_OK(cmrt_surface_destroy(in));
    CM_STATUS st = CM_STATUS_FINISHED;
    EXPECT_OK(cmrt_event_get_status(done, &st));
    if (st == CM_STATUS_FINISHED) /* the machine stalled the test */
        fprintf(stderr, "note: the task finished before its handles went\n");

    EXPECT_OK(cmrt_event_wait(done, CM_MAX_TIMEOUT_MS));
    expect_all(out, 45, "output of the enqueued run (40 + 5)");
    expect_all(other, 0, "surface named only after enqueue");

    EXPECT_OK(cmrt_event_destroy(spin));
    EXPECT_OK(cmrt_event_destroy(done));
    EXPECT_OK(cmrt_device_destroy(env.dev));
    (void)spin_out;
    return api_report("work_outlives_its_handles");
}
