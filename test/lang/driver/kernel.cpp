// The driver tests' kernel: small, and including a header of its own so
// that dependency rules have something to list.
#include <cm/cm.h>
#include "local.h"

#ifdef MUST_NOT_BE_DEFINED
#error "-U did not undefine MUST_NOT_BE_DEFINED"
#endif

extern "C" _GENX_MAIN_ void add_offset(SurfaceIndex in, SurfaceIndex out)
{
    matrix<uchar, 8, 16> m;
    read(in, get_thread_origin_x() * 16, get_thread_origin_y() * 8, m);
    m += OFFSET;
    write(out, get_thread_origin_x() * 16, get_thread_origin_y() * 8, m);
}
