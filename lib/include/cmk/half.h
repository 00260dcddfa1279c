/*
 * cmk/half.h - CM's `half`: the IEEE-754 binary16 type, as cmc-generated C
 * holds and converts it.
 *
 * Where the C compiler has _Float16 (gcc 12 and clang 15 on x86-64 and
 * AArch64 define __FLT16_MAX__), cmk_half is _Float16 and every conversion
 * is the compiler's own, correctly rounded (to nearest, ties to even). Else
 * (clang 14, other targets, or -DCMK_HALF_SOFT) cmk_half is the 16 bits in a
 * uint16_t and the conversions below do the rounding in integer arithmetic.
 * The generated C never does arithmetic on a cmk_half directly: operands go
 * to float with cmk_f16_to_f32, and each result of type half comes back
 * with cmk_f32_to_f16, which is exact CM semantics for + - * / since float
 * has more than 2 * 11 + 2 bits of significand (no double rounding).
 *
 * Names follow convert.h: cmk_<src>_to_<dst>. Half to integer converts
 * through float (exact) and then truncates and saturates like float does.
 */
#ifndef CMK_HALF_H
#define CMK_HALF_H

#include <stdint.h>
#include <string.h>

#include "convert.h"

#if defined(__FLT16_MAX__) && !defined(CMK_HALF_SOFT)
#define CMK_HALF_NATIVE 1
__extension__ typedef _Float16 cmk_half; /* -pedantic: C23 names it, C11 does not */

static inline float cmk_f16_to_f32(cmk_half h) { return (float)h; }
static inline double cmk_f16_to_f64(cmk_half h) { return (double)h; }
static inline cmk_half cmk_f32_to_f16(float f) { return (cmk_half)f; }
static inline cmk_half cmk_f64_to_f16(double d) { return (cmk_half)d; }
#define CMK_DEFINE_INT_TO_F16(src, stype)                                    \
    static inline cmk_half cmk_##src##_to_f16(stype v) { return (cmk_half)v; }
#else
#define CMK_HALF_NATIVE 0
typedef uint16_t cmk_half;

static inline float cmk_f16_to_f32(cmk_half h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0x1f) { /* infinity or NaN (quiet, payload kept) */
        bits = sign | 0x7f800000u | (man << 13) | (man ? 0x400000u : 0);
    } else if (exp != 0) { /* normal: rebias 15 -> 127 */
        bits = sign | ((exp + 112u) << 23) | (man << 13);
    } else if (man == 0) { /* zero */
        bits = sign;
    } else { /* subnormal: man * 2^-24, exact in float */
        float f = (float)man * 0x1p-24f;
        memcpy(&bits, &f, sizeof bits);
        bits |= sign;
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static inline double cmk_f16_to_f64(cmk_half h) { return (double)cmk_f16_to_f32(h); }

/* Rounds the float's 24-bit significand to half's 11 bits, ties to even;
 * overflow gives infinity, underflow subnormals or zero, as IEEE does. */
static inline cmk_half cmk_f32_to_f16(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    uint16_t sign = (uint16_t)((bits >> 16) & 0x8000u);
    uint32_t abs = bits & 0x7fffffffu;
    if (abs >= 0x7f800000u) /* infinity or NaN */
        return (cmk_half)(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u | ((abs >> 13) & 0x3ffu) : 0));
    if (abs >= 0x477ff000u) /* >= 65520: rounds to infinity */
        return (cmk_half)(sign | 0x7c00u);
    int exp = (int)(abs >> 23) - 127;
    uint32_t man = (abs & 0x7fffffu) | 0x800000u; /* 24 bits with the hidden one */
    int shift = exp >= -14 ? 13 : 13 + (-14 - exp); /* bits to drop */
    if (shift > 24) /* below half the smallest subnormal: zero */
        return (cmk_half)sign;
    uint32_t kept = man >> shift, rest = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (kept & 1)))
        kept++; /* may carry into the exponent: still the right encoding */
    uint32_t out = exp >= -14 ? ((uint32_t)(exp + 14) << 10) + kept : kept;
    return (cmk_half)(sign | out);
}

/* A double is rounded to float "to odd" (truncated, the lowest bit set
 * when anything was dropped), which keeps enough to round it to half
 * once, correctly: float has 13 bits more than half needs. */
static inline cmk_half cmk_f64_to_f16(double d)
{
    float f = (float)d;
    if ((double)f != d && d == d) {
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        if (((double)f > d) == (d > 0)) /* rounded away from zero: truncate */
            bits--;
        bits |= 1u;
        memcpy(&f, &bits, sizeof f);
    }
    return cmk_f32_to_f16(f);
}

/* Through double: exact for up to 53 bits, and the round to odd above
 * keeps one rounding for wider ones. */
#define CMK_DEFINE_INT_TO_F16(src, stype)                                    \
    static inline cmk_half cmk_##src##_to_f16(stype v) { return cmk_f64_to_f16((double)v); }
#endif

CMK_DEFINE_INT_TO_F16(i8, int8_t)
CMK_DEFINE_INT_TO_F16(u8, uint8_t)
CMK_DEFINE_INT_TO_F16(i16, int16_t)
CMK_DEFINE_INT_TO_F16(u16, uint16_t)
CMK_DEFINE_INT_TO_F16(i32, int32_t)
CMK_DEFINE_INT_TO_F16(u32, uint32_t)
CMK_DEFINE_INT_TO_F16(i64, int64_t)
CMK_DEFINE_INT_TO_F16(u64, uint64_t)

#define CMK_DEFINE_F16_TO_INT(dst, dtype)                                    \
    static inline dtype cmk_f16_to_##dst(cmk_half h) { return cmk_f32_to_##dst(cmk_f16_to_f32(h)); }
CMK_DEFINE_F16_TO_INT(i8, int8_t)
CMK_DEFINE_F16_TO_INT(u8, uint8_t)
CMK_DEFINE_F16_TO_INT(i16, int16_t)
CMK_DEFINE_F16_TO_INT(u16, uint16_t)
CMK_DEFINE_F16_TO_INT(i32, int32_t)
CMK_DEFINE_F16_TO_INT(u32, uint32_t)
CMK_DEFINE_F16_TO_INT(i64, int64_t)
CMK_DEFINE_F16_TO_INT(u64, uint64_t)

static inline cmk_half cmk_f16_to_f16(cmk_half h) { return h; }
static inline _Bool cmk_f16_to_bool(cmk_half h) { return cmk_f16_to_f32(h) != 0.0f; }

#endif /* CMK_HALF_H */
