/*
 * event.c - events: a task's state and times, and waiting for its end.
 * States and times change under the pool's lock (pool.c sets them).
 */
#include <stdlib.h>
#include <time.h>

#include "cmrt_internal.h"

uint64_t cmrt_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int cmrt_event_new(cmrt_device *dev, cmrt_event **out)
{
    cmrt_event *e = calloc(1, sizeof *e);
    if (!e)
        return CM_OUT_OF_HOST_MEMORY;
    e->status = CM_STATUS_QUEUED;
    cmrt_object_init(&e->obj, dev, CMRT_KIND_EVENT);
    *out = e;
    return CM_SUCCESS;
}

int cmrt_event_destroy(cmrt_event *e)
{
    if (!e)
        return CM_NULL_POINTER;
    CMRT_RELEASE(e);
    return CM_SUCCESS;
}

void cmrt_event_free(cmrt_event *e, bool teardown)
{
    (void)teardown;
    free(e);
}

/* CM_MAX_TIMEOUT_MS, CM's default, waits for ever: on a CPU a long task is
 * not a hung GPU. */
int cmrt_event_wait(cmrt_event *e, uint32_t timeout_ms)
{
    if (!e)
        return CM_NULL_POINTER;
    uint64_t deadline = 0;
    if (timeout_ms < CM_MAX_TIMEOUT_MS)
        deadline = cmrt_now_ns() + (uint64_t)timeout_ms * 1000000u;
    cmrt_pool *pool = &e->obj.dev->pool;
    int rc = CM_SUCCESS;
    pthread_mutex_lock(&pool->lock);
    while (e->status != CM_STATUS_FINISHED) {
        if (!cmrt_pool_wait_done_locked(pool, deadline)) {
            rc = e->status == CM_STATUS_FINISHED ? CM_SUCCESS : CM_EXCEED_MAX_TIMEOUT;
            break;
        }
    }
    pthread_mutex_unlock(&pool->lock);
    return rc;
}

int cmrt_event_get_status(cmrt_event *e, CM_STATUS *out)
{
    if (!e || !out)
        return CM_NULL_POINTER;
    pthread_mutex_lock(&e->obj.dev->pool.lock);
    *out = e->status;
    pthread_mutex_unlock(&e->obj.dev->pool.lock);
    return CM_SUCCESS;
}

int cmrt_event_get_execution_time(cmrt_event *e, uint64_t *ns)
{
    if (!e || !ns)
        return CM_NULL_POINTER;
    int rc = CM_SUCCESS;
    pthread_mutex_lock(&e->obj.dev->pool.lock);
    if (e->status == CM_STATUS_FINISHED)
        *ns = e->end_ns - e->start_ns;
    else
        rc = CM_FAILURE;
    pthread_mutex_unlock(&e->obj.dev->pool.lock);
    return rc;
}
