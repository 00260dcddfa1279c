// A kernel the translator must reject: 'w' is not declared.
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    vector<int, 8> v;
    v = w + 1;
}
