// CM's operators and conversions end to end (cmlangspec 2.5, 3.2.1-3.2.8,
// 3.2.2 SAT constructors): every arithmetic, bitwise, shift, comparison,
// unary and compound-assignment operator per element type, mixed types,
// vector-scalar forms, conversions (float to integer, narrowing, SAT),
// integer constants, and regions as operands and destinations. Each
// kernel reads rows a (y 0) and b (y 1) of 16 elements and writes one
// result per row of `out`; operators.c holds the plain C references.
#include <cm/cm.h>

#define OP_KERNEL(name) extern "C" _GENX_MAIN_ void name(SurfaceIndex in, SurfaceIndex out)

#define INPUTS(T) vector<T, 16> a, b; read(in, 0, 0, a); read(in, 0, 1, b)

// Rows 0-9: what every type has. The result types are C++'s (uchar + uchar
// is int); compound assignments convert back to T; comparisons are masks.
#define COMMON_ROWS(T)                                                         \
    write(out, 0, 0, a + b);                                                   \
    write(out, 0, 1, a - b);                                                   \
    write(out, 0, 2, a * b);                                                   \
    write(out, 0, 3, a / b);                                                   \
    write(out, 0, 4, -a);                                                      \
    write(out, 0, 5, a < b);                                                   \
    write(out, 0, 6, a == b);                                                  \
    vector<ushort, 16> ge = a >= b;                                            \
    ge += (a != b) * 2;                                                        \
    write(out, 0, 7, ge);                                                      \
    vector<T, 16> c = a;                                                       \
    c += b;                                                                    \
    c *= a;                                                                    \
    write(out, 0, 8, c);                                                       \
    c = a;                                                                     \
    c -= b;                                                                    \
    c /= b;                                                                    \
    write(out, 0, 9, c)

// Rows 10-15: integer types only. Shift counts are b's elements (any
// value; counts are taken modulo the promoted width).
#define INTEGER_ROWS(T)                                                        \
    write(out, 0, 10, a % b);                                                  \
    write(out, 0, 11, (a & b) ^ (a | ~b));                                     \
    write(out, 0, 12, a << b);                                                 \
    write(out, 0, 13, a >> b);                                                 \
    write(out, 0, 14, !a);                                                     \
    c = a;                                                                     \
    c %= b;                                                                    \
    c <<= 3;                                                                   \
    c ^= b;                                                                    \
    c >>= 1;                                                                   \
    c |= 5;                                                                    \
    c &= ~b;                                                                   \
    write(out, 0, 15, c)

#define INTEGER_KERNEL(T, name)                                                \
    OP_KERNEL(ops_##name) { INPUTS(T); COMMON_ROWS(T); INTEGER_ROWS(T); }
#define FLOAT_KERNEL(T, name)                                                  \
    OP_KERNEL(ops_##name) { INPUTS(T); COMMON_ROWS(T); }

INTEGER_KERNEL(char, char)
INTEGER_KERNEL(uchar, uchar)
INTEGER_KERNEL(short, short)
INTEGER_KERNEL(ushort, ushort)
INTEGER_KERNEL(int, int)
INTEGER_KERNEL(uint, uint)
INTEGER_KERNEL(long long, longlong)
INTEGER_KERNEL(unsigned long long, ulonglong)
FLOAT_KERNEL(float, float)
FLOAT_KERNEL(double, double)

// Mixed element types and scalars on either side (C++'s conversions).
OP_KERNEL(mixed_types) {
    vector<char, 16> sc; vector<uchar, 16> uc; vector<short, 16> ss;
    vector<int, 16> si; vector<uint, 16> ui;
    read(in, 0, 0, sc); read(in, 0, 0, uc); read(in, 0, 0, ss);
    read(in, 0, 1, si); read(in, 0, 1, ui);
    write(out, 0, 0, sc + uc);          // int
    write(out, 0, 1, si + ui);          // uint
    write(out, 0, 2, si < ui);          // compared as uint
    write(out, 0, 3, ss * 3u);          // uint
    write(out, 0, 4, 100 - uc);         // int
    write(out, 0, 5, si / 3);           // int
    write(out, 0, 6, sc * 2.5f);        // float
    write(out, 0, 7, ss + 0.25);        // double
    vector<long long, 16> ll = si;
    write(out, 0, 8, ll * ui);          // long long
    write(out, 0, 9, uc >> 1);          // int
    write(out, 0, 10, (sc & uc) + (ss | 1));
    uc += si;                           // int, wrapped to uchar
    write(out, 0, 11, uc);
}

// Conversions: float and double to every integer type (truncation toward
// zero, saturated, NaN 0), integer narrowing (modular), SAT constructors.
OP_KERNEL(float_to_integer) {
    vector<float, 16> f;
    read(in, 0, 0, f);
    vector<char, 16> c = f;              write(out, 0, 0, c);
    vector<uchar, 16> uc(f);             write(out, 0, 1, uc);
    write(out, 0, 2, vector<short, 16>(f));
    write(out, 0, 3, vector<ushort, 16>(f));
    write(out, 0, 4, vector<int, 16>(f));
    write(out, 0, 5, vector<uint, 16>(f));
    write(out, 0, 6, vector<long long, 16>(f));
    write(out, 0, 7, vector<unsigned long long, 16>(f));
}

OP_KERNEL(double_to_integer) {
    vector<double, 16> d;
    read(in, 0, 0, d);
    write(out, 0, 0, vector<char, 16>(d));
    write(out, 0, 1, vector<uchar, 16>(d));
    write(out, 0, 2, vector<short, 16>(d));
    write(out, 0, 3, vector<ushort, 16>(d));
    write(out, 0, 4, vector<int, 16>(d));
    write(out, 0, 5, vector<uint, 16>(d));
    write(out, 0, 6, vector<long long, 16>(d));
    write(out, 0, 7, vector<float, 16>(d));
    int s = d(3);                        // a scalar conversion
    vector<int, 16> r = s;
    write(out, 0, 8, r);
}

OP_KERNEL(narrowing_and_sat) {
    INPUTS(int);
    write(out, 0, 0, vector<char, 16>(a));
    write(out, 0, 1, vector<uchar, 16>(a));
    write(out, 0, 2, vector<short, 16>(a));
    write(out, 0, 3, vector<ushort, 16>(a));
    vector<uchar, 16> u(a, SAT);         write(out, 0, 4, u);
    write(out, 0, 5, vector<char, 16>(a, SAT));
    write(out, 0, 6, vector<short, 16>(a * 1000, SAT));
    write(out, 0, 7, vector<ushort, 16>(a, SAT));
    write(out, 0, 8, vector<uint, 16>(a, SAT));
    vector<uint, 16> ub = b;
    write(out, 0, 9, vector<int, 16>(ub, SAT));
    vector<float, 16> f = a;
    f /= 100.0f;
    write(out, 0, 10, vector<float, 16>(f, SAT));
    write(out, 0, 11, vector<float, 16>(a, SAT));
    char c = (char)a(0);                 // scalar narrowing
    uchar cs = uchar(a(1));
    vector<int, 16> r = c + cs * 1000;
    write(out, 0, 12, r);
}

// Integer constant expressions fold with C++'s types: unsigned wrap,
// narrowing casts, shifts.
OP_KERNEL(constants) {
    INPUTS(int);
    const uchar k = 300;                 // 44
    const int m = -7;
    vector<int, 16> r = a;
    r(0) = k + (char)200;                // 44 - 56
    r(1) = (0u - 1) / 2 > 5;             // unsigned: true
    r(2) = m / 2 + m % 3;                // -3 + -1
    r(3) = (short)70000;                 // 4464
    r(4) = ~0u >> 28;                    // 15
    r(5) = (1 << 31) >> 31;              // -1
    r(6) = (ushort)-1 + 1;               // 65536
    r(7) = (unsigned long long)-1 > 0;   // 1
    r.select<4, 1>(8) = a.select<4, 1>(k - 44) + (uint)(1 << 2);
    write(out, 0, 0, r);
}

// Regions as operands and destinations.
OP_KERNEL(regions) {
    INPUTS(int);
    matrix<int, 4, 8> m;
    m.select<2, 1, 8, 1>(0, 0) = a;      // rows 0, 1: a
    m.select<2, 1, 8, 1>(2, 0) = b;      // rows 2, 3: b
    vector<int, 16> r = 0;
    // nested selects of selects, as a value and as a target
    r.select<8, 1>(0) = m.select<4, 1, 4, 2>(0, 1).select<2, 2, 4, 1>(1, 0);
    m.select<4, 1, 8, 1>(0, 0).select<2, 2, 2, 3>(1, 1) = -5;
    r.select<8, 2>(1).select<2, 4>(1) += 1000;
    // element access, both spellings, as values and targets
    r(8) = m(3, 7) + m[0][1];
    r[9] = m[1](2) - r(8);
    m(2, 2) *= 3;
    m[3][3] -= a[2];
    // row, column, compound assignment on a region
    m.row(1) += m.row(2);
    m.column(5) = m.column(6) * 2 - 1;
    m.select<2, 2, 4, 1>(0, 4) <<= 1;
    r.select<4, 1>(10) = m.column(5) ^ 3;
    write(out, 0, 0, r);
    write(out, 0, 1, m.format<int>());   // one row of the surface
}

OP_KERNEL(regions_gather) {
    INPUTS(int);
    matrix<int, 4, 4> m = a;
    vector<ushort, 16> idx = b & 15;
    vector<ushort, 16> rows = (b >> 2) & 3, cols = b & 3;
    write(out, 0, 0, m.iselect(rows, cols));
    write(out, 0, 1, m.select<2, 2, 4, 1>(1, 0).iselect(idx & 7)); // rows 1, 3
    write(out, 0, 2, a.select<8, 2>(1).iselect(idx >> 1));
    write(out, 0, 3, (a + b).iselect(idx));                          // of a computed value
    vector<int, 16> r = m.select_all() + m.select<4, 1, 4, 1>(0, 0).select_all();
    write(out, 0, 4, r);
}

OP_KERNEL(regions_replicate) {
    INPUTS(int);
    matrix<int, 4, 4> m = b;
    write(out, 0, 0, a.select<4, 1>(2).replicate<4>());
    write(out, 0, 1, a.replicate<2, 8>(3));
    write(out, 0, 2, a.replicate<4, 2, 4>(1));
    write(out, 0, 3, a.replicate<4, 3, 4, 2>(0));
    write(out, 0, 4, m.replicate<2, 6>(1, 1));
    write(out, 0, 5, m.replicate<4, 4, 4, 0>(0, 3));
    write(out, 0, 6, m.select<2, 2, 4, 1>(0, 0).replicate<2>());      // rows 0, 2 twice
    write(out, 0, 7, (a * 2).replicate<2, 8>(8));
    write(out, 0, 8, m.replicate<2>().select<16, 2>(1));             // a select of a copy
}

OP_KERNEL(regions_format_merge) {
    INPUTS(int);
    vector<int, 16> r = a;
    r.format<short>().select<16, 2>(1) = 0x1234;                     // high halves
    write(out, 0, 0, r);
    matrix<int, 4, 4> m = b;
    m.format<uchar, 8, 8>().column(0) += 1;                          // low bytes of even ints
    write(out, 0, 1, m.format<int>());   // one row of the surface
    matrix<short, 2, 16> ms = a.format<short, 2, 16>();
    write(out, 0, 2, ms.row(1));
    vector<int, 16> x = a, y = a;
    x.merge(b, a > b);
    y.merge(b, -b, 0x0ff0);
    matrix<int, 4, 4> mm = a;
    matrix<ushort, 4, 4> mask = b > 0;
    mm.merge(0, mask);
    write(out, 0, 3, x);
    write(out, 0, 4, y);
    write(out, 0, 5, mm.format<int>());
}

// Integer division by zero and MIN / -1 (decided in README), shifts by
// vector counts out of range, unary operators on regions.
OP_KERNEL(edge_cases) {
    INPUTS(int);
    vector<int, 16> zero = 0, minus1 = -1, min = 0x80000000;
    write(out, 0, 0, a / zero);
    write(out, 0, 1, a % zero);
    write(out, 0, 2, min / minus1);
    write(out, 0, 3, min % minus1);
    vector<uint, 16> ua = a;
    write(out, 0, 4, ua / zero);
    write(out, 0, 5, a << (b - 40));
    write(out, 0, 6, -a.select<16, 1>(0) + ~b.select<8, 2>(0).replicate<2>());
    write(out, 0, 7, min * minus1 + (min - 1));
}
