/*
 * blocks.c - media block writes in pieces end to end: each kernel of
 * blocks.cpp, built by cmc and run by libcmrt on one thread, against a
 * plain C reference of CM's write as the seeds define it: the block's
 * bytes land row by row at (x, y) of the surface, and those outside the
 * surface are dropped. The reference writes every piece on its own, in
 * the kernel's order, at positions on, across and off every edge.
 *
 * usage: blocks <blocks.isa>
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cm_check.h"
#include "rig.h"

enum { W = 96, IN_ROWS = 16, OUT_ROWS = 24, UNWRITTEN = 0xa5 };

/* One write: `rows` rows of `elems` elements of `esize` bytes, every
 * `stride`-th element from (src_row, src_col) of a matrix whose row 0 is
 * input row `mat_row` and whose rows are `mat_pitch` bytes, written at
 * (x + dx, y + dy), or at (dx, dy) when `fixed`. */
typedef struct piece {
    int dx, dy;
    int mat_row, mat_pitch, esize;
    int src_row, src_col, rows, elems, stride;
    int fixed;
} piece;

typedef struct block_case {
    const char *kernel;
    piece pieces[10];
    int npieces;
} block_case;

/* Pieces of the matrices of blocks.cpp, read from input row 0 (m<uchar,
 * 4, 24>: row 1): m<uint, 16, 16>, m<uchar, 8, 48>, v<ushort, 32>,
 * m<uchar, 4, 24>, m<uchar, 8, 32>, m<uchar, 2, 64>. */
#define U32x16(dx, dy, r, c, rows, elems) {dx, dy, 0, 64, 4, r, c, rows, elems, 1, 0}
#define U8x48(dx, dy, r, c) {dx, dy, 0, 48, 1, r, c, 4, 16, 1, 0}
#define U16x32(dx, dy, c) {dx, dy, 0, 64, 2, 0, c, 1, 16, 1, 0}
#define U8x24(dx, dy, r, c, rows, elems) {dx, dy, 1, 24, 1, r, c, rows, elems, 1, 0}
#define U8x24_FIXED(dx, dy, r, c, rows, elems) {dx, dy, 1, 24, 1, r, c, rows, elems, 1, 1}
#define U8x32(dx, dy, r, c, elems, stride) {dx, dy, 0, 32, 1, r, c, 2, elems, stride, 0}
#define U8x64(dx, dy, r, c, elems) {dx, dy, 0, 64, 1, r, c, 1, elems, 1, 0}

static const block_case cases[] = {
    {"quarters_uint",
     {U32x16(0, 0, 0, 0, 8, 8), U32x16(32, 0, 0, 8, 8, 8), U32x16(0, 8, 8, 0, 8, 8),
      U32x16(32, 8, 8, 8, 8, 8)},
     4},
    {"sixths_shuffled",
     {U8x48(32, 4, 4, 32), U8x48(0, 0, 0, 0), U8x48(16, 4, 4, 16), U8x48(32, 0, 0, 32),
      U8x48(0, 4, 4, 0), U8x48(16, 0, 0, 16)},
     6},
    {"rows_and_halves",
     {U16x32(0, 0, 0), U16x32(32, 0, 16), U8x24(0, 1, 0, 0, 1, 24), U8x24(0, 2, 1, 0, 1, 24),
      U8x24(0, 3, 2, 0, 1, 24), U8x24(0, 4, 3, 0, 1, 24), U8x24_FIXED(40, 9, 0, 8, 2, 8),
      U8x24_FIXED(48, 9, 0, 16, 2, 8)},
     8},
    {"near_misses",
     {U8x32(0, 0, 0, 0, 16, 1), U8x32(20, 0, 0, 16, 16, 1), U8x32(0, 2, 2, 0, 16, 1),
      U8x32(8, 2, 2, 16, 16, 1), U8x32(0, 4, 4, 16, 16, 1), U8x32(16, 4, 4, 0, 16, 1),
      U8x32(0, 6, 6, 0, 8, 2), U8x32(8, 6, 6, 16, 8, 1), U8x32(32, 0, 0, 0, 8, 1),
      U8x32(40, 0, 0, 8, 8, 1)},
     10},
    {"overlap_and_gap", {U8x64(0, 0, 0, 0, 32), U8x64(16, 0, 0, 16, 32), U8x64(0, 1, 1, 0, 64)}, 3},
};

static void write_piece(const uint8_t *in, const piece *p, int x, int y, uint8_t *out)
{
    for (int r = 0; r < p->rows; r++)
        for (int e = 0; e < p->elems; e++)
            for (int b = 0; b < p->esize; b++) {
                int ox = (p->fixed ? 0 : x) + p->dx + e * p->esize + b;
                int oy = (p->fixed ? 0 : y) + p->dy + r;
                int ix = p->src_col * p->esize + e * p->stride * p->esize + b;
                int iy = p->mat_row + p->src_row + r;
                if (ox >= 0 && ox < W && oy >= 0 && oy < OUT_ROWS)
                    out[oy * W + ox] = in[iy * W + ix];
            }
}

static void reference(const block_case *c, const uint8_t *in, int x, int y, uint8_t *out)
{
    memset(out, UNWRITTEN, (size_t)W * OUT_ROWS);
    for (int i = 0; i < c->npieces; i++)
        write_piece(in, &c->pieces[i], x, y, out);
}

/* On the surface, across each edge and corner, and wholly off it. */
static const int places[][2] = {
    {0, 0},   {8, 3},    {W - 64, OUT_ROWS - 16}, {-8, -3}, {-20, 5},  {W - 40, 2},
    {5, -6},  {3, OUT_ROWS - 5}, {W - 20, OUT_ROWS - 4}, {-64, 0}, {0, -16}, {W, 0},
    {0, OUT_ROWS}, {-300, -300}, {400, 400},
};

static int check_case(rig *g, const block_case *c, const uint8_t *in)
{
    cmrt_kernel *k = NULL;
    cm_result_check(cmrt_kernel_create(g->program, c->kernel, &k));
    int failed = 0;
    for (size_t p = 0; p < sizeof places / sizeof places[0] && !failed; p++) {
        int x = places[p][0], y = places[p][1];
        int32_t at = ((x + 512) << 10) | (y + 512);
        uint8_t got[W * OUT_ROWS], want[W * OUT_ROWS];
        rig_run(g, k, in, UNWRITTEN, got, &at, sizeof at);
        reference(c, in, x, y, want);
        for (int i = 0; i < W * OUT_ROWS && !failed; i++)
            if (got[i] != want[i]) {
                printf("FAIL %s at (%d, %d): byte (%d, %d) is %d, want %d\n", c->kernel, x, y,
                       i % W, i / W, got[i], want[i]);
                failed = 1;
            }
    }
    cm_result_check(cmrt_kernel_destroy(k));
    return failed;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s <blocks.isa>\n", argv[0]);
        return 2;
    }
    uint8_t in[W * IN_ROWS];
    for (int i = 0; i < W * IN_ROWS; i++)
        in[i] = (uint8_t)rig_random();
    rig g;
    rig_open(&g, argv[1], W, IN_ROWS, OUT_ROWS);
    int failed = 0;
    size_t ncases = sizeof cases / sizeof cases[0];
    for (size_t c = 0; c < ncases; c++)
        failed += check_case(&g, &cases[c], in);
    rig_close(&g);
    printf("blocks: %zu kernels pass, %d fail\n", ncases - (size_t)failed, failed);
    return failed != 0;
}
