/*
 * SAT on integer destinations (cmk_sat_<dst>_from_{i32,u32,i64,u64}) clamps
 * to the destination's range; SAT on float destinations (cmk_sat_f32,
 * cmk_sat_f64) clamps to [0, 1] with NaN giving 0; and plain narrowing is
 * the modular C cast convert.h documents. Inputs: every type's bounds and
 * their neighbours, a sweep through the small integers, random values of
 * every magnitude.
 */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "cmk/convert.h"

/* The rule for an n-bit destination, in 128-bit arithmetic so that no
 * bound needs care. */
__extension__ typedef __int128 wide;

static wide signed_min(int bits) { return -((wide)1 << (bits - 1)); }
static wide signed_max(int bits) { return ((wide)1 << (bits - 1)) - 1; }
static wide unsigned_max(int bits) { return ((wide)1 << bits) - 1; }

static wide reference_clamp(wide v, wide lo, wide hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

enum { INPUTS = 400000 };
static wide inputs[INPUTS];
static size_t input_count;

static void add(wide v)
{
    if (input_count < INPUTS)
        inputs[input_count++] = v;
}

static void make_inputs(void)
{
    for (int v = -70000; v <= 70000; v++)
        add(v);
    for (int bits = 1; bits <= 64; bits++)
        for (int d = -2; d <= 2; d++) {
            add(((wide)1 << bits) + d);
            add(-((wide)1 << bits) + d);
            add(((wide)1 << (bits - 1)) + d);
        }
    while (input_count < INPUTS) {
        uint64_t r = check_random();
        add((wide)(int64_t)(r >> (r & 63)));
        add((wide)(r >> (check_random() & 63)));
    }
}

/* One bulk conversion per function over the inputs its source type holds,
 * then the comparison. */
#define CHECK_SAT(dst, dtype, src, stype, smin, smax, lo, hi)                \
    do {                                                                     \
        static stype in_[INPUTS];                                            \
        static dtype out_[INPUTS];                                           \
        size_t n_ = 0;                                                       \
        for (size_t i_ = 0; i_ < input_count; i_++)                          \
            if (inputs[i_] >= (smin) && inputs[i_] <= (smax))                \
                in_[n_++] = (stype)inputs[i_];                               \
        for (size_t i_ = 0; i_ < n_; i_++)                                   \
            out_[i_] = cmk_sat_##dst##_from_##src(in_[i_]);                  \
        for (size_t i_ = 0; i_ < n_; i_++)                                   \
            CHECK((wide)out_[i_] == reference_clamp(in_[i_], lo, hi),        \
                  "cmk_sat_" #dst "_from_" #src "(%lld) = %lld",             \
                  (long long)in_[i_], (long long)out_[i_]);                  \
    } while (0)

#define CHECK_SAT_TO_ALL(src, stype, smin, smax)                             \
    do {                                                                     \
        CHECK_SAT(i8, int8_t, src, stype, smin, smax, signed_min(8), signed_max(8)); \
        CHECK_SAT(u8, uint8_t, src, stype, smin, smax, 0, unsigned_max(8));  \
        CHECK_SAT(i16, int16_t, src, stype, smin, smax, signed_min(16), signed_max(16)); \
        CHECK_SAT(u16, uint16_t, src, stype, smin, smax, 0, unsigned_max(16)); \
        CHECK_SAT(i32, int32_t, src, stype, smin, smax, signed_min(32), signed_max(32)); \
        CHECK_SAT(u32, uint32_t, src, stype, smin, smax, 0, unsigned_max(32)); \
        CHECK_SAT(i64, int64_t, src, stype, smin, smax, signed_min(64), signed_max(64)); \
        CHECK_SAT(u64, uint64_t, src, stype, smin, smax, 0, unsigned_max(64)); \
    } while (0)

static void check_integer_sat(void)
{
    CHECK_SAT_TO_ALL(i32, int32_t, signed_min(32), signed_max(32));
    CHECK_SAT_TO_ALL(u32, uint32_t, 0, unsigned_max(32));
    CHECK_SAT_TO_ALL(i64, int64_t, signed_min(64), signed_max(64));
    CHECK_SAT_TO_ALL(u64, uint64_t, 0, unsigned_max(64));
}

static double reference_sat_float(double f)
{
    return isnan(f) ? 0.0 : f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
}

/* Compared by value: whether -0.0 stays -0.0 is not pinned down. */
static void check_float_sat(void)
{
    const double values[] = {NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0,
                             1.0, -1.0, 0x1.fffffep-1, 0x1.0000000000001p0,
                             1e-45, -1e-45, 1e300, -1e300};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        double d = values[i];
        float f = (float)d;
        CHECK(cmk_sat_f64(d) == reference_sat_float(d), "cmk_sat_f64(%a)", d);
        CHECK(cmk_sat_f32(f) == (float)reference_sat_float(f),
              "cmk_sat_f32(%a)", (double)f);
    }
    for (int q = -4096; q <= 4096; q++) {
        float f = q / 1024.0f;
        CHECK(cmk_sat_f32(f) == (float)reference_sat_float(f),
              "cmk_sat_f32(%a)", (double)f);
        CHECK(cmk_sat_f64(f) == reference_sat_float(f), "cmk_sat_f64(%a)",
              (double)f);
    }
}

/* What convert.h promises the emitter about casts without SAT. */
static void check_plain_narrowing_is_modular(void)
{
    for (int64_t v = -70000; v <= 70000; v += 7) {
        CHECK((int8_t)(uint8_t)v == (int8_t)(((v % 256) + 256 + 128) % 256 - 128),
              "(int8_t)(uint8_t)%lld", (long long)v);
        CHECK((int16_t)(uint16_t)v ==
                  (int16_t)(((v % 65536) + 65536 + 32768) % 65536 - 32768),
              "(int16_t)(uint16_t)%lld", (long long)v);
    }
    CHECK((int32_t)(uint32_t)0x80000000u == INT32_MIN, "int32 wrap");
    CHECK((int64_t)UINT64_MAX == -1, "int64 wrap");
}

int main(void)
{
    make_inputs();
    check_integer_sat();
    check_float_sat();
    check_plain_narrowing_is_modular();
    return check_report("convert_int_saturates");
}
