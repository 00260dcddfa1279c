/*
 * kernels.c - the runtime side of the benchmark, through cmrt.h only: a
 * device per worker count, programs as cmc built them, and a kernel run
 * timed as the host sees it (enqueue, then wait for the event's end).
 */
#include <stdlib.h>

#include "bench.h"
#include "cm_check.h"
#include "sample_files.h"

void bench_device_open(bench_device *d, uint32_t workers)
{
    cmrt_device_options opt = {workers};
    d->workers = workers;
    cm_result_check(cmrt_device_create(&opt, &d->device));
    bench_require(cmrt_device_workers(d->device) == workers,
                  "the device does not have the workers asked for");
    cm_result_check(cmrt_queue_create(d->device, &d->queue));
}

void bench_device_close(bench_device *d)
{
    cm_result_check(cmrt_device_destroy(d->device));
    d->device = NULL;
    d->queue = NULL;
}

cmrt_program *bench_load_program(bench_device *d, const char *path)
{
    sample_error err;
    file_bytes isa;
    if (file_bytes_load(path, &isa, &err) != 0)
        bench_require(0, err.text);
    cmrt_program *p = NULL;
    cm_result_check(cmrt_program_load(d->device, isa.data, isa.size, &p));
    file_bytes_free(&isa);
    return p;
}

static void set_surface_arg(cmrt_kernel *k, uint32_t index, cmrt_surface *s)
{
    cmrt_surface_index *si = NULL;
    cm_result_check(cmrt_surface_get_index(s, &si));
    cm_result_check(cmrt_kernel_set_arg(k, index, sizeof *si, si));
}

void bench_launch_init(bench_launch *l, bench_device *d, cmrt_program *p,
                       const char *kernel, uint32_t width, uint32_t height,
                       cmrt_surface *arg0, cmrt_surface *arg1)
{
    cmrt_kernel *k = NULL;
    cm_result_check(cmrt_kernel_create(p, kernel, &k));
    if (arg0)
        set_surface_arg(k, 0, arg0);
    if (arg1)
        set_surface_arg(k, 1, arg1);
    l->dev = d;
    cm_result_check(cmrt_task_create(d->device, &l->task));
    cm_result_check(cmrt_task_add_kernel(l->task, k));
    cm_result_check(cmrt_kernel_destroy(k)); /* the task holds it */
    cm_result_check(cmrt_thread_space_create(d->device, width, height, &l->space));
}

void bench_launch_run(void *launch)
{
    bench_launch *l = launch;
    cmrt_event *e = NULL;
    cm_result_check(cmrt_enqueue(l->dev->queue, l->task, l->space, &e));
    cm_result_check(cmrt_event_wait(e, CM_MAX_TIMEOUT_MS));
    cm_result_check(cmrt_event_destroy(e));
}

void bench_launch_free(bench_launch *l)
{
    cm_result_check(cmrt_task_destroy(l->task));
    cm_result_check(cmrt_thread_space_destroy(l->space));
}
