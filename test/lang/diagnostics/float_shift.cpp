#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<float, 8> v = 1.0f;
    v = v << 2;
}
// CHECK: float_shift.cpp:5:9: error: this operator needs integer operands
