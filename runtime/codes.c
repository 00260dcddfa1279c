/*
 * codes.c - return codes by name, from the list cmrt_codes.h defines them by.
 */
#include "cmrt_internal.h"

#define CMRT_CODE_CASE(name, value) \
    case value:                     \
        return #name;

const char *cmrt_code_name(int code)
{
    switch (code) {
        CMRT_RETURN_CODES(CMRT_CODE_CASE)
    default:
        return "CM_UNKNOWN_CODE";
    }
}
