#include <cm/cm.h>
// Errors on lines with SIMD control flow macros, a comment and a tab point
// at the columns the user sees, and the caret line is the line as written.
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 8> v = 0;
    vector<int, 3> t = 0;
    SIMD_IF_BEGIN(v > 0) { /* lanes */ v = missing; } SIMD_IF_END
	SIMD_IF_BEGIN(t >  0) {
    } SIMD_IF_END
}
// CHECK: column_in_simd_if.cpp:8:44: error: 'missing' was not declared
// CHECK:   SIMD_IF_BEGIN(v > 0) { /* lanes */ v = missing; } SIMD_IF_END
// CHECK: column_in_simd_if.cpp:9:16: error: the SIMD width 3 is not a power of two from 2 to 32
