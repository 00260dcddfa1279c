#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<uchar, 8> v = 1;
    int x;
    x = v;
}
// CHECK: vector_to_scalar.cpp:6:5: error: cannot assign vector<uchar,8> to the scalar int
