#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in, int flags)
{
    vector<int, 16> v;
    read(in, 0, 0, v);
    vector<uchar, 16> r = vector<uchar, 16>(v, flags);
}
// CHECK: sat_not_constant.cpp:6:48: error: the flags of a conversion (SAT) must be a constant
