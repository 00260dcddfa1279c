// The 8-bit lane operations end to end: cmc's extensions for what
// cl_intel_subgroups_char defines (cm_broadcast, cm_scan_*, cm_shuffle,
// cm_shuffle_down/up/xor) and the CM forms with the same results
// (cm_sum<T>, cm_reduced_min/max, iselect, replicate, v(i)), on char and
// uchar vectors, regions and matrices of 32, 16 and 8 lanes.
//
// Each kernel reads rows a, b, idx of 32 bytes and the scalar d (lane,
// index, delta or xor value) and writes rows of 32 bytes, one result a
// row from byte 0; lanes.c holds the plain C references.
#include <cm/cm.h>

#define LANE_KERNEL(name, T)                                                   \
    extern "C" _GENX_MAIN_ void name##_##T(SurfaceIndex in, SurfaceIndex out, int d)

#define INPUTS(T)                                                              \
    vector<T, 32> a, b;                                                        \
    vector<uchar, 32> idx;                                                     \
    read(in, 0, 0, a);                                                         \
    read(in, 0, 1, b);                                                         \
    read(in, 0, 2, idx)

// Rows first..first+5: inclusive add/min/max, exclusive add/min/max of x.
#define SCANS(T, x, first)                                                     \
    write(out, 0, first + 0, cm_scan_inclusive_add(x));                       \
    write(out, 0, first + 1, cm_scan_inclusive_min(x));                       \
    write(out, 0, first + 2, cm_scan_inclusive_max(x));                       \
    write(out, 0, first + 3, cm_scan_exclusive_add(x));                       \
    write(out, 0, first + 4, cm_scan_exclusive_min(x));                       \
    write(out, 0, first + 5, cm_scan_exclusive_max(x))

// The reductions, in CM's own forms: cm_sum<T> wraps to T as
// intel_sub_group_reduce_add does for char and uchar.
#define REDUCTIONS(T, r, at, x)                                                \
    r(at + 0) = cm_sum<T>(x);                                                  \
    r(at + 1) = cm_reduced_min<T>(x);                                          \
    r(at + 2) = cm_reduced_max<T>(x)

#define SCAN_KERNEL(T)                                                         \
    LANE_KERNEL(scan, T) {                                                     \
        INPUTS(T);                                                             \
        SCANS(T, a, 0);                                                        \
        SCANS(T, (a.select<16, 1>(16)), 6);                                    \
        SCANS(T, (a.select<8, 2>(1)), 12);                                     \
        matrix<T, 4, 8> m = b;                                                 \
        vector<T, 32> rm = cm_scan_inclusive_add(m);                           \
        write(out, 0, 18, rm);                                                 \
        write(out, 0, 19, cm_scan_exclusive_max(m.select<2, 1, 4, 2>(1, 1)));  \
        vector<T, 16> r = 0;                                                   \
        REDUCTIONS(T, r, 0, a);                                                \
        REDUCTIONS(T, r, 3, (a.select<16, 1>(16)));                            \
        REDUCTIONS(T, r, 6, (a.select<8, 2>(1)));                              \
        write(out, 0, 20, r);                                                  \
        (void)d;                                                               \
    }

#define BROADCAST_KERNEL(T)                                                    \
    LANE_KERNEL(broadcast, T) {                                                \
        INPUTS(T);                                                             \
        short s = d;                                                           \
        write(out, 0, 0, cm_broadcast(a, d));                                  \
        write(out, 0, 1, cm_broadcast(a.select<16, 1>(16), d));                \
        write(out, 0, 2, cm_broadcast(a.select<8, 1>(0), d));                  \
        write(out, 0, 3, cm_broadcast(a, 0));                                  \
        write(out, 0, 4, cm_broadcast(a, 31));                                 \
        write(out, 0, 5, cm_broadcast(a.select<8, 1>(0), 7));                  \
        write(out, 0, 6, cm_broadcast(a.select<16, 1>(0), s));                 \
        vector<T, 32> rep = a.replicate<32, 1>(d & 31);                        \
        write(out, 0, 7, rep);                                                 \
        vector<T, 16> one = a(d & 15);                                         \
        write(out, 0, 8, one);                                                 \
    }

#define SHUFFLE_KERNEL(T)                                                      \
    LANE_KERNEL(shuffle, T) {                                                  \
        INPUTS(T);                                                             \
        write(out, 0, 0, cm_shuffle(a, idx));                                  \
        write(out, 0, 1, cm_shuffle(a.select<16, 1>(16), idx.select<16, 1>(0))); \
        write(out, 0, 2, cm_shuffle(a.select<8, 1>(8), idx.select<8, 1>(24))); \
        write(out, 0, 3, cm_shuffle(a, d));                                    \
        write(out, 0, 4, cm_shuffle(a.select<16, 1>(0), d));                   \
        write(out, 0, 5, cm_shuffle(a, 5));                                    \
        vector<int, 32> wide = idx;                                            \
        wide -= 128;                                                           \
        write(out, 0, 6, cm_shuffle(a, wide));                                 \
        vector<ushort, 32> in_range = idx & 31;                                \
        vector<T, 32> cm_form = a.iselect(in_range);                           \
        write(out, 0, 7, cm_form);                                             \
    }

// cm_shuffle_down and cm_shuffle_up have the same shapes.
#define WINDOW_KERNEL(op, T)                                                   \
    LANE_KERNEL(op, T) {                                                       \
        INPUTS(T);                                                             \
        uchar u = d;                                                           \
        write(out, 0, 0, cm_##op(a, b, d));                                    \
        write(out, 0, 1, cm_##op(a.select<16, 1>(0), b.select<16, 1>(16), d)); \
        write(out, 0, 2, cm_##op(a.select<8, 1>(8), b.select<8, 1>(0), d));    \
        write(out, 0, 3, cm_##op(a, b, 0));                                    \
        write(out, 0, 4, cm_##op(a, b, 32));                                   \
        write(out, 0, 5, cm_##op(a.select<16, 1>(16), b.select<16, 1>(0), 7)); \
        write(out, 0, 6, cm_##op(a.select<8, 1>(0), b.select<8, 1>(8), u));    \
    }

#define XOR_KERNEL(T)                                                          \
    LANE_KERNEL(shuffle_xor, T) {                                              \
        INPUTS(T);                                                             \
        write(out, 0, 0, cm_shuffle_xor(a, d));                                \
        write(out, 0, 1, cm_shuffle_xor(a.select<16, 1>(16), d));              \
        write(out, 0, 2, cm_shuffle_xor(a.select<8, 1>(0), d));                \
        write(out, 0, 3, cm_shuffle_xor(a, 0));                                \
        write(out, 0, 4, cm_shuffle_xor(a, 31));                               \
        write(out, 0, 5, cm_shuffle_xor(a.select<8, 1>(8), 5));                \
    }

// 128 lanes: longer than the sub-groups of the extension, the helpers'
// plain loops. Each result takes rows row..row+3.
#define WRITE_128(T, row, value)                                               \
    {                                                                          \
        vector<T, 128> v128 = value;                                           \
        for (int q = 0; q < 4; q++)                                            \
            write(out, 0, row + q, v128.select<32, 1>(32 * q));                \
    }

#define WIDE_KERNEL(T)                                                         \
    LANE_KERNEL(wide, T) {                                                     \
        INPUTS(T);                                                             \
        vector<T, 128> w, w2;                                                  \
        vector<uchar, 128> ix;                                                 \
        w.select<32, 1>(0) = a;                                                \
        w.select<32, 1>(32) = b;                                               \
        w.select<32, 1>(64) = b;                                               \
        w.select<32, 1>(96) = a;                                               \
        w(70) = 1;                                                             \
        w2.select<64, 1>(0) = w.select<64, 1>(64);                             \
        w2.select<64, 1>(64) = w.select<64, 1>(0);                             \
        for (int q = 0; q < 4; q++)                                            \
            ix.select<32, 1>(32 * q) = idx;                                    \
        WRITE_128(T, 0, cm_scan_inclusive_add(w));                             \
        WRITE_128(T, 4, cm_scan_exclusive_min(w));                             \
        WRITE_128(T, 8, cm_broadcast(w, d));                                   \
        WRITE_128(T, 12, cm_shuffle(w, ix));                                   \
        WRITE_128(T, 16, cm_shuffle_down(w, w2, d));                           \
        WRITE_128(T, 20, cm_shuffle_up(w, w2, d));                             \
        WRITE_128(T, 24, cm_shuffle_xor(w, d));                                \
    }

#define ALL_KERNELS(T)                                                         \
    SCAN_KERNEL(T)                                                             \
    WIDE_KERNEL(T)                                                             \
    BROADCAST_KERNEL(T)                                                        \
    SHUFFLE_KERNEL(T)                                                          \
    WINDOW_KERNEL(shuffle_down, T)                                             \
    WINDOW_KERNEL(shuffle_up, T)                                               \
    XOR_KERNEL(T)

ALL_KERNELS(char)
ALL_KERNELS(uchar)
