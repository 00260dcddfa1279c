// Regions as values and as targets: nested selects, rows, columns,
// elements, overlapping assignment, strided block I/O.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void regions(SurfaceIndex src, SurfaceIndex dst)
{
    matrix<uchar, 8, 16> a;
    matrix<int, 4, 8> b;
    vector<short, 16> v;
    read(src, get_thread_origin_x() * 16, get_thread_origin_y() * 8, a);
    b = a.select<4, 2, 8, 2>(0, 1);
    b.select<2, 1, 4, 1>(1, 2) += 7;
    b.select<4, 1, 4, 2>(0, 0).select<2, 2, 2, 1>(0, 1) = b.select<2, 1, 2, 1>(2, 4);
    v = a.row(3);
    v.select<8, 2>(1) = v.select<8, 2>(0) - a.column(2);
    b.row(0) = b.row(0) * 2 - v.select<8, 1>(0);
    b(1, 1) = v(3) + a(2, 2);
    v = v.select<16, 1>(0) + v;
    v.select<15, 1>(1) = v.select<15, 1>(0);
    write(dst, get_thread_origin_x() * 32, get_thread_origin_y() * 4, b);
    write(dst, 0, 0, b.select<2, 2, 8, 1>(0, 0));
    read(src, 0, 0, b.select<4, 1, 4, 2>(0, 1));
}
