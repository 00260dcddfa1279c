#include <cm/cm.h>
_GENX_ int f(int x) { return x; }
_GENX_ int f(float x) { return 2; }
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> v = f(1.0);
    write(out, 0, 0, v);
}
// CHECK: overload_ambiguous.cpp:6:24: error: the call of 'f' is ambiguous between its overloads
