/*
 * filters.c - the four 3x3 linear filter kernels of linear_genx.cpp on
 * 8-bit RGB pictures in A8R8G8B8 surfaces (width * 3 / 4 texels), as the
 * sample runs them: one thread per 8x6-pixel block.
 *
 * Beside them, in the same run: the sample's plain C reference (linear_ref,
 * built -O2, one thread), whose output every kernel's must equal byte for
 * byte; cv::blur 3x3 with BORDER_REPLICATE on the same number of threads;
 * and the copy ceiling for the picture's bytes in and out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cm_check.h"
#include "linear_ref.h"
#include "report.h"

static const char *const kernel_names[] = {"linear", "linear1d2", "linearslide",
                                           "linearslide2"};
#define KERNELS 4

#define BLOCK_W 8 /* pixels */
#define BLOCK_H 6
#define TEXEL 4   /* A8R8G8B8 */

typedef struct picture_job {
    int width, height;
    const unsigned char *in;
    unsigned char *out;
} picture_job;

static void run_reference(void *ctx)
{
    picture_job *j = ctx;
    linear_ref(j->in, j->out, j->width * 3, j->height, TEXEL);
}

/* ---- baselines ---------------------------------------------------------- */

typedef struct baselines {
    double ref;                           /* Mpix/s, 1 thread */
    double other[BENCH_WORKER_COUNTS];    /* cv::blur, or BENCH_NONE */
    double ceiling[BENCH_WORKER_COUNTS];
} baselines;

#ifdef BENCH_HAVE_OPENCV
static void run_cv_blur(void *ctx)
{
    picture_job *j = ctx;
    bench_cv_blur3x3(j->in, j->out, j->width, j->height);
}

static double measure_cv_blur(picture_job *j, int threads)
{
    bench_cv_set_threads(threads);
    return bench_mpix_per_s(j->width, j->height, bench_median_ns(run_cv_blur, j));
}
#endif

static void measure_baselines(picture_job *ref, bench_team **teams, baselines *b)
{
    int w = ref->width, h = ref->height;
    size_t bytes = (size_t)w * (size_t)h * 3;
    b->ref = bench_mpix_per_s(w, h, bench_median_ns(run_reference, ref));
    report_baseline(w, h, "C ref -O2", 1, b->ref, NULL);
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
        uint32_t n = bench_workers[i];
#ifdef BENCH_HAVE_OPENCV
        unsigned char *scratch = bench_alloc(bytes);
        picture_job cv = {w, h, ref->in, scratch};
        b->other[i] = measure_cv_blur(&cv, (int)n);
        free(scratch);
        report_baseline(w, h, "cv::blur 3x3", n, b->other[i], NULL);
#else
        b->other[i] = BENCH_NONE;
#endif
        uint64_t ns = bench_ceiling_ns(teams[i], bytes, bytes);
        b->ceiling[i] = bench_mpix_per_s(w, h, ns);
        char note[64];
        snprintf(note, sizeof note, "(%.1f GB/s read + written)", 2.0 * (double)bytes / (double)ns);
        report_baseline(w, h, "copy ceiling", n, b->ceiling[i], note);
    }
}

/* ---- the kernels -------------------------------------------------------- */

/* A device's surfaces holding the picture. */
typedef struct device_picture {
    cmrt_program *program;
    cmrt_surface *in, *out;
} device_picture;

static void put_picture(bench_device *d, device_picture *dp, const bench_options *opt,
                        const picture_job *j)
{
    uint32_t texels = (uint32_t)(j->width * 3 / TEXEL);
    dp->program = bench_load_program(d, opt->linear_isa);
    cm_result_check(cmrt_surface2d_create(d->device, texels, (uint32_t)j->height,
                                          CM_SURFACE_FORMAT_A8R8G8B8, &dp->in));
    cm_result_check(cmrt_surface2d_create(d->device, texels, (uint32_t)j->height,
                                          CM_SURFACE_FORMAT_A8R8G8B8, &dp->out));
    cm_result_check(cmrt_surface_write(dp->in, j->in, (uint64_t)j->width * 3 * (uint64_t)j->height,
                                       NULL));
}

static void drop_picture(device_picture *dp)
{
    cm_result_check(cmrt_surface_destroy(dp->in));
    cm_result_check(cmrt_surface_destroy(dp->out));
    cm_result_check(cmrt_program_destroy(dp->program));
}

/* Times `kernel` on device d and checks its output; the Mpix/s. */
static double measure_kernel(bench_device *d, device_picture *dp, const char *kernel,
                             const picture_job *ref, int *matches)
{
    int w = ref->width, h = ref->height;
    size_t bytes = (size_t)w * (size_t)h * 3;
    bench_launch l;
    bench_launch_init(&l, d, dp->program, kernel, (uint32_t)((w + BLOCK_W - 1) / BLOCK_W),
                      (uint32_t)((h + BLOCK_H - 1) / BLOCK_H), dp->in, dp->out);
    cm_result_check(cmrt_surface_fill(dp->out, 0, NULL));
    uint64_t ns = bench_median_ns(bench_launch_run, &l);
    bench_launch_free(&l);

    unsigned char *got = bench_alloc(bytes);
    cm_result_check(cmrt_surface_read(dp->out, got, bytes, NULL));
    *matches = memcmp(got, ref->out, bytes) == 0;
    free(got);
    return bench_mpix_per_s(w, h, ns);
}

static int run_size(const bench_options *opt, bench_device *devs,
                         bench_team **teams, bench_size size)
{
    int w = size.width, h = size.height, failed = 0;
    size_t bytes = (size_t)w * (size_t)h * 3;
    unsigned char *in = bench_alloc(bytes), *want = bench_alloc(bytes);
    bench_fill_random(in, bytes, (uint32_t)(w * 31 + h));
    picture_job ref = {w, h, in, want};
    baselines b;
    measure_baselines(&ref, teams, &b);

    device_picture dp[BENCH_WORKER_COUNTS];
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++)
        put_picture(&devs[i], &dp[i], opt, &ref);
    for (int k = 0; k < KERNELS; k++) {
        double first = BENCH_NONE;
        for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
            kernel_row row = {kernel_names[k], devs[i].workers, 0, b.ref, b.other[i],
                              b.ceiling[i], first, 0};
            row.mpix_per_s = measure_kernel(&devs[i], &dp[i], kernel_names[k], &ref, &row.matches);
            if (i == 0)
                first = row.mpix_per_s;
            report_kernel(w, h, &row);
            failed += !row.matches;
        }
    }
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++)
        drop_picture(&dp[i]);
    free(in);
    free(want);
    return failed;
}

int bench_filters(const bench_options *opt, bench_device *devs, bench_team **teams)
{
    printf("\n3x3 linear filter: linear_genx.cpp, 8-bit RGB in A8R8G8B8 surfaces, "
           "a thread per 8x6 pixels\n");
    report_kernel_header("vs cv::blur");
    int failed = 0;
    for (int s = 0; s < BENCH_SIZES; s++)
        failed += run_size(opt, devs, teams, bench_sizes[s]);
    return failed;
}
