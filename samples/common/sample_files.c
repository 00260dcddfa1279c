/*
 * sample_files.c - loading a file whole, and finding one beside the
 * program (/proc/self/exe on Linux).
 */
#define _POSIX_C_SOURCE 200809L
#include "sample_files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void fail(sample_error *err, const char *what, const char *path,
                 const char *why)
{
    if (err)
        snprintf(err->text, sizeof err->text, "%s: %s: %s", path, what, why);
}

/* The size of an open file, or -1 if it cannot be seeked (a pipe, ...). */
static long file_size(FILE *f)
{
    if (fseek(f, 0, SEEK_END) != 0)
        return -1;
    long size = ftell(f);
    if (fseek(f, 0, SEEK_SET) != 0)
        return -1;
    return size;
}

/* Reads the rest of an open file into out. */
static int read_whole(FILE *f, const char *path, file_bytes *out,
                      sample_error *err)
{
    long size = file_size(f);
    if (size < 0) {
        fail(err, "cannot tell its size", path, strerror(errno));
        return -1;
    }
    unsigned char *data = malloc(size > 0 ? (size_t)size : 1);
    if (!data) {
        fail(err, "cannot load", path, "out of memory");
        return -1;
    }
    if (fread(data, 1, (size_t)size, f) != (size_t)size) {
        fail(err, "read error", path, ferror(f) ? strerror(errno) : "file shrank");
        free(data);
        return -1;
    }
    out->data = data;
    out->size = (size_t)size;
    return 0;
}

int file_bytes_load(const char *path, file_bytes *out, sample_error *err)
{
    out->data = NULL;
    out->size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, "cannot open", path, strerror(errno));
        return -1;
    }
    int rc = read_whole(f, path, out, err);
    fclose(f);
    return rc;
}

void file_bytes_free(file_bytes *file)
{
    free(file->data);
    file->data = NULL;
    file->size = 0;
}

/* The directory of the running executable, with a trailing '/'. */
static int program_dir(char *dir, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", dir, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return -1;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash)
        return -1;
    slash[1] = '\0';
    return 0;
}

static int copy_path(char *path, size_t size, const char *dir, const char *name)
{
    int n = snprintf(path, size, "%s%s", dir, name);
    return n >= 0 && (size_t)n < size ? 0 : -1;
}

int find_beside_program(const char *name, char *path, size_t size,
                        sample_error *err)
{
    if (access(name, R_OK) == 0)
        return copy_path(path, size, "", name);
    char dir[4096];
    if (program_dir(dir, sizeof dir) == 0 &&
        copy_path(path, size, dir, name) == 0 && access(path, R_OK) == 0)
        return 0;
    if (err)
        snprintf(err->text, sizeof err->text,
                 "%s: not in the working directory nor beside the program", name);
    return -1;
}
