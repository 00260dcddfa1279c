/*
 * cmk/scan.h - running sums along a row, for the loops lang/scan.c finds:
 *     for (int j = a; j < b; j++) d.column(j) = d.column(j - 1) + s.column(j);
 * run row by row instead of column by column. d holds 32-bit integers; the
 * sums wrap modulo 2^32 as the loop's additions do, so they may be taken in
 * any grouping: 16 at a time in a vector register, by the doubling steps of
 * a prefix sum, instead of one addition after another through memory.
 */
#ifndef CMK_SCAN_H
#define CMK_SCAN_H

#include <stdint.h>
#include <string.h>

/* Vector types and __builtin_shufflevector: clang, and gcc from 12 on. */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)
#define CMK_SCAN_VECTORS 1
typedef uint32_t cmk_scan_u32x16 __attribute__((vector_size(64)));

/* Lane k of x becomes the sum of lanes 0..k: each step adds the lanes
 * shifted up by 1, 2, 4, 8 (zeros shifted in). A macro: a function taking
 * or returning the vector would change the ABI without AVX-512. */
#define CMK_SCAN_ADD_U32X16(x)                                                                 \
    do {                                                                                       \
        const cmk_scan_u32x16 cmk_z = {0};                                                     \
        (x) += __builtin_shufflevector(cmk_z, (x), 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, \
                                       26, 27, 28, 29, 30);                                    \
        (x) += __builtin_shufflevector(cmk_z, (x), 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, \
                                       25, 26, 27, 28, 29);                                    \
        (x) += __builtin_shufflevector(cmk_z, (x), 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, \
                                       23, 24, 25, 26, 27);                                    \
        (x) += __builtin_shufflevector(cmk_z, (x), 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,   \
                                       19, 20, 21, 22, 23);                                    \
    } while (0)
#endif

/* Sixteen elements at a time where there are sixteen, each group's sums
 * plus the last one before (carry). With skip_first, s[0] is not added. */
#ifdef CMK_SCAN_VECTORS
#define CMK_SCAN_GROUPS(T, skip_first)                                                         \
    for (; k + 16 <= n; k += 16) {                                                             \
        T raw __attribute__((vector_size(16 * sizeof(T))));                                    \
        memcpy(&raw, s + k, sizeof raw);                                                       \
        cmk_scan_u32x16 x = __builtin_convertvector(raw, cmk_scan_u32x16);                     \
        if ((skip_first) && k == 0)                                                            \
            x[0] = 0; /* d[0] comes in as the carry */                                         \
        CMK_SCAN_ADD_U32X16(x);                                                                \
        x += carry;                                                                            \
        memcpy(d + k, &x, sizeof x);                                                           \
        carry = x[15];                                                                         \
    }
#else
#define CMK_SCAN_GROUPS(T, skip_first)
#endif

/* cmk_running_sum_<s>(d, s, n): d[k] = d[k - 1] + s[k] for k = 1 .. n - 1,
 * d[0] given. s[0] is not added but may be read (it exists: it is the
 * source's column before the loop's first). */
#define CMK_RUNNING_SUM(name, T)                                                               \
    static inline void name(uint32_t *d, const T *s, int n)                                    \
    {                                                                                          \
        uint32_t carry = d[0];                                                                 \
        int k = 0;                                                                             \
        CMK_SCAN_GROUPS(T, 1)                                                                  \
        for (k = k ? k : 1; k < n; k++)                                                        \
            d[k] = carry = carry + (uint32_t)s[k];                                             \
    }

/* cmk_prefix_sum_<s>(d, s, n): d[k] = s[0] + ... + s[k] for k = 0 .. n - 1:
 * a running sum together with the assignment d[0] = s[0] before its loop,
 * which would otherwise be a scalar store per row for the sum to load. */
#define CMK_PREFIX_SUM(name, T)                                                                \
    static inline void name(uint32_t *d, const T *s, int n)                                    \
    {                                                                                          \
        uint32_t carry = 0;                                                                    \
        int k = 0;                                                                             \
        CMK_SCAN_GROUPS(T, 0)                                                                  \
        for (; k < n; k++)                                                                     \
            d[k] = carry = carry + (uint32_t)s[k];                                             \
    }

#define CMK_SCANS(s, T)                                                                        \
    CMK_RUNNING_SUM(cmk_running_sum_##s, T)                                                    \
    CMK_PREFIX_SUM(cmk_prefix_sum_##s, T)

CMK_SCANS(u8, uint8_t)
CMK_SCANS(i8, int8_t)
CMK_SCANS(u16, uint16_t)
CMK_SCANS(i16, int16_t)
CMK_SCANS(u32, uint32_t)
CMK_SCANS(i32, int32_t)

#endif /* CMK_SCAN_H */
