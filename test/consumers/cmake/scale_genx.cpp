// Multiplies each byte of an 8-row, 16-byte block by SCALE (scale.h); one
// thread per block.
#include <cm/cm.h>
#include "scale.h"

extern "C" _GENX_MAIN_ void scale(SurfaceIndex in, SurfaceIndex out)
{
    int x = get_thread_origin_x() * 16;
    int y = get_thread_origin_y() * 8;
    matrix<uchar, 8, 16> m;
    read(in, x, y, m);
    m = m * SCALE;
    write(out, x, y, m);
}
