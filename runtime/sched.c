/*
 * sched.c - the scheduler as a running kernel sees it: cmk_batch_ops.
 *
 * Points are handed out from a shared cursor. Without dependencies the
 * cursor counts raster positions and a worker claims a chunk of them with
 * one atomic add, then walks the chunk with no shared access at all: next()
 * is a few instructions per point.
 *
 * With dependencies the cursor counts positions in the plan's dispatch
 * order (order.c), one point per claim. A point's dependencies all come
 * before it in that order, so they were handed out already: cm_wait()
 * spins briefly, then sleeps until they have signalled, and can never wait
 * for a point nobody runs. A point signals in cm_signal() or, at the
 * latest, when the next call to next() ends it.
 */
#include "cmrt_internal.h"

/* Spins before sleeping in cm_wait(): a dependency is usually a neighbour
 * finishing its last few instructions. */
#define CMRT_WAIT_SPINS 2000

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* ---- claiming ----------------------------------------------------------- */

static bool claim_chunk(cmrt_batch *b)
{
    cmrt_run *r = b->run;
    /* relaxed: the run's data was published by the pool's lock when the
     * worker joined; the cursor only divides the points. */
    uint64_t start = atomic_fetch_add_explicit(&r->cursor, r->chunk, memory_order_relaxed);
    if (start >= r->total)
        return false;
    b->cur = start;
    b->end = start + r->chunk < r->total ? start + r->chunk : r->total;
    b->x = (int32_t)(start % r->width);
    b->y = (int32_t)(start / r->width);
    return true;
}

static void no_more_points(cmk_thread *t)
{
    t->point = CMK_NO_POINT;
}

/* ---- runs without dependencies ------------------------------------------ */

static int next_free(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    if (b->cur == b->end && !claim_chunk(b)) {
        no_more_points(t);
        return 0;
    }
    t->x = b->x;
    t->y = b->y;
    t->point = (uint32_t)b->cur++;
    if (++b->x == b->width) {
        b->x = 0;
        b->y++;
    }
    return 1;
}

static void wait_free(cmk_batch *b, cmk_thread *t)
{
    (void)b;
    (void)t;
}

static void signal_free(cmk_batch *b, cmk_thread *t)
{
    (void)b;
    t->signalled = 1;
}

/* ---- runs with dependencies --------------------------------------------- */

/* Have all of p's dependencies (those before it in dispatch order)
 * signalled? seq_cst loads: with signal_point's store and sleepers count
 * they make the sleep/wake handshake below (Dekker style) sound. */
static bool dependencies_signalled(const cmrt_run *r, uint32_t p)
{
    const cmrt_plan *plan = r->plan;
    int64_t x = p % r->width, y = p / r->width;
    for (uint32_t i = 0; i < plan->deps.count; i++) {
        int64_t nx = x + plan->deps.dx[i], ny = y + plan->deps.dy[i];
        if (nx < 0 || ny < 0 || nx >= r->width || ny >= r->height)
            continue; /* outside the space: satisfied */
        uint32_t q = (uint32_t)(ny * r->width + nx);
        if (!plan->all_before && plan->pos[q] > plan->pos[p])
            continue; /* dispatched after p: no dependency */
        if (!atomic_load_explicit(&r->signalled[q], memory_order_seq_cst))
            return false;
    }
    return true;
}

static void signal_point(cmrt_run *r, uint32_t p)
{
    atomic_store_explicit(&r->signalled[p], 1, memory_order_seq_cst);
    if (atomic_load_explicit(&r->sleepers, memory_order_seq_cst)) {
        pthread_mutex_lock(&r->sleep_lock);
        pthread_cond_broadcast(&r->wake);
        pthread_mutex_unlock(&r->sleep_lock);
    }
}

static void sleep_until_signalled(cmrt_run *r, uint32_t p)
{
    pthread_mutex_lock(&r->sleep_lock);
    atomic_fetch_add_explicit(&r->sleepers, 1, memory_order_seq_cst);
    while (!dependencies_signalled(r, p))
        pthread_cond_wait(&r->wake, &r->sleep_lock);
    atomic_fetch_sub_explicit(&r->sleepers, 1, memory_order_seq_cst);
    pthread_mutex_unlock(&r->sleep_lock);
}

static void wait_ordered(cmk_batch *base, cmk_thread *t)
{
    cmrt_run *r = ((cmrt_batch *)base)->run;
    if (t->point == CMK_NO_POINT)
        return;
    for (int spin = 0; spin < CMRT_WAIT_SPINS; spin++) {
        if (dependencies_signalled(r, t->point))
            return;
        cpu_relax();
    }
    sleep_until_signalled(r, t->point);
}

static void signal_ordered(cmk_batch *base, cmk_thread *t)
{
    if (t->point == CMK_NO_POINT || t->signalled)
        return;
    signal_point(((cmrt_batch *)base)->run, t->point);
    t->signalled = 1;
}

static int next_ordered(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    cmrt_run *r = b->run;
    signal_ordered(base, t); /* ends the previous point */
    if (b->cur == b->end && !claim_chunk(b)) {
        no_more_points(t);
        return 0;
    }
    uint32_t p = r->plan->order[b->cur++];
    t->point = p;
    t->x = (int32_t)(p % r->width);
    t->y = (int32_t)(p / r->width);
    t->signalled = 0;
    return 1;
}

static const cmk_batch_ops free_ops = {next_free, wait_free, signal_free};
static const cmk_batch_ops ordered_ops = {next_ordered, wait_ordered, signal_ordered};

void cmrt_batch_begin(cmrt_batch *b, cmrt_run *r)
{
    b->base.ops = r->plan ? &ordered_ops : &free_ops;
    b->run = r;
    b->cur = b->end = 0;
    b->x = b->y = 0;
    b->width = (int32_t)r->width;
}
