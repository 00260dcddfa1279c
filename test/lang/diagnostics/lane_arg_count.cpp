#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out, int d)
{
    vector<char, 16> a = 1;
    vector<char, 16> r1 = cm_shuffle_down(a, a);
    vector<char, 16> r2 = cm_broadcast(a, d, d);
    vector<char, 16> r3 = cm_scan_inclusive_max();
    vector<char, 16> r4 = cm_scan_exclusive_min<char>(a);
}
// CHECK: lane_arg_count.cpp:5:27: error: 'cm_shuffle_down' takes 3 arguments, not 2
// CHECK: lane_arg_count.cpp:6:27: error: 'cm_broadcast' takes 2 arguments, not 3
// CHECK: lane_arg_count.cpp:7:27: error: 'cm_scan_inclusive_max' takes 1 argument, not 0
// CHECK: lane_arg_count.cpp:8:27: error: 'cm_scan_exclusive_min' takes no template argument: the result has the operand's type
