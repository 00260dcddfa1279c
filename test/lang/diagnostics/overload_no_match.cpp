#include <cm/cm.h>
_GENX_ int f(int x) { return x; }
_GENX_ int f(vector<int, 4> x) { return 2; }
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<int, 8> v = 0;
    v(0) = f(v);
    write(out, 0, 0, v);
}
// CHECK: overload_no_match.cpp:7:12: error: no overload of 'f' takes these arguments
