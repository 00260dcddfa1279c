/*
 * queue.c - queues and enqueue: a task becomes an execution of runs, one
 * per kernel, captured now and handed to the pool.
 *
 * All queues of a device feed the one pool in enqueue order, so tasks on a
 * queue run in order (and so do tasks on different queues).
 */
#include <stdlib.h>

#include "cmrt_internal.h"

int cmrt_queue_create(cmrt_device *dev, cmrt_queue **out)
{
    if (!dev || !out)
        return CM_NULL_POINTER;
    *out = NULL;
    cmrt_queue *q = calloc(1, sizeof *q);
    if (!q)
        return CM_OUT_OF_HOST_MEMORY;
    cmrt_object_init(&q->obj, dev, CMRT_KIND_QUEUE);
    *out = q;
    return CM_SUCCESS;
}

void cmrt_queue_free(cmrt_queue *q, bool teardown)
{
    (void)teardown;
    free(q);
}

static void free_runs(cmrt_run *r)
{
    while (r) {
        cmrt_run *next = r->next_in_exec;
        cmrt_run_free(r);
        r = next;
    }
}

/* The run of kernel k: over `ts` if given, else over the kernel's own
 * thread space, else over its thread count as a count x 1 space. */
static int run_for_kernel_locked(cmrt_device *dev, cmrt_kernel *k,
                                 cmrt_thread_space *ts, cmrt_run **out)
{
    if (!ts)
        ts = k->space;
    uint32_t w, h;
    cmrt_plan *plan = NULL;
    if (ts) {
        w = ts->width;
        h = ts->height;
        int rc = cmrt_thread_space_plan_locked(ts, &plan);
        if (rc != CM_SUCCESS)
            return rc;
    } else if (k->thread_count) {
        w = k->thread_count;
        h = 1;
    } else {
        return CM_KERNEL_THREADSPACE_NOT_SET;
    }
    int rc = cmrt_run_new_locked(k, w, h, plan, dev->workers, out);
    if (plan)
        cmrt_plan_release(plan); /* the run holds its own reference */
    return rc;
}

/* The task's runs, linked in order. */
static int runs_for_task_locked(cmrt_device *dev, cmrt_task *t,
                                cmrt_thread_space *ts, cmrt_run **out)
{
    cmrt_run *head = NULL, **tail = &head;
    for (uint32_t i = 0; i < t->nkernels; i++) {
        int rc = run_for_kernel_locked(dev, t->kernels[i], ts, tail);
        if (rc != CM_SUCCESS) {
            free_runs(head);
            return rc;
        }
        tail = &(*tail)->next_in_exec;
    }
    *out = head;
    return CM_SUCCESS;
}

int cmrt_enqueue(cmrt_queue *q, cmrt_task *t, const cmrt_thread_space *ts,
                 cmrt_event **event)
{
    if (!q || !t)
        return CM_NULL_POINTER;
    if (event)
        *event = NULL;
    cmrt_device *dev = q->obj.dev;
    cmrt_exec *e = calloc(1, sizeof *e);
    if (!e)
        return CM_OUT_OF_HOST_MEMORY;

    pthread_mutex_lock(&dev->lock);
    int rc = t->nkernels ? CM_SUCCESS : CM_FAILURE;
    if (rc == CM_SUCCESS)
        rc = runs_for_task_locked(dev, t, (cmrt_thread_space *)ts, &e->runs);
    pthread_mutex_unlock(&dev->lock);

    if (rc == CM_SUCCESS && event) {
        rc = cmrt_event_new(dev, &e->event);
        if (rc == CM_SUCCESS) {
            CMRT_RETAIN(e->event); /* one for the caller, one for the exec */
            *event = e->event;
        }
    }
    if (rc != CM_SUCCESS) {
        free_runs(e->runs);
        free(e);
        return rc;
    }
    cmrt_pool_submit(&dev->pool, e);
    return CM_SUCCESS;
}
