#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out, int d)
{
    vector<char, 16> a = 1;
    vector<char, 8> e = 1;
    vector<uchar, 8> idx = 1;
    vector<char, 16> r1 = cm_shuffle_down(a, e, d);
    vector<char, 16> r2 = cm_shuffle(a, idx);
}
// CHECK: lane_size_mismatch.cpp:7:46: error: the operands of 'cm_shuffle_down' have different numbers of elements (16 and 8)
// CHECK: lane_size_mismatch.cpp:8:41: error: the operands of 'cm_shuffle' have different numbers of elements (16 and 8)
