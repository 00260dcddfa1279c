/*
 * picture_files.c - the samples' picture files: PPM round trips, a clear
 * error and no crash for every kind of bad or truncated PPM, PNG files
 * whose chunks, CRCs, stored deflate blocks and Adler-32 a decoder written
 * here accepts and whose pixels are the picture's, and scaling.
 *
 * usage: picture_files <scratch directory>
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "picture.h"
#include "picture_scale.h"
#include "sample_files.h"

static int passed, failed;
static char scratch[1024];

static void expect(int ok, const char *what, int line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL line %d: %s\n", line, what);
    }
}
#define EXPECT(cond) expect((cond) != 0, #cond, __LINE__)

static const char *scratch_path(const char *name)
{
    static char path[2048];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    return path;
}

static void write_file(const char *path, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(EXIT_FAILURE);
    }
}

static void random_picture(picture *pic, int width, int height, uint32_t seed)
{
    if (picture_alloc(pic, width, height, NULL) != 0)
        exit(EXIT_FAILURE);
    for (size_t i = 0; i < picture_bytes(pic); i++) {
        seed = seed * 1664525u + 1013904223u;
        pic->rgb[i] = (unsigned char)(seed >> 24);
    }
}

/* ---- PPM -------------------------------------------------------------- */

static void test_ppm_round_trip(void)
{
    picture pic, back;
    picture_error err;
    random_picture(&pic, 7, 5, 1);
    const char *path = scratch_path("round.ppm");
    EXPECT(ppm_write(path, &pic, &err) == 0);
    EXPECT(ppm_read(path, &back, &err) == 0);
    EXPECT(back.width == 7 && back.height == 5 &&
           memcmp(back.rgb, pic.rgb, picture_bytes(&pic)) == 0);
    picture_free(&pic);
    picture_free(&back);
}

static void test_ppm_comments(void)
{
    static const char file[] = "P6 # made by hand\n# another\n2 1\n255\nABCDEF";
    picture pic;
    picture_error err;
    const char *path = scratch_path("comments.ppm");
    write_file(path, file, sizeof file - 1);
    EXPECT(ppm_read(path, &pic, &err) == 0);
    EXPECT(pic.width == 2 && pic.height == 1 && memcmp(pic.rgb, "ABCDEF", 6) == 0);
    picture_free(&pic);
}

/* A bad file: -1, no picture, and a reason naming the file and `why`. */
static void expect_ppm_error(const char *name, const char *bytes, size_t n,
                             const char *why, int line)
{
    picture pic;
    picture_error err = {""};
    const char *path = scratch_path(name);
    if (bytes)
        write_file(path, bytes, n);
    int rc = ppm_read(path, &pic, &err);
    int ok = rc == -1 && pic.rgb == NULL && strstr(err.text, name) &&
             strstr(err.text, why) && !strchr(err.text, '\n');
    expect(ok, err.text[0] ? err.text : name, line);
}
#define EXPECT_PPM_ERROR(name, text, why) \
    expect_ppm_error(name, text, sizeof text - 1, why, __LINE__)

static void test_ppm_errors(void)
{
    expect_ppm_error("missing.ppm", NULL, 0, "cannot open", __LINE__);
    EXPECT_PPM_ERROR("empty.ppm", "", "empty");
    EXPECT_PPM_ERROR("png.ppm", "\x89PNG\r\n", "not a PPM");
    EXPECT_PPM_ERROR("plain.ppm", "P3\n1 1\n255\n0 0 0\n", "P3");
    EXPECT_PPM_ERROR("gray.ppm", "P5\n1 1\n255\nA", "P5");
    EXPECT_PPM_ERROR("noheight.ppm", "P6\n12", "width and height");
    EXPECT_PPM_ERROR("zero.ppm", "P6\n0 4\n255\n", "width and height");
    EXPECT_PPM_ERROR("huge.ppm", "P6\n99999999999 4\n255\n", "width and height");
    EXPECT_PPM_ERROR("deep.ppm", "P6\n1 1\n65535\nABCDEF", "maxval");
    EXPECT_PPM_ERROR("nomax.ppm", "P6\n1 1\n", "maxval");
    EXPECT_PPM_ERROR("glued.ppm", "P6\n1 1\n255A", "whitespace");
    EXPECT_PPM_ERROR("short.ppm", "P6\n2 2\n255\nABCDEFGHI", "truncated");
    EXPECT_PPM_ERROR("nopixels.ppm", "P6\n2 2\n255\n", "truncated");
    /* Refused before 2.7 GB are allocated for it. */
    EXPECT_PPM_ERROR("promise.ppm", "P6\n30000 30000\n255\nABC", "truncated");
    mkdir(scratch_path("folder.ppm"), 0777);
    expect_ppm_error("folder.ppm", NULL, 0, "read error", __LINE__);
}

/* ---- PNG: a small decoder of what png_write makes ---------------------- */

typedef struct png_file {
    unsigned char *bytes;
    size_t size, at;
} png_file;

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Bit by bit, independent of picture_png.c's table. */
static uint32_t crc32_bitwise(const unsigned char *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

static uint32_t adler32_plain(const unsigned char *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return b << 16 | a;
}

/* The next chunk: its type and data; 0 at the end or on a bad chunk. */
static int next_chunk(png_file *f, char type[5], const unsigned char **data,
                      uint32_t *len)
{
    if (f->at + 12 > f->size)
        return 0;
    *len = be32(f->bytes + f->at);
    if (f->at + 12 + *len > f->size)
        return 0;
    const unsigned char *typed = f->bytes + f->at + 4;
    memcpy(type, typed, 4);
    type[4] = '\0';
    *data = typed + 4;
    int crc_ok = be32(typed + 4 + *len) == crc32_bitwise(typed, 4 + (size_t)*len);
    EXPECT(crc_ok);
    f->at += 12 + *len;
    return crc_ok;
}

/* Undoes stored blocks into out; returns the bytes made, or -1. */
static long inflate_stored(const unsigned char *z, size_t n, unsigned char *out,
                           size_t cap)
{
    if (n < 6 || z[0] != 0x78 || ((z[0] << 8) | z[1]) % 31 != 0)
        return -1;
    size_t at = 2, made = 0;
    for (int last = 0; !last;) {
        if (at + 5 > n || (z[at] & 0x06) != 0) /* BTYPE must be 00 */
            return -1;
        last = z[at] & 1;
        size_t len = z[at + 1] | (size_t)z[at + 2] << 8;
        size_t nlen = z[at + 3] | (size_t)z[at + 4] << 8;
        if ((len ^ 0xFFFF) != nlen || at + 5 + len > n || made + len > cap)
            return -1;
        memcpy(out + made, z + at + 5, len);
        made += len;
        at += 5 + len;
    }
    if (at + 4 != n || be32(z + at) != adler32_plain(out, made))
        return -1;
    return (long)made;
}

/* Collects IHDR and the IDAT stream of a PNG file. */
static int read_png_chunks(png_file *f, unsigned char ihdr[13],
                           unsigned char *zlib, size_t *zlib_len)
{
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G',
                                               '\r', '\n', 0x1A, '\n'};
    char type[5];
    const unsigned char *data;
    uint32_t len;
    int ended = 0;
    *zlib_len = 0;
    if (f->size < 8 || memcmp(f->bytes, signature, 8) != 0)
        return -1;
    f->at = 8;
    while (!ended && next_chunk(f, type, &data, &len)) {
        if (strcmp(type, "IHDR") == 0 && len == 13)
            memcpy(ihdr, data, 13);
        else if (strcmp(type, "IDAT") == 0) {
            memcpy(zlib + *zlib_len, data, len);
            *zlib_len += len;
        } else
            ended = strcmp(type, "IEND") == 0;
    }
    return ended && f->at == f->size ? 0 : -1;
}

/* The pixels of a PNG made by png_write, checked all the way. */
static void expect_png_is(const char *path, const picture *pic)
{
    file_bytes file;
    sample_error err;
    EXPECT(file_bytes_load(path, &file, &err) == 0);
    png_file f = {file.data, file.size, 0};
    unsigned char ihdr[13] = {0};
    unsigned char *zlib = malloc(file.size), *raw = malloc(file.size);
    size_t zlib_len = 0, row = (size_t)pic->width * 3;
    EXPECT(zlib && raw && read_png_chunks(&f, ihdr, zlib, &zlib_len) == 0);
    EXPECT(be32(ihdr) == (uint32_t)pic->width && be32(ihdr + 4) == (uint32_t)pic->height);
    EXPECT(ihdr[8] == 8 && ihdr[9] == 2 && ihdr[12] == 0);
    long made = inflate_stored(zlib, zlib_len, raw, file.size);
    EXPECT(made == (long)((row + 1) * (size_t)pic->height));
    int rows_ok = made > 0;
    for (int y = 0; rows_ok && y < pic->height; y++)
        rows_ok = raw[y * (row + 1)] == 0 &&
                  memcmp(raw + y * (row + 1) + 1, pic->rgb + y * row, row) == 0;
    EXPECT(rows_ok);
    free(zlib);
    free(raw);
    file_bytes_free(&file);
}

static void test_png(int width, int height)
{
    picture pic;
    picture_error err;
    random_picture(&pic, width, height, (uint32_t)width);
    const char *path = scratch_path("picture.png");
    EXPECT(png_write(path, &pic, &err) == 0);
    expect_png_is(path, &pic);
    picture_free(&pic);
}

static void test_png_write_error(void)
{
    picture pic;
    picture_error err = {""};
    random_picture(&pic, 2, 2, 3);
    EXPECT(png_write(scratch_path("no/such/dir.png"), &pic, &err) == -1);
    EXPECT(strstr(err.text, "dir.png") != NULL);
    picture_free(&pic);
}

/* ---- scaling ---------------------------------------------------------- */

static void test_scale(void)
{
    picture pic, same, wide;
    picture_error err;
    random_picture(&pic, 9, 4, 5);
    EXPECT(picture_scale(&pic, 9, 4, &same, &err) == 0);
    EXPECT(memcmp(same.rgb, pic.rgb, picture_bytes(&pic)) == 0);
    picture_free(&pic);

    /* Black to white: the ends stay, the middle is in between, in order. */
    EXPECT(picture_alloc(&pic, 2, 1, &err) == 0);
    memcpy(pic.rgb, "\0\0\0\377\377\377", 6);
    EXPECT(picture_scale(&pic, 8, 3, &wide, &err) == 0);
    int ordered = wide.rgb[0] == 0 && wide.rgb[7 * 3] == 255;
    for (int x = 1; x < 8; x++)
        ordered = ordered && wide.rgb[x * 3] >= wide.rgb[(x - 1) * 3] &&
                  wide.rgb[2 * 24 + x * 3] == wide.rgb[x * 3];
    EXPECT(ordered);
    picture_free(&wide);
    EXPECT(picture_scale(&pic, 0, 3, &wide, &err) == -1 && wide.rgb == NULL);
    picture_free(&pic);
    picture_free(&same);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s <scratch directory>\n", argv[0]);
        return EXIT_FAILURE;
    }
    snprintf(scratch, sizeof scratch, "%s", argv[1]);
    mkdir(scratch, 0777);
    test_ppm_round_trip();
    test_ppm_comments();
    test_ppm_errors();
    test_png(1, 1);
    test_png(5, 3);
    test_png(300, 100); /* 90100 bytes: two stored blocks, two IDATs */
    test_png_write_error();
    test_scale();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
