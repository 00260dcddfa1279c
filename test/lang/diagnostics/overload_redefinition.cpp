#include <cm/cm.h>
int f(int x) { return x; }
int f(int y) { return 2; }
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
}
// CHECK: overload_redefinition.cpp:3:5: error: redefinition of 'f'
