/*
 * calc_int_image_matches_reference.c - CalcIntImage, built by cmc from the
 * tutorial's kernel and run by libcmrt over a thread space with
 * CM_WAVEFRONT or CM_WAVEFRONT26 (both wait for the left, upper and
 * upper-left blocks), gives exactly integral_ref()'s sums: on pseudo-random
 * and on all-255 pictures (the largest sums) of sizes that are and are not
 * multiples of the 16x16 block, with 1, 2 and 7 worker threads.
 *
 * usage: calc_int_image_matches_reference integral_genx.isa
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_check.h"
#include "cmrt.h"
#include "integral_ref.h"
#include "sample_files.h"

static const uint32_t worker_counts[] = {1, 2, 7};
#define DEVICES 3

static const CM_DEPENDENCY_PATTERN patterns[] = {CM_WAVEFRONT, CM_WAVEFRONT26};

static const struct {
    int width, height;
} sizes[] = {{16, 16}, {1, 1},   {15, 17}, {17, 15},  {33, 5},
             {5, 700}, {700, 3}, {64, 48}, {250, 130}, {1920, 1088}};

typedef struct test_device {
    uint32_t workers;
    cmrt_device *device;
    cmrt_queue *queue;
    cmrt_kernel *kernel;
} test_device;

static int checks_passed, checks_failed;

static void open_device(test_device *d, uint32_t workers, const file_bytes *isa)
{
    cmrt_device_options opt = {workers};
    cmrt_program *program = NULL;
    d->workers = workers;
    cm_result_check(cmrt_device_create(&opt, &d->device));
    cm_result_check(cmrt_program_load(d->device, isa->data, isa->size, &program));
    cm_result_check(cmrt_queue_create(d->device, &d->queue));
    cm_result_check(cmrt_kernel_create(program, "CalcIntImage", &d->kernel));
}

static void *alloc_or_exit(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory for %zu bytes\n", n);
        exit(EXIT_FAILURE);
    }
    return p;
}

/* xorshift32 bytes, or all 255 with seed 0. */
static void fill_pixels(unsigned char *bytes, size_t n, uint32_t seed)
{
    uint32_t x = seed;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        bytes[i] = seed ? (unsigned char)(x >> 24) : 255;
    }
}

/* CalcIntImage over `pixels` (width x height) into `sums`. */
static void run_kernel(test_device *d, CM_DEPENDENCY_PATTERN pattern, int width,
                       int height, const unsigned char *pixels, uint32_t *sums)
{
    cmrt_surface *in = NULL, *out = NULL;
    cmrt_surface_index *in_index = NULL, *out_index = NULL;
    cm_result_check(cmrt_surface2d_create(d->device, (uint32_t)width, (uint32_t)height,
                                          CM_SURFACE_FORMAT_A8, &in));
    cm_result_check(cmrt_surface2d_create(d->device, (uint32_t)width, (uint32_t)height,
                                          CM_SURFACE_FORMAT_R32_UINT, &out));
    size_t n = (size_t)width * (size_t)height;
    cm_result_check(cmrt_surface_write(in, pixels, n, NULL));
    cm_result_check(cmrt_surface_get_index(in, &in_index));
    cm_result_check(cmrt_surface_get_index(out, &out_index));
    cm_result_check(cmrt_kernel_set_arg(d->kernel, 0, sizeof *in_index, in_index));
    cm_result_check(cmrt_kernel_set_arg(d->kernel, 1, sizeof *out_index, out_index));

    cmrt_thread_space *space = NULL;
    cm_result_check(cmrt_thread_space_create(d->device, (uint32_t)(width + 15) / 16,
                                             (uint32_t)(height + 15) / 16, &space));
    cm_result_check(cmrt_thread_space_select_dependency(space, pattern));
    cmrt_task *task = NULL;
    cm_result_check(cmrt_task_create(d->device, &task));
    cm_result_check(cmrt_task_add_kernel(task, d->kernel));
    cmrt_event *event = NULL;
    cm_result_check(cmrt_enqueue(d->queue, task, space, &event));
    /* A minute is far more than any of these takes: a hang fails. */
    cm_result_check(cmrt_event_wait(event, 60000));
    cm_result_check(cmrt_surface_read(out, sums, n * sizeof *sums, NULL));

    cm_result_check(cmrt_event_destroy(event));
    cm_result_check(cmrt_task_destroy(task));
    cm_result_check(cmrt_thread_space_destroy(space));
    cm_result_check(cmrt_surface_destroy(in));
    cm_result_check(cmrt_surface_destroy(out));
}

static void check_size(test_device *devices, int width, int height, uint32_t seed)
{
    size_t n = (size_t)width * (size_t)height;
    unsigned char *pixels = alloc_or_exit(n);
    uint32_t *want = alloc_or_exit(n * sizeof *want);
    uint32_t *got = alloc_or_exit(n * sizeof *got);
    fill_pixels(pixels, n, seed);
    integral_ref(pixels, width, height, want);
    for (int d = 0; d < DEVICES; d++)
        for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
            memset(got, 0xa5, n * sizeof *got);
            run_kernel(&devices[d], patterns[p], width, height, pixels, got);
            size_t i = 0;
            while (i < n && got[i] == want[i])
                i++;
            if (i == n) {
                checks_passed++;
                continue;
            }
            checks_failed++;
            printf("FAIL %dx%d %s, %s, %u workers: sum at (%zu, %zu) is %u, not %u\n",
                   width, height, seed ? "random" : "all 255",
                   patterns[p] == CM_WAVEFRONT ? "CM_WAVEFRONT" : "CM_WAVEFRONT26",
                   devices[d].workers, i % (size_t)width, i / (size_t)width, got[i],
                   want[i]);
        }
    free(pixels);
    free(want);
    free(got);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s integral_genx.isa\n", argv[0]);
        return EXIT_FAILURE;
    }
    file_bytes isa;
    sample_error err;
    if (file_bytes_load(argv[1], &isa, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return EXIT_FAILURE;
    }
    test_device devices[DEVICES];
    for (int d = 0; d < DEVICES; d++)
        open_device(&devices[d], worker_counts[d], &isa);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        check_size(devices, sizes[s].width, sizes[s].height,
                   (uint32_t)(sizes[s].width * 7919 + sizes[s].height));
        check_size(devices, sizes[s].width, sizes[s].height, 0);
    }
    for (int d = 0; d < DEVICES; d++)
        cm_result_check(cmrt_device_destroy(devices[d].device));
    file_bytes_free(&isa);
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
