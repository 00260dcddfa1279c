/*
 * options.c - the command line (DESIGN.md 4.1): gcc's spelling for what
 * gcc also has, Intel cmc's GPU flags accepted so that existing build
 * scripts work unmodified.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cmc.h"

void options_print_help(void)
{
    fputs(
        "usage: cmc [options] kernel.cpp [-o out]\n"
        "\n"
        "Translates a C-for-Metal kernel to C11 and builds it with the system C compiler.\n"
        "The output kind follows the name given to -o:\n"
        "  out.c          the generated C itself\n"
        "  out.o          an object file\n"
        "  anything else  a loadable program (a shared object) for CmDevice::LoadProgram;\n"
        "                 without -o: <kernel name>.isa\n"
        "\n"
        "Options:\n"
        "  -o <file>          write the output to <file>\n"
        "  -I <dir>           add <dir> to the #include search path (also -I<dir>)\n"
        "  -D <name>[=<val>]  define a macro (also -D<name>...)\n"
        "  -U <name>          undefine a macro (also -U<name>)\n"
        "  -include <file>    include <file> before the kernel\n"
        "  -O0 -O1 -O2 -O3    optimisation level, default -O2 (-O alone is -O1); the C\n"
        "                     compiler gets -O0, -O1, -O3, -O3: -O2 becomes -O3 so that\n"
        "                     the kernel's element loops are vectorised\n"
        "  -g                 #line directives back to the kernel, and debug information\n"
        "  -Werror            treat warnings as errors\n"
        "  -fsyntax-only      check the kernel, write nothing\n"
        "  -ftime-report      print each stage's time on stderr\n"
        "  -M                 print a make rule of the kernel's dependencies, then stop\n"
        "  -MM                like -M, leaving out system headers\n"
        "  -MD                also write the rule to a depfile (<out without suffix>.d)\n"
        "  -MMD               like -MD, leaving out system headers\n"
        "  -MF <file>         write the rule to <file>\n"
        "  -MT <target>       the rule's target (default: the output file)\n"
        "  -MQ <target>       like -MT, quoting characters special to make\n"
        "  -MP                add a phony target for each header\n"
        "  -fsanitize=<checks>  build the kernel with the C compiler's sanitizers\n"
        "                     (undefined, address, ...); the program that loads it\n"
        "                     must carry their runtime. Also -fno-sanitize=<checks>,\n"
        "                     -fno-sanitize-recover[=<checks>]\n"
        "  -save-temps        keep the generated C as <out without suffix>.cmc.c\n"
        "  --keep-c           same as -save-temps\n"
        "  -v                 print the commands cmc runs\n"
        "  --version          print the version and exit\n"
        "  --help             print this text and exit\n"
        "\n"
        "Accepted for Intel cmc compatibility, no effect on the CPU code:\n"
        "  -march=<gpu> -mcpu=<gpu>  target GPU (SKL, TGLLP, ...); cmc always builds for\n"
        "                            the host CPU (-march=native)\n"
        "  -mCM_<...> -Qxcm<...>     Intel cmc code-generation flags\n"
        "\n"
        "Environment:\n"
        "  CMC_CC, CC         the C compiler to run (words split at blanks); default:\n"
        "                     clang when installed, else cc; cc preprocesses\n"
        "  CMC_INCLUDE_DIR    the directory holding cm/cm.h, instead of the installed one\n"
        "  TMPDIR             where the generated C is put while it is compiled\n",
        stdout);
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The command line being read: argv and the index of the current word. */
typedef struct cursor {
    int argc, i;
    char **argv;
} cursor;

/* The value of an option spelled "-X value" or "-Xvalue". Returns NULL
 * after reporting a missing value. */
static const char *option_value(cursor *c, const char *name)
{
    const char *arg = c->argv[c->i];
    if (arg[strlen(name)] != '\0')
        return arg + strlen(name);
    if (c->i + 1 >= c->argc) {
        fprintf(stderr, "cmc: error: missing argument to '%s'\n", name);
        return NULL;
    }
    return c->argv[++c->i];
}

/* The parse_*_option functions return 1 when they took the option, 0
 * when it is not theirs, -1 after reporting an error. */

/* -I -D -U -include: passed to the preprocessor in their order. */
static int parse_preprocessor_option(cursor *c, cmc_options *o)
{
    static const char *const joinable[] = {"-I", "-D", "-U"};
    const char *arg = c->argv[c->i];
    if (strcmp(arg, "-include") == 0) {
        if (c->i + 1 >= c->argc) {
            fprintf(stderr, "cmc: error: missing argument to '-include'\n");
            return -1;
        }
        strlist_push(&o->preprocessor, "-include");
        strlist_push(&o->preprocessor, c->argv[++c->i]);
        return 1;
    }
    for (size_t k = 0; k < sizeof joinable / sizeof *joinable; k++) {
        if (!starts_with(arg, joinable[k]))
            continue;
        const char *value = option_value(c, joinable[k]);
        if (!value)
            return -1;
        strlist_push(&o->preprocessor, joinable[k]);
        strlist_push(&o->preprocessor, value);
        return 1;
    }
    return 0;
}

/* -M and friends: passed to the preprocessor, which writes the rule. */
static int parse_depend_option(cursor *c, cmc_options *o)
{
    static const char *const with_value[] = {"-MF", "-MT", "-MQ"};
    const char *arg = c->argv[c->i];
    for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++) {
        if (!starts_with(arg, with_value[k]))
            continue;
        const char *value = option_value(c, with_value[k]);
        if (!value)
            return -1;
        if (k == 0)
            o->deps_file_named = 1;
        else
            o->deps_target_named = 1;
        strlist_push(&o->depend, with_value[k]);
        strlist_push(&o->depend, value);
        return 1;
    }
    if (strcmp(arg, "-M") == 0 || strcmp(arg, "-MM") == 0)
        o->deps_only = 1;
    else if (strcmp(arg, "-MD") == 0 || strcmp(arg, "-MMD") == 0)
        o->deps_file = 1;
    else if (strcmp(arg, "-MP") != 0)
        return 0;
    strlist_push(&o->depend, arg);
    return 1;
}

/* Flags that set one field and take no value. */
static int parse_flag(const char *arg, cmc_options *o)
{
    static const struct {
        const char *name;
        size_t field;
    } flags[] = {
        {"-g", offsetof(cmc_options, debug)},
        {"-Werror", offsetof(cmc_options, werror)},
        {"-fsyntax-only", offsetof(cmc_options, syntax_only)},
        {"-ftime-report", offsetof(cmc_options, time_report)},
        {"-save-temps", offsetof(cmc_options, keep_c)},
        {"--keep-c", offsetof(cmc_options, keep_c)},
        {"-v", offsetof(cmc_options, verbose)},
        {"--help", offsetof(cmc_options, show_help)},
        {"--version", offsetof(cmc_options, show_version)},
    };
    for (size_t k = 0; k < sizeof flags / sizeof *flags; k++)
        if (strcmp(arg, flags[k].name) == 0) {
            *(int *)((char *)o + flags[k].field) = 1;
            return 1;
        }
    return 0;
}

static int parse_opt_level(const char *arg, cmc_options *o)
{
    if (strcmp(arg, "-O") == 0) {  /* gcc: -O is -O1 */
        o->opt_level = 1;
        return 1;
    }
    if (arg[0] == '-' && arg[1] == 'O' && arg[2] >= '0' && arg[2] <= '3' && !arg[3]) {
        o->opt_level = arg[2] - '0';
        return 1;
    }
    return 0;
}

/* The sanitizers are the C compiler's: cmc passes their flags on, so that
 * a sanitized build of a host program can check its kernels too. */
static int parse_compiler_flag(const char *arg, cmc_options *o)
{
    static const char *const prefixes[] = {"-fsanitize=", "-fno-sanitize=",
                                           "-fno-sanitize-recover"};
    for (size_t k = 0; k < sizeof prefixes / sizeof *prefixes; k++)
        if (starts_with(arg, prefixes[k])) {
            strlist_push(&o->compiler, arg);
            return 1;
        }
    return 0;
}

/* Intel cmc's GPU-side flags: accepted so that build scripts written for
 * it work, but they describe GPU code generation, meaningless here. */
static int parse_intel_flag(const char *arg, cmc_options *o)
{
    if (starts_with(arg, "-march=") || starts_with(arg, "-mcpu=")) {
        o->gpu = strchr(arg, '=') + 1;
        return 1;
    }
    return starts_with(arg, "-mCM_") || starts_with(arg, "-Qxcm");
}

static int parse_input(const char *arg, cmc_options *o)
{
    if (o->input) {
        fprintf(stderr, "cmc: error: more than one input file ('%s' and '%s')\n", o->input,
                arg);
        return -1;
    }
    o->input = arg;
    return 0;
}

static int parse_one(cursor *c, cmc_options *o)
{
    const char *arg = c->argv[c->i];
    if (arg[0] != '-' || arg[1] == '\0') {
        if (arg[0] == '-') {
            fprintf(stderr, "cmc: error: reading the kernel from standard input is not "
                            "supported\n");
            return -1;
        }
        return parse_input(arg, o);
    }
    if (starts_with(arg, "-o")) {
        o->output = option_value(c, "-o");
        return o->output ? 0 : -1;
    }
    if (parse_flag(arg, o) || parse_opt_level(arg, o) || parse_intel_flag(arg, o) ||
        parse_compiler_flag(arg, o))
        return 0;
    int taken = parse_preprocessor_option(c, o);
    if (taken == 0)
        taken = parse_depend_option(c, o);
    if (taken != 0)
        return taken < 0 ? -1 : 0;
    fprintf(stderr, "cmc: error: unknown option '%s'\n", arg);
    return -1;
}

int options_parse(int argc, char **argv, cmc_options *o)
{
    *o = (cmc_options){.opt_level = 2};
    cursor c = {argc, 1, argv};
    for (; c.i < argc; c.i++)
        if (parse_one(&c, o) != 0)
            return -1;
    if (o->preprocessor.failed || o->depend.failed || o->compiler.failed) {
        fprintf(stderr, "cmc: error: out of memory\n");
        return -1;
    }
    if (o->show_help || o->show_version)
        return 0;
    if (!o->input) {
        fprintf(stderr, "cmc: error: no input file\n");
        return -1;
    }
    return 0;
}

void options_free(cmc_options *o)
{
    strlist_free(&o->preprocessor);
    strlist_free(&o->depend);
    strlist_free(&o->compiler);
}
