/*
 * patterns_are_honoured.c - every named dependency pattern and a few custom
 * ones, on spaces of several shapes, with 1, 2 and 7 workers: each point's
 * cm_wait() returns only after every point it depends on (on CM) has
 * signalled, every point runs exactly once, and nothing deadlocks.
 *
 * The probe kernel (deps_probe.c) ticks a global counter when its wait
 * returns and just before it signals, with a little jitter so that workers
 * interleave. With one worker the order points start in is the dispatch
 * order, and the test checks that a point waits for exactly the vectors
 * CM's dispatch makes it wait for (cm_dispatch.h) - no fewer (a race on
 * CM's contract), no more (a stall CM does not have). With 7 workers one
 * interior point holds its signal back for a while: its dependents must
 * still be waiting when it lets go.
 *
 * argv[1]: the probe program.
 */
#include "cm_dispatch.h"
#include "deps_probe.h"
#include "deps_test.h"

static const cm_pattern custom_patterns[] = {
    /* right to left */
    {"custom {(1,0)}", CM_NONE_DEPENDENCY, 1, {1}, {0}},
    /* bottom to top, and leaning */
    {"custom {(0,1),(1,1)}", CM_NONE_DEPENDENCY, 2, {0, 1}, {1, 1}},
    {"custom {(-1,1),(2,-1)}", CM_NONE_DEPENDENCY, 2, {-1, 2}, {1, -1}},
    {"custom {(0,-1),(-1,0),(-2,-3),(3,-1)}", CM_NONE_DEPENDENCY, 4, {0, -1, -2, 3},
     {-1, 0, -3, -1}},
    {"custom, 8 vectors", CM_NONE_DEPENDENCY, 8, {-1, -2, 0, 1, -1, 2, -3, 4},
     {0, 0, -1, -1, -1, -2, -1, -1}},
};
#define CUSTOM_PATTERNS (sizeof custom_patterns / sizeof custom_patterns[0])

static const uint32_t sizes[][2] = {
    {1, 1}, {1, 13}, {13, 1}, {2, 2}, {7, 5}, {17, 11}, {33, 19}, {40, 24},
};
#define SIZES (sizeof sizes / sizeof sizes[0])

static const uint32_t worker_counts[] = {1, 2, 7};
#define WORKER_COUNTS (sizeof worker_counts / sizeof worker_counts[0])

typedef struct setup {
    cmrt_device *dev;
    cmrt_kernel *kernel;
    uint32_t workers;
} setup;

static void state_init(probe_state *s, uint32_t w, uint32_t h)
{
    uint32_t n = w * h;
    memset(s, 0, sizeof *s);
    s->width = w;
    s->height = h;
    s->hold_point = UINT32_MAX;
    s->order = calloc(n, sizeof *s->order);
    s->runs = calloc(n, sizeof *s->runs);
    s->wait_seq = calloc(n, sizeof *s->wait_seq);
    s->signal_seq = calloc(n, sizeof *s->signal_seq);
    if (!s->order || !s->runs || !s->wait_seq || !s->signal_seq)
        exit(EXIT_FAILURE);
}

static void state_free(probe_state *s)
{
    free(s->order);
    free(s->runs);
    free(s->wait_seq);
    free(s->signal_seq);
}

/* Every point ran once at its own coordinates. */
static void check_runs(const probe_state *s, const char *what)
{
    uint32_t n = s->width * s->height, wrong = 0;
    for (uint32_t p = 0; p < n; p++)
        wrong += s->runs[p] != 1;
    EXPECT(wrong == 0, "%s: %u points did not run exactly once", what, wrong);
    EXPECT(s->started == n, "%s: %u of %u points started", what, s->started, n);
    EXPECT(s->bad_origin == 0, "%s: %u points with wrong coordinates", what, s->bad_origin);
    EXPECT(s->unsignalled == 0, "%s: cm_signal() left %u points unsignalled", what,
           s->unsignalled);
}

/* Every dependency CM makes signalled before the dependent's wait returned. */
static void check_waits(const probe_state *s, const cm_pattern *pat, const cm_dispatch *d,
                        const char *what)
{
    uint32_t late = 0;
    for (uint32_t y = 0; y < s->height; y++)
        for (uint32_t x = 0; x < s->width; x++)
            for (uint32_t i = 0; i < pat->count; i++) {
                if (!cm_waits_for(d, x, y, pat->dx[i], pat->dy[i]))
                    continue;
                uint32_t p = y * s->width + x;
                uint32_t q = (y + pat->dy[i]) * s->width + (x + pat->dx[i]);
                if (s->signal_seq[q] < s->wait_seq[p])
                    continue;
                if (late++ < 5)
                    fprintf(stderr, "  %s: (%u,%u) passed its wait at %llu, before (%d,%d) "
                            "signalled at %llu\n", what, x, y,
                            (unsigned long long)s->wait_seq[p], (int)x + pat->dx[i],
                            (int)y + pat->dy[i], (unsigned long long)s->signal_seq[q]);
            }
    EXPECT(late == 0, "%s: %u dependencies not honoured", what, late);
}

/* One worker: the start order is the dispatch order. A vector is waited
 * for exactly when CM waits for it. */
static void check_dispatch(const probe_state *s, const cm_pattern *pat,
                           const cm_dispatch *d, const char *what)
{
    uint32_t n = s->width * s->height, wrong = 0;
    uint32_t *pos = malloc(n * sizeof *pos);
    if (!pos)
        exit(EXIT_FAILURE);
    for (uint32_t i = 0; i < n; i++)
        pos[s->order[i] < n ? s->order[i] : 0] = i;
    for (uint32_t y = 0; y < s->height; y++)
        for (uint32_t x = 0; x < s->width; x++)
            for (uint32_t i = 0; i < pat->count; i++) {
                int64_t nx = (int64_t)x + pat->dx[i], ny = (int64_t)y + pat->dy[i];
                if (!in_space(nx, ny, s->width, s->height))
                    continue;
                bool before = pos[ny * s->width + nx] < pos[y * s->width + x];
                bool cm = cm_waits_for(d, x, y, pat->dx[i], pat->dy[i]);
                if (before == cm)
                    continue;
                if (wrong++ < 5)
                    fprintf(stderr, "  %s: (%u,%u) and its vector (%d,%d): dispatched %s it, "
                            "CM %s for it\n", what, x, y, pat->dx[i], pat->dy[i],
                            before ? "before" : "after", cm ? "waits" : "does not wait");
            }
    EXPECT(wrong == 0, "%s: %u vectors ordered unlike CM", what, wrong);
    free(pos);
}

static void set_pattern(cmrt_thread_space *ts, const cm_pattern *pat, bool custom)
{
    if (custom)
        REQUIRE_OK(cmrt_thread_space_set_dependency(ts, pat->count, pat->dx, pat->dy));
    else
        REQUIRE_OK(cmrt_thread_space_select_dependency(ts, pat->pattern));
}

static void run_case(const setup *su, const cm_pattern *pat, bool custom, uint32_t w,
                     uint32_t h, uint32_t flags, bool hold)
{
    char what[160];
    snprintf(what, sizeof what, "%s %ux%u, %u workers%s%s", pat->name, w, h, su->workers,
             flags & PROBE_SIGNAL ? ", cm_signal()" : ", signal at end",
             hold ? ", held point" : "");
    probe_state s;
    state_init(&s, w, h);
    s.flags = flags;
    s.jitter = 64;
    if (hold) {
        s.hold_point = (h / 2) * w + w / 2;
        s.hold_ns = UNDER_SANITIZER ? 40000000u : 15000000u;
    }
    uint64_t addr = (uint64_t)(uintptr_t)&s;
    REQUIRE_OK(cmrt_kernel_set_arg(su->kernel, 0, sizeof addr, &addr));
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(su->dev, w, h, &ts));
    set_pattern(ts, pat, custom);
    if (EXPECT_CODE(run_kernel(su->dev, su->kernel, ts, what), CM_SUCCESS)) {
        cm_dispatch d = cm_dispatch_of(pat->pattern, custom, w, h);
        check_runs(&s, what);
        check_waits(&s, pat, &d, what);
        if (su->workers == 1)
            check_dispatch(&s, pat, &d, what);
        cm_dispatch_free(&d);
    }
    cmrt_thread_space_destroy(ts);
    state_free(&s);
}

static void run_pattern(const setup *su, const cm_pattern *pat, bool custom)
{
    for (uint32_t i = 0; i < SIZES; i++) {
        uint32_t flags = (i % 2) ? PROBE_SIGNAL : 0;
        run_case(su, pat, custom, sizes[i][0], sizes[i][1], flags, false);
    }
    if (su->workers == 7) {
        run_case(su, pat, custom, 33, 19, 0, true);
        run_case(su, pat, custom, 33, 19, PROBE_SIGNAL, true);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s deps_probe.so\n", argv[0]);
        return EXIT_FAILURE;
    }
    for (uint32_t wi = 0; wi < WORKER_COUNTS; wi++) {
        setup su = {device_with_workers(worker_counts[wi]), NULL, worker_counts[wi]};
        cmrt_program *prog = load_program(su.dev, argv[1]);
        REQUIRE_OK(cmrt_kernel_create(prog, "probe_record", &su.kernel));
        for (uint32_t i = 0; i < CM_NAMED_PATTERNS; i++)
            run_pattern(&su, &cm_named_patterns[i], false);
        for (uint32_t i = 0; i < CUSTOM_PATTERNS; i++)
            run_pattern(&su, &custom_patterns[i], true);
        REQUIRE_OK(cmrt_device_destroy(su.dev));
    }
    return test_report("patterns_are_honoured");
}
