/*
 * sample_options.h - the command line every sample shares (--input,
 * --size, --output-dir, --repeat, --help, and one option of its own such
 * as linear_filter's --kernel), and the chores that follow from it:
 * loading and scaling the input picture, making the output directory.
 *
 * Messages go to stderr prefixed with the sample's name; nothing aborts.
 */
#ifndef SAMPLES_SAMPLE_OPTIONS_H
#define SAMPLES_SAMPLE_OPTIONS_H

#include "picture.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sample_options {
    const char *input;      /* a binary PPM picture */
    int width, height;      /* --size; 0: the input's own */
    const char *output_dir;
    int repeat;             /* timed runs after one warm-up */
    const char *choice;     /* the sample's own option's value, or NULL */
} sample_options;

typedef struct sample_spec {
    const char *program;        /* "linear_filter": messages start with it */
    const char *help;           /* what --help prints, whole */
    const char *choice_option;  /* "--kernel", or NULL for none */
    const char *const *choices; /* its allowed values, NULL-terminated */
} sample_spec;

/* Fills *opt from argv over the defaults already in it. Returns 0 to run,
 * 1 when --help was printed, 2 for a bad command line (with a message). */
int sample_parse_options(const sample_spec *spec, int argc, char **argv,
                         sample_options *opt);

/* The input picture, scaled to --size when given; 0, or -1 with a message.
 * The caller frees *pic with picture_free. */
int sample_load_input(const sample_spec *spec, const sample_options *opt,
                      picture *pic);

/* Creates --output-dir if it is not there; 0, or -1 with a message. */
int sample_make_output_dir(const sample_spec *spec, const char *dir);

/* Writes a PNG; 0, or -1 with a message. */
int sample_save_png(const sample_spec *spec, const char *path,
                    const picture *pic);

#ifdef __cplusplus
}
#endif

#endif /* SAMPLES_SAMPLE_OPTIONS_H */
