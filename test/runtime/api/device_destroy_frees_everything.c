/*
 * device_destroy_frees_everything.c - cmrt_device_destroy with everything
 * still alive and work in flight: programs, kernels (with arguments and an
 * associated thread space), surfaces, buffers, thread spaces with
 * dependency patterns, tasks, two queues, events the program never
 * destroyed, and tasks still queued behind a busy kernel. It returns
 * CM_SUCCESS after the work has run, crashes nothing, and frees it all:
 * under ASan the leak check at exit is the proof. Many small devices
 * come and go in a loop too (their workers are joined).
 *
 * usage: device_destroy_frees_everything api_kernels.isa
 */
#include "api_check.h"

/* Loads everything onto env's device, enqueues, and does not clean up. */
static void leave_everything_alive(api_env *env, const char *isa_path, int iters)
{
    api_bytes isa = api_read_file(isa_path);
    cmrt_program *second = NULL;
    REQUIRE_OK(cmrt_program_load(env->dev, isa.data, isa.size, &second));
    free(isa.data);
    cmrt_kernel *k = NULL;
    REQUIRE_OK(cmrt_kernel_create(second, "add_scalar", &k));

    cmrt_surface *a = NULL, *b = NULL, *buf = NULL, *spin_out = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 64, 8, CM_SURFACE_FORMAT_A8, &a));
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 64, 8, CM_SURFACE_FORMAT_A8, &b));
    REQUIRE_OK(cmrt_buffer_create(env->dev, 4096, &buf));
    cmrt_surface_index *si_a = NULL, *si_b = NULL;
    REQUIRE_OK(cmrt_surface_get_index(a, &si_a));
    REQUIRE_OK(cmrt_surface_get_index(b, &si_b));
    int value = 1;
    REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof *si_a, si_a));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 1, sizeof *si_b, si_b));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 2, sizeof value, &value));

    cmrt_thread_space *plain = NULL, *wave = NULL;
    REQUIRE_OK(cmrt_thread_space_create(env->dev, 8, 8, &plain));
    REQUIRE_OK(cmrt_thread_space_create(env->dev, 8, 8, &wave));
    REQUIRE_OK(cmrt_thread_space_select_dependency(wave, CM_WAVEFRONT26));
    REQUIRE_OK(cmrt_kernel_associate_thread_space(k, plain));

    cmrt_queue *q2 = NULL;
    REQUIRE_OK(cmrt_queue_create(env->dev, &q2));
    cmrt_event *spin = NULL, *e1 = NULL, *e2 = NULL;
    api_start_spin(env, env->queue, iters, &spin_out, &spin);
    cmrt_task *t1 = NULL, *t2 = NULL;
    REQUIRE_OK(cmrt_task_create(env->dev, &t1));
    REQUIRE_OK(cmrt_task_create(env->dev, &t2));
    REQUIRE_OK(cmrt_task_add_kernel(t1, k));
    REQUIRE_OK(cmrt_task_add_kernel(t1, k));
    REQUIRE_OK(cmrt_task_add_kernel(t2, k));
    REQUIRE_OK(cmrt_enqueue(env->queue, t1, wave, &e1));
    REQUIRE_OK(cmrt_enqueue(q2, t2, NULL, &e2));
    REQUIRE_OK(cmrt_enqueue(q2, t2, wave, NULL));
}

static void devices_come_and_go(void)
{
    for (uint32_t i = 0; i < 20; i++) {
        cmrt_device_options opt = {1 + i % 4};
        cmrt_device *dev = NULL;
        cmrt_surface *s = NULL;
        REQUIRE_OK(cmrt_device_create(&opt, &dev));
        EXPECT_OK(cmrt_surface2d_create(dev, 8, 8, CM_SURFACE_FORMAT_A8, &s));
        EXPECT_OK(cmrt_device_destroy(dev));
    }
}

int main(int argc, char **argv)
{
    const char *isa_path = argc > 1 ? argv[1] : NULL;
    for (uint32_t workers = 1; workers <= 3; workers += 2) {
        api_env env;
        api_open(&env, isa_path, workers);
        int iters = api_spin_iters(&env, 50);
        leave_everything_alive(&env, isa_path, iters);
        EXPECT_OK(cmrt_device_destroy(env.dev));
    }
    devices_come_and_go();
    return api_report("device_destroy_frees_everything");
}
