/*
 * compile.c - the last stage: the system C compiler on the generated C,
 * giving an object (-o k.o) or a shared object the runtime loads (-o
 * k.isa, k.so, ...). The C goes through a file because that is what cc
 * reads; it is removed afterwards unless asked for (-save-temps) or cc
 * rejected it, in which case it is the evidence of a translator bug.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE  /* mkstemps: glibc, musl and the BSDs have it */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmc.h"

static int write_fd(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Writes all of data and closes fd; on failure removes path. */
static int finish_file(int fd, const char *path, const char *data, size_t len)
{
    int err = write_fd(fd, data, len) != 0 ? errno : 0;
    if (close(fd) != 0 && !err)
        err = errno;
    if (err) {
        fprintf(stderr, "cmc: error: cannot write '%s': %s\n", path, strerror(err));
        remove(path);
        return -1;
    }
    return 0;
}

int write_file(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        fprintf(stderr, "cmc: error: cannot write '%s': %s\n", path, strerror(errno));
        return -1;
    }
    return finish_file(fd, path, data, len);
}

/* A fresh $TMPDIR/cmc-XXXXXX.c holding the C; returns its malloc'd name. */
static char *write_temporary(const buffer *c_code)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    size_t n = strlen(dir) + sizeof "/cmc-XXXXXX.c";
    char *path = malloc(n);
    if (!path) {
        fprintf(stderr, "cmc: error: out of memory\n");
        return NULL;
    }
    snprintf(path, n, "%s/cmc-XXXXXX.c", dir);
    int fd = mkstemps(path, 2);
    if (fd < 0) {
        fprintf(stderr, "cmc: error: cannot create a temporary file in '%s': %s\n", dir,
                strerror(errno));
        free(path);
        return NULL;
    }
    if (finish_file(fd, path, c_code->data, c_code->len) != 0) {
        free(path);
        return NULL;
    }
    return path;
}

/* -O2 becomes -O3: gcc 12's -O2 vectorises only loops its "very cheap"
 * cost model accepts, and the element loops of vector code are the
 * point of a CM kernel. */
static const char *c_opt_flag(int level)
{
    static const char *const flags[] = {"-O0", "-O1", "-O3", "-O3"};
    return flags[level];
}

/* -MD/-MMD: cc writes the generated C's rule to c_rule (depfile.c). */
static void push_c_rule_options(strlist *argv, const cmc_options *o, const char *c_rule)
{
    if (!c_rule)
        return;
    int system_too = 1;
    for (size_t i = 0; i < o->depend.len; i++)
        system_too = system_too && strcmp(o->depend.items[i], "-MMD") != 0;
    strlist_push(argv, system_too ? "-MD" : "-MMD");
    strlist_push(argv, "-MF");
    strlist_push(argv, c_rule);
}

static void build_command(strlist *argv, const cmc_options *o, const char *include_dir,
                          const char *c_file, const char *c_rule, const char *output,
                          output_kind kind)
{
    push_c_compiler(argv);
    strlist_push(argv, "-std=c11");
    strlist_push(argv, c_opt_flag(o->opt_level));
    strlist_push(argv, "-march=native");
    strlist_push(argv, "-fPIC");
    strlist_push(argv, "-I");
    strlist_push(argv, include_dir);
    if (o->debug)
        strlist_push(argv, "-g");
    strlist_push_all(argv, &o->compiler);
    push_c_rule_options(argv, o, c_rule);
    strlist_push(argv, kind == OUTPUT_OBJECT ? "-c" : "-shared");
    strlist_push(argv, c_file);
    strlist_push(argv, "-o");
    strlist_push(argv, output);
    if (kind == OUTPUT_PROGRAM)  /* so dlopen finds the math the kernel uses */
        strlist_push(argv, "-lm");
}

/* Runs cc; its messages are collected so that, when it fails, they come
 * after cmc's explanation rather than before. Returns 0, 1 when cc rejected
 * the code, -1 when cc could not be run. */
static int run_c_compiler(const cmc_options *o, const char *include_dir,
                          const char *c_file, const char *c_rule, const char *output,
                          output_kind kind)
{
    strlist argv = {0};
    buffer messages = {0};
    build_command(&argv, o, include_dir, c_file, c_rule, output, kind);
    int status = run_tool(&argv, &messages, 1, o->verbose);
    strlist_free(&argv);
    if (status > 0)
        fprintf(stderr, "cmc: error: internal error: the C compiler rejected the "
                        "generated code\n");
    if (messages.len)
        fwrite(messages.data, 1, messages.len, stderr);
    free(messages.data);
    return status > 0 ? 1 : status;
}

static char *write_c_file(const cmc_options *o, const buffer *c_code, const char *output)
{
    if (!o->keep_c)
        return write_temporary(c_code);
    char *path = replace_extension(output, ".cmc.c");
    if (path && write_file(path, c_code->data, c_code->len) != 0) {
        free(path);
        path = NULL;
    }
    return path;
}

/* cc failing to create the output would read as a translator bug, so
 * the one likely user error is caught first: a directory that is not there
 * or not writable. */
static int check_output_dir(const char *output)
{
    const char *slash = strrchr(output, '/');
    char *dir = !slash ? strdup(".")
              : slash == output ? strdup("/")
              : strndup(output, (size_t)(slash - output));
    if (!dir) {
        fprintf(stderr, "cmc: error: out of memory\n");
        return -1;
    }
    int ok = access(dir, W_OK | X_OK) == 0;
    if (!ok)
        fprintf(stderr, "cmc: error: cannot write '%s': %s\n", output, strerror(errno));
    free(dir);
    return ok ? 0 : -1;
}

static int add_c_rule(const cmc_options *o, const char *output, const char *c_rule)
{
    char *depfile = depfile_path(o, output);
    int status = depfile ? depfile_add_c_rule(o, depfile, c_rule) : -1;
    free(depfile);
    return status;
}

int compile(const cmc_options *o, const char *include_dir, const buffer *c_code,
            const char *output, output_kind kind)
{
    if (check_output_dir(output) != 0)
        return -1;
    char *c_file = write_c_file(o, c_code, output);
    if (!c_file)
        return -1;
    char *c_rule = o->deps_file ? replace_extension(output, ".cmc.d") : NULL;
    int status = o->deps_file && !c_rule
                     ? -1
                     : run_c_compiler(o, include_dir, c_file, c_rule, output, kind);
    if (status == 1)
        fprintf(stderr, "cmc: note: the generated C is kept in '%s'\n", c_file);
    else if (!o->keep_c)
        remove(c_file);
    free(c_file);
    if (status == 0 && c_rule)
        status = add_c_rule(o, output, c_rule);
    if (c_rule)
        remove(c_rule);
    free(c_rule);
    return status == 0 ? 0 : -1;
}
