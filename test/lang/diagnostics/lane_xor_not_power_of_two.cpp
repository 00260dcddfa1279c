#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out, int d)
{
    vector<uchar, 12> t = 1;
    vector<uchar, 12> r = cm_shuffle_xor(t, d);
    write(out, 0, 0, r);
}
// CHECK: lane_xor_not_power_of_two.cpp:5:42: error: 'cm_shuffle_xor' needs a power-of-two number of lanes, not 12
