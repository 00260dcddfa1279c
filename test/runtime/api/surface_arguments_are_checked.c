/*
 * surface_arguments_are_checked.c - surfaces and buffers refuse what CM
 * refuses, with CM's codes, and the out-pointer is NULL after a refusal:
 * widths and heights of 0 and over the maximum (CM_INVALID_WIDTH,
 * CM_INVALID_HEIGHT), formats whose texels are not 1, 2 or 4 bytes
 * (CM_SURFACE_FORMAT_NOT_SUPPORTED), host buffers smaller than the surface
 * (CM_INVALID_ARG_SIZE, nothing copied), and host pitches narrower than a
 * row (CM_INVALID_ARG_VALUE). The limits themselves are accepted.
 *
 * usage: surface_arguments_are_checked api_kernels.isa
 */
#include <string.h>

#include "api_check.h"

/* Surface creation must give `want`; a refusal leaves *out NULL. */
static void expect_2d(cmrt_device *dev, uint32_t w, uint32_t h, CM_SURFACE_FORMAT f,
                      int want)
{
    cmrt_surface *s = (cmrt_surface *)&s;
    int rc = cmrt_surface2d_create(dev, w, h, f, &s);
    EXPECT(rc == want, "cmrt_surface2d_create(%u, %u, format %u): expected %s, got %s", w,
           h, (unsigned)f, cmrt_code_name(want), cmrt_code_name(rc));
    if (rc == CM_SUCCESS)
        cmrt_surface_destroy(s);
    else
        EXPECT(s == NULL, "a refused surface2d_create(%u, %u) left *out set", w, h);
}

static void sizes(cmrt_device *dev)
{
    CM_SURFACE_FORMAT a8 = CM_SURFACE_FORMAT_A8;
    expect_2d(dev, 0, 8, a8, CM_INVALID_WIDTH);
    expect_2d(dev, 8, 0, a8, CM_INVALID_HEIGHT);
    expect_2d(dev, 0, 0, a8, CM_INVALID_WIDTH);
    expect_2d(dev, CM_MAX_2D_SURF_WIDTH + 1, 8, a8, CM_INVALID_WIDTH);
    expect_2d(dev, 8, CM_MAX_2D_SURF_HEIGHT + 1, a8, CM_INVALID_HEIGHT);
    expect_2d(dev, UINT32_MAX, UINT32_MAX, a8, CM_INVALID_WIDTH);
    expect_2d(dev, CM_MAX_2D_SURF_WIDTH, 1, CM_SURFACE_FORMAT_A8R8G8B8, CM_SUCCESS);
    expect_2d(dev, 1, CM_MAX_2D_SURF_HEIGHT, a8, CM_SUCCESS);
    expect_2d(dev, 1, 1, a8, CM_SUCCESS);
}

static void formats(cmrt_device *dev)
{
    static const CM_SURFACE_FORMAT unsupported[] = {
        CM_SURFACE_FORMAT_UNKNOWN,       CM_SURFACE_FORMAT_NV12,
        CM_SURFACE_FORMAT_YV12,          CM_SURFACE_FORMAT_P010,
        CM_SURFACE_FORMAT_A16B16G16R16,  CM_SURFACE_FORMAT_R32G32B32A32F,
        CM_SURFACE_FORMAT_A16B16G16R16F, (CM_SURFACE_FORMAT)12345,
    };
    for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
        expect_2d(dev, 8, 8, unsupported[i], CM_SURFACE_FORMAT_NOT_SUPPORTED);
    /* Bad sizes are reported before the format, as CM checks them first. */
    expect_2d(dev, 0, 8, CM_SURFACE_FORMAT_NV12, CM_INVALID_WIDTH);
}

static void buffers(cmrt_device *dev)
{
    cmrt_surface *b = (cmrt_surface *)&b;
    EXPECT_CODE(cmrt_buffer_create(dev, 0, &b), CM_INVALID_WIDTH);
    EXPECT(b == NULL, "a refused buffer_create left *out set");
    EXPECT_CODE(cmrt_buffer_create(dev, CM_MAX_1D_SURF_WIDTH + 1u, &b), CM_INVALID_WIDTH);
    EXPECT_CODE(cmrt_buffer_create(dev, UINT32_MAX, &b), CM_INVALID_WIDTH);
    REQUIRE_OK(cmrt_buffer_create(dev, 1, &b));
    EXPECT_OK(cmrt_surface_destroy(b));
}

/* Too-small host buffers: refused, and neither side is touched. */
static void host_sizes(cmrt_device *dev)
{
    cmrt_surface *s = NULL;
    REQUIRE_OK(cmrt_surface2d_create(dev, 5, 3, CM_SURFACE_FORMAT_R16_UINT, &s));
    unsigned char host[5 * 2 * 3 + 64];
    memset(host, 0x5a, sizeof host);
    REQUIRE_OK(cmrt_surface_fill(s, 0x11, NULL));
    uint64_t need = 5 * 2 * 3;
    EXPECT_CODE(cmrt_surface_write(s, host, need - 1, NULL), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_surface_write(s, host, 0, NULL), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_surface_read(s, host, need - 1, NULL), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_surface_read(s, host, 1, NULL), CM_INVALID_ARG_SIZE);
    EXPECT(host[0] == 0x5a, "a refused read wrote the host buffer");
    /* Strided: the last row needs only its own bytes, not a full pitch. */
    uint64_t strided_need = 16 * 2 + 10;
    EXPECT_CODE(cmrt_surface_read_strided(s, host, 16, strided_need - 1, NULL),
                CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_surface_write_strided(s, host, 16, strided_need - 1, NULL),
                CM_INVALID_ARG_SIZE);
    EXPECT_CODE(cmrt_surface_read_strided(s, host, 16, strided_need, NULL), CM_SUCCESS);
    EXPECT(host[0] == 0x11 && host[16 * 2 + 9] == 0x11 && host[10] == 0x5a,
           "strided read of the exact size: wrong bytes");
    /* A pitch narrower than a row (10 bytes). */
    EXPECT_CODE(cmrt_surface_read_strided(s, host, 9, sizeof host, NULL),
                CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_surface_write_strided(s, host, 0, sizeof host, NULL),
                CM_INVALID_ARG_VALUE);
    /* Nothing above changed the surface. */
    unsigned char back[5 * 2 * 3];
    EXPECT_OK(cmrt_surface_read(s, back, sizeof back, NULL));
    for (size_t i = 0; i < sizeof back; i++)
        EXPECT(back[i] == 0x11, "byte %zu: expected 0x11 after refused writes, got 0x%02x",
               i, back[i]);
    EXPECT_OK(cmrt_surface_destroy(s));
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 1);
    sizes(env.dev);
    formats(env.dev);
    buffers(env.dev);
    host_sizes(env.dev);
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("surface_arguments_are_checked");
}
