/*
 * cmrt.h - libcmrt's C API: the host side of C-for-Metal kernels on CPUs.
 *
 * The objects are those of the CM runtime (device, surfaces, programs,
 * kernels, thread spaces, tasks, queues, events) and every call returns a
 * CM return code (CM_SUCCESS = 0, negatives for errors; cmrt_codes.h).
 * cm_rt.h is the CM runtime's C++ API as a thin layer over these calls.
 *
 * Ownership: a device owns everything created from it, and
 * cmrt_device_destroy destroys whatever is still alive. Work in flight
 * keeps what it needs alive by itself: a task, thread space or kernel may
 * be destroyed, and a kernel's arguments changed, right after enqueue.
 *
 * Threads: all calls are thread-safe. Work runs on the device's pool of
 * worker pthreads; CMRT_WORKERS=<n> in the environment overrides the
 * default of one worker per online CPU.
 */
#ifndef CMRT_H
#define CMRT_H

#include <stddef.h>
#include <stdint.h>

#include "cmrt_codes.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cmrt_device cmrt_device;
typedef struct cmrt_surface cmrt_surface;       /* a 2D surface or a buffer */
typedef struct cmrt_program cmrt_program;
typedef struct cmrt_kernel cmrt_kernel;
typedef struct cmrt_thread_space cmrt_thread_space;
typedef struct cmrt_task cmrt_task;
typedef struct cmrt_queue cmrt_queue;
typedef struct cmrt_event cmrt_event;

/* What a kernel's SurfaceIndex argument holds; SetKernelArg takes a
 * pointer to one (4 bytes). Index 0 is never a surface. */
typedef struct cmrt_surface_index {
    uint32_t index;
} cmrt_surface_index;

/* ---- device ------------------------------------------------------------ */

typedef struct cmrt_device_options {
    uint32_t workers; /* worker threads; 0: $CMRT_WORKERS, else online CPUs */
} cmrt_device_options;

/* opt may be NULL for the defaults. */
int cmrt_device_create(const cmrt_device_options *opt, cmrt_device **out);
/* Waits for work in flight, then frees the device and all it owns. */
int cmrt_device_destroy(cmrt_device *dev);
uint32_t cmrt_device_workers(const cmrt_device *dev);

/* ---- surfaces ---------------------------------------------------------- */

/* 2D surfaces: width in texels, rows of width * texel size bytes. */
int cmrt_surface2d_create(cmrt_device *dev, uint32_t width, uint32_t height,
                          CM_SURFACE_FORMAT format, cmrt_surface **out);
/* Buffers: `size` bytes, seen by kernels as a 1-row surface of bytes. */
int cmrt_buffer_create(cmrt_device *dev, uint32_t size, cmrt_surface **out);
int cmrt_surface_destroy(cmrt_surface *s);

/* Copies between host memory and the surface. `wait_for` (may be NULL) is
 * an event to wait on first, as ReadSurface(data, event) does. `size` is
 * what the host buffer holds: less than the surface is CM_INVALID_ARG_SIZE.
 * The strided forms give the host buffer's row pitch in bytes. */
int cmrt_surface_write(cmrt_surface *s, const void *src, uint64_t size,
                       cmrt_event *wait_for);
int cmrt_surface_read(cmrt_surface *s, void *dst, uint64_t size,
                      cmrt_event *wait_for);
int cmrt_surface_write_strided(cmrt_surface *s, const void *src, uint32_t pitch,
                               uint64_t size, cmrt_event *wait_for);
int cmrt_surface_read_strided(cmrt_surface *s, void *dst, uint32_t pitch,
                              uint64_t size, cmrt_event *wait_for);
/* Sets every byte (buffers: InitSurface). */
int cmrt_surface_fill(cmrt_surface *s, uint8_t value, cmrt_event *wait_for);

/* The surface's index, valid until the surface is destroyed. */
int cmrt_surface_get_index(cmrt_surface *s, cmrt_surface_index **out);

typedef struct cmrt_surface_desc {
    uint32_t width, height; /* texels, rows (a buffer: size bytes, 1 row) */
    uint32_t pitch;         /* bytes from one row to the next */
    uint32_t texel_size;    /* 1, 2 or 4 */
    CM_SURFACE_FORMAT format;
} cmrt_surface_desc;
int cmrt_surface_get_desc(const cmrt_surface *s, cmrt_surface_desc *out);

/* ---- programs and kernels ---------------------------------------------- */

/* `bytes` is a program as cmc writes it (the loadable file of `cmc -o
 * k.isa`); the runtime keeps its own copy. Anything else is
 * CM_INVALID_COMMON_ISA. */
int cmrt_program_load(cmrt_device *dev, const void *bytes, size_t size,
                      cmrt_program **out);
int cmrt_program_destroy(cmrt_program *p);

/* A name the program has no kernel of is CM_FAILURE, as in CM's runtime. */
int cmrt_kernel_create(cmrt_program *p, const char *name, cmrt_kernel **out);
int cmrt_kernel_destroy(cmrt_kernel *k);
/* Argument `index` of the kernel: `size` must be the parameter's size
 * (a SurfaceIndex is 4 bytes: a cmrt_surface_index). */
int cmrt_kernel_set_arg(cmrt_kernel *k, uint32_t index, size_t size,
                        const void *value);
/* Threads to run when enqueued without a thread space (a count x 1 space,
 * so 1 to 2^24 of them; else CM_INVALID_ARG_VALUE). */
int cmrt_kernel_set_thread_count(cmrt_kernel *k, uint32_t count);
/* The thread space a kernel runs on when the enqueue names none. */
int cmrt_kernel_associate_thread_space(cmrt_kernel *k, cmrt_thread_space *ts);
uint32_t cmrt_kernel_arg_count(const cmrt_kernel *k);

/* ---- thread spaces ----------------------------------------------------- */

int cmrt_thread_space_create(cmrt_device *dev, uint32_t width, uint32_t height,
                             cmrt_thread_space **out);
int cmrt_thread_space_destroy(cmrt_thread_space *ts);
/* Unknown patterns are CM_INVALID_ARG_VALUE. */
int cmrt_thread_space_select_dependency(cmrt_thread_space *ts,
                                        CM_DEPENDENCY_PATTERN pattern);
/* A custom pattern: point (x, y) waits for (x + dx[i], y + dy[i]); at most
 * CM_MAX_DEPENDENCY_COUNT vectors, none (0, 0). */
int cmrt_thread_space_set_dependency(cmrt_thread_space *ts, uint32_t count,
                                     const int32_t *dx, const int32_t *dy);
/* The order points are handed out in; results never depend on it. */
int cmrt_thread_space_select_walking(cmrt_thread_space *ts,
                                     CM_WALKING_PATTERN pattern);

/* ---- tasks, queues, events --------------------------------------------- */

int cmrt_task_create(cmrt_device *dev, cmrt_task **out);
int cmrt_task_destroy(cmrt_task *t);
int cmrt_task_add_kernel(cmrt_task *t, cmrt_kernel *k);
int cmrt_task_reset(cmrt_task *t);

int cmrt_queue_create(cmrt_device *dev, cmrt_queue **out);

/* Runs the task's kernels in order over `ts` (NULL: each kernel's own
 * thread space or thread count) and returns at once. Tasks on one queue
 * run in enqueue order. The arguments, thread space and kernels are
 * captured now. `event` may be NULL when the caller wants none; otherwise
 * it receives an event the caller destroys. */
int cmrt_enqueue(cmrt_queue *q, cmrt_task *t, const cmrt_thread_space *ts,
                 cmrt_event **event);

/* Waits up to timeout_ms (CM_MAX_TIMEOUT_MS: for ever); CM_EXCEED_MAX_TIMEOUT
 * if the task has not finished by then. */
int cmrt_event_wait(cmrt_event *e, uint32_t timeout_ms);
int cmrt_event_get_status(cmrt_event *e, CM_STATUS *out);
/* Nanoseconds from the task's start to its end; CM_FAILURE before the end. */
int cmrt_event_get_execution_time(cmrt_event *e, uint64_t *ns);
int cmrt_event_destroy(cmrt_event *e);

/* "CM_INVALID_ARG_VALUE" for -10, ...; "CM_UNKNOWN_CODE" otherwise. */
const char *cmrt_code_name(int code);

#ifdef __cplusplus
}
#endif

#endif /* CMRT_H */
