/*
 * linear_filter.cpp - host program of the linear filter sample (CM tutorial
 * 11), written as CM host programs are: CreateCmDevice, LoadProgram of
 * linear_genx.isa, one kernel per filter, an input and an output surface,
 * a thread space of one thread per 8x6-pixel block, Enqueue, ReadSurface.
 *
 * For each of the four kernels it writes the filtered picture as PNG,
 * checks it byte for byte against the plain C reference (linear_ref.c) and
 * prints the throughput: the median of --repeat timed runs after one
 * warm-up run, from CmEvent::GetExecutionTime. Exit status 0 only if every
 * check passed and every picture was written.
 *
 * Surfaces: as in the CM sample, the 24-bit RGB picture goes into an
 * A8R8G8B8 surface of width * 3 / 4 texels, which the kernels read as bytes;
 * so reads past the right edge replicate the last 4-byte texel. That needs
 * width % 4 == 0; other widths use an A8 surface of width * 3 texels, where
 * the edge texel is one byte.
 */
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cm_check.h"
#include "cm_rt.h"
#include "linear_ref.h"
#include "picture.h"
#include "picture_scale.h"
#include "sample_files.h"

#ifndef LINEAR_FILTER_INPUT
#define LINEAR_FILTER_INPUT "coffee.ppm"
#endif

static const char *const kernel_names[] = {"linear", "linear1d2", "linearslide",
                                           "linearslide2"};

/* One thread makes 6 rows of 8 RGB pixels (a 6x24-byte block). */
static const int block_width = 8;
static const int block_height = 6;

/* ---- options ------------------------------------------------------------ */

struct options {
    const char *input = LINEAR_FILTER_INPUT;
    int width = 0, height = 0; /* --size; 0: the input's own */
    const char *output_dir = ".";
    int repeat = 10;
    const char *kernel = nullptr; /* nullptr: all four */
};

static void print_usage(FILE *out)
{
    std::fprintf(out,
        "usage: linear_filter [options]\n"
        "Runs the four 3x3 box filter kernels of linear_genx.isa on a picture,\n"
        "checks each against a plain C reference and prints its throughput.\n"
        "\n"
        "  --input FILE.ppm   binary PPM (P6) picture (default: %s)\n"
        "  --size WxH         scale the input to W x H pixels first\n"
        "  --output-dir DIR   where the PNG pictures go (default: .)\n"
        "  --repeat N         timed runs per kernel after one warm-up (default: 10)\n"
        "  --kernel NAME      only this kernel: linear, linear1d2, linearslide,\n"
        "                     linearslide2\n"
        "  --help             print this text\n"
        "\n"
        "linear_genx.isa is taken from the working directory, else from beside\n"
        "this program. CMRT_WORKERS=n sets the number of worker threads.\n",
        LINEAR_FILTER_INPUT);
}

static bool parse_size(const char *text, int &width, int &height)
{
    char x = 0, rest = 0;
    return std::sscanf(text, "%d%c%d%c", &width, &x, &height, &rest) == 3 &&
           (x == 'x' || x == 'X') && width > 0 && height > 0;
}

static bool parse_count(const char *text, int &count)
{
    char rest = 0;
    return std::sscanf(text, "%d%c", &count, &rest) == 1 && count > 0;
}

static bool is_kernel_name(const char *name)
{
    for (const char *k : kernel_names)
        if (std::strcmp(k, name) == 0)
            return true;
    return false;
}

static bool takes_value(const char *name)
{
    static const char *const with_value[] = {"--input", "--size", "--output-dir",
                                             "--repeat", "--kernel"};
    for (const char *o : with_value)
        if (std::strcmp(o, name) == 0)
            return true;
    return false;
}

/* Sets the option `name` to `value`; false if the value is not valid. */
static bool set_option(const char *name, const char *value, options &opt)
{
    if (std::strcmp(name, "--input") == 0)
        opt.input = value;
    else if (std::strcmp(name, "--size") == 0)
        return parse_size(value, opt.width, opt.height);
    else if (std::strcmp(name, "--output-dir") == 0)
        opt.output_dir = value;
    else if (std::strcmp(name, "--repeat") == 0)
        return parse_count(value, opt.repeat);
    else
        return is_kernel_name(opt.kernel = value);
    return true;
}

/* Takes the option at argv[i] and its value; false with a message if they
 * are not valid. */
static bool parse_option(int argc, char **argv, int &i, options &opt)
{
    const char *name = argv[i];
    if (!takes_value(name)) {
        std::fprintf(stderr, "linear_filter: unknown option %s (see --help)\n", name);
        return false;
    }
    if (i + 1 >= argc) {
        std::fprintf(stderr, "linear_filter: %s needs a value (see --help)\n", name);
        return false;
    }
    const char *value = argv[++i];
    if (set_option(name, value, opt))
        return true;
    std::fprintf(stderr, "linear_filter: bad value for %s: %s (see --help)\n",
                 name, value);
    return false;
}

/* 0: run; 1: done (--help); 2: bad command line. */
static int parse_options(int argc, char **argv, options &opt)
{
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            print_usage(stdout);
            return 1;
        }
        if (!parse_option(argc, argv, i, opt))
            return 2;
    }
    return 0;
}

/* ---- the picture -------------------------------------------------------- */

/* The input picture, scaled to --size if given. */
static bool load_input(const options &opt, picture &pic)
{
    picture_error err;
    if (ppm_read(opt.input, &pic, &err) != 0) {
        std::fprintf(stderr, "linear_filter: %s\n", err.text);
        return false;
    }
    if (opt.width == 0)
        return true;
    picture scaled;
    int rc = picture_scale(&pic, opt.width, opt.height, &scaled, &err);
    picture_free(&pic);
    if (rc != 0) {
        std::fprintf(stderr, "linear_filter: --size %dx%d: %s\n", opt.width,
                     opt.height, err.text);
        return false;
    }
    pic = scaled;
    return true;
}

static bool save_png(const std::string &path, const picture &pic)
{
    picture_error err;
    if (png_write(path.c_str(), &pic, &err) == 0)
        return true;
    std::fprintf(stderr, "linear_filter: %s\n", err.text);
    return false;
}

static bool make_output_dir(const char *dir)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST)
        return true;
    std::fprintf(stderr, "linear_filter: cannot create %s: %s\n", dir,
                 std::strerror(errno));
    return false;
}

/* How the picture's bytes are laid out as a surface. */
struct surface_layout {
    UINT width;               /* texels */
    CM_SURFACE_FORMAT format;
    int texel_size;           /* bytes */
    const char *format_name;
};

static surface_layout choose_layout(int picture_width)
{
    if (picture_width % 4 == 0)
        return {UINT(picture_width * 3 / 4), CM_SURFACE_FORMAT_A8R8G8B8, 4,
                "A8R8G8B8"};
    return {UINT(picture_width * 3), CM_SURFACE_FORMAT_A8, 1, "A8"};
}

/* ---- running the kernels ------------------------------------------------ */

/* What every run of every kernel shares. */
struct filter_setup {
    CmDevice *device;
    CmQueue *queue;
    CmSurface2D *input;
    CmSurface2D *output;
    UINT threads_x, threads_y;
};

/* One enqueue of `kernel`, as a CM host program does it; the output lands
 * in `result`. Returns the task's execution time in nanoseconds. */
static UINT64 run_once(const filter_setup &s, CmKernel *kernel,
                       unsigned char *result)
{
    CmThreadSpace *thread_space = nullptr;
    cm_result_check(s.device->CreateThreadSpace(s.threads_x, s.threads_y,
                                                thread_space));
    CmTask *task = nullptr;
    cm_result_check(s.device->CreateTask(task));
    cm_result_check(task->AddKernel(kernel));

    CmEvent *event = nullptr;
    cm_result_check(s.queue->Enqueue(task, event, thread_space));
    /* Enqueue has returned at once; the runtime keeps what the work in
     * flight needs, so these may go now, as in CM's samples. */
    cm_result_check(s.device->DestroyTask(task));
    cm_result_check(s.device->DestroyThreadSpace(thread_space));

    /* Waits for the event before copying. */
    cm_result_check(s.output->ReadSurface(result, event));
    UINT64 nanoseconds = 0;
    cm_result_check(event->GetExecutionTime(nanoseconds));
    cm_result_check(s.queue->DestroyEvent(event));
    return nanoseconds;
}

static UINT64 median(std::vector<UINT64> times)
{
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

/* Runs one kernel (a warm-up, then `repeat` timed runs); returns the median
 * execution time and leaves the output in `result`. */
static UINT64 run_kernel(const filter_setup &s, CmProgram *program,
                         const char *name, int repeat, unsigned char *result)
{
    CmKernel *kernel = nullptr;
    cm_result_check(s.device->CreateKernel(program, name, kernel));
    SurfaceIndex *input_index = nullptr, *output_index = nullptr;
    cm_result_check(s.input->GetIndex(input_index));
    cm_result_check(s.output->GetIndex(output_index));
    cm_result_check(kernel->SetKernelArg(0, sizeof(SurfaceIndex), input_index));
    cm_result_check(kernel->SetKernelArg(1, sizeof(SurfaceIndex), output_index));

    /* A kernel that writes nothing must not pass on its predecessor's output. */
    cm_result_check(s.output->InitSurface(0, nullptr));
    run_once(s, kernel, result);
    std::vector<UINT64> times;
    for (int i = 0; i < repeat; i++)
        times.push_back(run_once(s, kernel, result));
    cm_result_check(s.device->DestroyKernel(kernel));
    return median(times);
}

/* ---- checking and reporting --------------------------------------------- */

/* Compares with the reference; prints the first difference. */
static bool matches_reference(const picture &got, const unsigned char *want)
{
    size_t size = picture_bytes(&got), differ = 0, first = 0;
    for (size_t i = 0; i < size; i++)
        if (got.rgb[i] != want[i] && differ++ == 0)
            first = i;
    if (differ == 0)
        return true;
    size_t pixel = first / 3;
    std::printf("    %zu bytes differ from the reference; the first at pixel "
                "(%zu, %zu) channel %zu: %d, not %d\n", differ,
                pixel % size_t(got.width), pixel / size_t(got.width), first % 3,
                got.rgb[first], want[first]);
    return false;
}

static double mpix_per_s(const picture &pic, UINT64 nanoseconds)
{
    double pixels = double(pic.width) * double(pic.height);
    return nanoseconds ? pixels / double(nanoseconds) * 1e3 : 0.0;
}

static std::string output_path(const options &opt, const char *what)
{
    return std::string(opt.output_dir) + "/linear_filter_" + what + ".png";
}

/* Runs, checks, saves and reports one kernel; true if all went well. */
static bool filter_with(const filter_setup &s, CmProgram *program,
                        const char *name, const options &opt, picture &result,
                        const unsigned char *reference)
{
    UINT64 ns = run_kernel(s, program, name, opt.repeat, result.rgb);
    bool pass = matches_reference(result, reference);
    std::string path = output_path(opt, name);
    bool saved = save_png(path, result);
    std::printf("  %-13s %s  %8.1f Mpix/s  (median of %d runs: %.3f ms)  %s\n",
                name, pass ? "PASS" : "FAIL", mpix_per_s(result, ns), opt.repeat,
                double(ns) / 1e6, saved ? path.c_str() : "(not saved)");
    return pass && saved;
}

static UINT worker_count(CmDevice *device)
{
    UINT workers = 0;
    size_t size = sizeof workers;
    cm_result_check(device->GetCaps(CAP_HW_THREAD_COUNT, size, &workers));
    return workers;
}

static void print_setup(const options &opt, const picture &pic,
                        const surface_layout &layout, const filter_setup &s)
{
    std::printf("linear_filter: %s, %dx%d pixels; %s surfaces of %ux%d texels; "
                "%ux%u threads of %dx%d pixels on %u workers\n",
                opt.input, pic.width, pic.height, layout.format_name,
                layout.width, pic.height, s.threads_x, s.threads_y, block_width,
                block_height, worker_count(s.device));
}

/* ---- main --------------------------------------------------------------- */

static CmProgram *load_program(CmDevice *device)
{
    char path[4096];
    sample_error err;
    file_bytes isa;
    if (find_beside_program("linear_genx.isa", path, sizeof path, &err) != 0 ||
        file_bytes_load(path, &isa, &err) != 0) {
        std::fprintf(stderr, "linear_filter: %s\n", err.text);
        std::exit(EXIT_FAILURE);
    }
    CmProgram *program = nullptr;
    cm_result_check(device->LoadProgram(isa.data, UINT(isa.size), program));
    file_bytes_free(&isa);
    return program;
}

/* Filters `pic` with each chosen kernel; true if every one passed. */
static bool filter_picture(const options &opt, const picture &pic)
{
    CmDevice *device = nullptr;
    UINT version = 0;
    cm_result_check(::CreateCmDevice(device, version));
    CmProgram *program = load_program(device);

    surface_layout layout = choose_layout(pic.width);
    filter_setup s = {device, nullptr, nullptr, nullptr,
                      UINT((pic.width + block_width - 1) / block_width),
                      UINT((pic.height + block_height - 1) / block_height)};
    cm_result_check(device->CreateQueue(s.queue));
    cm_result_check(device->CreateSurface2D(layout.width, UINT(pic.height),
                                            layout.format, s.input));
    cm_result_check(device->CreateSurface2D(layout.width, UINT(pic.height),
                                            layout.format, s.output));
    cm_result_check(s.input->WriteSurface(pic.rgb, nullptr));
    print_setup(opt, pic, layout, s);

    std::vector<unsigned char> reference(picture_bytes(&pic));
    linear_ref(pic.rgb, reference.data(), pic.width * 3, pic.height,
               layout.texel_size);
    std::vector<unsigned char> pixels(picture_bytes(&pic));
    picture result = {pic.width, pic.height, pixels.data()};
    bool all_pass = true;
    for (const char *name : kernel_names)
        if (!opt.kernel || std::strcmp(opt.kernel, name) == 0)
            if (!filter_with(s, program, name, opt, result, reference.data()))
                all_pass = false;

    /* Destroys the surfaces, program and queue with the device. */
    cm_result_check(::DestroyCmDevice(device));
    return all_pass;
}

int main(int argc, char **argv)
{
    options opt;
    int parsed = parse_options(argc, argv, opt);
    if (parsed != 0)
        return parsed == 1 ? EXIT_SUCCESS : EXIT_FAILURE;
    picture pic;
    if (!load_input(opt, pic) || !make_output_dir(opt.output_dir))
        return EXIT_FAILURE;
    bool saved = save_png(output_path(opt, "input"), pic);
    bool ok = filter_picture(opt, pic) && saved;
    if (ok)
        std::printf("all checks passed\n");
    picture_free(&pic);
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
