// kernels.h - the shapes of the conformance kernels: read up to three rows
// of 16 elements from `in` (rows 0, 1, 2), compute, write rows of `out`.
// Each kernel is one intrinsic on one element type.
#include <cm/cm.h>

#define KERNEL(name) extern "C" _GENX_MAIN_ void name(SurfaceIndex in, SurfaceIndex out)

// r = expr(a, b, c): the vector form.
#define VEC3(name, TA, TR, expr)                                               \
    KERNEL(name) {                                                             \
        vector<TA, 16> a; vector<TA, 16> b; vector<TA, 16> c;                  \
        read(in, 0, 0, a); read(in, 0, 1, b); read(in, 0, 2, c);               \
        vector<TR, 16> r = expr;                                               \
        write(out, 0, 0, r);                                                   \
    }

// The same element by element: the scalar form of the intrinsic.
#define SCALAR3(name, TA, TR, expr)                                            \
    KERNEL(name) {                                                             \
        vector<TA, 16> va; vector<TA, 16> vb; vector<TA, 16> vc;               \
        vector<TR, 16> r;                                                      \
        read(in, 0, 0, va); read(in, 0, 1, vb); read(in, 0, 2, vc);            \
        for (int i = 0; i < 16; i++) {                                         \
            TA a = va(i); TA b = vb(i); TA c = vc(i);                          \
            r(i) = expr;                                                       \
        }                                                                      \
        write(out, 0, 0, r);                                                   \
    }
