// Runs of vector statements that cmc fuses into one element loop
// (lang/fuse.c), and runs it must not fuse because a later statement
// meets, at another element, what an earlier one writes. Each kernel reads
// rows a, b of 16 ints and writes 16 ints; fusion.c holds the plain C
// references, written from CM's rule that a statement reads all its
// operands before it writes and statements run one after another.
#include <cm/cm.h>

// What cmc makes of the running sums (test/lang/run_form.sh):
// FORM: prefix_rows 1 cmk_prefix_sum_u8(
// FORM: prefix_rows 1 cmk_prefix_sum_i8(
// FORM: prefix_misses 0 cmk_prefix_sum_
// FORM: prefix_misses 3 cmk_running_sum_u8(

#define FUSION_KERNEL(name)                                                    \
    extern "C" _GENX_MAIN_ void name(SurfaceIndex in, SurfaceIndex out)

#define INPUTS vector<int, 16> a, b, r; read(in, 0, 0, a); read(in, 0, 1, b)

// A chain of element-wise statements through a temporary: fused.
FUSION_KERNEL(chain) {
    INPUTS;
    vector<int, 16> t;
    r = a;
    r += b;
    r *= 3;
    t = r - a;
    r = t * 2 + cm_abs<int>(b);
    r = cm_max<int>(r, -20);
    write(out, 0, 0, r);
}

// The same on 4x4 matrices, with float and char intermediates.
FUSION_KERNEL(matrices) {
    INPUTS;
    matrix<int, 4, 4> ma = a, mb = b, mr;
    matrix<float, 4, 4> f;
    matrix<char, 4, 4> c;
    f = ma;
    f += mb * 0.5f;
    c = f * 4.0f;
    mr = c;
    mr -= ma;
    r = mr;
    write(out, 0, 0, r);
}

// x = v[i+1]; v[i] = 2x; y = v[i+1] + x: y needs v[i+1] after the second
// statement wrote it, at a later element: not fusable.
FUSION_KERNEL(shifted_regions) {
    INPUTS;
    vector<int, 16> v = a;
    vector<int, 8> x, y;
    x = v.select<8, 1>(1);
    v.select<8, 1>(0) = x * 2;
    y = v.select<8, 1>(1) + x;
    r.select<8, 1>(0) = y;
    r.select<8, 1>(8) = v.select<8, 1>(0);
    write(out, 0, 0, r);
}

// The same elements through another type (format): not the same region.
FUSION_KERNEL(formats) {
    INPUTS;
    vector<int, 16> p;
    vector<short, 32> q;
    p = a;
    q.select<16, 1>(0) = b;
    p.format<short>().select<16, 1>(0) = q.select<16, 1>(0) + 1;
    r = p + b;
    write(out, 0, 0, r);
}

// A written vector read at other elements: iselect and a scalar element.
FUSION_KERNEL(indexed_reads) {
    INPUTS;
    vector<int, 16> t;
    vector<ushort, 16> idx = b & 15;
    t = a + 1;
    r = t.iselect(idx);
    t = a * 2;
    r += t + t(15);
    write(out, 0, 0, r);
}

// A reduction of a value the run writes, between element statements.
FUSION_KERNEL(reduction_between) {
    INPUTS;
    vector<int, 16> t;
    t = a + b;
    int s = cm_sum<int>(t);
    r = t + s;
    r += 1;
    write(out, 0, 0, r);
}

// Statements under an execution mask each write only the enabled lanes.
FUSION_KERNEL(masked) {
    INPUTS;
    vector<int, 16> t = 7;
    r = b;
    SIMD_IF_BEGIN(a > 0) {
        r = a;
        r += b;
        t = r * 2;
    } SIMD_IF_END;
    r += t;
    write(out, 0, 0, r);
}

// Sums of 8- and 16-bit integers into a float, which cmc adds in int32
// while every partial sum is exact in a float (|sum| <= 2^24): 1 + 272
// terms of up to 65535, so the last ones round, as float additions do.
#define ADD4(x) f += x; f += x; f += x; f += x;
#define ADD16(x) ADD4(x) ADD4(x) ADD4(x) ADD4(x)
#define ADD256(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) \
                  ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x) ADD16(x)
FUSION_KERNEL(exact_sums) {
    INPUTS;
    vector<ushort, 16> u = a * 2 + 65511; // 65487..65535, odd and even
    vector<char, 16> c = b;
    vector<float, 16> f, g;
    g = c;
    g -= u;
    g += c;
    g += b * 0.5f; // a float operand ends the chain
    f = u;
    ADD256(u)
    f -= c;
    ADD16(u)
    r = f + g;
    write(out, 0, 0, r);
}

// Running sums along rows (lang/scan.c): each row of 16, a vector
// prefix sum, from short sources.
FUSION_KERNEL(running_rows) {
    INPUTS;
    matrix<int, 2, 16> m;
    matrix<short, 2, 16> s;
    s.row(0) = a;
    s.row(1) = b * 100;
    m.column(0) = s.column(0) * 7;
    for (int j = 1; j < 16; j++)
        m.column(j) = m.column(j - 1) + s.column(j);
    r = m.row(0) ^ (m.row(1) << 3);
    write(out, 0, 0, r);
}

// Elements of a vector, 20 sums (16 at once, then 4), operands the other
// way round, the source one element behind, negative chars into uint.
FUSION_KERNEL(running_tail) {
    INPUTS;
    vector<uint, 24> v = 5;
    vector<char, 24> w;
    w.select<16, 1>(0) = b;
    w.select<8, 1>(16) = a.select<8, 1>(3);
    v(2) = a(0) * 1000;
    for (int j = 3; j < 22; j++)
        v(j) = w(j - 1) + v(j - 1);
    r = v.select<16, 1>(6);
    write(out, 0, 0, r);
}

// A running sum in place (the same matrix: left as written) and one of
// uchar into uint over 4 columns.
FUSION_KERNEL(running_small) {
    INPUTS;
    matrix<int, 4, 4> m = a;
    matrix<uint, 4, 4> u;
    matrix<uchar, 4, 4> c = b;
    for (int j = 1; j < 4; j++)
        m.column(j) = m.column(j - 1) + m.column(j);
    u.column(0) = 0;
    for (int j = 1; j < 4; ++j)
        u.column(j) = c.column(j) + u.column(j - 1);
    r = m + u;
    write(out, 0, 0, r);
}

// The first column copied, then the running sum from the next (a prefix
// sum per row, cmk_prefix_sum_*), as CalcIntImage's acc_matrix16x16 does,
// a #pragma between; and on a vector of chars into ints from element 2,
// the source one element behind.
FUSION_KERNEL(prefix_rows) {
    INPUTS;
    matrix<uchar, 2, 16> c;
    matrix<uint, 2, 16> m;
    c.row(0) = a;
    c.row(1) = b;
    m.column(0) = c.column(0);
#pragma unroll
    for (int j = 1; j < 16; j++)
        m.column(j) = m.column(j - 1) + c.column(j);
    vector<char, 24> w;
    vector<int, 24> v = -3;
    w.select<16, 1>(0) = b;
    w.select<8, 1>(16) = a.select<8, 1>(5);
    v(2) = w(1);
    for (int j = 3; j < 21; j++)
        v(j) = v(j - 1) + w(j - 1);
    r = m.row(0) + (m.row(1) << 4) - v.select<16, 1>(5);
    write(out, 0, 0, r);
}

// Near misses: a first column from the source's next column, a first
// column of fewer rows, and one of the source's values scaled: each stays
// a statement of its own before the running sum.
FUSION_KERNEL(prefix_misses) {
    INPUTS;
    matrix<uchar, 2, 8> c;
    matrix<uint, 2, 8> m, n, p;
    c.row(0) = a.select<8, 1>(0);
    c.row(1) = b.select<8, 1>(8);
    m = 1;
    n = 2;
    p = 3;
    m.column(0) = c.column(1);
    for (int j = 1; j < 8; j++)
        m.column(j) = m.column(j - 1) + c.column(j);
    n.select<1, 1, 1, 1>(1, 0) = c.select<1, 1, 1, 1>(1, 0);
    for (int j = 1; j < 8; j++)
        n.column(j) = n.column(j - 1) + c.column(j);
    p.column(0) = c.column(0) * 3;
    for (int j = 1; j < 8; j++)
        p.column(j) = c.column(j) + p.column(j - 1);
    r.select<8, 1>(0) = m.row(0) ^ n.row(1) ^ p.row(0);
    r.select<8, 1>(8) = m.row(1) - n.row(0) + p.row(1);
    write(out, 0, 0, r);
}

// Rows 24 wide (more than 8, not a power of two), whose loops clang takes
// whole (CMK_ELEMENT_LOOP): overlapping windows of one byte row summed
// into shorts, then down the rows of a matrix, as the 3x3 box filters do.
FUSION_KERNEL(odd_widths) {
    INPUTS;
    vector<uchar, 32> row;
    matrix<short, 3, 24> m;
    vector<short, 24> s;
    vector<uchar, 24> o;
    row.select<16, 1>(0) = a;
    row.select<16, 1>(16) = b;
    m.row(0) = row.select<24, 1>(0) + row.select<24, 1>(3) + row.select<24, 1>(6);
    m.row(1) = row.select<24, 1>(8) - row.select<24, 1>(1);
    m.row(2) = m.row(0) * 3 + m.row(1);
    s = m.row(0) + m.row(1) + m.row(2);
    o = s * 0.05f;
    r = o.select<16, 1>(4) + s.select<16, 1>(8);
    write(out, 0, 0, r);
}
