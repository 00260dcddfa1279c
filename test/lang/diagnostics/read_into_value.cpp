#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<uchar, 8> v;
    read(in, 0, 0, v + 1);
}
// CHECK: read_into_value.cpp:5:20: error: 'read' needs a vector, matrix or region to read into
