/*
 * picture.c - pictures in memory, and binary PPM (P6) files in and out.
 *
 * A PPM header is "P6", width, height and maxval as decimal numbers
 * separated by whitespace, with '#' comments up to the end of a line, then
 * one whitespace character and the pixels. Only maxval 255 (one byte per
 * sample) is taken, as that is what the samples' surfaces hold.
 */
#include "picture.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picture_fail.h"

/* Large enough for any picture a sample meets, small enough that
 * width * height * 3 never overflows an int or a size_t. */
#define PICTURE_MAX_SIDE 32768

void picture_fail(picture_error *err, const char *format, ...)
{
    if (!err)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(err->text, sizeof err->text, format, args);
    va_end(args);
}

size_t picture_bytes(const picture *pic)
{
    return (size_t)pic->width * (size_t)pic->height * 3;
}

int picture_alloc(picture *pic, int width, int height, picture_error *err)
{
    pic->width = pic->height = 0;
    pic->rgb = NULL;
    if (width < 1 || height < 1 || width > PICTURE_MAX_SIDE ||
        height > PICTURE_MAX_SIDE) {
        picture_fail(err, "picture size %dx%d is not in 1x1..%dx%d", width, height,
                     PICTURE_MAX_SIDE, PICTURE_MAX_SIDE);
        return -1;
    }
    unsigned char *rgb = malloc((size_t)width * (size_t)height * 3);
    if (!rgb) {
        picture_fail(err, "out of memory for a %dx%d picture", width, height);
        return -1;
    }
    pic->width = width;
    pic->height = height;
    pic->rgb = rgb;
    return 0;
}

void picture_free(picture *pic)
{
    free(pic->rgb);
    pic->rgb = NULL;
    pic->width = pic->height = 0;
}

/* ---- reading --------------------------------------------------------- */

/* Skips whitespace and comments before a header field; returns the first
 * character of the field, or EOF. */
static int skip_to_field(FILE *f)
{
    int c = getc(f);
    for (;;) {
        if (c == '#') {
            while (c != '\n' && c != '\r' && c != EOF)
                c = getc(f);
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
                   c == '\v' || c == '\f') {
            c = getc(f);
        } else {
            return c;
        }
    }
}

/* Reads one header number, at most `max`; -1 if there is none or it is
 * too big. The character after it is left in *after. */
static long read_field(FILE *f, long max, int *after)
{
    int c = skip_to_field(f);
    if (c < '0' || c > '9') {
        *after = c;
        return -1;
    }
    long value = 0;
    for (; c >= '0' && c <= '9'; c = getc(f)) {
        value = value * 10 + (c - '0');
        if (value > max) {
            *after = c;
            return -1;
        }
    }
    *after = c;
    return value;
}

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

static int read_magic(FILE *f, const char *path, picture_error *err)
{
    int p = getc(f), kind = getc(f);
    if (p == 'P' && kind == '6')
        return 0;
    if (ferror(f))
        picture_fail(err, "%s: read error: %s", path, strerror(errno));
    else if (p == 'P' && kind >= '1' && kind <= '5')
        picture_fail(err, "%s: a P%c file; only binary RGB PPM (P6) is read", path,
                     kind);
    else if (p == EOF)
        picture_fail(err, "%s: empty file, not a PPM picture", path);
    else
        picture_fail(err, "%s: not a PPM picture (no P6 at the start)", path);
    return -1;
}

/* Reads width, height and maxval, and the one whitespace character that
 * ends the header. */
static int read_header(FILE *f, const char *path, int *width, int *height,
                       picture_error *err)
{
    if (read_magic(f, path, err) != 0)
        return -1;
    int after = 0;
    long w = read_field(f, PICTURE_MAX_SIDE, &after);
    long h = w < 0 ? -1 : read_field(f, PICTURE_MAX_SIDE, &after);
    if (w < 1 || h < 1) {
        picture_fail(err, "%s: bad PPM header: width and height must be numbers "
                     "in 1..%d", path, PICTURE_MAX_SIDE);
        return -1;
    }
    long maxval = read_field(f, 65535, &after);
    if (maxval != 255) {
        picture_fail(err, "%s: PPM maxval must be 255 (8-bit samples)%s", path,
                     maxval < 0 ? ", and it is missing or malformed" : "");
        return -1;
    }
    if (!is_space(after)) {
        picture_fail(err, "%s: bad PPM header: no whitespace after maxval", path);
        return -1;
    }
    *width = (int)w;
    *height = (int)h;
    return 0;
}

static void fail_truncated(picture_error *err, const char *path, int width,
                           int height, size_t got)
{
    picture_fail(err, "%s: truncated PPM: %dx%d needs %zu bytes of pixels, the "
                 "file has %zu", path, width, height, (size_t)width * height * 3,
                 got);
}

/* Bytes from here to the end of the file, or -1 if it cannot be told (a
 * pipe): lets a header that promises more than the file holds fail before
 * a large allocation. */
static long bytes_left(FILE *f)
{
    long here = ftell(f), end = -1;
    if (here >= 0 && fseek(f, 0, SEEK_END) == 0)
        end = ftell(f);
    if (here < 0 || end < 0 || fseek(f, here, SEEK_SET) != 0)
        return -1;
    return end - here;
}

static int read_pixels(FILE *f, const char *path, picture *pic,
                       picture_error *err)
{
    size_t want = picture_bytes(pic);
    size_t got = fread(pic->rgb, 1, want, f);
    if (got == want)
        return 0;
    if (ferror(f))
        picture_fail(err, "%s: read error: %s", path, strerror(errno));
    else
        fail_truncated(err, path, pic->width, pic->height, got);
    return -1;
}

static int check_length(FILE *f, const char *path, int width, int height,
                        picture_error *err)
{
    long left = bytes_left(f);
    if (left < 0 || (size_t)left >= (size_t)width * height * 3)
        return 0;
    fail_truncated(err, path, width, height, (size_t)left);
    return -1;
}

int ppm_read(const char *path, picture *pic, picture_error *err)
{
    pic->width = pic->height = 0;
    pic->rgb = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        picture_fail(err, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    int width = 0, height = 0;
    int rc = read_header(f, path, &width, &height, err);
    if (rc == 0)
        rc = check_length(f, path, width, height, err);
    if (rc == 0)
        rc = picture_alloc(pic, width, height, err);
    if (rc == 0 && (rc = read_pixels(f, path, pic, err)) != 0)
        picture_free(pic);
    fclose(f);
    return rc;
}

/* ---- writing --------------------------------------------------------- */

int ppm_write(const char *path, const picture *pic, picture_error *err)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        picture_fail(err, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    size_t size = picture_bytes(pic);
    int ok = fprintf(f, "P6\n%d %d\n255\n", pic->width, pic->height) > 0 &&
             fwrite(pic->rgb, 1, size, f) == size;
    if (fclose(f) != 0)
        ok = 0;
    if (!ok) {
        picture_fail(err, "%s: write error: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
