/*
 * picture_grey.c - RGB pictures to and from 8-bit grey, for the samples
 * whose kernels work on one channel.
 */
#include "picture.h"

void picture_to_grey(const picture *pic, unsigned char *grey)
{
    size_t pixels = picture_bytes(pic) / 3;
    for (size_t i = 0; i < pixels; i++) {
        const unsigned char *p = pic->rgb + 3 * i;
        /* BT.601 weights in 1/256ths: 77 + 150 + 29 = 256. */
        grey[i] = (unsigned char)((77u * p[0] + 150u * p[1] + 29u * p[2] + 128u) >> 8);
    }
}

void picture_from_grey(const unsigned char *grey, picture *pic)
{
    size_t pixels = picture_bytes(pic) / 3;
    for (size_t i = 0; i < pixels; i++) {
        unsigned char *p = pic->rgb + 3 * i;
        p[0] = p[1] = p[2] = grey[i];
    }
}
