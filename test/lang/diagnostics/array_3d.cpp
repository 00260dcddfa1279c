#include <cm/cm.h>
static const int cube[2][2][2] = {1, 2, 3, 4, 5, 6, 7, 8};
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
}
// CHECK: array_3d.cpp:2:18: error: only arrays of one or two dimensions of scalars are supported by cmc
