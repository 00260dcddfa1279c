/*
 * scaling.c - how much faster two threads are than one on this machine
 * when they share nothing: pure arithmetic, no memory traffic; and loads
 * and stores that hit each thread's own L1 cache. A kernel's "vs 1 worker"
 * cannot beat the first; on a virtual machine whose CPUs share a physical
 * core (or a CPU quota) it is well below 2. The second bounds kernels
 * that mostly move data in the caches (CalcIntImage, the filters): on the
 * 2-vCPU EPYC VM this was measured on, arithmetic scaled 1.9-2.0x while
 * L1 loads and stores scaled 1.3x, as if the two vCPUs were one core's
 * two hardware threads.
 */
#include <stdint.h>
#include <stdlib.h>

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

/* Each thread's own 16 KB, read and written over and over (~10 ms). */
#define L1_WORDS 4096
#define L1_PASSES 20000

static void l1_traffic(void *ctx, int index, int count)
{
    (void)ctx;
    (void)index;
    (void)count;
    uint32_t *words = calloc(L1_WORDS, sizeof *words);
    if (!words)
        return;
    for (int pass = 0; pass < L1_PASSES; pass++) {
        for (int i = 0; i < L1_WORDS; i++)
            words[i] += (uint32_t)i;
        /* Every pass really loads and stores: no folding of the passes. */
        __asm__ __volatile__("" : : "r"(words) : "memory");
    }
    volatile uint32_t sink = words[L1_WORDS - 1];
    (void)sink;
    free(words);
}

static void run_team(void *ctx)
{
    bench_team_run(ctx, arithmetic, NULL);
}

static void run_team_l1(void *ctx)
{
    bench_team_run(ctx, l1_traffic, NULL);
}

static double two_over_one(void (*run)(void *))
{
    bench_team *one = bench_team_create(1), *two = bench_team_create(2);
    uint64_t t1 = bench_median_ns(run, one);
    uint64_t t2 = bench_median_ns(run, two);
    bench_team_destroy(one);
    bench_team_destroy(two);
    /* Two threads did twice the work. */
    return t2 ? 2.0 * (double)t1 / (double)t2 : 0.0;
}

double bench_compute_scaling(void)
{
    return two_over_one(run_team);
}

double bench_l1_scaling(void)
{
    return two_over_one(run_team_l1);
}
