/*
 * scaling.c - how much faster two threads are than one on this machine
 * when they share nothing: pure arithmetic, no memory traffic. A kernel's
 * "vs 1 worker" cannot beat this; on a virtual machine whose CPUs share a
 * physical core (or a CPU quota) it is well below 2.
 */
#include "bench.h"

/* A dependent chain of multiply-adds, long enough to time (~10 ms). */
#define SCALING_STEPS 20000000L

static void arithmetic(void *ctx, int index, int count)
{
    (void)index;
    (void)count;
    volatile double sink;
    double x = 1.0;
    for (long i = 0; i < SCALING_STEPS; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
    (void)sink;
    (void)ctx;
}

static void run_team(void *ctx)
{
    bench_team_run(ctx, arithmetic, NULL);
}

double bench_compute_scaling(void)
{
    bench_team *one = bench_team_create(1), *two = bench_team_create(2);
    uint64_t t1 = bench_median_ns(run_team, one);
    uint64_t t2 = bench_median_ns(run_team, two);
    bench_team_destroy(one);
    bench_team_destroy(two);
    /* Two threads did twice the work. */
    return t2 ? 2.0 * (double)t1 / (double)t2 : 0.0;
}
