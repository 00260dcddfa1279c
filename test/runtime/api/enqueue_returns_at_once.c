/*
 * enqueue_returns_at_once.c - cmrt_enqueue returns while the work runs, and
 * events report it: behind a kernel that keeps a worker busy for about
 * 300 ms, the enqueue returns in far less, the event is not FINISHED,
 * cmrt_event_wait with a short timeout returns CM_EXCEED_MAX_TIMEOUT no
 * sooner than the timeout, GetExecutionTime is CM_FAILURE, and a task
 * queued behind is QUEUED; after the wait the status is FINISHED, a wait
 * with timeout 0 succeeds, and the execution time is in nanoseconds: over
 * a millisecond (the spin takes hundreds) and no more than the wall clock
 * from enqueue to the end of the wait. The looks while the spin runs count
 * only if it was still running after the last of them; if the machine
 * stalled the test that long, it tries again with a longer spin.
 *
 * usage: enqueue_returns_at_once api_kernels.isa
 */
#include "api_check.h"

static int is_unfinished(cmrt_event *e)
{
    CM_STATUS st = CM_STATUS_FINISHED;
    EXPECT_OK(cmrt_event_get_status(e, &st));
    return st == CM_STATUS_QUEUED || st == CM_STATUS_STARTED || st == CM_STATUS_FLUSHED;
}

/* What the host sees while the spin runs; checked only if the spin was
 * still running after the last look (else the machine stalled the test). */
typedef struct while_running {
    uint64_t enqueue_ns, waited_ns;
    int spin_unfinished, behind_time_rc, spin_time_rc, wait_20_rc, wait_0_rc;
    CM_STATUS behind_status;
    uint64_t t0;
} while_running;

static int look_while_running(api_env *env, int iters, cmrt_event **spin,
                              cmrt_event **behind, while_running *w)
{
    cmrt_surface *spin_out = NULL, *behind_out = NULL;
    uint64_t ns = 0;
    w->t0 = api_now_ns();
    api_start_spin(env, env->queue, iters, &spin_out, spin);
    w->enqueue_ns = api_now_ns() - w->t0;
    w->spin_unfinished = is_unfinished(*spin);
    /* A second task, behind the spin (same kernel, another surface). */
    api_start_spin(env, env->queue, 1, &behind_out, behind);
    w->behind_time_rc = cmrt_event_get_execution_time(*behind, &ns);
    EXPECT_OK(cmrt_event_get_status(*behind, &w->behind_status));
    w->spin_time_rc = cmrt_event_get_execution_time(*spin, &ns);
    uint64_t w0 = api_now_ns();
    w->wait_20_rc = cmrt_event_wait(*spin, 20);
    w->waited_ns = api_now_ns() - w0;
    w->wait_0_rc = cmrt_event_wait(*spin, 0);
    return is_unfinished(*spin);
}

static void check_while_running(const while_running *w)
{
    EXPECT(w->enqueue_ns < 100000000u, "enqueue took %llu ns behind nothing",
           (unsigned long long)w->enqueue_ns);
    EXPECT(w->spin_unfinished, "the spin is FINISHED right after enqueue");
    EXPECT_CODE(w->behind_time_rc, CM_FAILURE);
    EXPECT(w->behind_status == CM_STATUS_QUEUED,
           "task behind a running one: expected QUEUED (0), got %d", (int)w->behind_status);
    EXPECT_CODE(w->spin_time_rc, CM_FAILURE);
    EXPECT_CODE(w->wait_20_rc, CM_EXCEED_MAX_TIMEOUT);
    EXPECT(w->waited_ns >= 20000000u, "wait(20 ms) timed out after %llu ns",
           (unsigned long long)w->waited_ns);
    EXPECT_CODE(w->wait_0_rc, CM_EXCEED_MAX_TIMEOUT);
}

static void check_after_end(cmrt_event *spin, cmrt_event *behind, uint64_t t0)
{
    CM_STATUS st = CM_STATUS_QUEUED;
    uint64_t ns = 0, behind_ns = 0;
    EXPECT_OK(cmrt_event_wait(spin, CM_MAX_TIMEOUT_MS));
    uint64_t wall = api_now_ns() - t0;
    EXPECT_OK(cmrt_event_get_status(spin, &st));
    EXPECT(st == CM_STATUS_FINISHED, "after wait: expected FINISHED (2), got %d", (int)st);
    EXPECT_OK(cmrt_event_wait(spin, 0));
    EXPECT_OK(cmrt_event_get_execution_time(spin, &ns));
    EXPECT(ns > 1000000u && ns <= wall,
           "execution time: expected nanoseconds in (1 ms, %llu], got %llu",
           (unsigned long long)wall, (unsigned long long)ns);
    EXPECT_OK(cmrt_event_wait(behind, CM_MAX_TIMEOUT_MS));
    EXPECT_OK(cmrt_event_get_execution_time(behind, &behind_ns));
    EXPECT(behind_ns > 0, "execution time of a finished task: 0 ns");
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 2);
    int iters = api_spin_iters(&env, 300);
    for (int attempt = 1;; attempt++) {
        cmrt_event *spin = NULL, *behind = NULL;
        while_running w;
        int valid = look_while_running(&env, iters, &spin, &behind, &w);
        if (valid)
            check_while_running(&w);
        else if (attempt < 3)
            fprintf(stderr, "note: the spin ended before the test looked; again, longer\n");
        else
            EXPECT(0, "the spin ended before the test looked, %d times", attempt);
        check_after_end(spin, behind, w.t0);
        EXPECT_OK(cmrt_event_destroy(spin));
        EXPECT_OK(cmrt_event_destroy(behind));
        if (valid || attempt == 3)
            break;
        iters = iters > (1 << 28) ? 1 << 30 : iters * 4;
    }
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("enqueue_returns_at_once");
}
