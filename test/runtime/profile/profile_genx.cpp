/*
 * profile_genx.cpp - two kernels for the CMRT_PROFILE test: one that
 * writes a dword per thread-space point, and one that does nothing.
 */
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void mark(SurfaceIndex out)
{
    vector<uint, 1> one = 1;
    write(out, get_thread_origin_x() * 4, get_thread_origin_y(), one);
}

extern "C" _GENX_MAIN_ void idle()
{
}
