#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex out)
{
    vector<float, 8> f = 1.0f;
    vector<uint, 8> n = cm_cbit(f);
    write(out, 0, 0, n);
}
// CHECK: intrinsic_float_operand.cpp:5:33: error: 'cm_cbit' needs integer operands, not vector<float,8>
