// The kernel language end to end: regions (select_all, iselect, format,
// replicate, merge, overlapping assignment), scalar and SIMD control flow,
// 64-bit and double types. Each kernel reads rows a, b of 16 ints and
// writes 16 ints; language.c holds the plain C references.
#include <cm/cm.h>

#define LANG_KERNEL(name)                                                      \
    extern "C" _GENX_MAIN_ void name(SurfaceIndex in, SurfaceIndex out)

#define INPUTS vector<int, 16> a, b, r; read(in, 0, 0, a); read(in, 0, 1, b)

LANG_KERNEL(select_all_iselect) {
    INPUTS;
    vector<ushort, 16> idx = b & 15;
    r.select_all() = a.select_all() + a.iselect(idx);
    write(out, 0, 0, r);
}

LANG_KERNEL(format) {
    INPUTS;
    r = a;
    r.format<uchar>().select<16, 4>(0) = 7;
    vector<short, 32> s = a.format<short>();
    r += s.select<16, 2>(1);
    r.format<short, 4, 8>().row(3) += 1;
    write(out, 0, 0, r);
}

LANG_KERNEL(replicate) {
    INPUTS;
    matrix<int, 4, 4> m = b;
    r = a.replicate<4, 3, 4, 1>(1) + a.replicate<2, 8>(4);
    r += m.replicate<4, 1, 4, 0>(1, 2) * 3 - b.replicate<2, 4, 8, 1>(0);
    write(out, 0, 0, r + a.select<8, 1>(0).replicate<2>());
}

LANG_KERNEL(merge) {
    INPUTS;
    vector<int, 16> r2 = 5;
    const int init[16] = {1, 0, 3, 0, 5, 0, 7, 0, 9, 0, 11, 0, 13, 0, 15, 0};
    vector<int, 16> mask(init);
    r = a;
    r.merge(b, a > b);
    r2.merge(a, b, 0x5a5a);
    r2.merge(100, mask);
    write(out, 0, 0, r + r2);
}

LANG_KERNEL(overlap) {
    INPUTS;
    r = a;
    r.select<15, 1>(1) = r.select<15, 1>(0);
    r.select<8, 2>(0) = r.select<8, 2>(1) + r.select<8, 1>(3);
    matrix<int, 4, 4> m = b;
    m = m.select<4, 1, 4, 1>(0, 0).column(1).replicate<4>() + m;
    write(out, 0, 0, r + m);
}

LANG_KERNEL(scalar_control) {
    INPUTS;
    for (int i = 0; i < 16; i++) {
        int x = a[i], n = 0;
        while (x > 3) { x -= 3; n++; if (n > 100) break; }
        do { n += 2; } while (n < 5);
        switch (x & 3) {
        case 0: n += 10; break;
        case 1: n += 20;
        case 2: { n += 30; break; }
        default: n = -n;
        }
        r[i] = n;
    }
    write(out, 0, 0, r);
}

LANG_KERNEL(scalar_return_unroll) {
    INPUTS;
    r = a;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        if (i == 3)
            continue;
        r[i] += i;
    }
    if (a[0] > b[0]) {
        write(out, 0, 0, r);
        return;
    }
    r = b;
    write(out, 0, 0, r);
}

LANG_KERNEL(simd_if) {
    INPUTS;
    r = 0;
    SIMD_IF_BEGIN(a > 0) {
        r = a * 2;
        SIMD_IF_BEGIN(a > 5) { r += 100; } SIMD_IF_END;
    } SIMD_ELSEIF(a < -5) {
        r = -1;
    } SIMD_ELSE {
        r = b;
    } SIMD_IF_END;
    write(out, 0, 0, r);
}

LANG_KERNEL(simd_do_while) {
    INPUTS;
    vector<int, 16> x = cm_abs<int>(a);
    r = 0;
    SIMD_DO_WHILE_BEGIN {
        x -= 1;
        SIMD_IF_BEGIN(x == 3) { SIMD_BREAK; } SIMD_IF_END;
        SIMD_IF_BEGIN((x & 1) == 1) { SIMD_CONTINUE; } SIMD_IF_END;
        r += 1;
    } SIMD_DO_WHILE_END(x > 0);
    write(out, 0, 0, r);
}

LANG_KERNEL(any_all) {
    INPUTS;
    ushort any = (a > 5).any(), all = (b > -8).all();
    r = any + 2 * all;
    if ((a == b).any())
        r += 4;
    write(out, 0, 0, r);
}

// Intrinsics inside SIMD control flow (cmlangspec 3.4.2): reductions and
// any()/all() read the enabled lanes only; other values are of every
// element, and a destination (cm_div's remainder, cm_imul's low half)
// is written in the enabled lanes; a scalar statement runs when any lane
// is enabled.
LANG_KERNEL(simd_reduce) {
    INPUTS;
    r = 0;
    SIMD_IF_BEGIN(a > 0) {
        r = cm_sum<int>(a) * 100 + cm_reduced_max<int>(b);
        r += (b > 6).any() * 7 + (b < 0).all() * 11;
    } SIMD_ELSE {
        r = cm_prod<int>((b & 1) + 1) + cm_reduced_min<int>(a) * 1000;
        r -= (b > 6).any() * 7 + (b < 0).all() * 11;
    } SIMD_IF_END;
    write(out, 0, 0, r);
}

LANG_KERNEL(simd_div_imul) {
    INPUTS;
    vector<int, 16> rem = -7, hi = 5;
    vector<uint, 16> lo = 9;
    int scalar_rem = 0;
    r = 0;
    SIMD_IF_BEGIN(b != 0) {
        r = cm_div(rem, a, b);
        cm_div(scalar_rem, 100, 7);
    } SIMD_ELSE {
        hi = cm_imul<int>(lo, a, 1000000007);
    } SIMD_IF_END;
    write(out, 0, 0, r + rem * 7 + hi * 3 + vector<int, 16>(lo) + scalar_rem);
}

LANG_KERNEL(simd_lanes_masks) {
    INPUTS;
    vector<uchar, 16> u = a + 12, sh = 0, sc = 1;
    uint packed = 0;
    vector<int, 16> unpacked = 0;
    SIMD_IF_BEGIN((a & 1) == 0) {
        sh = cm_shuffle_xor(u, 3);
        sc = cm_scan_inclusive_add(u);
        packed = cm_pack_mask(vector<ushort, 16>(b > 0));
    } SIMD_ELSEIF(a > 4) {
        unpacked = cm_unpack_mask<int, 16>(0xa5c3u);
    } SIMD_IF_END;
    r = vector<int, 16>(sh) * 1000 + vector<int, 16>(sc) + unpacked * 100000 + packed;
    write(out, 0, 0, r);
}

LANG_KERNEL(simd_loop_intrinsics) {
    INPUTS;
    vector<int, 16> x = cm_abs<int>(a), rem = 0;
    int total = 0, rounds = 0;
    r = 0;
    SIMD_DO_WHILE_BEGIN {
        x -= 1;
        SIMD_IF_BEGIN(x == 4) { SIMD_BREAK; } SIMD_IF_END;
        total += cm_sum<int>(x);
        rounds += 1;
        SIMD_IF_BEGIN((x & 3) == 1) { SIMD_CONTINUE; } SIMD_IF_END;
        r += cm_div(rem, x, 3) + cm_reduced_max<int>(x);
    } SIMD_DO_WHILE_END(x > 0);
    write(out, 0, 0, r + rem * 1000 + total * 100000 + rounds * 10000000);
}

// Reductions in SIMD conditions: SIMD_IF_BEGIN's read the lanes enabled
// around it, SIMD_ELSEIF's the lanes still waiting for a branch,
// SIMD_DO_WHILE_END's the lanes still in the loop; a scalar condition
// (any()) holds for every enabled lane.
LANG_KERNEL(simd_conditions) {
    INPUTS;
    vector<int, 16> x = cm_abs<int>(b);
    r = 0;
    SIMD_IF_BEGIN(a * 16 > cm_sum<int>(a)) {
        r = 1;
    } SIMD_ELSEIF(a > cm_reduced_min<int>(a)) {
        r = 2;
        SIMD_IF_BEGIN((b > 0).any()) { r += 10; } SIMD_IF_END;
    } SIMD_IF_END;
    SIMD_DO_WHILE_BEGIN {
        x -= 2;
        r += 100;
    } SIMD_DO_WHILE_END((x > 0) & (x > cm_reduced_max<int>(x) - 6));
    write(out, 0, 0, r);
}

LANG_KERNEL(wide_types) {
    INPUTS;
    vector<double, 16> d = vector<double, 16>(a) * 0.5;
    vector<long long, 16> l = vector<long long, 16>(a) * 3000000000LL;
    unsigned long long u = 10;
    r = d + vector<int, 16>(l >> 32) + u;
    write(out, 0, 0, r);
}
