#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out, int flags)
{
    vector<int, 8> a = 7;
    vector<int, 8> r = cm_abs<int>(a, flags);
    write(out, 0, 0, r);
}
// CHECK: intrinsic_flags_not_constant.cpp:5:39: error: the flags of 'cm_abs' must be a constant (SAT or 0)
