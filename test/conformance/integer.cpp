// Integer arithmetic intrinsics, per element type.
#include "kernels.h"

#define INTEGER_KERNELS(T)                                                     \
    VEC3(abs_##T, T, T, cm_abs<T>(a))                                          \
    VEC3(abs_sat_##T, T, T, cm_abs<T>(a, SAT))                                 \
    VEC3(add_##T, T, T, cm_add<T>(a, b))                                       \
    VEC3(add_sat_##T, T, T, cm_add<T>(a, b, SAT))                              \
    SCALAR3(add_sat_scalar_##T, T, T, cm_add<T>(a, b, SAT))                    \
    VEC3(mul_##T, T, T, cm_mul<T>(a, b))                                       \
    VEC3(mul_sat_##T, T, T, cm_mul<T>(a, b, SAT))                              \
    VEC3(avg_sat_##T, T, T, cm_avg<T>(a, b, SAT))                              \
    VEC3(min_##T, T, T, cm_min<T>(a, b))                                       \
    VEC3(max_##T, T, T, cm_max<T>(a, b))                                       \
    SCALAR3(max_scalar_##T, T, T, cm_max<T>(a, b))                             \
    VEC3(shl_sat_##T, T, T, cm_shl<T>(a, b, SAT))                              \
    VEC3(shr_##T, T, T, cm_shr<T>(a, b))                                       \
    VEC3(asr_##T, T, T, cm_asr<T>(a, b))                                       \
    VEC3(quot_##T, T, T, cm_quot<T>(a, b))                                     \
    VEC3(mod_##T, T, T, cm_mod<T>(a, b))                                       \
    SCALAR3(quot_scalar_##T, T, T, cm_quot<T>(a, b))                           \
    KERNEL(div_##T) {                                                          \
        vector<T, 16> a; vector<T, 16> b; vector<T, 16> rem;                   \
        read(in, 0, 0, a); read(in, 0, 1, b);                                  \
        vector<T, 16> q = cm_div(rem, a, b);                                   \
        write(out, 0, 0, q); write(out, 0, 1, rem);                            \
    }

INTEGER_KERNELS(char)
INTEGER_KERNELS(uchar)
INTEGER_KERNELS(short)
INTEGER_KERNELS(ushort)
INTEGER_KERNELS(int)
INTEGER_KERNELS(uint)

// Mixed types without a template argument: the common type (int).
KERNEL(add_mixed) {
    vector<uchar, 16> a; vector<char, 16> b;
    read(in, 0, 0, a); read(in, 0, 1, b);
    vector<int, 16> r = cm_add(a, b);
    write(out, 0, 0, r);
}

#define IMUL_KERNEL(T)                                                         \
    KERNEL(imul_##T) {                                                         \
        vector<T, 16> a; vector<T, 16> b; vector<T, 16> lo;                    \
        read(in, 0, 0, a); read(in, 0, 1, b);                                  \
        vector<T, 16> hi = cm_imul<T>(lo, a, b);                               \
        write(out, 0, 0, hi); write(out, 0, 1, lo);                            \
    }
IMUL_KERNEL(int)
IMUL_KERNEL(uint)
