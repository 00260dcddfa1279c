/*
 * language.c - the kernel language end to end: each kernel of
 * language.cpp, built by cmc and run by libcmrt on one thread, against a
 * plain C reference written from the CM language specification
 * (cmlangspec 3.2.9-3.2.12 regions, format, merge, any/all; 3.3
 * evaluation order; 3.4 scalar and SIMD control flow, intrinsics inside
 * it).
 *
 * usage: language <language.isa>
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rig.h"

enum { N = RIG_INTS };

static void ref_select_all_iselect(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++)
        r[i] = a[i] + a[b[i] & 15];
}

static void ref_format(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        uint32_t bits = ((uint32_t)a[i] & ~0xffu) | 7u; /* low byte (little-endian) */
        r[i] = (int32_t)bits + (int16_t)((uint32_t)a[i] >> 16);
    }
    for (int k = 24; k < 32; k++) { /* row 3 of the 4x8 shorts: shorts 24..31 */
        uint32_t v = (uint32_t)r[k / 2];
        uint16_t h = (uint16_t)(v >> (16 * (k % 2)));
        h = (uint16_t)(h + 1);
        v = k % 2 ? (v & 0xffffu) | ((uint32_t)h << 16) : (v & 0xffff0000u) | h;
        r[k / 2] = (int32_t)v;
    }
}

static void ref_replicate(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int k = 0; k < N; k++) {
        int blk4 = k / 4, j4 = k % 4, blk8 = k / 8, j8 = k % 8;
        r[k] = a[1 + blk4 * 3 + j4] + a[4 + j8];          /* <4,3,4,1>(1), <2,8>(4) */
        r[k] += b[6 + blk4] * 3 - b[blk8 * 4 + j8];        /* m<4,1,4,0>(1,2), <2,4,8,1>(0) */
        r[k] += a[k % 8];                                  /* select<8,1>(0).replicate<2>() */
    }
}

static void ref_merge(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        int r1 = a[i] > b[i] ? b[i] : a[i];
        int r2 = (0x5a5a >> i) & 1 ? a[i] : b[i];
        if (i % 2 == 0) /* the mask table is odd at even positions */
            r2 = 100;
        r[i] = r1 + r2;
    }
}

static void ref_overlap(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t t[N], u[N];
    t[0] = a[0];
    for (int i = 1; i < N; i++)
        t[i] = a[i - 1];
    memcpy(u, t, sizeof u);
    for (int i = 0; i < 8; i++)
        u[2 * i] = t[2 * i + 1] + t[3 + i];
    for (int k = 0; k < N; k++)
        r[k] = u[k] + b[(k % 4) * 4 + 1] + b[k];
}

static void ref_scalar_control(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        int x = a[i], n = 0;
        while (x > 3) {
            x -= 3;
            n++;
        }
        do
            n += 2;
        while (n < 5);
        switch (x & 3) {
        case 0: n += 10; break;
        case 1: n += 50; break; /* falls into case 2 */
        case 2: n += 30; break;
        default: n = -n;
        }
        r[i] = n;
    }
}

static void ref_scalar_return_unroll(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++)
        r[i] = a[0] > b[0] ? a[i] + (i == 3 ? 0 : i) : b[i];
}

static void ref_simd_if(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++)
        r[i] = a[i] > 0 ? a[i] * 2 + (a[i] > 5 ? 100 : 0) : a[i] < -5 ? -1 : b[i];
}

static void ref_simd_do_while(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        int x = abs(a[i]), n = 0;
        do {
            x -= 1;
            if (x == 3)
                break;
            if ((x & 1) == 1)
                continue;
            n += 1;
        } while (x > 0);
        r[i] = n;
    }
}

static void ref_any_all(const int32_t *a, const int32_t *b, int32_t *r)
{
    int any = 0, all = 1, eq = 0;
    for (int i = 0; i < N; i++) {
        any |= a[i] > 5;
        all &= b[i] > -8;
        eq |= a[i] == b[i];
    }
    for (int i = 0; i < N; i++)
        r[i] = any + 2 * all + 4 * eq;
}

/* Inside SIMD control flow (cmlangspec 3.4.2) reductions, any() and all()
 * read the enabled lanes; a scalar statement runs if any lane is enabled. */
static void ref_simd_reduce(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t sum = 0, maxb = INT32_MIN, prod = 1, mina = INT32_MAX;
    int any_on = 0, all_on = 1, any_off = 0, all_off = 1;
    for (int i = 0; i < N; i++)
        if (a[i] > 0) {
            sum += a[i];
            maxb = b[i] > maxb ? b[i] : maxb;
            any_on |= b[i] > 6;
            all_on &= b[i] < 0;
        } else {
            prod *= (b[i] & 1) + 1;
            mina = a[i] < mina ? a[i] : mina;
            any_off |= b[i] > 6;
            all_off &= b[i] < 0;
        }
    for (int i = 0; i < N; i++)
        r[i] = a[i] > 0 ? sum * 100 + maxb + any_on * 7 + all_on * 11
                        : prod + mina * 1000 - (any_off * 7 + all_off * 11);
}

static void ref_simd_div_imul(const int32_t *a, const int32_t *b, int32_t *r)
{
    int scalar_rem = 0;
    for (int i = 0; i < N; i++)
        if (b[i] != 0)
            scalar_rem = 100 % 7;
    for (int i = 0; i < N; i++) {
        int32_t q = 0, rem = -7, hi = 5;
        uint32_t lo = 9;
        if (b[i] != 0) {
            q = a[i] / b[i];
            rem = a[i] % b[i];
        } else {
            int64_t p = (int64_t)a[i] * 1000000007;
            hi = (int32_t)(p >> 32);
            lo = (uint32_t)p;
        }
        r[i] = (int32_t)((uint32_t)q + (uint32_t)rem * 7u + (uint32_t)hi * 3u + lo +
                         (uint32_t)scalar_rem);
    }
}

/* cm_shuffle_xor, cm_scan_inclusive_add (cl_intel_subgroups_char) and
 * cm_pack_mask are values of all the elements; the masked assignment
 * keeps the enabled lanes. */
static void ref_simd_lanes_masks(const int32_t *a, const int32_t *b, int32_t *r)
{
    uint8_t u[N], scan[N];
    uint32_t packed = 0, bits = 0;
    int any_even = 0;
    for (int i = 0; i < N; i++) {
        u[i] = (uint8_t)(a[i] + 12);
        scan[i] = (uint8_t)(u[i] + (i ? scan[i - 1] : 0));
        bits |= (uint32_t)(b[i] > 0) << i;
        any_even |= (a[i] & 1) == 0;
    }
    if (any_even)
        packed = bits;
    for (int i = 0; i < N; i++) {
        int even = (a[i] & 1) == 0;
        uint32_t sh = even ? u[i ^ 3] : 0, sc = even ? scan[i] : 1;
        uint32_t unpacked = !even && a[i] > 4 ? (0xa5c3u >> i) & 1 : 0;
        r[i] = (int32_t)(sh * 1000u + sc + unpacked * 100000u + packed);
    }
}

/* SIMD_DO_WHILE: SIMD_BREAK leaves for good, SIMD_CONTINUE waits for the
 * condition; the reductions read the lanes still enabled at their point. */
static void ref_simd_loop_intrinsics(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    int32_t x[N], rem[N];
    int on[N], parked[N], any;
    uint32_t total = 0, rounds = 0;
    for (int i = 0; i < N; i++) {
        x[i] = abs(a[i]);
        rem[i] = 0;
        r[i] = 0;
        on[i] = 1;
    }
    do {
        int enabled = 0;
        for (int i = 0; i < N; i++) {
            parked[i] = 0;
            if (on[i] && --x[i] == 4)
                on[i] = 0;
            enabled |= on[i];
        }
        if (enabled) {
            for (int i = 0; i < N; i++)
                total += on[i] ? (uint32_t)x[i] : 0;
            rounds++;
        }
        int32_t maxx = INT32_MIN;
        for (int i = 0; i < N; i++) {
            if (on[i] && (x[i] & 3) == 1) {
                on[i] = 0;
                parked[i] = 1;
            }
            if (on[i] && x[i] > maxx)
                maxx = x[i];
        }
        any = 0;
        for (int i = 0; i < N; i++) {
            if (on[i]) {
                r[i] += x[i] / 3 + maxx;
                rem[i] = x[i] % 3;
            }
            on[i] = (on[i] || parked[i]) && x[i] > 0;
            any |= on[i];
        }
    } while (any);
    for (int i = 0; i < N; i++)
        r[i] = (int32_t)((uint32_t)r[i] + (uint32_t)rem[i] * 1000u + total * 100000u +
                         rounds * 10000000u);
}

static void ref_simd_conditions(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t sum = 0, min_waiting = INT32_MAX, x[N];
    int any_b = 0, on[N], any;
    for (int i = 0; i < N; i++)
        sum += a[i];
    for (int i = 0; i < N; i++)
        if (a[i] * 16 <= sum && a[i] < min_waiting)
            min_waiting = a[i];
    for (int i = 0; i < N; i++)
        if (a[i] * 16 <= sum && a[i] > min_waiting)
            any_b |= b[i] > 0;
    for (int i = 0; i < N; i++) {
        r[i] = a[i] * 16 > sum ? 1 : a[i] > min_waiting ? 2 + 10 * any_b : 0;
        x[i] = abs(b[i]);
        on[i] = 1;
    }
    do {
        int32_t max_x = INT32_MIN;
        for (int i = 0; i < N; i++)
            if (on[i]) {
                x[i] -= 2;
                r[i] += 100;
                max_x = x[i] > max_x ? x[i] : max_x;
            }
        any = 0;
        for (int i = 0; i < N; i++) {
            on[i] = on[i] && x[i] > 0 && x[i] > max_x - 6;
            any |= on[i];
        }
    } while (any);
}

static void ref_wide_types(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        double d = a[i] * 0.5;
        int64_t l = (int64_t)a[i] * 3000000000LL;
        r[i] = (int32_t)(d + (double)(int32_t)(l >> 32) + 10.0);
    }
}

static const rig_ints_case cases[] = {
    RIG_INTS_CASE(select_all_iselect), RIG_INTS_CASE(format),
    RIG_INTS_CASE(replicate), RIG_INTS_CASE(merge), RIG_INTS_CASE(overlap),
    RIG_INTS_CASE(scalar_control),
    RIG_INTS_CASE(scalar_return_unroll), RIG_INTS_CASE(simd_if),
    RIG_INTS_CASE(simd_do_while), RIG_INTS_CASE(any_all),
    RIG_INTS_CASE(simd_reduce), RIG_INTS_CASE(simd_div_imul),
    RIG_INTS_CASE(simd_lanes_masks),
    RIG_INTS_CASE(simd_loop_intrinsics),
    RIG_INTS_CASE(simd_conditions),
    RIG_INTS_CASE(wide_types),
};

int main(int argc, char **argv)
{
    return rig_ints_main(argc, argv, "language", cases, sizeof cases / sizeof cases[0],
                         rig_small_ints, 8);
}
