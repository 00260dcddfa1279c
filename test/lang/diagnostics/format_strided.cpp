#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 16> v;
    read(in, 0, 0, v);
    vector<short, 16> r = v.select<8, 2>(0).format<short>();
}
// CHECK: format_strided.cpp:6:45: error: format<>() needs a contiguous object, not a strided region
