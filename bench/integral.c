/*
 * integral.c - CalcIntImage of integral_genx.cpp, as the sample runs it:
 * an 8-bit grey picture in an A8 surface, its integral image in an
 * R32_UINT surface of the same size, one thread per 16x16 pixels, with
 * the CM_WAVEFRONT dependency.
 *
 * Beside it, in the same run: the sample's plain C reference
 * (integral_ref, built -O2, one thread), whose sums the kernel's must
 * equal; cv::integral to 32-bit sums on the same number of threads; the
 * copy ceiling for a byte in and four bytes out per pixel; and the kernel
 * run without its dependency, every point free to run at once: its sums
 * are wrong, but no scheduler can make the kernel itself go faster, so its
 * "vs 1 worker" bounds the real kernel's. And the same algorithm written
 * by hand in C (integral_by_hand.c), on the same runtime and dependency:
 * what a translation of the kernel could reach, and whether the kernel's
 * algorithm can reach cv::integral at all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cm_check.h"
#include "integral_ref.h"
#include "report.h"

#define BLOCK 16 /* pixels a side */

typedef struct integral_job {
    int width, height;
    const unsigned char *grey;
    uint32_t *sums;
} integral_job;

static void run_reference(void *ctx)
{
    integral_job *j = ctx;
    integral_ref(j->grey, j->width, j->height, j->sums);
}

#ifdef BENCH_HAVE_OPENCV
typedef struct cv_integral_job {
    int width, height;
    const unsigned char *grey;
    int32_t *sums; /* (height + 1) x (width + 1) */
} cv_integral_job;

static void run_cv_integral(void *ctx)
{
    cv_integral_job *j = ctx;
    bench_cv_integral(j->grey, j->sums, j->width, j->height);
}

/* Also checks that OpenCV computed the same sums (it has a zero row and
 * column in front), so that the comparison is of equal work. */
static double measure_cv_integral(const integral_job *ref, int threads, int *matches)
{
    int w = ref->width, h = ref->height;
    cv_integral_job j = {w, h, ref->grey,
                         bench_alloc(sizeof(int32_t) * (size_t)(w + 1) * (size_t)(h + 1))};
    bench_cv_set_threads(threads);
    uint64_t ns = bench_median_ns(run_cv_integral, &j);
    *matches = 1;
    for (int y = 0; y < h && *matches; y++)
        *matches = memcmp(j.sums + (size_t)(y + 1) * (size_t)(w + 1) + 1,
                          ref->sums + (size_t)y * (size_t)w, sizeof(uint32_t) * (size_t)w) == 0;
    free(j.sums);
    return bench_mpix_per_s(w, h, ns);
}
#endif

typedef struct baselines {
    double ref;
    double other[BENCH_WORKER_COUNTS];
    double ceiling[BENCH_WORKER_COUNTS];
} baselines;

static int measure_baselines(integral_job *ref, bench_team **teams, baselines *b)
{
    int w = ref->width, h = ref->height, failed = 0;
    size_t pixels = (size_t)w * (size_t)h;
    b->ref = bench_mpix_per_s(w, h, bench_median_ns(run_reference, ref));
    report_baseline(w, h, "C ref -O2", 1, b->ref, NULL);
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
        uint32_t n = bench_workers[i];
        b->other[i] = BENCH_NONE;
#ifdef BENCH_HAVE_OPENCV
        int same = 0;
        b->other[i] = measure_cv_integral(ref, (int)n, &same);
        report_baseline(w, h, "cv::integral", n, b->other[i],
                        same ? NULL : "(MISMATCH: not the reference's sums)");
        failed += !same;
#endif
        uint64_t ns = bench_ceiling_ns(teams[i], pixels, 4 * pixels);
        b->ceiling[i] = bench_mpix_per_s(w, h, ns);
        char note[64];
        snprintf(note, sizeof note, "(%.1f GB/s read + written)", 5.0 * (double)pixels / (double)ns);
        report_baseline(w, h, "copy ceiling", n, b->ceiling[i], note);
    }
    return failed;
}

/* Times CalcIntImage of program `isa` on device d under `pattern` and checks its sums
 * (CM_WAVEFRONT; with no dependency they are not the integral); the
 * Mpix/s. */
static double measure_kernel(bench_device *d, const char *isa, const integral_job *ref,
                             CM_DEPENDENCY_PATTERN pattern, int *matches)
{
    int w = ref->width, h = ref->height;
    size_t pixels = (size_t)w * (size_t)h;
    cmrt_program *program = bench_load_program(d, isa);
    cmrt_surface *in = NULL, *out = NULL;
    cm_result_check(cmrt_surface2d_create(d->device, (uint32_t)w, (uint32_t)h,
                                          CM_SURFACE_FORMAT_A8, &in));
    cm_result_check(cmrt_surface2d_create(d->device, (uint32_t)w, (uint32_t)h,
                                          CM_SURFACE_FORMAT_R32_UINT, &out));
    cm_result_check(cmrt_surface_write(in, ref->grey, pixels, NULL));
    cm_result_check(cmrt_surface_fill(out, 0, NULL));

    bench_launch l;
    bench_launch_init(&l, d, program, "CalcIntImage", (uint32_t)((w + BLOCK - 1) / BLOCK),
                      (uint32_t)((h + BLOCK - 1) / BLOCK), in, out);
    cm_result_check(cmrt_thread_space_select_dependency(l.space, pattern));
    uint64_t ns = bench_median_ns(bench_launch_run, &l);
    bench_launch_free(&l);

    uint32_t *got = bench_alloc(sizeof *got * pixels);
    cm_result_check(cmrt_surface_read(out, got, sizeof *got * pixels, NULL));
    *matches = pattern != CM_WAVEFRONT ? REPORT_BOUND
               : memcmp(got, ref->sums, sizeof *got * pixels) == 0;
    free(got);
    cm_result_check(cmrt_surface_destroy(in));
    cm_result_check(cmrt_surface_destroy(out));
    cm_result_check(cmrt_program_destroy(program));
    return bench_mpix_per_s(w, h, ns);
}

static int run_size(const bench_options *opt, bench_device *devs,
                         bench_team **teams, bench_size size)
{
    int w = size.width, h = size.height;
    size_t pixels = (size_t)w * (size_t)h;
    unsigned char *grey = bench_alloc(pixels);
    uint32_t *want = bench_alloc(sizeof *want * pixels);
    bench_fill_random(grey, pixels, (uint32_t)(w * 17 + h));
    integral_job ref = {w, h, grey, want};
    baselines b;
    int failed = measure_baselines(&ref, teams, &b);

    const struct {
        const char *name, *isa;
        CM_DEPENDENCY_PATTERN pattern;
    } runs[] = {{"CalcIntImage", opt->integral_isa, CM_WAVEFRONT},
                {"  without dependency", opt->integral_isa, CM_NONE_DEPENDENCY},
                {"  by hand (C vectors)", opt->integral_hand_isa, CM_WAVEFRONT}};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        if (!runs[k].isa)
            continue;
        double first = BENCH_NONE;
        for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
            kernel_row row = {runs[k].name, devs[i].workers, 0, b.ref, b.other[i],
                              b.ceiling[i], first, 0};
            row.mpix_per_s = measure_kernel(&devs[i], runs[k].isa, &ref, runs[k].pattern,
                                            &row.matches);
            if (i == 0)
                first = row.mpix_per_s;
            report_kernel(w, h, &row);
            failed += !row.matches;
        }
    }
    free(grey);
    free(want);
    return failed;
}

int bench_integral(const bench_options *opt, bench_device *devs, bench_team **teams)
{
    printf("\nintegral image: CalcIntImage of integral_genx.cpp, 8-bit grey in, "
           "32-bit sums out, a thread per 16x16 pixels, CM_WAVEFRONT\n");
    report_kernel_header("vs cv::integral");
    int failed = 0;
    for (int s = 0; s < BENCH_SIZES; s++)
        failed += run_size(opt, devs, teams, bench_sizes[s]);
    return failed;
}
