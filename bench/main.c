/*
 * main.c - cmc-bench: the targets of DESIGN.md section 5, measured side by
 * side in one run on this machine and printed as tables of figures and
 * ratios. `meson compile -C build bench` runs it with the build's kernels;
 * scripts/run-bench.sh installs, builds and runs it.
 *
 *   3x3 linear filter   the four kernels of linear_genx.cpp
 *   integral image      CalcIntImage of integral_genx.cpp (when built)
 *   scheduler           an empty kernel over 1,000,000 points
 *   translator          cmc on a generated 1,000-line kernel
 *
 * Exit status 0 when every kernel's output matched its reference and cmc
 * translated the generated kernel.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "bench.h"

const uint32_t bench_workers[BENCH_WORKER_COUNTS] = {1, 2};
bench_size bench_sizes[BENCH_SIZES] = {{1920, 1080}, {3840, 2160}};

static const char usage[] =
    "usage: cmc-bench --linear-isa FILE --empty-isa FILE --cmc FILE\n"
    "                 [--integral-isa FILE [--integral-hand-isa FILE]] [--quick]\n"
    "Times cmc's sample kernels on 1920x1080 and 3840x2160 pictures with 1 and 2\n"
    "workers against a plain C reference, OpenCV (when built with it) and the\n"
    "memory-bandwidth ceiling; the scheduler's cost per point; and cmc's\n"
    "translation time. --quick: small pictures and few runs (a smoke test).\n";

/* ---- options ------------------------------------------------------------ */

static int parse_options(int argc, char **argv, bench_options *opt)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **value = strcmp(a, "--linear-isa") == 0     ? &opt->linear_isa
                             : strcmp(a, "--integral-isa") == 0 ? &opt->integral_isa
                             : strcmp(a, "--integral-hand-isa") == 0 ? &opt->integral_hand_isa
                             : strcmp(a, "--empty-isa") == 0    ? &opt->empty_isa
                             : strcmp(a, "--cmc") == 0          ? &opt->cmc
                                                                : NULL;
        if (value && i + 1 < argc) {
            *value = argv[++i];
        } else if (strcmp(a, "--quick") == 0) {
            opt->quick = 1;
        } else {
            fputs(usage, strcmp(a, "--help") == 0 ? stdout : stderr);
            return strcmp(a, "--help") == 0 ? 1 : 2;
        }
    }
    if (!opt->linear_isa || !opt->empty_isa || !opt->cmc) {
        fputs(usage, stderr);
        return 2;
    }
    return 0;
}

/* ---- the header: the machine and the units ------------------------------- */

/* The CPU's model name from /proc/cpuinfo, or "unknown CPU". */
static void cpu_model(char *out, size_t size)
{
    snprintf(out, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            snprintf(out, size, "%s", colon + 2);
            out[strcspn(out, "\n")] = '\0';
            break;
        }
    }
    fclose(f);
}

static const char *compiler(void)
{
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown";
#endif
}

static void print_header(const bench_options *opt)
{
    char model[256];
    struct utsname un = {0};
    cpu_model(model, sizeof model);
    uname(&un); /* on failure the names stay empty */
    printf("cmc-bench%s\n", opt->quick ? " --quick (small pictures, few runs: not figures to quote)" : "");
    printf("machine:   %ld CPUs online, %s; %s %s %s\n", sysconf(_SC_NPROCESSORS_ONLN), model,
           un.sysname, un.release, un.machine);
    printf("scaling:   2 threads of pure arithmetic do %.2fx the work of 1 here: the bound of "
           "\"vs 1 worker\";\n", bench_compute_scaling());
    printf("           of loads and stores in their own L1 caches %.2fx: the bound of kernels "
           "that mostly move data\n", bench_l1_scaling());
    printf("compiler:  %s (this program; the C references at -O2); kernels: cmc's "
           "default -O2 with $CMC_CC, else $CC, else clang when installed, else cc\n",
           compiler());
#ifdef BENCH_HAVE_OPENCV
    printf("OpenCV:    %s, threads set with cv::setNumThreads to the workers' count\n",
           bench_cv_version());
#else
    printf("OpenCV:    not found when this was built (scripts/run-bench.sh installs "
           "libopencv-dev); its columns show -\n");
#endif
    printf("units:     Mpix/s = million pixels per second; ms = milliseconds; "
           "ns/point = nanoseconds per thread-space point\n");
    printf("           every figure is the median of repeated runs after a warm-up, "
           "wall clock (kernels: enqueue to the event's end)\n");
    printf("ratios:    the kernel's Mpix/s over the baseline's, measured in this run "
           "(above 1.00x the kernel is faster):\n");
    printf("           C ref = the sample's plain C reference, -O2, 1 thread; "
           "OpenCV and the copy ceiling on the kernel's thread count;\n");
    printf("           copy ceiling = a streaming copy of the bytes the kernel must "
           "read and write (from the caches when they fit there);\n");
    printf("           vs 1 worker = the same kernel on 1 worker\n");
    printf("check:     the kernel's output equals the C reference's, byte for byte;\n");
    printf("           bound: a kernel run without its dependency (wrong sums, every point free),\n");
    printf("           whose \"vs 1 worker\" no scheduler can beat for the real kernel\n");
    printf("by hand:   the kernel's algorithm written in C (bench/integral_by_hand.c), not "
           "translated: what a translation could reach\n");
    fflush(stdout);
}

/* ---- main --------------------------------------------------------------- */

int main(int argc, char **argv)
{
    bench_options opt = {0};
    int parsed = parse_options(argc, argv, &opt);
    if (parsed)
        return parsed == 1 ? EXIT_SUCCESS : EXIT_FAILURE;
    if (opt.quick) {
        bench_set_quick();
        bench_sizes[0] = (bench_size){192, 108};
        bench_sizes[1] = (bench_size){384, 216};
    }
    uint64_t start = bench_now_ns();
    print_header(&opt);

    bench_device devs[BENCH_WORKER_COUNTS];
    bench_team *teams[BENCH_WORKER_COUNTS];
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
        bench_device_open(&devs[i], bench_workers[i]);
        teams[i] = bench_team_create((int)bench_workers[i]);
    }
    int failed = bench_filters(&opt, devs, teams);
#ifdef BENCH_HAVE_INTEGRAL
    if (opt.integral_isa)
        failed += bench_integral(&opt, devs, teams);
    else
#endif
        printf("\nintegral image: not measured (built without samples/integral_image's "
               "kernel and reference, or no --integral-isa)\n");
    failed += bench_scheduler(&opt, devs);
    for (int i = 0; i < BENCH_WORKER_COUNTS; i++) {
        bench_device_close(&devs[i]);
        bench_team_destroy(teams[i]);
    }
    failed += bench_translate(&opt);

    printf("\n%s; the run took %.0f s\n",
           failed ? "SOME CHECKS FAILED" : "all checks passed",
           (double)(bench_now_ns() - start) / 1e9);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
