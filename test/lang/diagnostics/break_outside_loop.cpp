#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    break;
}
// CHECK: break_outside_loop.cpp:4:5: error: 'break' outside a loop
