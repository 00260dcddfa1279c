#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> v = 1;
    v = cm_add<int>(v);
    write(out, 0, 0, v);
}
// CHECK: intrinsic_arg_count.cpp:5:9: error: 'cm_add' takes 2 or 3 arguments, not 1
