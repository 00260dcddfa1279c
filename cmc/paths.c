/*
 * paths.c - where things are: the kernel headers (lib/include), the C
 * compiler, and the names of files cmc writes.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmc.h"

#ifndef CMC_SOURCE_INCLUDE_DIR
#error "meson passes CMC_SOURCE_INCLUDE_DIR, the source tree's lib/include"
#endif

static char *concat(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    char *s = malloc(na + nb + 1);
    if (!s)
        return NULL;
    memcpy(s, a, na);
    memcpy(s + na, b, nb + 1);
    return s;
}

static char *copy_string(const char *s)
{
    return concat(s, "");
}

static int has_cm_header(const char *dir)
{
    char *header = concat(dir, "/cm/cm.h");
    int found = header && access(header, R_OK) == 0;
    free(header);
    return found;
}

/* The directory this executable is in, from /proc/self/exe (so that an
 * installed cmc finds the headers installed beside it, wherever it was
 * invoked from). NULL when not available. */
static char *executable_dir(void)
{
    size_t cap = 256;
    for (;;) {
        char *path = malloc(cap);
        if (!path)
            return NULL;
        ssize_t n = readlink("/proc/self/exe", path, cap);
        if (n < 0) {
            free(path);
            return NULL;
        }
        if ((size_t)n < cap) {  /* otherwise it may have been cut short */
            path[n] = '\0';
            char *slash = strrchr(path, '/');
            if (slash)
                *slash = '\0';
            return path;
        }
        free(path);
        cap *= 2;
    }
}

/* <exe dir>/../include/cmc when it holds cm/cm.h: the installed layout. */
static char *installed_include_dir(void)
{
    char *exe_dir = executable_dir();
    if (!exe_dir)
        return NULL;
    char *dir = concat(exe_dir, "/../include/cmc");
    free(exe_dir);
    if (dir && !has_cm_header(dir)) {
        free(dir);
        dir = NULL;
    }
    return dir;
}

char *find_include_dir(void)
{
    const char *env = getenv("CMC_INCLUDE_DIR");
    char *dir;
    if (env && *env)
        dir = copy_string(env);
    else if (!(dir = installed_include_dir()))
        dir = copy_string(CMC_SOURCE_INCLUDE_DIR);
    if (!dir)
        fprintf(stderr, "cmc: error: out of memory\n");
    return dir;
}

/* Is there an executable `name` in a directory of $PATH? */
static int on_path(const char *name)
{
    const char *path = getenv("PATH");
    char candidate[4096];
    while (path && *path) {
        size_t len = strcspn(path, ":");
        int n = snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len,
                         len ? path : ".", name);
        if (n > 0 && (size_t)n < sizeof candidate && access(candidate, X_OK) == 0)
            return 1;
        path += len + (path[len] == ':');
    }
    return 0;
}

/* $CMC_CC, else $CC; NULL when neither is set. */
static const char *compiler_from_environment(void)
{
    const char *cc = getenv("CMC_CC");
    if (!cc || !*cc)
        cc = getenv("CC");
    return cc && *cc ? cc : NULL;
}

/* The environment's compiler, else clang when installed, else cc. clang
 * first because its vectoriser does far better on the element loops cmc
 * emits: measured here on the linear filter kernel, 63 ns per 8x6 block
 * against gcc 12's 294, with the same -O3 -march=native. */
void push_c_compiler(strlist *argv)
{
    const char *cc = compiler_from_environment();
    if (!cc)
        cc = on_path("clang") ? "clang" : "cc";
    strlist_push_words(argv, cc);
}

/* The environment's compiler, else cc: the text is the same whoever
 * preprocesses, and cc starts about three times faster than Debian's
 * clang, which loads LLVM's shared libraries (40 against 126 ms here). */
void push_preprocessor(strlist *argv)
{
    const char *cc = compiler_from_environment();
    strlist_push_words(argv, cc ? cc : "cc");
}

/* The extension's dot in path, or NULL: a dot in a directory name or at
 * the start of a file name (".hidden") does not start an extension. */
static const char *extension(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? dot : NULL;
}

output_kind output_kind_of(const char *output)
{
    const char *ext = extension(output);
    if (ext && strcmp(ext, ".c") == 0)
        return OUTPUT_C;
    if (ext && strcmp(ext, ".o") == 0)
        return OUTPUT_OBJECT;
    return OUTPUT_PROGRAM;
}

char *replace_extension(const char *path, const char *suffix)
{
    const char *ext = extension(path);
    size_t stem = ext ? (size_t)(ext - path) : strlen(path);
    size_t n = strlen(suffix);
    char *s = malloc(stem + n + 1);
    if (!s) {
        fprintf(stderr, "cmc: error: out of memory\n");
        return NULL;
    }
    memcpy(s, path, stem);
    memcpy(s + stem, suffix, n + 1);
    return s;
}

/* Like Intel cmc: k.cpp -> k.isa, in the current directory. */
char *default_output_name(const char *input)
{
    const char *slash = strrchr(input, '/');
    return replace_extension(slash ? slash + 1 : input, ".isa");
}
