/*
 * object.c - reference counts and the device's registry of live objects.
 *
 * Every object the API hands out is registered with its device, so that
 * cmrt_device_destroy can free whatever the program left alive, and is
 * reference counted, so that work in flight keeps alive what it uses after
 * the program has destroyed its handle.
 */
#include "cmrt_internal.h"

void cmrt_object_init(cmrt_object *o, cmrt_device *dev, cmrt_kind kind)
{
    o->dev = dev;
    o->kind = kind;
    atomic_init(&o->refs, 1);
    pthread_mutex_lock(&dev->lock);
    o->prev = &dev->registry;
    o->next = dev->registry.next;
    dev->registry.next->prev = o;
    dev->registry.next = o;
    pthread_mutex_unlock(&dev->lock);
}

void cmrt_object_retain(cmrt_object *o)
{
    atomic_fetch_add_explicit(&o->refs, 1, memory_order_relaxed);
}

static void unlink_object(cmrt_object *o)
{
    o->prev->next = o->next;
    o->next->prev = o->prev;
    o->prev = o->next = o;
}

static void free_object(cmrt_object *o, bool teardown)
{
    switch (o->kind) {
    case CMRT_KIND_SURFACE: cmrt_surface_free((cmrt_surface *)o, teardown); break;
    case CMRT_KIND_PROGRAM: cmrt_program_free((cmrt_program *)o, teardown); break;
    case CMRT_KIND_KERNEL: cmrt_kernel_free((cmrt_kernel *)o, teardown); break;
    case CMRT_KIND_THREAD_SPACE:
        cmrt_thread_space_free((cmrt_thread_space *)o, teardown);
        break;
    case CMRT_KIND_TASK: cmrt_task_free((cmrt_task *)o, teardown); break;
    case CMRT_KIND_QUEUE: cmrt_queue_free((cmrt_queue *)o, teardown); break;
    case CMRT_KIND_EVENT: cmrt_event_free((cmrt_event *)o, teardown); break;
    }
}

void cmrt_object_release(cmrt_object *o)
{
    /* acq_rel: the freeing thread must see every other holder's writes. */
    if (atomic_fetch_sub_explicit(&o->refs, 1, memory_order_acq_rel) != 1)
        return;
    cmrt_device *dev = o->dev;
    pthread_mutex_lock(&dev->lock);
    unlink_object(o);
    pthread_mutex_unlock(&dev->lock);
    /* Outside the lock: freeing releases what the object holds. */
    free_object(o, false);
}

void cmrt_object_free_all(cmrt_device *dev)
{
    while (dev->registry.next != &dev->registry) {
        cmrt_object *o = dev->registry.next;
        unlink_object(o);
        free_object(o, true);
    }
}
