/*
 * large_wavefront_is_bounded.c - a 1000x1000 CM_WAVEFRONT space runs, in
 * dependency order, and running it again and again neither grows memory
 * nor uses stack per point.
 *
 * probe_mark checks each point's three dependencies are done when its
 * wait returns, marks it done, and reports how far apart the frames its
 * body ran in were: the scheduler's next/wait/signal must not nest. The
 * largest resident set seen after warm-up runs is compared with the largest
 * seen after more runs, each with a new thread space (so its plan is built
 * and freed every time). Largest, since malloc hands big blocks back to the
 * system or keeps them as it pleases: one moment's RSS moves by megabytes.
 * Under a sanitizer a point costs microseconds and freed memory is kept:
 * one 1000x1000 run, smaller spaces for 1 and 7 workers, no RSS bound.
 *
 * argv[1]: the probe program.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sysconf */

#include <time.h>
#include <unistd.h>

#include "deps_probe.h"
#include "deps_test.h"

#define SIDE 1000u
/* A sanitizer makes a point cost microseconds: there, one 1000x1000 run
 * with two workers, and smaller spaces for the other counts. */
#define WARMUP_RUNS (UNDER_SANITIZER ? 1 : 3)
#define MEASURED_RUNS (UNDER_SANITIZER ? 0 : 10)
#define OTHER_SIDE (UNDER_SANITIZER ? 300u : SIDE)
/* Generous: what one run allocates (its plan and flags) is 5 MB here, so
 * leaking it would be 50 MB over the measured runs. */
#define RSS_MARGIN_BYTES (16u << 20)
/* A body's frame is at the same depth for every point; allow for
 * alignment and the odd signal-handler frame, not for one frame per point. */
#define STACK_SPREAD_MAX 1024u

static uint64_t rss_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long size = 0, resident = 0;
    if (!f || fscanf(f, "%lu %lu", &size, &resident) != 2) {
        fprintf(stderr, "cannot read /proc/self/statm\n");
        exit(EXIT_FAILURE);
    }
    fclose(f);
    return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void run_once(cmrt_device *dev, cmrt_kernel *k, probe_state *s, uint32_t workers,
                     uint32_t side)
{
    s->width = s->height = side;
    memset(s->done, 0, (size_t)side * side);
    s->points = s->violations = s->stack_spread = 0;
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(dev, side, side, &ts));
    REQUIRE_OK(cmrt_thread_space_select_dependency(ts, CM_WAVEFRONT));
    double t0 = seconds();
    EXPECT_CODE(run_kernel(dev, k, ts, "large CM_WAVEFRONT"), CM_SUCCESS);
    double dt = seconds() - t0;
    cmrt_thread_space_destroy(ts);
    EXPECT(s->points == (uint64_t)side * side, "%u workers: %llu of %u x %u points ran",
           workers, (unsigned long long)s->points, side, side);
    EXPECT(s->violations == 0, "%u workers: %llu points passed their wait before a dependency "
           "was done", workers, (unsigned long long)s->violations);
    EXPECT(s->stack_spread <= STACK_SPREAD_MAX,
           "%u workers: kernel frames %llu bytes apart: stack used per point?", workers,
           (unsigned long long)s->stack_spread);
    printf("  %ux%u, %u workers: %.1f ms (%.0f ns per point)\n", side, side, workers,
           dt * 1e3, dt * 1e9 / ((double)side * side));
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s deps_probe.so\n", argv[0]);
        return EXIT_FAILURE;
    }
    probe_state s;
    memset(&s, 0, sizeof s);
    s.done = calloc((size_t)SIDE * SIDE, 1);
    if (!s.done)
        return EXIT_FAILURE;
    uint64_t addr = (uint64_t)(uintptr_t)&s;

    static const uint32_t worker_counts[] = {1, 2, 7};
    for (uint32_t i = 0; i < 3; i++) {
        uint32_t workers = worker_counts[i];
        cmrt_device *dev = device_with_workers(workers);
        cmrt_program *prog = load_program(dev, argv[1]);
        cmrt_kernel *k = NULL;
        REQUIRE_OK(cmrt_kernel_create(prog, "probe_mark", &k));
        REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof addr, &addr));
        /* Two workers get the full treatment; the others run once. */
        if (workers != 2) {
            run_once(dev, k, &s, workers, OTHER_SIDE);
            REQUIRE_OK(cmrt_device_destroy(dev));
            continue;
        }
        uint64_t warm = 0, later = 0;
        for (int r = 0; r < WARMUP_RUNS; r++) {
            run_once(dev, k, &s, workers, SIDE);
            uint64_t rss = rss_bytes();
            warm = rss > warm ? rss : warm;
        }
        for (int r = 0; r < MEASURED_RUNS; r++) {
            run_once(dev, k, &s, workers, SIDE);
            uint64_t rss = rss_bytes();
            later = rss > later ? rss : later;
        }
        printf("  largest RSS %llu KiB in warm-up, %llu KiB in %d more runs\n",
               (unsigned long long)(warm >> 10), (unsigned long long)(later >> 10),
               MEASURED_RUNS);
        if (MEASURED_RUNS) /* not under sanitizers: their allocators keep freed memory */
            EXPECT(later <= warm + RSS_MARGIN_BYTES,
                   "RSS grew from %llu to %llu KiB over %d runs",
                   (unsigned long long)(warm >> 10), (unsigned long long)(later >> 10),
                   MEASURED_RUNS);
        REQUIRE_OK(cmrt_device_destroy(dev));
    }
    free(s.done);
    return test_report("large_wavefront_is_bounded");
}
