/*
 * kernel.c - kernels: a program's kernel by name, and the arguments it will
 * be called with, checked against the kernel's descriptor as they are set.
 */
#include <stdlib.h>
#include <string.h>

#include "cmrt_internal.h"

static const cmk_kernel_desc *find_kernel(const cmk_program_desc *d, const char *name)
{
    for (uint32_t i = 0; i < d->nkernels; i++)
        if (strcmp(d->kernels[i].name, name) == 0)
            return &d->kernels[i];
    return NULL;
}

/* Lays the parameters out one after another, each aligned for any type. */
static int alloc_arguments(cmrt_kernel *k)
{
    uint32_t n = k->desc->nparams;
    size_t bytes = 0;
    k->offsets = calloc(n ? n : 1, sizeof *k->offsets);
    k->is_set = calloc(n ? n : 1, sizeof *k->is_set);
    if (!k->offsets || !k->is_set)
        return CM_OUT_OF_HOST_MEMORY;
    for (uint32_t i = 0; i < n; i++) {
        k->offsets[i] = (uint32_t)bytes;
        bytes += (k->desc->params[i].size + 15u) & ~(size_t)15u;
    }
    k->args = calloc(bytes ? bytes : 1, 1);
    return k->args ? CM_SUCCESS : CM_OUT_OF_HOST_MEMORY;
}

static void free_arguments(cmrt_kernel *k)
{
    free(k->args);
    free(k->offsets);
    free(k->is_set);
}

/* Unknown names are CM_FAILURE, as in CM's runtime. */
int cmrt_kernel_create(cmrt_program *p, const char *name, cmrt_kernel **out)
{
    if (!p || !name || !out)
        return CM_NULL_POINTER;
    *out = NULL;
    const cmk_kernel_desc *desc = find_kernel(p->desc, name);
    if (!desc)
        return CM_FAILURE;
    cmrt_kernel *k = calloc(1, sizeof *k);
    if (!k)
        return CM_OUT_OF_HOST_MEMORY;
    k->desc = desc;
    int rc = alloc_arguments(k);
    if (rc != CM_SUCCESS) {
        free_arguments(k);
        free(k);
        return rc;
    }
    CMRT_RETAIN(p);
    k->program = p;
    cmrt_object_init(&k->obj, p->obj.dev, CMRT_KIND_KERNEL);
    *out = k;
    return CM_SUCCESS;
}

int cmrt_kernel_destroy(cmrt_kernel *k)
{
    if (!k)
        return CM_NULL_POINTER;
    CMRT_RELEASE(k);
    return CM_SUCCESS;
}

void cmrt_kernel_free(cmrt_kernel *k, bool teardown)
{
    if (!teardown) {
        if (k->space)
            CMRT_RELEASE(k->space);
        CMRT_RELEASE(k->program);
    }
    free_arguments(k);
    free(k);
}

/* A surface argument must name a live surface now (and again at enqueue). */
static bool surface_index_is_live(cmrt_device *dev, const void *value)
{
    cmrt_surface_index si;
    memcpy(&si, value, sizeof si);
    return si.index != 0 && si.index < dev->nsurfaces && dev->surfaces[si.index];
}

int cmrt_kernel_set_arg(cmrt_kernel *k, uint32_t index, size_t size, const void *value)
{
    if (!k)
        return CM_NULL_POINTER;
    if (index >= k->desc->nparams)
        return CM_INVALID_ARG_INDEX;
    const cmk_param *p = &k->desc->params[index];
    if (size != p->size)
        return CM_INVALID_ARG_SIZE;
    if (!value)
        return CM_INVALID_ARG_VALUE;
    cmrt_device *dev = k->obj.dev;
    pthread_mutex_lock(&dev->lock);
    int rc = CM_SUCCESS;
    if (p->kind == CMK_PARAM_SURFACE && !surface_index_is_live(dev, value)) {
        rc = CM_INVALID_ARG_VALUE;
    } else {
        memcpy(k->args + k->offsets[index], value, size);
        k->is_set[index] = true;
    }
    pthread_mutex_unlock(&dev->lock);
    return rc;
}

int cmrt_kernel_set_thread_count(cmrt_kernel *k, uint32_t count)
{
    if (!k)
        return CM_NULL_POINTER;
    /* Beyond a thread space's side, the enqueue would run billions of
     * points past the scheduler's 32-bit point numbers. */
    if (count == 0 || count > CMRT_MAX_SPACE_SIDE)
        return CM_INVALID_ARG_VALUE;
    pthread_mutex_lock(&k->obj.dev->lock);
    k->thread_count = count;
    pthread_mutex_unlock(&k->obj.dev->lock);
    return CM_SUCCESS;
}

int cmrt_kernel_associate_thread_space(cmrt_kernel *k, cmrt_thread_space *ts)
{
    if (!k || !ts)
        return CM_NULL_POINTER;
    CMRT_RETAIN(ts);
    pthread_mutex_lock(&k->obj.dev->lock);
    cmrt_thread_space *old = k->space;
    k->space = ts;
    pthread_mutex_unlock(&k->obj.dev->lock);
    if (old)
        CMRT_RELEASE(old);
    return CM_SUCCESS;
}

uint32_t cmrt_kernel_arg_count(const cmrt_kernel *k)
{
    return k ? k->desc->nparams : 0;
}
