#include <cm/cm.h>
int fact(int n)
{
    return n > 1 ? n * fact(n - 1) : 1;
}
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> v = fact(4);
    write(out, 0, 0, v);
}
// CHECK: recursion.cpp:4:24: error: 'fact' is called recursively; CM does not allow recursion
