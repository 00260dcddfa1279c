/*
 * integral_image.cpp - host program of the integral image sample (CM
 * tutorial 4, media walker thread dependence), written as CM host programs
 * are: CreateCmDevice, LoadProgram of integral_genx.isa, the CalcIntImage
 * kernel on a thread space of one thread per 16x16-pixel block with the
 * CM_WAVEFRONT dependency (or CM_WAVEFRONT26: --pattern), Enqueue,
 * ReadSurface.
 *
 * The input picture becomes 8-bit grey in an A8 surface; the integral
 * image comes back as 32-bit sums in an R32_UINT surface of the same size.
 * It is checked value for value against the plain C integral image
 * (integral_ref.c); what a person can look at is the grey input and a
 * 15x15 box blur computed from the kernel's integral image, both as PNG.
 * Throughput is the median of --repeat timed runs after one warm-up, from
 * CmEvent::GetExecutionTime. Exit status 0 only if every check passed and
 * every picture was written.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "integral_ref.h"
#include "picture.h"
#include "sample_host.h"
#include "sample_options.h"

#ifndef INTEGRAL_IMAGE_INPUT
#define INTEGRAL_IMAGE_INPUT "coffee.ppm"
#endif

static const char usage[] =
    "usage: integral_image [options]\n"
    "Runs CalcIntImage of integral_genx.isa on a picture's grey levels, checks\n"
    "the integral image against a plain C one, writes the grey input and a box\n"
    "blur computed from the integral image, and prints the throughput.\n"
    "\n"
    "  --input FILE.ppm   binary PPM (P6) picture (default: " INTEGRAL_IMAGE_INPUT ")\n"
    "  --size WxH         scale the input to W x H pixels first\n"
    "  --output-dir DIR   where the PNG pictures go (default: .)\n"
    "  --repeat N         timed runs after one warm-up (default: 10)\n"
    "  --pattern NAME     thread dependency: wavefront (default) or wavefront26\n"
    "  --help             print this text\n"
    "\n"
    "integral_genx.isa is taken from the working directory, else from beside\n"
    "this program. CMRT_WORKERS=n sets the number of worker threads.\n";

static const char *const pattern_names[] = {"wavefront", "wavefront26", nullptr};
static const sample_spec spec = {"integral_image", usage, "--pattern", pattern_names};

/* One thread makes a 16x16-pixel block of the integral image. */
static const int block_size = 16;
/* The box blur shown: 15x15 pixels. */
static const int blur_radius = 7;

static CM_DEPENDENCY_PATTERN chosen_pattern(const sample_options &opt)
{
    return opt.choice && std::strcmp(opt.choice, "wavefront26") == 0 ? CM_WAVEFRONT26
                                                                     : CM_WAVEFRONT;
}

/* What every run shares. */
struct integral_setup {
    CmDevice *device;
    CmQueue *queue;
    CmKernel *kernel;
    CmSurface2D *output;
    UINT threads_x, threads_y;
    CM_DEPENDENCY_PATTERN pattern;
};

/* One enqueue, as a CM host program does it; the integral image lands in
 * `sums`. Returns the task's execution time in nanoseconds. */
static UINT64 run_once(const integral_setup &s, uint32_t *sums)
{
    CmThreadSpace *thread_space = nullptr;
    cm_result_check(s.device->CreateThreadSpace(s.threads_x, s.threads_y,
                                                thread_space));
    cm_result_check(thread_space->SelectThreadDependencyPattern(s.pattern));
    CmTask *task = nullptr;
    cm_result_check(s.device->CreateTask(task));
    cm_result_check(task->AddKernel(s.kernel));

    CmEvent *event = nullptr;
    cm_result_check(s.queue->Enqueue(task, event, thread_space));
    cm_result_check(s.device->DestroyTask(task));
    cm_result_check(s.device->DestroyThreadSpace(thread_space));

    cm_result_check(s.output->ReadSurface(reinterpret_cast<unsigned char *>(sums),
                                          event));
    UINT64 nanoseconds = 0;
    cm_result_check(event->GetExecutionTime(nanoseconds));
    cm_result_check(s.queue->DestroyEvent(event));
    return nanoseconds;
}

/* Compares with the reference; prints the first difference. */
static bool matches_reference(const std::vector<uint32_t> &got,
                              const std::vector<uint32_t> &want, int width)
{
    size_t differ = 0, first = 0;
    for (size_t i = 0; i < got.size(); i++)
        if (got[i] != want[i] && differ++ == 0)
            first = i;
    if (differ == 0)
        return true;
    std::printf("    %zu sums differ from the reference; the first at (%zu, %zu): "
                "%u, not %u\n", differ, first % size_t(width), first / size_t(width),
                got[first], want[first]);
    return false;
}

static std::string output_path(const sample_options &opt, const char *what)
{
    return std::string(opt.output_dir) + "/integral_image_" + what + ".png";
}

/* Writes `grey` (the picture's size) as a PNG; true if it was written. */
static bool save_grey(const sample_options &opt, const char *what,
                      const std::vector<unsigned char> &grey, picture &canvas)
{
    picture_from_grey(grey.data(), &canvas);
    return sample_save_png(&spec, output_path(opt, what).c_str(), &canvas) == 0;
}

/* The warm-up run (checked), then the timed runs (the last one checked
 * too); prints the result line. True if both checks passed. */
static bool run_and_check(const integral_setup &s, const sample_options &opt,
                          const picture &pic, const std::vector<uint32_t> &want,
                          std::vector<uint32_t> &sums)
{
    run_once(s, sums.data());
    bool pass = matches_reference(sums, want, pic.width);
    std::vector<UINT64> times;
    for (int i = 0; i < opt.repeat; i++)
        times.push_back(run_once(s, sums.data()));
    pass = matches_reference(sums, want, pic.width) && pass;
    UINT64 ns = sample_median(times);
    std::printf("  %-13s %s  %8.1f Mpix/s  (median of %d runs: %.3f ms)\n",
                "CalcIntImage", pass ? "PASS" : "FAIL",
                sample_mpix_per_s(pic.width, pic.height, ns), opt.repeat,
                double(ns) / 1e6);
    return pass;
}

static void print_setup(const sample_options &opt, const picture &pic,
                        const integral_setup &s)
{
    UINT workers = sample_worker_count(s.device);
    std::printf("integral_image: %s, %dx%d pixels; A8 in, R32_UINT out; "
                "%ux%u threads of %dx%d pixels, %s, on %u worker%s\n",
                opt.input, pic.width, pic.height, s.threads_x, s.threads_y,
                block_size, block_size,
                s.pattern == CM_WAVEFRONT26 ? "CM_WAVEFRONT26" : "CM_WAVEFRONT",
                workers, workers == 1 ? "" : "s");
}

/* Runs CalcIntImage on `pic`'s grey levels; true if all went well. */
static bool integrate_picture(const sample_options &opt, picture &pic)
{
    CmDevice *device = nullptr;
    UINT version = 0;
    cm_result_check(::CreateCmDevice(device, version));
    CmProgram *program = sample_load_program(device, "integral_genx.isa", spec.program);

    integral_setup s = {device, nullptr, nullptr, nullptr,
                        UINT((pic.width + block_size - 1) / block_size),
                        UINT((pic.height + block_size - 1) / block_size),
                        chosen_pattern(opt)};
    CmSurface2D *input = nullptr;
    cm_result_check(device->CreateQueue(s.queue));
    cm_result_check(device->CreateSurface2D(UINT(pic.width), UINT(pic.height),
                                            CM_SURFACE_FORMAT_A8, input));
    cm_result_check(device->CreateSurface2D(UINT(pic.width), UINT(pic.height),
                                            CM_SURFACE_FORMAT_R32_UINT, s.output));
    cm_result_check(device->CreateKernel(program, "CalcIntImage", s.kernel));
    SurfaceIndex *input_index = nullptr, *output_index = nullptr;
    cm_result_check(input->GetIndex(input_index));
    cm_result_check(s.output->GetIndex(output_index));
    cm_result_check(s.kernel->SetKernelArg(0, sizeof(SurfaceIndex), input_index));
    cm_result_check(s.kernel->SetKernelArg(1, sizeof(SurfaceIndex), output_index));
    print_setup(opt, pic, s);

    size_t pixels = size_t(pic.width) * size_t(pic.height);
    std::vector<unsigned char> grey(pixels), blurred(pixels);
    picture_to_grey(&pic, grey.data());
    cm_result_check(input->WriteSurface(grey.data(), nullptr));
    std::vector<uint32_t> want(pixels), sums(pixels);
    integral_ref(grey.data(), pic.width, pic.height, want.data());

    bool pass = run_and_check(s, opt, pic, want, sums);
    box_from_integral(sums.data(), pic.width, pic.height, blur_radius, blurred.data());
    bool saved = save_grey(opt, "input", grey, pic) && save_grey(opt, "box15", blurred, pic);
    std::printf("  pictures: %s, %s\n", output_path(opt, "input").c_str(),
                output_path(opt, "box15").c_str());

    /* Destroys the surfaces, program, kernel and queue with the device. */
    cm_result_check(::DestroyCmDevice(device));
    return pass && saved;
}

int main(int argc, char **argv)
{
    sample_options opt = {INTEGRAL_IMAGE_INPUT, 0, 0, ".", 10, nullptr};
    int parsed = sample_parse_options(&spec, argc, argv, &opt);
    if (parsed != 0)
        return parsed == 1 ? EXIT_SUCCESS : EXIT_FAILURE;
    picture pic;
    if (sample_load_input(&spec, &opt, &pic) != 0 ||
        sample_make_output_dir(&spec, opt.output_dir) != 0)
        return EXIT_FAILURE;
    bool ok = integrate_picture(opt, pic);
    if (ok)
        std::printf("all checks passed\n");
    picture_free(&pic);
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
