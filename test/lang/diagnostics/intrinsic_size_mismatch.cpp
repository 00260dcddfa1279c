#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> a = 7;
    vector<int, 4> b = 1;
    vector<int, 8> m = cm_max<int>(a, b);
    write(out, 0, 0, m);
}
// CHECK: intrinsic_size_mismatch.cpp:6:39: error: the operands of 'cm_max' have different numbers of elements (8 and 4)
