/*
 * cmk/math.h - CM's arithmetic and math intrinsics, as the generated C
 * calls them: one small inline helper per element (cm_add, cm_sin, ...)
 * or per statement on packed arrays (cm_sum, cm_dp4, ...).
 *
 * Naming: cmk_<op>_<t>, t the type the operands are computed in (i32, u32,
 * i64, u64, f32, f64). Integer helpers that CM defines "in infinite
 * precision" (abs, add, mul, avg, shl) return 64 bits, so that the caller's
 * SAT (cmk_sat_*_from_i64/u64 in convert.h) clamps the true value; on
 * 64-bit operands they wrap. Nothing here has undefined behaviour for any
 * input, and nothing calls into libm: floor, rounding, log2, exp2, sin and
 * cos are written out (branch-free selects and polynomials), so loops over
 * vectors inline and vectorise. The one exception is sqrt: gcc and clang
 * call libm's sqrtf to set errno for a negative argument, off the hot path.
 *
 * Accuracy of the float math (GEN's math unit is not IEEE either):
 * log2, exp2, pow, sin and cos are computed in double and are within
 * about 1 ulp of float; inv, sqrt and rsqrt are IEEE operations.
 * Denormal results of exp2/pow flush to zero, as GEN does by default.
 */
#ifndef CMK_MATH_H
#define CMK_MATH_H

#include <stdint.h>

/* ---- integer arithmetic ------------------------------------------------- */

static inline int64_t cmk_abs_i32(int32_t a) { return a < 0 ? -(int64_t)a : (int64_t)a; }
static inline uint64_t cmk_abs_u32(uint32_t a) { return a; }

#define CMK_DEFINE_EXACT(t, T, W)                                              \
    static inline W cmk_add_##t(T a, T b) { return (W)a + (W)b; }                \
    static inline W cmk_mul_##t(T a, T b) { return (W)a * (W)b; }                \
    static inline W cmk_avg_##t(T a, T b) { return ((W)a + (W)b + 1) >> 1; }
CMK_DEFINE_EXACT(i32, int32_t, int64_t)
CMK_DEFINE_EXACT(u32, uint32_t, uint64_t)
#undef CMK_DEFINE_EXACT

/* 64-bit operands wrap (done unsigned, so never undefined). */
static inline int64_t cmk_abs_i64(int64_t a) { return a < 0 ? (int64_t)(0 - (uint64_t)a) : a; }
static inline uint64_t cmk_abs_u64(uint64_t a) { return a; }
static inline int64_t cmk_add_i64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline uint64_t cmk_add_u64(uint64_t a, uint64_t b) { return a + b; }
static inline int64_t cmk_mul_i64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline uint64_t cmk_mul_u64(uint64_t a, uint64_t b) { return a * b; }
/* floor((a + b + 1) / 2) without the overflowing sum */
static inline int64_t cmk_avg_i64(int64_t a, int64_t b) { return (a >> 1) + (b >> 1) + ((a | b) & 1); }
static inline uint64_t cmk_avg_u64(uint64_t a, uint64_t b) { return (a >> 1) + (b >> 1) + ((a | b) & 1); }

/* Shifts take the count modulo the operand's width, as the hardware does.
 * shl is exact in 64 bits for 32-bit operands, so SAT sees the overflow. */
static inline int64_t cmk_shl_i32(int32_t a, uint32_t n) { return (int64_t)((uint64_t)(int64_t)a << (n & 31)); }
static inline uint64_t cmk_shl_u32(uint32_t a, uint32_t n) { return (uint64_t)a << (n & 31); }
static inline int64_t cmk_shl_i64(int64_t a, uint32_t n) { return (int64_t)((uint64_t)a << (n & 63)); }
static inline uint64_t cmk_shl_u64(uint64_t a, uint32_t n) { return a << (n & 63); }
/* Right shifts: arithmetic on signed operands (gcc and clang define >> of a
 * negative value as arithmetic), logical on unsigned. */
static inline int32_t cmk_shr_i32(int32_t a, uint32_t n) { return a >> (n & 31); }
static inline uint32_t cmk_shr_u32(uint32_t a, uint32_t n) { return a >> (n & 31); }
static inline int64_t cmk_shr_i64(int64_t a, uint32_t n) { return a >> (n & 63); }
static inline uint64_t cmk_shr_u64(uint64_t a, uint32_t n) { return a >> (n & 63); }

/* ---- min / max ------------------------------------------------------------ */

/* On floats a NaN operand loses (the other is returned), as GEN's sel. */
#define CMK_DEFINE_MINMAX(t, T)                                                \
    static inline T cmk_min_##t(T a, T b) { return a < b || b != b ? a : b; }   \
    static inline T cmk_max_##t(T a, T b) { return a >= b || b != b ? a : b; }
CMK_DEFINE_MINMAX(i32, int32_t)
CMK_DEFINE_MINMAX(u32, uint32_t)
CMK_DEFINE_MINMAX(i64, int64_t)
CMK_DEFINE_MINMAX(u64, uint64_t)
CMK_DEFINE_MINMAX(f32, float)
CMK_DEFINE_MINMAX(f64, double)
#undef CMK_DEFINE_MINMAX

/* ---- float arithmetic ------------------------------------------------------ */

static inline float cmk_abs_f32(float a) { return __builtin_fabsf(a); }
static inline double cmk_abs_f64(double a) { return __builtin_fabs(a); }
static inline float cmk_add_f32(float a, float b) { return a + b; }
static inline double cmk_add_f64(double a, double b) { return a + b; }
static inline float cmk_mul_f32(float a, float b) { return a * b; }
static inline double cmk_mul_f64(double a, double b) { return a * b; }

/* cm_lrp: a weighs b against c. */
static inline float cmk_lrp_f32(float a, float b, float c) { return b * a + c * (1.0f - a); }

/* ---- rounding ---------------------------------------------------------------- */

/* Floats of magnitude 2^23 and more (and NaN, infinities) are integers
 * already; below, truncation through int32 is exact. */
static inline float cmk_trunc_f32(float x)
{
    return __builtin_fabsf(x) < 0x1p23f ? (float)(int32_t)x : x;
}

static inline float cmk_rndd_f32(float x)
{
    float t = cmk_trunc_f32(x);
    return t > x ? t - 1.0f : t;
}

static inline float cmk_rndu_f32(float x)
{
    float t = cmk_trunc_f32(x);
    return t < x ? t + 1.0f : t;
}

static inline float cmk_rndz_f32(float x) { return cmk_trunc_f32(x); }

/* Round half to even: adding and removing 2^23 rounds in the current
 * (round-to-nearest-even) mode; the sign is put back for -0.5 < x < 0. */
static inline float cmk_rnde_f32(float x)
{
    float a = __builtin_fabsf(x);
    float r = a < 0x1p23f ? (a + 0x1p23f) - 0x1p23f : a;
    return x < 0.0f ? -r : r;
}

static inline float cmk_frc_f32(float x) { return x - cmk_rndd_f32(x); }

/* ---- float math -------------------------------------------------------------------- */

static inline float cmk_inv_f32(float x) { return 1.0f / x; }
static inline float cmk_sqrt_f32(float x) { return __builtin_sqrtf(x); }
static inline float cmk_rsqrt_f32(float x) { return 1.0f / __builtin_sqrtf(x); }

typedef union cmk_f64_bits {
    double d;
    uint64_t u;
} cmk_f64_bits;

/* log2 of x > 0 finite: x = m * 2^e with m in [sqrt(1/2), sqrt(2)),
 * ln m = 2 atanh(t), t = (m - 1) / (m + 1), |t| < 0.172. */
static inline double cmk_log2_core(double x)
{
    cmk_f64_bits b = {x};
    int64_t e = (int64_t)((b.u >> 52) & 0x7ff) - 1023;
    b.u = (b.u & 0x000fffffffffffffull) | 0x3ff0000000000000ull; /* m in [1, 2) */
    double m = b.d;
    int big = m > 1.4142135623730951;
    m = big ? m * 0.5 : m;
    e += big;
    double t = (m - 1.0) / (m + 1.0), t2 = t * t;
    double s = t * (2.0 + t2 * (2.0 / 3 + t2 * (2.0 / 5 + t2 * (2.0 / 7 + t2 * (2.0 / 9 +
               t2 * (2.0 / 11 + t2 * (2.0 / 13)))))));
    return (double)e + s * 1.4426950408889634;
}

/* 2^x for x in [-1100, 1100]: 2^n * 2^f, n = round(x), |f| <= 1/2. */
static inline double cmk_exp2_core(double x)
{
    double n = (x + 0x1.8p52) - 0x1.8p52;
    double f = (x - n) * 0.6931471805599453; /* e^f */
    double p = 1.0 + f * (1.0 + f * (1.0 / 2 + f * (1.0 / 6 + f * (1.0 / 24 + f * (1.0 / 120 +
               f * (1.0 / 720 + f * (1.0 / 5040 + f * (1.0 / 40320))))))));
    cmk_f64_bits b = {.u = (uint64_t)((int64_t)n + 1023) << 52};
    return p * b.d;
}

/* Special inputs by selects: negative gives NaN, 0 gives -inf, +inf and
 * NaN give themselves; denormals count as 0 (GEN flushes them). */
static inline float cmk_log_f32(float x)
{
    double r = cmk_log2_core(x >= 0x1p-126f ? (double)x : 1.0);
    r = x >= 0x1p-126f ? r : x >= 0.0f ? -(double)__builtin_inff() : (double)__builtin_nanf("");
    return x <= 0x1.fffffep127f || x != x ? (float)r : x;
}

static inline float cmk_exp_f32(float x)
{
    double c = x > 200.0f ? 200.0 : x >= -200.0f ? (double)x : -200.0; /* NaN: -200 */
    float r = (float)cmk_exp2_core(c);
    r = x < -126.0f ? 0.0f : r;
    return x == x ? r : x;
}

/* pow as GEN computes it: |x| ^ y = 2^(y log2 |x|). */
static inline float cmk_pow_f32(float x, float y)
{
    float a = __builtin_fabsf(x);
    int special = !(a >= 0x1p-126f && a <= 0x1.fffffep127f);
    double l = cmk_log2_core(special ? 1.0 : (double)a) * (double)y;
    double c = l > 200.0 ? 200.0 : l >= -200.0 ? l : -200.0;
    float r = (float)cmk_exp2_core(c);
    r = l >= -126.0 ? r : 0.0f;
    /* 0, infinities and NaN: through the scalar rules of powf's cases */
    float z = y == 0.0f ? 1.0f : a != a || y != y ? __builtin_nanf("")
            : (a < 1.0f) == (y > 0.0f) ? 0.0f : __builtin_inff();
    return special || y != y ? z : r;
}

/* sin and cos: x = k pi/2 + r, |r| <= pi/4, reduced in double. */
static inline double cmk_sin_poly(double r)
{
    double r2 = r * r;
    return r + r * r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362880 +
           r2 * (-1.0 / 39916800)))));
}

static inline double cmk_cos_poly(double r)
{
    double r2 = r * r;
    return 1.0 + r2 * (-1.0 / 2 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320 +
           r2 * (-1.0 / 3628800 + r2 * (1.0 / 479001600))))));
}

static inline float cmk_sincos_f32(float x, int is_cos)
{
    double d = __builtin_fabsf(x) < 0x1p30f ? (double)x : 0.0;
    double k = (d * 0.6366197723675814 + 0x1.8p52) - 0x1.8p52;
    double r = (d - k * 1.5707963267341256) - k * 6.077100506506192e-11;
    int q = ((int)(int64_t)k + is_cos) & 3;
    double s = cmk_sin_poly(r), c = cmk_cos_poly(r);
    double v = q == 0 ? s : q == 1 ? c : q == 2 ? -s : -c;
    return __builtin_fabsf(x) < 0x1p30f ? (float)v : x - x; /* inf, NaN: NaN */
}

static inline float cmk_sin_f32(float x) { return cmk_sincos_f32(x, 0); }
static inline float cmk_cos_f32(float x) { return cmk_sincos_f32(x, 1); }

/* ---- bits ------------------------------------------------------------------------ */

static inline uint32_t cmk_cbit_u32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static inline uint32_t cmk_cbit_u64(uint64_t x)
{
    return cmk_cbit_u32((uint32_t)x) + cmk_cbit_u32((uint32_t)(x >> 32));
}

/* Leading zeros; all 32 for 0. */
static inline uint32_t cmk_lzd_u32(uint32_t x)
{
    return x ? (uint32_t)__builtin_clz(x) : 32u;
}

/* First set bit from the LSB; 0xffffffff for 0. */
static inline uint32_t cmk_fbl_u32(uint32_t x)
{
    return x ? (uint32_t)__builtin_ctz(x) : 0xffffffffu;
}

/* First bit from the MSB: leading zeros (unsigned or positive), leading
 * ones (negative); 0xffffffff (-1) when there is none. */
static inline uint32_t cmk_fbh_u32(uint32_t x)
{
    return x ? (uint32_t)__builtin_clz(x) : 0xffffffffu;
}

static inline int32_t cmk_fbh_i32(int32_t x)
{
    uint32_t u = x < 0 ? ~(uint32_t)x : (uint32_t)x;
    return u ? (int32_t)__builtin_clz(u) : -1;
}

static inline uint32_t cmk_bfrev_u32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}

static inline int32_t cmk_bfrev_i32(int32_t x) { return (int32_t)cmk_bfrev_u32((uint32_t)x); }

/* Bit fields: width and offset are taken modulo 32, as the hardware's. */
static inline uint32_t cmk_bf_mask(uint32_t width)
{
    width &= 31;
    return width ? 0xffffffffu >> (32 - width) : 0u;
}

static inline uint32_t cmk_bfi_u32(uint32_t width, uint32_t offset, uint32_t val, uint32_t src)
{
    uint32_t mask = cmk_bf_mask(width) << (offset & 31);
    return (src & ~mask) | ((val << (offset & 31)) & mask);
}

static inline int32_t cmk_bfi_i32(uint32_t width, uint32_t offset, int32_t val, int32_t src)
{
    return (int32_t)cmk_bfi_u32(width, offset, (uint32_t)val, (uint32_t)src);
}

static inline uint32_t cmk_bfe_u32(uint32_t width, uint32_t offset, uint32_t src)
{
    return (src >> (offset & 31)) & cmk_bf_mask(width);
}

/* Signed: the field is sign-extended from its top bit. */
static inline int32_t cmk_bfe_i32(uint32_t width, uint32_t offset, int32_t src)
{
    uint32_t field = cmk_bfe_u32(width, offset, (uint32_t)src);
    uint32_t top = (width & 31) ? 1u << ((width & 31) - 1) : 0u;
    return (int32_t)((field ^ top) - top);
}

/* ---- on packed arrays ---------------------------------------------------------------- */

/* cm_dp2/3/4: each 4-tuple gets the dot product of its first 2, 3 or 4
 * elements; cm_dph: of the first 3 plus b's 4th. */
static inline void cmk_dp_f32(const float *a, const float *b, float *out, int n, int k,
                              int homogeneous)
{
    for (int i = 0; i < n; i += 4) {
        float s = 0.0f;
        for (int j = 0; j < k; j++)
            s += a[i + j] * b[i + j];
        if (homogeneous)
            s += b[i + 3];
        out[i] = out[i + 1] = out[i + 2] = out[i + 3] = s;
    }
}

static inline void cmk_dp2_f32(const float *a, const float *b, float *o, int n) { cmk_dp_f32(a, b, o, n, 2, 0); }
static inline void cmk_dp3_f32(const float *a, const float *b, float *o, int n) { cmk_dp_f32(a, b, o, n, 3, 0); }
static inline void cmk_dp4_f32(const float *a, const float *b, float *o, int n) { cmk_dp_f32(a, b, o, n, 4, 0); }
static inline void cmk_dph_f32(const float *a, const float *b, float *o, int n) { cmk_dp_f32(a, b, o, n, 3, 1); }

/* cm_line: p[0] * y + p[3]. */
static inline void cmk_line_f32(const float *p, const float *y, float *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = p[0] * y[i] + p[3];
}

/* Reductions. Integer sums and products are exact in 64 bits (products
 * of 64-bit values wrap); float ones add in element order. */
#define CMK_DEFINE_REDUCE(t, T, W, add, mul)                                   \
    static inline W cmk_sum_##t(const T *a, int n)                             \
    {                                                                          \
        W s = 0;                                                               \
        for (int i = 0; i < n; i++)                                            \
            s = add(s, a[i]);                                                  \
        return s;                                                              \
    }                                                                          \
    static inline W cmk_prod_##t(const T *a, int n)                            \
    {                                                                          \
        W s = 1;                                                               \
        for (int i = 0; i < n; i++)                                            \
            s = mul(s, a[i]);                                                  \
        return s;                                                              \
    }                                                                          \
    static inline T cmk_rmin_##t(const T *a, int n)                            \
    {                                                                          \
        T s = a[0];                                                            \
        for (int i = 1; i < n; i++)                                            \
            s = cmk_min_##t(s, a[i]);                                          \
        return s;                                                              \
    }                                                                          \
    static inline T cmk_rmax_##t(const T *a, int n)                            \
    {                                                                          \
        T s = a[0];                                                            \
        for (int i = 1; i < n; i++)                                            \
            s = cmk_max_##t(s, a[i]);                                          \
        return s;                                                              \
    }
CMK_DEFINE_REDUCE(i32, int32_t, int64_t, cmk_add_i64, cmk_mul_i64)
CMK_DEFINE_REDUCE(u32, uint32_t, uint64_t, cmk_add_u64, cmk_mul_u64)
CMK_DEFINE_REDUCE(i64, int64_t, int64_t, cmk_add_i64, cmk_mul_i64)
CMK_DEFINE_REDUCE(u64, uint64_t, uint64_t, cmk_add_u64, cmk_mul_u64)
CMK_DEFINE_REDUCE(f32, float, float, cmk_add_f32, cmk_mul_f32)
CMK_DEFINE_REDUCE(f64, double, double, cmk_add_f64, cmk_mul_f64)
#undef CMK_DEFINE_REDUCE

/* cm_pack_mask: bit i is element i's low bit. */
static inline uint32_t cmk_pack_mask_u32(const uint32_t *a, int n)
{
    uint32_t m = 0;
    for (int i = 0; i < n && i < 32; i++)
        m |= (a[i] & 1u) << i;
    return m;
}

static inline void cmk_unpack_mask(uint32_t m, uint32_t *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = i < 32 ? (m >> i) & 1u : 0u;
}

/* cm_imul: the high and low 32 bits of the 64-bit product. */
static inline int64_t cmk_imul_hi_i64(int64_t a, int64_t b) { return cmk_mul_i64(a, b) >> 32; }
static inline uint32_t cmk_imul_lo_i64(int64_t a, int64_t b) { return (uint32_t)cmk_mul_i64(a, b); }
static inline uint64_t cmk_imul_hi_u64(uint64_t a, uint64_t b) { return (a * b) >> 32; }
static inline uint32_t cmk_imul_lo_u64(uint64_t a, uint64_t b) { return (uint32_t)(a * b); }

#endif /* CMK_MATH_H */
