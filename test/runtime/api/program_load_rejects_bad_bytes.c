/*
 * program_load_rejects_bad_bytes.c - cmrt_program_load takes only programs
 * cmc wrote: an empty buffer, garbage of many sizes, the real program
 * truncated at many lengths, its ELF header spoiled (magic, class, type),
 * a shared object without a program descriptor and one whose descriptor
 * has another ABI version are all CM_INVALID_COMMON_ISA, with the program
 * left NULL and nothing crashing; the real program still loads afterwards,
 * twice, and each copy runs.
 *
 * usage: program_load_rejects_bad_bytes api_kernels.isa not_a_program.so
 *                                       wrong_abi_program.so
 */
#include <elf.h>
#include <string.h>

#include "api_check.h"

static void expect_refused(cmrt_device *dev, const void *bytes, size_t size,
                           const char *what)
{
    cmrt_program *p = (cmrt_program *)&p;
    int rc = cmrt_program_load(dev, bytes, size, &p);
    EXPECT(rc == CM_INVALID_COMMON_ISA,
           "%s (%zu bytes): expected CM_INVALID_COMMON_ISA, got %s (%d)", what, size,
           cmrt_code_name(rc), rc);
    EXPECT(p == NULL, "%s: refused, but the program was set", what);
    if (rc == CM_SUCCESS)
        cmrt_program_destroy(p);
}

static void garbage(cmrt_device *dev)
{
    unsigned char bytes[4096];
    uint32_t x = 2463534242u;
    for (size_t i = 0; i < sizeof bytes; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        bytes[i] = (unsigned char)x;
    }
    expect_refused(dev, bytes, 0, "empty buffer");
    for (size_t n = 1; n <= sizeof bytes; n *= 2)
        expect_refused(dev, bytes, n, "random bytes");
    memcpy(bytes, ELFMAG, SELFMAG); /* a magic, then garbage */
    for (size_t n = 1; n <= sizeof bytes; n *= 4)
        expect_refused(dev, bytes, n, "ELF magic then random bytes");
    memset(bytes, 0, sizeof bytes);
    expect_refused(dev, bytes, sizeof bytes, "zeros");
}

static void truncated(cmrt_device *dev, const api_bytes *isa)
{
    size_t step = isa->size / 61 + 1;
    for (size_t n = 1; n < isa->size; n += step)
        expect_refused(dev, isa->data, n, "truncated program");
    expect_refused(dev, isa->data, isa->size - 1, "program less its last byte");
    expect_refused(dev, isa->data, isa->size / 2, "half a program");
    expect_refused(dev, isa->data, sizeof(Elf64_Ehdr), "the ELF header alone");
}

/* One byte of the ELF header changed at a time. */
static void spoiled(cmrt_device *dev, const api_bytes *isa)
{
    unsigned char *copy = malloc(isa->size);
    static const struct {
        size_t offset;
        unsigned char value;
        const char *what;
    } changes[] = {
        {0, 0x7e, "bad magic"},
        {EI_CLASS, ELFCLASS32, "32-bit class"},
        {offsetof(Elf64_Ehdr, e_type), ET_EXEC, "an executable"},
        {offsetof(Elf64_Ehdr, e_type), ET_REL, "an object file"},
        {offsetof(Elf64_Ehdr, e_phoff) + 3, 0x40, "program headers far away"},
        {offsetof(Elf64_Ehdr, e_phentsize), 7, "odd program header size"},
        {offsetof(Elf64_Ehdr, e_shoff) + 4, 0x01, "section headers far away"},
    };
    for (size_t i = 0; i < sizeof changes / sizeof *changes; i++) {
        memcpy(copy, isa->data, isa->size);
        copy[changes[i].offset] = changes[i].value;
        expect_refused(dev, copy, isa->size, changes[i].what);
    }
    free(copy);
}

static void other_objects(cmrt_device *dev, const char *not_a_program, const char *wrong_abi)
{
    api_bytes so = api_read_file(not_a_program);
    expect_refused(dev, so.data, so.size, "a shared object without a descriptor");
    free(so.data);
    so = api_read_file(wrong_abi);
    expect_refused(dev, so.data, so.size, "a descriptor of another ABI version");
    free(so.data);
}

/* The real program, loaded twice after all that: both copies run. */
static void still_loads(api_env *env, const api_bytes *isa)
{
    cmrt_program *p[2] = {NULL, NULL};
    cmrt_surface *s = NULL;
    cmrt_surface_index *si = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env->dev, 8, 1, CM_SURFACE_FORMAT_A8, &s));
    REQUIRE_OK(cmrt_surface_get_index(s, &si));
    for (int i = 0; i < 2; i++) {
        EXPECT_OK(cmrt_program_load(env->dev, isa->data, isa->size, &p[i]));
        if (!p[i])
            continue;
        cmrt_kernel *k = NULL;
        int value = 1;
        REQUIRE_OK(cmrt_kernel_create(p[i], "add_scalar", &k));
        REQUIRE_OK(cmrt_kernel_set_arg(k, 0, sizeof *si, si));
        REQUIRE_OK(cmrt_kernel_set_arg(k, 1, sizeof *si, si));
        REQUIRE_OK(cmrt_kernel_set_arg(k, 2, sizeof value, &value));
        EXPECT_OK(api_run(env, k, 1, 1));
        EXPECT_OK(cmrt_kernel_destroy(k));
    }
    EXPECT_OK(cmrt_program_destroy(p[0]));
    unsigned char got[8];
    EXPECT_OK(cmrt_surface_read(s, got, sizeof got, NULL));
    EXPECT(got[0] == 2 && got[7] == 2, "two programs' runs: expected 2, got %u", got[0]);
    EXPECT_OK(cmrt_program_destroy(p[1]));
    EXPECT_OK(cmrt_surface_destroy(s));
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "FAIL usage: program_load_rejects_bad_bytes api_kernels.isa "
                        "not_a_program.so wrong_abi_program.so\n");
        return EXIT_FAILURE;
    }
    api_env env;
    api_open(&env, argv[1], 1);
    api_bytes isa = api_read_file(argv[1]);
    garbage(env.dev);
    truncated(env.dev, &isa);
    spoiled(env.dev, &isa);
    other_objects(env.dev, argv[2], argv[3]);
    still_loads(&env, &isa);
    free(isa.data);
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("program_load_rejects_bad_bytes");
}
