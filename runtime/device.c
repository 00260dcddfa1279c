/*
 * device.c - the device: the registry of what it owns, its surface table,
 * and its pool of workers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmrt_internal.h"

/* Worker threads are capped so that a mistyped count cannot exhaust the
 * process's threads. */
#define CMRT_MAX_WORKERS 1024u

/* $CMRT_WORKERS as a count, or 0 when unset or not a count in range (then
 * with a one-line warning, so a typo is not silently ignored). */
static uint32_t workers_from_environment(void)
{
    const char *s = getenv("CMRT_WORKERS");
    if (!s || !*s)
        return 0;
    char *end = NULL;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (errno || *end || n < 1 || n > (long)CMRT_MAX_WORKERS) {
        fprintf(stderr, "libcmrt: ignoring CMRT_WORKERS=\"%s\" (want 1..%u)\n", s,
                CMRT_MAX_WORKERS);
        return 0;
    }
    return (uint32_t)n;
}

uint32_t cmrt_default_workers(void)
{
    uint32_t n = workers_from_environment();
    if (n)
        return n;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpus < 1)
        return 1;
    return cpus > (long)CMRT_MAX_WORKERS ? CMRT_MAX_WORKERS : (uint32_t)cpus;
}

int cmrt_device_create(const cmrt_device_options *opt, cmrt_device **out)
{
    if (!out)
        return CM_NULL_POINTER;
    *out = NULL;
    uint32_t workers = opt && opt->workers ? opt->workers : cmrt_default_workers();
    if (workers > CMRT_MAX_WORKERS)
        return CM_INVALID_ARG_VALUE;

    cmrt_device *dev = calloc(1, sizeof *dev);
    if (!dev)
        return CM_OUT_OF_HOST_MEMORY;
    pthread_mutex_init(&dev->lock, NULL);
    dev->registry.prev = dev->registry.next = &dev->registry;
    dev->nsurfaces = 1; /* index 0 is never a surface */
    dev->workers = workers;
    dev->pool.profile = cmrt_profile_create();
    int rc = cmrt_pool_start(&dev->pool, workers);
    if (rc != CM_SUCCESS) {
        cmrt_profile_finish(dev->pool.profile);
        pthread_mutex_destroy(&dev->lock);
        free(dev);
        return rc;
    }
    *out = dev;
    return CM_SUCCESS;
}

int cmrt_device_destroy(cmrt_device *dev)
{
    if (!dev)
        return CM_NULL_POINTER;
    /* Work in flight finishes first: it uses the objects freed below. */
    cmrt_pool_stop(&dev->pool);
    cmrt_profile_finish(dev->pool.profile);
    cmrt_object_free_all(dev);
    free(dev->surfaces);
    pthread_mutex_destroy(&dev->lock);
    free(dev);
    return CM_SUCCESS;
}

uint32_t cmrt_device_workers(const cmrt_device *dev)
{
    return dev ? dev->workers : 0;
}
