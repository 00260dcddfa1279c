/*
 * cmc.h - the driver's one internal header. The driver runs the pipeline
 * of DESIGN.md section 1 as separate stages, one file each:
 *
 *   options.c     argv -> cmc_options
 *   paths.c       where lib/include is, which cc to run, output file names
 *   preprocess.c  cc -E on the kernel -> preprocessed text in memory
 *   translate.c   that text -> generated C in memory (lang_translate)
 *   compile.c     generated C -> object or shared object (cc)
 *   depfile.c     cc's headers (lib/include/cmk/) added to the -MD depfile
 *   run.c         spawning a tool without a shell, capturing its output
 *   strlist.c     growable argument lists
 *   main.c        the order of the stages and the exit status
 *
 * Every function that can fail reports to stderr as "cmc: error: ..." and
 * returns -1 (or NULL); main turns that into exit status 1.
 */
#ifndef CMC_CMC_H
#define CMC_CMC_H

#include <stddef.h>

/* strlist.c: a NULL-terminated, growable list of owned strings; the shape
 * posix_spawn wants for argv. A list that ran out of memory stays usable,
 * remembers the failure in `failed`, and ignores further pushes. */
typedef struct strlist {
    char **items;  /* items[len] == NULL once anything was pushed */
    size_t len, cap;
    int failed;
} strlist;

void strlist_push(strlist *l, const char *s);
void strlist_push_all(strlist *l, const strlist *from);
/* Pushes each blank-separated word of s (for $CC values like "ccache gcc"). */
void strlist_push_words(strlist *l, const char *s);
void strlist_free(strlist *l);

/* Text produced by a tool, or read from a file; owned, NUL-terminated. */
typedef struct buffer {
    char *data;
    size_t len;
} buffer;

/* options.c */
typedef enum output_kind {
    OUTPUT_C,       /* -o k.c: the generated C itself */
    OUTPUT_OBJECT,  /* -o k.o: an object file */
    OUTPUT_PROGRAM  /* anything else: a shared object for LoadProgram */
} output_kind;

typedef struct cmc_options {
    const char *input;
    const char *output;       /* -o, or NULL: then paths.c derives <stem>.isa */
    strlist preprocessor;     /* -I -D -U -include, in command-line order */
    strlist depend;           /* -M -MM -MD -MMD -MF -MT -MQ -MP, in order */
    strlist compiler;         /* -fsanitize=...: passed to the C compiler */
    int opt_level;            /* -O0..-O3, default 2 */
    int debug;                /* -g */
    int werror;               /* -Werror */
    int syntax_only;          /* -fsyntax-only */
    int deps_only;            /* -M or -MM: print dependencies and stop */
    int deps_file;            /* -MD or -MMD: depfile beside the output */
    int deps_file_named;      /* -MF given */
    int deps_target_named;    /* -MT or -MQ given */
    int keep_c;               /* -save-temps, --keep-c */
    int verbose;              /* -v */
    int time_report;          /* -ftime-report */
    int show_help, show_version;
    const char *gpu;          /* -march= / -mcpu=: a GPU name, unused on the CPU */
} cmc_options;

/* Returns 0, or -1 after printing the error. */
int options_parse(int argc, char **argv, cmc_options *o);
void options_free(cmc_options *o);
void options_print_help(void);

/* paths.c */
/* lib/include: $CMC_INCLUDE_DIR, else <exe dir>/../include/cmc when it
 * holds cm/cm.h, else the source tree's. Returns a malloc'd path or NULL. */
char *find_include_dir(void);
/* The commands, split into words: $CMC_CC, else $CC; when neither is
 * set, clang (if installed) compiles and cc preprocesses. */
void push_c_compiler(strlist *argv);
void push_preprocessor(strlist *argv);
output_kind output_kind_of(const char *output);
/* malloc'd "<input basename without extension>.isa" */
char *default_output_name(const char *input);
/* malloc'd "<output without extension><suffix>", e.g. ".d" or ".cmc.c" */
char *replace_extension(const char *path, const char *suffix);

/* run.c */
/* Runs argv[0] (searched in PATH) with stdin untouched. When out is not
 * NULL, the child's stdout - and its stderr too if merge_stderr - is
 * collected into *out; otherwise both pass through. With verbose the
 * command is echoed to stderr first. Returns the exit status (0..255) or
 * -1 when the tool could not be run (the reason printed). */
int run_tool(const strlist *argv, buffer *out, int merge_stderr, int verbose);

/* preprocess.c: cc -E. Returns 0 with *text filled, or -1. */
int preprocess(const cmc_options *o, const char *include_dir, const char *output,
               buffer *text);

/* translate.c: takes ownership of text. Returns 0 with *c_code filled,
 * or -1 when the kernel had errors (already reported). */
int translate(const cmc_options *o, buffer *text, buffer *c_code);

/* compile.c: writes the C to a temporary file and builds `output` from it.
 * Returns 0 or -1. */
int compile(const cmc_options *o, const char *include_dir, const buffer *c_code,
            const char *output, output_kind kind);
/* Writes len bytes to a new file at path. Returns 0 or -1 (reported, and
 * the partial file removed). */
int write_file(const char *path, const char *data, size_t len);

/* depfile.c: where -MD/-MMD writes the rule (-MF, else <output>.d), and
 * adding to it the prerequisites of the rule cc wrote to c_rule_file. */
char *depfile_path(const cmc_options *o, const char *output);
int depfile_add_c_rule(const cmc_options *o, const char *depfile, const char *c_rule_file);

#endif /* CMC_CMC_H */
