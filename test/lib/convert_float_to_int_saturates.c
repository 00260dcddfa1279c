/*
 * cmk_f32_to_* and cmk_f64_to_*: truncation toward zero, saturated to the
 * destination's range, NaN giving 0. Every function runs over the same
 * inputs - a fine sweep through the small integers and their halves, every
 * float with a short mantissa (all exponents), each destination's bounds
 * and their neighbours, infinities, NaNs and random bit patterns - in bulk
 * loops (so the vectorised code is what gets checked) against a reference
 * that works in the widest types.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cmk/convert.h"

/* The rule for an n-bit destination, on a double (floats widen exactly). */
static int64_t reference_signed(double f, int bits)
{
    double limit = ldexp(1.0, bits - 1);
    if (isnan(f))
        return 0;
    double t = trunc(f);
    if (t >= limit)
        return (int64_t)(((uint64_t)1 << (bits - 1)) - 1);
    if (t < -limit)
        return -(int64_t)(((uint64_t)1 << (bits - 1)) - 1) - 1;
    return (int64_t)t;
}

static uint64_t reference_unsigned(double f, int bits)
{
    double limit = ldexp(1.0, bits);
    if (isnan(f))
        return 0;
    double t = trunc(f);
    if (t < 0)
        return 0;
    if (t >= limit)
        return bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    return (uint64_t)t;
}

typedef struct inputs {
    double *values;
    size_t count, capacity;
} inputs;

static void add(inputs *in, double v)
{
    if (in->count == in->capacity) {
        in->capacity = in->capacity ? 2 * in->capacity : 1024;
        in->values = realloc(in->values, in->capacity * sizeof *in->values);
        if (!in->values)
            abort();
    }
    in->values[in->count++] = v;
}

static float float_from_bits(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static double double_from_bits(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* Values every float-to-integer conversion must get right. When
 * floats_only, each is first rounded to float. */
static void add_values(inputs *in, int floats_only)
{
    inputs all = {0};
    for (int q = -70000 * 4; q <= 70000 * 4; q++)
        add(&all, q / 4.0); /* x.0, x.25, x.5, x.75 */
    for (uint32_t hi = 0; hi < (1u << 20); hi++)
        add(&all, float_from_bits(hi << 12)); /* every exponent, both signs */
    for (int bits = 7; bits <= 64; bits++) {
        double p = ldexp(1.0, bits);
        const double near[] = {p, p - 1, p + 1, p - 0.5, p + 0.5,
                               nextafter(p, 0), nextafter(p, INFINITY),
                               nextafterf((float)p, 0),
                               nextafterf((float)p, INFINITY)};
        for (size_t i = 0; i < sizeof near / sizeof near[0]; i++) {
            add(&all, near[i]);
            add(&all, -near[i]);
        }
    }
    const double specials[] = {
        0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, FLT_MAX, -FLT_MAX,
        FLT_MIN, -FLT_MIN, FLT_TRUE_MIN, -FLT_TRUE_MIN, DBL_MAX, -DBL_MAX,
        DBL_TRUE_MIN, 0.999999, -0.999999,
        float_from_bits(0x7f800001u), /* signalling NaN */
        float_from_bits(0xffc00001u), double_from_bits(0x7ff0000000000001u),
    };
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
        add(&all, specials[i]);
    for (int i = 0; i < 1000000; i++) {
        uint64_t r = check_random();
        add(&all, float_from_bits((uint32_t)r));
        add(&all, double_from_bits(r));
    }
    for (size_t i = 0; i < all.count; i++) {
        double v = all.values[i];
        add(in, floats_only ? (double)(float)v : v);
    }
    free(all.values);
}

/* One bulk conversion per function, then the comparison. */
#define CHECK_CONVERSION(src, stype, inputs_, dst, dtype, reference, bits)   \
    do {                                                                     \
        size_t n_ = (inputs_)->count;                                        \
        stype *in_ = malloc(n_ * sizeof *in_);                               \
        dtype *out_ = malloc(n_ * sizeof *out_);                             \
        if (!in_ || !out_)                                                   \
            abort();                                                         \
        for (size_t i_ = 0; i_ < n_; i_++)                                   \
            in_[i_] = (stype)(inputs_)->values[i_];                          \
        for (size_t i_ = 0; i_ < n_; i_++)                                   \
            out_[i_] = cmk_##src##_to_##dst(in_[i_]);                        \
        for (size_t i_ = 0; i_ < n_; i_++)                                   \
            CHECK(out_[i_] == (dtype)reference((double)in_[i_], bits),       \
                  "cmk_" #src "_to_" #dst "(%a) = %lld, want %lld",          \
                  (double)in_[i_], (long long)out_[i_],                      \
                  (long long)reference((double)in_[i_], bits));              \
        free(in_);                                                           \
        free(out_);                                                          \
    } while (0)

#define CHECK_ALL_FROM(src, stype, inputs_)                                  \
    do {                                                                     \
        CHECK_CONVERSION(src, stype, inputs_, i8, int8_t, reference_signed, 8);     \
        CHECK_CONVERSION(src, stype, inputs_, u8, uint8_t, reference_unsigned, 8);  \
        CHECK_CONVERSION(src, stype, inputs_, i16, int16_t, reference_signed, 16);  \
        CHECK_CONVERSION(src, stype, inputs_, u16, uint16_t, reference_unsigned, 16); \
        CHECK_CONVERSION(src, stype, inputs_, i32, int32_t, reference_signed, 32);  \
        CHECK_CONVERSION(src, stype, inputs_, u32, uint32_t, reference_unsigned, 32); \
        CHECK_CONVERSION(src, stype, inputs_, i64, int64_t, reference_signed, 64);  \
        CHECK_CONVERSION(src, stype, inputs_, u64, uint64_t, reference_unsigned, 64); \
    } while (0)

/* The conversion the brief's filter makes: short sums scaled to uchar. */
static void check_filter_scaling(void)
{
    for (int m = -32768; m <= 32767; m++) {
        float f = (float)m * 0.111f;
        CHECK(cmk_f32_to_u8(f) == (uint8_t)reference_unsigned(f, 8),
              "cmk_f32_to_u8(%d * 0.111f)", m);
    }
}

int main(void)
{
    inputs floats = {0}, doubles = {0};
    add_values(&floats, 1);
    add_values(&doubles, 0);
    CHECK_ALL_FROM(f32, float, &floats);
    CHECK_ALL_FROM(f64, double, &doubles);
    check_filter_scaling();
    free(floats.values);
    free(doubles.values);
    return check_report("convert_float_to_int_saturates");
}
