// A C host program of the meson consumer: runs the kernel of scale_genx.isa
// (from the working directory, as CM host code does) through cmrt.h over a
// 32x16-byte surface, and checks that every byte came out multiplied by the
// factor given as argv[1]. Exit status 0 when all are right, 1 otherwise.
#include <cmrt.h>
#include <stdio.h>
#include <stdlib.h>

enum { WIDTH = 32, HEIGHT = 16 };  // bytes and rows: 2x2 blocks of 16x8

static void check(int code, const char *call)
{
    if (code != CM_SUCCESS) {
        fprintf(stderr, "%s: %s\n", call, cmrt_code_name(code));
        exit(1);
    }
}

static unsigned char *read_program(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    unsigned char *bytes = NULL;
    size_t n = 0, cap = 0, got;
    do {
        if (n == cap && !(bytes = realloc(bytes, cap = cap ? 2 * cap : 65536))) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        got = fread(bytes + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    *size = n;
    return bytes;
}

int main(int argc, char **argv)
{
    int factor = argc > 1 ? atoi(argv[1]) : 3;
    static unsigned char in[HEIGHT][WIDTH], out[HEIGHT][WIDTH];
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
            in[y][x] = (unsigned char)((x + 3 * y) % 50);

    size_t size;
    unsigned char *program_bytes = read_program("scale_genx.isa", &size);
    cmrt_device *device;
    cmrt_program *program;
    cmrt_kernel *kernel;
    cmrt_surface *in_surface, *out_surface;
    cmrt_surface_index *in_index, *out_index;
    check(cmrt_device_create(NULL, &device), "cmrt_device_create");
    check(cmrt_program_load(device, program_bytes, size, &program), "cmrt_program_load");
    free(program_bytes);
    check(cmrt_kernel_create(program, "scale", &kernel), "cmrt_kernel_create");

    // A8R8G8B8: 4-byte texels, so WIDTH / 4 of them to a row.
    check(cmrt_surface2d_create(device, WIDTH / 4, HEIGHT, CM_SURFACE_FORMAT_A8R8G8B8,
                                &in_surface), "cmrt_surface2d_create");
    check(cmrt_surface2d_create(device, WIDTH / 4, HEIGHT, CM_SURFACE_FORMAT_A8R8G8B8,
                                &out_surface), "cmrt_surface2d_create");
    check(cmrt_surface_write(in_surface, in, sizeof in, NULL), "cmrt_surface_write");
    check(cmrt_surface_get_index(in_surface, &in_index), "cmrt_surface_get_index");
    check(cmrt_surface_get_index(out_surface, &out_index), "cmrt_surface_get_index");
    check(cmrt_kernel_set_arg(kernel, 0, sizeof *in_index, in_index), "cmrt_kernel_set_arg");
    check(cmrt_kernel_set_arg(kernel, 1, sizeof *out_index, out_index), "cmrt_kernel_set_arg");

    cmrt_thread_space *space;
    cmrt_task *task;
    cmrt_queue *queue;
    cmrt_event *event;
    check(cmrt_thread_space_create(device, WIDTH / 16, HEIGHT / 8, &space),
          "cmrt_thread_space_create");
    check(cmrt_task_create(device, &task), "cmrt_task_create");
    check(cmrt_task_add_kernel(task, kernel), "cmrt_task_add_kernel");
    check(cmrt_queue_create(device, &queue), "cmrt_queue_create");
    check(cmrt_enqueue(queue, task, space, &event), "cmrt_enqueue");
    check(cmrt_surface_read(out_surface, out, sizeof out, event), "cmrt_surface_read");
    check(cmrt_event_destroy(event), "cmrt_event_destroy");
    check(cmrt_device_destroy(device), "cmrt_device_destroy");

    int wrong = 0;
    for (int y = 0; y < HEIGHT; y++)
        for (int x = 0; x < WIDTH; x++)
            if (out[y][x] != (unsigned char)(in[y][x] * factor) && wrong++ < 5)
                fprintf(stderr, "(%d, %d): %d, expected %d * %d\n", x, y, out[y][x],
                        in[y][x], factor);
    if (wrong) {
        fprintf(stderr, "%d of %d bytes wrong\n", wrong, WIDTH * HEIGHT);
        return 1;
    }
    printf("scale: %d bytes multiplied by %d\n", WIDTH * HEIGHT, factor);
    return 0;
}
