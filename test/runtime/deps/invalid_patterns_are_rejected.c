/*
 * invalid_patterns_are_rejected.c - what SelectThreadDependencyPattern,
 * SetThreadDependencyPattern and SelectMediaWalkingPattern accept:
 *  - every named pattern, and no other value (CM_INVALID_ARG_VALUE);
 *  - custom vectors: at most CM_MAX_DEPENDENCY_COUNT, none (0, 0), none
 *    absurdly far; no vectors at all is "no dependencies";
 *  - a custom pattern whose vectors form a cycle inside the space would
 *    hang a GPU: it is accepted when set (the check needs the plan), and
 *    the enqueue is CM_INVALID_ARG_VALUE, with no event and nothing run;
 *    the same vectors on a space too small to close the cycle run; and the
 *    thread space is usable again once given valid vectors;
 *  - walking patterns CM_WALK_DEFAULT..CM_WALK_WAVEFRONT26XD are accepted
 *    and change nothing in the results, others are
 *    CM_INVALID_MEDIA_WALKING_PATTERN; a walk and dependencies exclude each
 *    other (CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN).
 *
 * argv[1]: the probe program.
 */
#include "deps_probe.h"
#include "deps_test.h"

typedef struct probe {
    cmrt_device *dev;
    cmrt_kernel *k;
    cmrt_queue *q;
    probe_state s;
} probe;

static void probe_reset(probe *p, uint32_t w, uint32_t h)
{
    free(p->s.order);
    free(p->s.runs);
    free(p->s.wait_seq);
    free(p->s.signal_seq);
    memset(&p->s, 0, sizeof p->s);
    uint32_t n = w * h;
    p->s.width = w;
    p->s.height = h;
    p->s.hold_point = UINT32_MAX;
    p->s.order = calloc(n, sizeof *p->s.order);
    p->s.runs = calloc(n, sizeof *p->s.runs);
    p->s.wait_seq = calloc(n, sizeof *p->s.wait_seq);
    p->s.signal_seq = calloc(n, sizeof *p->s.signal_seq);
    if (!p->s.order || !p->s.runs || !p->s.wait_seq || !p->s.signal_seq)
        exit(EXIT_FAILURE);
    uint64_t addr = (uint64_t)(uintptr_t)&p->s;
    REQUIRE_OK(cmrt_kernel_set_arg(p->k, 0, sizeof addr, &addr));
}

static bool all_ran_once(const probe *p)
{
    uint32_t n = p->s.width * p->s.height;
    for (uint32_t i = 0; i < n; i++)
        if (p->s.runs[i] != 1)
            return false;
    return p->s.bad_origin == 0;
}

static void check_named_patterns(cmrt_thread_space *ts)
{
    for (uint32_t i = 0; i < CM_NAMED_PATTERNS; i++)
        EXPECT(cmrt_thread_space_select_dependency(ts, cm_named_patterns[i].pattern) ==
                   CM_SUCCESS, "%s not accepted", cm_named_patterns[i].name);
    EXPECT_CODE(cmrt_thread_space_select_dependency(ts, (CM_DEPENDENCY_PATTERN)9),
                CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_thread_space_select_dependency(ts, (CM_DEPENDENCY_PATTERN)100),
                CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_thread_space_select_dependency(ts, (CM_DEPENDENCY_PATTERN)-1),
                CM_INVALID_ARG_VALUE);
}

static void check_custom_vectors(cmrt_thread_space *ts)
{
    int32_t dx[9] = {-1, -1, 0, 1, -2, 0, -2, 2, -3};
    int32_t dy[9] = {0, -1, -1, -1, 0, -2, -1, -2, 0};
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 8, dx, dy), CM_SUCCESS);
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 9, dx, dy), CM_INVALID_ARG_VALUE);
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 0, NULL, NULL), CM_SUCCESS);
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, NULL, dy), CM_NULL_POINTER);
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, dx, NULL), CM_NULL_POINTER);
    int32_t zx[2] = {-1, 0}, zy[2] = {0, 0}; /* (0, 0): a point on itself */
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 2, zx, zy), CM_INVALID_ARG_VALUE);
    int32_t hx[1] = {-8}, hy[1] = {7}; /* the hardware's range ends */
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, hx, hy), CM_SUCCESS);
    int32_t fx[1] = {1 << 30}, fy[1] = {0};
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, fx, fy), CM_INVALID_ARG_VALUE);
    int32_t gx[1] = {0}, gy[1] = {INT32_MIN};
    EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, gx, gy), CM_INVALID_ARG_VALUE);
}

/* Runs the task over ts; returns the enqueue's code. On success every
 * point ran once; on failure no event came back and nothing ran. */
static int enqueue_probe(probe *p, cmrt_thread_space *ts, const char *what)
{
    cmrt_task *task = NULL;
    REQUIRE_OK(cmrt_task_create(p->dev, &task));
    REQUIRE_OK(cmrt_task_add_kernel(task, p->k));
    cmrt_event *e = NULL;
    int rc = cmrt_enqueue(p->q, task, ts, &e);
    if (rc == CM_SUCCESS) {
        if (EXPECT_CODE(cmrt_event_wait(e, RUN_TIMEOUT_MS), CM_SUCCESS))
            EXPECT(all_ran_once(p), "%s: not every point ran once", what);
        else
            _Exit(EXIT_FAILURE); /* stuck workers: nothing after this is sound */
        cmrt_event_destroy(e);
    } else {
        EXPECT(e == NULL, "%s: a failed enqueue returned an event", what);
        EXPECT(p->s.started == 0, "%s: a failed enqueue ran %u points", what, p->s.started);
    }
    cmrt_task_destroy(task);
    return rc;
}

/* Custom vectors on a w x h space: accepted when set, enqueue gives `want`. */
static void check_cycle(probe *p, uint32_t w, uint32_t h, uint32_t count, const int32_t *dx,
                        const int32_t *dy, int want, const char *what)
{
    char name[128];
    snprintf(name, sizeof name, "%s on %ux%u", what, w, h);
    probe_reset(p, w, h);
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(p->dev, w, h, &ts));
    EXPECT(cmrt_thread_space_set_dependency(ts, count, dx, dy) == CM_SUCCESS,
           "%s: vectors not accepted when set", name);
    int rc = enqueue_probe(p, ts, name);
    EXPECT(rc == want, "%s: enqueue gave %s, expected %s", name, cmrt_code_name(rc),
           cmrt_code_name(want));
    if (rc != CM_SUCCESS) {
        /* Still usable: valid vectors, and it runs. Twice, so a cached
         * failed plan would show. */
        EXPECT(enqueue_probe(p, ts, name) == rc, "%s: second enqueue differs", name);
        int32_t ox[1] = {-1}, oy[1] = {0};
        REQUIRE_OK(cmrt_thread_space_set_dependency(ts, 1, ox, oy));
        EXPECT(enqueue_probe(p, ts, name) == CM_SUCCESS,
               "%s: the space did not run once given valid vectors", name);
    }
    cmrt_thread_space_destroy(ts);
}

static void check_cycles(probe *p)
{
    static const int32_t lr_x[2] = {1, -1}, lr_y[2] = {0, 0};
    check_cycle(p, 5, 3, 2, lr_x, lr_y, CM_INVALID_ARG_VALUE, "{(1,0),(-1,0)}");
    check_cycle(p, 1, 5, 2, lr_x, lr_y, CM_SUCCESS, "{(1,0),(-1,0)}");
    static const int32_t three_x[2] = {2, -1}, three_y[2] = {0, 0};
    check_cycle(p, 2, 4, 2, three_x, three_y, CM_SUCCESS, "{(2,0),(-1,0)}");
    check_cycle(p, 3, 4, 2, three_x, three_y, CM_INVALID_ARG_VALUE, "{(2,0),(-1,0)}");
    static const int32_t diag_x[2] = {1, -1}, diag_y[2] = {-1, 1};
    check_cycle(p, 1, 6, 2, diag_x, diag_y, CM_SUCCESS, "{(1,-1),(-1,1)}");
    check_cycle(p, 4, 4, 2, diag_x, diag_y, CM_INVALID_ARG_VALUE, "{(1,-1),(-1,1)}");
    /* A longer cycle, (2,0) (-2,1) (1,1) (2,1) back to (2,0): it needs 3
     * columns and 2 rows. */
    static const int32_t tri_x[3] = {1, -2, 0}, tri_y[3] = {0, 1, -1};
    check_cycle(p, 3, 2, 3, tri_x, tri_y, CM_INVALID_ARG_VALUE, "{(1,0),(-2,1),(0,-1)}");
    check_cycle(p, 2, 2, 3, tri_x, tri_y, CM_SUCCESS, "{(1,0),(-2,1),(0,-1)}");
    check_cycle(p, 9, 1, 3, tri_x, tri_y, CM_SUCCESS, "{(1,0),(-2,1),(0,-1)}");
    check_cycle(p, 1, 1, 3, tri_x, tri_y, CM_SUCCESS, "{(1,0),(-2,1),(0,-1)}");
}

/* Every walk runs every point once, as without one; dependencies and
 * walks exclude each other. */
static void check_walking(probe *p)
{
    for (int walk = CM_WALK_DEFAULT; walk <= CM_WALK_WAVEFRONT26XD; walk++) {
        char name[64];
        snprintf(name, sizeof name, "walking pattern %d", walk);
        probe_reset(p, 13, 9);
        cmrt_thread_space *ts = NULL;
        REQUIRE_OK(cmrt_thread_space_create(p->dev, 13, 9, &ts));
        EXPECT(cmrt_thread_space_select_walking(ts, (CM_WALKING_PATTERN)walk) == CM_SUCCESS,
               "%s not accepted", name);
        EXPECT(enqueue_probe(p, ts, name) == CM_SUCCESS, "%s: enqueue failed", name);
        if (walk != CM_WALK_DEFAULT) {
            EXPECT_CODE(cmrt_thread_space_select_dependency(ts, CM_WAVEFRONT),
                        CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN);
            int32_t dx[1] = {-1}, dy[1] = {0};
            EXPECT_CODE(cmrt_thread_space_set_dependency(ts, 1, dx, dy),
                        CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN);
            /* No dependencies is no conflict. */
            EXPECT_CODE(cmrt_thread_space_select_dependency(ts, CM_NONE_DEPENDENCY),
                        CM_SUCCESS);
        }
        cmrt_thread_space_destroy(ts);
    }
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(p->dev, 4, 4, &ts));
    EXPECT_CODE(cmrt_thread_space_select_walking(ts, (CM_WALKING_PATTERN)12),
                CM_INVALID_MEDIA_WALKING_PATTERN);
    EXPECT_CODE(cmrt_thread_space_select_walking(ts, (CM_WALKING_PATTERN)1000),
                CM_INVALID_MEDIA_WALKING_PATTERN);
    EXPECT_CODE(cmrt_thread_space_select_walking(ts, (CM_WALKING_PATTERN)-1),
                CM_INVALID_MEDIA_WALKING_PATTERN);
    REQUIRE_OK(cmrt_thread_space_select_dependency(ts, CM_WAVEFRONT26));
    EXPECT_CODE(cmrt_thread_space_select_walking(ts, CM_WALK_WAVEFRONT),
                CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN);
    EXPECT_CODE(cmrt_thread_space_select_walking(ts, CM_WALK_DEFAULT), CM_SUCCESS);
    cmrt_thread_space_destroy(ts);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s deps_probe.so\n", argv[0]);
        return EXIT_FAILURE;
    }
    probe p;
    memset(&p, 0, sizeof p);
    p.dev = device_with_workers(2);
    cmrt_program *prog = load_program(p.dev, argv[1]);
    REQUIRE_OK(cmrt_kernel_create(prog, "probe_record", &p.k));
    REQUIRE_OK(cmrt_queue_create(p.dev, &p.q));

    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(p.dev, 8, 8, &ts));
    check_named_patterns(ts);
    check_custom_vectors(ts);
    cmrt_thread_space_destroy(ts);
    check_cycles(&p);
    check_walking(&p);

    REQUIRE_OK(cmrt_device_destroy(p.dev));
    free(p.s.order);
    free(p.s.runs);
    free(p.s.wait_seq);
    free(p.s.signal_seq);
    return test_report("invalid_patterns_are_rejected");
}
