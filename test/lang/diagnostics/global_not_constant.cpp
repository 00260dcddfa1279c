#include <cm/cm.h>
_GENX_ int seven() { return 7; }
static const int tab[2] = {1, seven()};
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
}
// CHECK: global_not_constant.cpp:3:27: error: a file-scope variable is initialised by constants in braces, {...}, only
