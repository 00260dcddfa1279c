/*
 * fusion.c - statement fusion end to end: each kernel of fusion.cpp,
 * built by cmc and run by libcmrt on one thread, against a plain C
 * reference that runs the kernel's statements one after another, each
 * reading all its operands before it writes (cmlangspec 3.3). Whether cmc
 * fuses a run or must not, the result is the same.
 *
 * usage: fusion <fusion.isa>
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_check.h"
#include "cmrt.h"
#include "sample_files.h"

enum { N = 16 };

typedef void (*reference)(const int32_t *a, const int32_t *b, int32_t *r);

static void ref_chain(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        int t = (a[i] + b[i]) * 3 - a[i];
        int v = t * 2 + abs(b[i]);
        r[i] = v > -20 ? v : -20;
    }
}

static void ref_matrices(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        float f = (float)a[i] + (float)b[i] * 0.5f;
        int8_t c = (int8_t)(int32_t)(f * 4.0f); /* |f * 4| <= 72: no saturation */
        r[i] = c - a[i];
    }
}

static void ref_shifted_regions(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    int32_t v[N], x[8];
    memcpy(v, a, sizeof v);
    for (int i = 0; i < 8; i++)
        x[i] = v[i + 1];
    for (int i = 0; i < 8; i++)
        v[i] = x[i] * 2;
    for (int i = 0; i < 8; i++) {
        r[i] = v[i + 1] + x[i];
        r[8 + i] = v[i];
    }
}

static void ref_formats(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t p[N];
    memcpy(p, a, sizeof p);
    for (int k = 0; k < N; k++) { /* short k of p is half k % 2 of int k / 2 */
        uint32_t v = (uint32_t)p[k / 2];
        uint16_t h = (uint16_t)(b[k] + 1);
        v = k % 2 ? (v & 0xffffu) | ((uint32_t)h << 16) : (v & 0xffff0000u) | h;
        p[k / 2] = (int32_t)v;
    }
    for (int i = 0; i < N; i++)
        r[i] = p[i] + b[i];
}

static void ref_indexed_reads(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t t[N];
    for (int i = 0; i < N; i++)
        t[i] = a[i] + 1;
    for (int i = 0; i < N; i++)
        r[i] = t[b[i] & 15];
    for (int i = 0; i < N; i++)
        t[i] = a[i] * 2;
    for (int i = 0; i < N; i++)
        r[i] += t[i] + t[15];
}

static void ref_reduction_between(const int32_t *a, const int32_t *b, int32_t *r)
{
    int s = 0;
    for (int i = 0; i < N; i++)
        s += a[i] + b[i];
    for (int i = 0; i < N; i++)
        r[i] = a[i] + b[i] + s + 1;
}

static void ref_masked(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        int t = 7, v = b[i];
        if (a[i] > 0) {
            v = a[i] + b[i];
            t = v * 2;
        }
        r[i] = v + t;
    }
}

static void ref_exact_sums(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        float u = (float)(uint16_t)(a[i] * 2 + 65511), c = (float)(int8_t)b[i];
        float g = c - u + c + (float)b[i] * 0.5f, f = u;
        for (int k = 0; k < 256; k++)
            f += u;
        f -= c;
        for (int k = 0; k < 16; k++)
            f += u;
        r[i] = (int32_t)(f + g);
    }
}

static const struct {
    const char *kernel;
    reference ref;
} cases[] = {
    {"chain", ref_chain}, {"matrices", ref_matrices},
    {"shifted_regions", ref_shifted_regions}, {"formats", ref_formats},
    {"indexed_reads", ref_indexed_reads}, {"reduction_between", ref_reduction_between},
    {"masked", ref_masked}, {"exact_sums", ref_exact_sums},
};

static uint32_t rng = 2463534242u;

static int32_t next_small(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (int32_t)(rng % 25) - 12;
}

static void run(cmrt_device *dev, cmrt_queue *queue, cmrt_program *program, const char *name,
                const int32_t in[2][N], int32_t got[N])
{
    cmrt_surface *sin = NULL, *sout = NULL;
    cmrt_surface_index *iin = NULL, *iout = NULL;
    cmrt_kernel *k = NULL;
    cmrt_thread_space *space = NULL;
    cmrt_task *task = NULL;
    cmrt_event *done = NULL;
    cm_result_check(cmrt_surface2d_create(dev, N * 4, 2, CM_SURFACE_FORMAT_A8, &sin));
    cm_result_check(cmrt_surface2d_create(dev, N * 4, 1, CM_SURFACE_FORMAT_A8, &sout));
    cm_result_check(cmrt_surface_write(sin, in, sizeof(int32_t) * 2 * N, NULL));
    cm_result_check(cmrt_surface_get_index(sin, &iin));
    cm_result_check(cmrt_surface_get_index(sout, &iout));
    cm_result_check(cmrt_kernel_create(program, name, &k));
    cm_result_check(cmrt_kernel_set_arg(k, 0, sizeof *iin, iin));
    cm_result_check(cmrt_kernel_set_arg(k, 1, sizeof *iout, iout));
    cm_result_check(cmrt_thread_space_create(dev, 1, 1, &space));
    cm_result_check(cmrt_task_create(dev, &task));
    cm_result_check(cmrt_task_add_kernel(task, k));
    cm_result_check(cmrt_enqueue(queue, task, space, &done));
    cm_result_check(cmrt_surface_read(sout, got, sizeof(int32_t) * N, done));
    cm_result_check(cmrt_event_destroy(done));
    cm_result_check(cmrt_task_destroy(task));
    cm_result_check(cmrt_thread_space_destroy(space));
    cm_result_check(cmrt_kernel_destroy(k));
    cm_result_check(cmrt_surface_destroy(sin));
    cm_result_check(cmrt_surface_destroy(sout));
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s <fusion.isa>\n", argv[0]);
        return 2;
    }
    file_bytes isa;
    sample_error err;
    if (file_bytes_load(argv[1], &isa, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return 1;
    }
    cmrt_device_options opt = {1};
    cmrt_device *dev = NULL;
    cmrt_queue *queue = NULL;
    cmrt_program *program = NULL;
    cm_result_check(cmrt_device_create(&opt, &dev));
    cm_result_check(cmrt_queue_create(dev, &queue));
    cm_result_check(cmrt_program_load(dev, isa.data, isa.size, &program));
    int failed = 0;
    size_t ncases = sizeof cases / sizeof cases[0];
    for (size_t c = 0; c < ncases; c++)
        for (int round = 0; round < 8; round++) {
            int32_t in[2][N], got[N], want[N];
            for (int i = 0; i < 2 * N; i++)
                in[i / N][i % N] = next_small();
            cases[c].ref(in[0], in[1], want);
            run(dev, queue, program, cases[c].kernel, (const int32_t(*)[N])in, got);
            int bad = -1;
            for (int i = 0; i < N && bad < 0; i++)
                if (got[i] != want[i])
                    bad = i;
            if (bad >= 0) {
                printf("FAIL %s: element %d is %d, the reference says %d (a %d, b %d)\n",
                       cases[c].kernel, bad, got[bad], want[bad], in[0][bad], in[1][bad]);
                failed++;
                break;
            }
        }
    cm_result_check(cmrt_device_destroy(dev));
    file_bytes_free(&isa);
    printf("fusion: %zu kernels pass, %d fail\n", ncases - (size_t)failed, failed);
    return failed != 0;
}
