/*
 * integral_ref.c - the integral image by its recurrence, and a box filter
 * read off an integral image.
 */
#include "integral_ref.h"

#include <stddef.h>

void integral_ref(const unsigned char *in, int width, int height, uint32_t *out)
{
    for (int y = 0; y < height; y++) {
        uint32_t row_sum = 0; /* this row's pixels up to x */
        for (int x = 0; x < width; x++) {
            size_t at = (size_t)y * (size_t)width + (size_t)x;
            row_sum += in[at];
            out[at] = row_sum + (y ? out[at - (size_t)width] : 0);
        }
    }
}

/* S(x, y), with S = 0 left of or above the picture. */
static uint32_t sum_at(const uint32_t *sum, int width, int x, int y)
{
    return x < 0 || y < 0 ? 0 : sum[(size_t)y * (size_t)width + (size_t)x];
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void box_from_integral(const uint32_t *sum, int width, int height, int radius,
                       unsigned char *out)
{
    for (int y = 0; y < height; y++) {
        int y0 = clamp(y - radius, 0, height - 1) - 1;
        int y1 = clamp(y + radius, 0, height - 1);
        for (int x = 0; x < width; x++) {
            int x0 = clamp(x - radius, 0, width - 1) - 1;
            int x1 = clamp(x + radius, 0, width - 1);
            /* uint32 wraps, but the box's true sum fits, so the
             * difference is exact. */
            uint32_t box = sum_at(sum, width, x1, y1) - sum_at(sum, width, x0, y1) -
                           sum_at(sum, width, x1, y0) + sum_at(sum, width, x0, y0);
            uint32_t area = (uint32_t)(x1 - x0) * (uint32_t)(y1 - y0);
            out[(size_t)y * (size_t)width + (size_t)x] =
                (unsigned char)((box + area / 2) / area);
        }
    }
}
