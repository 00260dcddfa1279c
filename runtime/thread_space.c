/*
 * thread_space.c - thread spaces: a width x height grid of points, each a
 * run of the kernel body, with a dependency pattern and a walking order.
 */
#include <stdlib.h>

#include "cmrt_internal.h"

/* Points are numbered in 32 bits and CMK_NO_POINT is UINT32_MAX. */
#define CMRT_MAX_POINTS (1u << 31)

int cmrt_thread_space_create(cmrt_device *dev, uint32_t width, uint32_t height,
                             cmrt_thread_space **out)
{
    if (!dev || !out)
        return CM_NULL_POINTER;
    *out = NULL;
    if (width == 0 || height == 0 || width > CMRT_MAX_SPACE_SIDE ||
        height > CMRT_MAX_SPACE_SIDE || (uint64_t)width * height > CMRT_MAX_POINTS)
        return CM_INVALID_THREAD_SPACE;
    cmrt_thread_space *ts = calloc(1, sizeof *ts);
    if (!ts)
        return CM_OUT_OF_HOST_MEMORY;
    ts->width = width;
    ts->height = height;
    cmrt_deps_select(CM_NONE_DEPENDENCY, &ts->deps);
    ts->walking = CM_WALK_DEFAULT;
    cmrt_object_init(&ts->obj, dev, CMRT_KIND_THREAD_SPACE);
    *out = ts;
    return CM_SUCCESS;
}

int cmrt_thread_space_destroy(cmrt_thread_space *ts)
{
    if (!ts)
        return CM_NULL_POINTER;
    CMRT_RELEASE(ts);
    return CM_SUCCESS;
}

void cmrt_thread_space_free(cmrt_thread_space *ts, bool teardown)
{
    (void)teardown; /* the plan is not an object: always ours to release */
    if (ts->plan)
        cmrt_plan_release(ts->plan);
    free(ts);
}

/* Replaces the dependencies; the plan is rebuilt at the next enqueue. */
static void set_deps_locked(cmrt_thread_space *ts, const cmrt_deps *deps)
{
    ts->deps = *deps;
    if (ts->plan) {
        cmrt_plan_release(ts->plan);
        ts->plan = NULL;
    }
}

static bool has_deps(const cmrt_deps *d)
{
    return d->count > 0;
}

/* Dependencies and a walking order exclude each other, as in CM. */
static int update_deps(cmrt_thread_space *ts, const cmrt_deps *deps)
{
    int rc = CM_SUCCESS;
    pthread_mutex_lock(&ts->obj.dev->lock);
    if (has_deps(deps) && ts->walking != CM_WALK_DEFAULT)
        rc = CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN;
    else
        set_deps_locked(ts, deps);
    pthread_mutex_unlock(&ts->obj.dev->lock);
    return rc;
}

int cmrt_thread_space_select_dependency(cmrt_thread_space *ts,
                                        CM_DEPENDENCY_PATTERN pattern)
{
    if (!ts)
        return CM_NULL_POINTER;
    cmrt_deps deps;
    int rc = cmrt_deps_select(pattern, &deps);
    return rc == CM_SUCCESS ? update_deps(ts, &deps) : rc;
}

int cmrt_thread_space_set_dependency(cmrt_thread_space *ts, uint32_t count,
                                     const int32_t *dx, const int32_t *dy)
{
    if (!ts)
        return CM_NULL_POINTER;
    cmrt_deps deps;
    int rc = cmrt_deps_custom(count, dx, dy, &deps);
    return rc == CM_SUCCESS ? update_deps(ts, &deps) : rc;
}

/* Recorded and checked; points of a space without dependencies are handed
 * out in raster chunks whatever the walk, since results cannot differ. */
int cmrt_thread_space_select_walking(cmrt_thread_space *ts, CM_WALKING_PATTERN pattern)
{
    if (!ts)
        return CM_NULL_POINTER;
    if ((unsigned)pattern > CM_WALK_WAVEFRONT26XD)
        return CM_INVALID_MEDIA_WALKING_PATTERN;
    int rc = CM_SUCCESS;
    pthread_mutex_lock(&ts->obj.dev->lock);
    if (pattern != CM_WALK_DEFAULT && has_deps(&ts->deps))
        rc = CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN;
    else
        ts->walking = pattern;
    pthread_mutex_unlock(&ts->obj.dev->lock);
    return rc;
}

int cmrt_thread_space_plan_locked(cmrt_thread_space *ts, cmrt_plan **out)
{
    *out = NULL;
    if (!has_deps(&ts->deps))
        return CM_SUCCESS;
    if (!ts->plan) {
        int rc = cmrt_plan_build(&ts->deps, ts->width, ts->height, ts->obj.dev->workers,
                                 &ts->plan);
        if (rc != CM_SUCCESS)
            return rc;
    }
    cmrt_plan_retain(ts->plan);
    *out = ts->plan;
    return CM_SUCCESS;
}
