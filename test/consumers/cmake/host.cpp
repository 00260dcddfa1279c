// A CM host program of the CMake consumer, written as for the GPU: runs the
// kernel of scale_genx.isa (from the working directory) through cm_rt.h over
// a 32x16-byte surface, and checks that every byte came out multiplied by
// the factor given as argv[1]. Exit status 0 when all are right, 1 otherwise.
#include <cm_rt.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

static const unsigned WIDTH = 32, HEIGHT = 16;  // bytes and rows: 2x2 blocks of 16x8

static void check(int code, const char *call)
{
    if (code != CM_SUCCESS) {
        std::fprintf(stderr, "%s failed: %d\n", call, code);
        std::exit(1);
    }
}

int main(int argc, char **argv)
{
    int factor = argc > 1 ? std::atoi(argv[1]) : 3;
    std::vector<unsigned char> in(WIDTH * HEIGHT), out(WIDTH * HEIGHT);
    for (unsigned y = 0; y < HEIGHT; y++)
        for (unsigned x = 0; x < WIDTH; x++)
            in[y * WIDTH + x] = (unsigned char)((x + 3 * y) % 50);

    std::ifstream file("scale_genx.isa", std::ios::binary);
    std::vector<char> isa((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
    if (isa.empty()) {
        std::fprintf(stderr, "cannot read scale_genx.isa\n");
        return 1;
    }

    CmDevice *device = nullptr;
    UINT version = 0;
    check(::CreateCmDevice(device, version), "CreateCmDevice");
    CmProgram *program = nullptr;
    check(device->LoadProgram(isa.data(), isa.size(), program), "LoadProgram");
    CmKernel *kernel = nullptr;
    check(device->CreateKernel(program, "scale", kernel), "CreateKernel");

    // A8R8G8B8: 4-byte texels, so WIDTH / 4 of them to a row.
    CmSurface2D *input = nullptr, *output = nullptr;
    check(device->CreateSurface2D(WIDTH / 4, HEIGHT, CM_SURFACE_FORMAT_A8R8G8B8, input),
          "CreateSurface2D");
    check(device->CreateSurface2D(WIDTH / 4, HEIGHT, CM_SURFACE_FORMAT_A8R8G8B8, output),
          "CreateSurface2D");
    check(input->WriteSurface(in.data(), nullptr), "WriteSurface");
    SurfaceIndex *input_index = nullptr, *output_index = nullptr;
    check(input->GetIndex(input_index), "GetIndex");
    check(output->GetIndex(output_index), "GetIndex");
    check(kernel->SetKernelArg(0, sizeof(SurfaceIndex), input_index), "SetKernelArg");
    check(kernel->SetKernelArg(1, sizeof(SurfaceIndex), output_index), "SetKernelArg");

    CmThreadSpace *space = nullptr;
    check(device->CreateThreadSpace(WIDTH / 16, HEIGHT / 8, space), "CreateThreadSpace");
    CmTask *task = nullptr;
    check(device->CreateTask(task), "CreateTask");
    check(task->AddKernel(kernel), "AddKernel");
    CmQueue *queue = nullptr;
    check(device->CreateQueue(queue), "CreateQueue");
    CmEvent *event = nullptr;
    check(queue->Enqueue(task, event, space), "Enqueue");
    check(output->ReadSurface(out.data(), event), "ReadSurface");  // waits for the event
    check(::DestroyCmDevice(device), "DestroyCmDevice");

    unsigned wrong = 0;
    for (unsigned i = 0; i < WIDTH * HEIGHT; i++)
        if (out[i] != (unsigned char)(in[i] * factor) && wrong++ < 5)
            std::fprintf(stderr, "(%u, %u): %d, expected %d * %d\n", i % WIDTH, i / WIDTH,
                         out[i], in[i], factor);
    if (wrong) {
        std::fprintf(stderr, "%u of %u bytes wrong\n", wrong, WIDTH * HEIGHT);
        return 1;
    }
    std::printf("scale: %u bytes multiplied by %d\n", WIDTH * HEIGHT, factor);
    return 0;
}
