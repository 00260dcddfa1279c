// Helper functions that take SurfaceIndex parameters (as CM samples'
// helpers often do) and pass them on to read and write.
#include <cm/cm.h>

_GENX_ inline void copy_block(SurfaceIndex src, SurfaceIndex dst, int x, int y)
{
    matrix<uchar, 4, 8> m;
    read(src, x, y, m);
    write(dst, x, y, m);
}

extern "C" _GENX_MAIN_ void copy(SurfaceIndex in, SurfaceIndex out)
{
    copy_block(in, out, get_thread_origin_x() * 8, get_thread_origin_y() * 4);
}
