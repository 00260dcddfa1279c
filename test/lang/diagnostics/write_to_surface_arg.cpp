#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<uchar, 8> v;
    write(0, 0, 0, v);
}
// CHECK: write_to_surface_arg.cpp:5:11: error: the first argument of 'write' must be a SurfaceIndex
