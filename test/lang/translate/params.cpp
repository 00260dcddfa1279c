// Kernel parameters of every kind the descriptor can describe.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void params(SurfaceIndex out, uchar a, short b, uint c, float d,
                                   double e, vector<int, 4> v)
{
    vector<int, 4> r = v + a + b + c;
    r += d * e;
    write(out, 0, 0, r);
}
