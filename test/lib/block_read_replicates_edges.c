/*
 * cmk_block_read against the rule of cl_intel_media_block_io ("Additional
 * notes on out-of-bound reads"), checked byte by byte at every position
 * from wholly outside the top-left to wholly outside the bottom-right, for
 * texel sizes 1, 2 and 4, plus the spec's own examples and positions where
 * x + width or y + rows would overflow an int.
 */
#include <limits.h>

#include "check.h"
#include "cmk/block_io.h"
#include "surface_fixture.h"

/* The rule, one byte at a time: rows clamp; a byte left or right of the
 * row is the same byte of the edge texel. */
static uint8_t reference_read_byte(const cmk_surface *s, int64_t bx,
                                   int64_t row)
{
    int64_t ts = s->texel_size;
    int64_t row_bytes = (int64_t)s->width * ts;
    if (row < 0)
        row = 0;
    if (row >= s->height)
        row = s->height - 1;
    int64_t texel, byte;
    if (bx < 0) {
        texel = 0;
        byte = ((bx % ts) + ts) % ts;
    } else if (bx >= row_bytes) {
        texel = s->width - 1;
        byte = ((bx % ts) + ts) % ts;
    } else {
        texel = bx / ts;
        byte = bx % ts;
    }
    return s->data[row * s->pitch + texel * ts + byte];
}

enum { DST_GAP = 5, DST_GUARD = 8, DST_FILL = 0x5A };

/* Reads one block into a destination with a pitch wider than the block
 * and guards around it, then checks every byte of the destination. */
static void check_read_at(const cmk_surface *s, int x, int y, block_shape b)
{
    static uint8_t buffer[2 * DST_GUARD + 32 * (32 + DST_GAP)];
    int dst_pitch = b.width_bytes + DST_GAP;
    size_t used = (size_t)(b.rows * dst_pitch);
    memset(buffer, DST_FILL, sizeof buffer);
    uint8_t *dst = buffer + DST_GUARD;
    cmk_block_read(s, x, y, dst, b.width_bytes, b.rows, dst_pitch);
    for (int r = 0; r < b.rows; r++) {
        for (int c = 0; c < dst_pitch; c++) {
            uint8_t got = dst[r * dst_pitch + c];
            uint8_t want = c < b.width_bytes
                               ? reference_read_byte(s, (int64_t)x + c,
                                                     (int64_t)y + r)
                               : DST_FILL;
            CHECK(got == want,
                  "ts %d %dx%d surface, %dx%d block at (%d,%d): byte (%d,%d) "
                  "is %d, want %d", s->texel_size, s->width, s->height,
                  b.width_bytes, b.rows, x, y, c, r, got, want);
        }
    }
    for (size_t i = 0; i < sizeof buffer; i++)
        if (i < DST_GUARD || i >= DST_GUARD + used)
            CHECK(buffer[i] == DST_FILL, "read wrote outside its block");
}

static void check_every_position(const cmk_surface *s, block_shape b)
{
    int row_bytes = s->width * s->texel_size;
    for (int y = -b.rows - 3; y <= s->height + 3; y++)
        for (int x = -b.width_bytes - 9; x <= row_bytes + 9; x++)
            check_read_at(s, x, y, b);
}

static void check_extreme_positions(const cmk_surface *s, block_shape b)
{
    const int xs[] = {INT_MIN, INT_MIN + 1, -b.width_bytes, INT_MAX - 40,
                      INT_MAX - b.width_bytes + 1, INT_MAX};
    const int ys[] = {INT_MIN, -1, 0, INT_MAX - b.rows + 1, INT_MAX};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++)
        for (size_t j = 0; j < sizeof ys / sizeof ys[0]; j++)
            check_read_at(s, xs[i], ys[j], b);
}

/* The spec's examples, spelled out: a boundary dword B0B1B2B3 read one
 * dword beyond the left and the right edge. */
static void check_spec_examples(void)
{
    static const struct {
        int texel_size;
        uint8_t left[4], right[4];
    } examples[] = {
        {1, {0, 0, 0, 0}, {3, 3, 3, 3}},
        {2, {0, 1, 0, 1}, {2, 3, 2, 3}},
        {4, {0, 1, 2, 3}, {0, 1, 2, 3}},
    };
    uint8_t bytes[4] = {0, 1, 2, 3};
    for (size_t i = 0; i < 3; i++) {
        int ts = examples[i].texel_size;
        cmk_surface s = {bytes, 4 / ts, 1, 4, ts};
        uint8_t got[4];
        cmk_block_read(&s, -4, 0, got, 4, 1, 4);
        CHECK(memcmp(got, examples[i].left, 4) == 0,
              "ts %d: left replication", ts);
        cmk_block_read(&s, 4, 0, got, 4, 1, 4);
        CHECK(memcmp(got, examples[i].right, 4) == 0,
              "ts %d: right replication", ts);
    }
}

/* Kernels pass constant sizes, so the inlined fast path is specialised;
 * check one such call against the reference too. */
static void check_constant_size_read(const cmk_surface *s)
{
    for (int y = -2; y <= s->height; y++)
        for (int x = -9; x <= s->width * s->texel_size; x++) {
            uint8_t m[3][8];
            cmk_block_read(s, x, y, m, 8, 3, 8);
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 8; c++)
                    CHECK(m[r][c] == reference_read_byte(s, x + c, y + r),
                          "constant 8x3 read at (%d,%d)", x, y);
        }
}

int main(void)
{
    check_spec_examples();
    for (size_t i = 0; i < FIXTURE_SHAPES; i++) {
        for (size_t t = 0; t < 3; t++) {
            fixture f = fixture_make(fixture_shapes[i], texel_sizes[t]);
            for (size_t b = 0; b < BLOCK_SHAPES; b++) {
                check_every_position(&f.s, block_shapes[b]);
                check_extreme_positions(&f.s, block_shapes[b]);
            }
            check_constant_size_read(&f.s);
            fixture_free(&f);
        }
    }
    return check_report("block_read_replicates_edges");
}
