/*
 * tiles.c - several workers on a plan whose vectors all point back in
 * raster order (CM_WAVEFRONT, CM_WAVEFRONT26, the vertical and horizontal
 * waves, custom vectors like them): the space is cut into tiles, taken
 * from the run's cursor in order, and each worker walks its tile in raster
 * order, so a point's left and upper neighbours in the tile ran just
 * before on the same core and what they wrote is still in its cache.
 *
 * The tiles: where some vector points up and none points right
 * (CM_WAVEFRONT, CM_HORIZONTAL_WAVE), strips of whole columns, one
 * per worker. The strip to the right follows its left neighbour a row
 * behind, and the cores meet once a strip row, at its first point: with
 * CalcIntImage's 120-point rows and 2 workers, every 60th point. Elsewhere
 * whole rows: the row below follows a point behind, so every point of it
 * waits for data just written on the other core (measured on a 2-vCPU
 * EPYC VM: two workers did CalcIntImage at 0.8-0.9x of one by rows; bands
 * of 4 rows walked by columns, the cores meeting once a band column, were
 * worse, 0.6x: a column walk loses the caches' and prefetchers' streams).
 * Rows stay for vectors pointing up and right (CM_WAVEFRONT26), where the
 * strip to the left would wait for the one to its right, and for vectors
 * that never point up (CM_VERTICAL_WAVE), whose rows are independent.
 *
 * Why it cannot deadlock: a point depends on points before it in raster
 * order. In a tile, those come before it in the walk; outside, they lie in
 * tiles before it in the cursor's order (strips: to the left, since no
 * vector points right; rows: above), taken earlier. So the lowest tile
 * still running never waits for a point nobody runs.
 *
 * A limit: a worker waiting in cm_wait() cannot take over a tile, so with
 * every worker busy or waiting, a point that signals and then waits for a
 * dependent further along its own tile waits for ever (CM's dispatch
 * order, kept by order.c for the other patterns, would run it).
 *
 * Taking a point costs no atomic read-modify-write: the owner of a tile
 * stores how far it has got, then reads the limit a thief may have set
 * (fence.c's light side). Thieves exist because CM lets a point release
 * its dependents with cm_signal() and go on running: if a dependent waited
 * behind it in the same tile, a kernel whose point waits for its
 * dependent (cm_signal_releases_early) would never finish. So a worker
 * with no tile left lingers until the run ends, and takes the rest of a
 * tile whose point has signalled and is still running a while later
 * (CMRT_STUCK_NS): the Cilk "THE" handshake, the thief paying the heavy
 * fence.
 */
#include <time.h>

#include "cmrt_internal.h"

/* A point still running this long after its cm_signal() gives up the rest
 * of its tile. Also how often a lingering worker looks. */
#define CMRT_STUCK_NS 200000u
/* Polls of a lingering worker before it sleeps: the run usually ends
 * within a strip row's time. */
#define CMRT_LINGER_SPINS 4000
/* Strips per worker: more would let a worker that joins late share the
 * work, fewer meet the other cores less often. One: two workers on
 * CalcIntImage measured 0.82-0.88x of one at 1080p and 1.10-1.19x at 4K
 * with one strip each, against 0.51-0.83x and 0.95-0.99x with two (paired
 * runs, one process; a late worker still takes the second strip, or the
 * first worker does). */
#define CMRT_STRIPS_PER_WORKER 1

/* ---- the tiles of a run ------------------------------------------------- */

void cmrt_tiles_plan(cmrt_run *r, uint32_t nworkers)
{
    const cmrt_deps *d = &r->plan->deps;
    bool up = false, right = false;
    uint32_t left = 0;
    for (uint32_t i = 0; i < d->count; i++) {
        up = up || d->dy[i] < 0;
        right = right || d->dx[i] > 0;
        if (d->dx[i] < 0 && (uint32_t)-(int64_t)d->dx[i] > left)
            left = (uint32_t)-(int64_t)d->dx[i];
    }
    r->strips = up && !right;
    if (!r->strips) {
        r->tiles = r->height;
        r->reach = up ? r->width : 0; /* a row waits for the row above */
        return;
    }
    r->reach = left;
    uint64_t n = (uint64_t)nworkers * CMRT_STRIPS_PER_WORKER;
    r->tiles = (uint32_t)(n < r->width ? n : r->width);
}

/* Tile i's rectangle: [*x0, *x1) x [*y0, *y1). */
static void tile_rect(const cmrt_run *r, uint32_t i, uint32_t *x0, uint32_t *x1, uint32_t *y0,
                      uint32_t *y1)
{
    if (r->strips) {
        *x0 = (uint32_t)((uint64_t)i * r->width / r->tiles);
        *x1 = (uint32_t)((uint64_t)(i + 1) * r->width / r->tiles);
        *y0 = 0;
        *y1 = r->height;
    } else {
        *x0 = 0;
        *x1 = r->width;
        *y0 = i;
        *y1 = i + 1;
    }
}

/* ---- segments ----------------------------------------------------------- */

static void start_segment(cmrt_batch *b, uint32_t tile, uint32_t from, uint32_t to)
{
    cmrt_segment *s = &b->seg;
    cmrt_run *r = b->run;
    pthread_mutex_lock(&s->steal_lock);
    atomic_store_explicit(&s->seq, r->seq, memory_order_relaxed);
    atomic_store_explicit(&s->tile, tile, memory_order_relaxed);
    atomic_store_explicit(&s->next, from, memory_order_relaxed);
    atomic_store_explicit(&s->limit, to, memory_order_relaxed);
    atomic_store_explicit(&s->signalled_early, 0, memory_order_relaxed);
    pthread_mutex_unlock(&s->steal_lock);
    uint32_t y1;
    tile_rect(r, tile, &b->left, &b->right, &b->top, &y1);
    uint32_t w = b->right - b->left;
    b->step = from;
    b->end_step = to;
    b->x = (int32_t)(b->left + from % w);
    b->y = (int32_t)(b->top + from / w);
    b->in_segment = true;
}

/* Adds the points this worker ended to the run's count; the one that
 * completes it wakes the lingering workers. Both sides use sequentially
 * consistent atomics here (once a tile, not once a point). */
static void report_ended(cmrt_batch *b)
{
    cmrt_run *r = b->run;
    if (!b->ended)
        return;
    uint64_t done = atomic_fetch_add(&r->done_points, b->ended) + b->ended;
    b->ended = 0;
    if (done == r->total && atomic_load(&r->lingerers)) {
        pthread_mutex_lock(&r->sleep_lock);
        pthread_cond_broadcast(&r->wake);
        pthread_mutex_unlock(&r->sleep_lock);
    }
}

/* The owner takes step i of its segment unless a thief took it: its
 * store, then the thief's limit. A thief that lowered the limit decides
 * under the lock, so on seeing a low limit the owner asks there. */
static bool take_step(cmrt_segment *s, uint32_t i)
{
    atomic_store_explicit(&s->next, i + 1, memory_order_relaxed);
    cmrt_fence_light();
    if (i < atomic_load_explicit(&s->limit, memory_order_relaxed))
        return true;
    pthread_mutex_lock(&s->steal_lock);
    bool mine = i < atomic_load_explicit(&s->limit, memory_order_relaxed);
    pthread_mutex_unlock(&s->steal_lock);
    return mine;
}

/* The thief's side, on a segment of run `seq` whose point runs after its
 * cm_signal(): a tentative limit at the owner's progress, the heavy fence,
 * then the owner's progress again; steps the owner took meanwhile stay
 * its own. The steps [*from, *to) of tile *tile are the thief's if true. */
static bool steal_tail(cmrt_segment *v, uint64_t seq, uint32_t *tile, uint32_t *from,
                       uint32_t *to)
{
    bool stolen = false;
    pthread_mutex_lock(&v->steal_lock);
    /* acquire: the early point's `next` is seen with it, and what the
     * owner's points before it wrote. */
    bool early = atomic_load_explicit(&v->signalled_early, memory_order_acquire) != 0;
    uint32_t limit = atomic_load_explicit(&v->limit, memory_order_relaxed);
    uint32_t seen = atomic_load_explicit(&v->next, memory_order_relaxed);
    if (early && atomic_load_explicit(&v->seq, memory_order_relaxed) == seq && seen < limit) {
        atomic_store_explicit(&v->limit, seen, memory_order_relaxed);
        cmrt_fence_heavy();
        uint32_t now = atomic_load_explicit(&v->next, memory_order_relaxed);
        uint32_t first = now > seen ? now : seen;
        stolen = first < limit;
        atomic_store_explicit(&v->limit, stolen ? first : limit, memory_order_relaxed);
        *tile = atomic_load_explicit(&v->tile, memory_order_relaxed);
        *from = first;
        *to = limit;
    }
    pthread_mutex_unlock(&v->steal_lock);
    return stolen;
}

/* ---- a lingering worker ------------------------------------------------- */

/* A point seen running after its cm_signal(): which worker, which point. */
typedef struct stuck_point {
    uint32_t worker;
    uint32_t early; /* the segment's signalled_early; 0: none seen */
    uint64_t since_ns;
} stuck_point;

/* Looks at the other workers' segments; takes the rest of a tile whose
 * point has been running after its cm_signal() for CMRT_STUCK_NS. */
static bool steal_from_stuck(cmrt_batch *b, stuck_point *seen)
{
    cmrt_run *r = b->run;
    cmrt_pool *pool = r->pool;
    for (uint32_t i = 0; i < pool->nworkers; i++) {
        cmrt_segment *v = &pool->workers[i].batch.seg;
        if (i == b->worker || atomic_load_explicit(&v->seq, memory_order_relaxed) != r->seq)
            continue;
        uint32_t early = atomic_load_explicit(&v->signalled_early, memory_order_relaxed);
        if (!early)
            continue;
        uint64_t now = cmrt_now_ns();
        if (seen->worker != i || seen->early != early) {
            *seen = (stuck_point){i, early, now};
            return false;
        }
        if (now - seen->since_ns < CMRT_STUCK_NS)
            return false;
        uint32_t tile = 0, from = 0, to = 0;
        bool stolen = steal_tail(v, r->seq, &tile, &from, &to);
        seen->early = 0;
        if (!stolen)
            return false;
        start_segment(b, tile, from, to);
        return true;
    }
    seen->early = 0;
    return false;
}

static bool run_done(cmrt_run *r)
{
    return atomic_load(&r->done_points) == r->total;
}

/* Sleeps until the run ends or CMRT_STUCK_NS passes. */
static void linger_asleep(cmrt_run *r)
{
    uint64_t deadline = cmrt_now_ns() + CMRT_STUCK_NS;
    struct timespec ts = {(time_t)(deadline / 1000000000u), (long)(deadline % 1000000000u)};
    pthread_mutex_lock(&r->sleep_lock);
    atomic_fetch_add(&r->lingerers, 1);
    while (!run_done(r) && cmrt_now_ns() < deadline)
        pthread_cond_timedwait(&r->wake, &r->sleep_lock, &ts);
    atomic_fetch_sub(&r->lingerers, 1);
    pthread_mutex_unlock(&r->sleep_lock);
}

/* No tile left: waits for the run to end, taking over stuck tiles. */
static bool linger(cmrt_batch *b)
{
    cmrt_run *r = b->run;
    stuck_point seen = {0, 0, 0};
    for (uint32_t polls = 0; !run_done(r); polls++) {
        if (steal_from_stuck(b, &seen))
            return true;
        if (polls < CMRT_LINGER_SPINS)
            cmrt_cpu_relax();
        else
            linger_asleep(r);
    }
    return false;
}

/* ---- the batch operations ----------------------------------------------- */

static bool claim_tile(cmrt_batch *b)
{
    cmrt_run *r = b->run;
    uint64_t tile = atomic_fetch_add_explicit(&r->cursor, 1, memory_order_relaxed);
    if (tile >= r->tiles)
        return false;
    uint32_t x0, x1, y0, y1;
    tile_rect(r, (uint32_t)tile, &x0, &x1, &y0, &y1);
    start_segment(b, (uint32_t)tile, 0, (x1 - x0) * (y1 - y0));
    return true;
}

/* Does some point that waits (wait_tiles) depend on t? Those outside t's
 * tile, and those in it near its left edge, which wait for all their
 * dependencies: to their left (strips) or above (rows). */
static bool needed_by_waiters(const cmrt_batch *b, const cmk_thread *t)
{
    uint32_t reach = b->run->reach;
    return b->right - (uint32_t)t->x <= reach || (uint32_t)t->x - b->left < reach;
}

/* Does t depend on some point outside its tile? The others depend only on
 * points before them in the tile: this worker's, ended, or a thief's
 * victim's, ended or signalled (the thief's acquire of signalled_early saw
 * what they wrote). */
static void wait_tiles(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    if (t->point != CMK_NO_POINT && (uint32_t)t->x - b->left < b->run->reach)
        cmrt_wait_dependencies(base, t);
}

static void signal_tiles(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    if (t->point == CMK_NO_POINT || t->signalled)
        return;
    if (needed_by_waiters(b, t))
        cmrt_signal_point(b->run, t);
    t->signalled = 1;
    /* cm_signal() itself: the point goes on running, maybe for long.
     * b->step is its step + 1. */
    atomic_store_explicit(&b->seg.signalled_early, b->step, memory_order_release);
    b->early = true;
}

/* Ends the point t holds. */
static void end_point(cmrt_batch *b, cmk_thread *t)
{
    if (t->point == CMK_NO_POINT)
        return;
    if (!t->signalled) {
        if (needed_by_waiters(b, t))
            cmrt_signal_point(b->run, t);
        t->signalled = 1;
    }
    if (b->early) {
        atomic_store_explicit(&b->seg.signalled_early, 0, memory_order_relaxed);
        b->early = false;
    }
    b->ended++;
}

static int next_tiles(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    cmrt_run *r = b->run;
    end_point(b, t);
    for (;;) {
        if (b->in_segment) {
            if (b->step < b->end_step && take_step(&b->seg, b->step)) {
                t->x = b->x;
                t->y = b->y;
                t->point = (uint32_t)b->y * r->width + (uint32_t)b->x;
                t->signalled = 0;
                b->step++;
                if ((uint32_t)++b->x == b->right) {
                    b->x = (int32_t)b->left;
                    b->y++;
                }
                return 1;
            }
            b->in_segment = false;
            report_ended(b);
        }
        if (!claim_tile(b) && !linger(b)) {
            t->point = CMK_NO_POINT;
            return 0;
        }
    }
}

const cmk_batch_ops cmrt_tiles_ops = {next_tiles, wait_tiles, signal_tiles};
