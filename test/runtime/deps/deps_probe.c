/*
 * deps_probe.c - probe kernels written by hand against cmk/abi.h, calling
 * the scheduler through cmk/kernel.h as cmc's output does, so that tests
 * can see exactly when each point's cm_wait() returned and when it
 * signalled. Built as a shared
 * module and loaded with cmrt_program_load like any program cmc writes.
 *
 * Each kernel takes one parameter: the address of the test's probe_state.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdint.h>
#include <time.h>

#include "cmk/kernel.h" /* cmk_next_point, cmk_wait, cmk_signal */
#include "deps_probe.h"

#if defined(__x86_64__) || defined(__i386__)
#define PAUSE() __builtin_ia32_pause()
#else
#define PAUSE() ((void)0)
#endif

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t tick(probe_state *s)
{
    return __atomic_fetch_add(&s->seq, 1, __ATOMIC_SEQ_CST);
}

/* A few pause loops, different per point and per call, so that workers
 * interleave differently from run to run. */
static void jitter(const probe_state *s, uint32_t point, uint32_t salt)
{
    if (!s->jitter)
        return;
    uint32_t h = (point + 1) * 2654435761u ^ salt * 40503u;
    h ^= h >> 15;
    for (uint32_t i = h % s->jitter; i; i--)
        PAUSE();
}

static void spin_for(uint64_t ns)
{
    uint64_t end = now_ns() + ns;
    while (now_ns() < end)
        PAUSE();
}

/* ---- probe_record: when each point waited and signalled ------------------ */

static void record_point(probe_state *s, cmk_batch *b, cmk_thread *t)
{
    uint32_t p = (uint32_t)t->y * s->width + (uint32_t)t->x;
    if (p != t->point || (uint32_t)t->x >= s->width || (uint32_t)t->y >= s->height) {
        __atomic_fetch_add(&s->bad_origin, 1, __ATOMIC_RELAXED);
        return;
    }
    __atomic_fetch_add(&s->runs[p], 1, __ATOMIC_RELAXED);
    s->order[__atomic_fetch_add(&s->started, 1, __ATOMIC_RELAXED)] = p;
    jitter(s, p, 1);

    uint64_t t0 = now_ns();
    cmk_wait(t);
    uint64_t waited = now_ns() - t0;
    if (s->flags & PROBE_WAIT_TWICE)
        cmk_wait(t);
    s->wait_seq[p] = tick(s);
    uint64_t prev = __atomic_load_n(&s->max_wait_ns, __ATOMIC_RELAXED);
    while (waited > prev &&
           !__atomic_compare_exchange_n(&s->max_wait_ns, &prev, waited, 1,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;

    jitter(s, p, 2);
    if (p == s->hold_point)
        spin_for(s->hold_ns);
    /* Ticked before the signal: a dependent's wait must return after it. */
    s->signal_seq[p] = tick(s);
    if (s->flags & PROBE_SIGNAL) {
        cmk_signal(t);
        if (s->flags & PROBE_SIGNAL_TWICE)
            cmk_signal(t);
        /* a batch without a signal operation has no dependents */
        if (b->ops->signal && !t->signalled)
            __atomic_fetch_add(&s->unsignalled, 1, __ATOMIC_RELAXED);
    }
}

static void probe_record(cmk_batch *b, uint64_t state)
{
    probe_state *s = (probe_state *)(uintptr_t)state;
    cmk_thread t = CMK_THREAD_INIT(b);
    while (cmk_next_point(b, &t))
        record_point(s, b, &t);
}

/* ---- probe_early: does cm_signal() release a dependent before the end? --- */

static void early_point(probe_state *s, cmk_thread *t)
{
    cmk_wait(t);
    if (t->point != 0) { /* the dependent: it got past its wait */
        __atomic_store_n(&s->flag, 1, __ATOMIC_SEQ_CST);
        return;
    }
    if (s->flags & PROBE_SIGNAL)
        cmk_signal(t);
    uint64_t end = now_ns() + s->hold_ns;
    while (!__atomic_load_n(&s->flag, __ATOMIC_SEQ_CST) && now_ns() < end)
        PAUSE();
    s->saw_flag = __atomic_load_n(&s->flag, __ATOMIC_SEQ_CST);
}

static void probe_early(cmk_batch *b, uint64_t state)
{
    probe_state *s = (probe_state *)(uintptr_t)state;
    cmk_thread t = CMK_THREAD_INIT(b);
    while (cmk_next_point(b, &t))
        early_point(s, &t);
}

/* ---- probe_mark: large CM_WAVEFRONT spaces, checked cheaply -------------- */

static int done_at(const probe_state *s, int64_t x, int64_t y)
{
    if (x < 0 || y < 0)
        return 1; /* outside the space: nothing to wait for */
    return __atomic_load_n(&s->done[y * s->width + x], __ATOMIC_ACQUIRE);
}

/* Returns the address of its frame, so the batch can see whether the
 * scheduler's calls grow the stack from point to point. */
__attribute__((noinline)) static uintptr_t mark_point(probe_state *s, cmk_thread *t,
                                                      uint64_t *violations)
{
    volatile char frame = 0;
    cmk_wait(t);
    if (!done_at(s, t->x - 1, t->y) || !done_at(s, t->x - 1, t->y - 1) ||
        !done_at(s, t->x, t->y - 1))
        ++*violations;
    __atomic_store_n(&s->done[t->point], 1, __ATOMIC_RELEASE);
    return (uintptr_t)&frame;
}

static void probe_mark(cmk_batch *b, uint64_t state)
{
    probe_state *s = (probe_state *)(uintptr_t)state;
    cmk_thread t = CMK_THREAD_INIT(b);
    uint64_t points = 0, violations = 0;
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    while (cmk_next_point(b, &t)) {
        uintptr_t f = mark_point(s, &t, &violations);
        lo = f < lo ? f : lo;
        hi = f > hi ? f : hi;
        points++;
    }
    __atomic_fetch_add(&s->points, points, __ATOMIC_RELAXED);
    __atomic_fetch_add(&s->violations, violations, __ATOMIC_RELAXED);
    uint64_t spread = points ? hi - lo : 0;
    uint64_t prev = __atomic_load_n(&s->stack_spread, __ATOMIC_RELAXED);
    while (spread > prev &&
           !__atomic_compare_exchange_n(&s->stack_spread, &prev, spread, 1,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
}

/* ---- the program ---------------------------------------------------------- */

static const cmk_param state_param[] = {
    {"state", CMK_PARAM_SCALAR, CMK_ELEM_U64, 8},
};

static const cmk_kernel_desc kernels[] = {
    {"probe_record", (void (*)(void))probe_record, 1, state_param},
    {"probe_early", (void (*)(void))probe_early, 1, state_param},
    {"probe_mark", (void (*)(void))probe_mark, 1, state_param},
};

__attribute__((visibility("default"))) const cmk_program_desc cmk_program = {
    CMK_ABI_VERSION, sizeof kernels / sizeof kernels[0], kernels,
};
