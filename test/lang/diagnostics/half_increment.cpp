#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    half h = 1;
    h++;
}
// CHECK: half_increment.cpp:5:5: error: ++/-- of a half is not supported by cmc; write h += 1
