/*
 * cmrt_codes.h - the CM runtime's enumerations and limits, with CM's names,
 * order and values, for C and C++ (cmrt.h and cm_rt.h include it).
 *
 * The return codes are CM's whole list, even the codes a CPU never
 * returns: CM samples name a code by indexing a table with -code, so a
 * code's value is its position in the list. CMRT_RETURN_CODES is that list
 * once, as an X-macro, so that the enum and cmrt_code_name() cannot drift
 * apart. The surface formats have the values of CM on Linux (libva's
 * VA_CM_FORMAT: D3D-style numbers, fourcc codes for YUV formats).
 */
#ifndef CMRT_CODES_H
#define CMRT_CODES_H

/* X(name, value) for each return code, in CM's order. */
#define CMRT_RETURN_CODES(X)                                   \
    X(CM_SUCCESS, 0)                                           \
    X(CM_FAILURE, -1)                                          \
    X(CM_NOT_IMPLEMENTED, -2)                                  \
    X(CM_SURFACE_ALLOCATION_FAILURE, -3)                       \
    X(CM_OUT_OF_HOST_MEMORY, -4)                               \
    X(CM_SURFACE_FORMAT_NOT_SUPPORTED, -5)                     \
    X(CM_EXCEED_SURFACE_AMOUNT, -6)                            \
    X(CM_EXCEED_KERNEL_ARG_AMOUNT, -7)                         \
    X(CM_EXCEED_KERNEL_ARG_SIZE_IN_BYTE, -8)                   \
    X(CM_INVALID_ARG_INDEX, -9)                                \
    X(CM_INVALID_ARG_VALUE, -10)                               \
    X(CM_INVALID_ARG_SIZE, -11)                                \
    X(CM_INVALID_THREAD_INDEX, -12)                            \
    X(CM_INVALID_WIDTH, -13)                                   \
    X(CM_INVALID_HEIGHT, -14)                                  \
    X(CM_INVALID_DEPTH, -15)                                   \
    X(CM_INVALID_COMMON_ISA, -16)                              \
    X(CM_OPEN_VIDEO_DEVICE_FAILURE, -17)                       \
    X(CM_VIDEO_DEVICE_LOCKED, -18)                             \
    X(CM_LOCK_VIDEO_DEVICE_FAILURE, -19)                       \
    X(CM_EXCEED_SAMPLER_AMOUNT, -20)                           \
    X(CM_EXCEED_MAX_KERNEL_PER_ENQUEUE, -21)                   \
    X(CM_EXCEED_MAX_KERNEL_SIZE_IN_BYTE, -22)                  \
    X(CM_EXCEED_MAX_THREAD_AMOUNT_PER_ENQUEUE, -23)            \
    X(CM_EXCEED_VME_STATE_G6_AMOUNT, -24)                      \
    X(CM_INVALID_THREAD_SPACE, -25)                            \
    X(CM_EXCEED_MAX_TIMEOUT, -26)                              \
    X(CM_JITDLL_LOAD_FAILURE, -27)                             \
    X(CM_JIT_COMPILE_FAILURE, -28)                             \
    X(CM_JIT_COMPILESIM_FAILURE, -29)                          \
    X(CM_INVALID_THREAD_GROUP_SPACE, -30)                      \
    X(CM_THREAD_ARG_NOT_ALLOWED, -31)                          \
    X(CM_INVALID_GLOBAL_BUFFER_INDEX, -32)                     \
    X(CM_INVALID_BUFFER_HANDLER, -33)                          \
    X(CM_EXCEED_MAX_SLM_SIZE, -34)                             \
    X(CM_JITDLL_OLDER_THAN_ISA, -35)                           \
    X(CM_INVALID_HARDWARE_THREAD_NUMBER, -36)                  \
    X(CM_GTPIN_INVOKE_FAILURE, -37)                            \
    X(CM_INVALIDE_L3_CONFIGURATION, -38)                       \
    X(CM_INVALID_TEXTURE2D_USAGE, -39)                         \
    X(CM_INTEL_GFX_NOTFOUND, -40)                              \
    X(CM_GPUCOPY_INVALID_SYSMEM, -41)                          \
    X(CM_GPUCOPY_INVALID_WIDTH, -42)                           \
    X(CM_GPUCOPY_INVALID_STRIDE, -43)                          \
    X(CM_EVENT_DRIVEN_FAILURE, -44)                            \
    X(CM_LOCK_SURFACE_FAIL, -45)                               \
    X(CM_INVALID_GENX_BINARY, -46)                             \
    X(CM_FEATURE_NOT_SUPPORTED_IN_DRIVER, -47)                 \
    X(CM_QUERY_DLL_VERSION_FAILURE, -48)                       \
    X(CM_KERNELPAYLOAD_PERTHREADARG_MUTEX_FAIL, -49)           \
    X(CM_KERNELPAYLOAD_PERKERNELARG_MUTEX_FAIL, -50)           \
    X(CM_KERNELPAYLOAD_SETTING_FAILURE, -51)                   \
    X(CM_KERNELPAYLOAD_SURFACE_INVALID_BTINDEX, -52)           \
    X(CM_NOT_SET_KERNEL_ARGUMENT, -53)                         \
    X(CM_GPUCOPY_INVALID_SURFACES, -54)                        \
    X(CM_GPUCOPY_INVALID_SIZE, -55)                            \
    X(CM_GPUCOPY_OUT_OF_RESOURCE, -56)                         \
    X(CM_INVALID_VIDEO_DEVICE, -57)                            \
    X(CM_SURFACE_DELAY_DESTROY, -58)                           \
    X(CM_INVALID_VEBOX_STATE, -59)                             \
    X(CM_INVALID_VEBOX_SURFACE, -60)                           \
    X(CM_FEATURE_NOT_SUPPORTED_BY_HARDWARE, -61)               \
    X(CM_RESOURCE_USAGE_NOT_SUPPORT_READWRITE, -62)            \
    X(CM_MULTIPLE_MIPLEVELS_NOT_SUPPORTED, -63)                \
    X(CM_INVALID_UMD_CONTEXT, -64)                             \
    X(CM_INVALID_LIBVA_SURFACE, -65)                           \
    X(CM_INVALID_LIBVA_INITIALIZE, -66)                        \
    X(CM_KERNEL_THREADSPACE_NOT_SET, -67)                      \
    X(CM_INVALID_KERNEL_THREADSPACE, -68)                      \
    X(CM_KERNEL_THREADSPACE_THREADS_NOT_ASSOCIATED, -69)       \
    X(CM_KERNEL_THREADSPACE_INTEGRITY_FAILED, -70)             \
    X(CM_INVALID_USERPROVIDED_GENBINARY, -71)                  \
    X(CM_INVALID_PRIVATE_DATA, -72)                            \
    X(CM_INVALID_MOS_RESOURCE_HANDLE, -73)                     \
    X(CM_SURFACE_CACHED, -74)                                  \
    X(CM_SURFACE_IN_USE, -75)                                  \
    X(CM_INVALID_GPUCOPY_KERNEL, -76)                          \
    X(CM_INVALID_DEPENDENCY_WITH_WALKING_PATTERN, -77)         \
    X(CM_INVALID_MEDIA_WALKING_PATTERN, -78)                   \
    X(CM_FAILED_TO_ALLOCATE_SVM_BUFFER, -79)                   \
    X(CM_EXCEED_MAX_POWER_OPTION_FOR_PLATFORM, -80)            \
    X(CM_INVALID_KERNEL_THREADGROUPSPACE, -81)                 \
    X(CM_INVALID_KERNEL_SPILL_CODE, -82)                       \
    X(CM_UMD_DRIVER_NOT_SUPPORTED, -83)                        \
    X(CM_INVALID_GPU_FREQUENCY_VALUE, -84)                     \
    X(CM_SYSTEM_MEMORY_NOT_4KPAGE_ALIGNED, -85)                \
    X(CM_KERNEL_ARG_SETTING_FAILED, -86)                       \
    X(CM_NO_AVAILABLE_SURFACE, -87)                            \
    X(CM_VA_SURFACE_NOT_SUPPORTED, -88)                        \
    X(CM_TOO_MUCH_THREADS, -89)                                \
    X(CM_NULL_POINTER, -90)                                    \
    X(CM_EXCEED_MAX_NUM_2D_ALIASES, -91)                       \
    X(CM_INVALID_PARAM_SIZE, -92)                              \
    X(CM_GT_UNSUPPORTED, -93)                                  \
    X(CM_GTPIN_FLAG_NO_LONGER_SUPPORTED, -94)                  \
    X(CM_PLATFORM_UNSUPPORTED_FOR_API, -95)                    \
    X(CM_TASK_MEDIA_RESET, -96)                                \
    X(CM_KERNELPAYLOAD_SAMPLER_INVALID_BTINDEX, -97)           \
    X(CM_EXCEED_MAX_NUM_BUFFER_ALIASES, -98)                   \
    X(CM_SYSTEM_MEMORY_NOT_4PIXELS_ALIGNED, -99)               \
    X(CM_FAILED_TO_CREATE_CURBE_SURFACE, -100)                 \
    X(CM_INVALID_CAP_NAME, -101)                               \
    X(CM_INVALID_PARAM_FOR_CREATE_QUEUE_EX, -102)              \
    X(CM_INVALID_CREATE_OPTION_FOR_BUFFER_STATELESS, -103)     \
    X(CM_INVALID_KERNEL_ARG_POINTER, -104)                     \
    X(CM_LOAD_LIBRARY_FAILED, -105)                            \
    X(CM_NO_SUPPORTED_ADAPTER, -106)                           \
    X(CM_INTERNAL_ERROR_CODE_OFFSET, -10000)                   \
    X(CM_MOS_STATUS_CONVERTED_CODE_OFFSET, -20000)

#define CMRT_CODE_ENUMERATOR(name, value) name = value,
typedef enum _CM_RETURN_CODE {
    CMRT_RETURN_CODES(CMRT_CODE_ENUMERATOR)
} CM_RETURN_CODE;
#undef CMRT_CODE_ENUMERATOR

/* Task states, as CmEvent::GetStatus reports them. */
typedef enum _CM_STATUS {
    CM_STATUS_QUEUED = 0,
    CM_STATUS_FLUSHED = 1,
    CM_STATUS_FINISHED = 2,
    CM_STATUS_STARTED = 3,
    CM_STATUS_RESET = 4
} CM_STATUS;

/* Thread dependency patterns (cmrt_thread_space_select_dependency). */
typedef enum _CM_DEPENDENCY_PATTERN {
    CM_NONE_DEPENDENCY = 0,
    CM_WAVEFRONT = 1,
    CM_WAVEFRONT26 = 2,
    CM_VERTICAL_WAVE = 3,
    CM_HORIZONTAL_WAVE = 4,
    CM_WAVEFRONT26Z = 5,
    CM_WAVEFRONT26X = 6,
    CM_WAVEFRONT26ZIG = 7,
    CM_WAVEFRONT26ZI = 8
} CM_DEPENDENCY_PATTERN;

/* Media walker orders (cmrt_thread_space_select_walking). */
typedef enum _CM_WALKING_PATTERN {
    CM_WALK_DEFAULT = 0,
    CM_WALK_WAVEFRONT = 1,
    CM_WALK_WAVEFRONT26 = 2,
    CM_WALK_VERTICAL = 3,
    CM_WALK_HORIZONTAL = 4,
    CM_WALK_WAVEFRONT26X = 5,
    CM_WALK_WAVEFRONT26ZIG = 6,
    CM_WALK_WAVEFRONT45D = 7,
    CM_WALK_WAVEFRONT45XD_2 = 8,
    CM_WALK_WAVEFRONT26XALT = 9,
    CM_WALK_WAVEFRONT26D = 10,
    CM_WALK_WAVEFRONT26XD = 11
} CM_WALKING_PATTERN;

/* Surface formats, valued as CM on Linux defines them. Formats whose
 * texels are not 1, 2 or 4 bytes, and planar ones, are named so that host
 * code compiles, and rejected with CM_SURFACE_FORMAT_NOT_SUPPORTED. */
#define CMRT_FOURCC(a, b, c, d)                                        \
    ((unsigned)(a) | ((unsigned)(b) << 8) | ((unsigned)(c) << 16) |    \
     ((unsigned)(d) << 24))
typedef enum _CM_SURFACE_FORMAT {
    CM_SURFACE_FORMAT_UNKNOWN = 0,
    CM_SURFACE_FORMAT_A8R8G8B8 = 21,
    CM_SURFACE_FORMAT_X8R8G8B8 = 22,
    CM_SURFACE_FORMAT_A8 = 28,
    CM_SURFACE_FORMAT_R10G10B10A2 = 31,
    CM_SURFACE_FORMAT_A8B8G8R8 = 32,
    CM_SURFACE_FORMAT_R16G16_UNORM = 35,
    CM_SURFACE_FORMAT_A16B16G16R16 = 36,
    CM_SURFACE_FORMAT_A8P8 = 40,
    CM_SURFACE_FORMAT_P8 = 41,
    CM_SURFACE_FORMAT_R32_UINT = 42,
    CM_SURFACE_FORMAT_R8G8_UNORM = 49,
    CM_SURFACE_FORMAT_L8 = 50,
    CM_SURFACE_FORMAT_A8L8 = 51,
    CM_SURFACE_FORMAT_R16_SINT = 51, /* CM on Linux: the A8L8 value */
    CM_SURFACE_FORMAT_R16_UNORM = 56,
    CM_SURFACE_FORMAT_R16_UINT = 57,
    CM_SURFACE_FORMAT_V8U8 = 60,
    CM_SURFACE_FORMAT_R8_UNORM = 61,
    CM_SURFACE_FORMAT_R8_UINT = 62,
    CM_SURFACE_FORMAT_R32_SINT = 71,
    CM_SURFACE_FORMAT_D16 = 80,
    CM_SURFACE_FORMAT_L16 = 81,
    CM_SURFACE_FORMAT_R16_FLOAT = 111,
    CM_SURFACE_FORMAT_IA44 = 112,
    CM_SURFACE_FORMAT_A16B16G16R16F = 113,
    CM_SURFACE_FORMAT_R32F = 114,
    CM_SURFACE_FORMAT_R32G32B32A32F = 115,
    CM_SURFACE_FORMAT_NV12 = CMRT_FOURCC('N', 'V', '1', '2'),
    CM_SURFACE_FORMAT_UYVY = CMRT_FOURCC('U', 'Y', 'V', 'Y'),
    CM_SURFACE_FORMAT_YUY2 = CMRT_FOURCC('Y', 'U', 'Y', '2'),
    CM_SURFACE_FORMAT_YV12 = CMRT_FOURCC('Y', 'V', '1', '2'),
    CM_SURFACE_FORMAT_I420 = CMRT_FOURCC('I', '4', '2', '0'),
    CM_SURFACE_FORMAT_P010 = CMRT_FOURCC('P', '0', '1', '0'),
    CM_SURFACE_FORMAT_P016 = CMRT_FOURCC('P', '0', '1', '6'),
    CM_SURFACE_FORMAT_AYUV = CMRT_FOURCC('A', 'Y', 'U', 'V'),
    CM_SURFACE_FORMAT_Y210 = CMRT_FOURCC('Y', '2', '1', '0'),
    CM_SURFACE_FORMAT_Y410 = CMRT_FOURCC('Y', '4', '1', '0'),
    CM_SURFACE_FORMAT_Y216 = CMRT_FOURCC('Y', '2', '1', '6'),
    CM_SURFACE_FORMAT_Y416 = CMRT_FOURCC('Y', '4', '1', '6'),
    CM_SURFACE_FORMAT_IMC3 = CMRT_FOURCC('I', 'M', 'C', '3'),
    CM_SURFACE_FORMAT_444P = CMRT_FOURCC('4', '4', '4', 'P'),
    CM_SURFACE_FORMAT_422H = CMRT_FOURCC('4', '2', '2', 'H'),
    CM_SURFACE_FORMAT_422V = CMRT_FOURCC('4', '2', '2', 'V'),
    CM_SURFACE_FORMAT_411P = CMRT_FOURCC('4', '1', '1', 'P'),
    CM_SURFACE_FORMAT_411R = CMRT_FOURCC('4', '1', '1', 'R'),
    CM_SURFACE_FORMAT_RGBP = CMRT_FOURCC('R', 'G', 'B', 'P'),
    CM_SURFACE_FORMAT_BGRP = CMRT_FOURCC('B', 'G', 'R', 'P'),
    CM_SURFACE_FORMAT_400P = CMRT_FOURCC('4', '0', '0', 'P')
} CM_SURFACE_FORMAT;

/* Limits. */
#define CM_MAX_DEPENDENCY_COUNT 8
#define CM_MAX_2D_SURF_WIDTH 16384
#define CM_MAX_2D_SURF_HEIGHT 16384
#define CM_MAX_1D_SURF_WIDTH 0x40000000 /* 2^30 bytes */
#define CM_MIN_SURF_WIDTH 1
#define CM_MIN_SURF_HEIGHT 1
/* CM's "wait for ever" timeout for cmrt_event_wait / WaitForTaskFinished.
 * (CM's own value is 2000 ms and means a GPU hang; a CPU never hangs.) */
#define CM_MAX_TIMEOUT 2
#define CM_MAX_TIMEOUT_MS (CM_MAX_TIMEOUT * 1000)

#endif /* CMRT_CODES_H */
