// Scalars and control flow around vector statements.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void control(SurfaceIndex src, SurfaceIndex dst, int n, float scale)
{
    vector<float, 8> f = 0.5f;
    vector<ushort, 8> mask;
    uint x = get_thread_origin_x();
    int total = 0;
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0 && x != 3)
            total += i;
        else
            continue;
        f = f * scale + i;
    }
    while (total > 100)
        total -= 7;
    do {
        total++;
    } while (total < 10);
    mask = f > 2.0f;
    vector<uchar, 8> out = f;
    out += mask;
    write(dst, x * 8, 0, out);
}
