#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    int x = 0;
    int y = *(&x);
}
// CHECK: pointer.cpp:5:13: error: pointer expression is not supported by cmc
