#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    matrix<uchar, 0, 32> m;
}
// CHECK: matrix_size_not_positive.cpp:4:19: error: the size of a matrix must be a positive integer
