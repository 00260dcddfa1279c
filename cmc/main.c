/*
 * main.c - runs the stages in order (cmc.h lists them) and turns the
 * outcome into the exit status: 0 on success, 1 on any error, each error
 * already reported on stderr by the stage that met it.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cmc.h"

#ifndef CMC_VERSION
#error "meson passes CMC_VERSION, the project's version"
#endif

/* Checked here rather than left to the preprocessor, so that the message
 * is cmc's own and the same whichever cc is installed. */
static int check_input(const char *input)
{
    FILE *f = fopen(input, "r");
    if (!f) {
        fprintf(stderr, "cmc: error: cannot open '%s': %s\n", input, strerror(errno));
        return -1;
    }
    struct stat st;
    int is_dir = fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
    fclose(f);
    if (is_dir) {
        fprintf(stderr, "cmc: error: cannot open '%s': %s\n", input, strerror(EISDIR));
        return -1;
    }
    return 0;
}

/* Writing the C (or an object) over the kernel would destroy the user's
 * source; gcc refuses this too. */
static int check_output_is_not_input(const char *input, const char *output)
{
    struct stat in, out;
    if (*output == '\0') {
        fprintf(stderr, "cmc: error: the output file name is empty\n");
        return -1;
    }
    if (stat(input, &in) == 0 && stat(output, &out) == 0 && in.st_dev == out.st_dev &&
        in.st_ino == out.st_ino) {
        fprintf(stderr, "cmc: error: input file '%s' is the same as output file\n", input);
        return -1;
    }
    return 0;
}

static int write_stdout(const buffer *b)
{
    if (fwrite(b->data, 1, b->len, stdout) != b->len || fflush(stdout) != 0) {
        fprintf(stderr, "cmc: error: cannot write to standard output: %s\n",
                strerror(errno));
        return -1;
    }
    return 0;
}

/* -ftime-report: the wall time of each stage, in milliseconds. */
typedef struct stage_times {
    double preprocess, translate, build;
} stage_times;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void report_times(const stage_times *t)
{
    fprintf(stderr, "cmc: time: preprocess %.2f ms, translate %.2f ms, cc %.2f ms\n",
            t->preprocess, t->translate, t->build);
}

/* The stages after the preprocessor: translate, then write the C or
 * build from it, as the output's name asks. */
static int translate_and_build(const cmc_options *o, const char *include_dir,
                               buffer *text, const char *output, stage_times *t)
{
    buffer c_code = {0};
    double start = now_ms();
    int status = translate(o, text, &c_code);
    t->translate = now_ms() - start;
    if (status != 0)
        return -1;
    start = now_ms();
    if (o->syntax_only)
        status = 0;
    else if (output_kind_of(output) == OUTPUT_C)
        status = write_file(output, c_code.data, c_code.len);
    else
        status = compile(o, include_dir, &c_code, output, output_kind_of(output));
    t->build = now_ms() - start;
    free(c_code.data);
    return status;
}

static int run(const cmc_options *o)
{
    if (check_input(o->input) != 0)
        return -1;
    char *output = o->output ? NULL : default_output_name(o->input);
    const char *out_name = o->output ? o->output : output;
    char *include_dir = find_include_dir();
    buffer text = {0};
    int status = -1;
    stage_times times = {0};
    double start = now_ms();
    if (out_name && include_dir && check_output_is_not_input(o->input, out_name) == 0 &&
        preprocess(o, include_dir, out_name, &text) == 0) {
        times.preprocess = now_ms() - start;
        if (o->deps_only)  /* -M: the text is the make rule */
            status = write_stdout(&text);
        else
            status = translate_and_build(o, include_dir, &text, out_name, &times);
    }
    if (o->time_report)
        report_times(&times);
    free(text.data);
    free(include_dir);
    free(output);
    return status;
}

int main(int argc, char **argv)
{
    cmc_options o;
    int status = options_parse(argc, argv, &o);
    if (status == 0 && o.show_help)
        options_print_help();
    else if (status == 0 && o.show_version)
        printf("cmc %s\n", CMC_VERSION);
    else if (status == 0)
        status = run(&o);
    options_free(&o);
    return status == 0 ? 0 : 1;
}
