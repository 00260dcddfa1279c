/*
 * cmk/block_io.h - CM media block read/write on the CPU.
 *
 * read(SurfaceIndex, x, y, m) and write(SurfaceIndex, x, y, m) move a 2D
 * block of `rows` rows x `width_bytes` bytes whose top-left corner is at
 * byte offset x of row y. x is in BYTES whatever the surface's texel size
 * (seeds/cl_intel_media_block_io.txt).
 *
 * Reads outside the surface return the nearest edge texel: rows clamp to
 * [0, height), and a byte bx left or right of the row comes from texel 0 or
 * texel width-1, at byte ((bx mod ts) + ts) % ts of it, so the edge texel is
 * replicated in units of the texel size (byte, word or dword). Writes
 * outside the surface are dropped.
 *
 * Kernels call these once per block in their hot loop, with sizes that are
 * compile-time constants after inlining. So the common case - the block
 * lies wholly inside - is a bounds test and one memcpy per row, which the
 * compiler turns into a few vector moves; everything at the edges goes to
 * out-of-line cold functions that keep the inlined code small.
 */
#ifndef CMK_BLOCK_IO_H
#define CMK_BLOCK_IO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "abi.h"

/* The edge paths are static rather than static inline so that gcc accepts
 * noinline without a warning; `unused` keeps translation units that never
 * call them quiet. */
#if defined(__GNUC__)
#define CMK_EDGE_PATH __attribute__((noinline, cold, unused))
#define CMK_LIKELY(c) __builtin_expect(!!(c), 1)
#define CMK_PREFETCH(p) __builtin_prefetch(p)
#else
#define CMK_EDGE_PATH inline
#define CMK_LIKELY(c) (c)
#define CMK_PREFETCH(p) ((void)(p))
#endif

/* Bytes in one row of texels; 64-bit so width * texel_size cannot wrap. */
static inline int64_t cmk_surface_row_bytes(const cmk_surface *s)
{
    return (int64_t)s->width * s->texel_size;
}

/* Is the block wholly inside the surface? Sums are 64-bit because a kernel
 * may pass any int: x + width_bytes must not overflow. */
static inline int cmk_block_is_inside(const cmk_surface *s, int x, int y,
                                      int width_bytes, int rows)
{
    return x >= 0 && y >= 0 &&
           (int64_t)x + width_bytes <= cmk_surface_row_bytes(s) &&
           (int64_t)y + rows <= s->height;
}

/* The first byte of row `row` (which must be inside the surface). */
static inline uint8_t *cmk_surface_row(const cmk_surface *s, int64_t row)
{
    return s->data + (ptrdiff_t)row * s->pitch;
}

/* The byte a read at byte column bx of an in-range row gets: bx itself
 * inside the row, else the matching byte of the nearest edge texel. */
static inline uint8_t cmk_edge_byte(const uint8_t *row, int64_t bx,
                                    int64_t row_bytes, int64_t ts)
{
    if (bx >= 0 && bx < row_bytes)
        return row[bx];
    int64_t byte_in_texel = ((bx % ts) + ts) % ts;
    int64_t texel_start = bx < 0 ? 0 : row_bytes - ts;
    return row[texel_start + byte_in_texel];
}

/* One row of a read that leaves the surface: the part inside is copied,
 * the parts left and right replicate the edge texels. */
static inline void cmk_read_row_edges(const uint8_t *row, int64_t x,
                                      uint8_t *dst, int64_t width_bytes,
                                      int64_t row_bytes, int64_t ts)
{
    int64_t inside_from = x < 0 ? 0 : x;
    int64_t inside_to = x + width_bytes < row_bytes ? x + width_bytes
                                                    : row_bytes;
    int64_t c = 0;
    for (; c < width_bytes && x + c < inside_from; c++)
        dst[c] = cmk_edge_byte(row, x + c, row_bytes, ts);
    if (inside_to > inside_from) {
        memcpy(dst + c, row + inside_from, (size_t)(inside_to - inside_from));
        c += inside_to - inside_from;
    }
    for (; c < width_bytes; c++)
        dst[c] = cmk_edge_byte(row, x + c, row_bytes, ts);
}

static inline int64_t cmk_clamp_row(int64_t row, int64_t height)
{
    return row < 0 ? 0 : row >= height ? height - 1 : row;
}

/* The slow path of cmk_block_read: some of the block is outside. An empty
 * surface has no edge to replicate; the block reads as zeros. */
static CMK_EDGE_PATH void
cmk_block_read_edges(const cmk_surface *s, int x, int y, uint8_t *dst,
                     int width_bytes, int rows, int dst_pitch)
{
    int64_t row_bytes = cmk_surface_row_bytes(s);
    int64_t ts = s->texel_size > 0 ? s->texel_size : 1;
    for (int r = 0; r < rows; r++) {
        uint8_t *out = dst + (ptrdiff_t)r * dst_pitch;
        if (row_bytes < ts || s->height <= 0) {
            memset(out, 0, (size_t)width_bytes);
            continue;
        }
        const uint8_t *row =
            cmk_surface_row(s, cmk_clamp_row((int64_t)y + r, s->height));
        cmk_read_row_edges(row, x, out, width_bytes, row_bytes, ts);
    }
}

/* Bytes ahead of a block row that a read asks the cache for. Kernels walk
 * their thread space in raster order, one block after another along the
 * rows, and a block reads a few rows at once (8 for the 3x3 filters): more
 * streams than the hardware prefetcher follows well, so a read of half a
 * line or more per row names the line four ahead on each of its rows. On
 * 3840x2160 pictures the filters' blocks take 5-10% less time; narrower
 * reads (a column of dwords, 16 bytes) gain nothing and skip it. A
 * prefetch never faults, wherever it points; the address is formed as an
 * integer since it may lie past the surface. */
enum { CMK_PREFETCH_AHEAD = 256, CMK_PREFETCH_MIN_WIDTH = 32 };

/* CM read(surface, x, y, matrix): row r of the block lands at
 * dst + r * dst_pitch. */
static inline void cmk_block_read(const cmk_surface *s, int x, int y,
                                  void *dst, int width_bytes, int rows,
                                  int dst_pitch)
{
    if (width_bytes <= 0 || rows <= 0)
        return;
    uint8_t *out = (uint8_t *)dst;
    if (CMK_LIKELY(cmk_block_is_inside(s, x, y, width_bytes, rows))) {
        const uint8_t *in = cmk_surface_row(s, y) + x;
        ptrdiff_t pitch = s->pitch; /* see cmk_block_write */
        for (int r = 0; r < rows; r++) {
            if (width_bytes >= CMK_PREFETCH_MIN_WIDTH)
                CMK_PREFETCH((const void *)((uintptr_t)(in + (ptrdiff_t)r * pitch) +
                                            CMK_PREFETCH_AHEAD));
            memcpy(out + (ptrdiff_t)r * dst_pitch, in + (ptrdiff_t)r * pitch,
                   (size_t)width_bytes);
        }
        return;
    }
    cmk_block_read_edges(s, x, y, out, width_bytes, rows, dst_pitch);
}

/* The slow path of cmk_block_write: clip the block to the surface and
 * copy what is left. */
static CMK_EDGE_PATH void
cmk_block_write_clipped(const cmk_surface *s, int x, int y,
                        const uint8_t *src, int width_bytes, int rows,
                        int src_pitch)
{
    int64_t row_bytes = cmk_surface_row_bytes(s);
    int64_t col_from = x < 0 ? 0 : x;
    int64_t col_to = (int64_t)x + width_bytes;
    if (col_to > row_bytes)
        col_to = row_bytes;
    int64_t row_from = y < 0 ? 0 : y;
    int64_t row_to = (int64_t)y + rows;
    if (row_to > s->height)
        row_to = s->height;
    if (col_to <= col_from)
        return;
    for (int64_t row = row_from; row < row_to; row++) {
        const uint8_t *in = src + (ptrdiff_t)(row - y) * src_pitch
                                + (col_from - x);
        memcpy(cmk_surface_row(s, row) + col_from, in,
               (size_t)(col_to - col_from));
    }
}

/* CM write(surface, x, y, matrix): row r of the block comes from
 * src + r * src_pitch. Bytes that fall outside the surface are dropped. */
static inline void cmk_block_write(const cmk_surface *s, int x, int y,
                                   const void *src, int width_bytes, int rows,
                                   int src_pitch)
{
    if (width_bytes <= 0 || rows <= 0)
        return;
    const uint8_t *in = (const uint8_t *)src;
    if (CMK_LIKELY(cmk_block_is_inside(s, x, y, width_bytes, rows))) {
        uint8_t *out = cmk_surface_row(s, y) + x;
        /* Read once: a byte store may alias *s as far as C knows, so
         * s->pitch in the loop would be loaded again after every row. */
        ptrdiff_t pitch = s->pitch;
        for (int r = 0; r < rows; r++)
            memcpy(out + (ptrdiff_t)r * pitch, in + (ptrdiff_t)r * src_pitch,
                   (size_t)width_bytes);
        return;
    }
    cmk_block_write_clipped(s, x, y, in, width_bytes, rows, src_pitch);
}

#endif /* CMK_BLOCK_IO_H */
