/*
 * cm_rt_host_api.cpp - cm_rt.h, the CM runtime's C++ API, behaves as CM host
 * programs expect, driving the linear filter kernels: CM_NO_EVENT, the
 * Destroy* calls clearing the caller's pointer, task and thread space
 * destroyed right after Enqueue, a kernel's associated thread space,
 * events' status and time, InitSurface's DWORD pattern, strided copies,
 * GetCaps' worker count from CMRT_WORKERS, and DestroyCmDevice destroying
 * what is still alive. Built as C++11 with -pedantic -Werror, as old CM host
 * code is.
 *
 * usage: cm_rt_host_api linear_genx.isa
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cm_rt.h"
#include "linear_ref.h"
#include "sample_files.h"

static int passed, failed;

static void expect(bool ok, const char *what, int line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        std::printf("FAIL line %d: %s\n", line, what);
    }
}
#define EXPECT(cond) expect((cond), #cond, __LINE__)
#define EXPECT_OK(call) expect((call) == CM_SUCCESS, #call, __LINE__)

/* A 44x37 picture: 33 A8R8G8B8 texels a row, not whole 8x6 blocks. */
static const int width = 44, height = 37;
static const UINT texels = width * 3 / 4;
static const size_t picture_bytes = size_t(width) * 3 * height;

static std::vector<unsigned char> random_picture()
{
    std::vector<unsigned char> bytes(picture_bytes);
    unsigned x = 12345;
    for (unsigned char &b : bytes) {
        x = x * 1103515245u + 12345u;
        b = (unsigned char)(x >> 23);
    }
    return bytes;
}

static std::vector<unsigned char> reference(const std::vector<unsigned char> &in)
{
    std::vector<unsigned char> out(in.size());
    linear_ref(in.data(), out.data(), width * 3, height, 4);
    return out;
}

static CmProgram *load_program(CmDevice *device, const char *path)
{
    file_bytes isa;
    sample_error err;
    if (file_bytes_load(path, &isa, &err) != 0) {
        std::fprintf(stderr, "%s\n", err.text);
        std::exit(EXIT_FAILURE);
    }
    CmProgram *program = nullptr;
    EXPECT_OK(device->LoadProgram(isa.data, UINT(isa.size), program));
    file_bytes_free(&isa);
    return program;
}

static CmKernel *filter_kernel(CmDevice *device, CmProgram *program,
                               CmSurface2D *in, CmSurface2D *out)
{
    CmKernel *kernel = nullptr;
    EXPECT_OK(device->CreateKernel(program, "linearslide2", kernel));
    SurfaceIndex *in_index = nullptr, *out_index = nullptr;
    EXPECT_OK(in->GetIndex(in_index));
    EXPECT_OK(out->GetIndex(out_index));
    EXPECT(in_index && out_index && in_index->get_data() != out_index->get_data());
    EXPECT_OK(kernel->SetKernelArg(0, sizeof(SurfaceIndex), in_index));
    EXPECT_OK(kernel->SetKernelArg(1, sizeof(SurfaceIndex), out_index));
    return kernel;
}

/* The CM samples' sequence: enqueue, destroy task and thread space at
 * once, ReadSurface waiting on the event. */
static void test_enqueue_and_read(CmDevice *device, CmQueue *queue,
                                  CmKernel *kernel, CmSurface2D *out,
                                  const std::vector<unsigned char> &want)
{
    CmThreadSpace *space = nullptr;
    CmTask *task = nullptr;
    EXPECT_OK(device->CreateThreadSpace((width + 7) / 8, (height + 5) / 6, space));
    EXPECT_OK(space->SelectThreadDependencyPattern(CM_NONE_DEPENDENCY));
    EXPECT_OK(device->CreateTask(task));
    EXPECT_OK(task->AddKernel(kernel));
    EXPECT_OK(out->InitSurface(0, nullptr));
    CmEvent *event = nullptr;
    EXPECT_OK(queue->Enqueue(task, event, space));
    EXPECT(event != nullptr && event != CM_NO_EVENT);
    EXPECT_OK(device->DestroyTask(task));
    EXPECT_OK(device->DestroyThreadSpace(space));
    EXPECT(task == nullptr && space == nullptr);

    std::vector<unsigned char> got(picture_bytes);
    EXPECT_OK(out->ReadSurface(got.data(), event));
    EXPECT(got == want);
    CM_STATUS status = CM_STATUS_QUEUED;
    UINT64 ns = 0;
    EXPECT_OK(event->WaitForTaskFinished());
    EXPECT_OK(event->GetStatus(status));
    EXPECT(status == CM_STATUS_FINISHED);
    EXPECT_OK(event->GetExecutionTime(ns));
    EXPECT_OK(queue->DestroyEvent(event));
    EXPECT(event == nullptr);
}

/* A kernel's own thread space, and an enqueue that wants no event: the
 * queue runs tasks in order, so a later task's event covers it. */
static void test_associated_space_and_no_event(CmDevice *device, CmQueue *queue,
                                               CmKernel *kernel, CmSurface2D *out,
                                               const std::vector<unsigned char> &want)
{
    CmThreadSpace *space = nullptr;
    CmTask *task = nullptr, *marker = nullptr;
    EXPECT_OK(device->CreateThreadSpace((width + 7) / 8, (height + 5) / 6, space));
    EXPECT_OK(kernel->AssociateThreadSpace(space));
    EXPECT_OK(device->CreateTask(task));
    EXPECT_OK(task->AddKernel(kernel));
    EXPECT_OK(task->AddSync());
    EXPECT_OK(out->InitSurface(0, nullptr));

    CmEvent *none = CM_NO_EVENT;
    EXPECT_OK(queue->Enqueue(task, none));
    EXPECT(none == CM_NO_EVENT);
    EXPECT_OK(device->CreateTask(marker));
    EXPECT_OK(marker->AddKernel(kernel));
    CmEvent *done = nullptr;
    EXPECT_OK(queue->Enqueue(marker, done));

    std::vector<unsigned char> got(picture_bytes);
    EXPECT_OK(out->ReadSurface(got.data(), done));
    EXPECT(got == want);
    EXPECT_OK(queue->DestroyEvent(done));
    EXPECT_OK(task->Reset());
    /* Left for DestroyCmDevice: the thread space and both tasks. */
}

static void test_init_surface(CmDevice *device)
{
    CmBuffer *buffer = nullptr;
    EXPECT_OK(device->CreateBuffer(10, buffer));
    unsigned char bytes[10];
    EXPECT_OK(buffer->InitSurface(0x04030201u, nullptr));
    EXPECT_OK(buffer->ReadSurface(bytes, nullptr));
    static const unsigned char dwords[10] = {1, 2, 3, 4, 1, 2, 3, 4, 1, 2};
    EXPECT(std::memcmp(bytes, dwords, sizeof bytes) == 0);
    EXPECT_OK(buffer->InitSurface(0x7F7F7F7Fu, nullptr));
    EXPECT_OK(buffer->ReadSurface(bytes, nullptr, sizeof bytes));
    EXPECT(bytes[0] == 0x7F && bytes[9] == 0x7F);
    EXPECT_OK(device->DestroySurface(buffer));
    EXPECT(buffer == nullptr);
}

/* Host rows of 8 bytes with a pitch of 11: the gaps stay untouched. */
static void test_strided_copies(CmDevice *device)
{
    CmSurface2D *surface = nullptr;
    EXPECT_OK(device->CreateSurface2D(2, 3, CM_SURFACE_FORMAT_A8R8G8B8, surface));
    unsigned char in[33], out[33];
    for (int i = 0; i < 33; i++) {
        in[i] = (unsigned char)i;
        out[i] = 0xEE;
    }
    EXPECT_OK(surface->WriteSurfaceStride(in, nullptr, 11));
    EXPECT_OK(surface->ReadSurfaceStride(out, nullptr, 11));
    bool rows_equal = true, gaps_untouched = true;
    for (int i = 0; i < 33; i++) {
        if (i % 11 < 8)
            rows_equal = rows_equal && out[i] == in[i];
        else
            gaps_untouched = gaps_untouched && out[i] == 0xEE;
    }
    EXPECT(rows_equal && gaps_untouched);
    EXPECT_OK(device->DestroySurface(surface));
}

static void test_errors(CmDevice *device, CmProgram *program)
{
    CmKernel *missing = nullptr;
    EXPECT(device->CreateKernel(program, "no_such_kernel", missing) != CM_SUCCESS);
    EXPECT(missing == nullptr);
    EXPECT(std::strcmp(GetCmErrorString(CM_INVALID_ARG_VALUE),
                       "CM_INVALID_ARG_VALUE") == 0);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s linear_genx.isa\n", argv[0]);
        return EXIT_FAILURE;
    }
    setenv("CMRT_WORKERS", "3", 1);
    CmDevice *device = nullptr;
    UINT version = 0;
    EXPECT_OK(::CreateCmDevice(device, version));
    if (!device)
        return EXIT_FAILURE;
    EXPECT(version >= CM_1_0);
    UINT workers = 0;
    size_t size = sizeof workers;
    EXPECT_OK(device->GetCaps(CAP_HW_THREAD_COUNT, size, &workers));
    EXPECT(workers == 3 && size == sizeof(UINT));

    CmProgram *program = load_program(device, argv[1]);
    CmSurface2D *in = nullptr, *out = nullptr;
    EXPECT_OK(device->CreateSurface2D(texels, height, CM_SURFACE_FORMAT_A8R8G8B8, in));
    EXPECT_OK(device->CreateSurface2D(texels, height, CM_SURFACE_FORMAT_A8R8G8B8, out));
    std::vector<unsigned char> picture = random_picture();
    EXPECT_OK(in->WriteSurface(picture.data(), nullptr));
    CmKernel *kernel = filter_kernel(device, program, in, out);
    CmQueue *queue = nullptr;
    EXPECT_OK(device->CreateQueue(queue));

    std::vector<unsigned char> want = reference(picture);
    test_enqueue_and_read(device, queue, kernel, out, want);
    test_associated_space_and_no_event(device, queue, kernel, out, want);
    test_init_surface(device);
    test_strided_copies(device);
    test_errors(device, program);

    /* The surfaces, kernel, program and queue go with the device. */
    EXPECT_OK(::DestroyCmDevice(device));
    EXPECT(device == nullptr);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
