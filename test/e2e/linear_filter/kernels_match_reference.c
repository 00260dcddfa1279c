/*
 * kernels_match_reference.c - the four linear filter kernels, built by cmc
 * and run by libcmrt, give exactly linear_ref()'s bytes: on pseudo-random
 * pictures of sizes that are and are not multiples of the 8x6-pixel
 * thread block, through A8R8G8B8 surfaces (width * 3 / 4 texels, edges
 * replicated per 4 bytes) and A8 surfaces (width * 3 texels), and with 1, 2
 * and 7 worker threads (results never depend on the number of workers).
 *
 * usage: kernels_match_reference linear_genx.isa
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cm_check.h"
#include "cmrt.h"
#include "linear_ref.h"
#include "sample_files.h"

static const char *const kernel_names[] = {"linear", "linear1d2", "linearslide",
                                           "linearslide2"};
#define KERNELS 4

/* The first is 1: the others' outputs are compared with its. */
static const uint32_t worker_counts[] = {1, 2, 7};
#define DEVICES 3

/* Pictures in pixels: whole blocks, partial blocks, one pixel, wide. */
static const struct {
    int width, height;
} sizes[] = {{8, 6},   {16, 12}, {100, 50}, {44, 37}, {1, 1},
             {5, 3},   {4, 1},   {36, 7},   {3, 13},  {1920, 1080}};

typedef struct surface_layout {
    CM_SURFACE_FORMAT format;
    int texel_size; /* bytes */
    const char *name;
} surface_layout;

static const surface_layout layouts[] = {
    {CM_SURFACE_FORMAT_A8R8G8B8, 4, "A8R8G8B8"},
    {CM_SURFACE_FORMAT_A8, 1, "A8"},
};

/* One device per worker count, with the program's kernels. */
typedef struct test_device {
    uint32_t workers;
    cmrt_device *device;
    cmrt_queue *queue;
    cmrt_kernel *kernels[KERNELS];
} test_device;

/* A picture's bytes as the kernels see them. */
typedef struct test_picture {
    int width, height; /* pixels */
    const surface_layout *layout;
    unsigned char *input, *expected, *output; /* width * 3 * height bytes */
    unsigned char *first[KERNELS]; /* each kernel's output with 1 worker */
} test_picture;

static int checks_passed, checks_failed;

/* ---- setting up ------------------------------------------------------- */

static void open_device(test_device *d, uint32_t workers, const file_bytes *isa)
{
    cmrt_device_options opt = {workers};
    cmrt_program *program = NULL;
    d->workers = workers;
    cm_result_check(cmrt_device_create(&opt, &d->device));
    if (cmrt_device_workers(d->device) != workers) {
        fprintf(stderr, "device asked for %u workers has %u\n", workers,
                cmrt_device_workers(d->device));
        exit(EXIT_FAILURE);
    }
    cm_result_check(cmrt_program_load(d->device, isa->data, isa->size, &program));
    cm_result_check(cmrt_queue_create(d->device, &d->queue));
    for (int k = 0; k < KERNELS; k++)
        cm_result_check(cmrt_kernel_create(program, kernel_names[k], &d->kernels[k]));
}

/* xorshift32: the same pictures on every run. */
static void fill_random(unsigned char *bytes, size_t n, uint32_t seed)
{
    uint32_t x = seed ? seed : 1;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        bytes[i] = (unsigned char)(x >> 24);
    }
}

static size_t picture_size(const test_picture *p)
{
    return (size_t)p->width * 3 * (size_t)p->height;
}

static unsigned char *alloc_bytes(size_t n)
{
    unsigned char *bytes = malloc(n);
    if (!bytes) {
        fprintf(stderr, "out of memory for %zu bytes\n", n);
        exit(EXIT_FAILURE);
    }
    return bytes;
}

static void make_picture(test_picture *p, int width, int height,
                         const surface_layout *layout)
{
    p->width = width;
    p->height = height;
    p->layout = layout;
    size_t n = picture_size(p);
    p->input = alloc_bytes(n);
    p->expected = alloc_bytes(n);
    p->output = alloc_bytes(n);
    for (int k = 0; k < KERNELS; k++)
        p->first[k] = alloc_bytes(n);
    fill_random(p->input, n, (uint32_t)(width * 7919 + height));
    linear_ref(p->input, p->expected, width * 3, height, layout->texel_size);
}

static void free_picture(test_picture *p)
{
    free(p->input);
    free(p->expected);
    free(p->output);
    for (int k = 0; k < KERNELS; k++)
        free(p->first[k]);
}

/* ---- running ---------------------------------------------------------- */

/* Runs kernel k over the picture's thread space; the result lands in
 * p->output. */
static void run_kernel(test_device *d, int k, test_picture *p,
                       cmrt_surface *in, cmrt_surface *out)
{
    cmrt_surface_index *in_index = NULL, *out_index = NULL;
    cmrt_thread_space *space = NULL;
    cmrt_task *task = NULL;
    cmrt_event *done = NULL;
    cm_result_check(cmrt_surface_get_index(in, &in_index));
    cm_result_check(cmrt_surface_get_index(out, &out_index));
    cm_result_check(cmrt_kernel_set_arg(d->kernels[k], 0, sizeof *in_index, in_index));
    cm_result_check(cmrt_kernel_set_arg(d->kernels[k], 1, sizeof *out_index, out_index));
    /* Stale output from the kernel before must not pass for this one's. */
    cm_result_check(cmrt_surface_fill(out, 0, NULL));
    cm_result_check(cmrt_thread_space_create(d->device, (uint32_t)(p->width + 7) / 8,
                                             (uint32_t)(p->height + 5) / 6, &space));
    cm_result_check(cmrt_task_create(d->device, &task));
    cm_result_check(cmrt_task_add_kernel(task, d->kernels[k]));
    cm_result_check(cmrt_enqueue(d->queue, task, space, &done));
    cm_result_check(cmrt_task_destroy(task));
    cm_result_check(cmrt_thread_space_destroy(space));
    cm_result_check(cmrt_surface_read(out, p->output, picture_size(p), done));
    cm_result_check(cmrt_event_destroy(done));
}

static void fail(const test_device *d, int k, const test_picture *p)
{
    printf("FAIL %s %dx%d %s, %u workers: ", kernel_names[k], p->width,
           p->height, p->layout->name, d->workers);
    checks_failed++;
}

/* The output with `workers` workers is the one with 1 worker. */
static void check_same_as_first(const test_device *d, int k, test_picture *p)
{
    size_t n = picture_size(p);
    if (d->workers == 1) {
        memcpy(p->first[k], p->output, n);
    } else if (memcmp(p->first[k], p->output, n) != 0) {
        fail(d, k, p);
        printf("the output differs from the one with 1 worker\n");
    } else {
        checks_passed++;
    }
}

/* Compares p->output with the reference, reporting the first difference. */
static void check_output(const test_device *d, int k, const test_picture *p)
{
    size_t n = picture_size(p), row_bytes = (size_t)p->width * 3;
    for (size_t i = 0; i < n; i++) {
        if (p->output[i] != p->expected[i]) {
            fail(d, k, p);
            printf("byte %zu of row %zu is %d, the reference says %d\n",
                   i % row_bytes, i / row_bytes, p->output[i], p->expected[i]);
            return;
        }
    }
    checks_passed++;
}

/* Every kernel on every device for one picture. */
static void test_picture_on(test_device *devices, test_picture *p)
{
    uint32_t texels = (uint32_t)(p->width * 3 / p->layout->texel_size);
    for (int i = 0; i < DEVICES; i++) {
        test_device *d = &devices[i];
        cmrt_surface *in = NULL, *out = NULL;
        cm_result_check(cmrt_surface2d_create(d->device, texels, (uint32_t)p->height,
                                              p->layout->format, &in));
        cm_result_check(cmrt_surface2d_create(d->device, texels, (uint32_t)p->height,
                                              p->layout->format, &out));
        cm_result_check(cmrt_surface_write(in, p->input, picture_size(p), NULL));
        for (int k = 0; k < KERNELS; k++) {
            run_kernel(d, k, p, in, out);
            check_output(d, k, p);
            check_same_as_first(d, k, p);
        }
        cm_result_check(cmrt_surface_destroy(in));
        cm_result_check(cmrt_surface_destroy(out));
    }
}

static void test_size(test_device *devices, int width, int height)
{
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
        /* A8R8G8B8 holds whole rows only when width * 3 is whole texels. */
        if (layouts[l].texel_size == 4 && width % 4 != 0)
            continue;
        test_picture p;
        make_picture(&p, width, height, &layouts[l]);
        test_picture_on(devices, &p);
        free_picture(&p);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s linear_genx.isa\n", argv[0]);
        return EXIT_FAILURE;
    }
    file_bytes isa;
    sample_error err;
    if (file_bytes_load(argv[1], &isa, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return EXIT_FAILURE;
    }
    test_device devices[DEVICES];
    for (int i = 0; i < DEVICES; i++)
        open_device(&devices[i], worker_counts[i], &isa);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        test_size(devices, sizes[s].width, sizes[s].height);
    for (int i = 0; i < DEVICES; i++)
        cm_result_check(cmrt_device_destroy(devices[i].device));
    file_bytes_free(&isa);
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
