/*
 * cm_rt.h - the CM runtime's C++ host API (CreateCmDevice, CmDevice,
 * CmQueue, ...) over libcmrt's C API, so that CM host programs compile and
 * run unmodified on the CPU.
 *
 * The layer is header-only and allocates nothing: a CmDevice * *is* the
 * cmrt_device * it stands for (likewise every other class), and each member
 * function forwards to one cmrt_* call. So the classes can never be
 * constructed, copied or deleted by the program, the runtime owns every
 * object (DestroyCmDevice destroys what is still alive), and a pointer
 * crosses between the two APIs with a cast. The Destroy* calls set the
 * caller's pointer to nullptr on success, as CM's do.
 *
 * What differs from the GPU runtime: a SurfaceIndex is 4 bytes (the
 * kernel's surface argument, cmrt_surface_index), so kernels take
 * SetKernelArg(i, sizeof(SurfaceIndex), index) as usual; CreateCmDevice's
 * VA display and options, and the options of LoadProgram and CreateKernel
 * (JIT flags for the GPU), are accepted and ignored; a task's kernels always
 * run one after another, so AddSync has nothing to add.
 */
#ifndef CM_RT_H
#define CM_RT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <type_traits>

#include "cmrt.h"

/* ---- CM's versions and basic types ------------------------------------- */

#ifndef CM_1_0
#define CM_1_0 100
#define CM_2_0 200
#define CM_2_1 201
#define CM_2_2 202
#define CM_2_3 203
#define CM_2_4 204
#define CM_3_0 300
#define CM_4_0 400
#define CM_5_0 500
#define CM_6_0 600
#define CM_7_0 700
#define CM_7_2 702
#endif
#ifndef __INTEL_CM
#define __INTEL_CM CM_7_2
#endif
#ifndef __INTEL_MDF
#define __INTEL_MDF CM_7_2
#endif

typedef int BOOL;
typedef char byte;
typedef unsigned char BYTE;
typedef unsigned char UCHAR;
typedef char CHAR;
typedef short SHORT;
typedef unsigned short USHORT;
typedef unsigned short WORD;
typedef int INT;
typedef unsigned int UINT;
typedef unsigned int UINT32;
typedef unsigned int DWORD;
typedef long LONG;
typedef unsigned long ULONG;
typedef signed char INT8;
typedef unsigned char UINT8;
typedef signed short INT16;
typedef unsigned short UINT16;
typedef signed int INT32;
typedef signed long long INT64;
typedef unsigned long long UINT64;
typedef float FLOAT;
typedef double DOUBLE;
typedef void *PVOID;

#define CM_RT_API
#define CM_DEVICE_CREATE_OPTION_DEFAULT 0

class CmEvent;

/* Enqueue's event argument when the caller wants no event. */
#define CM_NO_EVENT ((CmEvent *)(-1))

/* ReadSurface/WriteSurface's size when the caller does not give one: the
 * host buffer is taken to be as large as the surface. */
#define CM_RT_SYSMEM_SIZE_UNKNOWN 0xFFFFFFFFFFFFFFFFULL

/* The Windows spellings of five return codes, which CM samples' helper
 * tables (cm_rt_helpers.h) name: the same values as the Linux names. */
const CM_RETURN_CODE CM_D3DDEVICEMGR_OPEN_HANDLE_FAIL = CM_OPEN_VIDEO_DEVICE_FAILURE;
const CM_RETURN_CODE CM_D3DDEVICEMGR_DXVA2_E_NEW_VIDEO_DEVICE = CM_VIDEO_DEVICE_LOCKED;
const CM_RETURN_CODE CM_D3DDEVICEMGR_LOCK_DEVICE_FAIL = CM_LOCK_VIDEO_DEVICE_FAILURE;
const CM_RETURN_CODE CM_INVALID_D3D11_TEXTURE2D_USAGE = CM_INVALID_TEXTURE2D_USAGE;
const CM_RETURN_CODE CM_DEVICE_INVALID_D3DDEVICE = CM_INVALID_VIDEO_DEVICE;

/* GetCaps' names, in CM's order. */
typedef enum _CM_DEVICE_CAP_NAME {
    CAP_KERNEL_COUNT_PER_TASK,
    CAP_KERNEL_BINARY_SIZE,
    CAP_SAMPLER_COUNT,
    CAP_SAMPLER_COUNT_PER_KERNEL,
    CAP_BUFFER_COUNT,
    CAP_SURFACE2D_COUNT,
    CAP_SURFACE3D_COUNT,
    CAP_SURFACE_COUNT_PER_KERNEL,
    CAP_ARG_COUNT_PER_KERNEL,
    CAP_ARG_SIZE_PER_KERNEL,
    CAP_USER_DEFINED_THREAD_COUNT_PER_TASK,
    CAP_HW_THREAD_COUNT,
    CAP_SURFACE2D_FORMAT_COUNT,
    CAP_SURFACE2D_FORMATS,
    CAP_SURFACE3D_FORMAT_COUNT,
    CAP_SURFACE3D_FORMATS,
    CAP_VME_STATE_COUNT,
    CAP_GPU_PLATFORM,
    CAP_GT_PLATFORM,
    CAP_MIN_FREQUENCY,
    CAP_MAX_FREQUENCY,
    CAP_L3_CONFIG,
    CAP_GPU_CURRENT_FREQUENCY,
    CAP_USER_DEFINED_THREAD_COUNT_PER_TASK_NO_THREAD_ARG,
    CAP_USER_DEFINED_THREAD_COUNT_PER_MEDIA_WALKER,
    CAP_USER_DEFINED_THREAD_COUNT_PER_THREAD_GROUP,
    CAP_SURFACE2DUP_COUNT,
    CAP_PLATFORM_INFO,
    CAP_MAX_BUFFER_SIZE
} CM_DEVICE_CAP_NAME;

/* A custom dependency pattern (SelectThreadDependencyVectors). */
typedef struct _CM_DEPENDENCY {
    UINT count;
    INT deltaX[CM_MAX_DEPENDENCY_COUNT];
    INT deltaY[CM_MAX_DEPENDENCY_COUNT];
} CM_DEPENDENCY;

/* ---- the bridge between the two APIs ------------------------------------ */

class CmDevice;
class CmSurface2D;
class CmBuffer;
class CmProgram;
class CmKernel;
class CmThreadSpace;
class CmTask;
class CmQueue;

namespace cm_rt_detail {

/* A C++ object pointer is its C handle (see the top of this file). */
template <class To, class From> inline To *handle_cast(From *p)
{
    return reinterpret_cast<To *>(p);
}
template <class To, class From> inline const To *handle_cast(const From *p)
{
    return reinterpret_cast<const To *>(p);
}

/* The event to wait for before a copy: none for nullptr or CM_NO_EVENT. */
inline cmrt_event *wait_event(CmEvent *e)
{
    return e == CM_NO_EVENT ? nullptr : handle_cast<cmrt_event>(e);
}

/* CM's Destroy*(X *&): destroy, and forget the pointer once it is gone. */
template <class Cpp, class C>
inline int destroy(Cpp *&object, int (*destroy_handle)(C *))
{
    int rc = destroy_handle(handle_cast<C>(object));
    if (rc == CM_SUCCESS)
        object = nullptr;
    return rc;
}

/* CM's Create*(..., X *&): the new object, or nullptr on failure. The
 * handle comes by reference because callers pass the creating call in the
 * same argument list, and C++ leaves the order of arguments unspecified:
 * read by value, it could be read before the call has set it. */
template <class Cpp, class C> inline int created(int rc, C *&handle, Cpp *&out)
{
    out = rc == CM_SUCCESS ? handle_cast<Cpp>(handle) : nullptr;
    return rc;
}

/* InitSurface's DWORD, repeated over a host copy of the surface: for the
 * values whose four bytes differ, which a byte fill cannot make. */
inline int fill_dwords(cmrt_surface *s, DWORD value, cmrt_event *wait_for)
{
    cmrt_surface_desc desc;
    int rc = cmrt_surface_get_desc(s, &desc);
    if (rc != CM_SUCCESS)
        return rc;
    size_t size = (size_t)desc.width * desc.texel_size * desc.height;
    unsigned char *bytes = static_cast<unsigned char *>(malloc(size ? size : 1));
    if (!bytes)
        return CM_OUT_OF_HOST_MEMORY;
    for (size_t i = 0; i < size; i++)
        bytes[i] = (unsigned char)(value >> (8 * (i % 4))); /* little-endian */
    rc = cmrt_surface_write(s, bytes, size, wait_for);
    free(bytes);
    return rc;
}

inline int init_surface(cmrt_surface *s, DWORD value, cmrt_event *wait_for)
{
    unsigned char low = (unsigned char)value;
    if (value == low * 0x01010101u)
        return cmrt_surface_fill(s, low, wait_for);
    return fill_dwords(s, value, wait_for);
}

} /* namespace cm_rt_detail */

/* Every class below stands for a runtime object it never owns. */
#define CM_RT_HANDLE_CLASS(name)              \
  private:                                    \
    name() = delete;                          \
    ~name() = delete;                         \
    name(const name &) = delete;              \
    name &operator=(const name &) = delete

/* ---- surfaces ------------------------------------------------------------ */

/* A kernel's surface argument: 4 bytes, laid out as cmrt_surface_index. */
class SurfaceIndex {
  public:
    SurfaceIndex() : index(0) {}
    SurfaceIndex(unsigned int n) : index(n) {}
    SurfaceIndex &operator=(unsigned int n)
    {
        index = n;
        return *this;
    }
    unsigned int get_data() const { return index; }

  private:
    uint32_t index;
};

static_assert(sizeof(SurfaceIndex) == sizeof(cmrt_surface_index),
              "SurfaceIndex must be a cmrt_surface_index");
static_assert(std::is_standard_layout<SurfaceIndex>::value,
              "SurfaceIndex must be a cmrt_surface_index");

class CmSurface2D {
  public:
    INT GetIndex(SurfaceIndex *&index)
    {
        cmrt_surface_index *i = nullptr;
        int rc = cmrt_surface_get_index(handle(), &i);
        index = rc == CM_SUCCESS ? reinterpret_cast<SurfaceIndex *>(i) : nullptr;
        return rc;
    }
    /* Copies wait for `event` (nullptr: none) first. */
    INT ReadSurface(unsigned char *dst, CmEvent *event,
                    UINT64 size = CM_RT_SYSMEM_SIZE_UNKNOWN)
    {
        return cmrt_surface_read(handle(), dst, size,
                                 cm_rt_detail::wait_event(event));
    }
    INT WriteSurface(const unsigned char *src, CmEvent *event,
                     UINT64 size = CM_RT_SYSMEM_SIZE_UNKNOWN)
    {
        return cmrt_surface_write(handle(), src, size,
                                  cm_rt_detail::wait_event(event));
    }
    /* `stride`: the host buffer's row pitch in bytes. */
    INT ReadSurfaceStride(unsigned char *dst, CmEvent *event, const UINT stride,
                          UINT64 size = CM_RT_SYSMEM_SIZE_UNKNOWN)
    {
        return cmrt_surface_read_strided(handle(), dst, stride, size,
                                         cm_rt_detail::wait_event(event));
    }
    INT WriteSurfaceStride(const unsigned char *src, CmEvent *event,
                           const UINT stride,
                           UINT64 size = CM_RT_SYSMEM_SIZE_UNKNOWN)
    {
        return cmrt_surface_write_strided(handle(), src, stride, size,
                                          cm_rt_detail::wait_event(event));
    }
    /* Every DWORD of the surface set to `value`. */
    INT InitSurface(const DWORD value, CmEvent *event)
    {
        return cm_rt_detail::init_surface(handle(), value,
                                          cm_rt_detail::wait_event(event));
    }

  private:
    cmrt_surface *handle() { return cm_rt_detail::handle_cast<cmrt_surface>(this); }
    CM_RT_HANDLE_CLASS(CmSurface2D);
};

/* A buffer: kernels see `size` bytes as a one-row surface. */
class CmBuffer {
  public:
    INT GetIndex(SurfaceIndex *&index)
    {
        cmrt_surface_index *i = nullptr;
        int rc = cmrt_surface_get_index(handle(), &i);
        index = rc == CM_SUCCESS ? reinterpret_cast<SurfaceIndex *>(i) : nullptr;
        return rc;
    }
    INT ReadSurface(unsigned char *dst, CmEvent *event,
                    UINT64 size = CM_RT_SYSMEM_SIZE_UNKNOWN)
    {
        return cmrt_surface_read(handle(), dst, size,
                                 cm_rt_detail::wait_event(event));
    }
    INT WriteSurface(const unsigned char *src, CmEvent *event,
                     UINT64 size = CM_RT_SYSMEM_SIZE_UNKNOWN)
    {
        return cmrt_surface_write(handle(), src, size,
                                  cm_rt_detail::wait_event(event));
    }
    INT InitSurface(const DWORD value, CmEvent *event)
    {
        return cm_rt_detail::init_surface(handle(), value,
                                          cm_rt_detail::wait_event(event));
    }

  private:
    cmrt_surface *handle() { return cm_rt_detail::handle_cast<cmrt_surface>(this); }
    CM_RT_HANDLE_CLASS(CmBuffer);
};

/* ---- programs, kernels, thread spaces, tasks ---------------------------- */

class CmProgram {
    CM_RT_HANDLE_CLASS(CmProgram);
};

class CmThreadSpace {
  public:
    INT SelectThreadDependencyPattern(CM_DEPENDENCY_PATTERN pattern)
    {
        return cmrt_thread_space_select_dependency(handle(), pattern);
    }
    /* Point (x, y) waits for (x + dx[i], y + dy[i]), i < count. */
    INT SetThreadDependencyPattern(UINT count, INT *dx, INT *dy)
    {
        return cmrt_thread_space_set_dependency(handle(), count, dx, dy);
    }
    INT SelectThreadDependencyVectors(CM_DEPENDENCY vectors)
    {
        return cmrt_thread_space_set_dependency(handle(), vectors.count,
                                                vectors.deltaX, vectors.deltaY);
    }
    INT SelectMediaWalkingPattern(CM_WALKING_PATTERN pattern)
    {
        return cmrt_thread_space_select_walking(handle(), pattern);
    }

  private:
    cmrt_thread_space *handle()
    {
        return cm_rt_detail::handle_cast<cmrt_thread_space>(this);
    }
    CM_RT_HANDLE_CLASS(CmThreadSpace);
};

class CmKernel {
  public:
    /* `size` must be the parameter's: sizeof(SurfaceIndex) for surfaces. */
    INT SetKernelArg(UINT index, size_t size, const void *value)
    {
        return cmrt_kernel_set_arg(handle(), index, size, value);
    }
    INT SetThreadCount(UINT count)
    {
        return cmrt_kernel_set_thread_count(handle(), count);
    }
    INT AssociateThreadSpace(CmThreadSpace *&space)
    {
        return cmrt_kernel_associate_thread_space(
            handle(), cm_rt_detail::handle_cast<cmrt_thread_space>(space));
    }

  private:
    cmrt_kernel *handle() { return cm_rt_detail::handle_cast<cmrt_kernel>(this); }
    CM_RT_HANDLE_CLASS(CmKernel);
};

class CmTask {
  public:
    INT AddKernel(CmKernel *kernel)
    {
        return cmrt_task_add_kernel(handle(),
                                    cm_rt_detail::handle_cast<cmrt_kernel>(kernel));
    }
    INT Reset() { return cmrt_task_reset(handle()); }
    /* The kernels of a task run one after another anyway. */
    INT AddSync() { return CM_SUCCESS; }

  private:
    cmrt_task *handle() { return cm_rt_detail::handle_cast<cmrt_task>(this); }
    CM_RT_HANDLE_CLASS(CmTask);
};

/* ---- queues and events --------------------------------------------------- */

class CmEvent {
  public:
    INT WaitForTaskFinished(DWORD timeout_ms = CM_MAX_TIMEOUT_MS)
    {
        return cmrt_event_wait(handle(), timeout_ms);
    }
    INT GetStatus(CM_STATUS &status)
    {
        return cmrt_event_get_status(handle(), &status);
    }
    /* Nanoseconds from the task's start to its end. */
    INT GetExecutionTime(UINT64 &time)
    {
        uint64_t ns = 0;
        int rc = cmrt_event_get_execution_time(handle(), &ns);
        time = ns;
        return rc;
    }

  private:
    cmrt_event *handle() { return cm_rt_detail::handle_cast<cmrt_event>(this); }
    CM_RT_HANDLE_CLASS(CmEvent);
};

class CmQueue {
  public:
    /* Returns at once. `event` gets an event the caller destroys with
     * DestroyEvent, unless it is CM_NO_EVENT on entry. */
    INT Enqueue(CmTask *task, CmEvent *&event, const CmThreadSpace *space = nullptr)
    {
        cmrt_task *t = cm_rt_detail::handle_cast<cmrt_task>(task);
        const cmrt_thread_space *ts =
            cm_rt_detail::handle_cast<cmrt_thread_space>(space);
        if (event == CM_NO_EVENT)
            return cmrt_enqueue(handle(), t, ts, nullptr);
        cmrt_event *e = nullptr;
        return cm_rt_detail::created(cmrt_enqueue(handle(), t, ts, &e), e, event);
    }
    INT DestroyEvent(CmEvent *&event)
    {
        if (event == CM_NO_EVENT) { /* there was never an event to destroy */
            event = nullptr;
            return CM_SUCCESS;
        }
        return cm_rt_detail::destroy(event, cmrt_event_destroy);
    }

  private:
    cmrt_queue *handle() { return cm_rt_detail::handle_cast<cmrt_queue>(this); }
    CM_RT_HANDLE_CLASS(CmQueue);
};

/* ---- the device ---------------------------------------------------------- */

class CmDevice {
  public:
    /* A `width` x `height` texel surface; rows of width * texel size bytes. */
    INT CreateSurface2D(UINT width, UINT height, CM_SURFACE_FORMAT format,
                        CmSurface2D *&surface)
    {
        cmrt_surface *s = nullptr;
        return cm_rt_detail::created(
            cmrt_surface2d_create(handle(), width, height, format, &s), s, surface);
    }
    INT CreateBuffer(UINT size, CmBuffer *&buffer)
    {
        cmrt_surface *s = nullptr;
        return cm_rt_detail::created(cmrt_buffer_create(handle(), size, &s), s,
                                     buffer);
    }
    INT DestroySurface(CmSurface2D *&surface)
    {
        return cm_rt_detail::destroy(surface, cmrt_surface_destroy);
    }
    INT DestroySurface(CmBuffer *&buffer)
    {
        return cm_rt_detail::destroy(buffer, cmrt_surface_destroy);
    }

    /* `code`: the bytes of a program built by cmc (e.g. `cmc k.cpp -o
     * k.isa`), copied by the runtime. */
    INT LoadProgram(void *code, const UINT size, CmProgram *&program,
                    const char *options = nullptr)
    {
        (void)options;
        cmrt_program *p = nullptr;
        return cm_rt_detail::created(cmrt_program_load(handle(), code, size, &p), p,
                                     program);
    }
    INT DestroyProgram(CmProgram *&program)
    {
        return cm_rt_detail::destroy(program, cmrt_program_destroy);
    }
    INT CreateKernel(CmProgram *program, const char *name, CmKernel *&kernel,
                     const char *options = nullptr)
    {
        (void)options;
        cmrt_kernel *k = nullptr;
        int rc = cmrt_kernel_create(
            cm_rt_detail::handle_cast<cmrt_program>(program), name, &k);
        return cm_rt_detail::created(rc, k, kernel);
    }
    INT DestroyKernel(CmKernel *&kernel)
    {
        return cm_rt_detail::destroy(kernel, cmrt_kernel_destroy);
    }

    INT CreateThreadSpace(UINT width, UINT height, CmThreadSpace *&space)
    {
        cmrt_thread_space *ts = nullptr;
        return cm_rt_detail::created(
            cmrt_thread_space_create(handle(), width, height, &ts), ts, space);
    }
    INT DestroyThreadSpace(CmThreadSpace *&space)
    {
        return cm_rt_detail::destroy(space, cmrt_thread_space_destroy);
    }
    INT CreateTask(CmTask *&task)
    {
        cmrt_task *t = nullptr;
        return cm_rt_detail::created(cmrt_task_create(handle(), &t), t, task);
    }
    INT DestroyTask(CmTask *&task)
    {
        return cm_rt_detail::destroy(task, cmrt_task_destroy);
    }
    /* Queues live as long as the device. */
    INT CreateQueue(CmQueue *&queue)
    {
        cmrt_queue *q = nullptr;
        return cm_rt_detail::created(cmrt_queue_create(handle(), &q), q, queue);
    }

    /* CAP_HW_THREAD_COUNT (a UINT) is the number of worker threads; the
     * GPU's other capabilities have no CPU meaning. */
    INT GetCaps(CM_DEVICE_CAP_NAME name, size_t &size, void *value)
    {
        if (name != CAP_HW_THREAD_COUNT)
            return CM_NOT_IMPLEMENTED;
        if (!value)
            return CM_NULL_POINTER;
        if (size < sizeof(UINT))
            return CM_INVALID_ARG_SIZE;
        UINT workers = cmrt_device_workers(handle());
        memcpy(value, &workers, sizeof workers);
        size = sizeof workers;
        return CM_SUCCESS;
    }

  private:
    cmrt_device *handle() { return cm_rt_detail::handle_cast<cmrt_device>(this); }
    CM_RT_HANDLE_CLASS(CmDevice);
};

#undef CM_RT_HANDLE_CLASS

/* ---- free functions ------------------------------------------------------ */

/* The device runs kernels on $CMRT_WORKERS worker threads (default: one per
 * online CPU). `version` receives the CM API version this layer follows. */
inline INT CreateCmDevice(CmDevice *&device, UINT &version,
                          void *va_display = nullptr,
                          UINT create_option = CM_DEVICE_CREATE_OPTION_DEFAULT)
{
    (void)va_display;
    (void)create_option;
    version = __INTEL_CM;
    cmrt_device *d = nullptr;
    return cm_rt_detail::created(cmrt_device_create(nullptr, &d), d, device);
}

inline INT CreateCmDeviceEx(CmDevice *&device, UINT &version,
                            void *va_display = nullptr,
                            UINT create_option = CM_DEVICE_CREATE_OPTION_DEFAULT)
{
    return CreateCmDevice(device, version, va_display, create_option);
}

/* Waits for the work in flight, then destroys the device and everything
 * created from it that is still alive. */
inline INT DestroyCmDevice(CmDevice *&device)
{
    return cm_rt_detail::destroy(device, cmrt_device_destroy);
}

/* "CM_INVALID_ARG_VALUE" for -10, ... */
inline const char *GetCmErrorString(int code)
{
    return cmrt_code_name(code);
}

#endif /* CM_RT_H */
