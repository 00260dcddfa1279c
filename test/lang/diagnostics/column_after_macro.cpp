#include <cm/cm.h>
// The column is counted on the line as written, not after the preprocessor
// has expanded _GENX_MAIN_ and squeezed the blanks.
extern "C"  _GENX_MAIN_   void k(SurfaceIndex in, foo x)
{
}
// CHECK: column_after_macro.cpp:4:51: error: unknown type 'foo'
// CHECK:   extern "C"  _GENX_MAIN_   void k(SurfaceIndex in, foo x)
