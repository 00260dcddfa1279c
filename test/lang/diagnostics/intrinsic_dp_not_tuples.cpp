#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<float, 6> a = 1.0f;
    vector<float, 6> d = cm_dp4(a, a);
    write(out, 0, 0, d);
}
// CHECK: intrinsic_dp_not_tuples.cpp:5:26: error: 'cm_dp4' works on 4-tuples: 6 elements is not a multiple of 4
