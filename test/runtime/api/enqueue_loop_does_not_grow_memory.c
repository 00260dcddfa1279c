/*
 * enqueue_loop_does_not_grow_memory.c - a program that enqueues in a loop
 * (creating and destroying a task, a thread space and an event each time,
 * some enqueues without an event) keeps its memory flat: the heap in use
 * after 2000 more rounds is what it was after the first 200, within a few
 * kilobytes. Heap in use is glibc's mallinfo2, or the sanitizer
 * allocator's count in ASan and TSan builds.
 *
 * usage: enqueue_loop_does_not_grow_memory api_kernels.isa
 */
#include <malloc.h>

#include "api_check.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define API_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define API_SANITIZER 1
#endif
#endif

#ifdef API_SANITIZER
/* The sanitizers' allocator statistics (sanitizer/allocator_interface.h,
 * which not every compiler installs). */
size_t __sanitizer_get_current_allocated_bytes(void);
static size_t heap_in_use(void)
{
    return __sanitizer_get_current_allocated_bytes();
}
#else
static size_t heap_in_use(void)
{
    return mallinfo2().uordblks;
}
#endif

#define W 16
#define H 2

static void rounds(api_env *env, int n)
{
    for (int i = 0; i < n; i++) {
        cmrt_event *e = NULL;
        if (i % 3 == 0) /* one without an event, waited for through the next */
            REQUIRE_OK(api_enqueue(env, env->queue, env->add_scalar, W / 8, H, NULL));
        REQUIRE_OK(api_enqueue(env, env->queue, env->add_scalar, W / 8, H, &e));
        EXPECT_OK(cmrt_event_wait(e, CM_MAX_TIMEOUT_MS));
        EXPECT_OK(cmrt_event_destroy(e));
    }
}

int main(int argc, char **argv)
{
    api_env env;
    api_open(&env, argc > 1 ? argv[1] : NULL, 2);
    cmrt_surface *s = NULL;
    cmrt_surface_index *si = NULL;
    REQUIRE_OK(cmrt_surface2d_create(env.dev, W, H, CM_SURFACE_FORMAT_A8, &s));
    REQUIRE_OK(cmrt_surface_get_index(s, &si));
    int one = 1;
    REQUIRE_OK(cmrt_kernel_set_arg(env.add_scalar, 0, sizeof *si, si));
    REQUIRE_OK(cmrt_kernel_set_arg(env.add_scalar, 1, sizeof *si, si));
    REQUIRE_OK(cmrt_kernel_set_arg(env.add_scalar, 2, sizeof one, &one));

    rounds(&env, 200);
    size_t before = heap_in_use();
    rounds(&env, 2000);
    size_t after = heap_in_use();
    EXPECT(after <= before + 16384,
           "heap in use grew from %zu to %zu bytes over 2000 enqueues", before, after);

    /* 200 + 2000 rounds, a third of them with two enqueues: 2934 adds. */
    unsigned char got[W * H];
    EXPECT_OK(cmrt_surface_read(s, got, sizeof got, NULL));
    unsigned char want = (unsigned char)(200 + 67 + 2000 + 667);
    EXPECT(got[0] == want && got[W * H - 1] == want, "after the loop: expected %u, got %u",
           want, got[0]);
    EXPECT_OK(cmrt_device_destroy(env.dev));
    return api_report("enqueue_loop_does_not_grow_memory");
}
