#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    uint x = get_thread_origin_z();
}
// CHECK: unknown_function.cpp:4:14: error: call to unknown function 'get_thread_origin_z'
