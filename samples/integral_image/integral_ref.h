/*
 * integral_ref.h - the plain C integral image that CalcIntImage is checked
 * against, written from the definition, and what the sample makes of an
 * integral image for a person to look at: a box-filtered picture.
 */
#ifndef SAMPLES_INTEGRAL_REF_H
#define SAMPLES_INTEGRAL_REF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* out[y * width + x] = the sum of in[j * width + i] over i <= x, j <= y. */
void integral_ref(const unsigned char *in, int width, int height, uint32_t *out);

/* The mean of each pixel's (2 * radius + 1)^2 box, clipped at the picture's
 * edges, from the integral image `sum` (width x height), rounded to
 * nearest: four look-ups a pixel whatever the radius. */
void box_from_integral(const uint32_t *sum, int width, int height, int radius,
                       unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif /* SAMPLES_INTEGRAL_REF_H */
