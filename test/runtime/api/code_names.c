/*
 * code_names.c - cmrt_code_name names every CM return code by its CM name
 * (CM_SUCCESS for 0, CM_INVALID_ARG_VALUE for -10, ...), each of the
 * consecutive codes 0..-106 has a name of its own, and anything else is
 * "CM_UNKNOWN_CODE".
 *
 * usage: code_names [api_kernels.isa, unused]
 */
#include <limits.h>
#include <string.h>

#include "api_check.h"

static void expect_name(int code, const char *want)
{
    const char *got = cmrt_code_name(code);
    EXPECT(got && strcmp(got, want) == 0, "cmrt_code_name(%d): expected \"%s\", got \"%s\"",
           code, want, got ? got : "(null)");
}

int main(void)
{
    expect_name(0, "CM_SUCCESS");
    expect_name(-1, "CM_FAILURE");
    expect_name(-4, "CM_OUT_OF_HOST_MEMORY");
    expect_name(-10, "CM_INVALID_ARG_VALUE");
    expect_name(-11, "CM_INVALID_ARG_SIZE");
    expect_name(-16, "CM_INVALID_COMMON_ISA");
    expect_name(-26, "CM_EXCEED_MAX_TIMEOUT");
    expect_name(-53, "CM_NOT_SET_KERNEL_ARGUMENT");
    expect_name(-90, "CM_NULL_POINTER");
    expect_name(-106, "CM_NO_SUPPORTED_ADAPTER");
    expect_name(-10000, "CM_INTERNAL_ERROR_CODE_OFFSET");
    expect_name(-20000, "CM_MOS_STATUS_CONVERTED_CODE_OFFSET");
    static const int unknown[] = {1, 2, -107, -9999, -10001, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++)
        expect_name(unknown[i], "CM_UNKNOWN_CODE");

    /* The X-macro list and the function agree on every code. */
#define API_EXPECT_LISTED(name, value) expect_name(value, #name);
    CMRT_RETURN_CODES(API_EXPECT_LISTED)
#undef API_EXPECT_LISTED
    /* Samples index a table with -code: no gaps, no duplicates. */
    for (int code = 0; code >= -106; code--) {
        const char *name = cmrt_code_name(code);
        EXPECT(strcmp(name, "CM_UNKNOWN_CODE") != 0, "code %d has no name", code);
        for (int other = code + 1; other <= 0; other++)
            EXPECT(strcmp(name, cmrt_code_name(other)) != 0, "codes %d and %d are both %s",
                   code, other, name);
    }
    return api_report("code_names");
}
