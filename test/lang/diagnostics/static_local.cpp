#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    static int calls = 0;
}
// CHECK: static_local.cpp:4:5: error: a static variable is not supported by cmc
