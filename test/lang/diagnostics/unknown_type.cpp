#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<pixel, 8> v;
}
// CHECK: unknown_type.cpp:4:12: error: unknown type 'pixel'
