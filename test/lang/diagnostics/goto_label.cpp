#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    int x = get_thread_origin_x();
again:
    if (x > 0) { x--; goto again; }
}
// CHECK: goto_label.cpp:5:1: error: label is not supported by cmc
