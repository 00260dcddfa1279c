#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    matrix<short, 3, 24> m;
    vector<short, 24> v = m.row(3);
}
// CHECK: row_out_of_bounds.cpp:5:33: error: row 3..3 is out of bounds for matrix<short,3,24> (0..2)
