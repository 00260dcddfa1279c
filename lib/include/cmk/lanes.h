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
 */
#ifndef CMK_LANES_H
#define CMK_LANES_H

#include <stdint.h>

/* o[i] = lanes first ++ second, from lane i + d of the 2n (d < 2n): two
 * contiguous copies, so the loops become moves. */
#define CMK_DEFINE_LANE_WINDOW(t, T)                                                  \
    static inline void cmk_lane_window_##t(const T *first, const T *second, uint32_t d, \
                                           T *o, int n)                               \
    {                                                                                 \
        uint32_t un = (uint32_t)n, i = 0;                                             \
        if (d > un) { /* starts inside second, wraps to first */                     \
            const T *swap = first;                                                    \
            first = second;                                                           \
            second = swap;                                                            \
            d -= un;                                                                  \
        }                                                                             \
        for (; i < un - d; i++)                                                       \
            o[i] = first[i + d];                                                      \
        for (; i < un; i++)                                                           \
            o[i] = second[i + d - un];                                                \
    }

#define CMK_DEFINE_LANES(t, T, TMIN, TMAX)                                            \
    CMK_DEFINE_LANE_WINDOW(t, T)                                                      \
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
        uint8_t s = 0;                                                                \
        for (int i = 0; i < n; i++) {                                                 \
            s = (uint8_t)(s + (uint8_t)v[i]);                                         \
            o[i] = (T)s;                                                              \
        }                                                                             \
    }                                                                                 \
    static inline void cmk_scan_inclusive_min_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        T s = TMAX;                                                                   \
        for (int i = 0; i < n; i++)                                                   \
            o[i] = s = v[i] < s ? v[i] : s;                                           \
    }                                                                                 \
    static inline void cmk_scan_inclusive_max_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        T s = TMIN;                                                                   \
        for (int i = 0; i < n; i++)                                                   \
            o[i] = s = v[i] > s ? v[i] : s;                                           \
    }                                                                                 \
    /* intel_sub_group_scan_exclusive_add/min/max(x): lane i gets lanes 0..i-1 */     \
    static inline void cmk_scan_exclusive_add_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        uint8_t s = 0;                                                                \
        for (int i = 0; i < n; i++) {                                                 \
            o[i] = (T)s;                                                              \
            s = (uint8_t)(s + (uint8_t)v[i]);                                         \
        }                                                                             \
    }                                                                                 \
    static inline void cmk_scan_exclusive_min_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        T s = TMAX;                                                                   \
        for (int i = 0; i < n; i++) {                                                 \
            o[i] = s;                                                                 \
            s = v[i] < s ? v[i] : s;                                                  \
        }                                                                             \
    }                                                                                 \
    static inline void cmk_scan_exclusive_max_##t(const T *v, T *o, int n)            \
    {                                                                                 \
        T s = TMIN;                                                                   \
        for (int i = 0; i < n; i++) {                                                 \
            o[i] = s;                                                                 \
            s = v[i] > s ? v[i] : s;                                                  \
        }                                                                             \
    }                                                                                 \
    /* intel_sub_group_shuffle(data, c): lane i gets lane c[i] */                     \
    static inline void cmk_shuffle_##t(const T *v, const uint32_t *c, T *o, int n)    \
    {                                                                                 \
        for (int i = 0; i < n; i++)                                                   \
            o[i] = v[c[i] % (uint32_t)n];                                             \
    }                                                                                 \
    /* intel_sub_group_shuffle_down(current, next, delta): lane i gets lane           \
     * i + delta of current, or of next (minus n) past the end */                     \
    static inline void cmk_shuffle_down_##t(const T *cur, const T *next,              \
                                            const uint32_t *delta, T *o, int n)       \
    {                                                                                 \
        cmk_lane_window_##t(cur, next, delta[0] % (2u * (uint32_t)n), o, n);          \
    }                                                                                 \
    /* intel_sub_group_shuffle_up(previous, current, delta): lane i gets lane         \
     * i - delta of current, or of previous (plus n) before the start */              \
    static inline void cmk_shuffle_up_##t(const T *prev, const T *cur,                \
                                          const uint32_t *delta, T *o, int n)         \
    {                                                                                 \
        uint32_t w = 2u * (uint32_t)n;                                                \
        cmk_lane_window_##t(prev, cur, (w + (uint32_t)n - delta[0] % w) % w, o, n);   \
    }                                                                                 \
    /* intel_sub_group_shuffle_xor(data, value): lane i gets lane i ^ value */        \
    static inline void cmk_shuffle_xor_##t(const T *v, const uint32_t *value, T *o, int n) \
    {                                                                                 \
        uint32_t x = value[0] % (uint32_t)n;                                          \
        for (int i = 0; i < n; i++)                                                   \
            o[i] = v[((uint32_t)i ^ x) % (uint32_t)n];                                \
    }

CMK_DEFINE_LANES(i8, int8_t, INT8_MIN, INT8_MAX)
CMK_DEFINE_LANES(u8, uint8_t, 0, UINT8_MAX)
#undef CMK_DEFINE_LANES
#undef CMK_DEFINE_LANE_WINDOW

#endif /* CMK_LANES_H */
