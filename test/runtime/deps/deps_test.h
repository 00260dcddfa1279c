/*
 * deps_test.h - what the dependency tests share: checks that report and
 * keep going, loading a program from its file, running one kernel over a
 * thread space with a deadline (a hang is a failure, not a stuck test), and
 * the test's own statement of CM's dependency patterns.
 *
 * Not assert(): the project builds release with NDEBUG.
 */
#ifndef TEST_RUNTIME_DEPS_TEST_H
#define TEST_RUNTIME_DEPS_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmrt.h"

static int test_failures;

#define EXPECT(cond, ...)                                                    \
    do {                                                                     \
        if (!(cond)) {                                                       \
            test_failures++;                                                 \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);             \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
        }                                                                    \
    } while (0)

#define EXPECT_CODE(call, want) expect_code((call), (want), #call, __FILE__, __LINE__)
#define REQUIRE_OK(call)                                                     \
    do {                                                                     \
        if (!EXPECT_CODE(call, CM_SUCCESS))                                  \
            exit(EXIT_FAILURE);                                              \
    } while (0)

static inline bool expect_code(int got, int want, const char *call, const char *file,
                               int line)
{
    if (got == want)
        return true;
    test_failures++;
    fprintf(stderr, "FAIL %s:%d: %s: expected %s (%d), got %s (%d)\n", file, line, call,
            cmrt_code_name(want), want, cmrt_code_name(got), got);
    return false;
}

static inline int test_report(const char *what)
{
    if (test_failures) {
        fprintf(stderr, "%s: %d failures\n", what, test_failures);
        return EXIT_FAILURE;
    }
    printf("%s: ok\n", what);
    return EXIT_SUCCESS;
}

/* How long a run may take before the test calls it a hang. */
#define RUN_TIMEOUT_MS 20000u

/* Built with a sanitizer: fewer repetitions, no RSS bounds. */
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#ifndef UNDER_SANITIZER
#define UNDER_SANITIZER 0
#endif

/* ---- programs, devices, runs -------------------------------------------- */

/* The program in file `path`, loaded into dev; the test ends if it cannot. */
static inline cmrt_program *load_program(cmrt_device *dev, const char *path)
{
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f) {
        fprintf(stderr, "cannot open program %s\n", path ? path : "(none)");
        exit(EXIT_FAILURE);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc(size > 0 ? (size_t)size : 1);
    if (!bytes || fread(bytes, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read program %s\n", path);
        exit(EXIT_FAILURE);
    }
    fclose(f);
    cmrt_program *p = NULL;
    REQUIRE_OK(cmrt_program_load(dev, bytes, (size_t)size, &p));
    free(bytes);
    return p;
}

static inline cmrt_device *device_with_workers(uint32_t workers)
{
    cmrt_device_options opt = {workers};
    cmrt_device *dev = NULL;
    REQUIRE_OK(cmrt_device_create(&opt, &dev));
    EXPECT(cmrt_device_workers(dev) == workers, "device has %u workers, asked %u",
           cmrt_device_workers(dev), workers);
    return dev;
}

/* Runs the task of kernel k once over ts and waits for it, up to
 * RUN_TIMEOUT_MS. Returns the enqueue's code; a run that does not end in
 * time is a failure reported here, and the test stops (its workers are
 * stuck, so nothing after it could be trusted). */
static inline int run_kernel(cmrt_device *dev, cmrt_kernel *k, cmrt_thread_space *ts,
                             const char *what)
{
    cmrt_queue *q = NULL;
    cmrt_task *task = NULL;
    cmrt_event *e = NULL;
    REQUIRE_OK(cmrt_queue_create(dev, &q));
    REQUIRE_OK(cmrt_task_create(dev, &task));
    REQUIRE_OK(cmrt_task_add_kernel(task, k));
    int rc = cmrt_enqueue(q, task, ts, &e);
    if (rc == CM_SUCCESS) {
        int w = cmrt_event_wait(e, RUN_TIMEOUT_MS);
        if (w != CM_SUCCESS) {
            fprintf(stderr, "FAIL %s: the run did not end within %u ms (%s): deadlock?\n",
                    what, RUN_TIMEOUT_MS, cmrt_code_name(w));
            fflush(stderr);
            _Exit(EXIT_FAILURE);
        }
        cmrt_event_destroy(e);
    }
    cmrt_task_destroy(task);
    return rc;
}

/* ---- CM's dependency patterns, as the test states them ------------------- */

/* The vectors of CM's named patterns: point (x, y) depends on
 * (x + dx, y + dy). Written from intel/media-driver's
 * cm_thread_space_rt.cpp (Wavefront*Pattern, HorizontalPattern,
 * VerticalPattern) and cm_hal.cpp's scoreboard deltas, not from libcmrt. */
typedef struct cm_pattern {
    const char *name;
    CM_DEPENDENCY_PATTERN pattern; /* CM_NONE_DEPENDENCY for custom ones */
    uint32_t count;
    int32_t dx[8], dy[8];
} cm_pattern;

static const cm_pattern cm_named_patterns[] = {
    {"CM_NONE_DEPENDENCY", CM_NONE_DEPENDENCY, 0, {0}, {0}},
    {"CM_WAVEFRONT", CM_WAVEFRONT, 3, {-1, -1, 0}, {0, -1, -1}},
    {"CM_WAVEFRONT26", CM_WAVEFRONT26, 4, {-1, -1, 0, 1}, {0, -1, -1, -1}},
    {"CM_WAVEFRONT26Z", CM_WAVEFRONT26Z, 5, {-1, -1, -1, 0, 1}, {1, 0, -1, -1, -1}},
    {"CM_WAVEFRONT26ZI", CM_WAVEFRONT26ZI, 7, {-1, -2, -1, -1, 0, 1, 1},
     {1, 0, 0, -1, -1, -1, 0}},
    {"CM_WAVEFRONT26ZIG", CM_WAVEFRONT26ZIG, 5, {-1, -1, -1, 0, 1}, {1, 0, -1, -1, -1}},
    {"CM_WAVEFRONT26X", CM_WAVEFRONT26X, 7, {-1, -1, -1, 0, 0, 0, 1},
     {3, 1, -1, -1, -2, -3, -3}},
    /* The front is a vertical line moving right: wait for the left one. */
    {"CM_VERTICAL_WAVE", CM_VERTICAL_WAVE, 1, {-1}, {0}},
    /* The front is a horizontal line moving down: wait for the one above. */
    {"CM_HORIZONTAL_WAVE", CM_HORIZONTAL_WAVE, 1, {0}, {-1}},
};
#define CM_NAMED_PATTERNS (sizeof cm_named_patterns / sizeof cm_named_patterns[0])

static inline bool in_space(int64_t x, int64_t y, uint32_t w, uint32_t h)
{
    return x >= 0 && y >= 0 && x < w && y < h;
}

#endif /* TEST_RUNTIME_DEPS_TEST_H */
