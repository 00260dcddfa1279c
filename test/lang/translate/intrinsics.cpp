// Intrinsics in their scalar, vector and matrix forms, nested, with SAT.
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in, SurfaceIndex out)
{
    vector<uchar, 16> a; vector<uchar, 16> b;
    matrix<short, 4, 4> m;
    read(in, 0, 0, a);
    read(in, 0, 1, b);
    read(in, 0, 2, m);
    vector<uchar, 16> r = cm_add<uchar>(a, b, SAT);
    vector<int, 16> q = cm_abs<int>(m) + cm_max(a, b);
    vector<float, 16> f = cm_sin(cm_log(a) + 1.0f, SAT);
    f += cm_dp4(f, q);
    int s = cm_sum<int>(a) + cm_reduced_max(m);
    vector<int, 16> rem = 0;
    vector<int, 16> d = cm_div(rem, q, 3);
    uint pk = cm_pack_mask(a > b);
    vector<ushort, 16> um = cm_unpack_mask<ushort, 16>(pk);
    matrix<uint, 4, 4> bits = cm_cbit(m) + cm_fbh(q) + cm_bf_extract(4, 2, q);
    int sc = cm_mul<int>(s, 3) + cm_shl<int>(s, 2, SAT) + cm_lzd(s);
    r = cm_avg<uchar>(r, sc);
    write(out, 0, 0, r);
    write(out, 0, 1, d + rem + um + bits.row(0)(0) + f);
}
