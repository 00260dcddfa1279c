#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 16> v;
    vector<float, 8> idx = 1.0f;
    read(in, 0, 0, v);
    vector<int, 8> r = v.iselect(idx);
}
// CHECK: iselect_index_type.cpp:7:34: error: an iselect index must be a vector of integers, not vector<float,8>
