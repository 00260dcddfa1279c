#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    int x = 3;
    vector<int, 8> s = cm_sum<int>(x);
    write(out, 0, 0, s);
}
// CHECK: intrinsic_reduce_scalar.cpp:5:36: error: 'cm_sum' needs a vector or matrix, not int
