/*
 * surface_fixture.h - small surfaces for the block I/O tests, laid out so
 * that stray accesses show: guard bytes before and after the buffer, pitch
 * padding after each row, each with a value texel data never has. With no
 * guard and no padding the buffer is exactly the surface, so AddressSanitizer
 * catches any read past it.
 */
#ifndef TEST_LIB_SURFACE_FIXTURE_H
#define TEST_LIB_SURFACE_FIXTURE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmk/abi.h"

enum {
    GUARD_BYTE = 0xA5,   /* before and after the surface */
    PADDING_BYTE = 0xEE, /* between width * texel_size and pitch */
    DATA_LIMIT = 157     /* texel bytes are 0..156: never a guard value */
};

typedef struct fixture {
    uint8_t *alloc;
    size_t alloc_size;
    size_t guard;
    cmk_surface s;
} fixture;

typedef struct fixture_shape {
    int width, height, padding, guard;
} fixture_shape;

/* Texel data: distinct over any 157 consecutive bytes of the surface. */
static inline uint8_t fixture_data_byte(const cmk_surface *s, int64_t row,
                                 int64_t bx)
{
    int64_t linear = row * s->width * s->texel_size + bx;
    return (uint8_t)(linear * 7 % DATA_LIMIT);
}

static inline fixture fixture_make(fixture_shape shape, int texel_size)
{
    fixture f;
    int row_bytes = shape.width * texel_size;
    f.s.width = shape.width;
    f.s.height = shape.height;
    f.s.texel_size = texel_size;
    f.s.pitch = row_bytes + shape.padding;
    f.guard = (size_t)shape.guard;
    f.alloc_size = 2 * f.guard + (size_t)f.s.pitch * (size_t)shape.height;
    f.alloc = malloc(f.alloc_size);
    if (!f.alloc)
        abort();
    memset(f.alloc, GUARD_BYTE, f.alloc_size);
    f.s.data = f.alloc + f.guard;
    for (int row = 0; row < shape.height; row++) {
        uint8_t *line = f.s.data + (size_t)row * (size_t)f.s.pitch;
        for (int bx = 0; bx < row_bytes; bx++)
            line[bx] = fixture_data_byte(&f.s, row, bx);
        memset(line + row_bytes, PADDING_BYTE, (size_t)shape.padding);
    }
    return f;
}

static inline void fixture_free(fixture *f) { free(f->alloc); }

/* Shapes: a 5x4 surface with and without padding and guards, a single
 * texel, a 1D buffer, and one large enough for whole 8x32 blocks. */
static const fixture_shape fixture_shapes[] = {
    {5, 4, 3, 16}, {5, 4, 0, 0}, {1, 1, 0, 0}, {1, 1, 2, 8},
    {7, 1, 0, 0},  {40, 36, 7, 16},
};

enum { FIXTURE_SHAPES = sizeof fixture_shapes / sizeof fixture_shapes[0] };

static const int texel_sizes[] = {1, 2, 4};

/* Blocks as width in bytes x rows. */
typedef struct block_shape {
    int width_bytes, rows;
} block_shape;

static const block_shape block_shapes[] = {
    {1, 1}, {3, 2}, {4, 1}, {5, 3}, {2, 7}, {16, 4}, {8, 32}, {24, 6}, {32, 8},
};

enum { BLOCK_SHAPES = sizeof block_shapes / sizeof block_shapes[0] };

#endif /* TEST_LIB_SURFACE_FIXTURE_H */
