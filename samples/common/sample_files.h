/*
 * sample_files.h - what CM host programs do with files besides pictures:
 * find a kernel program (linear_genx.isa) and load it into memory for
 * CmDevice::LoadProgram.
 */
#ifndef SAMPLES_SAMPLE_FILES_H
#define SAMPLES_SAMPLE_FILES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sample_error {
    char text[512];
} sample_error;

/* A whole file in memory; free it with file_bytes_free. */
typedef struct file_bytes {
    unsigned char *data;
    size_t size;
} file_bytes;

/* Returns 0, or -1 with a one-line reason naming the file in err. */
int file_bytes_load(const char *path, file_bytes *out, sample_error *err);
void file_bytes_free(file_bytes *file);

/* Where a file the program ships beside itself is: `name` in the working
 * directory if it is there, else in the directory of the running
 * executable. Writes the path to path[size] and returns 0; -1 with a
 * reason if neither place has it. */
int find_beside_program(const char *name, char *path, size_t size,
                        sample_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SAMPLES_SAMPLE_FILES_H */
