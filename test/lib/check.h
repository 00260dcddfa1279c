/*
 * check.h - the little the lib tests share: a failure counter that keeps
 * going after a mismatch (so one run shows the pattern) but prints only the
 * first few, and a deterministic pseudo-random source.
 *
 * Not assert(): the project builds release with NDEBUG.
 */
#ifndef TEST_LIB_CHECK_H
#define TEST_LIB_CHECK_H

#include <stdint.h>
#include <stdio.h>

static long check_failures;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (!(cond)) {                                                       \
            if (check_failures++ < 20) {                                     \
                fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);              \
                fprintf(stderr, __VA_ARGS__);                                \
                fputc('\n', stderr);                                         \
            }                                                                \
        }                                                                    \
    } while (0)

static inline int check_report(const char *what)
{
    if (check_failures) {
        fprintf(stderr, "%s: %ld failures\n", what, check_failures);
        return 1;
    }
    printf("%s: ok\n", what);
    return 0;
}

/* xorshift64*: reproducible, no libc state. */
static inline uint64_t check_random(void)
{
    static uint64_t state = 0x9e3779b97f4a7c15u;
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545f4914f6cdd1du;
}

#endif /* TEST_LIB_CHECK_H */
