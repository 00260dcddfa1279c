/*
 * profile.c - CMRT_PROFILE=1: what each kernel cost on a device.
 *
 * Counted per run (one kernel over one thread space), never per point: the
 * pool calls in when it publishes a run and when the run ends, both under
 * pool.lock, which is therefore all the locking the counts need. At device
 * destroy, once the pool has stopped, one line per kernel goes to stderr:
 *
 *     libcmrt: profile: linear: 11 runs, 42.125 ms, 570240 points, 13536847 points/s
 *
 * Time is from the run's publication to its last worker leaving it. Kernels
 * are told apart by name, in the order they first ran.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmrt_internal.h"

typedef struct kernel_counts {
    char *name;
    uint64_t runs, ns, points;
} kernel_counts;

struct cmrt_profile {
    kernel_counts *kernels;
    uint32_t count, cap;
    uint64_t uncounted; /* runs lost to a failed allocation */
};

/* CMRT_PROFILE set to anything but "" or "0". */
static bool profile_requested(void)
{
    const char *s = getenv("CMRT_PROFILE");
    return s && *s && strcmp(s, "0") != 0;
}

cmrt_profile *cmrt_profile_create(void)
{
    if (!profile_requested())
        return NULL;
    cmrt_profile *p = calloc(1, sizeof *p);
    if (!p)
        fprintf(stderr, "libcmrt: CMRT_PROFILE: out of memory, no profile\n");
    return p;
}

/* The counts of kernel `name`, added if new; NULL if out of memory. */
static kernel_counts *counts_for(cmrt_profile *p, const char *name)
{
    for (uint32_t i = 0; i < p->count; i++)
        if (strcmp(p->kernels[i].name, name) == 0)
            return &p->kernels[i];
    if (p->count == p->cap) {
        uint32_t cap = p->cap ? 2 * p->cap : 8;
        kernel_counts *grown = realloc(p->kernels, cap * sizeof *grown);
        if (!grown)
            return NULL;
        p->kernels = grown;
        p->cap = cap;
    }
    char *copy = malloc(strlen(name) + 1);
    if (!copy)
        return NULL;
    strcpy(copy, name);
    kernel_counts *k = &p->kernels[p->count++];
    *k = (kernel_counts){copy, 0, 0, 0};
    return k;
}

void cmrt_profile_run_started(cmrt_profile *p, cmrt_run *r)
{
    if (p)
        r->start_ns = cmrt_now_ns();
}

void cmrt_profile_run_ended(cmrt_profile *p, const cmrt_run *r)
{
    if (!p)
        return;
    uint64_t ns = cmrt_now_ns() - r->start_ns;
    kernel_counts *k = counts_for(p, r->desc->name);
    if (!k) {
        p->uncounted++;
        return;
    }
    k->runs++;
    k->ns += ns;
    k->points += r->total;
}

static void print_counts(const kernel_counts *k)
{
    double seconds = (double)k->ns / 1e9;
    double rate = seconds > 0 ? (double)k->points / seconds : 0.0;
    fprintf(stderr,
            "libcmrt: profile: %s: %llu runs, %.3f ms, %llu points, %.0f points/s\n",
            k->name, (unsigned long long)k->runs, (double)k->ns / 1e6,
            (unsigned long long)k->points, rate);
}

void cmrt_profile_finish(cmrt_profile *p)
{
    if (!p)
        return;
    for (uint32_t i = 0; i < p->count; i++) {
        print_counts(&p->kernels[i]);
        free(p->kernels[i].name);
    }
    if (p->uncounted)
        fprintf(stderr, "libcmrt: profile: %llu runs not counted (out of memory)\n",
                (unsigned long long)p->uncounted);
    free(p->kernels);
    free(p);
}
