/*
 * rows.c - several workers on a plan whose vectors all point back in
 * raster order (CM_WAVEFRONT, CM_WAVEFRONT26, the vertical and horizontal
 * waves, custom vectors like them): each worker takes a whole row from the
 * run's cursor and runs it left to right.
 *
 * Why rows: a point's left neighbour ran just before on the same worker,
 * so what it wrote is still in that core's cache, and a row streams
 * through memory; the dispatch order's diagonals (order.c) touch a new
 * block row at every point, which made CalcIntImage 40% slower. The row
 * below follows a point or two behind. No point waits for a point after
 * it in raster order, so rows taken in order cannot deadlock.
 *
 * The limit of it (measured on a 2-vCPU EPYC VM): each point of the row
 * below waits for data just written on the other core, a cache-to-cache
 * transfer on the critical path of every point, so two workers on
 * CalcIntImage do about what one does. Bands of rows walked diagonally
 * would cross cores once a band row instead.
 *
 * Also a limit: a worker waiting in cm_wait() cannot take over a row, so
 * with every worker busy or waiting, a point that signals and then waits
 * for a dependent further along its own row waits for ever (CM's
 * dispatch order, kept by order.c for the other patterns, would run it).
 *
 * Taking a point costs no atomic read-modify-write: the owner of a row
 * stores how far it has got, then reads the limit a thief may have set
 * (fence.c's light side). Thieves exist because CM lets a point release
 * its dependents with cm_signal() and go on running: if its right
 * neighbour waited behind it in the same row, a kernel whose point waits
 * for its dependent (cm_signal_releases_early) would never finish. So a
 * worker with no row left lingers until the run ends, and takes the rest
 * of a row whose point has signalled and is still running a while later
 * (CMRT_STUCK_NS): the Cilk "THE" handshake, the thief paying the heavy
 * fence.
 */
#include <time.h>

#include "cmrt_internal.h"

/* A point still running this long after its cm_signal() gives up the rest
 * of its row. Also how often a lingering worker looks. */
#define CMRT_STUCK_NS 200000u
/* Polls of a lingering worker before it sleeps: the run usually ends
 * within a row's time. */
#define CMRT_LINGER_SPINS 4000

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* ---- segments ----------------------------------------------------------- */

static void start_segment(cmrt_batch *b, uint32_t y, uint32_t from, uint32_t to)
{
    cmrt_segment *s = &b->seg;
    pthread_mutex_lock(&s->steal_lock);
    atomic_store_explicit(&s->seq, b->run->seq, memory_order_relaxed);
    atomic_store_explicit(&s->y, y, memory_order_relaxed);
    atomic_store_explicit(&s->next, from, memory_order_relaxed);
    atomic_store_explicit(&s->limit, to, memory_order_relaxed);
    atomic_store_explicit(&s->signalled_early, 0, memory_order_relaxed);
    pthread_mutex_unlock(&s->steal_lock);
    b->x = (int32_t)from;
    b->y = (int32_t)y;
    b->in_segment = true;
}

/* Adds the points this worker ended to the run's count; the one that
 * completes it wakes the lingering workers. Both sides use sequentially
 * consistent atomics here (once a row, not once a point). */
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

/* The owner takes point x of its segment unless a thief took it: its
 * store, then the thief's limit. A thief that lowered the limit decides
 * under the lock, so on seeing a low limit the owner asks there. */
static bool take_point(cmrt_segment *s, uint32_t x)
{
    atomic_store_explicit(&s->next, x + 1, memory_order_relaxed);
    cmrt_fence_light();
    if (x < atomic_load_explicit(&s->limit, memory_order_relaxed))
        return true;
    pthread_mutex_lock(&s->steal_lock);
    bool mine = x < atomic_load_explicit(&s->limit, memory_order_relaxed);
    pthread_mutex_unlock(&s->steal_lock);
    return mine;
}

/* The thief's side, on a segment of run `seq` whose point runs after its
 * cm_signal(): a tentative limit at the owner's progress, the heavy fence,
 * then the owner's progress again; points the owner took meanwhile stay
 * its own. The points [*from, *to) of row *y are the thief's if true. */
static bool steal_tail(cmrt_segment *v, uint64_t seq, uint32_t *y, uint32_t *from,
                       uint32_t *to)
{
    bool stolen = false;
    pthread_mutex_lock(&v->steal_lock);
    /* acquire: the early point's `next` is seen with it. */
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
        *y = atomic_load_explicit(&v->y, memory_order_relaxed);
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

/* Looks at the other workers' segments; takes the rest of a row whose
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
        uint32_t y = 0, from = 0, to = 0;
        bool stolen = steal_tail(v, r->seq, &y, &from, &to);
        seen->early = 0;
        if (!stolen)
            return false;
        start_segment(b, y, from, to);
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

/* No row left: waits for the run to end, taking over stuck rows. */
static bool linger(cmrt_batch *b)
{
    cmrt_run *r = b->run;
    stuck_point seen = {0, 0, 0};
    for (uint32_t polls = 0; !run_done(r); polls++) {
        if (steal_from_stuck(b, &seen))
            return true;
        if (polls < CMRT_LINGER_SPINS)
            cpu_relax();
        else
            linger_asleep(r);
    }
    return false;
}

/* ---- the batch operations ----------------------------------------------- */

static bool claim_row(cmrt_batch *b)
{
    cmrt_run *r = b->run;
    uint64_t y = atomic_fetch_add_explicit(&r->cursor, 1, memory_order_relaxed);
    if (y >= r->height)
        return false;
    start_segment(b, (uint32_t)y, 0, r->width);
    return true;
}

static void signal_rows(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    if (t->point == CMK_NO_POINT || t->signalled)
        return;
    cmrt_signal_point(b->run, t);
    t->signalled = 1;
    /* cm_signal() itself: the point goes on running, maybe for long. */
    atomic_store_explicit(&b->seg.signalled_early, (uint32_t)t->x + 1, memory_order_release);
    b->early = true;
}

/* Ends the point t holds. */
static void end_point(cmrt_batch *b, cmk_thread *t)
{
    if (t->point == CMK_NO_POINT)
        return;
    if (!t->signalled) {
        cmrt_signal_point(b->run, t);
        t->signalled = 1;
    }
    if (b->early) {
        atomic_store_explicit(&b->seg.signalled_early, 0, memory_order_relaxed);
        b->early = false;
    }
    b->ended++;
}

static int next_rows(cmk_batch *base, cmk_thread *t)
{
    cmrt_batch *b = (cmrt_batch *)base;
    cmrt_run *r = b->run;
    end_point(b, t);
    for (;;) {
        if (b->in_segment) {
            uint32_t x = (uint32_t)b->x;
            if (x < r->width && take_point(&b->seg, x)) {
                b->x++;
                t->x = (int32_t)x;
                t->y = b->y;
                t->point = (uint32_t)b->y * r->width + x;
                t->signalled = 0;
                return 1;
            }
            b->in_segment = false;
            report_ended(b);
        }
        if (!claim_row(b) && !linger(b)) {
            t->point = CMK_NO_POINT;
            return 0;
        }
    }
}

const cmk_batch_ops cmrt_rows_ops = {next_rows, cmrt_wait_dependencies, signal_rows};
