/*
 * report.h - the rows of the benchmark's tables (report.c): one figure per
 * row, with its ratios to the baselines measured beside it.
 */
#ifndef BENCH_REPORT_H
#define BENCH_REPORT_H

#include <stdint.h>

/* A ratio that was not measured (no OpenCV, or not applicable). */
#define BENCH_NONE 0.0

/* The header line of a kernel table; `vs_other` names the OpenCV column. */
void report_kernel_header(const char *vs_other);

/* A baseline's row: its speed, and a note (may be NULL). */
void report_baseline(int width, int height, const char *what, uint32_t threads,
                     double mpix_per_s, const char *note);

typedef struct kernel_row {
    const char *kernel;
    uint32_t workers;
    double mpix_per_s;
    double ref, other, ceiling; /* the baselines' Mpix/s, or BENCH_NONE */
    double one_worker;          /* this kernel's Mpix/s on 1 worker, or BENCH_NONE */
    int matches;                /* the output equals the reference's; REPORT_BOUND:
                                   a bound, whose output is not the kernel's */
} kernel_row;

#define REPORT_BOUND (-1)

void report_kernel(int width, int height, const kernel_row *row);

#endif /* BENCH_REPORT_H */
