#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    _GENX_VOLATILE_ vector<int, 8> a = 0;
}
// CHECK: genx_volatile.cpp:4:5: error: _GENX_VOLATILE_ is not supported by cmc
