/*
 * cmk_block_write: bytes inside the surface are written, bytes outside are
 * dropped, and nothing else changes - not the pitch padding, not the guard
 * bytes around the buffer, not the source's gaps. Checked against a
 * byte-by-byte reference at every position from wholly outside the top-left
 * to wholly outside the bottom-right, for texel sizes 1, 2 and 4.
 */
#include <limits.h>

#include "check.h"
#include "cmk/block_io.h"
#include "surface_fixture.h"

enum { SRC_GAP = 3, SRC_GAP_BYTE = 0x11 };

/* Block bytes are 170..236: neither texel data, guard nor padding. */
static uint8_t block_byte(int r, int c) { return (uint8_t)(170 + (r * 31 + c) * 13 % 67); }

/* The rule, one byte at a time, applied to a copy of the whole buffer. */
static void reference_write(const fixture *f, uint8_t *copy, int x, int y,
                            const uint8_t *src, block_shape b, int src_pitch)
{
    int64_t row_bytes = (int64_t)f->s.width * f->s.texel_size;
    for (int r = 0; r < b.rows; r++)
        for (int c = 0; c < b.width_bytes; c++) {
            int64_t bx = (int64_t)x + c, row = (int64_t)y + r;
            if (bx < 0 || bx >= row_bytes || row < 0 || row >= f->s.height)
                continue;
            copy[f->guard + (size_t)(row * f->s.pitch + bx)] =
                src[r * src_pitch + c];
        }
}

static void check_write_at(fixture *f, int x, int y, block_shape b)
{
    static uint8_t src[32 * (32 + SRC_GAP)];
    static uint8_t before[2 * 16 + 36 * (160 + 7)], want[sizeof before];
    int src_pitch = b.width_bytes + SRC_GAP;
    memset(src, SRC_GAP_BYTE, sizeof src);
    for (int r = 0; r < b.rows; r++)
        for (int c = 0; c < b.width_bytes; c++)
            src[r * src_pitch + c] = block_byte(r, c);
    if (f->alloc_size > sizeof before)
        abort();
    memcpy(before, f->alloc, f->alloc_size);
    memcpy(want, f->alloc, f->alloc_size);
    reference_write(f, want, x, y, src, b, src_pitch);

    cmk_block_write(&f->s, x, y, src, b.width_bytes, b.rows, src_pitch);
    for (size_t i = 0; i < f->alloc_size; i++)
        CHECK(f->alloc[i] == want[i],
              "ts %d %dx%d surface, %dx%d block at (%d,%d): buffer byte %zu "
              "is %d, want %d", f->s.texel_size, f->s.width, f->s.height,
              b.width_bytes, b.rows, x, y, i, f->alloc[i], want[i]);
    memcpy(f->alloc, before, f->alloc_size); /* next position starts clean */
}

static void check_every_position(fixture *f, block_shape b)
{
    int row_bytes = f->s.width * f->s.texel_size;
    for (int y = -b.rows - 3; y <= f->s.height + 3; y++)
        for (int x = -b.width_bytes - 9; x <= row_bytes + 9; x++)
            check_write_at(f, x, y, b);
}

static void check_extreme_positions(fixture *f, block_shape b)
{
    const int xs[] = {INT_MIN, INT_MIN + 1, -b.width_bytes + 1, INT_MAX - 40,
                      INT_MAX - b.width_bytes + 1, INT_MAX};
    const int ys[] = {INT_MIN, -1, 0, INT_MAX - b.rows + 1, INT_MAX};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++)
        for (size_t j = 0; j < sizeof ys / sizeof ys[0]; j++)
            check_write_at(f, xs[i], ys[j], b);
}

/* A constant-size write, as kernels make them, wholly inside. */
static void check_constant_size_write(void)
{
    fixture f = fixture_make((fixture_shape){40, 36, 7, 16}, 1);
    uint8_t m[4][16];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 16; c++)
            m[r][c] = block_byte(r, c);
    cmk_block_write(&f.s, 9, 5, m, 16, 4, 16);
    for (int row = 0; row < 36; row++)
        for (int bx = 0; bx < 40; bx++) {
            int inside = row >= 5 && row < 9 && bx >= 9 && bx < 25;
            uint8_t want = inside ? block_byte(row - 5, bx - 9)
                                  : fixture_data_byte(&f.s, row, bx);
            CHECK(f.s.data[row * f.s.pitch + bx] == want,
                  "constant 16x4 write: byte (%d,%d)", bx, row);
        }
    fixture_free(&f);
}

int main(void)
{
    for (size_t i = 0; i < FIXTURE_SHAPES; i++) {
        for (size_t t = 0; t < 3; t++) {
            fixture f = fixture_make(fixture_shapes[i], texel_sizes[t]);
            for (size_t b = 0; b < BLOCK_SHAPES; b++) {
                check_every_position(&f, block_shapes[b]);
                check_extreme_positions(&f, block_shapes[b]);
            }
            fixture_free(&f);
        }
    }
    check_constant_size_write();
    return check_report("block_write_drops_outside");
}
