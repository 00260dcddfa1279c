#include <cm/cm.h>
typedef struct { int x; } point;
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
}
// CHECK: typedef_struct.cpp:2:9: error: struct definition is not supported by cmc
