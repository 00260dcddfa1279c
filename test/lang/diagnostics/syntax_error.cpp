#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    matrix<uchar, 8, 32> m
    read(in, 0, 0, m);
}
// CHECK: syntax_error.cpp:4:
// CHECK: error: syntax error
