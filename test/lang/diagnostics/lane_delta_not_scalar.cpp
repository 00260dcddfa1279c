#include <cm/cm.h>
// cl_intel_subgroups_char: the lane, delta and xor value are the same
// for all work items; only cm_shuffle takes one index per lane.
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<char, 16> a = 1;
    vector<uchar, 16> u = 1;
    vector<char, 16> r1 = cm_shuffle_down(a, a, u);
    vector<char, 16> r2 = cm_broadcast(a, u);
    vector<char, 16> r3 = cm_shuffle(a, 1.5f);
}
// CHECK: lane_delta_not_scalar.cpp:8:49: error: the delta of 'cm_shuffle_down' is one value for all lanes: a scalar, not vector<uchar,16>
// CHECK: lane_delta_not_scalar.cpp:9:43: error: the lane of 'cm_broadcast' is one value for all lanes: a scalar, not vector<uchar,16>
// CHECK: lane_delta_not_scalar.cpp:10:41: error: the index of 'cm_shuffle' must be an integer, not float
