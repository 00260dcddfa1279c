/*
 * picture_fail.h - the one-line error reports of picture*.c (private to
 * samples/common).
 */
#ifndef SAMPLES_PICTURE_FAIL_H
#define SAMPLES_PICTURE_FAIL_H

#include "picture.h"

/* printf-like; err may be NULL when the caller wants no text. */
void picture_fail(picture_error *err, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* SAMPLES_PICTURE_FAIL_H */
