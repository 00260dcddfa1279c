/*
 * cm_rt_error_paths.cpp - cm_rt.h passes the C API's refusals through to
 * CM host code unchanged: the return code, and the out-pointer set to
 * nullptr (LoadProgram of garbage: CM_INVALID_COMMON_ISA; CreateKernel of
 * an unknown name: CM_FAILURE; CreateSurface2D 0 wide: CM_INVALID_WIDTH;
 * CreateThreadSpace 0x0: CM_INVALID_THREAD_SPACE); SetKernelArg's index and
 * size checks; ReadSurface into too small a buffer: CM_INVALID_ARG_SIZE;
 * Enqueue with an argument unset; a failed Destroy* keeps the pointer;
 * GetCaps of a GPU-only capability; GetCmErrorString.
 *
 * usage: cm_rt_error_paths api_kernels.isa
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cm_rt.h"

static int failures;

static void expect_code(int got, int want, const char *call, int line)
{
    if (got == want)
        return;
    failures++;
    std::fprintf(stderr, "FAIL %s:%d: %s: expected %s (%d), got %s (%d)\n", __FILE__, line,
                 call, GetCmErrorString(want), want, GetCmErrorString(got), got);
}
#define EXPECT_CODE(call, want) expect_code((call), (want), #call, __LINE__)

static void expect(bool ok, const char *what, int line)
{
    if (!ok) {
        failures++;
        std::fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, line, what);
    }
}
#define EXPECT(cond) expect((cond), #cond, __LINE__)

static std::vector<unsigned char> read_file(const char *path)
{
    std::vector<unsigned char> bytes;
    std::FILE *f = path ? std::fopen(path, "rb") : nullptr;
    if (!f) {
        std::fprintf(stderr, "FAIL cannot open \"%s\"\n", path ? path : "(none)");
        std::exit(EXIT_FAILURE);
    }
    int c;
    while ((c = std::fgetc(f)) != EOF)
        bytes.push_back((unsigned char)c);
    std::fclose(f);
    return bytes;
}

int main(int argc, char **argv)
{
    std::vector<unsigned char> isa = read_file(argc > 1 ? argv[1] : nullptr);
    CmDevice *device = nullptr;
    UINT version = 0;
    EXPECT_CODE(CreateCmDevice(device, version), CM_SUCCESS);
    if (!device)
        return EXIT_FAILURE;

    unsigned char garbage[64] = {1, 2, 3};
    CmProgram *program = reinterpret_cast<CmProgram *>(garbage);
    EXPECT_CODE(device->LoadProgram(garbage, sizeof garbage, program), CM_INVALID_COMMON_ISA);
    EXPECT(program == nullptr);
    EXPECT_CODE(device->LoadProgram(isa.data(), (UINT)isa.size(), program), CM_SUCCESS);

    CmKernel *kernel = reinterpret_cast<CmKernel *>(garbage);
    EXPECT_CODE(device->CreateKernel(program, "no_such_kernel", kernel), CM_FAILURE);
    EXPECT(kernel == nullptr);
    EXPECT_CODE(device->CreateKernel(program, "add_scalar", kernel), CM_SUCCESS);

    CmSurface2D *surface = reinterpret_cast<CmSurface2D *>(garbage);
    EXPECT_CODE(device->CreateSurface2D(0, 4, CM_SURFACE_FORMAT_A8, surface), CM_INVALID_WIDTH);
    EXPECT(surface == nullptr);
    EXPECT_CODE(device->CreateSurface2D(8, 2, CM_SURFACE_FORMAT_NV12, surface),
                CM_SURFACE_FORMAT_NOT_SUPPORTED);
    EXPECT(surface == nullptr);
    EXPECT_CODE(device->CreateSurface2D(8, 2, CM_SURFACE_FORMAT_A8, surface), CM_SUCCESS);
    unsigned char host[16];
    EXPECT_CODE(surface->ReadSurface(host, nullptr, 15), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(surface->WriteSurfaceStride(host, nullptr, 4, sizeof host),
                CM_INVALID_ARG_VALUE);
    EXPECT_CODE(surface->ReadSurface(host, nullptr), CM_SUCCESS);

    SurfaceIndex *index = nullptr;
    EXPECT_CODE(surface->GetIndex(index), CM_SUCCESS);
    int value = 1;
    EXPECT_CODE(kernel->SetKernelArg(3, sizeof value, &value), CM_INVALID_ARG_INDEX);
    EXPECT_CODE(kernel->SetKernelArg(2, sizeof(short), &value), CM_INVALID_ARG_SIZE);
    EXPECT_CODE(kernel->SetKernelArg(0, sizeof(SurfaceIndex), index), CM_SUCCESS);
    EXPECT_CODE(kernel->SetKernelArg(2, sizeof value, &value), CM_SUCCESS);

    CmThreadSpace *space = reinterpret_cast<CmThreadSpace *>(garbage);
    EXPECT_CODE(device->CreateThreadSpace(0, 0, space), CM_INVALID_THREAD_SPACE);
    EXPECT(space == nullptr);
    EXPECT_CODE(device->CreateThreadSpace(1, 2, space), CM_SUCCESS);
    EXPECT_CODE(space->SelectThreadDependencyPattern((CM_DEPENDENCY_PATTERN)42),
                CM_INVALID_ARG_VALUE);

    CmQueue *queue = nullptr;
    CmTask *task = nullptr;
    EXPECT_CODE(device->CreateQueue(queue), CM_SUCCESS);
    EXPECT_CODE(device->CreateTask(task), CM_SUCCESS);
    EXPECT_CODE(task->AddKernel(kernel), CM_SUCCESS);
    CmEvent *event = nullptr;
    EXPECT_CODE(queue->Enqueue(task, event, space), CM_NOT_SET_KERNEL_ARGUMENT);
    EXPECT(event == nullptr);
    CmEvent *none = CM_NO_EVENT;
    EXPECT_CODE(queue->Enqueue(task, none, space), CM_NOT_SET_KERNEL_ARGUMENT);
    EXPECT_CODE(kernel->SetKernelArg(1, sizeof(SurfaceIndex), index), CM_SUCCESS);
    EXPECT_CODE(queue->Enqueue(task, event, space), CM_SUCCESS);
    EXPECT_CODE(event->WaitForTaskFinished(), CM_SUCCESS);
    EXPECT_CODE(queue->DestroyEvent(event), CM_SUCCESS);
    EXPECT(event == nullptr);
    EXPECT_CODE(queue->DestroyEvent(none), CM_SUCCESS);
    EXPECT(none == nullptr);

    /* A failed Destroy keeps the caller's pointer (here, already null). */
    CmKernel *null_kernel = nullptr;
    EXPECT_CODE(device->DestroyKernel(null_kernel), CM_NULL_POINTER);

    size_t size = sizeof(UINT);
    UINT caps = 0;
    EXPECT_CODE(device->GetCaps(CAP_SAMPLER_COUNT, size, &caps), CM_NOT_IMPLEMENTED);
    size = 1;
    EXPECT_CODE(device->GetCaps(CAP_HW_THREAD_COUNT, size, &caps), CM_INVALID_ARG_SIZE);
    EXPECT(std::strcmp(GetCmErrorString(CM_INVALID_COMMON_ISA), "CM_INVALID_COMMON_ISA") == 0);

    EXPECT_CODE(DestroyCmDevice(device), CM_SUCCESS);
    EXPECT(device == nullptr);
    if (failures) {
        std::fprintf(stderr, "cm_rt_error_paths: %d failures\n", failures);
        return EXIT_FAILURE;
    }
    std::printf("cm_rt_error_paths: ok\n");
    return EXIT_SUCCESS;
}
