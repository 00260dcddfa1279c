#include <cm/cm.h>
// Intrinsics inside SIMD control flow (cmlangspec 3.4.2): dot products and
// cm_line are not allowed, a reduction reads one element per lane, and
// cm_div's remainder is a destination of the SIMD width or a scalar; a
// conditional expression is not allowed unless its condition is constant.
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<float, 8> f = 1.0f, g = 0.0f;
    vector<int, 8> v = 0;
    vector<int, 16> w = 0;
    vector<int, 4> rem4 = 0;
    SIMD_IF_BEGIN(v > 0) {
        g = cm_dp4<float>(f, f);
        v = cm_sum<int>(w);
        v = cm_div(rem4, v.select<4, 1>(0), 3).replicate<2>();
        v += (w > 0).any();
        v = 1 > 0 ? 2 : 3;
        v = v(0) > 0 ? 2 : 3;
    } SIMD_IF_END;
    SIMD_DO_WHILE_BEGIN {
        v -= 1;
    } SIMD_DO_WHILE_END(v > cm_reduced_max<int>(w));
}
// CHECK: simd_intrinsics.cpp:13:13: error: 'cm_dp4' is not allowed inside SIMD control flow; it works on tuples of lanes
// CHECK: simd_intrinsics.cpp:14:25: error: 'cm_sum' inside SIMD control flow of width 8 reduces one element per lane, not 16 elements
// CHECK: simd_intrinsics.cpp:15:20: error: vector<int,4> written inside SIMD control flow of width 8; it must have 8 elements or one
// CHECK: simd_intrinsics.cpp:16:15: error: 'any' inside SIMD control flow of width 8 reduces one element per lane, not 16 elements
// CHECK: simd_intrinsics.cpp:22:49: error: 'cm_reduced_max' inside SIMD control flow of width 8 reduces one element per lane, not 16 elements
// CHECK: simd_intrinsics.cpp:18:13: error: a conditional expression is not allowed inside SIMD control flow; use SIMD_IF_BEGIN or merge
