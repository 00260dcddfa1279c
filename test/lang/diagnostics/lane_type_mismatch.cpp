#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out, int d)
{
    vector<char, 16> a = 1;
    vector<uchar, 16> u = 1;
    vector<char, 16> r = cm_shuffle_up(a, u, d);
}
// CHECK: lane_type_mismatch.cpp:6:43: error: the operands of 'cm_shuffle_up' have different element types (char and uchar)
