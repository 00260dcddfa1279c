/*
 * picture_scale.h - resizing a picture, so that a sample can be measured at
 * a standard size (1920x1080, ...) whatever its input.
 */
#ifndef SAMPLES_PICTURE_SCALE_H
#define SAMPLES_PICTURE_SCALE_H

#include "picture.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Allocates *dst at width x height and fills it from src by bilinear
 * interpolation (exact integer arithmetic: the same bytes on every
 * machine). The caller frees *dst with picture_free. */
int picture_scale(const picture *src, int width, int height, picture *dst,
                  picture_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SAMPLES_PICTURE_SCALE_H */
