// api_kernels.cpp - the tiny kernels libcmrt's API tests run.
#include <cm/cm.h>

// Each thread writes its origin (x, y) as two uints at texel (2x, y) of an
// R32_UINT surface 2 * width texels wide: which points ran, and where.
extern "C" _GENX_MAIN_ void origin(SurfaceIndex out)
{
    matrix<uint, 1, 2> m;
    uint x = get_thread_origin_x();
    uint y = get_thread_origin_y();
    m(0, 0) = x;
    m(0, 1) = y;
    write(out, x * 8, y, m);
}

// out = in + value on the 8 bytes at (8x, y) of 1-byte surfaces.
extern "C" _GENX_MAIN_ void add_scalar(SurfaceIndex in, SurfaceIndex out, int value)
{
    matrix<uchar, 1, 8> m;
    int x = get_thread_origin_x() * 8;
    int y = get_thread_origin_y();
    read(in, x, y, m);
    m = m + value;
    write(out, x, y, m);
}

// Keeps a worker busy for `iters` rounds, then writes the 4 uints it made
// at (16x, y): work that is still in flight when the host looks.
extern "C" _GENX_MAIN_ void spin(SurfaceIndex out, int iters)
{
    matrix<uint, 1, 4> acc = get_thread_origin_x();
    for (int i = 0; i < iters; i++)
        acc = acc * 1664525u + 1013904223u;
    write(out, get_thread_origin_x() * 16, get_thread_origin_y(), acc);
}
