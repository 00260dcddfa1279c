/*
 * types_functions.c - CM's types and functions end to end: each kernel of
 * types_functions.cpp, built by cmc and run by libcmrt on one thread,
 * against a plain C reference written from the CM language specification
 * (cmlangspec 2.1 scalar types and half, 2.2 vectors, matrices and their
 * _ref forms, 2.4 file-scope variables, 2.5 conversions, 3.2.2-3.2.3
 * constructors and table initialisers, 4.1-4.2 functions) and cmc's
 * documented choices (README: float to integer truncates and saturates).
 *
 * usage: types_functions <types_functions.isa>
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rig.h"

enum { N = RIG_INTS };

/* ---- conversions as the specification defines them ------------------------- */

/* IEEE binary16, round to nearest even: 11 significant bits, exponents
 * down to -14 (subnormals in steps of 2^-24), 65520 and above infinite. */
static double to_half(double x)
{
    if (x != x)
        return x;
    double ax = fabs(x);
    if (ax >= 65520.0)
        return copysign(INFINITY, x);
    if (ax == 0.0)
        return x;
    int e;
    frexp(ax, &e); /* ax = m * 2^e, m in [0.5, 1) */
    int q = e - 11 < -24 ? -24 : e - 11;
    return copysign(ldexp(nearbyint(ldexp(ax, -q)), q), x);
}

/* Float to integer: toward zero, saturated to [lo, hi], NaN 0. */
static double trunc_sat(double v, double lo, double hi)
{
    if (v != v)
        return 0;
    v = trunc(v);
    return v < lo ? lo : v > hi ? hi : v;
}

static int32_t to_i32_sat(double v)
{
    return (int32_t)trunc_sat(v, -2147483648.0, 2147483647.0);
}

/* int -> T -> int (modular for integers). */
static int32_t int_via(int tag, int32_t a)
{
    switch (tag) {
    case 0: return (int8_t)(uint8_t)a;
    case 1: return (uint8_t)a;
    case 2: return (int16_t)(uint16_t)a;
    case 3: return (uint16_t)a;
    case 4: case 5: case 6: case 7: return a;
    case 8: return to_i32_sat(to_half(a));
    case 9: return to_i32_sat((float)a);
    default: return a;
    }
}

/* float -> T (saturating for integers) -> int. */
static int32_t float_via(int tag, float f)
{
    switch (tag) {
    case 0: return (int8_t)trunc_sat(f, -128, 127);
    case 1: return (uint8_t)trunc_sat(f, 0, 255);
    case 2: return (int16_t)trunc_sat(f, -32768, 32767);
    case 3: return (uint16_t)trunc_sat(f, 0, 65535);
    case 4: return to_i32_sat(f);
    case 5: return (int32_t)(uint32_t)trunc_sat(f, 0, 4294967295.0);
    case 6: return (int32_t)(uint32_t)(int64_t)trunc_sat(f, -9.2e18, 9.2e18);
    case 7: return (int32_t)(uint32_t)(uint64_t)trunc_sat(f, 0, 1.8e19);
    case 8: return to_i32_sat(to_half(f));
    default: return to_i32_sat(f);
    }
}


static void ref_ctor(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++)
        r[i] = int_via(rig_ints_tag, a[i]);
}

static void ref_ctorf(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++)
        r[i] = float_via(rig_ints_tag, (float)a[i] * 0.37f);
}

/* ---- the other kernels -------------------------------------------------------- */

static void ref_scalars(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        int32_t x = a[i];
        uint32_t sum = (uint32_t)(int8_t)x + (uint8_t)x + (uint32_t)(int16_t)x + (uint16_t)x +
                       3u * (uint32_t)x;
        r[i] = (int32_t)(sum + (x < 0));
    }
}

static void ref_sizes(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r[i * 4 + j] = (int32_t)((uint32_t)a[j * 4 + i] + (uint32_t)a[i * 4 + j] + 4000u +
                                     800u + 16u + 2u);
    for (int k = 0; k < 4; k++)
        r[k] = (int32_t)((uint32_t)r[k] + (uint32_t)a[8 + k]);
}

static void ref_tables(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)a;
    static const int tab8[8] = {1, -2, 3, -4, 5, -6, 7, -8};
    static const int rows[16] = {4, 6, 8, 0, 0, 1, 1, 0, 23, 0, 0, 0, 45, 46, 0, 0};
    for (int i = 0; i < 8; i++)
        r[i] = tab8[i] * 3;
    for (int i = 0; i < 8; i++)
        r[8 + i] = 10 + i + 32 + 2;
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)((float)r[i] + ((float)rows[i] + (float)b[i] * 0.5f + 100.0f));
    for (int i = 0; i < 4; i++)
        r[12 + i] += rows[4 + i];
}

static void ref_locals(const int32_t *a, const int32_t *b, int32_t *r)
{
    static const int lut[4] = {7, 11, 13, 17};
    for (int i = 0; i < N; i++) {
        int x = (a[i] & 1) ? lut[i & 3] : (int)((float)b[i] * 1.5f);
        r[i] = x * 2 + 5;
    }
}

static void ref_thread_globals(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)((uint32_t)a[i] + 5u + 2u);
}

static void ref_refs(const int32_t *a, const int32_t *b, int32_t *r)
{
    uint32_t u[N];
    for (int i = 0; i < N; i++)
        u[i] = (uint32_t)a[i];
    for (int k = 0; k < 8; k++)
        u[1 + 2 * k] += 5u;
    for (int k = 0; k < 4; k++) {
        u[k] *= 2u;
        u[8 + k] *= 3u;
        u[12 + k] = (uint32_t)b[k];
    }
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)u[i];
}

static void ref_templates(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < 8; i++) {
        r[i] = (int16_t)(b[i] * 2 + 1);
        r[8 + i] = (int32_t)((uint32_t)a[8 + i] * 2u + 3u);
    }
    int sum = 0, sum4 = 0;
    for (int i = 0; i < N; i++)
        sum += b[i];
    for (int i = 0; i < 4; i++)
        sum4 += b[i];
    float h = 0.5f * (float)b[3];
    r[0] += sum;
    r[1] += sum4;
    r[2] += b[2] * b[2] + (int)(h * h);
}

static void ref_overloads(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)a;
    for (int i = 0; i < 4; i++) {
        r[4 * i] = b[i] + 1;                                  /* f(int) */
        r[4 * i + 1] = (int)((float)b[i] * 0.25f * 4.0f);     /* f(float) */
        r[4 * i + 2] = b[4 * i] + b[4 * i + 3] + 1000 + b[i] * 3; /* f(vector), f(int, int) */
        r[4 * i + 3] = 77 + 77; /* short and double: the template matches exactly */
    }
}

static void ref_helpers(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        int c = b[i] < -5 ? -5 : b[i] > 5 ? 5 : b[i];
        int d = a[i] < 0 ? 0 : a[i] > 100 ? 100 : a[i];
        r[i] = 2 * c + 1 + d;
    }
}

static void ref_half_arith(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)a;
    double k3 = to_half(0.3f), k11 = to_half(1.1f), g[N];
    for (int i = 0; i < N; i++) {
        double h = to_half(to_half(b[i]) * k3);
        g[i] = to_half(to_half(to_half(h * h) + h) - k11);
    }
    double s = to_half(g[3] / 3.0);
    for (int i = 0; i < N; i++)
        r[i] = to_i32_sat((float)to_half(to_half(g[i] * 100.0) + s));
}

static const rig_ints_case cases[] = {
    {"ctor_i8", ref_ctor, 0}, {"ctor_u8", ref_ctor, 1}, {"ctor_i16", ref_ctor, 2},
    {"ctor_u16", ref_ctor, 3}, {"ctor_i32", ref_ctor, 4}, {"ctor_u32", ref_ctor, 5},
    {"ctor_i64", ref_ctor, 6}, {"ctor_u64", ref_ctor, 7}, {"ctor_f16", ref_ctor, 8},
    {"ctor_f32", ref_ctor, 9}, {"ctor_f64", ref_ctor, 10},
    {"ctorf_i8", ref_ctorf, 0}, {"ctorf_u8", ref_ctorf, 1}, {"ctorf_i16", ref_ctorf, 2},
    {"ctorf_u16", ref_ctorf, 3}, {"ctorf_i32", ref_ctorf, 4}, {"ctorf_u32", ref_ctorf, 5},
    {"ctorf_i64", ref_ctorf, 6}, {"ctorf_u64", ref_ctorf, 7}, {"ctorf_f16", ref_ctorf, 8},
    {"ctorf_f32", ref_ctorf, 9}, {"ctorf_f64", ref_ctorf, 10},
    {"scalars", ref_scalars, 0}, {"sizes", ref_sizes, 0}, {"tables", ref_tables, 0},
    {"locals", ref_locals, 0}, {"thread_globals", ref_thread_globals, 0},
    {"refs", ref_refs, 0}, {"templates", ref_templates, 0},
    {"overloads", ref_overloads, 0}, {"helpers", ref_helpers, 0},
    {"half_arith", ref_half_arith, 0},
};

/* a: any int, often near the edges of the narrower types and of half's
 * range; b: small. */
static void make_inputs(int32_t in[2][N])
{
    static const int32_t edges[] = {0, -1, 127, 128, -129, 255, 256, 32767, -32768, 65535,
                                    65504, 65519, 65520, 2049, -2051, 2147483647,
                                    -2147483647 - 1};
    for (int i = 0; i < N; i++) {
        uint32_t x = rig_random();
        in[0][i] = x % 3 == 0 ? (int32_t)rig_random()
                 : x % 3 == 1 ? edges[rig_random() % (sizeof edges / sizeof edges[0])]
                              : (int32_t)(rig_random() % 200001) - 100000;
        in[1][i] = (int32_t)(rig_random() % 25) - 12;
    }
}

int main(int argc, char **argv)
{
    return rig_ints_main(argc, argv, "types_functions", cases, sizeof cases / sizeof cases[0],
                         make_inputs, 16);
}
