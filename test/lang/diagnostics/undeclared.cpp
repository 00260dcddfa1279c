#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 8> v;
    v = w + 1;
}
// CHECK: undeclared.cpp:5:9: error: 'w' was not declared
