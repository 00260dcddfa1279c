/*
 * linear_ref.c - the linear filter's reference: a 3x3 box sum per byte,
 * with media block reads' edge rules (cmc's DESIGN 4.5): rows clamp to the
 * surface, and a byte left or right of a row comes from the nearest edge
 * texel, at the same byte position within the texel.
 */
#include "linear_ref.h"

#include <stddef.h>

/* Bytes of one RGB pixel: the box's columns are this far apart. */
#define PIXEL_BYTES 3

typedef struct surface_view {
    const unsigned char *bytes;
    int row_bytes, height, texel_size;
} surface_view;

/* Byte b of row r as a media block read returns it, inside or outside. */
static unsigned char read_byte(const surface_view *s, int r, int b)
{
    if (r < 0)
        r = 0;
    if (r > s->height - 1)
        r = s->height - 1;
    const unsigned char *row = s->bytes + (size_t)r * (size_t)s->row_bytes;
    if (b >= 0 && b < s->row_bytes)
        return row[b];
    int ts = s->texel_size;
    int byte_in_texel = ((b % ts) + ts) % ts; /* b may be negative */
    int edge_texel = b < 0 ? 0 : s->row_bytes - ts;
    return row[edge_texel + byte_in_texel];
}

unsigned char linear_ref_scale(int sum)
{
    /* The sum is an integer below 2^24, so exact in float; the kernels
     * multiply in float and convert to uchar by truncation. */
    float scaled = (float)sum * 0.111f;
    if (scaled <= 0.0f)
        return 0;
    if (scaled >= 255.0f)
        return 255;
    return (unsigned char)scaled;
}

static int box_sum(const surface_view *s, int y, int b)
{
    int sum = 0;
    for (int dr = 0; dr < 3; dr++)
        for (int dc = 0; dc < 3; dc++)
            sum += read_byte(s, y + dr, b + PIXEL_BYTES * dc);
    return sum;
}

void linear_ref(const unsigned char *in, unsigned char *out, int row_bytes,
                int height, int texel_size)
{
    surface_view s = {in, row_bytes, height, texel_size};
    for (int y = 0; y < height; y++)
        for (int b = 0; b < row_bytes; b++)
            out[(size_t)y * (size_t)row_bytes + (size_t)b] =
                linear_ref_scale(box_sum(&s, y, b));
}
