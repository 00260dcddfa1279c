/*
 * operators.c - CM's operators and conversions end to end: each kernel of
 * operators.cpp, built by cmc and run by libcmrt on one thread, against a
 * plain C reference written from the CM language specification
 * (cmlangspec 2.1.2 saturation, 2.5 conversions, 3.2.1-3.2.11 operators,
 * regions, format and merge) and the choices README.md records where CM
 * leaves room: signed overflow wraps, shift counts are taken modulo the
 * promoted width, x / 0 is all ones (remainder x), MIN / -1 wraps,
 * float-to-integer truncates and saturates (NaN 0).
 *
 * The references compute in C's own types, which convert as C++'s do;
 * only what C leaves undefined is spelled out (unsigned arithmetic for
 * wrapping, explicit clamps for float conversions).
 *
 * Inputs are rows a and b of 128 bytes (16 elements of up to 8 bytes):
 * random bits with the edge cases (0, -1, MIN, MAX) first, or floating
 * values around every integer range's limits and the specials.
 *
 * usage: operators <operators.isa>
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rig.h"

enum { N = 16, W = 128, ROWS = 16 };

typedef uint8_t out_rows[ROWS][W];
typedef void (*reference)(const uint8_t *a, const uint8_t *b, out_rows out);

/* Row y of the output holds these bytes. */
static void put_row(out_rows out, int y, const void *v, size_t size)
{
    memcpy(out[y], v, size);
}

/* ---- integer division as README decides ------------------------------------------- */

static int64_t div_signed(int64_t a, int64_t b, int64_t min)
{
    return b == 0 ? -1 : (a == min && b == -1) ? min : a / b;
}

static int64_t mod_signed(int64_t a, int64_t b, int64_t min)
{
    return b == 0 ? a : (a == min && b == -1) ? 0 : a % b;
}

static uint64_t div_unsigned(uint64_t a, uint64_t b, uint64_t ones)
{
    return b == 0 ? ones : a / b;
}

static uint64_t mod_unsigned(uint64_t a, uint64_t b)
{
    return b == 0 ? a : a % b;
}

/* ---- one reference per element type: T the element, P its promoted
 * type, U the unsigned type P wraps in, PMIN / PONES P's minimum and all
 * ones, SIGNED whether P is signed, BITS P's width ---------------------------------- */

#define DIVP(x, y) ((P)(SIGNED ? (P)div_signed((int64_t)(x), (int64_t)(y), (int64_t)PMIN)    \
                               : (P)div_unsigned((uint64_t)(x), (uint64_t)(y), (uint64_t)PONES)))
#define MODP(x, y) ((P)(SIGNED ? (P)mod_signed((int64_t)(x), (int64_t)(y), (int64_t)PMIN)    \
                               : (P)mod_unsigned((uint64_t)(x), (uint64_t)(y))))

#define LOAD(T)                                                                     \
    T a[N], b[N], c[N];                                                             \
    P r[N];                                                                         \
    uint16_t k[N];                                                                  \
    memcpy(a, ia, sizeof a);                                                        \
    memcpy(b, ib, sizeof b)

#define COMMON_REF(T, ADD, SUB, MUL, DIV, NEG)                                      \
    for (int i = 0; i < N; i++) r[i] = ADD(a[i], b[i]);                             \
    put_row(out, 0, r, sizeof r);                                                   \
    for (int i = 0; i < N; i++) r[i] = SUB(a[i], b[i]);                             \
    put_row(out, 1, r, sizeof r);                                                   \
    for (int i = 0; i < N; i++) r[i] = MUL(a[i], b[i]);                             \
    put_row(out, 2, r, sizeof r);                                                   \
    for (int i = 0; i < N; i++) r[i] = DIV(a[i], b[i]);                             \
    put_row(out, 3, r, sizeof r);                                                   \
    for (int i = 0; i < N; i++) r[i] = NEG(a[i]);                                   \
    put_row(out, 4, r, sizeof r);                                                   \
    for (int i = 0; i < N; i++) k[i] = a[i] < b[i];                                 \
    put_row(out, 5, k, sizeof k);                                                   \
    for (int i = 0; i < N; i++) k[i] = a[i] == b[i];                                \
    put_row(out, 6, k, sizeof k);                                                   \
    for (int i = 0; i < N; i++) k[i] = (uint16_t)((a[i] >= b[i]) + 2 * (a[i] != b[i])); \
    put_row(out, 7, k, sizeof k);                                                   \
    for (int i = 0; i < N; i++) c[i] = (T)MUL((T)ADD(a[i], b[i]), a[i]);            \
    put_row(out, 8, c, sizeof c);                                                   \
    for (int i = 0; i < N; i++) c[i] = (T)DIV((T)SUB(a[i], b[i]), b[i]);            \
    put_row(out, 9, c, sizeof c)

#define WRAP_ADD(x, y) ((P)((U)(P)(x) + (U)(P)(y)))
#define WRAP_SUB(x, y) ((P)((U)(P)(x) - (U)(P)(y)))
#define WRAP_MUL(x, y) ((P)((U)(P)(x) * (U)(P)(y)))
#define WRAP_NEG(x) ((P)((U)0 - (U)(P)(x)))
#define SHIFT_COUNT(y) ((int)((int64_t)(y) & (BITS - 1)))
#define SHL(x, y) ((P)((U)(P)(x) << SHIFT_COUNT(y)))
#define SHR(x, y) ((P)((P)(x) >> SHIFT_COUNT(y)))

#define INTEGER_REF(name, T, P_, U_, SIGNED_, PMIN_, PONES_, BITS_)                 \
    static void ref_ops_##name(const uint8_t *ia, const uint8_t *ib, out_rows out)  \
    {                                                                               \
        typedef P_ P;                                                               \
        typedef U_ U;                                                               \
        enum { SIGNED = SIGNED_, BITS = BITS_ };                                    \
        const P PMIN = (P)(PMIN_), PONES = (P)(PONES_);                             \
        (void)PMIN; (void)PONES;                                                    \
        LOAD(T);                                                                    \
        COMMON_REF(T, WRAP_ADD, WRAP_SUB, WRAP_MUL, DIVP, WRAP_NEG);                \
        for (int i = 0; i < N; i++) r[i] = MODP(a[i], b[i]);                        \
        put_row(out, 10, r, sizeof r);                                              \
        for (int i = 0; i < N; i++)                                                 \
            r[i] = (P)(((P)a[i] & (P)b[i]) ^ ((P)a[i] | (P)~(P)b[i]));              \
        put_row(out, 11, r, sizeof r);                                              \
        for (int i = 0; i < N; i++) r[i] = SHL(a[i], b[i]);                         \
        put_row(out, 12, r, sizeof r);                                              \
        for (int i = 0; i < N; i++) r[i] = SHR(a[i], b[i]);                         \
        put_row(out, 13, r, sizeof r);                                              \
        for (int i = 0; i < N; i++) k[i] = a[i] == 0;                               \
        put_row(out, 14, k, sizeof k);                                              \
        for (int i = 0; i < N; i++) {                                               \
            T x = (T)MODP(a[i], b[i]);                                              \
            x = (T)SHL(x, 3);                                                       \
            x = (T)((P)x ^ (P)b[i]);                                                \
            x = (T)SHR(x, 1);                                                       \
            x = (T)((P)x | 5);                                                      \
            c[i] = (T)((P)x & (P)~(P)b[i]);                                         \
        }                                                                           \
        put_row(out, 15, c, sizeof c);                                              \
    }

INTEGER_REF(char, int8_t, int32_t, uint32_t, 1, INT32_MIN, -1, 32)
INTEGER_REF(uchar, uint8_t, int32_t, uint32_t, 1, INT32_MIN, -1, 32)
INTEGER_REF(short, int16_t, int32_t, uint32_t, 1, INT32_MIN, -1, 32)
INTEGER_REF(ushort, uint16_t, int32_t, uint32_t, 1, INT32_MIN, -1, 32)
INTEGER_REF(int, int32_t, int32_t, uint32_t, 1, INT32_MIN, -1, 32)
INTEGER_REF(uint, uint32_t, uint32_t, uint32_t, 0, 0, UINT32_MAX, 32)
INTEGER_REF(longlong, int64_t, int64_t, uint64_t, 1, INT64_MIN, -1, 64)
INTEGER_REF(ulonglong, uint64_t, uint64_t, uint64_t, 0, 0, UINT64_MAX, 64)

#define F_ADD(x, y) ((x) + (y))
#define F_SUB(x, y) ((x) - (y))
#define F_MUL(x, y) ((x) * (y))
#define F_DIV(x, y) ((x) / (y))
#define F_NEG(x) (-(x))

#define FLOAT_REF(name, T)                                                          \
    static void ref_ops_##name(const uint8_t *ia, const uint8_t *ib, out_rows out)  \
    {                                                                               \
        typedef T P;                                                                \
        LOAD(T);                                                                    \
        COMMON_REF(T, F_ADD, F_SUB, F_MUL, F_DIV, F_NEG);                           \
    }

FLOAT_REF(float, float)
FLOAT_REF(double, double)

/* ---- mixed types ------------------------------------------------------------------- */

static void ref_mixed_types(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    int8_t sc[N];
    uint8_t uc[N];
    int16_t ss[N];
    int32_t si[N], ri[N];
    uint32_t ui[N], ru[N];
    uint16_t k[N];
    float f[N];
    double d[N];
    int64_t l[N];
    memcpy(sc, ia, sizeof sc);
    memcpy(uc, ia, sizeof uc);
    memcpy(ss, ia, sizeof ss);
    memcpy(si, ib, sizeof si);
    memcpy(ui, ib, sizeof ui);
    for (int i = 0; i < N; i++) ri[i] = sc[i] + uc[i];
    put_row(out, 0, ri, sizeof ri);
    for (int i = 0; i < N; i++) ru[i] = (uint32_t)si[i] + ui[i];
    put_row(out, 1, ru, sizeof ru);
    for (int i = 0; i < N; i++) k[i] = (uint32_t)si[i] < ui[i];
    put_row(out, 2, k, sizeof k);
    for (int i = 0; i < N; i++) ru[i] = (uint32_t)ss[i] * 3u;
    put_row(out, 3, ru, sizeof ru);
    for (int i = 0; i < N; i++) ri[i] = 100 - uc[i];
    put_row(out, 4, ri, sizeof ri);
    for (int i = 0; i < N; i++) ri[i] = si[i] / 3;
    put_row(out, 5, ri, sizeof ri);
    for (int i = 0; i < N; i++) f[i] = sc[i] * 2.5f;
    put_row(out, 6, f, sizeof f);
    for (int i = 0; i < N; i++) d[i] = ss[i] + 0.25;
    put_row(out, 7, d, sizeof d);
    for (int i = 0; i < N; i++) l[i] = (int64_t)((uint64_t)(int64_t)si[i] * ui[i]);
    put_row(out, 8, l, sizeof l);
    for (int i = 0; i < N; i++) ri[i] = uc[i] >> 1;
    put_row(out, 9, ri, sizeof ri);
    for (int i = 0; i < N; i++) ri[i] = (sc[i] & uc[i]) + (ss[i] | 1);
    put_row(out, 10, ri, sizeof ri);
    for (int i = 0; i < N; i++) uc[i] = (uint8_t)((uint32_t)uc[i] + (uint32_t)si[i]);
    put_row(out, 11, uc, sizeof uc);
}

/* ---- conversions ------------------------------------------------------------------- */

/* f truncated toward zero and clamped to [lo, hi]; NaN gives 0. */
static int64_t to_signed(double f, double lo, double hi, int64_t min, int64_t max)
{
    if (f != f)
        return 0;
    if (f <= lo)
        return min;
    if (f >= hi)
        return max;
    return (int64_t)trunc(f);
}

static uint64_t to_u64(double f)
{
    if (f != f || f <= 0)
        return 0;
    if (f >= 18446744073709551616.0)
        return UINT64_MAX;
    return (uint64_t)trunc(f);
}

/* Rows 0-6: char, uchar, short, ushort, int, uint, long long from f. */
static void convert_rows(const double *f, out_rows out)
{
    int8_t c[N]; uint8_t uc[N]; int16_t s[N]; uint16_t us[N];
    int32_t i32[N]; uint32_t u32[N]; int64_t i64[N];
    for (int i = 0; i < N; i++) {
        c[i] = (int8_t)to_signed(f[i], -128, 127, -128, 127);
        uc[i] = (uint8_t)to_signed(f[i], 0, 255, 0, 255);
        s[i] = (int16_t)to_signed(f[i], -32768, 32767, -32768, 32767);
        us[i] = (uint16_t)to_signed(f[i], 0, 65535, 0, 65535);
        i32[i] = (int32_t)to_signed(f[i], -2147483648.0, 2147483647.0, INT32_MIN, INT32_MAX);
        u32[i] = (uint32_t)to_signed(f[i], 0, 4294967295.0, 0, UINT32_MAX);
        i64[i] = to_signed(f[i], -9223372036854775808.0, 9223372036854775808.0, INT64_MIN,
                           INT64_MAX);
    }
    put_row(out, 0, c, sizeof c);
    put_row(out, 1, uc, sizeof uc);
    put_row(out, 2, s, sizeof s);
    put_row(out, 3, us, sizeof us);
    put_row(out, 4, i32, sizeof i32);
    put_row(out, 5, u32, sizeof u32);
    put_row(out, 6, i64, sizeof i64);
}

static void ref_float_to_integer(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    (void)ib;
    float f[N];
    double d[N];
    uint64_t u64[N];
    memcpy(f, ia, sizeof f);
    for (int i = 0; i < N; i++) {
        d[i] = f[i];
        u64[i] = to_u64(f[i]);
    }
    convert_rows(d, out);
    put_row(out, 7, u64, sizeof u64);
}

static void ref_double_to_integer(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    (void)ib;
    double d[N];
    float f[N];
    int32_t r[N];
    memcpy(d, ia, sizeof d);
    convert_rows(d, out);
    for (int i = 0; i < N; i++) {
        f[i] = (float)d[i];
        r[i] = (int32_t)to_signed(d[3], -2147483648.0, 2147483647.0, INT32_MIN, INT32_MAX);
    }
    put_row(out, 7, f, sizeof f);
    put_row(out, 8, r, sizeof r);
}

static int64_t clamp(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static float sat_float(float f)
{
    return f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f; /* NaN fails f > 0 */
}

static void ref_narrowing_and_sat(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    int32_t a[N], b[N], r[N];
    int8_t c[N]; uint8_t uc[N]; int16_t s[N]; uint16_t us[N]; uint32_t u[N]; float f[N];
    memcpy(a, ia, sizeof a);
    memcpy(b, ib, sizeof b);
#define ROW(y, arr, expr)                                                           \
    do {                                                                            \
        for (int i = 0; i < N; i++) arr[i] = expr;                                  \
        put_row(out, y, arr, sizeof arr);                                           \
    } while (0)
    ROW(0, c, (int8_t)a[i]);
    ROW(1, uc, (uint8_t)a[i]);
    ROW(2, s, (int16_t)a[i]);
    ROW(3, us, (uint16_t)a[i]);
    ROW(4, uc, (uint8_t)clamp(a[i], 0, 255));
    ROW(5, c, (int8_t)clamp(a[i], -128, 127));
    ROW(6, s, (int16_t)clamp((int32_t)((uint32_t)a[i] * 1000u), -32768, 32767));
    ROW(7, us, (uint16_t)clamp(a[i], 0, 65535));
    ROW(8, u, (uint32_t)clamp(a[i], 0, UINT32_MAX));
    ROW(9, r, (int32_t)clamp((uint32_t)b[i], INT32_MIN, INT32_MAX));
    ROW(10, f, sat_float((float)a[i] / 100.0f));
    ROW(11, f, sat_float((float)a[i]));
    ROW(12, r, (int8_t)a[0] + (uint8_t)a[1] * 1000);
#undef ROW
}

static void ref_constants(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    (void)ib;
    int32_t a[N], r[N];
    memcpy(a, ia, sizeof a);
    memcpy(r, a, sizeof r);
    r[0] = 44 - 56;
    r[1] = 1;
    r[2] = -3 + -1;
    r[3] = 4464;
    r[4] = 15;
    r[5] = -1;
    r[6] = 65536;
    r[7] = 1;
    for (int i = 0; i < 4; i++)
        r[8 + i] = (int32_t)((uint32_t)a[i] + 4u);
    put_row(out, 0, r, sizeof r);
}

/* ---- regions ----------------------------------------------------------------------- */

static int32_t add(int32_t x, int32_t y) { return (int32_t)((uint32_t)x + (uint32_t)y); }
static int32_t sub(int32_t x, int32_t y) { return (int32_t)((uint32_t)x - (uint32_t)y); }
static int32_t mul(int32_t x, int32_t y) { return (int32_t)((uint32_t)x * (uint32_t)y); }

static void ref_regions(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    int32_t a[N], b[N], r[N] = {0}, m[4][8];
    memcpy(a, ia, sizeof a);
    memcpy(b, ib, sizeof b);
    memcpy(m[0], a, sizeof a);
    memcpy(m[2], b, sizeof b);
    for (int i = 0; i < 2; i++)      /* rows 1, 3 of (rows 0-3, columns 1, 3, 5, 7) */
        for (int j = 0; j < 4; j++)
            r[i * 4 + j] = m[1 + 2 * i][1 + 2 * j];
    m[1][1] = m[1][4] = m[3][1] = m[3][4] = -5;
    r[3] = add(r[3], 1000);
    r[11] = add(r[11], 1000);
    r[8] = add(m[3][7], m[0][1]);
    r[9] = sub(m[1][2], r[8]);
    m[2][2] = mul(m[2][2], 3);
    m[3][3] = sub(m[3][3], a[2]);
    for (int j = 0; j < 8; j++)
        m[1][j] = add(m[1][j], m[2][j]);
    for (int i = 0; i < 4; i++)
        m[i][5] = sub(mul(m[i][6], 2), 1);
    for (int i = 0; i < 4; i += 2)
        for (int j = 4; j < 8; j++)
            m[i][j] = (int32_t)((uint32_t)m[i][j] << 1);
    for (int i = 0; i < 4; i++)
        r[10 + i] = m[i][5] ^ 3;
    put_row(out, 0, r, sizeof r);
    put_row(out, 1, m, sizeof m);
}

static void ref_regions_gather(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    int32_t a[N], b[N], r[N];
    memcpy(a, ia, sizeof a);
    memcpy(b, ib, sizeof b);
    for (int i = 0; i < N; i++) r[i] = a[b[i] & 15];
    put_row(out, 0, r, sizeof r);
    for (int i = 0; i < N; i++) {
        int k = b[i] & 7;
        r[i] = a[(1 + 2 * (k / 4)) * 4 + k % 4];
    }
    put_row(out, 1, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = a[1 + 2 * ((b[i] & 15) >> 1)];
    put_row(out, 2, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = add(a[b[i] & 15], b[b[i] & 15]);
    put_row(out, 3, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = add(a[i], a[i]);
    put_row(out, 4, r, sizeof r);
}

static void ref_regions_replicate(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    int32_t a[N], b[N], r[N];
    memcpy(a, ia, sizeof a);
    memcpy(b, ib, sizeof b);
    for (int k = 0; k < N; k++) r[k] = a[2 + k % 4];
    put_row(out, 0, r, sizeof r);
    for (int k = 0; k < N; k++) r[k] = a[3 + k % 8];
    put_row(out, 1, r, sizeof r);
    for (int k = 0; k < N; k++) r[k] = a[1 + (k / 4) * 2 + k % 4];
    put_row(out, 2, r, sizeof r);
    for (int k = 0; k < N; k++) r[k] = a[(k / 4) * 3 + (k % 4) * 2];
    put_row(out, 3, r, sizeof r);
    for (int k = 0; k < 12; k++) r[k] = b[5 + k % 6];
    put_row(out, 4, r, 12 * sizeof r[0]);
    for (int k = 0; k < N; k++) r[k] = b[3 + 4 * (k / 4)];
    put_row(out, 5, r, sizeof r);
    for (int k = 0; k < N; k++) {
        int j = k % 8;
        r[k] = b[(j / 4) * 8 + j % 4];
    }
    put_row(out, 6, r, sizeof r);
    for (int k = 0; k < N; k++) r[k] = mul(a[8 + k % 8], 2);
    put_row(out, 7, r, sizeof r);
    for (int k = 0; k < N; k++) r[k] = b[(1 + 2 * k) % 16];
    put_row(out, 8, r, sizeof r);
}

static void ref_regions_format_merge(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    int32_t a[N], b[N], r[N];
    memcpy(a, ia, sizeof a);
    memcpy(b, ib, sizeof b);
    for (int i = 0; i < N; i++) r[i] = (int32_t)(((uint32_t)a[i] & 0xffffu) | 0x12340000u);
    put_row(out, 0, r, sizeof r);
    uint8_t bytes[64];
    memcpy(bytes, b, sizeof bytes);
    for (int k = 0; k < 8; k++) /* column 0 of 8x8 bytes: every 8th byte */
        bytes[8 * k] = (uint8_t)(bytes[8 * k] + 1);
    put_row(out, 1, bytes, sizeof bytes);
    put_row(out, 2, (const uint8_t *)a + 32, 32); /* row 1 of 2x16 shorts */
    for (int i = 0; i < N; i++) r[i] = a[i] > b[i] ? b[i] : a[i];
    put_row(out, 3, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = (0x0ff0 >> i) & 1 ? b[i] : sub(0, b[i]);
    put_row(out, 4, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = b[i] > 0 ? 0 : a[i];
    put_row(out, 5, r, sizeof r);
}

static void ref_edge_cases(const uint8_t *ia, const uint8_t *ib, out_rows out)
{
    int32_t a[N], b[N], r[N];
    uint32_t u[N];
    memcpy(a, ia, sizeof a);
    memcpy(b, ib, sizeof b);
    for (int i = 0; i < N; i++) r[i] = -1;
    put_row(out, 0, r, sizeof r);
    put_row(out, 1, a, sizeof a);
    for (int i = 0; i < N; i++) r[i] = INT32_MIN;
    put_row(out, 2, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = 0;
    put_row(out, 3, r, sizeof r);
    for (int i = 0; i < N; i++) u[i] = UINT32_MAX;
    put_row(out, 4, u, sizeof u);
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)((uint32_t)a[i] << ((uint32_t)sub(b[i], 40) & 31));
    put_row(out, 5, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = add(sub(0, a[i]), ~b[2 * (i % 8)]);
    put_row(out, 6, r, sizeof r);
    for (int i = 0; i < N; i++) r[i] = -1;
    put_row(out, 7, r, sizeof r);
}

/* ---- inputs ------------------------------------------------------------------------ */

typedef enum input_kind { BITS, F32, F64 } input_kind;

static const struct {
    const char *kernel;
    reference ref;
    input_kind in;
    int esize; /* element size, for the edge cases of BITS */
} cases[] = {
    {"ops_char", ref_ops_char, BITS, 1}, {"ops_uchar", ref_ops_uchar, BITS, 1},
    {"ops_short", ref_ops_short, BITS, 2}, {"ops_ushort", ref_ops_ushort, BITS, 2},
    {"ops_int", ref_ops_int, BITS, 4}, {"ops_uint", ref_ops_uint, BITS, 4},
    {"ops_longlong", ref_ops_longlong, BITS, 8}, {"ops_ulonglong", ref_ops_ulonglong, BITS, 8},
    {"ops_float", ref_ops_float, F32, 4}, {"ops_double", ref_ops_double, F64, 8},
    {"mixed_types", ref_mixed_types, BITS, 4},
    {"float_to_integer", ref_float_to_integer, F32, 4},
    {"double_to_integer", ref_double_to_integer, F64, 8},
    {"narrowing_and_sat", ref_narrowing_and_sat, BITS, 4},
    {"constants", ref_constants, BITS, 4},
    {"regions", ref_regions, BITS, 4},
    {"regions_gather", ref_regions_gather, BITS, 4},
    {"regions_replicate", ref_regions_replicate, BITS, 4},
    {"regions_format_merge", ref_regions_format_merge, BITS, 4},
    {"edge_cases", ref_edge_cases, BITS, 4},
};

static uint64_t rng = 88172645463325252ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Element i of a row of `size`-byte elements set to a pattern: 0, all
 * ones (-1), the sign bit alone (MIN), all but the sign bit (MAX). */
static void set_edge(uint8_t *row, int i, int size, int pattern)
{
    uint64_t v = pattern == 0 ? 0 : pattern == 1 ? ~0ull
               : pattern == 2 ? 1ull << (size * 8 - 1) : ~0ull >> (64 - size * 8 + 1);
    memcpy(row + i * size, &v, (size_t)size);
}

/* Values around the limits of every integer type, the specials, and
 * random magnitudes from 2^-4 to 2^70. */
static double float_value(int i, int round)
{
    static const double edges[] = {
        NAN, INFINITY, -INFINITY, -0.0, 0.5, -0.5, 1.5, -1.75, 127.9, 128.0, -128.9, -129.0,
        255.5, 256.0, -1.0, 65535.9, 65536.0, -32768.5, -32769.0, 2147483520.0, 2147483648.0,
        -2147483648.0, -2147483904.0, 4294967040.0, 4294967296.0, 9.2233720368547758e18,
        -9.2233720368547758e18, 1.8446744073709552e19, 3e19, -3e19, 1e30, 12345.678,
    };
    int n = (int)(sizeof edges / sizeof edges[0]);
    int k = round * N + i;
    if (k < n)
        return edges[k];
    double mag = ldexp(1.0 + (double)(next() % 1000) / 1000.0, (int)(next() % 75) - 4);
    return next() & 1 ? -mag : mag;
}

/* A divisor-like value: never zero, so float division stays finite. */
static double float_divisor(void)
{
    double v = (double)(next() % 2000 + 1) / 64.0;
    return next() & 1 ? -v : v;
}

static void make_inputs(input_kind kind, int esize, int round, uint8_t in[2][W])
{
    for (int r = 0; r < 2; r++)
        for (int j = 0; j < W; j += 8) {
            uint64_t v = next();
            memcpy(&in[r][j], &v, 8);
        }
    if (kind == BITS) {
        for (int p = 0; p < 4; p++) {
            set_edge(in[0], p, esize, p);
            set_edge(in[1], (p + round) % 4, esize, p);
        }
        return;
    }
    for (int i = 0; i < N; i++) {
        double a = float_value(i, round), b = i < 4 ? float_value(i + 8, round) : float_divisor();
        if (b == 0 || b != b)
            b = 3.0;
        if (kind == F32) {
            float fa = (float)a, fb = (float)b;
            memcpy(&in[0][i * 4], &fa, 4);
            memcpy(&in[1][i * 4], &fb, 4);
        } else {
            memcpy(&in[0][i * 8], &a, 8);
            memcpy(&in[1][i * 8], &b, 8);
        }
    }
}

/* ---- running ----------------------------------------------------------------------- */

static void print_bytes(const char *what, const uint8_t *p, int from)
{
    printf("  %s:", what);
    for (int j = from; j < from + 16 && j < W; j++)
        printf(" %02x", p[j]);
    printf("\n");
}

/* 0 if got equals want; else prints the first differing row and byte. */
static int compare(const char *kernel, int round, const uint8_t in[2][W], out_rows got,
                   out_rows want)
{
    for (int y = 0; y < ROWS; y++)
        for (int j = 0; j < W; j++)
            if (got[y][j] != want[y][j]) {
                int from = j & ~15;
                printf("FAIL %s (round %d): row %d differs at byte %d\n", kernel, round, y, j);
                print_bytes("got ", got[y], from);
                print_bytes("want", want[y], from);
                print_bytes("a   ", in[0], from);
                print_bytes("b   ", in[1], from);
                return 1;
            }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s <operators.isa>\n", argv[0]);
        return 2;
    }
    rig g;
    rig_open(&g, argv[1], W, 2, ROWS);
    int failed = 0;
    size_t ncases = sizeof cases / sizeof cases[0];
    for (size_t c = 0; c < ncases; c++)
        for (int round = 0; round < 6; round++) {
            uint8_t in[2][W];
            out_rows got, want;
            memset(want, 0, sizeof want);
            make_inputs(cases[c].in, cases[c].esize, round, in);
            cases[c].ref(in[0], in[1], want);
            rig_run_named(&g, cases[c].kernel, in, 0, got);
            if (compare(cases[c].kernel, round, (const uint8_t(*)[W])in, got, want)) {
                failed++;
                break;
            }
        }
    rig_close(&g);
    printf("operators: %zu kernels pass, %d fail\n", ncases - (size_t)failed, failed);
    return failed != 0;
}
