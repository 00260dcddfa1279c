#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 16> v = 0;
    int n = get_thread_origin_x();
    vector<int, 4> a = v.select<n, 1>(0);
}
// CHECK: select_not_constant.cpp:6:33: error: a select<> argument must be a constant
