/*
 * picture.h - an 8-bit RGB picture in memory and its files: PPM (P6) in and
 * out, PNG out. Shared by the samples and their tests.
 *
 * Errors never abort: each function returns 0 on success and -1 on failure,
 * with a one-line reason (naming the file) in err.
 */
#ifndef SAMPLES_PICTURE_H
#define SAMPLES_PICTURE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Rows of width*3 bytes (R, G, B), top row first, no padding. */
typedef struct picture {
    int width;
    int height;
    unsigned char *rgb;
} picture;

typedef struct picture_error {
    char text[512];
} picture_error;

/* Allocates a picture; the caller frees it with picture_free. */
int picture_alloc(picture *pic, int width, int height, picture_error *err);
void picture_free(picture *pic);
size_t picture_bytes(const picture *pic);

/* Reads a binary PPM (P6, maxval 255); the caller frees it with picture_free. */
int ppm_read(const char *path, picture *pic, picture_error *err);
int ppm_write(const char *path, const picture *pic, picture_error *err);

/* Writes an RGB PNG with stored (uncompressed) deflate blocks: no library,
 * bigger files, readable by every viewer. */
int png_write(const char *path, const picture *pic, picture_error *err);

/* Grey pictures: width * height bytes, top row first (picture_grey.c). */

/* Luma of each pixel (BT.601 weights in 1/256ths, rounded) into grey. */
void picture_to_grey(const picture *pic, unsigned char *grey);
/* Each grey byte as an R = G = B pixel of pic (already allocated). */
void picture_from_grey(const unsigned char *grey, picture *pic);

#ifdef __cplusplus
}
#endif

#endif /* SAMPLES_PICTURE_H */
