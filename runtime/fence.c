/*
 * fence.c - an asymmetric fence pair for the scheduler's one store-load
 * handshake: a point signals (stores its flag, then loads the count of
 * sleeping workers) while a worker going to sleep stores that count, then
 * loads the flags. Each side needs its store ordered before its load, or
 * both may miss the other's store and a worker sleeps through its wake-up.
 *
 * Signals happen at every point; sleeping is rare. So the signal side pays
 * only a compiler barrier (cmrt_fence_light) and the sleeping side makes
 * every running thread of the process execute a full barrier, with Linux's
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) (cmrt_fence_heavy, about a
 * microsecond): whichever way the two race, one of them sees the other's
 * store. Where membarrier is missing both sides use a full fence, the
 * classic symmetric handshake.
 */
#include <pthread.h>

#include "cmrt_internal.h"

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

bool cmrt_fence_asymmetric;

static pthread_once_t registered = PTHREAD_ONCE_INIT;

static void register_membarrier(void)
{
#if defined(__linux__) && defined(__NR_membarrier)
    long cmds = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (cmds < 0 || !(cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED))
        return;
    if (syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) != 0)
        return;
    /* Published before any worker exists: pthread_create orders it. */
    cmrt_fence_asymmetric = true;
#endif
}

void cmrt_fence_init(void)
{
    pthread_once(&registered, register_membarrier);
}

void cmrt_fence_heavy(void)
{
#if defined(__linux__) && defined(__NR_membarrier)
    if (cmrt_fence_asymmetric &&
        syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0)
        return;
    /* Once registered the command cannot fail (membarrier(2)). */
#endif
    atomic_thread_fence(memory_order_seq_cst);
}
