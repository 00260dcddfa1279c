#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> a = 7;
    vector<int, 8> q = cm_quot<int>(a, 2, SAT);
    write(out, 0, 0, q);
}
// CHECK: intrinsic_no_sat.cpp:5:43: error: 'cm_quot' has no saturation (SAT)
