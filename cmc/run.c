/*
 * run.c - runs a tool (cc) without a shell: posix_spawnp with the argument
 * vector as is, so file names with spaces or quotes need no escaping.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmc.h"

extern char **environ;

/* Only characters a shell leaves alone go unquoted, so that -v output can
 * be pasted back into a shell. */
static int needs_quotes(const char *s)
{
    if (!*s)
        return 1;
    for (; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789-_=+./:,@%", *s))
            return 1;
    return 0;
}

static void echo_command(const strlist *argv)
{
    for (size_t i = 0; i < argv->len; i++) {
        const char *a = argv->items[i];
        fputs(i ? " " : "", stderr);
        if (!needs_quotes(a)) {
            fputs(a, stderr);
            continue;
        }
        fputc('\'', stderr);
        for (; *a; a++) {
            if (*a == '\'')
                fputs("'\\''", stderr);  /* close, escaped quote, reopen */
            else
                fputc(*a, stderr);
        }
        fputc('\'', stderr);
    }
    fputc('\n', stderr);
}

/* Reads fd to its end into *out. Returns 0, or -1 when out of memory
 * (the rest is still drained so that the child is not left blocked). */
static int read_all(int fd, buffer *out)
{
    size_t cap = 4096, len = 0;
    char *data = malloc(cap);
    int failed = !data;
    char scratch[4096];
    for (;;) {
        if (!failed && cap - len < 2) {
            char *bigger = realloc(data, cap * 2);
            if (bigger) {
                data = bigger;
                cap *= 2;
            } else {
                failed = 1;
            }
        }
        char *dst = failed ? scratch : data + len;
        size_t room = failed ? sizeof scratch : cap - len - 1;
        ssize_t n = read(fd, dst, room);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (!failed)
            len += (size_t)n;
    }
    if (failed) {
        free(data);
        return -1;
    }
    data[len] = '\0';
    out->data = data;
    out->len = len;
    return 0;
}

static int wait_for(pid_t pid, const char *tool)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "cmc: error: waiting for '%s': %s\n", tool, strerror(errno));
            return -1;
        }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    fprintf(stderr, "cmc: error: '%s' was killed by signal %d\n", tool, WTERMSIG(status));
    return -1;
}

/* Spawns with stdout (and maybe stderr) going to pipe_write, when >= 0. */
static int spawn(const strlist *argv, int pipe_write, int pipe_read, int merge_stderr,
                 pid_t *pid)
{
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0)
        return ENOMEM;
    int err = 0;
    if (pipe_write >= 0) {
        err = posix_spawn_file_actions_adddup2(&actions, pipe_write, STDOUT_FILENO);
        if (!err && merge_stderr)
            err = posix_spawn_file_actions_adddup2(&actions, pipe_write, STDERR_FILENO);
        if (!err)
            err = posix_spawn_file_actions_addclose(&actions, pipe_write);
        if (!err)
            err = posix_spawn_file_actions_addclose(&actions, pipe_read);
    }
    if (!err)
        err = posix_spawnp(pid, argv->items[0], &actions, NULL, argv->items, environ);
    posix_spawn_file_actions_destroy(&actions);
    return err;
}

int run_tool(const strlist *argv, buffer *out, int merge_stderr, int verbose)
{
    if (argv->failed || argv->len == 0) {
        fprintf(stderr, "cmc: error: out of memory\n");
        return -1;
    }
    const char *tool = argv->items[0];
    if (verbose)
        echo_command(argv);
    int fds[2] = {-1, -1};
    if (out && pipe(fds) != 0) {
        fprintf(stderr, "cmc: error: cannot create a pipe: %s\n", strerror(errno));
        return -1;
    }
    fflush(NULL); /* what we printed comes before what the tool prints */
    pid_t pid;
    int err = spawn(argv, fds[1], fds[0], merge_stderr, &pid);
    if (fds[1] >= 0)
        close(fds[1]);
    if (err) {
        if (fds[0] >= 0)
            close(fds[0]);
        fprintf(stderr, "cmc: error: cannot run '%s': %s\n", tool, strerror(err));
        return -1;
    }
    int read_failed = out ? read_all(fds[0], out) : 0;
    if (fds[0] >= 0)
        close(fds[0]);
    int status = wait_for(pid, tool);
    if (read_failed) {
        fprintf(stderr, "cmc: error: out of memory reading the output of '%s'\n", tool);
        return -1;
    }
    if (status < 0 && out) {
        free(out->data);
        *out = (buffer){0};
    }
    return status;
}
