/*
 * task.c - tasks: the kernels one enqueue runs, one after another.
 */
#include <stdlib.h>

#include "cmrt_internal.h"

/* CM's limit is per GPU; this one only bounds a runaway loop. */
#define CMRT_MAX_KERNELS_PER_TASK 1024u

int cmrt_task_create(cmrt_device *dev, cmrt_task **out)
{
    if (!dev || !out)
        return CM_NULL_POINTER;
    *out = NULL;
    cmrt_task *t = calloc(1, sizeof *t);
    if (!t)
        return CM_OUT_OF_HOST_MEMORY;
    cmrt_object_init(&t->obj, dev, CMRT_KIND_TASK);
    *out = t;
    return CM_SUCCESS;
}

int cmrt_task_destroy(cmrt_task *t)
{
    if (!t)
        return CM_NULL_POINTER;
    CMRT_RELEASE(t);
    return CM_SUCCESS;
}

/* Drops the task's kernels; returns them for release outside the lock. */
static cmrt_kernel **take_kernels_locked(cmrt_task *t, uint32_t *n)
{
    cmrt_kernel **ks = t->kernels;
    *n = t->nkernels;
    t->kernels = NULL;
    t->nkernels = t->cap = 0;
    return ks;
}

static void release_kernels(cmrt_kernel **ks, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        CMRT_RELEASE(ks[i]);
    free(ks);
}

void cmrt_task_free(cmrt_task *t, bool teardown)
{
    if (teardown)
        free(t->kernels);
    else
        release_kernels(t->kernels, t->nkernels);
    free(t);
}

int cmrt_task_add_kernel(cmrt_task *t, cmrt_kernel *k)
{
    if (!t || !k)
        return CM_NULL_POINTER;
    int rc = CM_SUCCESS;
    pthread_mutex_lock(&t->obj.dev->lock);
    if (t->nkernels == CMRT_MAX_KERNELS_PER_TASK) {
        rc = CM_EXCEED_MAX_KERNEL_PER_ENQUEUE;
    } else if (t->nkernels == t->cap) {
        uint32_t cap = t->cap ? t->cap * 2 : 4;
        cmrt_kernel **grown = realloc(t->kernels, cap * sizeof *grown);
        if (grown) {
            t->kernels = grown;
            t->cap = cap;
        } else {
            rc = CM_OUT_OF_HOST_MEMORY;
        }
    }
    if (rc == CM_SUCCESS) {
        CMRT_RETAIN(k);
        t->kernels[t->nkernels++] = k;
    }
    pthread_mutex_unlock(&t->obj.dev->lock);
    return rc;
}

int cmrt_task_reset(cmrt_task *t)
{
    if (!t)
        return CM_NULL_POINTER;
    uint32_t n;
    pthread_mutex_lock(&t->obj.dev->lock);
    cmrt_kernel **ks = take_kernels_locked(t, &n);
    pthread_mutex_unlock(&t->obj.dev->lock);
    release_kernels(ks, n);
    return CM_SUCCESS;
}
