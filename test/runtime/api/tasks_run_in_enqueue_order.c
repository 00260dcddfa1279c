/*
 * tasks_run_in_enqueue_order.c - tasks on a queue run in enqueue order:
 * a chain of tasks each reading what the one before wrote (A -> B -> A
 * ...), enqueued without waiting, behind a busy kernel, gives the sum of
 * all their increments; the kernels of one task run in the order they were
 * added; two queues each get their work done in order, and the events of
 * both report FINISHED.
 *
 * usage: tasks_run_in_enqueue_order api_kernels.isa
 */
#include "api_check.h"

#define W 32
#define H 6
#define CHAIN 40

static void set_add(cmrt_kernel *k, cmrt_surface *in, cmrt_surface *out, int value)
{
    cmrt_surface_index *si_in = NULL, *si_out = NULL;
    REQUIRE_OK(cmrt_surface_get_index(in, &si_in));
    REQUIRE_OK(cmrt_surface_get_index(out, &si_out));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof *si_in, si_in));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 1, sizeof *si_out, si_out));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 2, sizeof value, &value));
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

/* CHAIN tasks ping-ponging between a and b on the given queues in turn;
 * task i adds i + 1. Returns the event of the last. */
static cmrt_event *chain(api_env *env, cmrt_queue **queues, int nqueues, cmrt_surface *a,
                         cmrt_surface *b)
{
    cmrt_event *last = NULL;
    for (int i = 0; i < CHAIN; i++) {
        if (last)
            cmrt_event_destroy(last);
        set_add(env->add_scalar, i % 2 ? b : a, i % 2 ? a : b, i + 1);
        REQUIRE_OK(api_enqueue(env, queues[i % nqueues], env->add_scalar, W / 8, H, &last));
    }
    return last;
}

static void one_queue(api_env *env, int iters)
{
    cmrt_surface *a = NULL, *b = NULL, *spin_out = NULL;
    cmrt_event *spin = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &a));
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &b));
    api_start_spin(env, env->queue, iters, &spin_out, &spin);
    cmrt_event *last = chain(env, &env->queue, 1, a, b);
    EXPECT_OK(cmrt_event_wait(last, CM_MAX_TIMEOUT_MS));
    /* CHAIN is even: the last task wrote a; 1 + 2 + ... + CHAIN. */
    expect_all(a, (unsigned char)(CHAIN * (CHAIN + 1) / 2), "one queue, chain");
    cmrt_event_destroy(last);
    cmrt_event_destroy(spin);
    cmrt_surface_destroy(a);
    cmrt_surface_destroy(b);
    cmrt_surface_destroy(spin_out);
}

static void two_queues(api_env *env)
{
    cmrt_queue *queues[2] = {env->queue, NULL};
    REQUIRE_OK(cmrt_queue_create(env->dev, &queues[1]));
    cmrt_surface *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &a));
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &b));
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &c));
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &d));
    /* Alternating queues, one chain; then each queue its own chain. */
    cmrt_event *last = chain(env, queues, 2, a, b);
    cmrt_event *first_q = chain(env, &queues[0], 1, c, d);
    EXPECT_OK(cmrt_event_wait(last, CM_MAX_TIMEOUT_MS));
    expect_all(a, (unsigned char)(CHAIN * (CHAIN + 1) / 2), "two queues, one chain");
    REQUIRE_OK(cmrt_surface_fill(a, 0, NULL));
    REQUIRE_OK(cmrt_surface_fill(b, 0, NULL));
    cmrt_event *second_q = chain(env, &queues[1], 1, b, a);
    EXPECT_OK(cmrt_event_wait(second_q, CM_MAX_TIMEOUT_MS));
    EXPECT_OK(cmrt_event_wait(first_q, CM_MAX_TIMEOUT_MS));
    expect_all(c, (unsigned char)(CHAIN * (CHAIN + 1) / 2), "first queue's chain");
    expect_all(b, (unsigned char)(CHAIN * (CHAIN + 1) / 2), "second queue's chain");
    CM_STATUS st = CM_STATUS_QUEUED;
    EXPECT_OK(cmrt_event_get_status(first_q, &st));
    EXPECT(st == CM_STATUS_FINISHED, "first queue: expected FINISHED, got %d", (int)st);
    EXPECT_OK(cmrt_event_get_status(second_q, &st));
    EXPECT(st == CM_STATUS_FINISHED, "second queue: expected FINISHED, got %d", (int)st);
    cmrt_event_destroy(last);
    cmrt_event_destroy(first_q);
    cmrt_event_destroy(second_q);
    cmrt_surface_destroy(a);
    cmrt_surface_destroy(b);
    cmrt_surface_destroy(c);
    cmrt_surface_destroy(d);
}

/* One task, kernels a->b (+1), b->a (+2), a->b (+4): in order, b = a0 + 7. */
static void kernels_of_a_task(api_env *env)
{
    cmrt_surface *a = NULL, *b = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &a));
    REQUIRE_OK(cmrt_surface2d_create(env->dev, W, H, CM_SURFACE_FORMAT_A8, &b));
    REQUIRE_OK(cmrt_surface_fill(a, 100, NULL));
    cmrt_task *t = NULL;
    cmrt_thread_space *ts = NULL;
    cmrt_event *e = NULL;
    REQUIRE_OK(cmrt_task_create(env->dev, &t));
    REQUIRE_OK(cmrt_thread_space_create(env->dev, W / 8, H, &ts));
    static const int adds[3] = {1, 2, 4};
    for (int i = 0; i < 3; i++) {
        cmrt_kernel *k = NULL;
        REQUIRE_OK(cmrt_kernel_create(env->program, "add_scalar", &k));
        set_add(k, i % 2 ? b : a, i % 2 ? a : b, adds[i]);
        REQUIRE_OK(cmrt_task_add_kernel(t, k));
        REQUIRE_OK(cmrt_kernel_destroy(k)); /* the task holds it */
    }
    REQUIRE_OK(cmrt_enqueue(env->queue, t, ts, &e));
    EXPECT_OK(cmrt_event_wait(e, CM_MAX_TIMEOUT_MS));
    expect_all(b, 107, "three kernels in one task");
    cmrt_event_destroy(e);
    cmrt_task_destroy(t);
    cmrt_thread_space_destroy(ts);
    cmrt_surface_destroy(a);
    cmrt_surface_destroy(b);
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 2);
    int iters = api_spin_iters(&env, 50);
    one_queue(&env, iters);
    two_queues(&env);
    kernels_of_a_task(&env);
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("tasks_run_in_enqueue_order");
}
