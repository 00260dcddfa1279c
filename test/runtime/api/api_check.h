/*
 * api_check.h - what libcmrt's API tests share: checks that print a FAIL
 * line with what was expected and what came, and keep going (one run shows
 * every mismatch); the test program (api_kernels.cpp built by cmc) loaded
 * from argv[1]; and runs of its kernels.
 *
 * Not assert(): the project builds release with NDEBUG.
 */
#ifndef TEST_RUNTIME_API_CHECK_H
#define TEST_RUNTIME_API_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cmrt.h"

static int api_failures;

#define EXPECT(cond, ...)                                                    \
    do {                                                                     \
        if (!(cond)) {                                                       \
            api_failures++;                                                  \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);             \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
        }                                                                    \
    } while (0)

/* The call returns exactly `want`. */
#define EXPECT_CODE(call, want) api_expect_code((call), (want), #call, __FILE__, __LINE__)
#define EXPECT_OK(call) EXPECT_CODE(call, CM_SUCCESS)
/* Setup that the rest of the test needs: a failure ends the test. */
#define REQUIRE_OK(call)                                                     \
    do {                                                                     \
        if (!EXPECT_OK(call))                                                \
            exit(EXIT_FAILURE);                                              \
    } while (0)

static inline int api_expect_code(int got, int want, const char *call,
                                  const char *file, int line)
{
    if (got == want)
        return 1;
    api_failures++;
    fprintf(stderr, "FAIL %s:%d: %s: expected %s (%d), got %s (%d)\n", file, line,
            call, cmrt_code_name(want), want, cmrt_code_name(got), got);
    return 0;
}

static inline int api_report(const char *what)
{
    if (api_failures) {
        fprintf(stderr, "%s: %d failures\n", what, api_failures);
        return EXIT_FAILURE;
    }
    printf("%s: ok\n", what);
    return EXIT_SUCCESS;
}

static inline uint64_t api_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- the test program ---------------------------------------------------- */

typedef struct api_bytes {
    unsigned char *data;
    size_t size;
} api_bytes;

/* The whole file, or the test ends. */
static inline api_bytes api_read_file(const char *path)
{
    api_bytes b = {NULL, 0};
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f) {
        fprintf(stderr, "FAIL cannot open the test program \"%s\"\n",
                path ? path : "(none: pass it as the first argument)");
        exit(EXIT_FAILURE);
    }
    size_t cap = 1 << 16;
    b.data = malloc(cap);
    size_t n;
    while (b.data && (n = fread(b.data + b.size, 1, cap - b.size, f)) > 0) {
        b.size += n;
        if (b.size == cap)
            b.data = realloc(b.data, cap *= 2);
    }
    fclose(f);
    if (!b.data) {
        fprintf(stderr, "FAIL out of memory reading \"%s\"\n", path);
        exit(EXIT_FAILURE);
    }
    return b;
}

/* A device with a queue, the test program and its kernels. */
typedef struct api_env {
    cmrt_device *dev;
    cmrt_queue *queue;
    cmrt_program *program;
    cmrt_kernel *origin, *add_scalar, *spin;
} api_env;

static inline void api_open(api_env *env, const char *isa_path, uint32_t workers)
{
    cmrt_device_options opt = {workers};
    api_bytes isa = api_read_file(isa_path);
    REQUIRE_OK(cmrt_device_create(&opt, &env->dev));
    REQUIRE_OK(cmrt_queue_create(env->dev, &env->queue));
    REQUIRE_OK(cmrt_program_load(env->dev, isa.data, isa.size, &env->program));
    free(isa.data);
    REQUIRE_OK(cmrt_kernel_create(env->program, "origin", &env->origin));
    REQUIRE_OK(cmrt_kernel_create(env->program, "add_scalar", &env->add_scalar));
    REQUIRE_OK(cmrt_kernel_create(env->program, "spin", &env->spin));
}

/* Runs kernel k alone over width x height and waits for it. */
static inline int api_run(api_env *env, cmrt_kernel *k, uint32_t width,
                          uint32_t height)
{
    cmrt_task *task = NULL;
    cmrt_thread_space *ts = NULL;
    cmrt_event *done = NULL;
    int rc = cmrt_task_create(env->dev, &task);
    if (rc == CM_SUCCESS)
        rc = cmrt_task_add_kernel(task, k);
    if (rc == CM_SUCCESS)
        rc = cmrt_thread_space_create(env->dev, width, height, &ts);
    if (rc == CM_SUCCESS)
        rc = cmrt_enqueue(env->queue, task, ts, &done);
    if (rc == CM_SUCCESS)
        rc = cmrt_event_wait(done, CM_MAX_TIMEOUT_MS);
    if (done)
        cmrt_event_destroy(done);
    if (ts)
        cmrt_thread_space_destroy(ts);
    if (task)
        cmrt_task_destroy(task);
    return rc;
}

/* Enqueues kernel k alone over width x height; returns at once. */
static inline int api_enqueue(api_env *env, cmrt_queue *q, cmrt_kernel *k,
                              uint32_t width, uint32_t height, cmrt_event **done)
{
    cmrt_task *task = NULL;
    cmrt_thread_space *ts = NULL;
    int rc = cmrt_task_create(env->dev, &task);
    if (rc == CM_SUCCESS)
        rc = cmrt_task_add_kernel(task, k);
    if (rc == CM_SUCCESS)
        rc = cmrt_thread_space_create(env->dev, width, height, &ts);
    if (rc == CM_SUCCESS)
        rc = cmrt_enqueue(q, task, ts, done);
    if (ts)
        cmrt_thread_space_destroy(ts);
    if (task)
        cmrt_task_destroy(task);
    return rc;
}

/* ---- work in flight -------------------------------------------------------- */

/* A surface for the spin kernel's output (one 1x1 run). */
static inline cmrt_surface *api_spin_surface(api_env *env)
{
    cmrt_surface *s = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 4, 1, CM_SURFACE_FORMAT_R32_UINT, &s));
    cmrt_surface_index *si = NULL;
    REQUIRE_OK(cmrt_surface_get_index(s, &si));
    REQUIRE_OK(cmrt_kernel_set_arg(env->spin, 0, sizeof *si, si));
    return s;
}

/* The best of three runs of the spin kernel with `iters` rounds: a run
 * the machine's load stretched is not taken for the kernel's speed. */
static inline uint64_t api_spin_ns(api_env *env, int iters)
{
    uint64_t best = UINT64_MAX;
    REQUIRE_OK(cmrt_kernel_set_arg(env->spin, 1, sizeof iters, &iters));
    for (int i = 0; i < 3; i++) {
        uint64_t t0 = api_now_ns();
        REQUIRE_OK(api_run(env, env->spin, 1, 1));
        uint64_t ns = api_now_ns() - t0;
        best = ns < best ? ns : best;
    }
    return best;
}

/* The spin kernel's rounds for about `ms` milliseconds of one worker,
 * measured here (the machine may be slow or busy): long enough that the
 * host's next few calls certainly happen while it runs. */
static inline int api_spin_iters(api_env *env, uint32_t ms)
{
    cmrt_surface *s = api_spin_surface(env);
    int iters = 1 << 14;
    uint64_t elapsed = api_spin_ns(env, iters);
    while (elapsed < 5000000u && iters < (1 << 28)) { /* 5 ms: enough to scale */
        iters *= 4;
        elapsed = api_spin_ns(env, iters);
    }
    cmrt_surface_destroy(s);
    double want = (double)iters * ms * 1e6 / (double)(elapsed ? elapsed : 1);
    return want > (double)(1 << 30) ? 1 << 30 : want < 1 ? 1 : (int)want;
}

/* Enqueues the spin kernel (1x1, `iters` rounds) on q: the queue is busy
 * for a while behind it. The event is the spin's. */
static inline void api_start_spin(api_env *env, cmrt_queue *q, int iters,
                                  cmrt_surface **out, cmrt_event **done)
{
    *out = api_spin_surface(env);
    REQUIRE_OK(cmrt_kernel_set_arg(env->spin, 1, sizeof iters, &iters));
    REQUIRE_OK(api_enqueue(env, q, env->spin, 1, 1, done));
}

#endif /* TEST_RUNTIME_API_CHECK_H */
