// CM's types and functions end to end (cmlangspec 2.1-2.4, 3.2.2-3.2.3, 4.1-4.2):
// vectors and matrices of every element type built from other vectors and
// from tables (with conversion), const tables and constexpr data at file
// scope, n_elems/n_rows/n_cols, half, vector_ref/matrix_ref parameters and
// locals, templates, overloads, _GENX_NOINLINE_ and inline helpers, several
// kernels in one file. Each kernel reads rows a (any int) and b (-12..12)
// of 16 ints and writes 16 ints; types_functions.c holds the C references.
#include <cm/cm.h>

#define TF_KERNEL(name)                                                        \
    extern "C" _GENX_MAIN_ void name(SurfaceIndex in, SurfaceIndex out)

#define INPUTS vector<int, 16> a, b, r; read(in, 0, 0, a); read(in, 0, 1, b)

// int -> T on construction, then T -> int on assignment (one kernel a type).
#define CTOR_FROM_INT(T, tag)                                                  \
    TF_KERNEL(ctor_##tag) {                                                    \
        INPUTS;                                                                \
        vector<T, 16> t(a);                                                    \
        matrix<T, 4, 4> m(t);                                                  \
        r = m;                                                                 \
        write(out, 0, 0, r);                                                   \
    }

// float -> T on construction (truncating, saturating), then T -> int.
#define CTOR_FROM_FLOAT(T, tag)                                                \
    TF_KERNEL(ctorf_##tag) {                                                   \
        INPUTS;                                                                \
        vector<float, 16> f(a);                                                \
        f *= 0.37f;                                                            \
        vector<T, 16> t = vector<T, 16>(f);                                    \
        r = t;                                                                 \
        write(out, 0, 0, r);                                                   \
    }

#define BOTH(T, tag) CTOR_FROM_INT(T, tag) CTOR_FROM_FLOAT(T, tag)
BOTH(char, i8)
BOTH(uchar, u8)
BOTH(short, i16)
BOTH(ushort, u16)
BOTH(int, i32)
BOTH(uint, u32)
BOTH(long long, i64)
BOTH(unsigned long long, u64)
BOTH(half, f16)
BOTH(float, f32)
BOTH(double, f64)

// Scalars of every integer type, summed in C++'s types (wrapping).
TF_KERNEL(scalars) {
    INPUTS;
    for (int i = 0; i < 16; i++) {
        int x = a(i);
        char c = x; uchar uc = x; short s = x; ushort us = x;
        uint ui = x; long long ll = x; unsigned long long ull = x;
        bool neg = x < 0;
        int sum = c + uc + s + us + ui + ll + ull;
        if (neg)
            sum += 1;
        r(i) = sum;
    }
    write(out, 0, 0, r);
}

// n_elems(), n_rows(), n_cols(), m[i][j], m(i, j) and m[i] (a row).
TF_KERNEL(sizes) {
    INPUTS;
    matrix<int, 4, 4> m = a;
    matrix<short, 2, 8> w = b;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r[i * 4 + j] = m[j][i] + m(i, j) + m.n_rows() * 1000 + w.n_cols() * 100 +
                           b.n_elems() + w.n_rows();
    r.select<4, 1>(0) += m[2];
    write(out, 0, 0, r);
}

// File-scope constants and tables (cmlangspec 3.2.3): a table smaller or
// larger than the vector it initialises gives its first elements; nested
// braces give rows, the rest of a row zero; sizeof, typedef and using.
constexpr int K = 3;
static const int tab8[8] = {1, -2, 3, -4, 5, -6, 7, -8};
static const short tab20[20] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                20, 21, 22, 23, 24, 25, 26, 27, 28, 29};
const short rows[4][4] = {{4, 6, 8}, {0, 1, 1, 0}, {23}, {45, 46}};
const float fscale = 0.5f;
const uchar bytes[] = {200, 100, 50};
typedef vector<int, 16> vi16;
using row4 = vector<int, 4>;

TF_KERNEL(tables) {
    INPUTS;
    vector<int, 16> t1(tab8);
    vector<int, 8> t2(tab20);
    matrix<uint, 4, 4> t3(rows);
    vi16 t4 = t3;
    row4 t5 = t4.select<4, 1>(4);
    r.select<8, 1>(0) = t1.select<8, 1>(0) * K;
    r.select<8, 1>(8) = t2 + sizeof(t2) + sizeof(short);
    r += t4 + b * fscale + bytes[1];
    r.select<4, 1>(12) += t5;
    write(out, 0, 0, r);
}

// Locals: constexpr, static const tables, several declarators, functional
// casts, bool conditions.
TF_KERNEL(locals) {
    INPUTS;
    constexpr int two = 2;
    static const int lut[4] = {7, 11, 13, 17};
    int x = 0, y = two, z;
    z = 5;
    for (int i = 0; i < 16; i++) {
        bool odd = (a(i) & 1) != 0;
        float f = float(b(i)) * 1.5f;
        x = odd ? lut[i & 3] : int(f);
        r(i) = x * y + z;
    }
    write(out, 0, 0, r);
}

// Thread-private file-scope variables (cmlangspec 2.4) seen by a helper.
matrix<int, 4, 4> scratch;
int counter;

_GENX_ void bump(int k) {
    scratch += k;
    counter += 1;
}

TF_KERNEL(thread_globals) {
    INPUTS;
    scratch = a;
    counter = 0;
    bump(2);
    bump(3);
    r = scratch + counter;
    write(out, 0, 0, r);
}

// vector_ref / matrix_ref parameters write the caller's regions.
_GENX_ void add_to(vector_ref<int, 8> v, int k) { v += k; }
_GENX_ void scale_rows(matrix_ref<int, 2, 4> m) {
    m.row(0) *= 2;
    m.row(1) *= 3;
}

TF_KERNEL(refs) {
    INPUTS;
    r = a;
    add_to(r.select<8, 2>(1), 5);
    matrix_ref<int, 4, 4> m = r.format<int, 4, 4>();
    scale_rows(m.select<2, 2, 4, 1>(0, 0));
    vector_ref<int, 4> tail = r.select<4, 1>(12);
    tail = b.select<4, 1>(0);
    write(out, 0, 0, r);
}

// Templates: element type and size deduced from vector arguments, or given.
template <typename T, int N>
_GENX_ inline vector<T, N> twice_plus(vector<T, N> v, T k) { return v * 2 + k; }

template <int N, typename T>
_GENX_ T sum_of(vector<T, N> v) {
    T s = 0;
    for (int i = 0; i < N; i++)
        s += v(i);
    return s;
}

template <typename T> _GENX_ T square(T x) { return x * x; }

TF_KERNEL(templates) {
    INPUTS;
    vector<short, 8> s = b.select<8, 1>(0);
    r.select<8, 1>(0) = twice_plus(s, (short)1);
    r.select<8, 1>(8) = twice_plus<int, 8>(a.select<8, 1>(8), 3);
    r(0) += sum_of(b);
    r(1) += sum_of<4, int>(b.select<4, 1>(0));
    r(2) += square(b(2)) + (int)square(0.5f * b(3));
    write(out, 0, 0, r);
}

// Overloads: chosen by the arguments' types, a function over a template.
_GENX_ int f(int x) { return x + 1; }
_GENX_ int f(float x) { return (int)(x * 4.0f); }
_GENX_ int f(vector<int, 4> v) { return v(0) + v(3) + 1000; }
_GENX_ int f(int x, int y) { return x * y; }
template <typename T> _GENX_ int f(T x) { return 77; }

TF_KERNEL(overloads) {
    INPUTS;
    for (int i = 0; i < 4; i++) {
        r(4 * i) = f(b(i));
        r(4 * i + 1) = f(b(i) * 0.25f);
        r(4 * i + 2) = f(b.select<4, 1>(4 * i)) + f(b(i), 3);
        r(4 * i + 3) = f((short)b(i)) + f(1.0);
    }
    write(out, 0, 0, r);
}

// _GENX_NOINLINE_ and inline helpers calling each other.
_GENX_NOINLINE_ int clamp_to(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
_GENX_ inline int twice_clamped(int x) { return 2 * clamp_to(x, -5, 5); }
CM_INLINE int plus_one(int x) { return x + 1; }

TF_KERNEL(helpers) {
    INPUTS;
    for (int i = 0; i < 16; i++)
        r(i) = plus_one(twice_clamped(b(i))) + clamp_to(a(i), 0, 100);
    write(out, 0, 0, r);
}

// half arithmetic: each operation rounds to half (IEEE binary16, RNE).
TF_KERNEL(half_arith) {
    INPUTS;
    vector<half, 16> h = b;
    h *= (half)0.3f;
    vector<half, 16> g = h * h + h - (half)1.1f;
    half s = g(3) / (half)3;
    vector<float, 16> f = g * (half)100 + s;
    r = f;
    write(out, 0, 0, r);
}
