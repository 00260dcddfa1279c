/*
 * picture_png.c - writes a picture as an RGB PNG without a compression
 * library.
 *
 * A PNG is a signature and chunks (length, type, data, CRC-32 of type and
 * data): IHDR, the pixels as one zlib stream split over IDAT chunks, IEND.
 * The zlib stream is deflate's "stored" blocks (no compression; at most
 * 65535 bytes each) around the filtered rows (a 0 byte, "no filter", before
 * each row), ended by the Adler-32 of those rows.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picture.h"
#include "picture_fail.h"

#define STORED_BLOCK_MAX 65535u
#define IDAT_CHUNK_MAX 65536u

/* ---- checksums ------------------------------------------------------- */

typedef struct crc32_table {
    uint32_t entry[256];
} crc32_table;

/* The table of the reflected polynomial 0xEDB88320 (PNG, zlib, gzip). */
static void crc32_table_init(crc32_table *t)
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t->entry[n] = c;
    }
}

/* Continues a CRC-32: start with crc = 0. */
static uint32_t crc32_update(const crc32_table *t, uint32_t crc,
                             const unsigned char *bytes, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; i++)
        crc = t->entry[(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

#define ADLER_MOD 65521u
/* The most bytes whose sums cannot overflow 32 bits before a reduction. */
#define ADLER_RUN 5552u

/* Continues an Adler-32: start with adler = 1. */
static uint32_t adler32_update(uint32_t adler, const unsigned char *bytes,
                               size_t n)
{
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (n > 0) {
        size_t run = n < ADLER_RUN ? n : ADLER_RUN;
        n -= run;
        while (run--) {
            a += *bytes++;
            b += a;
        }
        a %= ADLER_MOD;
        b %= ADLER_MOD;
    }
    return (b << 16) | a;
}

/* ---- chunks ---------------------------------------------------------- */

typedef struct png_writer {
    FILE *f;
    int failed;                       /* a write failed: errno tells why */
    crc32_table crc;
    uint32_t adler;                   /* of the filtered rows so far */
    size_t idat_len;                  /* bytes waiting in idat */
    unsigned char idat[IDAT_CHUNK_MAX];
} png_writer;

static void put_bytes(png_writer *w, const void *bytes, size_t n)
{
    if (!w->failed && n > 0 && fwrite(bytes, 1, n, w->f) != n)
        w->failed = 1;
}

static void store_be32(unsigned char *out, uint32_t v)
{
    out[0] = (unsigned char)(v >> 24);
    out[1] = (unsigned char)(v >> 16);
    out[2] = (unsigned char)(v >> 8);
    out[3] = (unsigned char)v;
}

static void put_chunk(png_writer *w, const char type[4],
                      const unsigned char *data, size_t n)
{
    unsigned char field[4];
    store_be32(field, (uint32_t)n);
    put_bytes(w, field, 4);
    put_bytes(w, type, 4);
    put_bytes(w, data, n);
    uint32_t crc = crc32_update(&w->crc, 0, (const unsigned char *)type, 4);
    store_be32(field, crc32_update(&w->crc, crc, data, n));
    put_bytes(w, field, 4);
}

static void put_header(png_writer *w, const picture *pic)
{
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G',
                                               '\r', '\n', 0x1A, '\n'};
    unsigned char ihdr[13];
    store_be32(ihdr, (uint32_t)pic->width);
    store_be32(ihdr + 4, (uint32_t)pic->height);
    ihdr[8] = 8;  /* bits per sample */
    ihdr[9] = 2;  /* colour type: RGB */
    ihdr[10] = 0; /* compression: deflate */
    ihdr[11] = 0; /* filter method: adaptive (here always "none") */
    ihdr[12] = 0; /* no interlace */
    put_bytes(w, signature, sizeof signature);
    put_chunk(w, "IHDR", ihdr, sizeof ihdr);
}

/* ---- the zlib stream, in IDAT chunks --------------------------------- */

static void flush_idat(png_writer *w)
{
    if (w->idat_len > 0)
        put_chunk(w, "IDAT", w->idat, w->idat_len);
    w->idat_len = 0;
}

static void put_zlib(png_writer *w, const unsigned char *bytes, size_t n)
{
    while (n > 0) {
        size_t room = IDAT_CHUNK_MAX - w->idat_len;
        size_t take = n < room ? n : room;
        memcpy(w->idat + w->idat_len, bytes, take);
        w->idat_len += take;
        bytes += take;
        n -= take;
        if (w->idat_len == IDAT_CHUNK_MAX)
            flush_idat(w);
    }
}

/* Uncompressed data, counted into the Adler-32. */
static void put_data(png_writer *w, const unsigned char *bytes, size_t n)
{
    w->adler = adler32_update(w->adler, bytes, n);
    put_zlib(w, bytes, n);
}

static void put_stored_block_header(png_writer *w, size_t len, int last)
{
    unsigned char h[5] = {
        (unsigned char)(last ? 1 : 0), /* BFINAL, BTYPE 00: stored */
        (unsigned char)len, (unsigned char)(len >> 8),
        (unsigned char)~len, (unsigned char)(~len >> 8)};
    put_zlib(w, h, sizeof h);
}

/* Bytes [offset, offset + n) of the filtered rows: each row is a filter
 * byte 0 and the row's pixels. */
static void put_filtered(png_writer *w, const picture *pic, size_t offset,
                         size_t n)
{
    static const unsigned char no_filter = 0;
    size_t row_bytes = (size_t)pic->width * 3, line = row_bytes + 1;
    while (n > 0) {
        size_t row = offset / line, col = offset % line, take;
        if (col == 0) {
            put_data(w, &no_filter, 1);
            take = 1;
        } else {
            take = line - col < n ? line - col : n;
            put_data(w, pic->rgb + row * row_bytes + (col - 1), take);
        }
        offset += take;
        n -= take;
    }
}

static void put_pixels(png_writer *w, const picture *pic)
{
    static const unsigned char zlib_header[2] = {0x78, 0x01}; /* 32K window */
    size_t total = ((size_t)pic->width * 3 + 1) * (size_t)pic->height;
    put_zlib(w, zlib_header, sizeof zlib_header);
    w->adler = 1;
    for (size_t done = 0; done < total;) {
        size_t len = total - done < STORED_BLOCK_MAX ? total - done
                                                     : STORED_BLOCK_MAX;
        put_stored_block_header(w, len, done + len == total);
        put_filtered(w, pic, done, len);
        done += len;
    }
    unsigned char trailer[4];
    store_be32(trailer, w->adler);
    put_zlib(w, trailer, sizeof trailer);
    flush_idat(w);
}

/* ---- the file -------------------------------------------------------- */

int png_write(const char *path, const picture *pic, picture_error *err)
{
    png_writer *w = malloc(sizeof *w); /* 64 KiB: kept off the stack */
    if (!w) {
        picture_fail(err, "%s: out of memory", path);
        return -1;
    }
    memset(w, 0, sizeof *w);
    crc32_table_init(&w->crc);
    w->f = fopen(path, "wb");
    if (!w->f) {
        picture_fail(err, "%s: cannot create: %s", path, strerror(errno));
        free(w);
        return -1;
    }
    put_header(w, pic);
    put_pixels(w, pic);
    put_chunk(w, "IEND", NULL, 0);
    int failed = w->failed | (fclose(w->f) != 0);
    if (failed)
        picture_fail(err, "%s: write error: %s", path, strerror(errno));
    free(w);
    return failed ? -1 : 0;
}
