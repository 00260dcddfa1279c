// deps_kernels.cpp - kernels whose results depend on their neighbours'
// results, so they are right only if the thread dependencies are honoured.
#include <cm/cm.h>

// Adds out(x + dx, y + dy) * mul to v when that point is in the w x h
// space; the point is one the pattern makes (x, y) wait for.
_GENX_ inline void add_neighbour(SurfaceIndex out, matrix_ref<uint, 1, 1> v, int x, int y,
                                 int dx, int dy, int w, int h, uint mul)
{
    int nx = x + dx;
    int ny = y + dy;
    if (nx >= 0 && nx < w && ny >= 0 && ny < h) {
        matrix<uint, 1, 1> n;
        read(out, nx * 4, ny, n);
        v = v + n * mul;
    }
}

// out(x, y) = in(x, y) + 3 * out(x + dx1, y + dy1) + 5 * out(x + dx2, y + dy2)
// on R32_UINT surfaces, one texel per thread. After signalling, the thread
// goes on working (`iters` rounds) and writes what it made to `late`,
// which no other thread reads.
extern "C" _GENX_MAIN_ void chain(SurfaceIndex in, SurfaceIndex out, SurfaceIndex late,
                                  int dx1, int dy1, int dx2, int dy2, int w, int h, int iters)
{
    int x = get_thread_origin_x();
    int y = get_thread_origin_y();
    matrix<uint, 1, 1> v;
    read(in, x * 4, y, v);

    cm_wait();
    add_neighbour(out, v, x, y, dx1, dy1, w, h, 3);
    add_neighbour(out, v, x, y, dx2, dy2, w, h, 5);
    write(out, x * 4, y, v);
    cm_fence();
    cm_signal();

    for (int i = 0; i < iters; i++)
        v = v * 1664525u + 1013904223u;
    write(late, x * 4, y, v);
}
