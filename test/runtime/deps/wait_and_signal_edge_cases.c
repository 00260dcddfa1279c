/*
 * wait_and_signal_edge_cases.c - the corners of cm_wait() and cm_signal():
 *  - a point that never calls cm_signal() signals when it ends;
 *  - cm_wait() with nothing to wait for (no pattern, or every vector
 *    leaving the space) returns at once, also with a single worker;
 *  - cm_wait() twice, and cm_signal() twice, are harmless.
 *
 * argv[1]: the probe program.
 */
#include "deps_probe.h"
#include "deps_test.h"

/* A wait that has nothing to wait for takes far less than this. */
#define AT_ONCE_NS (UNDER_SANITIZER ? 1000000000u : 250000000u)

typedef struct recorded {
    probe_state s;
    uint32_t n;
} recorded;

static void run(cmrt_device *dev, cmrt_kernel *k, uint32_t w, uint32_t h,
                CM_DEPENDENCY_PATTERN pattern, uint32_t flags, recorded *r, const char *what)
{
    uint32_t n = w * h;
    memset(r, 0, sizeof *r);
    r->n = n;
    probe_state *s = &r->s;
    s->width = w;
    s->height = h;
    s->flags = flags;
    s->jitter = 32;
    s->hold_point = UINT32_MAX;
    s->order = calloc(n, sizeof *s->order);
    s->runs = calloc(n, sizeof *s->runs);
    s->wait_seq = calloc(n, sizeof *s->wait_seq);
    s->signal_seq = calloc(n, sizeof *s->signal_seq);
    if (!s->order || !s->runs || !s->wait_seq || !s->signal_seq)
        exit(EXIT_FAILURE);
    uint64_t addr = (uint64_t)(uintptr_t)s;
    REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof addr, &addr));
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(dev, w, h, &ts));
    REQUIRE_OK(cmrt_thread_space_select_dependency(ts, pattern));
    EXPECT_CODE(run_kernel(dev, k, ts, what), CM_SUCCESS);
    cmrt_thread_space_destroy(ts);

    uint32_t wrong = 0;
    for (uint32_t p = 0; p < n; p++)
        wrong += s->runs[p] != 1;
    EXPECT(wrong == 0 && s->bad_origin == 0, "%s: %u points did not run once", what, wrong);
    EXPECT(s->unsignalled == 0, "%s: t->signalled not set by cm_signal()", what);
}

static void release(recorded *r)
{
    free(r->s.order);
    free(r->s.runs);
    free(r->s.wait_seq);
    free(r->s.signal_seq);
}

/* CM_WAVEFRONT: (x, y) passed its wait after (x-1, y), (x-1, y-1) and
 * (x, y-1) signalled. */
static void check_wavefront(const recorded *r, const char *what)
{
    const probe_state *s = &r->s;
    static const int dx[3] = {-1, -1, 0}, dy[3] = {0, -1, -1};
    uint32_t late = 0;
    for (uint32_t y = 0; y < s->height; y++)
        for (uint32_t x = 0; x < s->width; x++)
            for (int i = 0; i < 3; i++) {
                int64_t nx = (int64_t)x + dx[i], ny = (int64_t)y + dy[i];
                if (!in_space(nx, ny, s->width, s->height))
                    continue;
                late += s->signal_seq[ny * s->width + nx] > s->wait_seq[y * s->width + x];
            }
    EXPECT(late == 0, "%s: %u dependencies passed before they signalled", what, late);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s deps_probe.so\n", argv[0]);
        return EXIT_FAILURE;
    }
    static const uint32_t worker_counts[] = {1, 2, 7};
    for (uint32_t i = 0; i < 3; i++) {
        uint32_t workers = worker_counts[i];
        cmrt_device *dev = device_with_workers(workers);
        cmrt_program *prog = load_program(dev, argv[1]);
        cmrt_kernel *k = NULL;
        REQUIRE_OK(cmrt_kernel_create(prog, "probe_record", &k));
        recorded r;

        /* The end signals: no cm_signal() anywhere. */
        run(dev, k, 23, 17, CM_WAVEFRONT, 0, &r, "end signals");
        check_wavefront(&r, "end signals");
        release(&r);

        /* Nothing to wait for. */
        run(dev, k, 19, 7, CM_NONE_DEPENDENCY, 0, &r, "no pattern");
        EXPECT(r.s.max_wait_ns < AT_ONCE_NS, "%u workers, no pattern: a cm_wait() took %llu ns",
               workers, (unsigned long long)r.s.max_wait_ns);
        release(&r);
        run(dev, k, 1, 40, CM_VERTICAL_WAVE, 0, &r, "vectors leave the space");
        EXPECT(r.s.max_wait_ns < AT_ONCE_NS,
               "%u workers, 1x40 vertical wave: a cm_wait() took %llu ns", workers,
               (unsigned long long)r.s.max_wait_ns);
        release(&r);
        run(dev, k, 40, 1, CM_HORIZONTAL_WAVE, 0, &r, "vectors leave the space");
        EXPECT(r.s.max_wait_ns < AT_ONCE_NS,
               "%u workers, 40x1 horizontal wave: a cm_wait() took %llu ns", workers,
               (unsigned long long)r.s.max_wait_ns);
        release(&r);

        /* Twice. */
        run(dev, k, 23, 17, CM_WAVEFRONT, PROBE_WAIT_TWICE, &r, "cm_wait() twice");
        check_wavefront(&r, "cm_wait() twice");
        release(&r);
        run(dev, k, 23, 17, CM_WAVEFRONT, PROBE_SIGNAL | PROBE_SIGNAL_TWICE | PROBE_WAIT_TWICE,
            &r, "cm_signal() twice");
        check_wavefront(&r, "cm_signal() twice");
        release(&r);
        REQUIRE_OK(cmrt_device_destroy(dev));
    }
    return test_report("wait_and_signal_edge_cases");
}
