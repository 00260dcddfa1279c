/*
 * sample_options.c - the samples' shared command line and its chores.
 */
#define _POSIX_C_SOURCE 200809L
#include "sample_options.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "picture_scale.h"

static int parse_size(const char *text, int *width, int *height)
{
    char x = 0, rest = 0;
    return sscanf(text, "%d%c%d%c", width, &x, height, &rest) == 3 &&
           (x == 'x' || x == 'X') && *width > 0 && *height > 0;
}

static int parse_count(const char *text, int *count)
{
    char rest = 0;
    return sscanf(text, "%d%c", count, &rest) == 1 && *count > 0;
}

static int is_choice(const sample_spec *spec, const char *value)
{
    for (const char *const *c = spec->choices; c && *c; c++)
        if (!strcmp(*c, value))
            return 1;
    return 0;
}

static int is_option(const sample_spec *spec, const char *name)
{
    static const char *const with_value[] = {"--input", "--size", "--output-dir",
                                             "--repeat"};
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (!strcmp(with_value[i], name))
            return 1;
    return spec->choice_option && !strcmp(spec->choice_option, name);
}

/* Sets option `name` (known to exist) to `value`; 0 if the value is bad. */
static int set_option(const sample_spec *spec, const char *name,
                      const char *value, sample_options *opt)
{
    if (!strcmp(name, "--input"))
        opt->input = value;
    else if (!strcmp(name, "--size"))
        return parse_size(value, &opt->width, &opt->height);
    else if (!strcmp(name, "--output-dir"))
        opt->output_dir = value;
    else if (!strcmp(name, "--repeat"))
        return parse_count(value, &opt->repeat);
    else
        return is_choice(spec, opt->choice = value);
    return 1;
}

/* Takes the option at argv[*i] and its value; 0 with a message if bad. */
static int take_option(const sample_spec *spec, int argc, char **argv, int *i,
                       sample_options *opt)
{
    const char *name = argv[*i];
    if (!is_option(spec, name)) {
        fprintf(stderr, "%s: unknown option %s (see --help)\n", spec->program, name);
        return 0;
    }
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s: %s needs a value (see --help)\n", spec->program, name);
        return 0;
    }
    const char *value = argv[++*i];
    if (set_option(spec, name, value, opt))
        return 1;
    fprintf(stderr, "%s: bad value for %s: %s (see --help)\n", spec->program,
            name, value);
    return 0;
}

int sample_parse_options(const sample_spec *spec, int argc, char **argv,
                         sample_options *opt)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(spec->help, stdout);
            return 1;
        }
        if (!take_option(spec, argc, argv, &i, opt))
            return 2;
    }
    return 0;
}

int sample_load_input(const sample_spec *spec, const sample_options *opt,
                      picture *pic)
{
    picture_error err;
    if (ppm_read(opt->input, pic, &err) != 0) {
        fprintf(stderr, "%s: %s\n", spec->program, err.text);
        return -1;
    }
    if (opt->width == 0)
        return 0;
    picture scaled;
    int rc = picture_scale(pic, opt->width, opt->height, &scaled, &err);
    picture_free(pic);
    if (rc != 0) {
        fprintf(stderr, "%s: --size %dx%d: %s\n", spec->program, opt->width,
                opt->height, err.text);
        return -1;
    }
    *pic = scaled;
    return 0;
}

int sample_make_output_dir(const sample_spec *spec, const char *dir)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST)
        return 0;
    fprintf(stderr, "%s: cannot create %s: %s\n", spec->program, dir,
            strerror(errno));
    return -1;
}

int sample_save_png(const sample_spec *spec, const char *path,
                    const picture *pic)
{
    picture_error err;
    if (png_write(path, pic, &err) == 0)
        return 0;
    fprintf(stderr, "%s: %s\n", spec->program, err.text);
    return -1;
}
