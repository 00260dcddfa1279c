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
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "linear_ref.h"
#include "picture.h"
#include "sample_host.h"
#include "sample_options.h"

#ifndef LINEAR_FILTER_INPUT
#define LINEAR_FILTER_INPUT "coffee.ppm"
#endif


/* One thread makes 6 rows of 8 RGB pixels (a 6x24-byte block). */
static const int block_width = 8;
static const int block_height = 6;

/* ---- options ------------------------------------------------------------ */

static const char usage[] =
    "usage: linear_filter [options]\n"
    "Runs the four 3x3 box filter kernels of linear_genx.isa on a picture,\n"
    "checks each against a plain C reference and prints its throughput.\n"
    "\n"
    "  --input FILE.ppm   binary PPM (P6) picture (default: " LINEAR_FILTER_INPUT ")\n"
    "  --size WxH         scale the input to W x H pixels first\n"
    "  --output-dir DIR   where the PNG pictures go (default: .)\n"
    "  --repeat N         timed runs per kernel after one warm-up (default: 10)\n"
    "  --kernel NAME      only this kernel: linear, linear1d2, linearslide,\n"
    "                     linearslide2\n"
    "  --help             print this text\n"
    "\n"
    "linear_genx.isa is taken from the working directory, else from beside\n"
    "this program. CMRT_WORKERS=n sets the number of worker threads.\n";

/* The kernels of linear_genx.isa, the choices of --kernel. */
static const char *const kernel_names[] = {"linear", "linear1d2", "linearslide",
                                           "linearslide2", nullptr};
static const sample_spec spec = {"linear_filter", usage, "--kernel", kernel_names};

/* ---- the picture -------------------------------------------------------- */

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
    return sample_median(times);
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

static std::string output_path(const sample_options &opt, const char *what)
{
    return std::string(opt.output_dir) + "/linear_filter_" + what + ".png";
}

/* Runs, checks, saves and reports one kernel; true if all went well. */
static bool filter_with(const filter_setup &s, CmProgram *program,
                        const char *name, const sample_options &opt, picture &result,
                        const unsigned char *reference)
{
    UINT64 ns = run_kernel(s, program, name, opt.repeat, result.rgb);
    bool pass = matches_reference(result, reference);
    std::string path = output_path(opt, name);
    bool saved = sample_save_png(&spec, path.c_str(), &result) == 0;
    std::printf("  %-13s %s  %8.1f Mpix/s  (median of %d runs: %.3f ms)  %s\n",
                name, pass ? "PASS" : "FAIL", sample_mpix_per_s(result.width, result.height, ns), opt.repeat,
                double(ns) / 1e6, saved ? path.c_str() : "(not saved)");
    return pass && saved;
}

static void print_setup(const sample_options &opt, const picture &pic,
                        const surface_layout &layout, const filter_setup &s)
{
    UINT workers = sample_worker_count(s.device);
    std::printf("linear_filter: %s, %dx%d pixels; %s surfaces of %ux%d texels; "
                "%ux%u threads of %dx%d pixels on %u worker%s\n",
                opt.input, pic.width, pic.height, layout.format_name,
                layout.width, pic.height, s.threads_x, s.threads_y, block_width,
                block_height, workers, workers == 1 ? "" : "s");
}

/* ---- main --------------------------------------------------------------- */

/* Filters `pic` with each chosen kernel; true if every one passed. */
static bool filter_picture(const sample_options &opt, const picture &pic)
{
    CmDevice *device = nullptr;
    UINT version = 0;
    cm_result_check(::CreateCmDevice(device, version));
    CmProgram *program = sample_load_program(device, "linear_genx.isa", spec.program);

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
    for (const char *const *name = kernel_names; *name; name++)
        if (!opt.choice || std::strcmp(opt.choice, *name) == 0)
            if (!filter_with(s, program, *name, opt, result, reference.data()))
                all_pass = false;

    /* Destroys the surfaces, program and queue with the device. */
    cm_result_check(::DestroyCmDevice(device));
    return all_pass;
}

int main(int argc, char **argv)
{
    sample_options opt = {LINEAR_FILTER_INPUT, 0, 0, ".", 10, nullptr};
    int parsed = sample_parse_options(&spec, argc, argv, &opt);
    if (parsed != 0)
        return parsed == 1 ? EXIT_SUCCESS : EXIT_FAILURE;
    picture pic;
    if (sample_load_input(&spec, &opt, &pic) != 0 ||
        sample_make_output_dir(&spec, opt.output_dir) != 0)
        return EXIT_FAILURE;
    bool saved = sample_save_png(&spec, output_path(opt, "input").c_str(), &pic) == 0;
    bool ok = filter_picture(opt, pic) && saved;
    if (ok)
        std::printf("all checks passed\n");
    picture_free(&pic);
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
