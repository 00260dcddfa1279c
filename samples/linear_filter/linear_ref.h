/*
 * linear_ref.h - the plain C reference of the linear filter kernels in
 * linear_genx.cpp, written from what the kernels mean rather than from
 * their code, to check every kernel's output byte for byte.
 */
#ifndef SAMPLES_LINEAR_REF_H
#define SAMPLES_LINEAR_REF_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The kernels' output for an input surface of `height` rows of `row_bytes`
 * bytes (an RGB picture's rows, width * 3 bytes), into `out` of the same
 * shape. `texel_size` is the surface format's texel size in bytes (4 for
 * A8R8G8B8, 1 for A8), the unit in which reads past the left and right
 * edges replicate the edge texel; row_bytes is a multiple of it.
 *
 * Output byte (y, b) is 0.111f times the sum of the input bytes (y + dr,
 * b + 3 * dc), dr and dc in 0..2: the 3x3 pixel box whose top-left pixel is
 * the output pixel (the kernels read their input block at the position
 * they write their output block), truncated to an integer and saturated to
 * 0..255. Rows past the bottom repeat the last row, as media block reads
 * do.
 */
void linear_ref(const unsigned char *in, unsigned char *out, int row_bytes,
                int height, int texel_size);

/* One output byte from the sum of its nine input bytes. */
unsigned char linear_ref_scale(int sum);

#ifdef __cplusplus
}
#endif

#endif /* SAMPLES_LINEAR_REF_H */
