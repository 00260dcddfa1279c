/*
 * deps.c - the dependency vectors of CM's named patterns, and custom ones.
 *
 * Point (x, y) depends on (x + dx[i], y + dy[i]). The vectors are those
 * CM's runtime programs into the GPU's scoreboard for each pattern, as in
 * intel/media-driver media_driver/agnostic/common/cm/cm_thread_space_rt.cpp
 * (the patterns SelectThreadDependencyPattern sets) and the scoreboard
 * deltas of media_driver/agnostic/common/cm/cm_hal.cpp. Note the names:
 * CM_VERTICAL_WAVE waits for the left neighbour (-1, 0) (the front is a
 * vertical line moving right), CM_HORIZONTAL_WAVE for the one above
 * (0, -1). intel/cm-cpu-emulation (libcmrt/cm_thread_space_emumode.cpp)
 * leaves out the (-1, -1) of CM_WAVEFRONT and CM_WAVEFRONT26; it is implied
 * by the others, so the order of the work is the same either way. Some
 * patterns (the 26Z family, 26X) have vectors in opposite directions, so
 * which of them a point really waits for depends on the dispatch order:
 * order.c.
 */
#include <string.h>

#include "cmrt_internal.h"

/* Custom vectors beyond this reach are surely a mistake (CM's hardware
 * takes -8..7). */
#define CMRT_MAX_DELTA (1 << 20)

typedef struct named_pattern {
    CM_DEPENDENCY_PATTERN pattern;
    uint32_t count;
    int32_t dx[CM_MAX_DEPENDENCY_COUNT];
    int32_t dy[CM_MAX_DEPENDENCY_COUNT];
} named_pattern;

static const named_pattern named_patterns[] = {
    {CM_NONE_DEPENDENCY, 0, {0}, {0}},
    {CM_WAVEFRONT, 3, {-1, -1, 0}, {0, -1, -1}},
    {CM_WAVEFRONT26, 4, {-1, -1, 0, 1}, {0, -1, -1, -1}},
    {CM_VERTICAL_WAVE, 1, {-1}, {0}},
    {CM_HORIZONTAL_WAVE, 1, {0}, {-1}},
    {CM_WAVEFRONT26Z, 5, {-1, -1, -1, 0, 1}, {1, 0, -1, -1, -1}},
    {CM_WAVEFRONT26X, 7, {-1, -1, -1, 0, 0, 0, 1}, {3, 1, -1, -1, -2, -3, -3}},
    {CM_WAVEFRONT26ZIG, 5, {-1, -1, -1, 0, 1}, {1, 0, -1, -1, -1}},
    {CM_WAVEFRONT26ZI, 7, {-1, -2, -1, -1, 0, 1, 1}, {1, 0, 0, -1, -1, -1, 0}},
};

int cmrt_deps_select(CM_DEPENDENCY_PATTERN pattern, cmrt_deps *out)
{
    for (size_t i = 0; i < sizeof named_patterns / sizeof named_patterns[0]; i++) {
        const named_pattern *n = &named_patterns[i];
        if (n->pattern != pattern)
            continue;
        memset(out, 0, sizeof *out);
        out->pattern = pattern;
        out->count = n->count;
        memcpy(out->dx, n->dx, sizeof out->dx);
        memcpy(out->dy, n->dy, sizeof out->dy);
        return CM_SUCCESS;
    }
    return CM_INVALID_ARG_VALUE;
}

int cmrt_deps_custom(uint32_t count, const int32_t *dx, const int32_t *dy,
                     cmrt_deps *out)
{
    if (count > CM_MAX_DEPENDENCY_COUNT)
        return CM_INVALID_ARG_VALUE;
    if (count && (!dx || !dy))
        return CM_NULL_POINTER;
    for (uint32_t i = 0; i < count; i++) {
        if (dx[i] == 0 && dy[i] == 0)
            return CM_INVALID_ARG_VALUE;
        if (dx[i] < -CMRT_MAX_DELTA || dx[i] > CMRT_MAX_DELTA ||
            dy[i] < -CMRT_MAX_DELTA || dy[i] > CMRT_MAX_DELTA)
            return CM_INVALID_ARG_VALUE;
    }
    memset(out, 0, sizeof *out);
    out->pattern = CM_NONE_DEPENDENCY;
    out->custom = count > 0;
    out->count = count;
    for (uint32_t i = 0; i < count; i++) {
        out->dx[i] = dx[i];
        out->dy[i] = dy[i];
    }
    return CM_SUCCESS;
}
