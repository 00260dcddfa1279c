/*
 * report.c - the kernel tables' rows, in fixed columns so that a table
 * reads down: picture, what ran, on how many threads, Mpix/s, then the
 * ratios (the kernel's Mpix/s over the baseline's; above 1.00x the kernel
 * is faster) and whether the kernel's output matched the reference.
 */
#include <stdio.h>

#include "report.h"

void report_kernel_header(const char *vs_other)
{
    printf("  %-10s %-22s %7s %9s %9s %15s %10s %11s  %s\n", "picture", "kernel / baseline",
           "threads", "Mpix/s", "vs C ref", vs_other, "vs ceiling", "vs 1 worker",
           "check");
}

static void picture_cell(int width, int height)
{
    char size[32];
    snprintf(size, sizeof size, "%dx%d", width, height);
    printf("  %-10s", size);
}

void report_baseline(int width, int height, const char *what, uint32_t threads,
                     double mpix_per_s, const char *note)
{
    picture_cell(width, height);
    printf(" %-22s %7u %9.1f", what, threads, mpix_per_s);
    if (note)
        printf("   %s", note);
    printf("\n");
}

/* "  4.12x" for a measured baseline, "      -" for none. */
static void ratio_cell(double mpix_per_s, double baseline, int width)
{
    if (baseline > BENCH_NONE)
        printf(" %*.2fx", width - 1, mpix_per_s / baseline);
    else
        printf(" %*s", width, "-");
}

void report_kernel(int width, int height, const kernel_row *row)
{
    picture_cell(width, height);
    printf(" %-22s %7u %9.1f", row->kernel, row->workers, row->mpix_per_s);
    ratio_cell(row->mpix_per_s, row->ref, 9);
    ratio_cell(row->mpix_per_s, row->other, 15);
    ratio_cell(row->mpix_per_s, row->ceiling, 10);
    ratio_cell(row->mpix_per_s, row->one_worker, 11);
    printf("  %s\n", row->matches == REPORT_BOUND ? "bound" : row->matches ? "ok" : "MISMATCH");
    fflush(stdout);
}
