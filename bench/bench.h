/*
 * bench.h - what the benchmark's files share: timing (measure.c), a team
 * of threads for the baselines (team.c), the memory-bandwidth ceiling
 * (ceiling.c), devices and timed kernel runs (kernels.c), and each
 * section's entry (filters.c, integral.c, scheduler.c, translate.c).
 *
 * Every figure is the median of repeated runs after a warm-up, taken in
 * this one process, so that ratios compare like with like.
 */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "cmrt.h"

/* ---- options (main.c) --------------------------------------------------- */

typedef struct bench_options {
    const char *linear_isa;   /* linear_genx.isa */
    const char *integral_isa; /* integral_genx.isa, or NULL: no integral part */
    const char *integral_hand_isa; /* integral_by_hand.c built, or NULL: no such row */
    const char *empty_isa;    /* empty_genx.isa */
    const char *cmc;          /* the cmc executable */
    int quick;                /* small pictures, few runs: a smoke test */
} bench_options;

/* The worker counts every section measures. */
#define BENCH_WORKER_COUNTS 2
extern const uint32_t bench_workers[BENCH_WORKER_COUNTS];

/* The pictures: 1920x1080 and 3840x2160 (--quick: smaller). */
typedef struct bench_size {
    int width, height;
} bench_size;
#define BENCH_SIZES 2
extern bench_size bench_sizes[BENCH_SIZES];

/* ---- timing (measure.c) ------------------------------------------------- */

uint64_t bench_now_ns(void);

/* One run of what is measured. */
typedef void (*bench_fn)(void *ctx);

/* Calls fn(ctx) once to warm up, then times it again and again (at least
 * a few times, more while the time budget lasts) and returns the median
 * in nanoseconds. */
uint64_t bench_median_ns(bench_fn fn, void *ctx);
/* The same for something that times itself: fn returns its own ns. */
typedef uint64_t (*bench_timed_fn)(void *ctx);
uint64_t bench_median_of(bench_timed_fn fn, void *ctx);
/* Fewer, shorter runs (--quick). */
void bench_set_quick(void);

/* Million pixels per second. */
double bench_mpix_per_s(int width, int height, uint64_t ns);

/* Ends the program with a message when `ok` is false. */
void bench_require(int ok, const char *what);
/* The buffer, or the program ends. Aligned to 64 bytes. */
void *bench_alloc(size_t size);
/* Pseudo-random bytes, the same for the same seed. */
void bench_fill_random(unsigned char *bytes, size_t size, uint32_t seed);

/* ---- a team of threads for the baselines (team.c) ------------------------ */

typedef struct bench_team bench_team;
/* Runs job(ctx, index, count) on `count` threads (the caller's among them). */
typedef void (*bench_team_job)(void *ctx, int index, int count);

bench_team *bench_team_create(int count);
void bench_team_run(bench_team *t, bench_team_job job, void *ctx);
void bench_team_destroy(bench_team *t);

/* ---- the machine's own two-thread scaling (scaling.c) -------------------- */

/* Work per second of 2 threads over 1 on pure arithmetic: the bound of
 * any kernel's "vs 1 worker". */
double bench_compute_scaling(void);
/* The same for loads and stores in each thread's L1 cache: the bound of
 * kernels that mostly move data. */
double bench_l1_scaling(void);

/* ---- the memory-bandwidth ceiling (ceiling.c) ---------------------------- */

/* The median time of streaming `read_bytes` in and `write_bytes` out on
 * the team's threads: what a kernel that reads its input once and writes
 * its output once cannot beat. */
uint64_t bench_ceiling_ns(bench_team *team, size_t read_bytes, size_t write_bytes);

/* ---- devices and kernel runs (kernels.c) --------------------------------- */

/* One device per worker count, with a queue. */
typedef struct bench_device {
    uint32_t workers;
    cmrt_device *device;
    cmrt_queue *queue;
} bench_device;

void bench_device_open(bench_device *d, uint32_t workers);
void bench_device_close(bench_device *d);
/* Loads the program at `path` on the device. */
cmrt_program *bench_load_program(bench_device *d, const char *path);

/* A kernel ready to enqueue again and again over one thread space. */
typedef struct bench_launch {
    bench_device *dev;
    cmrt_task *task;
    cmrt_thread_space *space;
} bench_launch;

/* A launch of `kernel` over width x height points, with its two surface
 * arguments (either may be NULL when the kernel has none). */
void bench_launch_init(bench_launch *l, bench_device *d, cmrt_program *p,
                       const char *kernel, uint32_t width, uint32_t height,
                       cmrt_surface *arg0, cmrt_surface *arg1);
/* Enqueues and waits for the end (a bench_fn). */
void bench_launch_run(void *launch);
void bench_launch_free(bench_launch *l);

/* ---- OpenCV, when built with it (opencv.cpp) ------------------------------ */

#ifdef BENCH_HAVE_OPENCV
#ifdef __cplusplus
extern "C" {
#endif
const char *bench_cv_version(void);
void bench_cv_set_threads(int count);
/* cv::blur 3x3, BORDER_REPLICATE, of an 8-bit RGB picture. */
void bench_cv_blur3x3(const unsigned char *rgb, unsigned char *out, int width, int height);
/* cv::integral to CV_32S: out has (height + 1) x (width + 1) sums. */
void bench_cv_integral(const unsigned char *grey, int32_t *out, int width, int height);
#ifdef __cplusplus
}
#endif
#endif

/* ---- the sections --------------------------------------------------------- */

/* Each prints its table; returns the number of failed output checks. */
int bench_filters(const bench_options *opt, bench_device *devs,
                  bench_team **teams);
int bench_integral(const bench_options *opt, bench_device *devs,
                   bench_team **teams);
int bench_scheduler(const bench_options *opt, bench_device *devs);
int bench_translate(const bench_options *opt);

#endif /* BENCH_BENCH_H */
