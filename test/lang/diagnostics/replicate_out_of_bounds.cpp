#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 16> v;
    read(in, 0, 0, v);
    vector<int, 16> r = v.replicate<4, 4, 4, 1>(1);
}
// CHECK: replicate_out_of_bounds.cpp:6:49: error: replicate reads elements 1..16, out of bounds for vector<int,16> (0..15)
