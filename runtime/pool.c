/*
 * pool.c - the device's worker threads and the work they take.
 *
 * Executions (one per enqueue: the task's runs, in order) wait in a FIFO.
 * The pool publishes one run at a time as `current`; every worker joins it
 * once, calling the kernel's entry, which takes points until none are
 * left. The last worker to leave a run ends it: it moves to the run's
 * successor, or ends the execution (its event) and starts the next one.
 * What ended is freed after the lock is dropped, since freeing releases
 * objects, and that takes the device's lock.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmrt_internal.h"

static void publish_locked(cmrt_pool *pool, cmrt_run *r)
{
    r->seq = ++pool->next_seq;
    pool->current = r;
    cmrt_profile_run_started(pool->profile, r);
    pthread_cond_broadcast(&pool->work);
}

static void start_exec_locked(cmrt_pool *pool, cmrt_exec *e)
{
    if (e->event) {
        e->event->start_ns = cmrt_now_ns();
        e->event->status = CM_STATUS_STARTED;
    }
    publish_locked(pool, e->runs);
}

/* What a finished run leaves to free outside the lock. */
typedef struct leftovers {
    cmrt_run *run;
    cmrt_exec *exec;
} leftovers;

/* The current run has ended: go on to the next run of its execution, or
 * end the execution and start the next one. */
static leftovers end_current_run_locked(cmrt_pool *pool)
{
    leftovers done = {pool->current, NULL};
    cmrt_exec *e = pool->head;
    cmrt_profile_run_ended(pool->profile, done.run);
    cmrt_run_release_surfaces_locked(done.run);
    e->runs = done.run->next_in_exec;
    pool->current = NULL;
    if (e->runs) {
        publish_locked(pool, e->runs);
    } else {
        if (e->event) {
            e->event->end_ns = cmrt_now_ns();
            e->event->status = CM_STATUS_FINISHED;
        }
        pool->head = e->next;
        if (!pool->head)
            pool->tail = NULL;
        done.exec = e;
        if (pool->head)
            start_exec_locked(pool, pool->head);
    }
    pthread_cond_broadcast(&pool->done);
    return done;
}

static void free_leftovers(leftovers done)
{
    if (done.run)
        cmrt_run_free(done.run);
    if (done.exec) {
        if (done.exec->event)
            CMRT_RELEASE(done.exec->event);
        free(done.exec);
    }
}

/* Does the worker have a run to join: one it has not joined yet? */
static bool has_new_run_locked(const cmrt_pool *pool, const cmrt_worker *w)
{
    return pool->current && pool->current->seq != w->last_seq;
}

static void *worker_main(void *arg)
{
    cmrt_worker *w = arg;
    cmrt_pool *pool = w->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stopping && !has_new_run_locked(pool, w))
            pthread_cond_wait(&pool->work, &pool->lock);
        if (!has_new_run_locked(pool, w))
            break; /* stopping, and the queue is empty */
        cmrt_run *r = pool->current;
        w->last_seq = r->seq;
        r->users++;
        pthread_mutex_unlock(&pool->lock);

        cmrt_batch_begin(&w->batch, r);
        cmrt_call_batch(r, &w->batch.base);

        pthread_mutex_lock(&pool->lock);
        leftovers done = {NULL, NULL};
        /* Leaving means the cursor ran out; the last one out ends the run. */
        if (--r->users == 0 && r == pool->current)
            done = end_current_run_locked(pool);
        pthread_mutex_unlock(&pool->lock);
        free_leftovers(done);
        pthread_mutex_lock(&pool->lock);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void join_started(cmrt_pool *pool)
{
    for (uint32_t i = 0; i < pool->nstarted; i++)
        pthread_join(pool->workers[i].thread, NULL);
}

static void destroy_sync(cmrt_pool *pool)
{
    pthread_cond_destroy(&pool->work);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
}

static void init_sync(cmrt_pool *pool)
{
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->work, NULL);
    /* Event waits have deadlines on the monotonic clock. */
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&pool->done, &attr);
    pthread_condattr_destroy(&attr);
}

int cmrt_pool_start(cmrt_pool *pool, uint32_t nworkers)
{
    init_sync(pool);
    cmrt_fence_init();
    pool->workers = aligned_alloc(_Alignof(cmrt_worker), nworkers * sizeof *pool->workers);
    if (!pool->workers) {
        destroy_sync(pool);
        return CM_OUT_OF_HOST_MEMORY;
    }
    memset(pool->workers, 0, nworkers * sizeof *pool->workers);
    pool->nworkers = nworkers;
    for (uint32_t i = 0; i < nworkers; i++) {
        pool->workers[i].pool = pool;
        pool->workers[i].batch.worker = i;
        pthread_mutex_init(&pool->workers[i].batch.seg.steal_lock, NULL);
    }
    for (uint32_t i = 0; i < nworkers; i++) {
        cmrt_worker *w = &pool->workers[i];
        if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
            cmrt_pool_stop(pool);
            return CM_OUT_OF_HOST_MEMORY;
        }
        pool->nstarted++;
    }
    return CM_SUCCESS;
}

void cmrt_pool_stop(cmrt_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    while (pool->head)
        pthread_cond_wait(&pool->done, &pool->lock);
    pool->stopping = true;
    pthread_cond_broadcast(&pool->work);
    pthread_mutex_unlock(&pool->lock);
    join_started(pool);
    for (uint32_t i = 0; i < pool->nworkers; i++)
        pthread_mutex_destroy(&pool->workers[i].batch.seg.steal_lock);
    free(pool->workers);
    destroy_sync(pool);
}

void cmrt_pool_submit(cmrt_pool *pool, cmrt_exec *e)
{
    pthread_mutex_lock(&pool->lock);
    e->next = NULL;
    if (pool->tail)
        pool->tail->next = e;
    else
        pool->head = e;
    pool->tail = e;
    if (!pool->current)
        start_exec_locked(pool, e);
    pthread_mutex_unlock(&pool->lock);
}

bool cmrt_pool_wait_done_locked(cmrt_pool *pool, uint64_t deadline_ns)
{
    if (!deadline_ns) {
        pthread_cond_wait(&pool->done, &pool->lock);
        return true;
    }
    struct timespec ts = {(time_t)(deadline_ns / 1000000000u),
                          (long)(deadline_ns % 1000000000u)};
    return pthread_cond_timedwait(&pool->done, &pool->lock, &ts) != ETIMEDOUT;
}
