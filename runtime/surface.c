/*
 * surface.c - 2D surfaces and buffers: host memory with rows padded to a
 * 64-byte pitch, an index kernels name them by, and copies to and from the
 * host that never race with kernels using the surface.
 */
#include <stdlib.h>
#include <string.h>

#include "cmrt_internal.h"

#define CMRT_SURFACE_ALIGN 64u

/* Bytes per texel of the formats a kernel can read as 1, 2 or 4 byte
 * texels; 0 for the others (planar, 8 and 16 byte texels). */
static uint32_t texel_size_of(CM_SURFACE_FORMAT f)
{
    switch (f) {
    case CM_SURFACE_FORMAT_A8:
    case CM_SURFACE_FORMAT_P8:
    case CM_SURFACE_FORMAT_L8:
    case CM_SURFACE_FORMAT_R8_UINT:
    case CM_SURFACE_FORMAT_R8_UNORM:
    case CM_SURFACE_FORMAT_IA44:
        return 1;
    case CM_SURFACE_FORMAT_R16_SINT: /* = A8L8 */
    case CM_SURFACE_FORMAT_R16_UINT:
    case CM_SURFACE_FORMAT_R16_UNORM:
    case CM_SURFACE_FORMAT_R16_FLOAT:
    case CM_SURFACE_FORMAT_R8G8_UNORM:
    case CM_SURFACE_FORMAT_V8U8:
    case CM_SURFACE_FORMAT_L16:
    case CM_SURFACE_FORMAT_D16:
    case CM_SURFACE_FORMAT_A8P8:
    case CM_SURFACE_FORMAT_YUY2: /* packed 4:2:2, two bytes a pixel */
    case CM_SURFACE_FORMAT_UYVY:
        return 2;
    case CM_SURFACE_FORMAT_A8R8G8B8:
    case CM_SURFACE_FORMAT_X8R8G8B8:
    case CM_SURFACE_FORMAT_A8B8G8R8:
    case CM_SURFACE_FORMAT_R10G10B10A2:
    case CM_SURFACE_FORMAT_R16G16_UNORM:
    case CM_SURFACE_FORMAT_R32_UINT:
    case CM_SURFACE_FORMAT_R32_SINT:
    case CM_SURFACE_FORMAT_R32F:
    case CM_SURFACE_FORMAT_AYUV:
    case CM_SURFACE_FORMAT_Y410:
        return 4;
    default:
        return 0;
    }
}

static uint64_t round_up(uint64_t n, uint64_t to)
{
    return (n + to - 1) / to * to;
}

/* Puts s in the first free slot of the device's surface table. */
static int assign_index_locked(cmrt_device *dev, cmrt_surface *s)
{
    for (uint32_t i = 1; i < dev->nsurfaces; i++) {
        if (!dev->surfaces[i]) {
            dev->surfaces[i] = s;
            s->index.index = i;
            return CM_SUCCESS;
        }
    }
    if (dev->nsurfaces >= dev->surfaces_cap) {  /* slot 0 counts: 1 > 0 at first */
        uint32_t cap = dev->surfaces_cap ? dev->surfaces_cap * 2 : 64;
        cmrt_surface **grown = realloc(dev->surfaces, cap * sizeof *grown);
        if (!grown)
            return CM_OUT_OF_HOST_MEMORY;
        dev->surfaces = grown;
        dev->surfaces_cap = cap;
    }
    dev->surfaces[dev->nsurfaces] = s;
    s->index.index = dev->nsurfaces++;
    return CM_SUCCESS;
}

static int surface_new(cmrt_device *dev, uint32_t width, uint32_t height,
                       uint32_t texel_size, CM_SURFACE_FORMAT format,
                       cmrt_surface **out)
{
    uint64_t pitch = round_up((uint64_t)width * texel_size, CMRT_SURFACE_ALIGN);
    uint64_t bytes = pitch * height;
    if (pitch > INT32_MAX || bytes > SIZE_MAX / 2)
        return CM_SURFACE_ALLOCATION_FAILURE;
    cmrt_surface *s = calloc(1, sizeof *s);
    if (!s)
        return CM_OUT_OF_HOST_MEMORY;
    /* Zeroed, like a fresh GPU allocation is in practice: kernels that
     * read before anything was written see the same on every run. */
    s->data = aligned_alloc(CMRT_SURFACE_ALIGN, bytes ? bytes : CMRT_SURFACE_ALIGN);
    if (!s->data) {
        free(s);
        return CM_OUT_OF_HOST_MEMORY;
    }
    memset(s->data, 0, bytes);
    s->desc = (cmrt_surface_desc){width, height, (uint32_t)pitch, texel_size, format};

    pthread_mutex_lock(&dev->lock);
    int rc = assign_index_locked(dev, s);
    pthread_mutex_unlock(&dev->lock);
    if (rc != CM_SUCCESS) {
        free(s->data);
        free(s);
        return rc;
    }
    cmrt_object_init(&s->obj, dev, CMRT_KIND_SURFACE);
    *out = s;
    return CM_SUCCESS;
}

int cmrt_surface2d_create(cmrt_device *dev, uint32_t width, uint32_t height,
                          CM_SURFACE_FORMAT format, cmrt_surface **out)
{
    if (!dev || !out)
        return CM_NULL_POINTER;
    *out = NULL;
    if (width < CM_MIN_SURF_WIDTH || width > CM_MAX_2D_SURF_WIDTH)
        return CM_INVALID_WIDTH;
    if (height < CM_MIN_SURF_HEIGHT || height > CM_MAX_2D_SURF_HEIGHT)
        return CM_INVALID_HEIGHT;
    uint32_t texel_size = texel_size_of(format);
    if (!texel_size)
        return CM_SURFACE_FORMAT_NOT_SUPPORTED;
    return surface_new(dev, width, height, texel_size, format, out);
}

int cmrt_buffer_create(cmrt_device *dev, uint32_t size, cmrt_surface **out)
{
    if (!dev || !out)
        return CM_NULL_POINTER;
    *out = NULL;
    if (size < CM_MIN_SURF_WIDTH || size > CM_MAX_1D_SURF_WIDTH)
        return CM_INVALID_WIDTH;
    return surface_new(dev, size, 1, 1, CM_SURFACE_FORMAT_UNKNOWN, out);
}

/* The caller's handle goes; the memory stays while runs in flight use it. */
int cmrt_surface_destroy(cmrt_surface *s)
{
    if (!s)
        return CM_NULL_POINTER;
    cmrt_device *dev = s->obj.dev;
    pthread_mutex_lock(&dev->lock);
    if (s->index.index)
        dev->surfaces[s->index.index] = NULL;
    s->index.index = 0;
    pthread_mutex_unlock(&dev->lock);
    CMRT_RELEASE(s);
    return CM_SUCCESS;
}

void cmrt_surface_free(cmrt_surface *s, bool teardown)
{
    (void)teardown;
    /* Normally destroy cleared the slot; at teardown the table goes too. */
    free(s->data);
    free(s);
}

cmrt_surface *cmrt_surface_lookup_locked(cmrt_device *dev, uint32_t index)
{
    if (index == 0 || index >= dev->nsurfaces || !dev->surfaces[index])
        return NULL;
    cmrt_surface *s = dev->surfaces[index];
    CMRT_RETAIN(s);
    return s;
}

void cmrt_surface_view(const cmrt_surface *s, cmk_surface *out)
{
    out->data = s->data;
    out->width = (int32_t)s->desc.width;
    out->height = (int32_t)s->desc.height;
    out->pitch = (int32_t)s->desc.pitch;
    out->texel_size = (int32_t)s->desc.texel_size;
}

/* ---- host copies -------------------------------------------------------- */

/* Waits for `wait_for`, then for every run still using s: a copy never
 * races with a kernel, whether or not the caller passed the event. */
static int wait_until_idle(cmrt_surface *s, cmrt_event *wait_for)
{
    if (wait_for) {
        int rc = cmrt_event_wait(wait_for, CM_MAX_TIMEOUT_MS);
        if (rc != CM_SUCCESS)
            return rc;
    }
    cmrt_pool *pool = &s->obj.dev->pool;
    pthread_mutex_lock(&pool->lock);
    while (s->busy)
        cmrt_pool_wait_done_locked(pool, 0);
    pthread_mutex_unlock(&pool->lock);
    return CM_SUCCESS;
}

static uint64_t row_bytes(const cmrt_surface *s)
{
    return (uint64_t)s->desc.width * s->desc.texel_size;
}

/* Copies rows between the surface and a host buffer of `host_pitch`. */
static int copy_rows(cmrt_surface *s, void *host, uint64_t host_pitch,
                     uint64_t size, cmrt_event *wait_for, bool to_host)
{
    uint64_t row = row_bytes(s);
    if (host_pitch < row)
        return CM_INVALID_ARG_VALUE;
    if (size < host_pitch * (s->desc.height - 1) + row)
        return CM_INVALID_ARG_SIZE;
    int rc = wait_until_idle(s, wait_for);
    if (rc != CM_SUCCESS)
        return rc;
    for (uint32_t y = 0; y < s->desc.height; y++) {
        uint8_t *h = (uint8_t *)host + y * host_pitch;
        uint8_t *d = s->data + (size_t)y * s->desc.pitch;
        if (to_host)
            memcpy(h, d, row);
        else
            memcpy(d, h, row);
    }
    return CM_SUCCESS;
}

int cmrt_surface_write(cmrt_surface *s, const void *src, uint64_t size,
                       cmrt_event *wait_for)
{
    if (!s || !src)
        return CM_NULL_POINTER;
    return copy_rows(s, (void *)src, row_bytes(s), size, wait_for, false);
}

int cmrt_surface_read(cmrt_surface *s, void *dst, uint64_t size, cmrt_event *wait_for)
{
    if (!s || !dst)
        return CM_NULL_POINTER;
    return copy_rows(s, dst, row_bytes(s), size, wait_for, true);
}

int cmrt_surface_write_strided(cmrt_surface *s, const void *src, uint32_t pitch,
                               uint64_t size, cmrt_event *wait_for)
{
    if (!s || !src)
        return CM_NULL_POINTER;
    return copy_rows(s, (void *)src, pitch, size, wait_for, false);
}

int cmrt_surface_read_strided(cmrt_surface *s, void *dst, uint32_t pitch,
                              uint64_t size, cmrt_event *wait_for)
{
    if (!s || !dst)
        return CM_NULL_POINTER;
    return copy_rows(s, dst, pitch, size, wait_for, true);
}

int cmrt_surface_fill(cmrt_surface *s, uint8_t value, cmrt_event *wait_for)
{
    if (!s)
        return CM_NULL_POINTER;
    int rc = wait_until_idle(s, wait_for);
    if (rc != CM_SUCCESS)
        return rc;
    memset(s->data, value, (size_t)s->desc.pitch * s->desc.height);
    return CM_SUCCESS;
}

int cmrt_surface_get_index(cmrt_surface *s, cmrt_surface_index **out)
{
    if (!s || !out)
        return CM_NULL_POINTER;
    *out = &s->index;
    return CM_SUCCESS;
}

int cmrt_surface_get_desc(const cmrt_surface *s, cmrt_surface_desc *out)
{
    if (!s || !out)
        return CM_NULL_POINTER;
    *out = s->desc;
    return CM_SUCCESS;
}
