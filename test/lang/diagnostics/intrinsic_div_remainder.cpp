#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> a = 7;
    vector<int, 8> q = cm_div(3, a, 2);
    write(out, 0, 0, q);
}
// CHECK: intrinsic_div_remainder.cpp:5:31: error: the first argument of 'cm_div' receives the remainder
