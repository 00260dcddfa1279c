/*
 * cm_kernels_agree_across_workers.c - a kernel written in CM and built by
 * cmc (deps_kernels.cpp: cm_wait(), reads of neighbours' results, write,
 * cm_fence(), cm_signal(), more work after the signal) gives the results of
 * a plain C reference, for each pattern and with 1, 2 and 7 workers - so
 * the results are identical whatever the worker count.
 *
 * Each configuration reads two neighbours that the pattern makes every
 * point wait for on CM (see cm_dispatch.h for which those are).
 *
 * argv[1]: deps_kernels.isa.
 */
#include "deps_test.h"

typedef struct config {
    const char *name;
    CM_DEPENDENCY_PATTERN pattern;
    uint32_t count; /* custom vectors; 0 for a named pattern */
    int32_t vx[2], vy[2];
    int32_t dx1, dy1, dx2, dy2; /* the neighbours read */
} config;

static const config configs[] = {
    {"CM_WAVEFRONT", CM_WAVEFRONT, 0, {0}, {0}, -1, 0, 0, -1},
    {"CM_WAVEFRONT26", CM_WAVEFRONT26, 0, {0}, {0}, 1, -1, -1, 0},
    {"CM_WAVEFRONT26Z", CM_WAVEFRONT26Z, 0, {0}, {0}, -1, 0, 0, -1},
    {"CM_WAVEFRONT26ZIG", CM_WAVEFRONT26ZIG, 0, {0}, {0}, 0, -1, -1, 0},
    {"CM_WAVEFRONT26ZI", CM_WAVEFRONT26ZI, 0, {0}, {0}, -2, 0, 0, -1},
    {"CM_WAVEFRONT26X", CM_WAVEFRONT26X, 0, {0}, {0}, 1, -3, -1, -1},
    {"CM_VERTICAL_WAVE", CM_VERTICAL_WAVE, 0, {0}, {0}, -1, 0, -1, 0},
    {"CM_HORIZONTAL_WAVE", CM_HORIZONTAL_WAVE, 0, {0}, {0}, 0, -1, 0, -1},
    {"custom {(1,0)}", CM_NONE_DEPENDENCY, 1, {1}, {0}, 1, 0, 1, 0},
    {"custom {(0,1),(1,1)}", CM_NONE_DEPENDENCY, 2, {0, 1}, {1, 1}, 0, 1, 1, 1},
};
#define CONFIGS (sizeof configs / sizeof configs[0])

static const uint32_t sizes[][2] = {{37, 23}, {1, 40}, {40, 1}, {19, 17}};
#define SIZES (sizeof sizes / sizeof sizes[0])
static const uint32_t worker_counts[] = {1, 2, 7};
#define ITERS 200

static uint32_t lcg_rounds(uint32_t v, int rounds)
{
    for (int i = 0; i < rounds; i++)
        v = v * 1664525u + 1013904223u;
    return v;
}

/* The reference: points computed once both neighbours are (or lie
 * outside the space), sweep after sweep. */
static void reference(const config *c, uint32_t w, uint32_t h, const uint32_t *in,
                      uint32_t *out, uint32_t *late)
{
    uint32_t n = w * h, left = n;
    unsigned char *done = calloc(n, 1);
    if (!done)
        exit(EXIT_FAILURE);
    const int32_t dx[2] = {c->dx1, c->dx2}, dy[2] = {c->dy1, c->dy2};
    const uint32_t mul[2] = {3, 5};
    while (left) {
        uint32_t before = left;
        for (uint32_t p = 0; p < n; p++) {
            if (done[p])
                continue;
            int64_t x = p % w, y = p / w;
            uint32_t v = in[p];
            bool ready = true;
            for (int i = 0; i < 2 && ready; i++) {
                int64_t nx = x + dx[i], ny = y + dy[i];
                if (!in_space(nx, ny, w, h))
                    continue;
                if (!done[ny * w + nx])
                    ready = false;
                else
                    v += out[ny * w + nx] * mul[i];
            }
            if (!ready)
                continue;
            out[p] = v;
            late[p] = lcg_rounds(v, ITERS);
            done[p] = 1;
            left--;
        }
        if (left == before) {
            fprintf(stderr, "reference for %s cannot progress\n", c->name);
            exit(EXIT_FAILURE);
        }
    }
    free(done);
}

typedef struct outputs {
    uint32_t *out, *late;
} outputs;

static outputs run_config(cmrt_device *dev, cmrt_kernel *k, const config *c, uint32_t w,
                          uint32_t h, const uint32_t *in, const char *what)
{
    size_t bytes = (size_t)w * h * 4;
    outputs o = {calloc(w * h, 4), calloc(w * h, 4)};
    if (!o.out || !o.late)
        exit(EXIT_FAILURE);
    cmrt_surface *s_in = NULL, *s_out = NULL, *s_late = NULL;
    REQUIRE_OK(cmrt_surface2d_create(dev, w, h, CM_SURFACE_FORMAT_R32_UINT, &s_in));
    REQUIRE_OK(cmrt_surface2d_create(dev, w, h, CM_SURFACE_FORMAT_R32_UINT, &s_out));
    REQUIRE_OK(cmrt_surface2d_create(dev, w, h, CM_SURFACE_FORMAT_R32_UINT, &s_late));
    REQUIRE_OK(cmrt_surface_write(s_in, in, bytes, NULL));
    /* Garbage where the kernel has not written yet: a read too early shows. */
    REQUIRE_OK(cmrt_surface_fill(s_out, 0xa5, NULL));
    cmrt_surface_index *i_in, *i_out, *i_late;
    REQUIRE_OK(cmrt_surface_get_index(s_in, &i_in));
    REQUIRE_OK(cmrt_surface_get_index(s_out, &i_out));
    REQUIRE_OK(cmrt_surface_get_index(s_late, &i_late));
    const int32_t ints[7] = {c->dx1, c->dy1, c->dx2, c->dy2, (int32_t)w, (int32_t)h, ITERS};
    REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof *i_in, i_in));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 1, sizeof *i_out, i_out));
    REQUIRE_OK(cmrt_kernel_set_arg(k, 2, sizeof *i_late, i_late));
    for (uint32_t i = 0; i < 7; i++)
        REQUIRE_OK(cmrt_kernel_set_arg(k, 3 + i, sizeof ints[i], &ints[i]));

    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(dev, w, h, &ts));
    if (c->count)
        REQUIRE_OK(cmrt_thread_space_set_dependency(ts, c->count, c->vx, c->vy));
    else
        REQUIRE_OK(cmrt_thread_space_select_dependency(ts, c->pattern));
    EXPECT_CODE(run_kernel(dev, k, ts, what), CM_SUCCESS);
    REQUIRE_OK(cmrt_surface_read(s_out, o.out, bytes, NULL));
    REQUIRE_OK(cmrt_surface_read(s_late, o.late, bytes, NULL));
    cmrt_thread_space_destroy(ts);
    cmrt_surface_destroy(s_in);
    cmrt_surface_destroy(s_out);
    cmrt_surface_destroy(s_late);
    return o;
}

static void compare(const uint32_t *got, const uint32_t *want, uint32_t w, uint32_t h,
                    const char *surface, const char *what)
{
    uint32_t wrong = 0;
    for (uint32_t p = 0; p < w * h; p++) {
        if (got[p] == want[p])
            continue;
        if (wrong++ < 3)
            fprintf(stderr, "  %s: %s(%u,%u) = %u, expected %u\n", what, surface, p % w,
                    p / w, got[p], want[p]);
    }
    EXPECT(wrong == 0, "%s: %u texels of %s differ from the reference", what, wrong, surface);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s deps_kernels.isa\n", argv[0]);
        return EXIT_FAILURE;
    }
    cmrt_device *devs[3];
    cmrt_kernel *kernels[3];
    for (int i = 0; i < 3; i++) {
        devs[i] = device_with_workers(worker_counts[i]);
        cmrt_program *prog = load_program(devs[i], argv[1]);
        REQUIRE_OK(cmrt_kernel_create(prog, "chain", &kernels[i]));
    }
    uint32_t seed = 12345;
    for (uint32_t c = 0; c < CONFIGS; c++)
        for (uint32_t s = 0; s < SIZES; s++) {
            uint32_t w = sizes[s][0], h = sizes[s][1], n = w * h;
            uint32_t *in = malloc(n * 4), *out = malloc(n * 4), *late = malloc(n * 4);
            if (!in || !out || !late)
                return EXIT_FAILURE;
            for (uint32_t p = 0; p < n; p++)
                in[p] = seed = seed * 1103515245u + 12345u;
            reference(&configs[c], w, h, in, out, late);
            for (int i = 0; i < 3; i++) {
                char what[128];
                snprintf(what, sizeof what, "%s %ux%u, %u workers", configs[c].name, w, h,
                         worker_counts[i]);
                outputs o = run_config(devs[i], kernels[i], &configs[c], w, h, in, what);
                compare(o.out, out, w, h, "out", what);
                compare(o.late, late, w, h, "late", what);
                free(o.out);
                free(o.late);
            }
            free(in);
            free(out);
            free(late);
        }
    for (int i = 0; i < 3; i++)
        REQUIRE_OK(cmrt_device_destroy(devs[i]));
    return test_report("cm_kernels_agree_across_workers");
}
