#include <cm/cm.h>
extern "C" _GENX_MAIN_ void k(SurfaceIndex in)
{
    int x = get_thread_origin_x();
    switch (x) { default: break; }
}
// CHECK: switch_statement.cpp:5:5: error: 'switch' statement is not supported by cmc
