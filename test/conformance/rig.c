/*
 * rig.c - loading a conformance program and running its kernels on one
 * thread (rig.h).
 */
#include "rig.h"

#include <stdio.h>
#include <stdlib.h>

#include "cm_check.h"

void rig_open(rig *g, const char *isa_path, int row_bytes, int in_rows, int out_rows)
{
    sample_error err;
    *g = (rig){.row_bytes = row_bytes, .in_rows = in_rows, .out_rows = out_rows};
    if (file_bytes_load(isa_path, &g->isa, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        exit(EXIT_FAILURE);
    }
    cmrt_device_options opt = {1};
    cm_result_check(cmrt_device_create(&opt, &g->dev));
    cm_result_check(cmrt_queue_create(g->dev, &g->queue));
    cm_result_check(cmrt_program_load(g->dev, g->isa.data, g->isa.size, &g->program));
    cm_result_check(cmrt_surface2d_create(g->dev, (uint32_t)row_bytes, (uint32_t)in_rows,
                                          CM_SURFACE_FORMAT_A8, &g->in));
    cm_result_check(cmrt_surface2d_create(g->dev, (uint32_t)row_bytes, (uint32_t)out_rows,
                                          CM_SURFACE_FORMAT_A8, &g->out));
    cm_result_check(cmrt_surface_get_index(g->in, &g->iin));
    cm_result_check(cmrt_surface_get_index(g->out, &g->iout));
    cm_result_check(cmrt_thread_space_create(g->dev, 1, 1, &g->space));
}

void rig_close(rig *g)
{
    cm_result_check(cmrt_thread_space_destroy(g->space));
    cm_result_check(cmrt_surface_destroy(g->in));
    cm_result_check(cmrt_surface_destroy(g->out));
    cm_result_check(cmrt_device_destroy(g->dev));
    file_bytes_free(&g->isa);
}

void rig_run(rig *g, cmrt_kernel *k, const void *in, uint8_t fill, void *out,
             const void *extra, size_t extra_size)
{
    cmrt_task *task = NULL;
    cmrt_event *done = NULL;
    size_t in_size = (size_t)g->row_bytes * (size_t)g->in_rows;
    size_t out_size = (size_t)g->row_bytes * (size_t)g->out_rows;
    cm_result_check(cmrt_surface_write(g->in, in, in_size, NULL));
    cm_result_check(cmrt_surface_fill(g->out, fill, NULL));
    cm_result_check(cmrt_kernel_set_arg(k, 0, sizeof *g->iin, g->iin));
    cm_result_check(cmrt_kernel_set_arg(k, 1, sizeof *g->iout, g->iout));
    if (extra)
        cm_result_check(cmrt_kernel_set_arg(k, 2, extra_size, extra));
    cm_result_check(cmrt_task_create(g->dev, &task));
    cm_result_check(cmrt_task_add_kernel(task, k));
    cm_result_check(cmrt_enqueue(g->queue, task, g->space, &done));
    cm_result_check(cmrt_surface_read(g->out, out, out_size, done));
    cm_result_check(cmrt_event_destroy(done));
    cm_result_check(cmrt_task_destroy(task));
}

void rig_run_named(rig *g, const char *kernel, const void *in, uint8_t fill, void *out)
{
    cmrt_kernel *k = NULL;
    cm_result_check(cmrt_kernel_create(g->program, kernel, &k));
    rig_run(g, k, in, fill, out, NULL, 0);
    cm_result_check(cmrt_kernel_destroy(k));
}

uint32_t rig_random(void)
{
    static uint32_t state = 2463534242u;
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

void rig_small_ints(int32_t in[2][RIG_INTS])
{
    for (int i = 0; i < 2 * RIG_INTS; i++)
        in[i / RIG_INTS][i % RIG_INTS] = (int32_t)(rig_random() % 25) - 12;
}

int rig_check_ints(rig *g, const char *kernel, rig_ints_reference ref, rig_ints_inputs make,
                   int rounds)
{
    for (int round = 0; round < rounds; round++) {
        int32_t in[2][RIG_INTS], got[RIG_INTS], want[RIG_INTS];
        make(in);
        ref(in[0], in[1], want);
        rig_run_named(g, kernel, in, 0, got);
        for (int i = 0; i < RIG_INTS; i++)
            if (got[i] != want[i]) {
                printf("FAIL %s: element %d is %d, the reference says %d (a %d, b %d)\n",
                       kernel, i, got[i], want[i], in[0][i], in[1][i]);
                return 1;
            }
    }
    return 0;
}

int rig_ints_tag;

int rig_ints_main(int argc, char **argv, const char *suite, const rig_ints_case *cases,
                  size_t ncases, rig_ints_inputs make, int rounds)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s <%s.isa>\n", argv[0], suite);
        return 2;
    }
    rig g;
    rig_open(&g, argv[1], RIG_INTS * 4, 2, 1);
    int failed = 0;
    for (size_t c = 0; c < ncases; c++) {
        rig_ints_tag = cases[c].tag;
        failed += rig_check_ints(&g, cases[c].kernel, cases[c].ref, make, rounds);
    }
    rig_close(&g);
    printf("%s: %zu kernels pass, %d fail\n", suite, ncases - (size_t)failed, failed);
    return failed != 0;
}
