/*
 * scheduler.c - what the scheduler costs per thread-space point: an empty
 * kernel (empty_genx.cpp) over a 1000x1000 space without dependencies,
 * and one that only calls cm_wait(), cm_fence() and cm_signal() over the
 * same space with CM_WAVEFRONT; the wall time from enqueue to the event's
 * end (building the dependency order included) divided by the points.
 */
#include <stdio.h>

#include "bench.h"
#include "cm_check.h"

#define SIDE 1000

static void measure(bench_device *devs, const bench_options *opt, const char *kernel,
                    CM_DEPENDENCY_PATTERN pattern, uint32_t side)
{
    double points = (double)side * (double)side;
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
        cmrt_program *p = bench_load_program(&devs[i], opt->empty_isa);
        bench_launch l;
        bench_launch_init(&l, &devs[i], p, kernel, side, side, NULL, NULL);
        if (pattern != CM_NONE_DEPENDENCY)
            cm_result_check(cmrt_thread_space_select_dependency(l.space, pattern));
        uint64_t ns = bench_median_ns(bench_launch_run, &l);
        bench_launch_free(&l);
        cm_result_check(cmrt_program_destroy(p));
        printf("  %-12s %-14s %7u %14.2f %12.1f\n", kernel,
               pattern == CM_WAVEFRONT ? "CM_WAVEFRONT" : "none", devs[i].workers,
               (double)ns / points, points / (double)ns * 1e3);
    }
}

int bench_scheduler(const bench_options *opt, bench_device *devs)
{
    uint32_t side = opt->quick ? SIDE / 10 : SIDE;
    printf("\nscheduler: empty kernels of empty_genx.cpp over %ux%u points\n", side, side);
    printf("  %-12s %-14s %7s %14s %12s\n", "kernel", "dependency", "workers", "ns/point",
           "Mpoints/s");
    measure(devs, opt, "empty", CM_NONE_DEPENDENCY, side);
    measure(devs, opt, "empty_wait", CM_WAVEFRONT, side);
    return 0;
}
