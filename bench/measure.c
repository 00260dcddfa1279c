/*
 * measure.c - timing: a warm-up, then repeated runs, and their median.
 *
 * Each figure gets at least MIN_RUNS timed runs and keeps going, up to
 * MAX_RUNS, while its time budget lasts: short runs get many samples, the
 * 4K references a few, and the whole benchmark stays within its two
 * minutes on two cores.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#define MIN_RUNS 11
#define MAX_RUNS 51
#define BUDGET_NS 400000000ull /* per figure */

static int min_runs = MIN_RUNS, max_runs = MAX_RUNS;
static uint64_t budget_ns = BUDGET_NS;

void bench_set_quick(void)
{
    min_runs = 3;
    max_runs = 5;
    budget_ns = 20000000ull;
}

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t median(uint64_t *times, int n)
{
    qsort(times, (size_t)n, sizeof *times, compare_u64);
    return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

uint64_t bench_median_of(bench_timed_fn fn, void *ctx)
{
    uint64_t times[MAX_RUNS];
    fn(ctx); /* warm-up: first touches, caches, workers awake */
    uint64_t spent = 0;
    int n = 0;
    while (n < max_runs && (n < min_runs || spent < budget_ns)) {
        times[n] = fn(ctx);
        spent += times[n++];
    }
    return median(times, n);
}

typedef struct plain_run {
    bench_fn fn;
    void *ctx;
} plain_run;

static uint64_t time_plain(void *p)
{
    plain_run *r = p;
    uint64_t t0 = bench_now_ns();
    r->fn(r->ctx);
    return bench_now_ns() - t0;
}

uint64_t bench_median_ns(bench_fn fn, void *ctx)
{
    plain_run r = {fn, ctx};
    return bench_median_of(time_plain, &r);
}

double bench_mpix_per_s(int width, int height, uint64_t ns)
{
    return ns ? (double)width * (double)height / (double)ns * 1e3 : 0.0;
}

void bench_require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "cmc-bench: %s\n", what);
        exit(EXIT_FAILURE);
    }
}

void *bench_alloc(size_t size)
{
    void *p = aligned_alloc(64, (size + 63) / 64 * 64);
    bench_require(p != NULL, "out of memory");
    memset(p, 0, size); /* touched now, not in the first timed run */
    return p;
}

void bench_fill_random(unsigned char *bytes, size_t size, uint32_t seed)
{
    uint32_t x = seed ? seed : 1;
    for (size_t i = 0; i < size; i++) {
        x ^= x << 13; /* xorshift32 */
        x ^= x >> 17;
        x ^= x << 5;
        bytes[i] = (unsigned char)(x >> 24);
    }
}
