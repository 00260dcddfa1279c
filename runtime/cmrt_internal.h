/*
 * cmrt_internal.h - libcmrt's objects and the calls between its files.
 *
 * The pipeline of one enqueue, file by file:
 *   queue.c    validates the task and turns each kernel into a run;
 *   run.c      snapshots a kernel's arguments, resolves its surfaces and
 *              prepares the libffi call (call.c);
 *   pool.c     the device's worker threads take runs in order, each calling
 *              the kernel's batch entry once (call.c);
 *   sched.c    inside the entry, next/wait/signal hand out thread-space
 *              points (in the order order.c built from deps.c's vectors,
 *              or by tiles: tiles.c; fence.c orders signals and sleeps);
 *   event.c    reports the end.
 *
 * Locks, outer to inner: dev->lock (the object registry, the surface
 * table, every object's settings) then pool.lock (the run queue, run and
 * event states, surfaces' in-flight counts). Nothing that takes dev->lock
 * runs while pool.lock is held.
 */
#ifndef CMRT_INTERNAL_H
#define CMRT_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <ffi.h>

#include "cmk/abi.h"
#include "cmrt.h"

/* ---- objects: a reference count and the device's registry (object.c) ---- */

typedef enum cmrt_kind {
    CMRT_KIND_SURFACE,
    CMRT_KIND_PROGRAM,
    CMRT_KIND_KERNEL,
    CMRT_KIND_THREAD_SPACE,
    CMRT_KIND_TASK,
    CMRT_KIND_QUEUE,
    CMRT_KIND_EVENT
} cmrt_kind;

/* The first member of every object the API hands out. The caller's handle
 * is one reference; work in flight and other objects hold more. The last
 * release unregisters and frees the object. cmrt_device_destroy frees what
 * is left whatever the counts (teardown: objects then free only their own
 * memory, since what they point to is being freed too). */
typedef struct cmrt_object {
    struct cmrt_object *prev, *next; /* dev->registry, under dev->lock */
    cmrt_device *dev;
    atomic_uint refs;
    cmrt_kind kind;
} cmrt_object;

void cmrt_object_init(cmrt_object *o, cmrt_device *dev, cmrt_kind kind);
void cmrt_object_retain(cmrt_object *o);
void cmrt_object_release(cmrt_object *o);
/* Device teardown: frees every registered object. */
void cmrt_object_free_all(cmrt_device *dev);

/* Each kind's destructor; `teardown` as above. */
void cmrt_surface_free(cmrt_surface *s, bool teardown);
void cmrt_program_free(cmrt_program *p, bool teardown);
void cmrt_kernel_free(cmrt_kernel *k, bool teardown);
void cmrt_thread_space_free(cmrt_thread_space *ts, bool teardown);
void cmrt_task_free(cmrt_task *t, bool teardown);
void cmrt_queue_free(cmrt_queue *q, bool teardown);
void cmrt_event_free(cmrt_event *e, bool teardown);

#define CMRT_RETAIN(p) cmrt_object_retain(&(p)->obj)
#define CMRT_RELEASE(p) cmrt_object_release(&(p)->obj)

/* ---- dependencies and dispatch order (deps.c, order.c) ------------------ */

/* A thread space's dependency setting. */
typedef struct cmrt_deps {
    CM_DEPENDENCY_PATTERN pattern; /* the named pattern, or NONE if custom */
    bool custom;                   /* set by cmrt_thread_space_set_dependency */
    uint32_t count;
    int32_t dx[CM_MAX_DEPENDENCY_COUNT];
    int32_t dy[CM_MAX_DEPENDENCY_COUNT];
} cmrt_deps;

/* The vectors CM's runtime gives a named pattern; CM_INVALID_ARG_VALUE for
 * an unknown one. */
int cmrt_deps_select(CM_DEPENDENCY_PATTERN pattern, cmrt_deps *out);
/* Checks and copies custom vectors. */
int cmrt_deps_custom(uint32_t count, const int32_t *dx, const int32_t *dy,
                     cmrt_deps *out);

/* How the points of a space with dependencies are handed out: `order` is
 * the dispatch order (position -> point), and a point waits only for the
 * dependencies that come before it in that order, as a GPU's scoreboard
 * only waits for threads dispatched before. Immutable once built and
 * shared by the thread space and the runs that use it. */
typedef struct cmrt_plan {
    atomic_uint refs;
    uint32_t width, height;
    cmrt_deps deps;
    bool all_before; /* every in-space dependency is before its point */
    bool raster_ok;  /* every vector points to an earlier raster position */
    uint32_t *order; /* width * height points in dispatch order; NULL when
                        one worker walks raster order */
    uint32_t *pos;   /* point -> position; NULL when all_before */
} cmrt_plan;

/* Builds the plan of `deps` over width x height for a device of nworkers.
 * A custom pattern whose dependencies form a cycle inside the space is
 * CM_INVALID_ARG_VALUE. One worker walks raster order when every vector
 * points back in it (raster_ok), and its plan then has no order. */
int cmrt_plan_build(const cmrt_deps *deps, uint32_t width, uint32_t height,
                    uint32_t nworkers, cmrt_plan **out);
void cmrt_plan_retain(cmrt_plan *p);
void cmrt_plan_release(cmrt_plan *p);

/* ---- device ------------------------------------------------------------- */

typedef struct cmrt_run cmrt_run;
typedef struct cmrt_exec cmrt_exec;
typedef struct cmrt_worker cmrt_worker;

/* The worker threads and the work they take, in order (pool.c). */
typedef struct cmrt_pool {
    pthread_mutex_t lock;
    pthread_cond_t work; /* a run was published, or stop */
    pthread_cond_t done; /* a task finished or a run released its surfaces */
    cmrt_worker *workers;
    uint32_t nworkers;
    uint32_t nstarted;
    cmrt_exec *head, *tail; /* task executions; head is the one running */
    cmrt_run *current;      /* the run workers join; NULL when idle */
    uint64_t next_seq;
    bool stopping;
    struct cmrt_profile *profile; /* CMRT_PROFILE=1: per-kernel counts; or NULL */
} cmrt_pool;

struct cmrt_device {
    pthread_mutex_t lock;
    cmrt_object registry; /* sentinel of the list of live objects */
    cmrt_surface **surfaces; /* by index; slot 0 never used */
    uint32_t nsurfaces;      /* slots in use, including 0 */
    uint32_t surfaces_cap;
    uint32_t workers;
    cmrt_pool pool;
};

/* ---- surfaces (surface.c) ----------------------------------------------- */

struct cmrt_surface {
    cmrt_object obj;
    cmrt_surface_index index; /* 0 once destroyed by the caller */
    cmrt_surface_desc desc;
    uint8_t *data;            /* desc.pitch * desc.height bytes, 64-aligned */
    uint32_t busy;            /* runs in flight using it; pool.lock */
};

/* The live surface with `index`, retained; NULL if none. Takes dev->lock. */
cmrt_surface *cmrt_surface_lookup_locked(cmrt_device *dev, uint32_t index);
/* The kernel's view of a surface. */
void cmrt_surface_view(const cmrt_surface *s, cmk_surface *out);

/* ---- programs and kernels (program.c, kernel.c) ------------------------- */

struct cmrt_program {
    cmrt_object obj;
    void *handle;                  /* dlopen */
    int fd;                        /* the memfd the object was loaded from */
    const cmk_program_desc *desc;
};

struct cmrt_kernel {
    cmrt_object obj;
    cmrt_program *program; /* retained */
    const cmk_kernel_desc *desc;
    uint8_t *args;         /* each parameter's bytes, at offsets[i] */
    uint32_t *offsets;
    bool *is_set;
    uint32_t thread_count;        /* 0: not set */
    cmrt_thread_space *space;     /* associated, retained; or NULL */
};

/* ---- thread spaces, tasks, queues, events ------------------------------- */

/* The widest and tallest thread space; a kernel's thread count makes a
 * count x 1 space, so it has the same limit. */
#define CMRT_MAX_SPACE_SIDE (1u << 24)

struct cmrt_thread_space {
    cmrt_object obj;
    uint32_t width, height;
    cmrt_deps deps;
    CM_WALKING_PATTERN walking;
    cmrt_plan *plan; /* built at the first enqueue after a change */
};

/* The plan of ts's current dependencies, retained; NULL (and CM_SUCCESS)
 * when it has none. Called with dev->lock held. */
int cmrt_thread_space_plan_locked(cmrt_thread_space *ts, cmrt_plan **out);

struct cmrt_task {
    cmrt_object obj;
    cmrt_kernel **kernels; /* retained */
    uint32_t nkernels, cap;
};

struct cmrt_queue {
    cmrt_object obj;
};

struct cmrt_event {
    cmrt_object obj;
    CM_STATUS status;          /* pool.lock */
    uint64_t start_ns, end_ns; /* CLOCK_MONOTONIC */
};

int cmrt_event_new(cmrt_device *dev, cmrt_event **out);
uint64_t cmrt_now_ns(void);

/* ---- runs: one kernel over one thread space (run.c, call.c) ------------- */

/* Everything a kernel's execution needs, captured at enqueue so that the
 * caller may change or destroy the kernel, its arguments, the task and the
 * thread space right away. */
struct cmrt_run {
    cmrt_run *next_in_exec;
    uint64_t seq;             /* pool numbering, so a worker joins once */
    cmrt_program *program;    /* retained: keeps the code mapped */
    const cmk_kernel_desc *desc;

    /* The call: ffi_call(&cif, entry, NULL, values) with values[0] the
     * address of the worker's batch pointer. */
    ffi_cif cif;
    ffi_type **types;        /* 1 + nparams */
    void **values;           /* 1 + nparams; [0] filled per worker */
    uint8_t *arg_bytes;      /* copies of the arguments, as the kernel's */
    uint32_t *offsets;       /* parameter i's bytes: arg_bytes + offsets[i] */
    cmk_surface *views;      /* one per surface argument */
    const void **pointers;   /* the pointer each surface/vector param gets */
    cmrt_surface **surfaces; /* retained; nsurfaces */
    uint32_t nsurfaces;
    bool surfaces_busy;      /* counted in their busy; pool.lock */
    cmrt_pool *pool;

    /* The points. */
    uint32_t width, height;
    uint64_t total;
    uint32_t chunk;          /* points claimed at once, without a plan */
    cmrt_plan *plan;         /* NULL: no dependencies */
    bool solo;               /* one worker: the order alone meets the plan */
    atomic_uchar *signalled; /* per point, with a plan and several workers:
                                by rows, or by columns with strips */
    uint64_t flag_stride;    /* flags a row (a column); rows of 32 or more
                                points start on a cache line of their own */
    /* By tiles (tiles.c): strips of columns (tile i is columns [i * width /
     * tiles, (i + 1) * width / tiles)), or rows (tile i is row i). */
    bool strips;
    uint32_t tiles;
    /* Only a point this close to its tile's left edge can depend on a
     * point outside the tile; only one this close to its right edge (rows:
     * every point, if any vector points up) can be one's dependency. Others
     * neither wait nor set their flag. */
    uint32_t reach;

    /* Progress. The cursor has a cache line of its own: every claim hits it.
     * It counts positions, or tiles when a plan is walked by tiles. */
    _Alignas(64) atomic_uint_fast64_t cursor;
    _Alignas(64) atomic_uint_fast64_t done_points; /* tiles.c: ended points */
    _Alignas(64) atomic_uint sleepers; /* workers asleep in wait() */
    atomic_uint lingerers;             /* tiles.c: idle workers asleep */
    pthread_mutex_t sleep_lock;
    pthread_cond_t wake;               /* on the monotonic clock */
    uint32_t users;                    /* workers inside; pool.lock */
    uint64_t start_ns;                 /* published; with a profile only */
};

/* Snapshots kernel k over a width x height space with `plan` (may be NULL;
 * retained by the run). Takes dev->lock's protection from the caller. */
int cmrt_run_new_locked(cmrt_kernel *k, uint32_t width, uint32_t height,
                        cmrt_plan *plan, uint32_t nworkers, cmrt_run **out);
void cmrt_run_free(cmrt_run *r);
/* The run no longer uses its surfaces (it ended); under pool.lock. */
void cmrt_run_release_surfaces_locked(cmrt_run *r);

/* call.c: the libffi side. */
int cmrt_call_prepare(cmrt_run *r);
void cmrt_call_batch(cmrt_run *r, cmk_batch *batch);

/* ---- executions: a task's runs in order, and its event (pool.c) --------- */

struct cmrt_exec {
    cmrt_exec *next;
    cmrt_run *runs; /* linked by next_in_exec; the head is running */
    cmrt_event *event; /* retained, or NULL */
};

int cmrt_pool_start(cmrt_pool *pool, uint32_t nworkers);
/* Waits for every queued execution, then joins the workers. */
void cmrt_pool_stop(cmrt_pool *pool);
/* Queues an execution (taking it over) and returns at once. */
void cmrt_pool_submit(cmrt_pool *pool, cmrt_exec *e);
/* Blocks until `done` broadcasts; called with pool.lock held. deadline_ns
 * 0 waits for ever. Returns false on timeout. */
bool cmrt_pool_wait_done_locked(cmrt_pool *pool, uint64_t deadline_ns);

/* ---- the scheduler seen from a worker (sched.c) ------------------------- */

/* A worker's share of a tile when several workers walk a plan by tiles
 * (tiles.c): the steps [next, limit) of its raster walk. The owner
 * advances next; a thief lowers limit, under steal_lock. */
typedef struct cmrt_segment {
    pthread_mutex_t steal_lock;
    atomic_uint_fast64_t seq;    /* the run it belongs to (cmrt_run.seq) */
    atomic_uint tile;
    atomic_uint next;            /* the owner has taken the steps before it */
    atomic_uint limit;           /* the steps from it on are not the owner's */
    atomic_uint signalled_early; /* step + 1 of a point running after cm_signal(); 0 */
} cmrt_segment;

/* A worker's batch: what the kernel's entry gets as cmk_batch *. */
typedef struct cmrt_batch {
    cmk_batch base;       /* ops */
    cmrt_run *run;
    uint64_t cur, end;    /* claimed dispatch positions [cur, end) */
    int32_t x, y;         /* coordinates of cur, for runs without plan; by
                             tiles, the next point of the segment */
    uint32_t worker;      /* its index in the pool */
    /* By tiles (tiles.c): the segment's tile, columns [left, right) from
     * row top; its next step (at x, y) and the end of its steps. */
    bool in_segment;
    uint32_t left, right, top, step, end_step;
    bool early;           /* the point running signalled in cm_signal() */
    uint64_t ended;       /* points ended, not yet added to done_points */
    cmrt_segment seg;
} cmrt_batch;

/* Readies b to run r's points. */
void cmrt_batch_begin(cmrt_batch *b, cmrt_run *r);

/* sched.c, for tiles.c: cm_wait() of a run with a plan and several
 * workers, and a point's signal. */
void cmrt_wait_dependencies(cmk_batch *base, cmk_thread *t);
void cmrt_signal_point(cmrt_run *r, const cmk_thread *t);

/* tiles.c: the batch operations of a plan walked by tiles, and the run's
 * tiles (at enqueue; sets strips and tiles). */
extern const cmk_batch_ops cmrt_tiles_ops;
void cmrt_tiles_plan(cmrt_run *r, uint32_t nworkers);
/* A point's flag in r->signalled. */
static inline atomic_uchar *cmrt_flag(const cmrt_run *r, uint64_t x, uint64_t y)
{
    return &r->signalled[r->strips ? x * r->flag_stride + y : y * r->flag_stride + x];
}

/* 64-byte aligned (pool.c allocates them so): a batch is written at every
 * point, and must not share a cache line with another worker's. */
struct cmrt_worker {
    _Alignas(64) cmrt_pool *pool;
    pthread_t thread;
    uint64_t last_seq; /* the last run this worker joined */
    cmrt_batch batch;
};

/* ---- CMRT_PROFILE=1: runs, time and points per kernel (profile.c) ------- */

typedef struct cmrt_profile cmrt_profile;

/* A device's profile when $CMRT_PROFILE asks for one, else NULL. */
cmrt_profile *cmrt_profile_create(void);
/* Pool hooks, per run (never per point), under pool.lock: the run was
 * published; the run ended. Both do nothing when `p` is NULL. */
void cmrt_profile_run_started(cmrt_profile *p, cmrt_run *r);
void cmrt_profile_run_ended(cmrt_profile *p, const cmrt_run *r);
/* Prints one line per kernel on stderr and frees the profile (NULL: nothing). */
void cmrt_profile_finish(cmrt_profile *p);

/* ---- the scheduler's asymmetric fence pair (fence.c) -------------------- */

/* True once membarrier is registered: the light side is then a compiler
 * barrier only. Set by cmrt_fence_init before any worker starts. */
extern bool cmrt_fence_asymmetric;

/* Registers the process for the heavy side; once per process. */
void cmrt_fence_init(void);
/* Between a signal's store and its load of the sleepers: every point. */
static inline void cmrt_fence_light(void)
{
    if (cmrt_fence_asymmetric)
        atomic_signal_fence(memory_order_seq_cst);
    else
        atomic_thread_fence(memory_order_seq_cst);
}
/* Between a sleeper's store and its loads: before sleeping, rare. */
void cmrt_fence_heavy(void);

/* ---- helpers ------------------------------------------------------------ */

/* Worker count: opt, else $CMRT_WORKERS, else online CPUs (device.c). */
uint32_t cmrt_default_workers(void);

/* In a spin loop: tells the CPU a thread is waiting, so the other
 * hyperthread (or the hypervisor) gets the core meanwhile. */
static inline void cmrt_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif /* CMRT_INTERNAL_H */
