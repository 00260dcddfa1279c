/*
 * conformance.c - CM's arithmetic and math intrinsics, end to end: each
 * kernel of a family (integer.cpp, floating.cpp, bits.cpp, reduce.cpp),
 * built by cmc and run by libcmrt on one thread, is compared element by
 * element with a plain C reference written from the CM language
 * specification (cmlangspec, "Built-in Functions") and the semantics the
 * README decides (integer division by zero), not from lib/'s helpers.
 *
 * Inputs are rows of 16 elements (a, b, c) of a 64x4 A8 surface: random
 * bits for integers, with the edge cases (0, -1, MIN, MAX) in the first
 * elements; uniform ranges for floats.
 *
 * usage: conformance <family.isa> <family>
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rig.h"

typedef enum tc { I8, U8, I16, U16, I32, U32, F32 } tc;
static const int tc_size[] = {1, 1, 2, 2, 4, 4, 4};

typedef enum op {
    ABS, ADD, MUL, AVG, MIN, MAX, SHL, SHR, ASR, QUOT, MOD, DIV, IMUL,
    FRC, RNDD, RNDU, RNDE, RNDZ, INV, LOG2, EXP2, SQRT, RSQRT, POW, SIN, COS, LRP,
    DP2, DP3, DP4, DPH, LINE,
    LZD, CBIT, FBL, FBH, BFREV, BFI, BFE,
    SUM, PROD, RMIN, RMAX, PACK, UNPACK
} op;

typedef struct test_case {
    const char *family, *kernel;
    op op;
    tc in, out;
    int sat;
    float lo, hi; /* float inputs: uniform in [lo, hi) */
    double tol;   /* float results: relative (and absolute) tolerance */
} test_case;

#define INT_CASES(T, name)                                                        \
    {"integer", "abs_" name, ABS, T, T, 0, 0, 0, 0},                               \
    {"integer", "abs_sat_" name, ABS, T, T, 1, 0, 0, 0},                           \
    {"integer", "add_" name, ADD, T, T, 0, 0, 0, 0},                               \
    {"integer", "add_sat_" name, ADD, T, T, 1, 0, 0, 0},                           \
    {"integer", "add_sat_scalar_" name, ADD, T, T, 1, 0, 0, 0},                    \
    {"integer", "mul_" name, MUL, T, T, 0, 0, 0, 0},                               \
    {"integer", "mul_sat_" name, MUL, T, T, 1, 0, 0, 0},                           \
    {"integer", "avg_sat_" name, AVG, T, T, 1, 0, 0, 0},                           \
    {"integer", "min_" name, MIN, T, T, 0, 0, 0, 0},                               \
    {"integer", "max_" name, MAX, T, T, 0, 0, 0, 0},                               \
    {"integer", "max_scalar_" name, MAX, T, T, 0, 0, 0, 0},                        \
    {"integer", "shl_sat_" name, SHL, T, T, 1, 0, 0, 0},                           \
    {"integer", "shr_" name, SHR, T, T, 0, 0, 0, 0},                               \
    {"integer", "asr_" name, ASR, T, T, 0, 0, 0, 0},                               \
    {"integer", "quot_" name, QUOT, T, T, 0, 0, 0, 0},                             \
    {"integer", "mod_" name, MOD, T, T, 0, 0, 0, 0},                               \
    {"integer", "quot_scalar_" name, QUOT, T, T, 0, 0, 0, 0},                      \
    {"integer", "div_" name, DIV, T, T, 0, 0, 0, 0}

static const test_case cases[] = {
    INT_CASES(I8, "char"), INT_CASES(U8, "uchar"), INT_CASES(I16, "short"),
    INT_CASES(U16, "ushort"), INT_CASES(I32, "int"), INT_CASES(U32, "uint"),
    {"integer", "imul_int", IMUL, I32, I32, 0, 0, 0, 0},
    {"integer", "imul_uint", IMUL, U32, U32, 0, 0, 0, 0},
    {"floating", "abs_float", ABS, F32, F32, 0, -100, 100, 0},
    {"floating", "add_float", ADD, F32, F32, 0, -100, 100, 0},
    {"floating", "add_sat_float", ADD, F32, F32, 1, -1, 1.5f, 0},
    {"floating", "mul_float", MUL, F32, F32, 0, -100, 100, 0},
    {"floating", "min_float", MIN, F32, F32, 0, -100, 100, 0},
    {"floating", "max_float", MAX, F32, F32, 0, -100, 100, 0},
    {"floating", "frc", FRC, F32, F32, 0, -100, 100, 0},
    {"floating", "rndd", RNDD, F32, F32, 0, -100, 100, 0},
    {"floating", "rndu", RNDU, F32, F32, 0, -100, 100, 0},
    {"floating", "rnde", RNDE, F32, F32, 0, -8, 8, 0},
    {"floating", "rnde_scalar", RNDE, F32, F32, 0, -8, 8, 0},
    {"floating", "rndz", RNDZ, F32, F32, 0, -100, 100, 0},
    {"floating", "rndd_int", RNDD, F32, I32, 0, -1e10f, 1e10f, 0},
    {"floating", "inv", INV, F32, F32, 0, 0.01f, 100, 1e-6},
    {"floating", "log2", LOG2, F32, F32, 0, 1e-3f, 1e4f, 2e-6},
    {"floating", "exp2", EXP2, F32, F32, 0, -30, 30, 2e-6},
    {"floating", "sqrt", SQRT, F32, F32, 0, 0, 1000, 1e-6},
    {"floating", "rsqrt", RSQRT, F32, F32, 0, 0.01f, 1000, 1e-6},
    {"floating", "pow", POW, F32, F32, 0, -4, 4, 4e-6},
    {"floating", "sin", SIN, F32, F32, 0, -100, 100, 2e-6},
    {"floating", "cos", COS, F32, F32, 0, -100, 100, 2e-6},
    {"floating", "sin_sat", SIN, F32, F32, 1, -4, 4, 2e-6},
    {"floating", "cos_scalar", COS, F32, F32, 0, -4, 4, 2e-6},
    {"floating", "lrp", LRP, F32, F32, 0, -2, 2, 1e-6},
    {"floating", "dp2", DP2, F32, F32, 0, -10, 10, 1e-6},
    {"floating", "dp3", DP3, F32, F32, 0, -10, 10, 1e-6},
    {"floating", "dp4", DP4, F32, F32, 0, -10, 10, 1e-6},
    {"floating", "dph", DPH, F32, F32, 0, -10, 10, 1e-6},
    {"floating", "line", LINE, F32, F32, 0, -10, 10, 1e-6},
    {"bits", "lzd", LZD, U32, U32, 0, 0, 0, 0},
    {"bits", "cbit_char", CBIT, I8, U32, 0, 0, 0, 0},
    {"bits", "cbit_short", CBIT, I16, U32, 0, 0, 0, 0},
    {"bits", "cbit_int", CBIT, I32, U32, 0, 0, 0, 0},
    {"bits", "cbit_scalar", CBIT, I32, U32, 0, 0, 0, 0},
    {"bits", "fbl", FBL, U32, U32, 0, 0, 0, 0},
    {"bits", "fbh_int", FBH, I32, I32, 0, 0, 0, 0},
    {"bits", "fbh_uint", FBH, U32, U32, 0, 0, 0, 0},
    {"bits", "bf_reverse", BFREV, U32, U32, 0, 0, 0, 0},
    {"bits", "bf_insert", BFI, U32, U32, 0, 0, 0, 0},
    {"bits", "bf_extract_int", BFE, I32, I32, 0, 0, 0, 0},
    {"bits", "bf_extract_uint", BFE, U32, U32, 0, 0, 0, 0},
    {"reduce", "sum_uchar", SUM, U8, I32, 0, 0, 0, 0},
    {"reduce", "sum_sat_uchar", SUM, U8, U8, 1, 0, 0, 0},
    {"reduce", "sum_char", SUM, I8, I32, 0, 0, 0, 0},
    {"reduce", "sum_float", SUM, F32, F32, 0, -10, 10, 1e-5},
    {"reduce", "prod_char", PROD, I8, I32, 0, 0, 0, 0},
    {"reduce", "prod_sat_short", PROD, I16, I16, 1, 0, 0, 0},
    {"reduce", "reduced_min_short", RMIN, I16, I16, 0, 0, 0, 0},
    {"reduce", "reduced_max_ushort", RMAX, U16, U16, 0, 0, 0, 0},
    {"reduce", "reduced_max_float", RMAX, F32, F32, 0, -10, 10, 0},
    {"reduce", "pack_mask", PACK, U16, U32, 0, 0, 0, 0},
    {"reduce", "unpack_mask", UNPACK, U32, U16, 0, 0, 0, 0},
};

enum { N = 16, ROW = 64 };

/* ---- element access ----------------------------------------------------------- */

static int64_t get_i(const uint8_t *row, int i, tc t)
{
    const uint8_t *p = row + i * tc_size[t];
    switch (t) {
    case I8: return (int8_t)p[0];
    case U8: return p[0];
    case I16: { int16_t v; memcpy(&v, p, 2); return v; }
    case U16: { uint16_t v; memcpy(&v, p, 2); return v; }
    case I32: { int32_t v; memcpy(&v, p, 4); return v; }
    default: { uint32_t v; memcpy(&v, p, 4); return v; }
    }
}

static float get_f(const uint8_t *row, int i)
{
    float v;
    memcpy(&v, row + i * 4, 4);
    return v;
}

static int64_t lo_of(tc t)
{
    static const int64_t lo[] = {-128, 0, -32768, 0, INT32_MIN, 0};
    return lo[t];
}

static int64_t hi_of(tc t)
{
    static const int64_t hi[] = {127, 255, 32767, 65535, INT32_MAX, UINT32_MAX};
    return hi[t];
}

/* Stores v in type t: clamped with SAT, else its low bits (two's complement). */
static void put_i(uint8_t *row, int i, tc t, __int128 v, int sat)
{
    if (sat)
        v = v < lo_of(t) ? lo_of(t) : v > hi_of(t) ? hi_of(t) : v;
    uint32_t bits = (uint32_t)(uint64_t)v; /* little-endian low bytes */
    memcpy(row + i * tc_size[t], &bits, (size_t)tc_size[t]);
}

static void put_f(uint8_t *row, int i, double v, int sat)
{
    float f = (float)v;
    if (sat)
        f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
    memcpy(row + i * 4, &f, 4);
}

/* ---- references, from the specification ----------------------------------------------- */

/* C++'s integer promotion: everything here computes in int but uint. */
static int is_uint_computation(tc t) { return t == U32; }

static __int128 floor_div(__int128 a, __int128 d)
{
    __int128 q = a / d;
    return (a % d != 0 && (a < 0) != (d < 0)) ? q - 1 : q;
}

/* Integer division as cmc defines it (README): x / 0 is all ones, the
 * remainder x; INT_MIN / -1 wraps with remainder 0. */
static void int_divide(int64_t a, int64_t b, tc t, int64_t *q, int64_t *r)
{
    int u = is_uint_computation(t);
    if (b == 0) {
        *q = u ? 0xffffffffll : -1;
        *r = a;
    } else if (!u && a == INT32_MIN && b == -1) {
        *q = INT32_MIN;
        *r = 0;
    } else {
        *q = a / b;
        *r = a % b;
    }
}

static int count_bits(uint64_t v, int width)
{
    int n = 0;
    for (int i = 0; i < width; i++)
        n += (int)((v >> i) & 1);
    return n;
}

static int leading_zeros(uint32_t v)
{
    int n = 0;
    for (int i = 31; i >= 0 && !((v >> i) & 1); i--)
        n++;
    return n;
}

static void ref_integer(const test_case *c, uint8_t in[3][ROW], uint8_t out[2][ROW])
{
    for (int i = 0; i < N; i++) {
        int64_t a = get_i(in[0], i, c->in), b = get_i(in[1], i, c->in), q, r;
        __int128 v = 0;
        uint32_t n = (uint32_t)b & 31;
        switch (c->op) {
        case ABS: v = a < 0 ? -(__int128)a : a; break;
        case ADD: v = (__int128)a + b; break;
        case MUL: v = (__int128)a * b; break;
        case AVG: v = floor_div((__int128)a + b + 1, 2); break;
        case MIN: v = a < b ? a : b; break;
        case MAX: v = a > b ? a : b; break;
        case SHL: v = (__int128)a * ((__int128)1 << n); break;
        case SHR: v = is_uint_computation(c->in) ? (int64_t)((uint32_t)a >> n)
                                                 : (int64_t)floor_div(a, (int64_t)1 << n); break;
        case ASR: v = floor_div((int32_t)(uint32_t)a, (int64_t)1 << n); break;
        case QUOT: int_divide(a, b, c->in, &q, &r); v = q; break;
        case MOD: int_divide(a, b, c->in, &q, &r); v = r; break;
        case DIV:
            int_divide(a, b, c->in, &q, &r);
            v = q;
            put_i(out[1], i, c->out, r, 0);
            break;
        case IMUL: {
            __int128 p = (__int128)a * b;
            v = floor_div(p, (__int128)1 << 32);
            put_i(out[1], i, c->out, p, 0);
            break;
        }
        default: break;
        }
        put_i(out[0], i, c->out, v, c->sat);
    }
}

static double ref_float_elem(const test_case *c, float a, float b, float cc)
{
    switch (c->op) {
    case ABS: return fabsf(a);
    case ADD: return a + b;
    case MUL: return a * b;
    case MIN: return a < b ? a : b;
    case MAX: return a > b ? a : b;
    case FRC: return a - floorf(a);
    case RNDD: return floorf(a);
    case RNDU: return ceilf(a);
    case RNDE: return nearbyintf(a);
    case RNDZ: return truncf(a);
    case INV: return 1.0 / a;
    case LOG2: return log2(a);
    case EXP2: return exp2(a);
    case SQRT: return sqrt(a);
    case RSQRT: return 1.0 / sqrt(a);
    case POW: return pow(fabs(a), b);
    case SIN: return sin(a);
    case COS: return cos(a);
    case LRP: return (double)b * a + (double)cc * (1.0 - a);
    default: return 0;
    }
}

static void ref_float(const test_case *c, uint8_t in[3][ROW], uint8_t out[2][ROW])
{
    for (int i = 0; i < N; i++) {
        float a = get_f(in[0], i), b = get_f(in[1], i), cc = get_f(in[2], i);
        double v = ref_float_elem(c, a, b, cc);
        int t = i & ~3;
        double dot = 0;
        for (int k = 0; k < (c->op == DP2 ? 2 : c->op == DP4 ? 4 : 3); k++)
            dot += (double)get_f(in[0], t + k) * get_f(in[1], t + k);
        if (c->op == DP2 || c->op == DP3 || c->op == DP4)
            v = dot;
        if (c->op == DPH)
            v = dot + get_f(in[1], t + 3);
        if (c->op == LINE)
            v = (double)get_f(in[0], 0) * b + get_f(in[0], 3);
        if (c->out == F32) {
            put_f(out[0], i, v, c->sat);
        } else { /* float to int: saturates (README) */
            put_i(out[0], i, c->out, v < -2147483648.0 ? INT32_MIN : v > 2147483647.0
                                     ? INT32_MAX : (int64_t)v, 0);
        }
    }
}

static void ref_bits(const test_case *c, uint8_t in[3][ROW], uint8_t out[2][ROW])
{
    for (int i = 0; i < N; i++) {
        int64_t a = get_i(in[0], i, c->in), b = get_i(in[1], i, c->in);
        int64_t s = get_i(in[2], i, c->in);
        uint32_t ua = (uint32_t)a, w = (uint32_t)a & 31, o = (uint32_t)b & 31;
        int64_t v = 0;
        switch (c->op) {
        case LZD: v = leading_zeros(ua); break;
        case CBIT: v = count_bits((uint64_t)a, tc_size[c->in] * 8); break;
        case FBL: {
            v = 0xffffffffll;
            for (int k = 31; k >= 0; k--)
                if ((ua >> k) & 1)
                    v = k;
            break;
        }
        case FBH:
            if (c->in == U32)
                v = ua ? leading_zeros(ua) : 0xffffffffll;
            else
                v = (a == 0 || a == -1) ? -1 : leading_zeros(a < 0 ? ~ua : ua);
            break;
        case BFREV:
            for (int k = 0; k < 32; k++)
                v |= (int64_t)((ua >> k) & 1) << (31 - k);
            break;
        case BFI: { /* width a, offset b, value c, into a ^ b */
            uint32_t dst = (uint32_t)(a ^ b);
            for (uint32_t k = 0; k < w; k++)
                if (o + k < 32)
                    dst = (dst & ~(1u << (o + k))) | ((((uint32_t)s >> k) & 1) << (o + k));
            v = dst;
            break;
        }
        case BFE: { /* width a, offset b, from c; signed types sign-extend */
            uint32_t f = 0;
            for (uint32_t k = 0; k < w && o + k < 32; k++)
                f |= (((uint32_t)s >> (o + k)) & 1) << k;
            v = f;
            if (c->in == I32 && w && ((f >> (w - 1)) & 1))
                v = (int64_t)f - ((int64_t)1 << w);
            break;
        }
        default: break;
        }
        put_i(out[0], i, c->out, v, 0);
    }
}

static void ref_reduce(const test_case *c, uint8_t in[3][ROW], uint8_t out[2][ROW])
{
    int n = c->op == PROD ? 4 : N;
    if (c->in == F32) {
        double v = get_f(in[0], 0);
        for (int i = 1; i < n; i++) {
            float x = get_f(in[0], i);
            v = c->op == SUM ? v + x : x > v ? x : v;
        }
        put_f(out[0], 0, v, 0);
        return;
    }
    if (c->op == UNPACK) {
        uint32_t m = (uint32_t)get_i(in[0], 0, U32);
        for (int i = 0; i < 32; i++)
            put_i(out[0], i, U16, (m >> i) & 1, 0);
        return;
    }
    __int128 v = c->op == PROD ? 1 : c->op == SUM || c->op == PACK ? 0 : get_i(in[0], 0, c->in);
    for (int i = 0; i < n; i++) {
        int64_t x = get_i(in[0], i, c->in);
        switch (c->op) {
        case SUM: v += x; break;
        case PROD: v *= x; break;
        case RMIN: v = x < v ? x : v; break;
        case RMAX: v = x > v ? x : v; break;
        case PACK: v |= (__int128)(x > get_i(in[1], i, c->in)) << i; break;
        default: break;
        }
    }
    put_i(out[0], 0, c->out, v, c->sat);
}

/* ---- running --------------------------------------------------------------------------- */

static void make_input(const test_case *c, uint8_t in[3][ROW])
{
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < ROW; i++)
            in[r][i] = (uint8_t)rig_random();
    if (c->in == F32) {
        for (int r = 0; r < 3; r++)
            for (int i = 0; i < N; i++) {
                float f = c->lo + (c->hi - c->lo) * (float)(rig_random() >> 8) / 16777216.0f;
                memcpy(in[r] + i * 4, &f, 4);
            }
        if (c->op == RNDE) { /* the ties */
            static const float ties[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f};
            memcpy(in[0], ties, sizeof ties);
        }
        return;
    }
    /* edge cases first: x / 0, MIN / -1, MAX, 0 */
    put_i(in[1], 0, c->in, 0, 0);
    put_i(in[0], 1, c->in, lo_of(c->in), 0);
    put_i(in[1], 1, c->in, -1, 0);
    put_i(in[0], 2, c->in, hi_of(c->in), 0);
    put_i(in[0], 3, c->in, 0, 0);
    put_i(in[0], 4, c->in, -1, 0);
}

static int same(const test_case *c, const uint8_t *got, const uint8_t *want, int i)
{
    if (c->out != F32)
        return get_i(got, i, c->out) == get_i(want, i, c->out);
    float g = get_f(got, i), w = get_f(want, i);
    if (isnan(w) || isnan(g))
        return isnan(w) && isnan(g);
    return fabs((double)g - w) <= c->tol * (fabs(w) > 1 ? fabs(w) : 1);
}

static int run_case(rig *g, const test_case *c)
{
    uint8_t in[3][ROW], got[2][ROW], want[2][ROW];
    memset(want, 0, sizeof want);
    make_input(c, in);
    if (!strcmp(c->family, "integer"))
        ref_integer(c, in, want);
    else if (!strcmp(c->family, "floating"))
        ref_float(c, in, want);
    else if (!strcmp(c->family, "bits"))
        ref_bits(c, in, want);
    else
        ref_reduce(c, in, want);

    uint8_t pad[4][ROW];
    memset(pad, 0, sizeof pad);
    memcpy(pad, in, sizeof in);
    rig_run_named(g, c->kernel, pad, 0, got);

    int rows = c->op == DIV || c->op == IMUL ? 2 : 1;
    int count = c->op == SUM || c->op == PROD || c->op == RMIN || c->op == RMAX ||
                c->op == PACK ? 1 : c->op == UNPACK ? 32 : N;
    for (int r = 0; r < rows; r++)
        for (int i = 0; i < count; i++)
            if (!same(c, got[r], want[r], i)) {
                if (c->out == F32)
                    printf("FAIL %s: row %d element %d is %.9g, the reference says %.9g "
                           "(inputs %.9g %.9g)\n", c->kernel, r, i, get_f(got[r], i),
                           get_f(want[r], i), get_f(in[0], i), get_f(in[1], i));
                else
                    printf("FAIL %s: row %d element %d is %lld, the reference says %lld "
                           "(inputs %lld %lld)\n", c->kernel, r, i,
                           (long long)get_i(got[r], i, c->out),
                           (long long)get_i(want[r], i, c->out),
                           (long long)get_i(in[0], i, c->in), (long long)get_i(in[1], i, c->in));
                return 0;
            }
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s <family.isa> <family>\n", argv[0]);
        return 2;
    }
    rig g;
    rig_open(&g, argv[1], ROW, 4, 2);
    int passed = 0, failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (strcmp(cases[i].family, argv[2]))
            continue;
        for (int round = 0; round < 4; round++) /* fresh random inputs each round */
            if (!run_case(&g, &cases[i])) {
                failed++;
                break;
            }
        passed++;
    }
    passed -= failed;
    rig_close(&g);
    printf("%s: %d kernels pass, %d fail\n", argv[2], passed, failed);
    return failed || !passed;
}
