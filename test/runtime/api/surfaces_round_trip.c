/*
 * surfaces_round_trip.c - what is written to a surface reads back the same,
 * byte for byte, for 1-, 2- and 4-byte formats, odd widths and heights,
 * buffers, and strided copies (whose padding bytes on the host side are
 * left alone); fill sets every byte; a new surface reads as zeros; and
 * cmrt_surface_get_desc reports the size, a pitch that is a multiple of 64
 * at least a row long, the texel size and the format.
 *
 * usage: surfaces_round_trip api_kernels.isa
 */
#include <string.h>

#include "api_check.h"

static uint32_t seed = 12345;

static void fill_random(unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        p[i] = (unsigned char)(seed >> 24);
    }
}

/* Compares n bytes; reports the first difference only. */
static void expect_bytes(const unsigned char *got, const unsigned char *want, size_t n,
                         const char *what, uint32_t w, uint32_t h)
{
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            EXPECT(0, "%s %ux%u: byte %zu: expected 0x%02x, got 0x%02x", what, w, h, i,
                   want[i], got[i]);
            return;
        }
    }
}

static void check_desc(cmrt_surface *s, uint32_t w, uint32_t h, uint32_t texel,
                       CM_SURFACE_FORMAT f)
{
    cmrt_surface_desc d;
    EXPECT_OK(cmrt_surface_get_desc(s, &d));
    EXPECT(d.width == w && d.height == h && d.texel_size == texel && d.format == f,
           "desc: expected %ux%u texel %u format %u, got %ux%u texel %u format %u", w, h,
           texel, (unsigned)f, d.width, d.height, d.texel_size, (unsigned)d.format);
    EXPECT(d.pitch >= w * texel && d.pitch % 64 == 0,
           "desc %ux%u texel %u: pitch %u is not a multiple of 64 holding a row", w, h,
           texel, d.pitch);
}

/* New surface reads zero; write/read; fill; strided write/read. */
static void round_trip(cmrt_surface *s, uint32_t w, uint32_t h, uint32_t texel)
{
    size_t row = (size_t)w * texel, n = row * h;
    size_t pitch = row + 7, strided = pitch * h;
    unsigned char *in = malloc(strided), *out = malloc(strided), *zero = calloc(1, n);
    fill_random(in, strided);

    EXPECT_OK(cmrt_surface_read(s, out, n, NULL));
    expect_bytes(out, zero, n, "fresh surface", w, h);
    EXPECT_OK(cmrt_surface_write(s, in, n, NULL));
    memset(out, 0, strided);
    EXPECT_OK(cmrt_surface_read(s, out, CM_MAX_1D_SURF_WIDTH * 4ull, NULL)); /* "unknown" */
    expect_bytes(out, in, n, "write/read", w, h);

    EXPECT_OK(cmrt_surface_fill(s, 0xa7, NULL));
    EXPECT_OK(cmrt_surface_read(s, out, n, NULL));
    memset(zero, 0xa7, n);
    expect_bytes(out, zero, n, "fill", w, h);

    /* Strided: the surface gets each host row's first `row` bytes. */
    EXPECT_OK(cmrt_surface_write_strided(s, in, (uint32_t)pitch, strided, NULL));
    EXPECT_OK(cmrt_surface_read(s, out, n, NULL));
    for (uint32_t y = 0; y < h; y++)
        expect_bytes(out + y * row, in + y * pitch, row, "strided write", w, h);
    /* Strided read: rows land at the pitch, the padding is untouched. */
    memset(out, 0xee, strided);
    EXPECT_OK(cmrt_surface_read_strided(s, out, (uint32_t)pitch, strided, NULL));
    for (uint32_t y = 0; y < h; y++) {
        expect_bytes(out + y * pitch, in + y * pitch, row, "strided read", w, h);
        for (size_t i = row; i < pitch; i++)
            EXPECT(out[y * pitch + i] == 0xee, "strided read %ux%u wrote padding byte %zu",
                   w, h, y * pitch + i);
    }
    free(in);
    free(out);
    free(zero);
}

static void surfaces_2d(cmrt_device *dev)
{
    static const struct {
        CM_SURFACE_FORMAT format;
        uint32_t texel;
    } formats[] = {{CM_SURFACE_FORMAT_A8, 1},        {CM_SURFACE_FORMAT_R8_UINT, 1},
                   {CM_SURFACE_FORMAT_R16_UINT, 2},  {CM_SURFACE_FORMAT_V8U8, 2},
                   {CM_SURFACE_FORMAT_YUY2, 2},      {CM_SURFACE_FORMAT_A8R8G8B8, 4},
                   {CM_SURFACE_FORMAT_R32F, 4},      {CM_SURFACE_FORMAT_R32_SINT, 4}};
    static const uint32_t sizes[][2] = {{1, 1}, {3, 5}, {17, 2}, {63, 3}, {64, 1},
                                        {65, 4}, {1, 33}, {257, 9}};
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            uint32_t w = sizes[i][0], h = sizes[i][1];
            cmrt_surface *s = NULL;
            REQUIRE_OK(cmrt_surface2d_create(dev, w, h, formats[f].format, &s));
            check_desc(s, w, h, formats[f].texel, formats[f].format);
            round_trip(s, w, h, formats[f].texel);
            EXPECT_OK(cmrt_surface_destroy(s));
        }
    }
}

static void buffers(cmrt_device *dev)
{
    static const uint32_t sizes[] = {1, 7, 64, 1000, 65537};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        cmrt_surface *b = NULL;
        REQUIRE_OK(cmrt_buffer_create(dev, sizes[i], &b));
        check_desc(b, sizes[i], 1, 1, CM_SURFACE_FORMAT_UNKNOWN);
        round_trip(b, sizes[i], 1, 1);
        EXPECT_OK(cmrt_surface_destroy(b));
    }
}

/* Live surfaces have distinct, nonzero indexes, stable while they live. */
static void indexes(cmrt_device *dev)
{
    cmrt_surface *s[4];
    cmrt_surface_index *si[4];
    for (int i = 0; i < 4; i++) {
        REQUIRE_OK(cmrt_surface2d_create(dev, 4, 4, CM_SURFACE_FORMAT_A8, &s[i]));
        REQUIRE_OK(cmrt_surface_get_index(s[i], &si[i]));
        EXPECT(si[i]->index != 0, "surface %d has index 0", i);
        for (int j = 0; j < i; j++)
            EXPECT(si[i]->index != si[j]->index, "surfaces %d and %d share index %u", i, j,
                   si[i]->index);
    }
    cmrt_surface_index *again = NULL;
    EXPECT_OK(cmrt_surface_get_index(s[2], &again));
    EXPECT(again->index == si[2]->index, "index changed: %u then %u", si[2]->index,
           again->index);
    for (int i = 0; i < 4; i++)
        EXPECT_OK(cmrt_surface_destroy(s[i]));
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 1);
    surfaces_2d(env.dev);
    buffers(env.dev);
    indexes(env.dev);
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("surfaces_round_trip");
}
