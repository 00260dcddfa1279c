/*
 * sched.c - the scheduler as a running kernel sees it: cmk_batch_ops.
 *
 * Points are handed out from a shared cursor. Without dependencies the
 * cursor counts raster positions and a worker claims a chunk of them with
 * one atomic add; next() hands out the chunk's first point and the kernel
 * walks the rest itself (cmk_batch.run_ahead, cmk_next_point), with no
 * call and no shared access per point, and no wait or signal to call.
 *
 * With dependencies and one worker, the worker walks the plan's dispatch
 * order (order.c), or raster order when every vector points back in it:
 * a point's dependencies then ran before it on the same thread, so
 * cm_wait() and cm_signal() do nothing and a point costs what it costs
 * without dependencies.
 *
 * With several workers and a plan that raster order meets, each worker
 * runs tiles of the space in raster order (tiles.c). Otherwise the cursor
 * counts positions in the dispatch order, one point per claim. A point's
 * dependencies all come before it in the order, so they were handed out:
 * cm_wait() spins briefly, then sleeps until they have signalled, and can
 * never wait for a point nobody runs. A point signals in cm_signal() or,
 * at the latest, when the next call to next() ends it: a release store,
 * which cm_wait()'s acquire loads pair with, and no fence (fence.c).
 */
#include "cmrt_internal.h"

/* Spins before sleeping in cm_wait(): a dependency is usually a neighbour
 * finishing its last few instructions. */
#define CMRT_WAIT_SPINS 2000

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

/* A chunk's first point; the kernel walks the rest itself (run_ahead). */
static int next_free(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    if (!claim_chunk(b)) {
        no_more_points(t);
        return 0;
    }
    t->x = b->x;
    t->y = b->y;
    t->point = (uint32_t)b->cur;
    base->run_ahead = (uint32_t)(b->end - b->cur - 1);
    b->cur = b->end;
    return 1;
}

/* ---- one worker with dependencies: the order alone meets them ----------- */

/* Starts the next point of the run's dispatch order on t. */
static int start_next_in_order(cmrt_batch *b, cmk_thread *t)
{
    const cmrt_run *r = b->run;
    uint32_t p = r->plan->order[b->cur++];
    t->point = p;
    t->x = (int32_t)(p % r->width);
    t->y = (int32_t)(p / r->width);
    t->signalled = 0;
    return 1;
}

static int next_solo(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    if (b->cur == b->end && !claim_chunk(b)) {
        no_more_points(t);
        return 0;
    }
    return start_next_in_order(b, t);
}

/* ---- several workers with dependencies ---------------------------------- */

/* Have all of point (x, y)'s dependencies (those before it in dispatch
 * order) signalled? Acquire loads: the dependency's writes are visible
 * once its flag is. */
static bool dependencies_signalled(const cmrt_run *r, int64_t x, int64_t y)
{
    const cmrt_plan *plan = r->plan;
    uint32_t p = (uint32_t)(y * r->width + x);
    for (uint32_t i = 0; i < plan->deps.count; i++) {
        int64_t nx = x + plan->deps.dx[i], ny = y + plan->deps.dy[i];
        if (nx < 0 || ny < 0 || nx >= r->width || ny >= r->height)
            continue; /* outside the space: satisfied */
        uint32_t q = (uint32_t)(ny * r->width + nx);
        if (!plan->all_before && plan->pos[q] > plan->pos[p])
            continue; /* dispatched after p: no dependency */
        if (!atomic_load_explicit(cmrt_flag(r, (uint64_t)nx, (uint64_t)ny), memory_order_acquire))
            return false;
    }
    return true;
}

/* The store, then the sleepers' count: fence.c's light side keeps the two
 * in order against a worker going to sleep. */
void cmrt_signal_point(cmrt_run *r, const cmk_thread *t)
{
    atomic_store_explicit(cmrt_flag(r, (uint64_t)t->x, (uint64_t)t->y), 1,
                          memory_order_release);
    cmrt_fence_light();
    if (atomic_load_explicit(&r->sleepers, memory_order_relaxed)) {
        pthread_mutex_lock(&r->sleep_lock);
        pthread_cond_broadcast(&r->wake);
        pthread_mutex_unlock(&r->sleep_lock);
    }
}

/* The count, then the flags (fence.c's heavy side between): a signal
 * either lands before the check or sees the count and wakes us. */
static void sleep_until_signalled(cmrt_run *r, int64_t x, int64_t y)
{
    pthread_mutex_lock(&r->sleep_lock);
    atomic_fetch_add_explicit(&r->sleepers, 1, memory_order_relaxed);
    cmrt_fence_heavy();
    while (!dependencies_signalled(r, x, y))
        pthread_cond_wait(&r->wake, &r->sleep_lock);
    atomic_fetch_sub_explicit(&r->sleepers, 1, memory_order_relaxed);
    pthread_mutex_unlock(&r->sleep_lock);
}

void cmrt_wait_dependencies(cmk_batch *base, cmk_thread *t)
{
    cmrt_run *r = ((cmrt_batch *)base)->run;
    if (t->point == CMK_NO_POINT)
        return;
    for (int spin = 0; spin < CMRT_WAIT_SPINS; spin++) {
        if (dependencies_signalled(r, t->x, t->y))
            return;
        cmrt_cpu_relax();
    }
    sleep_until_signalled(r, t->x, t->y);
}

static void signal_ordered(cmk_batch *base, cmk_thread *t)
{
    if (t->point == CMK_NO_POINT || t->signalled)
        return;
    cmrt_signal_point(((cmrt_batch *)base)->run, t);
    t->signalled = 1;
}

/* Claims the next point: one at a time, since a point claimed behind a
 * blocked one would wait with it. relaxed: as claim_chunk. */
static bool claim_ordered(cmrt_batch *b)
{
    cmrt_run *r = b->run;
    uint64_t start = atomic_fetch_add_explicit(&r->cursor, 1, memory_order_relaxed);
    if (start >= r->total)
        return false;
    b->cur = start;
    b->end = start + 1;
    return true;
}

static int next_ordered(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    signal_ordered(base, t); /* ends the previous point */
    if (b->cur == b->end && !claim_ordered(b)) {
        no_more_points(t);
        return 0;
    }
    return start_next_in_order(b, t);
}

/* Points that wait for nothing (no dependencies, or one worker walking
 * an order that meets them): no wait or signal to call. */
static const cmk_batch_ops free_ops = {next_free, NULL, NULL};
static const cmk_batch_ops solo_ops = {next_solo, NULL, NULL};
static const cmk_batch_ops ordered_ops = {next_ordered, cmrt_wait_dependencies,
                                          signal_ordered};

static const cmk_batch_ops *ops_for(const cmrt_run *r)
{
    if (!r->plan)
        return &free_ops;
    /* One worker: raster order where it meets every vector (the space is
     * walked like one without dependencies), else the dispatch order. */
    if (r->solo)
        return r->plan->raster_ok ? &free_ops : &solo_ops;
    /* Several: by tiles where raster order meets every vector (tiles.c). */
    return r->plan->raster_ok ? &cmrt_tiles_ops : &ordered_ops;
}

void cmrt_batch_begin(cmrt_batch *b, cmrt_run *r)
{
    b->base.ops = ops_for(r);
    b->base.run_ahead = 0;
    b->base.width = (int32_t)r->width;
    b->run = r;
    b->cur = b->end = 0;
    b->x = b->y = 0;
    b->in_segment = b->early = false;
    b->ended = 0;
}
