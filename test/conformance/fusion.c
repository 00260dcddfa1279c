/*
 * fusion.c - statement fusion end to end: each kernel of fusion.cpp,
 * built by cmc and run by libcmrt on one thread, against a plain C
 * reference that runs the kernel's statements one after another, each
 * reading all its operands before it writes (cmlangspec 3.3). Whether cmc
 * fuses a run or must not, the result is the same.
 *
 * usage: fusion <fusion.isa>
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rig.h"

enum { N = RIG_INTS };

static void ref_chain(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        int t = (a[i] + b[i]) * 3 - a[i];
        int v = t * 2 + abs(b[i]);
        r[i] = v > -20 ? v : -20;
    }
}

static void ref_matrices(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        float f = (float)a[i] + (float)b[i] * 0.5f;
        int8_t c = (int8_t)(int32_t)(f * 4.0f); /* |f * 4| <= 72: no saturation */
        r[i] = c - a[i];
    }
}

static void ref_shifted_regions(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    int32_t v[N], x[8];
    memcpy(v, a, sizeof v);
    for (int i = 0; i < 8; i++)
        x[i] = v[i + 1];
    for (int i = 0; i < 8; i++)
        v[i] = x[i] * 2;
    for (int i = 0; i < 8; i++) {
        r[i] = v[i + 1] + x[i];
        r[8 + i] = v[i];
    }
}

static void ref_formats(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t p[N];
    memcpy(p, a, sizeof p);
    for (int k = 0; k < N; k++) { /* short k of p is half k % 2 of int k / 2 */
        uint32_t v = (uint32_t)p[k / 2];
        uint16_t h = (uint16_t)(b[k] + 1);
        v = k % 2 ? (v & 0xffffu) | ((uint32_t)h << 16) : (v & 0xffff0000u) | h;
        p[k / 2] = (int32_t)v;
    }
    for (int i = 0; i < N; i++)
        r[i] = p[i] + b[i];
}

static void ref_indexed_reads(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t t[N];
    for (int i = 0; i < N; i++)
        t[i] = a[i] + 1;
    for (int i = 0; i < N; i++)
        r[i] = t[b[i] & 15];
    for (int i = 0; i < N; i++)
        t[i] = a[i] * 2;
    for (int i = 0; i < N; i++)
        r[i] += t[i] + t[15];
}

static void ref_reduction_between(const int32_t *a, const int32_t *b, int32_t *r)
{
    int s = 0;
    for (int i = 0; i < N; i++)
        s += a[i] + b[i];
    for (int i = 0; i < N; i++)
        r[i] = a[i] + b[i] + s + 1;
}

static void ref_masked(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        int t = 7, v = b[i];
        if (a[i] > 0) {
            v = a[i] + b[i];
            t = v * 2;
        }
        r[i] = v + t;
    }
}

static void ref_exact_sums(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        float u = (float)(uint16_t)(a[i] * 2 + 65511), c = (float)(int8_t)b[i];
        float g = c - u + c + (float)b[i] * 0.5f, f = u;
        for (int k = 0; k < 256; k++)
            f += u;
        f -= c;
        for (int k = 0; k < 16; k++)
            f += u;
        r[i] = (int32_t)(f + g);
    }
}

/* d(j) = d(j - 1) + s(j) along each row: the loops of running_* as written. */
static void ref_running_rows(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t s[2][N], m[2][N];
    for (int i = 0; i < N; i++) {
        s[0][i] = (int16_t)a[i];
        s[1][i] = (int16_t)(b[i] * 100);
    }
    for (int k = 0; k < 2; k++) {
        m[k][0] = s[k][0] * 7;
        for (int j = 1; j < N; j++)
            m[k][j] = m[k][j - 1] + s[k][j];
    }
    for (int i = 0; i < N; i++)
        r[i] = m[0][i] ^ (int32_t)((uint32_t)m[1][i] << 3);
}

static void ref_running_tail(const int32_t *a, const int32_t *b, int32_t *r)
{
    uint32_t v[24];
    int8_t w[24];
    for (int i = 0; i < 24; i++) {
        v[i] = 5;
        w[i] = (int8_t)(i < 16 ? b[i] : a[3 + i - 16]);
    }
    v[2] = (uint32_t)(a[0] * 1000);
    for (int j = 3; j < 22; j++)
        v[j] = (uint32_t)w[j - 1] + v[j - 1];
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)v[6 + i];
}

static void ref_running_small(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t m[4][4];
    uint32_t u[4][4];
    for (int i = 0; i < N; i++)
        m[i / 4][i % 4] = a[i];
    for (int k = 0; k < 4; k++) {
        u[k][0] = 0;
        for (int j = 1; j < 4; j++) {
            m[k][j] = m[k][j - 1] + m[k][j];
            u[k][j] = (uint8_t)b[k * 4 + j] + u[k][j - 1];
        }
    }
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)((uint32_t)m[i / 4][i % 4] + u[i / 4][i % 4]);
}

static void ref_prefix_rows(const int32_t *a, const int32_t *b, int32_t *r)
{
    uint32_t m[2][N];
    int8_t w[24];
    int32_t v[24];
    for (int k = 0; k < 2; k++) {
        const int32_t *row = k ? b : a;
        uint32_t sum = 0;
        for (int j = 0; j < N; j++)
            m[k][j] = sum += (uint8_t)row[j];
    }
    for (int i = 0; i < 24; i++) {
        w[i] = (int8_t)(i < 16 ? b[i] : a[5 + i - 16]);
        v[i] = -3;
    }
    v[2] = w[1];
    for (int j = 3; j < 21; j++)
        v[j] = (int32_t)((uint32_t)v[j - 1] + (uint32_t)w[j - 1]);
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)(m[0][i] + (m[1][i] << 4) - (uint32_t)v[5 + i]);
}

static void ref_prefix_misses(const int32_t *a, const int32_t *b, int32_t *r)
{
    uint8_t c[2][8];
    uint32_t m[2][8], n[2][8], p[2][8];
    for (int j = 0; j < 8; j++) {
        c[0][j] = (uint8_t)a[j];
        c[1][j] = (uint8_t)b[8 + j];
    }
    for (int k = 0; k < 2; k++) {
        m[k][0] = c[k][1];
        n[k][0] = k == 1 ? c[1][0] : 2;
        p[k][0] = c[k][0] * 3u;
        for (int j = 1; j < 8; j++) {
            m[k][j] = m[k][j - 1] + c[k][j];
            n[k][j] = n[k][j - 1] + c[k][j];
            p[k][j] = p[k][j - 1] + c[k][j];
        }
    }
    for (int j = 0; j < 8; j++) {
        r[j] = (int32_t)(m[0][j] ^ n[1][j] ^ p[0][j]);
        r[8 + j] = (int32_t)(m[1][j] - n[0][j] + p[1][j]);
    }
}

/* CM's float to uchar conversion: toward zero, saturating. */
static uint8_t to_u8_saturating(float f)
{
    return f <= 0.0f ? 0 : f >= 255.0f ? 255 : (uint8_t)(int32_t)f;
}

static void ref_odd_widths(const int32_t *a, const int32_t *b, int32_t *r)
{
    uint8_t row[32];
    int16_t m[3][24], s[24];
    uint8_t o[24];
    for (int i = 0; i < 16; i++) {
        row[i] = (uint8_t)a[i]; /* int to uchar without SAT: modular */
        row[16 + i] = (uint8_t)b[i];
    }
    for (int c = 0; c < 24; c++) {
        m[0][c] = (int16_t)(row[c] + row[c + 3] + row[c + 6]);
        m[1][c] = (int16_t)(row[c + 8] - row[c + 1]);
        m[2][c] = (int16_t)(m[0][c] * 3 + m[1][c]);
        s[c] = (int16_t)(m[0][c] + m[1][c] + m[2][c]);
        o[c] = to_u8_saturating((float)s[c] * 0.05f);
    }
    for (int i = 0; i < N; i++)
        r[i] = o[4 + i] + s[8 + i];
}

static const rig_ints_case cases[] = {
    RIG_INTS_CASE(chain), RIG_INTS_CASE(matrices),
    RIG_INTS_CASE(shifted_regions), RIG_INTS_CASE(formats),
    RIG_INTS_CASE(indexed_reads), RIG_INTS_CASE(reduction_between),
    RIG_INTS_CASE(masked), RIG_INTS_CASE(exact_sums),
    RIG_INTS_CASE(running_rows), RIG_INTS_CASE(running_tail),
    RIG_INTS_CASE(running_small), RIG_INTS_CASE(prefix_rows),
    RIG_INTS_CASE(prefix_misses), RIG_INTS_CASE(odd_widths),
};

int main(int argc, char **argv)
{
    return rig_ints_main(argc, argv, "fusion", cases, sizeof cases / sizeof cases[0],
                         rig_small_ints, 8);
}
