#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<uchar, 6> v;
    read(in, 0, 0, v);
    vector<int, 1> r = v.format<int>();
}
// CHECK: format_size.cpp:6:26: error: format<int> does not fit the 6 bytes of vector<uchar,6>
