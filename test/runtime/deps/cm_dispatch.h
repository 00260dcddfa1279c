/*
 * cm_dispatch.h - which of a pattern's vectors a point really waits for on
 * CM, stated by the test independently of libcmrt's order.c.
 *
 * A GPU's scoreboard makes a thread wait only for threads dispatched before
 * it. For CM_WAVEFRONT, CM_WAVEFRONT26, CM_VERTICAL_WAVE, CM_HORIZONTAL_WAVE
 * (and custom patterns, which libcmrt orders topologically) every vector
 * points backwards, so every in-space vector is a dependency. For the
 * others CM's dispatch decides; here it is re-enacted from CM's sources:
 *
 *  - CM_WAVEFRONT26Z: the per-position masks Wavefront26ZSequence uses
 *    (intel/cm-cpu-emulation libcmrt/cm_thread_space_emumode.cpp), plus
 *    (-1, -1), which they imply;
 *  - CM_WAVEFRONT26ZIG and CM_WAVEFRONT26X: the media walker's loops with
 *    CM's parameters for CM_WALK_WAVEFRONT26ZIG / CM_WALK_WAVEFRONT26X
 *    (cm_queue_emumode.cpp; the same units in intel/media-driver's HAL);
 *  - CM_WAVEFRONT26ZI: Wavefront26ZISeqVVHV26, CM's default 26ZI dispatch,
 *    16x8 blocks (CM_26ZI_BLOCK_WIDTH, CM_26ZI_BLOCK_HEIGHT).
 */
#ifndef TEST_RUNTIME_DEPS_CM_DISPATCH_H
#define TEST_RUNTIME_DEPS_CM_DISPATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "deps_test.h"

typedef struct cm_dispatch {
    uint32_t w, h;
    uint32_t *pos; /* point -> dispatch position; NULL: all vectors count */
    uint32_t n;    /* points placed so far */
    bool mask26z;
} cm_dispatch;

static inline void dispatch_point(cm_dispatch *d, int64_t x, int64_t y)
{
    if (!in_space(x, y, d->w, d->h))
        return;
    uint32_t p = (uint32_t)(y * d->w + x);
    if (d->pos[p] == UINT32_MAX)
        d->pos[p] = d->n++;
}

/* The walker of CM_WALK_WAVEFRONT26ZIG: 2x2 blocks in raster order, block
 * origins stepping (2, 0), each starting a chain stepping (-4, 2); an origin
 * past the right edge is moved along the chain into the space. */
static inline void walk_26zig(cm_dispatch *d)
{
    int64_t ox = 0, oy = 0;
    for (;; ox += 2) {
        while (ox >= d->w) {
            ox -= 4;
            oy += 2;
        }
        if (oy >= d->h)
            return;
        for (int64_t bx = ox, by = oy; bx >= 0 && by < d->h; bx -= 4, by += 2)
            for (int64_t y = by; y < by + 2; y++)
                for (int64_t x = bx; x < bx + 2; x++)
                    dispatch_point(d, x, y);
    }
}

/* The walker of CM_WALK_WAVEFRONT26X: origins stepping (1, 0), a middle
 * loop of two steps (0, 1), inner chains stepping (-2, 2). */
static inline void walk_26x(cm_dispatch *d)
{
    int64_t ox = 0, oy = 0;
    for (;; ox++) {
        while (ox >= d->w) {
            ox -= 2;
            oy += 2;
        }
        if (oy >= d->h)
            return;
        for (int64_t mid = 0; mid < 2 && oy + mid < d->h; mid++)
            for (int64_t x = ox, y = oy + mid; x >= 0 && y < d->h; x -= 2, y += 2)
                dispatch_point(d, x, y);
    }
}

/* Wavefront26ZISeqVVHV26: for each 16x8 block in raster order, follow the
 * chain of blocks (-2 blocks, +1 block); a block not yet dispatched goes
 * column by column, even columns first, each column top to bottom. */
static inline void walk_26zi(cm_dispatch *d)
{
    const int64_t bw = 16, bh = 8;
    for (int64_t y0 = 0; y0 < d->h; y0 += bh)
        for (int64_t x0 = 0; x0 < d->w; x0 += bw)
            for (int64_t bx = x0, by = y0; bx >= 0 && by < d->h; bx -= 2 * bw, by += bh) {
                if (d->pos[by * d->w + bx] != UINT32_MAX)
                    continue;
                for (int64_t parity = 0; parity < 2; parity++)
                    for (int64_t x = bx + parity; x < bx + bw; x += 2)
                        for (int64_t y = by; y < by + bh; y++)
                            dispatch_point(d, x, y);
            }
}

static inline cm_dispatch cm_dispatch_of(CM_DEPENDENCY_PATTERN pattern, bool custom,
                                         uint32_t w, uint32_t h)
{
    cm_dispatch d = {w, h, NULL, 0, false};
    if (custom)
        return d;
    void (*walk)(cm_dispatch *) = NULL;
    switch (pattern) {
    case CM_WAVEFRONT26Z: d.mask26z = true; return d;
    case CM_WAVEFRONT26ZIG: walk = walk_26zig; break;
    case CM_WAVEFRONT26X: walk = walk_26x; break;
    case CM_WAVEFRONT26ZI: walk = walk_26zi; break;
    default: return d;
    }
    d.pos = malloc((size_t)w * h * sizeof *d.pos);
    if (!d.pos)
        exit(EXIT_FAILURE);
    memset(d.pos, 0xff, (size_t)w * h * sizeof *d.pos);
    walk(&d);
    EXPECT(d.n == w * h, "reference walk placed %u of %u points", d.n, w * h);
    return d;
}

/* Wavefront26ZSequence's masks: which of (dx, dy) point (x, y) waits for
 * (before clipping to the space). */
static inline bool mask_26z(int64_t x, int64_t y, int32_t dx, int32_t dy)
{
    if (dx == -1 && dy == -1)
        return true; /* implied: (x-1, y) waits for it */
    bool even_x = x % 2 == 0, even_y = y % 2 == 0;
    if (dx == -1 && dy == 1)
        return even_x && even_y;
    if (dx == 1 && dy == -1)
        return !(!even_x && !even_y);
    return (dx == -1 && dy == 0) || (dx == 0 && dy == -1);
}

/* Does point (x, y) wait for (x + dx, y + dy) on CM? */
static inline bool cm_waits_for(const cm_dispatch *d, int64_t x, int64_t y, int32_t dx,
                                int32_t dy)
{
    int64_t nx = x + dx, ny = y + dy;
    if (!in_space(nx, ny, d->w, d->h))
        return false;
    if (d->mask26z)
        return mask_26z(x, y, dx, dy);
    if (!d->pos)
        return true;
    return d->pos[ny * d->w + nx] < d->pos[y * d->w + x];
}

static inline void cm_dispatch_free(cm_dispatch *d)
{
    free(d->pos);
    d->pos = NULL;
}

#endif /* TEST_RUNTIME_DEPS_CM_DISPATCH_H */
