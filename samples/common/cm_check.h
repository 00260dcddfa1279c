/*
 * cm_check.h - what CM samples wrap every runtime call in:
 *
 *     cm_result_check(device->CreateKernel(program, "linear", kernel));
 *
 * A call that does not return CM_SUCCESS ends the program with
 * "file:line: CM_INVALID_ARG_VALUE (-10) in <the call>" on stderr.
 * For C and C++ host code alike.
 */
#ifndef SAMPLES_CM_CHECK_H
#define SAMPLES_CM_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "cmrt.h"

#define cm_result_check(call) cm_check_result((call), #call, __FILE__, __LINE__)

static inline int cm_check_result(int code, const char *call, const char *file,
                                  int line)
{
    if (code != CM_SUCCESS) {
        fprintf(stderr, "%s:%d: %s (%d) in %s\n", file, line,
                cmrt_code_name(code), code, call);
        exit(EXIT_FAILURE);
    }
    return code;
}

#endif /* SAMPLES_CM_CHECK_H */
