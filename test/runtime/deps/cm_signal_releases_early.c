/*
 * cm_signal_releases_early.c - cm_signal() releases a point's dependents
 * before the point ends, and without it they wait for the end.
 *
 * A 2x1 space with CM_VERTICAL_WAVE, and a 1x2 one with CM_HORIZONTAL_WAVE
 * (the scheduler gives these rows and strips of columns: tiles.c): point 1
 * waits for point 0. Point 0 signals, then spins (bounded) until point 1 -
 * run by another worker - has got past its wait and set a flag. With 2 or
 * more workers that must happen. Without cm_signal() point 1 cannot get
 * past its wait until point 0 has ended, so point 0 never sees the flag:
 * also deterministic.
 *
 * argv[1]: the probe program.
 */
#include "deps_probe.h"
#include "deps_test.h"

/* The two spaces: point 1 depends on point 0. */
typedef struct early_space {
    uint32_t width, height;
    CM_DEPENDENCY_PATTERN pattern;
    const char *name;
} early_space;

static const early_space spaces[] = {
    {2, 1, CM_VERTICAL_WAVE, "2x1 CM_VERTICAL_WAVE"},
    {1, 2, CM_HORIZONTAL_WAVE, "1x2 CM_HORIZONTAL_WAVE"},
};

static void run_early(cmrt_device *dev, cmrt_kernel *k, const early_space *sp, uint32_t flags,
                      uint64_t hold_ns, probe_state *s, const char *what)
{
    memset(s, 0, sizeof *s);
    s->width = sp->width;
    s->height = sp->height;
    s->flags = flags;
    s->hold_ns = hold_ns;
    uint64_t addr = (uint64_t)(uintptr_t)s;
    REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof addr, &addr));
    cmrt_thread_space *ts = NULL;
    REQUIRE_OK(cmrt_thread_space_create(dev, sp->width, sp->height, &ts));
    REQUIRE_OK(cmrt_thread_space_select_dependency(ts, sp->pattern));
    EXPECT_CODE(run_kernel(dev, k, ts, what), CM_SUCCESS);
    cmrt_thread_space_destroy(ts);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s deps_probe.so\n", argv[0]);
        return EXIT_FAILURE;
    }
    static const uint32_t worker_counts[] = {2, 3, 7};
    for (uint32_t i = 0; i < 3; i++) {
        uint32_t workers = worker_counts[i];
        cmrt_device *dev = device_with_workers(workers);
        cmrt_program *prog = load_program(dev, argv[1]);
        cmrt_kernel *k = NULL;
        REQUIRE_OK(cmrt_kernel_create(prog, "probe_early", &k));
        probe_state s;
        for (uint32_t si = 0; si < 2; si++) {
            const early_space *sp = &spaces[si];
            /* Released early: point 1 runs while point 0 is still running.
             * The bound only limits a failure's cost. */
            for (int round = 0; round < 5; round++) {
                run_early(dev, k, sp, PROBE_SIGNAL, 10000000000u, &s, "cm_signal() then spin");
                EXPECT(s.saw_flag == 1,
                       "%s, %u workers: point 1 did not run while point 0 (signalled) was "
                       "running", sp->name, workers);
                EXPECT(s.flag == 1, "%s, %u workers: point 1 never ran", sp->name, workers);
            }

            /* Not released before the end without cm_signal(). */
            run_early(dev, k, sp, 0, 100000000u, &s, "no cm_signal(), spin");
            EXPECT(s.saw_flag == 0,
                   "%s, %u workers: point 1 got past its wait before point 0 signalled or "
                   "ended", sp->name, workers);
            EXPECT(s.flag == 1, "%s, %u workers: point 1 never ran after point 0 ended",
                   sp->name, workers);
        }
        REQUIRE_OK(cmrt_device_destroy(dev));
    }
    return test_report("cm_signal_releases_early");
}
