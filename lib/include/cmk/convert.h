/*
 * cmk/convert.h - CM's element conversions, as the generated C calls them
 * once per element.
 *
 * Floating point to integer (cmk_<src>_to_<dst>, src f32/f64, dst
 * i8/u8/i16/u16/i32/u32/i64/u64) truncates toward zero and saturates to the
 * destination's range, NaN giving 0: the GEN hardware saturates these
 * conversions whether or not SAT is asked for, and C leaves out-of-range
 * conversions undefined, so the generated code must never use a bare cast.
 *
 * Integer SAT (cmk_sat_<dst>_from_<src>, src i64/u64 - and i32/u32 as a
 * narrower fast path - dst any integer type) clamps to the destination's
 * range. Float SAT (cmk_sat_f32, cmk_sat_f64) clamps to [0, 1], NaN giving 0.
 *
 * Integer narrowing without SAT is modular, and needs no function: a C cast
 * to the unsigned type of the destination's width is modular by the
 * standard, and the further cast to the signed type is implementation
 * defined, which gcc and clang define as modular (two's complement). So
 * `(int8_t)(uint8_t)v` is CM's `char` from any integer v.
 *
 * Everything is a chain of selects and min/max written as ternaries, with
 * no branches or calls, so that loops over vectors auto-vectorise: the
 * clamps become maxps/minps (x86 max/min return their second operand on
 * NaN, which is exactly `a > b ? a : b`) and the conversion one cvttps2dq.
 * Each clamp keeps the value inside the range where the C conversion is
 * defined, so no path has undefined behaviour either.
 */
#ifndef CMK_CONVERT_H
#define CMK_CONVERT_H

#include <stdint.h>

/* ---- floating point to integer ---------------------------------------- */

/* Clamp to [lo, hi], NaN giving 0. `f > lo ? f : lo` already sends NaN to
 * lo, which is 0 for unsigned destinations; only signed ones (lo < 0, a
 * constant after inlining) pay for the extra select. */
static inline float cmk_f32_clamp(float f, float lo, float hi)
{
    if (lo < 0.0f)
        f = f == f ? f : 0.0f;
    f = f > lo ? f : lo;
    return f < hi ? f : hi;
}

static inline double cmk_f64_clamp(double f, double lo, double hi)
{
    if (lo < 0.0)
        f = f == f ? f : 0.0;
    f = f > lo ? f : lo;
    return f < hi ? f : hi;
}

/* Destinations whose bounds the source type represents exactly: clamping
 * to the integer bounds then truncating equals truncating then saturating.
 * Going through int32_t (or int64_t) is the conversion vector units have. */
#define CMK_DEFINE_EXACT_TO_INT(src, stype, dst, dtype, via, lo, hi)         \
    static inline dtype cmk_##src##_to_##dst(stype f)                        \
    {                                                                        \
        return (dtype)(via)cmk_##src##_clamp(f, lo, hi);                     \
    }

CMK_DEFINE_EXACT_TO_INT(f32, float, i8, int8_t, int32_t, -128.0f, 127.0f)
CMK_DEFINE_EXACT_TO_INT(f32, float, u8, uint8_t, int32_t, 0.0f, 255.0f)
CMK_DEFINE_EXACT_TO_INT(f32, float, i16, int16_t, int32_t, -32768.0f, 32767.0f)
CMK_DEFINE_EXACT_TO_INT(f32, float, u16, uint16_t, int32_t, 0.0f, 65535.0f)
CMK_DEFINE_EXACT_TO_INT(f64, double, i8, int8_t, int32_t, -128.0, 127.0)
CMK_DEFINE_EXACT_TO_INT(f64, double, u8, uint8_t, int32_t, 0.0, 255.0)
CMK_DEFINE_EXACT_TO_INT(f64, double, i16, int16_t, int32_t, -32768.0, 32767.0)
CMK_DEFINE_EXACT_TO_INT(f64, double, u16, uint16_t, int32_t, 0.0, 65535.0)
CMK_DEFINE_EXACT_TO_INT(f64, double, i32, int32_t, int32_t,
                        -2147483648.0, 2147483647.0)
CMK_DEFINE_EXACT_TO_INT(f64, double, u32, uint32_t, int64_t,
                        0.0, 4294967295.0)

/* Destinations whose maximum 2^n - 1 the source cannot represent: clamp
 * below 2^n to the largest representable value (so the conversion stays
 * defined), and pick the maximum by a select for sources at or above 2^n. */
#define CMK_DEFINE_INEXACT_TO_INT(src, stype, dst, dtype, via, lo,           \
                                  below_limit, limit, max)                   \
    static inline dtype cmk_##src##_to_##dst(stype f)                        \
    {                                                                        \
        dtype in_range = (dtype)(via)cmk_##src##_clamp(f, lo, below_limit);  \
        return f >= limit ? (dtype)(max) : in_range;                         \
    }

/* 0x1.fffffep30f is the largest float below 2^31, and so on. */
CMK_DEFINE_INEXACT_TO_INT(f32, float, i32, int32_t, int32_t,
                          -0x1p31f, 0x1.fffffep30f, 0x1p31f, INT32_MAX)
CMK_DEFINE_INEXACT_TO_INT(f32, float, u32, uint32_t, int64_t,
                          0.0f, 0x1.fffffep31f, 0x1p32f, UINT32_MAX)
CMK_DEFINE_INEXACT_TO_INT(f32, float, i64, int64_t, int64_t,
                          -0x1p63f, 0x1.fffffep62f, 0x1p63f, INT64_MAX)
CMK_DEFINE_INEXACT_TO_INT(f32, float, u64, uint64_t, uint64_t,
                          0.0f, 0x1.fffffep63f, 0x1p64f, UINT64_MAX)
CMK_DEFINE_INEXACT_TO_INT(f64, double, i64, int64_t, int64_t,
                          -0x1p63, 0x1.fffffffffffffp62, 0x1p63, INT64_MAX)
CMK_DEFINE_INEXACT_TO_INT(f64, double, u64, uint64_t, uint64_t,
                          0.0, 0x1.fffffffffffffp63, 0x1p64, UINT64_MAX)

#undef CMK_DEFINE_EXACT_TO_INT
#undef CMK_DEFINE_INEXACT_TO_INT

/* ---- SAT on floating point destinations -------------------------------- */

/* Clamp to [0, 1]; NaN fails `f > 0` and so becomes 0. */
static inline float cmk_sat_f32(float f)
{
    f = f > 0.0f ? f : 0.0f;
    return f < 1.0f ? f : 1.0f;
}

static inline double cmk_sat_f64(double f)
{
    f = f > 0.0 ? f : 0.0;
    return f < 1.0 ? f : 1.0;
}

/* ---- SAT on integer destinations --------------------------------------- */

/* From signed sources: clamp both ends (a wider unsigned destination only
 * has a lower end to clamp, but the upper test then folds away). */
#define CMK_DEFINE_SAT_FROM_SIGNED(dst, dtype, src, stype, lo, hi)           \
    static inline dtype cmk_sat_##dst##_from_##src(stype v)                  \
    {                                                                        \
        v = v > (stype)(lo) ? v : (stype)(lo);                               \
        return (dtype)(v < (stype)(hi) ? v : (stype)(hi));                   \
    }

/* From unsigned sources only the upper end can be exceeded. */
#define CMK_DEFINE_SAT_FROM_UNSIGNED(dst, dtype, src, stype, hi)             \
    static inline dtype cmk_sat_##dst##_from_##src(stype v)                  \
    {                                                                        \
        return (dtype)(v < (stype)(hi) ? v : (stype)(hi));                   \
    }

#define CMK_DEFINE_SAT_ALL(src, stype, usrc, ustype)                         \
    CMK_DEFINE_SAT_FROM_SIGNED(i8, int8_t, src, stype, INT8_MIN, INT8_MAX)   \
    CMK_DEFINE_SAT_FROM_SIGNED(u8, uint8_t, src, stype, 0, UINT8_MAX)        \
    CMK_DEFINE_SAT_FROM_SIGNED(i16, int16_t, src, stype, INT16_MIN,          \
                               INT16_MAX)                                    \
    CMK_DEFINE_SAT_FROM_SIGNED(u16, uint16_t, src, stype, 0, UINT16_MAX)     \
    CMK_DEFINE_SAT_FROM_UNSIGNED(i8, int8_t, usrc, ustype, INT8_MAX)         \
    CMK_DEFINE_SAT_FROM_UNSIGNED(u8, uint8_t, usrc, ustype, UINT8_MAX)       \
    CMK_DEFINE_SAT_FROM_UNSIGNED(i16, int16_t, usrc, ustype, INT16_MAX)      \
    CMK_DEFINE_SAT_FROM_UNSIGNED(u16, uint16_t, usrc, ustype, UINT16_MAX)

/* i32/u32 sources: the fast path for int arithmetic on narrow elements. */
CMK_DEFINE_SAT_ALL(i32, int32_t, u32, uint32_t)
CMK_DEFINE_SAT_FROM_SIGNED(i32, int32_t, i32, int32_t, INT32_MIN, INT32_MAX)
CMK_DEFINE_SAT_FROM_SIGNED(u32, uint32_t, i32, int32_t, 0, INT32_MAX)
CMK_DEFINE_SAT_FROM_SIGNED(i64, int64_t, i32, int32_t, INT32_MIN, INT32_MAX)
CMK_DEFINE_SAT_FROM_SIGNED(u64, uint64_t, i32, int32_t, 0, INT32_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(i32, int32_t, u32, uint32_t, INT32_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(u32, uint32_t, u32, uint32_t, UINT32_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(i64, int64_t, u32, uint32_t, UINT32_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(u64, uint64_t, u32, uint32_t, UINT32_MAX)

/* i64/u64 sources: every integer result of CM arithmetic fits here. */
CMK_DEFINE_SAT_ALL(i64, int64_t, u64, uint64_t)
CMK_DEFINE_SAT_FROM_SIGNED(i32, int32_t, i64, int64_t, INT32_MIN, INT32_MAX)
CMK_DEFINE_SAT_FROM_SIGNED(u32, uint32_t, i64, int64_t, 0, UINT32_MAX)
CMK_DEFINE_SAT_FROM_SIGNED(i64, int64_t, i64, int64_t, INT64_MIN, INT64_MAX)
CMK_DEFINE_SAT_FROM_SIGNED(u64, uint64_t, i64, int64_t, 0, INT64_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(i32, int32_t, u64, uint64_t, INT32_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(u32, uint32_t, u64, uint64_t, UINT32_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(i64, int64_t, u64, uint64_t, INT64_MAX)
CMK_DEFINE_SAT_FROM_UNSIGNED(u64, uint64_t, u64, uint64_t, UINT64_MAX)

#undef CMK_DEFINE_SAT_FROM_SIGNED
#undef CMK_DEFINE_SAT_FROM_UNSIGNED
#undef CMK_DEFINE_SAT_ALL

#endif /* CMK_CONVERT_H */
