/*
 * cmk/abi.h - the one seam between cmc-generated kernels and libcmrt.
 *
 * lang/ emits code against these declarations and runtime/ includes them;
 * neither includes the other. Everything here is plain C11 so that a
 * program built by one compiler can be loaded by a runtime built by another.
 *
 * A program (the shared object cmc builds) exports one symbol,
 * CMK_PROGRAM_SYMBOL, of type cmk_program_desc. Each kernel in it has a
 * descriptor and a batch entry:
 *
 *     void <kernel>__cmk_batch(cmk_batch *batch, <kernel parameters>);
 *
 * The runtime calls the batch entry through libffi once per worker and
 * enqueue, never once per thread-space point. The entry runs points until
 * the scheduler has none left for it:
 *
 *     cmk_thread t = CMK_THREAD_INIT(batch);
 *     while (cmk_next_point(batch, &t))
 *         <kernel body>(&t, <kernel parameters>);
 *
 * where cmk_next_point (cmk/kernel.h) walks on by itself while the batch
 * says the points ahead need nothing of the scheduler (run_ahead), and
 * asks ops->next otherwise.
 */
#ifndef CMK_ABI_H
#define CMK_ABI_H

#include <stdint.h>

#define CMK_ABI_VERSION 2u
#define CMK_PROGRAM_SYMBOL "cmk_program"

/* A 2D surface (or a 1D buffer: height 1) as a kernel sees it. */
typedef struct cmk_surface {
    uint8_t *data;      /* first byte of row 0 */
    int32_t width;      /* texels per row */
    int32_t height;     /* rows */
    int32_t pitch;      /* bytes from the start of one row to the next */
    int32_t texel_size; /* bytes per texel: 1, 2 or 4; edge replication unit */
} cmk_surface;

typedef struct cmk_batch cmk_batch;

#define CMK_NO_POINT UINT32_MAX

/* The state of one thread-space point while its kernel body runs. */
typedef struct cmk_thread {
    int32_t x, y;       /* get_thread_origin_x() / get_thread_origin_y() */
    uint32_t point;     /* linear index y * width + x, or CMK_NO_POINT */
    uint32_t signalled; /* nonzero once cm_signal() released dependents */
    cmk_batch *batch;
} cmk_thread;

#define CMK_THREAD_INIT(b) {0, 0, CMK_NO_POINT, 0, (b)}

/* What the scheduler offers a running batch; all calls come from the
 * worker thread that runs the batch. */
typedef struct cmk_batch_ops {
    /* Ends the point t holds (signalling its dependents if it has not
     * yet done so), then claims the next ready point into t. Returns 0
     * when the batch has no more points to run. */
    int (*next)(cmk_batch *b, cmk_thread *t);
    /* cm_wait(): returns once every dependency of t's point has signalled.
     * NULL when no point of the batch waits for anything. */
    void (*wait)(cmk_batch *b, cmk_thread *t);
    /* cm_signal(): releases the dependents of t's point now. NULL when no
     * point of the batch has dependents. */
    void (*signal)(cmk_batch *b, cmk_thread *t);
} cmk_batch_ops;

/* The runtime's batch objects start with this header. */
struct cmk_batch {
    const cmk_batch_ops *ops;
    /* Points after t's the kernel may take without ops->next, one after
     * another in raster order (x + 1, wrapping at `width` to the next row):
     * the rest of a chunk of a run whose points depend on nothing. The
     * scheduler sets it when next() hands out a chunk's first point. */
    uint32_t run_ahead;
    int32_t width;
};

/* How a kernel parameter is passed. */
typedef enum cmk_param_kind {
    CMK_PARAM_SURFACE = 1, /* SurfaceIndex: passed as const cmk_surface * */
    CMK_PARAM_SCALAR = 2,  /* passed by value as its C type */
    CMK_PARAM_VECTOR = 3   /* vector/matrix by value: passed as const void *
                              to `size` bytes of elements */
} cmk_param_kind;

/* Element types of scalar and vector parameters. */
typedef enum cmk_elem {
    CMK_ELEM_NONE = 0,
    CMK_ELEM_I8, CMK_ELEM_U8, CMK_ELEM_I16, CMK_ELEM_U16,
    CMK_ELEM_I32, CMK_ELEM_U32, CMK_ELEM_I64, CMK_ELEM_U64,
    CMK_ELEM_F32, CMK_ELEM_F64
} cmk_elem;

typedef struct cmk_param {
    const char *name;
    uint16_t kind;  /* cmk_param_kind */
    uint16_t elem;  /* cmk_elem; CMK_ELEM_NONE for surfaces */
    uint32_t size;  /* bytes SetKernelArg must be given */
} cmk_param;

typedef struct cmk_kernel_desc {
    const char *name;     /* the kernel's name in the source */
    void (*entry)(void);  /* the batch entry; call through libffi as
                             void (cmk_batch *, params...) */
    uint32_t nparams;
    const cmk_param *params;
} cmk_kernel_desc;

typedef struct cmk_program_desc {
    uint32_t abi_version; /* CMK_ABI_VERSION */
    uint32_t nkernels;
    const cmk_kernel_desc *kernels;
} cmk_program_desc;

#endif /* CMK_ABI_H */
