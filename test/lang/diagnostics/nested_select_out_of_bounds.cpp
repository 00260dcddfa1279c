#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    matrix<int, 8, 8> m;
    read(in, 0, 0, m);
    m.select<4, 2, 4, 1>(0, 0).select<2, 2, 2, 2>(2, 1) = 0;
}
// CHECK: nested_select_out_of_bounds.cpp:6:51: error: rows 2..4 is out of bounds for matrix_ref<int,4,4> (0..3)
