#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    return 1;
}
// CHECK: kernel_returns_value.cpp:4:5: error: a kernel returns no value
