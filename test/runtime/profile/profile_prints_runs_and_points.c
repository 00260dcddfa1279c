/*
 * profile_prints_runs_and_points.c - with CMRT_PROFILE=1, destroying a
 * device prints one stderr line per kernel that ran on it, in the order
 * they first ran, with its runs, time, points and points per second:
 *
 *     libcmrt: profile: mark: 3 runs, 0.052 ms, 105 points, 2019230 points/s
 *
 * Unset, empty or "0", it prints nothing. The device reads the variable
 * when it is created, so the test sets it in its own environment.
 *
 * usage: profile_prints_runs_and_points profile_genx.isa
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cm_check.h"
#include "cmrt.h"
#include "sample_files.h"

/* mark runs over a 7x5 space three times, idle over 4 threads twice. */
#define MARK_W 7
#define MARK_H 5
#define MARK_RUNS 3
#define IDLE_THREADS 4
#define IDLE_RUNS 2

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

/* ---- stderr into a string ----------------------------------------------- */

typedef struct capture {
    FILE *file;
    int saved_fd;
} capture;

static void capture_begin(capture *c)
{
    fflush(stderr);
    c->file = tmpfile();
    c->saved_fd = dup(STDERR_FILENO);
    if (!c->file || c->saved_fd < 0 || dup2(fileno(c->file), STDERR_FILENO) < 0) {
        perror("capturing stderr");
        exit(EXIT_FAILURE);
    }
}

/* What was written to stderr since capture_begin; the caller frees it. */
static char *capture_end(capture *c)
{
    fflush(stderr);
    dup2(c->saved_fd, STDERR_FILENO);
    close(c->saved_fd);
    long size = ftell(c->file);
    char *text = calloc(1, (size_t)(size > 0 ? size : 0) + 1);
    rewind(c->file);
    if (!text || (size > 0 && fread(text, 1, (size_t)size, c->file) != (size_t)size)) {
        perror("reading captured stderr");
        exit(EXIT_FAILURE);
    }
    fclose(c->file);
    return text;
}

/* ---- running the kernels ------------------------------------------------ */

static void run(cmrt_queue *q, cmrt_task *t, const cmrt_thread_space *ts)
{
    cmrt_event *e = NULL;
    cm_result_check(cmrt_enqueue(q, t, ts, &e));
    cm_result_check(cmrt_event_wait(e, CM_MAX_TIMEOUT_MS));
    cm_result_check(cmrt_event_destroy(e));
}

/* A task of the one kernel `name`, with `out` as its argument if it has one. */
static cmrt_task *task_of(cmrt_device *dev, cmrt_program *p, const char *name,
                          cmrt_surface_index *out)
{
    cmrt_kernel *k = NULL;
    cmrt_task *t = NULL;
    cm_result_check(cmrt_kernel_create(p, name, &k));
    if (out)
        cm_result_check(cmrt_kernel_set_arg(k, 0, sizeof *out, out));
    else
        cm_result_check(cmrt_kernel_set_thread_count(k, IDLE_THREADS));
    cm_result_check(cmrt_task_create(dev, &t));
    cm_result_check(cmrt_task_add_kernel(t, k));
    return t;
}

/* Creates a device, runs both kernels, checks mark's output, destroys the
 * device; returns what went to stderr meanwhile. */
static char *run_kernels(const file_bytes *isa)
{
    capture c;
    capture_begin(&c);
    cmrt_device *dev = NULL;
    cmrt_program *program = NULL;
    cmrt_queue *q = NULL;
    cmrt_surface *surface = NULL;
    cmrt_surface_index *out = NULL;
    cmrt_thread_space *ts = NULL;
    cmrt_device_options opt = {2};
    cm_result_check(cmrt_device_create(&opt, &dev));
    cm_result_check(cmrt_program_load(dev, isa->data, isa->size, &program));
    cm_result_check(cmrt_queue_create(dev, &q));
    cm_result_check(cmrt_surface2d_create(dev, MARK_W, MARK_H,
                                          CM_SURFACE_FORMAT_R32_UINT, &surface));
    cm_result_check(cmrt_surface_get_index(surface, &out));
    cm_result_check(cmrt_thread_space_create(dev, MARK_W, MARK_H, &ts));
    cmrt_task *mark = task_of(dev, program, "mark", out);
    cmrt_task *idle = task_of(dev, program, "idle", NULL);

    cm_result_check(cmrt_surface_fill(surface, 0, NULL));
    for (int i = 0; i < MARK_RUNS; i++)
        run(q, mark, ts);
    for (int i = 0; i < IDLE_RUNS; i++)
        run(q, idle, NULL);
    uint32_t marks[MARK_W * MARK_H];
    cm_result_check(cmrt_surface_read(surface, marks, sizeof marks, NULL));
    cm_result_check(cmrt_device_destroy(dev));
    char *text = capture_end(&c);
    for (int i = 0; i < MARK_W * MARK_H; i++)
        check(marks[i] == 1, "mark ran on every point");
    return text;
}

/* ---- the checks --------------------------------------------------------- */

/* Reads one profile line at *text for kernel `name` and checks its counts;
 * moves *text past it. */
static void check_line(const char **text, const char *name,
                       unsigned long long runs, unsigned long long points)
{
    char got_name[64] = "";
    unsigned long long got_runs = 0, got_points = 0;
    double ms = -1, rate = -1;
    int used = 0;
    int n = sscanf(*text, "libcmrt: profile: %63[^:]: %llu runs, %lf ms, %llu points, "
                          "%lf points/s\n%n",
                   got_name, &got_runs, &ms, &got_points, &rate, &used);
    if (n != 5 || used == 0) {
        fprintf(stderr, "FAIL: not a profile line for %s: \"%s\"\n", name, *text);
        failures++;
        return;
    }
    *text += used;
    check(strcmp(got_name, name) == 0, "the kernels' lines in the order they ran");
    check(got_runs == runs, "the line counts the kernel's runs");
    check(got_points == points, "the line counts the points of all runs");
    check(ms > 0, "the time is positive");
    /* points/s is the points over the time printed, to its rounding. */
    double expected = (double)points / (ms / 1e3);
    check(ms < 0.01 || (rate > expected * 0.9 && rate < expected * 1.1),
          "points/s is the points over the time");
}

static void check_prints_counts(const file_bytes *isa)
{
    setenv("CMRT_PROFILE", "1", 1);
    char *text = run_kernels(isa);
    const char *at = text;
    check_line(&at, "mark", MARK_RUNS, (unsigned long long)MARK_RUNS * MARK_W * MARK_H);
    check_line(&at, "idle", IDLE_RUNS, (unsigned long long)IDLE_RUNS * IDLE_THREADS);
    check(*at == '\0', "one line per kernel and nothing else");
    if (failures)
        fprintf(stderr, "stderr was:\n%s", text);
    free(text);
}

/* CMRT_PROFILE unset (value NULL), or set to `value`: nothing printed. */
static void check_silent(const file_bytes *isa, const char *value)
{
    if (value)
        setenv("CMRT_PROFILE", value, 1);
    else
        unsetenv("CMRT_PROFILE");
    char *text = run_kernels(isa);
    if (*text) {
        fprintf(stderr, "FAIL: CMRT_PROFILE=%s printed \"%s\"\n",
                value ? value : "(unset)", text);
        failures++;
    }
    free(text);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s profile_genx.isa\n", argv[0]);
        return EXIT_FAILURE;
    }
    sample_error err;
    file_bytes isa;
    if (file_bytes_load(argv[1], &isa, &err) != 0) {
        fprintf(stderr, "%s\n", err.text);
        return EXIT_FAILURE;
    }
    check_prints_counts(&isa);
    check_silent(&isa, NULL);
    check_silent(&isa, "");
    check_silent(&isa, "0");
    file_bytes_free(&isa);
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return EXIT_FAILURE;
    }
    printf("CMRT_PROFILE: all checks passed\n");
    return EXIT_SUCCESS;
}
