#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 16> a, b;
    read(in, 0, 0, a);
    (a + b).select<4, 1>(0) = 1;
}
// CHECK: assign_to_computed_region.cpp:6:13: error: this expression cannot be assigned to
