#include <cm/cm.h>
// A constant lane, delta or xor value must be one the extension defines.
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<char, 16> a = 1;
    vector<char, 16> r1 = cm_broadcast(a, 16);
    vector<char, 16> r2 = cm_shuffle_up(a, a, 17);
    vector<char, 16> r3 = cm_shuffle_xor(a, -1);
    vector<char, 16> r4 = cm_shuffle(a, 99);
}
// CHECK: lane_constant_out_of_range.cpp:6:43: error: the lane of 'cm_broadcast' is 16, out of range for 16 lanes (0..15)
// CHECK: lane_constant_out_of_range.cpp:7:47: error: the delta of 'cm_shuffle_up' is 17, out of range for 16 lanes (0..16)
// CHECK: lane_constant_out_of_range.cpp:8:45: error: the value of 'cm_shuffle_xor' is -1, out of range for 16 lanes (0..15)
// CHECK: lane_constant_out_of_range.cpp:9:41: error: the index of 'cm_shuffle' is 99, out of range for 16 lanes (0..15)
