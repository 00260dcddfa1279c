#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    matrix<uchar, 8, 32> m;
    read(in, 0, 0, m);
    matrix<uchar, 8, 24> a = m.select<8, 1, 24, 1>(0, 9);
}
// CHECK: select_out_of_bounds.cpp:6:55: error: columns 9..32 is out of bounds for matrix<uchar,8,32> (0..31)
