#include <cm/cm.h>
// The lane operations extend cl_intel_subgroups_char: char and uchar only.
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> w = 1;
    vector<short, 8> s = 1;
    char c = 1;
    vector<int, 8> r1 = cm_scan_inclusive_add(w);
    vector<short, 8> r2 = cm_shuffle(s, 0);
    vector<char, 8> r3 = cm_broadcast(c, 0);
}
// CHECK: lane_not_8bit.cpp:8:47: error: 'cm_scan_inclusive_add' works on char or uchar vectors (cl_intel_subgroups_char), not vector<int,8>
// CHECK: lane_not_8bit.cpp:9:38: error: 'cm_shuffle' works on char or uchar vectors (cl_intel_subgroups_char), not vector<short,8>
// CHECK: lane_not_8bit.cpp:10:39: error: 'cm_broadcast' needs a vector or matrix, not char
