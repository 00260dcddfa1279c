/*
 * language.c - the kernel language end to end: each kernel of
 * language.cpp, built by cmc and run by libcmrt on one thread, against a
 * plain C reference written from the CM language specification
 * (cmlangspec 3.2.9-3.2.12 regions, format, merge, any/all; 3.3
 * evaluation order; 3.4 scalar and SIMD control flow).
 *
 * usage: language <language.isa>
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

static void ref_select_all_iselect(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++)
        r[i] = a[i] + a[b[i] & 15];
}

static void ref_format(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        uint32_t bits = ((uint32_t)a[i] & ~0xffu) | 7u; /* low byte (little-endian) */
        r[i] = (int32_t)bits + (int16_t)((uint32_t)a[i] >> 16);
    }
    for (int k = 24; k < 32; k++) { /* row 3 of the 4x8 shorts: shorts 24..31 */
        uint32_t v = (uint32_t)r[k / 2];
        uint16_t h = (uint16_t)(v >> (16 * (k % 2)));
        h = (uint16_t)(h + 1);
        v = k % 2 ? (v & 0xffffu) | ((uint32_t)h << 16) : (v & 0xffff0000u) | h;
        r[k / 2] = (int32_t)v;
    }
}

static void ref_replicate(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int k = 0; k < N; k++) {
        int blk4 = k / 4, j4 = k % 4, blk8 = k / 8, j8 = k % 8;
        r[k] = a[1 + blk4 * 3 + j4] + a[4 + j8];          /* <4,3,4,1>(1), <2,8>(4) */
        r[k] += b[6 + blk4] * 3 - b[blk8 * 4 + j8];        /* m<4,1,4,0>(1,2), <2,4,8,1>(0) */
        r[k] += a[k % 8];                                  /* select<8,1>(0).replicate<2>() */
    }
}

static void ref_merge(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++) {
        int r1 = a[i] > b[i] ? b[i] : a[i];
        int r2 = (0x5a5a >> i) & 1 ? a[i] : b[i];
        if (i % 2 == 0) /* the mask table is odd at even positions */
            r2 = 100;
        r[i] = r1 + r2;
    }
}

static void ref_overlap(const int32_t *a, const int32_t *b, int32_t *r)
{
    int32_t t[N], u[N];
    t[0] = a[0];
    for (int i = 1; i < N; i++)
        t[i] = a[i - 1];
    memcpy(u, t, sizeof u);
    for (int i = 0; i < 8; i++)
        u[2 * i] = t[2 * i + 1] + t[3 + i];
    for (int k = 0; k < N; k++)
        r[k] = u[k] + b[(k % 4) * 4 + 1] + b[k];
}

static void ref_scalar_control(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        int x = a[i], n = 0;
        while (x > 3) {
            x -= 3;
            n++;
        }
        do
            n += 2;
        while (n < 5);
        switch (x & 3) {
        case 0: n += 10; break;
        case 1: n += 50; break; /* falls into case 2 */
        case 2: n += 30; break;
        default: n = -n;
        }
        r[i] = n;
    }
}

static void ref_simd_if(const int32_t *a, const int32_t *b, int32_t *r)
{
    for (int i = 0; i < N; i++)
        r[i] = a[i] > 0 ? a[i] * 2 + (a[i] > 5 ? 100 : 0) : a[i] < -5 ? -1 : b[i];
}

static void ref_simd_do_while(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        int x = abs(a[i]), n = 0;
        do {
            x -= 1;
            if (x == 3)
                break;
            if ((x & 1) == 1)
                continue;
            n += 1;
        } while (x > 0);
        r[i] = n;
    }
}

static void ref_any_all(const int32_t *a, const int32_t *b, int32_t *r)
{
    int any = 0, all = 1, eq = 0;
    for (int i = 0; i < N; i++) {
        any |= a[i] > 5;
        all &= b[i] > -8;
        eq |= a[i] == b[i];
    }
    for (int i = 0; i < N; i++)
        r[i] = any + 2 * all + 4 * eq;
}

static void ref_wide_types(const int32_t *a, const int32_t *b, int32_t *r)
{
    (void)b;
    for (int i = 0; i < N; i++) {
        double d = a[i] * 0.5;
        int64_t l = (int64_t)a[i] * 3000000000LL;
        r[i] = (int32_t)(d + (double)(int32_t)(l >> 32) + 10.0);
    }
}

static const struct {
    const char *kernel;
    reference ref;
} cases[] = {
    {"select_all_iselect", ref_select_all_iselect}, {"format", ref_format},
    {"replicate", ref_replicate}, {"merge", ref_merge}, {"overlap", ref_overlap},
    {"scalar_control", ref_scalar_control}, {"simd_if", ref_simd_if},
    {"simd_do_while", ref_simd_do_while}, {"any_all", ref_any_all},
    {"wide_types", ref_wide_types},
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
        fprintf(stderr, "usage: %s <language.isa>\n", argv[0]);
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
    printf("language: %zu kernels pass, %d fail\n", ncases - (size_t)failed, failed);
    return failed != 0;
}
