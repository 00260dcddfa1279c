/*
 * order.c - the dispatch order of a thread space with dependencies (its
 * "plan"), and so which dependencies each point really waits for.
 *
 * A GPU's scoreboard makes a thread wait only for threads dispatched
 * before it that sit at its dependency vectors; a vector pointing at a
 * thread dispatched later is no dependency. For patterns whose vectors all
 * point backwards (wavefront, 26, vertical, horizontal) any order that
 * respects them is the same; for the others (26Z, 26ZIG, 26ZI, 26X) the
 * order decides, so it follows CM's dispatch of those patterns:
 *
 *   the space is cut into groups (2x2 for 26Z and 26ZIG, 1 wide and 2 tall
 *   for 26X, 16x8 for 26ZI, single points otherwise); groups go in waves,
 *   wave = a * gx + b * gy (a 26-degree front is a = 1, b = 2), and within
 *   a wave in raster order of groups; a group's points go in raster order,
 *   except 26ZI's, which go column by column, even columns first.
 *
 * Where that comes from (intel/cm-cpu-emulation libcmrt/
 * cm_thread_space_emumode.cpp and cm_queue_emumode.cpp, intel/media-driver
 * media_driver/agnostic/common/cm/cm_thread_space_rt.cpp and the HAL's
 * walker parameters): 26Z is dispatched 2x2 block by 2x2 block along
 * 26-degree fronts (Wavefront26ZSequence), 26ZIG by the media walker in 2x2
 * blocks stepping (2, 0) then (-4, 2); 26ZI by 16x8 blocks
 * (CM_26ZI_BLOCK_WIDTH/HEIGHT) along (-2 blocks, +1 block) diagonals, even
 * columns of a block first (Wavefront26ZISeqVVHV26, the default); 26X by
 * the walker stepping (1, 0), inner (-2, 2) and a middle step (0, 1): the
 * front x + 2 * (y / 2), the even row of each row pair first. 1x2 groups
 * give 26X's fronts; inside a front they order points differently from the
 * walker only where no 26X vector links them, so each point waits for
 * exactly the points it waits for on the GPU: (x-1, y+3) never, (x-1, y+1)
 * on even rows only, the other five always.
 *
 * Custom vectors get the order of their waves (Kahn's algorithm), every
 * in-space vector counts (as in cm-cpu-emulation, whose InitDependency
 * gives a point one edge per in-space vector), and a cycle is an error:
 * it could never run.
 *
 * Points are handed out in this order and a point's dependencies always
 * come before it, so a worker that blocks in cm_wait() only waits for
 * points already handed out: however many workers, the space cannot
 * deadlock, and results never depend on the worker count.
 */
#include <stdlib.h>
#include <string.h>

#include "cmrt_internal.h"

typedef struct order_shape {
    uint32_t group_w, group_h; /* points per group */
    uint32_t a, b;             /* wave = a * gx + b * gy */
    bool even_columns_first;   /* 26ZI's order inside a group */
} order_shape;

static order_shape shape_of(CM_DEPENDENCY_PATTERN p)
{
    switch (p) {
    case CM_WAVEFRONT: return (order_shape){1, 1, 1, 1, false};
    case CM_WAVEFRONT26: return (order_shape){1, 1, 1, 2, false};
    case CM_VERTICAL_WAVE: return (order_shape){1, 1, 1, 0, false};
    case CM_HORIZONTAL_WAVE: return (order_shape){1, 1, 0, 1, false};
    case CM_WAVEFRONT26Z:
    case CM_WAVEFRONT26ZIG: return (order_shape){2, 2, 1, 2, false};
    case CM_WAVEFRONT26X: return (order_shape){1, 2, 1, 2, false};
    case CM_WAVEFRONT26ZI: return (order_shape){16, 8, 1, 2, true};
    default: return (order_shape){1, 1, 0, 1, false}; /* raster */
    }
}

/* Appends group (gx, gy)'s points, clipped to the space, in group order. */
static uint32_t emit_group(const order_shape *s, uint32_t w, uint32_t h, uint32_t gx,
                           uint32_t gy, uint32_t *order, uint32_t n)
{
    uint32_t x0 = gx * s->group_w, y0 = gy * s->group_h;
    uint32_t x1 = x0 + s->group_w < w ? x0 + s->group_w : w;
    uint32_t y1 = y0 + s->group_h < h ? y0 + s->group_h : h;
    if (!s->even_columns_first) {
        for (uint32_t y = y0; y < y1; y++)
            for (uint32_t x = x0; x < x1; x++)
                order[n++] = y * w + x;
        return n;
    }
    for (uint32_t parity = 0; parity < 2; parity++)
        for (uint32_t x = x0 + parity; x < x1; x += 2)
            for (uint32_t y = y0; y < y1; y++)
                order[n++] = y * w + x;
    return n;
}

/* Groups sorted by wave (a counting sort, stable: raster within a wave),
 * then each group's points. */
static int build_wave_order(const order_shape *s, uint32_t w, uint32_t h, uint32_t *order)
{
    uint32_t gw = (w + s->group_w - 1) / s->group_w;
    uint32_t gh = (h + s->group_h - 1) / s->group_h;
    uint64_t nwaves = (uint64_t)s->a * (gw - 1) + (uint64_t)s->b * (gh - 1) + 1;
    uint64_t ngroups = (uint64_t)gw * gh;
    uint32_t *start = calloc(nwaves + 1, sizeof *start);
    uint32_t *sorted = malloc(ngroups * sizeof *sorted);
    if (!start || !sorted) {
        free(start);
        free(sorted);
        return CM_OUT_OF_HOST_MEMORY;
    }
    for (uint32_t gy = 0; gy < gh; gy++)
        for (uint32_t gx = 0; gx < gw; gx++)
            start[s->a * gx + s->b * gy + 1]++;
    for (uint64_t i = 1; i <= nwaves; i++)
        start[i] += start[i - 1];
    for (uint32_t gy = 0; gy < gh; gy++)
        for (uint32_t gx = 0; gx < gw; gx++)
            sorted[start[s->a * gx + s->b * gy]++] = gy * gw + gx;
    uint32_t n = 0;
    for (uint64_t i = 0; i < ngroups; i++)
        n = emit_group(s, w, h, sorted[i] % gw, sorted[i] / gw, order, n);
    free(start);
    free(sorted);
    return CM_SUCCESS;
}

/* The point at p + vector i, or -1 outside the space. */
static int64_t neighbour(const cmrt_deps *d, uint32_t w, uint32_t h, uint32_t p, uint32_t i)
{
    int64_t x = (int64_t)(p % w) + d->dx[i];
    int64_t y = (int64_t)(p / w) + d->dy[i];
    if (x < 0 || y < 0 || x >= w || y >= h)
        return -1;
    return y * w + x;
}

/* Kahn's algorithm: points whose dependencies are all placed, wave by
 * wave; `order` doubles as the queue. CM_INVALID_ARG_VALUE on a cycle. */
static int build_topological_order(const cmrt_deps *d, uint32_t w, uint32_t h,
                                   uint32_t *order)
{
    uint32_t n = w * h;
    uint8_t *missing = calloc(n, 1); /* unplaced dependencies per point */
    if (!missing)
        return CM_OUT_OF_HOST_MEMORY;
    uint32_t tail = 0;
    for (uint32_t p = 0; p < n; p++) {
        for (uint32_t i = 0; i < d->count; i++)
            missing[p] += neighbour(d, w, h, p, i) >= 0;
        if (!missing[p])
            order[tail++] = p;
    }
    for (uint32_t head = 0; head < tail; head++) {
        uint32_t p = order[head];
        /* p's dependents are p - vector. */
        for (uint32_t i = 0; i < d->count; i++) {
            int64_t x = (int64_t)(p % w) - d->dx[i];
            int64_t y = (int64_t)(p / w) - d->dy[i];
            if (x < 0 || y < 0 || x >= w || y >= h)
                continue;
            uint32_t q = (uint32_t)(y * w + x);
            if (--missing[q] == 0)
                order[tail++] = q;
        }
    }
    free(missing);
    return tail == n ? CM_SUCCESS : CM_INVALID_ARG_VALUE;
}

/* Does every point's every in-space dependency come before it? */
static bool dependencies_all_before(const cmrt_plan *p)
{
    uint32_t n = p->width * p->height;
    for (uint32_t pt = 0; pt < n; pt++)
        for (uint32_t i = 0; i < p->deps.count; i++) {
            int64_t q = neighbour(&p->deps, p->width, p->height, pt, i);
            if (q >= 0 && p->pos[q] > p->pos[pt])
                return false;
        }
    return true;
}

/* Does every vector point to an earlier raster position? Then one worker
 * may walk the space in raster order. */
static bool vectors_before_in_raster(const cmrt_deps *d)
{
    for (uint32_t i = 0; i < d->count; i++)
        if (d->dy[i] > 0 || (d->dy[i] == 0 && d->dx[i] > 0))
            return false;
    return true;
}

static int fill_plan(cmrt_plan *p)
{
    uint32_t n = p->width * p->height;
    p->order = malloc((size_t)n * sizeof *p->order);
    if (!p->order)
        return CM_OUT_OF_HOST_MEMORY;
    if (p->deps.custom) {
        p->all_before = true;
        return build_topological_order(&p->deps, p->width, p->height, p->order);
    }
    order_shape shape = shape_of(p->deps.pattern);
    int rc = build_wave_order(&shape, p->width, p->height, p->order);
    if (rc != CM_SUCCESS)
        return rc;
    p->pos = malloc((size_t)n * sizeof *p->pos);
    if (!p->pos)
        return CM_OUT_OF_HOST_MEMORY;
    for (uint32_t i = 0; i < n; i++)
        p->pos[p->order[i]] = i;
    p->all_before = dependencies_all_before(p);
    if (p->all_before) { /* then wait() needs no positions */
        free(p->pos);
        p->pos = NULL;
    }
    return CM_SUCCESS;
}

int cmrt_plan_build(const cmrt_deps *deps, uint32_t width, uint32_t height,
                    uint32_t nworkers, cmrt_plan **out)
{
    cmrt_plan *p = calloc(1, sizeof *p);
    if (!p)
        return CM_OUT_OF_HOST_MEMORY;
    atomic_init(&p->refs, 1);
    p->width = width;
    p->height = height;
    p->deps = *deps;
    p->raster_ok = vectors_before_in_raster(deps);
    int rc = CM_SUCCESS;
    if (nworkers == 1 && p->raster_ok)
        p->all_before = true; /* walked in raster order: no order to build */
    else
        rc = fill_plan(p);
    if (rc != CM_SUCCESS) {
        cmrt_plan_release(p);
        return rc;
    }
    *out = p;
    return CM_SUCCESS;
}

void cmrt_plan_retain(cmrt_plan *p)
{
    atomic_fetch_add_explicit(&p->refs, 1, memory_order_relaxed);
}

void cmrt_plan_release(cmrt_plan *p)
{
    if (atomic_fetch_sub_explicit(&p->refs, 1, memory_order_acq_rel) != 1)
        return;
    free(p->order);
    free(p->pos);
    free(p);
}
