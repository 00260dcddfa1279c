#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    int a = 1;
    int a = 2;
}
// CHECK: redefinition.cpp:5:9: error: redefinition of 'a'
