/*
 * workers_from_environment.c - CMRT_WORKERS sets the default worker count:
 * a device created without options (or with workers 0) has $CMRT_WORKERS
 * workers; an explicit count wins over it. An invalid value is ignored
 * (the default is one worker per online CPU) with one line on stderr:
 *     libcmrt: ignoring CMRT_WORKERS="<value>" (want 1..1024)
 * Invalid values beyond the one meson sets are tried with setenv; an empty
 * value means unset, without a warning.
 *
 * usage: workers_from_environment EXPECTED [INVALID]
 *   EXPECTED: the count $CMRT_WORKERS should give (0: online CPUs)
 *   INVALID:  $CMRT_WORKERS is this invalid value (its warning is checked)
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_check.h"

static uint32_t online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (uint32_t)n;
}

/* The workers of a device made with `opt`, and what it wrote to stderr. */
static uint32_t workers_of_new_device(const cmrt_device_options *opt, char *err,
                                      size_t err_size)
{
    fflush(stderr);
    FILE *capture = tmpfile();
    int saved = dup(STDERR_FILENO);
    if (!capture || saved < 0 || dup2(fileno(capture), STDERR_FILENO) < 0) {
        fprintf(stderr, "FAIL cannot capture stderr\n");
        exit(EXIT_FAILURE);
    }
    cmrt_device *dev = NULL;
    int rc = cmrt_device_create(opt, &dev);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    rewind(capture);
    size_t n = fread(err, 1, err_size - 1, capture);
    err[n] = '\0';
    fclose(capture);
    EXPECT_OK(rc);
    uint32_t workers = cmrt_device_workers(dev);
    EXPECT_OK(cmrt_device_destroy(dev));
    return workers;
}

static void expect_ignored(const char *value)
{
    char err[512], want[256];
    uint32_t got = workers_of_new_device(NULL, err, sizeof err);
    EXPECT(got == online_cpus(), "CMRT_WORKERS=\"%s\": expected %u workers (online CPUs), got %u",
           value, online_cpus(), got);
    snprintf(want, sizeof want, "libcmrt: ignoring CMRT_WORKERS=\"%s\" (want 1..1024)\n",
             value);
    EXPECT(strcmp(err, want) == 0, "CMRT_WORKERS=\"%s\": expected stderr \"%s\", got \"%s\"",
           value, want, err);
}

static void expect_count(uint32_t want)
{
    char err[512];
    cmrt_device_options zero = {0}, two = {2};
    uint32_t got = workers_of_new_device(NULL, err, sizeof err);
    EXPECT(got == want, "no options: expected %u workers, got %u", want, got);
    EXPECT(err[0] == '\0', "a valid CMRT_WORKERS printed \"%s\"", err);
    got = workers_of_new_device(&zero, err, sizeof err);
    EXPECT(got == want, "workers 0: expected %u workers, got %u", want, got);
    got = workers_of_new_device(&two, err, sizeof err);
    EXPECT(got == 2, "explicit workers 2: expected 2, got %u", got);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "FAIL usage: workers_from_environment EXPECTED [INVALID]\n");
        return EXIT_FAILURE;
    }
    uint32_t expected = (uint32_t)strtoul(argv[1], NULL, 10);
    const char *env = getenv("CMRT_WORKERS");
    if (argc > 2) {
        EXPECT(env && strcmp(env, argv[2]) == 0, "CMRT_WORKERS is \"%s\", not \"%s\"",
               env ? env : "(unset)", argv[2]);
        expect_ignored(argv[2]);
        static const char *const invalid[] = {"0", "-1", "1025", "abc", "2 ", "3x",
                                              "99999999999999999999"};
        for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) {
            setenv("CMRT_WORKERS", invalid[i], 1);
            expect_ignored(invalid[i]);
        }
        setenv("CMRT_WORKERS", "", 1);
        expect_count(online_cpus());
    } else {
        expect_count(expected ? expected : online_cpus());
        setenv("CMRT_WORKERS", "7", 1);
        expect_count(7);
    }
    return api_report("workers_from_environment");
}
