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

LANG_KERNEL(wide_types) {
    INPUTS;
    vector<double, 16> d = vector<double, 16>(a) * 0.5;
    vector<long long, 16> l = vector<long long, 16>(a) * 3000000000LL;
    unsigned long long u = 10;
    r = d + vector<int, 16>(l >> 32) + u;
    write(out, 0, 0, r);
}
