#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    matrix<uchar, 6, 24> out;
    vector<short, 24> v = 0;
    out = v;
}
// CHECK: size_mismatch.cpp:6:5: error: matrix<uchar,6,24> and vector<short,24> have different numbers of elements (144 and 24)
