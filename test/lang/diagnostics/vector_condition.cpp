#include <cm/cm.h>
// A scalar if needs a scalar condition (cmlangspec 3.4.1): a vector one is
// a SIMD_IF_BEGIN, or v.any() / v.all().
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 8> v = 0;
    if (v > 0)
        v = 1;
}
// CHECK: vector_condition.cpp:7:9: error: a vector condition needs SIMD_IF_BEGIN, any() or all()
