/*
 * picture_scale.c - bilinear resizing in 8-bit fixed point.
 *
 * Destination pixel centres map to source positions in 1/256ths of a
 * pixel; each output sample mixes the four source pixels around that
 * position. Positions outside the source clamp to its edge.
 */
#include "picture_scale.h"

#include <stdint.h>
#include <stdlib.h>

#include "picture_fail.h"

/* Where destination pixel i of an axis samples the source: between pixels
 * lo and hi, `frac`/256 of the way to hi. */
typedef struct axis_tap {
    int lo, hi, frac;
} axis_tap;

static axis_tap map_axis(int i, int dst_len, int src_len)
{
    /* The centre of pixel i is (i + 0.5) * src_len / dst_len source pixels
     * from the edge; pixel centres are at k + 0.5. */
    int64_t pos = ((int64_t)(2 * i + 1) * src_len * 256) / (2 * (int64_t)dst_len)
                  - 128;
    axis_tap t;
    if (pos < 0)
        pos = 0;
    t.lo = (int)(pos >> 8);
    t.frac = (int)(pos & 255);
    if (t.lo >= src_len - 1) {
        t.lo = src_len - 1;
        t.frac = 0;
    }
    t.hi = t.lo + (t.frac ? 1 : 0);
    return t;
}

static unsigned char mix(const picture *src, axis_tap x, axis_tap y, int c)
{
    const unsigned char *top = src->rgb + (size_t)y.lo * src->width * 3;
    const unsigned char *bottom = src->rgb + (size_t)y.hi * src->width * 3;
    int fx = x.frac, fy = y.frac;
    /* At most 255 * 256 * 256: no overflow in an int. */
    int upper = top[x.lo * 3 + c] * (256 - fx) + top[x.hi * 3 + c] * fx;
    int lower = bottom[x.lo * 3 + c] * (256 - fx) + bottom[x.hi * 3 + c] * fx;
    return (unsigned char)((upper * (256 - fy) + lower * fy + 32768) >> 16);
}

int picture_scale(const picture *src, int width, int height, picture *dst,
                  picture_error *err)
{
    if (picture_alloc(dst, width, height, err) != 0)
        return -1;
    axis_tap *columns = malloc((size_t)width * sizeof *columns);
    if (!columns) {
        picture_free(dst);
        picture_fail(err, "out of memory scaling to %dx%d", width, height);
        return -1;
    }
    for (int x = 0; x < width; x++)
        columns[x] = map_axis(x, width, src->width);
    for (int y = 0; y < height; y++) {
        axis_tap row = map_axis(y, height, src->height);
        unsigned char *out = dst->rgb + (size_t)y * width * 3;
        for (int x = 0; x < width; x++)
            for (int c = 0; c < 3; c++)
                *out++ = mix(src, columns[x], row, c);
    }
    free(columns);
    return 0;
}
