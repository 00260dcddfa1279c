/*
 * run.c - a run: one kernel over one thread space, captured at enqueue.
 *
 * The run copies the kernel's argument bytes, turns each SurfaceIndex into
 * the surface's view (retaining the surface, so destroying it does not free
 * memory under the kernel) and retains the program (so the code stays
 * mapped) and the dependency plan. The caller may then change or destroy
 * the kernel, its arguments, the thread space and the task at once.
 */
#include <stdlib.h>
#include <string.h>

#include "cmrt_internal.h"

/* Claims of a run without dependencies (or with one worker) take this
 * many points at most: enough that the shared cursor is touched rarely,
 * few enough that the workers finish together. Several workers with
 * dependencies claim by waves instead (sched.c). */
#define CMRT_MAX_CHUNK 1024u
#define CMRT_CHUNKS_PER_WORKER 16u

static uint32_t chunk_for(uint64_t total, uint32_t nworkers)
{
    uint64_t c = total / ((uint64_t)nworkers * CMRT_CHUNKS_PER_WORKER);
    return c < 1 ? 1 : c > CMRT_MAX_CHUNK ? CMRT_MAX_CHUNK : (uint32_t)c;
}

static uint32_t count_surface_params(const cmk_kernel_desc *d)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < d->nparams; i++)
        n += d->params[i].kind == CMK_PARAM_SURFACE;
    return n;
}

static int alloc_arrays(cmrt_run *r, const cmrt_kernel *k)
{
    uint32_t n = k->desc->nparams;
    uint32_t ns = count_surface_params(k->desc);
    size_t arg_bytes = n ? k->offsets[n - 1] + k->desc->params[n - 1].size : 1;
    r->arg_bytes = malloc(arg_bytes);
    r->views = calloc(ns ? ns : 1, sizeof *r->views);
    r->surfaces = calloc(ns ? ns : 1, sizeof *r->surfaces);
    r->pointers = calloc(n ? n : 1, sizeof *r->pointers);
    r->offsets = malloc((n ? n : 1) * sizeof *r->offsets);
    r->types = calloc(n + 1, sizeof *r->types);
    r->values = calloc(n + 1, sizeof *r->values);
    if (!r->arg_bytes || !r->views || !r->surfaces || !r->pointers || !r->offsets || !r->types ||
        !r->values)
        return CM_OUT_OF_HOST_MEMORY;
    memcpy(r->arg_bytes, k->args, arg_bytes);
    memcpy(r->offsets, k->offsets, n * sizeof *r->offsets);
    return CM_SUCCESS;
}

/* Resolves every surface argument to a retained surface and its view. */
static int capture_surfaces_locked(cmrt_run *r, const cmrt_kernel *k)
{
    const cmk_kernel_desc *d = k->desc;
    for (uint32_t i = 0; i < d->nparams; i++) {
        if (d->params[i].kind != CMK_PARAM_SURFACE)
            continue;
        cmrt_surface_index si;
        memcpy(&si, k->args + k->offsets[i], sizeof si);
        cmrt_surface *s = cmrt_surface_lookup_locked(k->obj.dev, si.index);
        if (!s)
            return CM_INVALID_ARG_VALUE; /* destroyed since SetKernelArg */
        r->surfaces[r->nsurfaces] = s;
        cmrt_surface_view(s, &r->views[r->nsurfaces]);
        r->pointers[i] = &r->views[r->nsurfaces];
        r->nsurfaces++;
    }
    return CM_SUCCESS;
}

/* Vectors are passed as a pointer to the run's copy of their bytes. */
static void point_vectors_at_copies(cmrt_run *r, const cmrt_kernel *k)
{
    for (uint32_t i = 0; i < k->desc->nparams; i++)
        if (k->desc->params[i].kind == CMK_PARAM_VECTOR)
            r->pointers[i] = r->arg_bytes + k->offsets[i];
}

static int check_arguments_set(const cmrt_kernel *k)
{
    for (uint32_t i = 0; i < k->desc->nparams; i++)
        if (!k->is_set[i])
            return CM_NOT_SET_KERNEL_ARGUMENT;
    return CM_SUCCESS;
}

static void set_geometry(cmrt_run *r, uint32_t w, uint32_t h, cmrt_plan *plan,
                         uint32_t nworkers)
{
    r->width = w;
    r->height = h;
    r->total = (uint64_t)w * h;
    r->chunk = chunk_for(r->total, nworkers);
    r->solo = nworkers == 1;
    if (plan) {
        cmrt_plan_retain(plan);
        r->plan = plan;
    }
}

/* Marks the run's surfaces in use, so host copies wait for the run. */
static void mark_surfaces_busy(cmrt_run *r, cmrt_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    for (uint32_t i = 0; i < r->nsurfaces; i++)
        r->surfaces[i]->busy++;
    r->surfaces_busy = true;
    pthread_mutex_unlock(&pool->lock);
}

/* A flag per point, by rows, or by columns when workers take strips of
 * columns (tiles.c). Workers on neighbouring rows (columns) write their
 * flags side by side: padding a row (column) to whole lines, at most
 * doubling it, keeps them from sharing one. */
static int alloc_flags(cmrt_run *r)
{
    uint64_t line = r->strips ? r->height : r->width;
    uint64_t lines = r->strips ? r->width : r->height;
    uint64_t padded = (line + 63) / 64 * 64;
    r->flag_stride = padded <= 2 * line ? padded : line;
    r->signalled = aligned_alloc(64, (r->flag_stride * lines + 63) / 64 * 64);
    if (!r->signalled)
        return CM_OUT_OF_HOST_MEMORY;
    memset(r->signalled, 0, r->flag_stride * lines);
    return CM_SUCCESS;
}

static int fill_run_locked(cmrt_run *r, cmrt_kernel *k, uint32_t w, uint32_t h,
                           cmrt_plan *plan, uint32_t nworkers)
{
    int rc = check_arguments_set(k);
    if (rc == CM_SUCCESS)
        rc = alloc_arrays(r, k);
    if (rc == CM_SUCCESS)
        rc = capture_surfaces_locked(r, k);
    if (rc != CM_SUCCESS)
        return rc;
    point_vectors_at_copies(r, k);
    set_geometry(r, w, h, plan, nworkers);
    if (plan && !r->solo) {
        if (plan->raster_ok)
            cmrt_tiles_plan(r, nworkers);
        int rc = alloc_flags(r);
        if (rc != CM_SUCCESS)
            return rc;
    }
    return cmrt_call_prepare(r);
}

int cmrt_run_new_locked(cmrt_kernel *k, uint32_t width, uint32_t height,
                        cmrt_plan *plan, uint32_t nworkers, cmrt_run **out)
{
    cmrt_run *r = aligned_alloc(64, (sizeof *r + 63) / 64 * 64);
    if (!r)
        return CM_OUT_OF_HOST_MEMORY;
    memset(r, 0, sizeof *r);
    atomic_init(&r->cursor, 0);
    atomic_init(&r->done_points, 0);
    atomic_init(&r->sleepers, 0);
    atomic_init(&r->lingerers, 0);
    pthread_mutex_init(&r->sleep_lock, NULL);
    pthread_condattr_t attr; /* lingering workers wait with deadlines */
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&r->wake, &attr);
    pthread_condattr_destroy(&attr);
    CMRT_RETAIN(k->program);
    r->program = k->program;
    r->desc = k->desc;
    r->pool = &k->obj.dev->pool;
    int rc = fill_run_locked(r, k, width, height, plan, nworkers);
    if (rc != CM_SUCCESS) {
        cmrt_run_free(r);
        return rc;
    }
    mark_surfaces_busy(r, r->pool);
    *out = r;
    return CM_SUCCESS;
}

void cmrt_run_release_surfaces_locked(cmrt_run *r)
{
    if (!r->surfaces_busy)
        return;
    for (uint32_t i = 0; i < r->nsurfaces; i++)
        r->surfaces[i]->busy--;
    r->surfaces_busy = false;
}

void cmrt_run_free(cmrt_run *r)
{
    if (r->surfaces_busy) { /* never ran: enqueue failed after capture */
        pthread_mutex_lock(&r->pool->lock);
        cmrt_run_release_surfaces_locked(r);
        pthread_cond_broadcast(&r->pool->done);
        pthread_mutex_unlock(&r->pool->lock);
    }
    for (uint32_t i = 0; i < r->nsurfaces; i++)
        CMRT_RELEASE(r->surfaces[i]);
    if (r->plan)
        cmrt_plan_release(r->plan);
    CMRT_RELEASE(r->program);
    free(r->signalled);
    free(r->arg_bytes);
    free(r->views);
    free(r->surfaces);
    free(r->pointers);
    free(r->offsets);
    free(r->types);
    free(r->values);
    pthread_mutex_destroy(&r->sleep_lock);
    pthread_cond_destroy(&r->wake);
    free(r);
}
