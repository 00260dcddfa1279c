/*
 * cmk/lanes.h - the 8-bit lane operations (cm_broadcast, cm_scan_*,
 * cm_shuffle*), with the results cl_intel_subgroups_char defines for a
 * sub-group whose work items hold the elements of a char or uchar vector:
 * lane i is element i, n lanes.
 *
 * Every helper reads packed operand arrays and writes the whole result
 * array out (which never aliases them). Naming: cmk_<op>_i8 / _u8.
 *
 * - Results have the data's type: sums wrap modulo 256, as the
 *   extension's char and uchar overloads return char and uchar.
 * - Exclusive scans start from the operation's identity (OpenCL C,
 *   sub_group_scan_exclusive_*): 0 for add, the type's largest value for
 *   min (127, 255), its smallest for max (-128, 0).
 * - Values the extension leaves undefined are defined here, so a result
 *   never depends on anything but the operands: a lane or index is taken
 *   modulo n; a shuffle_down delta modulo 2n over the 2n lanes of current
 *   then next (shuffle_up likewise over previous then current); a
 *   shuffle_xor value modulo n (n is a power of two, checked by cmc).
 *
 * Speed: n is a constant once the helper is inlined. A shuffle of 8, 16
 * or 32 lanes is one byte permutation (pshufb, vpermb, vpermi2b) where
 * the target has it, else a loop; scans go lane by lane (see
 * CMK_DEFINE_LANE_SCAN); broadcasts are one fill.
 */
#ifndef CMK_LANES_H
#define CMK_LANES_H

#include <stdint.h>
#include <string.h>

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

enum { CMK_LANES_WIDE = 64 };

/* o[i] = v[k[i]], every k[i] < n: the bytes of char and uchar alike. */
static inline void cmk_lane_permute(const void *vp, const uint8_t *k, void *op, int n)
{
    const uint8_t *v = (const uint8_t *)vp;
    uint8_t *o = (uint8_t *)op;
#if defined(__AVX512VBMI__) && defined(__AVX512VL__)
    if (n == 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)v);
        __m256i i = _mm256_loadu_si256((const __m256i *)k);
        _mm256_storeu_si256((__m256i *)o, _mm256_permutexvar_epi8(i, x));
        return;
    }
#elif defined(__AVX2__)
    if (n == 32) { /* pshufb stays inside 16-byte halves: pick from both */
        __m256i x = _mm256_loadu_si256((const __m256i *)v);
        __m256i i = _mm256_loadu_si256((const __m256i *)k);
        __m256i lo = _mm256_shuffle_epi8(_mm256_permute2x128_si256(x, x, 0x00), i);
        __m256i hi = _mm256_shuffle_epi8(_mm256_permute2x128_si256(x, x, 0x11), i);
        /* bit 4 of each index (the upper half) to bit 7, blendv's select */
        _mm256_storeu_si256((__m256i *)o, _mm256_blendv_epi8(lo, hi, _mm256_slli_epi16(i, 3)));
        return;
    }
#endif
#if defined(__SSSE3__)
    if (n == 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)v);
        __m128i i = _mm_loadu_si128((const __m128i *)k);
        _mm_storeu_si128((__m128i *)o, _mm_shuffle_epi8(x, i));
        return;
    }
    if (n == 8) {
        __m128i x = _mm_loadl_epi64((const __m128i *)v);
        __m128i i = _mm_loadl_epi64((const __m128i *)k);
        _mm_storel_epi64((__m128i *)o, _mm_shuffle_epi8(x, i));
        return;
    }
#endif
    for (int j = 0; j < n; j++)
        o[j] = v[k[j]];
}

/* o[i] = lane k[i] of first ++ second, every k[i] < 2n; 0 when the
 * target has no two-source byte permutation for n lanes. */
static inline int cmk_lane_permute2(const void *first, const void *second, const uint8_t *k,
                                    void *o, int n)
{
#if defined(__AVX512VBMI__) && defined(__AVX512VL__)
    if (n == 32) {
        __m256i f = _mm256_loadu_si256((const __m256i *)first);
        __m256i s = _mm256_loadu_si256((const __m256i *)second);
        __m256i i = _mm256_loadu_si256((const __m256i *)k);
        _mm256_storeu_si256((__m256i *)o, _mm256_permutex2var_epi8(f, i, s));
        return 1;
    }
    if (n == 16) {
        __m128i f = _mm_loadu_si128((const __m128i *)first);
        __m128i s = _mm_loadu_si128((const __m128i *)second);
        __m128i i = _mm_loadu_si128((const __m128i *)k);
        _mm_storeu_si128((__m128i *)o, _mm_permutex2var_epi8(f, i, s));
        return 1;
    }
#endif
#if defined(__SSSE3__)
    if (n == 8) { /* both sources fit one register */
        __m128i fs = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)first),
                                        _mm_loadl_epi64((const __m128i *)second));
        __m128i i = _mm_loadl_epi64((const __m128i *)k);
        _mm_storel_epi64((__m128i *)o, _mm_shuffle_epi8(fs, i));
        return 1;
    }
#endif
    (void)first, (void)second, (void)k, (void)o, (void)n;
    return 0;
}

/* o[i] = lane (i + d) mod 2n of first ++ second, d < 2n. */
static inline void cmk_lane_window(const void *first, const void *second, uint32_t d, void *o,
                                   int n)
{
    const uint8_t *f = (const uint8_t *)first, *s = (const uint8_t *)second;
    uint8_t *out = (uint8_t *)o;
    uint32_t un = (uint32_t)n, i = 0;
    if (n <= CMK_LANES_WIDE) {
        uint8_t k[CMK_LANES_WIDE];
        for (int j = 0; j < n; j++)
            k[j] = (uint8_t)(((uint32_t)j + d) % (2 * un));
        if (cmk_lane_permute2(f, s, k, out, n))
            return;
    }
    if (d > un) { /* starts inside second, wraps to first */
        const uint8_t *swap = f;
        f = s;
        s = swap;
        d -= un;
    }
    for (; i < un - d; i++) /* two contiguous copies: the loops become moves */
        out[i] = f[i + d];
    for (; i < un; i++)
        out[i] = s[i + d - un];
}

/* An inclusive or exclusive scan of n lanes with operation OP (of two T,
 * giving T) from identity ID, lane by lane: measured faster than log2(n)
 * whole-array steps, whose shifted reloads stall on the stores before. */
#define CMK_DEFINE_LANE_SCAN(name, T, ID, OP)                                         \
    static inline void name(const T *v, T *o, int n, int exclusive)                   \
    {                                                                                 \
        T s = ID;                                                                     \
        for (int i = 0; i < n; i++) {                                                 \
            T next = OP(s, v[i]);                                                     \
            o[i] = exclusive ? s : next;                                              \
            s = next;                                                                 \
        }                                                                             \
    }

#define CMK_LANE_ADD(T, x, y) ((T)(uint8_t)((uint8_t)(x) + (uint8_t)(y)))
#define CMK_LANE_MIN(x, y) ((y) < (x) ? (y) : (x))
#define CMK_LANE_MAX(x, y) ((y) > (x) ? (y) : (x))
#define CMK_LANE_ADD_I8(x, y) CMK_LANE_ADD(int8_t, x, y)
#define CMK_LANE_ADD_U8(x, y) CMK_LANE_ADD(uint8_t, x, y)

/* The helpers of one element type; A is its wrapping add. */
#define CMK_DEFINE_LANES(t, T, TMIN, TMAX, A)                                         \
    CMK_DEFINE_LANE_SCAN(cmk_lane_scan_add_##t, T, 0, A)                              \
    CMK_DEFINE_LANE_SCAN(cmk_lane_scan_min_##t, T, TMAX, CMK_LANE_MIN)                \
    CMK_DEFINE_LANE_SCAN(cmk_lane_scan_max_##t, T, TMIN, CMK_LANE_MAX)                \
    /* intel_sub_group_broadcast(x, sub_group_local_id) */                            \
    static inline void cmk_broadcast_##t(const T *v, const uint32_t *lane, T *o, int n) \
    {                                                                                 \
        T x = v[lane[0] % (uint32_t)n];                                               \
        for (int i = 0; i < n; i++)                                                   \
            o[i] = x;                                                                 \
    }                                                                                 \
    /* intel_sub_group_scan_inclusive_add/min/max(x) */                               \
    static inline void cmk_scan_inclusive_add_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        cmk_lane_scan_add_##t(v, o, n, 0);                                            \
    }                                                                                 \
    static inline void cmk_scan_inclusive_min_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        cmk_lane_scan_min_##t(v, o, n, 0);                                            \
    }                                                                                 \
    static inline void cmk_scan_inclusive_max_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        cmk_lane_scan_max_##t(v, o, n, 0);                                            \
    }                                                                                 \
    /* intel_sub_group_scan_exclusive_add/min/max(x): lane i gets lanes 0..i-1 */     \
    static inline void cmk_scan_exclusive_add_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        cmk_lane_scan_add_##t(v, o, n, 1);                                            \
    }                                                                                 \
    static inline void cmk_scan_exclusive_min_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        cmk_lane_scan_min_##t(v, o, n, 1);                                            \
    }                                                                                 \
    static inline void cmk_scan_exclusive_max_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        cmk_lane_scan_max_##t(v, o, n, 1);                                            \
    }                                                                                 \
    /* intel_sub_group_shuffle(data, c): lane i gets lane c[i] */                     \
    static inline void cmk_shuffle_##t(const T *v, const uint32_t *c, T *o, int n)    \
    {                                                                                 \
        if (n > CMK_LANES_WIDE) {                                                     \
            for (int i = 0; i < n; i++)                                               \
                o[i] = v[c[i] % (uint32_t)n];                                         \
            return;                                                                   \
        }                                                                             \
        uint8_t k[CMK_LANES_WIDE];                                                    \
        for (int i = 0; i < n; i++)                                                   \
            k[i] = (uint8_t)(c[i] % (uint32_t)n);                                     \
        cmk_lane_permute(v, k, o, n);                                                 \
    }                                                                                 \
    /* intel_sub_group_shuffle_down(current, next, delta): lane i gets lane           \
     * i + delta of current, or of next (minus n) past the end */                     \
    static inline void cmk_shuffle_down_##t(const T *cur, const T *next,              \
                                            const uint32_t *delta, T *o, int n)       \
    {                                                                                 \
        cmk_lane_window(cur, next, delta[0] % (2u * (uint32_t)n), o, n);              \
    }                                                                                 \
    /* intel_sub_group_shuffle_up(previous, current, delta): lane i gets lane         \
     * i - delta of current, or of previous (plus n) before the start */              \
    static inline void cmk_shuffle_up_##t(const T *prev, const T *cur,                \
                                          const uint32_t *delta, T *o, int n)         \
    {                                                                                 \
        uint32_t w = 2u * (uint32_t)n;                                                \
        cmk_lane_window(prev, cur, (w + (uint32_t)n - delta[0] % w) % w, o, n);       \
    }                                                                                 \
    /* intel_sub_group_shuffle_xor(data, value): lane i gets lane i ^ value */        \
    static inline void cmk_shuffle_xor_##t(const T *v, const uint32_t *value, T *o, int n) \
    {                                                                                 \
        uint32_t x = value[0] % (uint32_t)n;                                          \
        if (n > CMK_LANES_WIDE) {                                                     \
            for (int i = 0; i < n; i++)                                               \
                o[i] = v[((uint32_t)i ^ x) % (uint32_t)n];                            \
            return;                                                                   \
        }                                                                             \
        uint8_t k[CMK_LANES_WIDE];                                                    \
        for (int i = 0; i < n; i++)                                                   \
            k[i] = (uint8_t)(((uint32_t)i ^ x) % (uint32_t)n);                        \
        cmk_lane_permute(v, k, o, n);                                                 \
    }

CMK_DEFINE_LANES(i8, int8_t, INT8_MIN, INT8_MAX, CMK_LANE_ADD_I8)
CMK_DEFINE_LANES(u8, uint8_t, 0, UINT8_MAX, CMK_LANE_ADD_U8)
#undef CMK_DEFINE_LANES
#undef CMK_DEFINE_LANE_SCAN

#endif /* CMK_LANES_H */
