/*
 * scheduler.c - what the scheduler costs per thread-space point: an empty
 * kernel (empty_genx.cpp) over a 1000x1000 space without dependencies, the
 * wall time from enqueue to the event's end divided by the points.
 */
#include <stdio.h>

#include "bench.h"
#include "cm_check.h"

#define SIDE 1000

int bench_scheduler(const bench_options *opt, bench_device *devs)
{
    uint32_t side = opt->quick ? SIDE / 10 : SIDE;
    double points = (double)side * (double)side;
    printf("\nscheduler: the empty kernel of empty_genx.cpp over %ux%u points, "
           "no dependencies\n", side, side);
    printf("  %7s %14s %12s\n", "workers", "ns/point", "Mpoints/s");
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
        cmrt_program *p = bench_load_program(&devs[i], opt->empty_isa);
        bench_launch l;
        bench_launch_init(&l, &devs[i], p, "empty", side, side, NULL, NULL);
        uint64_t ns = bench_median_ns(bench_launch_run, &l);
        bench_launch_free(&l);
        cm_result_check(cmrt_program_destroy(p));
        printf("  %7u %14.2f %12.1f\n", devs[i].workers, (double)ns / points,
               points / (double)ns * 1e3);
    }
    return 0;
}
