/*===- ck-c/Runtime.h - ckrt: the thin ck-mlir GPU runtime --------*- C -*-===*\
|*                                                                            *|
|* ckrt loads compiled kernel bundles (a launch plan, `plan.ckplan`, next to  *|
|* the .cubin/.hsaco it names) and launches them on NVIDIA GPUs through the   *|
|* CUDA driver API (libcuda.so.1) or on AMD GPUs through HIP                  *|
|* (libamdhip64.so). Both are opened with dlopen when first needed, so the    *|
|* library itself depends on neither.                                         *|
|*                                                                            *|
|* Conventions:                                                               *|
|*  - Every function that can fail returns a ckrt_status. On failure it also  *|
|*    stores a one-line message, starting with "ckrt: ", that                 *|
|*    ckrt_last_error() returns (per thread; successful calls leave it as it  *|
|*    was).                                                                   *|
|*  - Handles are opaque pointers; *_destroy(NULL) is a no-op.                *|
|*  - Device pointers are plain `void *` (CUdeviceptr / hipDeviceptr_t).      *|
|*  - A NULL ckrt_stream means the device's default (legacy, blocking)        *|
|*    stream.                                                                 *|
|*  - Nothing here needs a GPU until a context is created: the plan parser    *|
|*    and its accessors run anywhere.                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef CK_C_RUNTIME_H
#define CK_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define CKRT_API
#else
#define CKRT_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this C API; bumped on incompatible changes. 2: schedules
 *  (ckrt_kernel_info and ckrt_workspace_info gained fields). 3: a stream_k
 *  schedule passes five scalars, the grid last (ckrt_schedule_info's
 *  scalars grew to 8). 4: kernel dependencies (ckrt_kernel_info gained
 *  num_after; ckrt_plan_desc_kernel_after). 5: thread block clusters
 *  (ckrt_plan_desc_kernel_cluster). */
#define CKRT_API_VERSION 5
/** The newest launch-plan format version this runtime reads (`ck-plan 5`;
 *  2 added `schedule`, `schedule:NAME` and `coop`, 3 `tensormap` and `mN`
 *  arguments, 4 `after`, 5 adds `cluster`). */
#define CKRT_PLAN_VERSION 5
/** The oldest one it still reads (`ck-plan 1`). */
#define CKRT_PLAN_VERSION_MIN 1

/*===------------------------------------------------------------------===*
 * Status and errors
 *===------------------------------------------------------------------===*/

typedef enum ckrt_status {
  CKRT_SUCCESS = 0,
  /** A NULL handle/pointer, an index out of range, a size mismatch. */
  CKRT_ERROR_INVALID_ARGUMENT = 1,
  /** The plan text is malformed; the message names the line. */
  CKRT_ERROR_PARSE = 2,
  /** A file (plan or binary) could not be read. */
  CKRT_ERROR_IO = 3,
  /** libcuda.so.1 / libamdhip64.so is missing or unusable. */
  CKRT_ERROR_NO_BACKEND = 4,
  /** The backend loaded but there is no such device (or none at all). */
  CKRT_ERROR_NO_DEVICE = 5,
  /** Device (or host) memory ran out. */
  CKRT_ERROR_OUT_OF_MEMORY = 6,
  /** The binary is of the wrong kind or the driver refused to load it. */
  CKRT_ERROR_INVALID_BINARY = 7,
  /** A kernel named by the plan is not in the module. */
  CKRT_ERROR_NOT_FOUND = 8,
  /** The plan does not fit the device (arch, shared memory, grid size). */
  CKRT_ERROR_UNSUPPORTED = 9,
  /** Any other failure reported by the CUDA driver or the HIP runtime. */
  CKRT_ERROR_DRIVER = 10
} ckrt_status;

/** "CKRT_SUCCESS", "CKRT_ERROR_PARSE", ...; never NULL. */
CKRT_API const char *ckrt_status_name(ckrt_status status);

/** The message of the most recent failing call on this thread ("" if none).
 *  The pointer stays valid until the next ckrt call on this thread. */
CKRT_API const char *ckrt_last_error(void);

/** Resets ckrt_last_error() to "" on this thread. */
CKRT_API void ckrt_clear_error(void);

/*===------------------------------------------------------------------===*
 * Backends and devices
 *===------------------------------------------------------------------===*/

typedef enum ckrt_backend {
  /** CUDA if it loads and has a device, else HIP. */
  CKRT_BACKEND_AUTO = 0,
  CKRT_BACKEND_CUDA = 1,
  CKRT_BACKEND_HIP = 2
} ckrt_backend;

/** "auto", "cuda", "hip"; never NULL. */
CKRT_API const char *ckrt_backend_name(ckrt_backend backend);

/**
 * Loads and initializes a backend (cuInit / hipInit) if not done yet.
 *
 * The libraries are `libcuda.so.1` and `libamdhip64.so` (then
 * `libamdhip64.so.7`, `libamdhip64.so.6`), or exactly the file named by the
 * environment variables CKRT_CUDA_LIBRARY / CKRT_HIP_LIBRARY when set. A
 * successfully loaded library stays loaded for the life of the process;
 * failures are not cached, so a later call tries again.
 *
 * For CKRT_BACKEND_AUTO, `*resolved` becomes the first of CUDA, HIP that
 * loads and has at least one device, else the first that loads. Errors:
 * CKRT_ERROR_NO_BACKEND with
 *   "ckrt: CUDA driver library 'libcuda.so.1' could not be loaded: <dlerror>"
 * or, for auto,
 *   "ckrt: no GPU runtime found: tried libcuda.so.1 (...), libamdhip64.so (...)".
 * `resolved` may be NULL.
 */
CKRT_API ckrt_status ckrt_backend_resolve(ckrt_backend requested,
                                          ckrt_backend *resolved);

/** Number of devices of `backend` (auto: of the backend it resolves to). */
CKRT_API ckrt_status ckrt_device_count(ckrt_backend backend, int *count);

typedef struct ckrt_device_props {
  /** Marketing name, e.g. "NVIDIA H100 80GB HBM3". */
  char name[256];
  /** CKRT_BACKEND_CUDA or CKRT_BACKEND_HIP (never auto). */
  ckrt_backend backend;
  /** "sm_90", "sm_100", "gfx942", "gfx1201" (no feature suffixes). */
  char arch[64];
  /** Full HIP arch name with features ("gfx942:sramecc+:xnack-"); same as
   *  `arch` on CUDA. */
  char arch_full[64];
  /** The device's index within its backend. */
  int ordinal;
  /** SMs (CUDA) or CUs (HIP); the value of `cus` in plan grids. */
  int multiprocessor_count;
  /** 32 on NVIDIA, 64 or 32 on AMD. */
  int warp_size;
  /** Compute capability (CUDA) or the gfx major/minor reported by HIP. */
  int cc_major;
  int cc_minor;
  /** Largest shared memory / LDS one block may use, opt-in included. */
  size_t max_shared_memory_per_block;
  /** L2 cache size. */
  size_t l2_bytes;
  /** Device memory size. */
  size_t total_memory_bytes;
} ckrt_device_props;

/** Properties of device `device` of `backend` (auto allowed). */
CKRT_API ckrt_status ckrt_device_get_props(ckrt_backend backend, int device,
                                           ckrt_device_props *props);

/**
 * 1 if a binary built for plan target `target` ("sm_90a", "gfx942", ...) can
 * run on a device whose ckrt_device_props.arch is `device_arch`, else 0.
 * CUDA: same major and target minor <= device minor; a target with an 'a'
 * or 'f' suffix needs the exact SM. AMD: the gfx names (before any ':')
 * are equal. A backend mismatch (sm_* on gfx*) is 0.
 */
CKRT_API int ckrt_target_compatible(const char *target,
                                    const char *device_arch);

/*===------------------------------------------------------------------===*
 * Contexts, memory, streams, events
 *===------------------------------------------------------------------===*/

typedef struct ckrt_context_s *ckrt_context;
typedef struct ckrt_stream_s *ckrt_stream;
typedef struct ckrt_event_s *ckrt_event;

/**
 * Opens device `device` of `backend` (CUDA: retains its primary context).
 * Every call that takes the context (or a stream/event/plan made from it)
 * makes the device current on the calling thread itself, so a context can
 * be used from any thread.
 */
CKRT_API ckrt_status ckrt_context_create(ckrt_backend backend, int device,
                                         ckrt_context *context);
/** Drops the caller's reference; the device is released once the streams,
 *  events and plans made from the context are destroyed too. */
CKRT_API void ckrt_context_destroy(ckrt_context context);
CKRT_API ckrt_status ckrt_context_get_props(ckrt_context context,
                                            ckrt_device_props *props);
/** Waits for all work on the device (cuCtxSynchronize/hipDeviceSynchronize). */
CKRT_API ckrt_status ckrt_context_synchronize(ckrt_context context);

/** Device memory. ckrt_malloc of 0 bytes gives NULL; ckrt_free(ctx, NULL)
 *  is a no-op. */
CKRT_API ckrt_status ckrt_malloc(ckrt_context context, size_t bytes,
                                 void **device_ptr);
CKRT_API ckrt_status ckrt_free(ckrt_context context, void *device_ptr);
/** Synchronous copies (return when the data is in place) and fill. */
CKRT_API ckrt_status ckrt_memcpy_htod(ckrt_context context, void *device_dst,
                                      const void *host_src, size_t bytes);
CKRT_API ckrt_status ckrt_memcpy_dtoh(ckrt_context context, void *host_dst,
                                      const void *device_src, size_t bytes);
CKRT_API ckrt_status ckrt_memcpy_dtod(ckrt_context context, void *device_dst,
                                      const void *device_src, size_t bytes);
CKRT_API ckrt_status ckrt_memset_d8(ckrt_context context, void *device_dst,
                                    uint8_t value, size_t bytes);
/** Fill enqueued on `stream` (NULL: default stream). */
CKRT_API ckrt_status ckrt_memset_d8_async(ckrt_context context,
                                          void *device_dst, uint8_t value,
                                          size_t bytes, ckrt_stream stream);

/** A (blocking) stream of `context`. */
CKRT_API ckrt_status ckrt_stream_create(ckrt_context context,
                                        ckrt_stream *stream);
/**
 * A ckrt_stream for a driver stream the caller made and keeps (a CUstream
 * on CUDA, a hipStream_t on HIP), such as PyTorch's current stream: plans
 * then launch in order with the caller's other work, and a launch on a
 * stream being captured becomes part of the caller's graph. The driver
 * stream must belong to the context's device and outlive the wrapper;
 * ckrt_stream_destroy frees the wrapper only. A NULL `native` is refused
 * (the default stream is a NULL ckrt_stream).
 */
CKRT_API ckrt_status ckrt_stream_wrap(ckrt_context context, void *native,
                                      ckrt_stream *stream);
/** Destroys a stream from ckrt_stream_create; for one from
 *  ckrt_stream_wrap, frees the wrapper and leaves the driver stream. */
CKRT_API void ckrt_stream_destroy(ckrt_stream stream);
CKRT_API ckrt_status ckrt_stream_synchronize(ckrt_stream stream);

/** Timing events. */
CKRT_API ckrt_status ckrt_event_create(ckrt_context context,
                                       ckrt_event *event);
CKRT_API void ckrt_event_destroy(ckrt_event event);
/** Records `event` on `stream` (NULL: default stream of its context). */
CKRT_API ckrt_status ckrt_event_record(ckrt_event event, ckrt_stream stream);
CKRT_API ckrt_status ckrt_event_synchronize(ckrt_event event);
/** Milliseconds between two recorded, completed events. */
CKRT_API ckrt_status ckrt_event_elapsed_ms(ckrt_event start, ckrt_event end,
                                           float *milliseconds);

/*===------------------------------------------------------------------===*
 * Launch plans: parsing (no GPU needed)
 *===------------------------------------------------------------------===*/

/**
 * The plan format, one directive per line, '#' starts a comment:
 *
 *   ck-plan 2
 *   target sm_90a             # sm_<N>[a|f] or gfx<hex>[:feature+|-...]
 *   binary kernels.cubin      # relative to the plan's directory
 *   meta flops 1234567        # meta <key> <value: rest of the line>
 *   tensor 0 input f16 40000  # index role type(f16|bf16|f32) count
 *   workspace 0 1048576 zero  # index bytes zero|keep
 *   kernel gemm_0 grid 100 4 1 block 256 1 1 lds 32768 args t0 t1 w0 i32:7
 *
 * `ck-plan N` (1 to 4) must come first; `target`, `binary` and at
 * least one `kernel` are required. `meta` lines are free-form facts for
 * tools (the runtime ignores them; keys are unique). Roles are names:
 * input, filter, output, d0, d1, ... (or arg0, ... from the compiler for
 * non-convolutions). Tensor and workspace indices are dense from 0 (any
 * order). Kernel fields are in the order
 *
 *   kernel <name> grid <x> <y> <z> block <x> <y> <z> [lds <bytes>]
 *          [cluster <x> <y> <z>] [coop] [after -|<kernel>,...] [args ...]
 *
 * `lds N` (default 0), `cluster` (default 1 1 1), `coop` and `args ...`
 * (default none, must be last) are optional. Grid entries are positive
 * integers, `cus` or `cus*K`: the device's SM/CU count (times K), evaluated
 * when the plan is loaded. Arguments: tN (tensor N's device pointer), wN
 * (workspace N's), i32:V, i64:V (decimal or 0x hex), f32:V.
 *
 * `zero` workspaces are cleared on the launch stream before every
 * ckrt_plan_launch; `keep` workspaces are cleared once when the plan is
 * loaded and then keep their contents between launches.
 *
 * Version 2 adds schedules (docs/Runtime.md; docs/Schedules.md):
 *
 *   schedule gemm_0 stream_k tiles 18 iters 1250 partial_bytes 32768
 *            reduce tree dp persistent tail 2 min_iters 2 occupancy auto
 *   schedule gemm_1 split_k tiles 18 iters 1250 k_batch auto min_iters 8
 *            max 64 partial_bytes 32768 occupancy 2
 *   workspace 0 schedule:gemm_0 keep
 *   kernel gemm_0 grid schedule:gemm_0 1 1 block 256 1 1 lds 33792 coop
 *          args t2 t0 t1 w0 schedule:gemm_0
 *
 * (one line each). `schedule <name> stream_k|split_k` is followed by
 * `<key> <value>` pairs in any order, each at most once:
 *
 *   both:     tiles T, iters I (required; 1 to 2^31-1 each),
 *             min_iters (1 to 2^31-1, default 1),
 *             occupancy auto|N (workgroups per SM/CU, 1 to 1024; default
 *             auto: asked of the driver for the kernels whose grid uses
 *             the schedule, the least of them),
 *             partial_bytes P (1 to CKRT_MAX_TENSOR_BYTES; required for
 *             stream_k, optional for split_k: without it the schedule
 *             sizes no workspace);
 *   stream_k: reduce linear|tree (default tree), dp persistent|per_tile
 *             (default persistent), tail all|N (1 to 2^31-1, default 2);
 *             T * I must be at most 2^31-1, so that every iteration index
 *             and argument fits the kernel's i32;
 *   split_k:  k_batch auto|N (1 to 65535, default auto), and for auto
 *             only max (1 to 65535, default 65535) and min_iters.
 *
 * When the plan is loaded, W = cus * occupancy and planStreamK / planSplitK
 * (ck/Schedule) give the values that `schedule:NAME` stands for:
 *
 *   grid x (stream_k only): the schedule's grid;
 *   grid z (split_k only): k_batch;
 *   workspace size: the schedule's workspace bytes;
 *   argument: its i32 scalars, K D q r' grid (stream_k, five kernel
 *             parameters) or k_batch (split_k, one).
 *
 * `coop` launches the kernel cooperatively (cuLaunchCooperativeKernel,
 * hipModuleLaunchCooperativeKernel): ckrt_plan_load checks that the
 * device supports it and that the whole grid is resident at once.
 * `schedule` and `coop` in a `ck-plan 1` plan, an undefined schedule, a
 * `schedule:NAME` in another grid dimension, or `occupancy auto` on a
 * schedule no kernel grid uses are parse errors. A stream_k schedule with
 * a pinned occupancy above what the driver reports for its kernels is
 * refused at load (its workgroups would wait for ones never resident).
 *
 * Version 4 adds kernel dependencies. A kernel without `after` waits for
 * every kernel before it (the order of the lines). `after a,b` makes it
 * wait for those earlier kernels only (a name launched twice means its
 * latest line before this one), `after -` for none of them. Kernels that
 * do not wait for each other may run at once: ckrt launches them on
 * streams of its own, each ordered after the work on the launch stream
 * before ckrt_plan_launch, and the launch stream waits for all of them
 * before its later work. `after` names no kernel twice, nor a later one
 * or itself.
 *
 * Version 5 adds thread block clusters. `cluster X Y Z` (at most 8
 * workgroups in all) says the kernel was built for clusters of that shape
 * (PTX .reqnctapercluster): ckrt_plan_load checks that the binary's kernel
 * requires the same, rounds a `cus*K` grid entry down to whole clusters
 * and, where the driver tells, to the clusters the device holds at once.
 * A fixed grid entry that is not a whole number of clusters, or a
 * `schedule:NAME` entry in a clustered dimension, is a parse error.
 *
 * Version 3 adds tensor maps, TMA descriptors that ckrt encodes from a
 * tensor's address at each launch and passes by value (128 bytes) to the
 * kernel's `mN` arguments:
 *
 *   tensormap 0 tiled t2 dims 256 40000 strides 512 box 64 64 swizzle 128
 *   tensormap 1 im2col t0 dims 256 50 50 16 strides 512 25600 1280000
 *             box 64 64 lower -1 -1 upper -1 -1 swizzle 128
 *   kernel gemm_0 ... args t2 t0 t1 m0 m1
 *
 * `tensormap <index> tiled|im2col t<N>` is followed by `<key> <values>`
 * groups, each at most once, lists innermost dimension first: dims (rank
 * values, 1 to 2^32 each; rank 1 to 5, im2col 3 to 5), strides (rank - 1
 * byte strides, multiples of 16 below 2^40), box (tiled: one entry per
 * dimension, 1 to 256, the innermost a multiple of 16 bytes; im2col:
 * channels per pixel 1 to 256 and pixels per column 1 to 1024), lower and
 * upper (im2col only, rank - 2 corner offsets each, W first, within
 * [-32768, 32767] for rank 3, [-128, 127] for rank 4, [-16, 15] for rank
 * 5), elements
 * (traversal strides, 1 to 8, default 1) and swizzle (0, 32, 64 or 128
 * bytes; the box's innermost bytes at most that). The region the map
 * describes must lie within tensor N; elements out of bounds read as zero.
 *
 * Limits (a plan beyond them is a parse error naming the line): a tensor
 * (count * element size) or a workspace holds at most CKRT_MAX_TENSOR_BYTES;
 * grid entries at most 2^31-1 (x) and 65535 (y, z), `cus*K` included
 * (K itself within them); a block at most 1024 threads; lds at most
 * CKRT_MAX_LDS_BYTES. ckrt reads only regular files (a directory, device,
 * FIFO or socket is refused before it is read): a plan of at most
 * CKRT_MAX_PLAN_BYTES and a binary of at most CKRT_MAX_BINARY_BYTES.
 * Values that depend on the device (cus, schedules) are checked against
 * the same limits when evaluated.
 */
typedef struct ckrt_plan_desc_s ckrt_plan_desc;

/** Largest plan text, from a file or from memory: 4 MiB. */
#define CKRT_MAX_PLAN_BYTES (UINT64_C(4) << 20)
/** Largest binary file (cubin, hsaco, fatbin, bundle, PTX): 256 MiB. */
#define CKRT_MAX_BINARY_BYTES (UINT64_C(256) << 20)
/** Largest tensor or workspace: 1 TiB (cklimits::kMaxTensorBytes). */
#define CKRT_MAX_TENSOR_BYTES (UINT64_C(1) << 40)
/** Largest `lds`: 1 MiB, above any GPU's shared memory per block. */
#define CKRT_MAX_LDS_BYTES (UINT64_C(1) << 20)

typedef enum ckrt_dtype {
  CKRT_DTYPE_F16 = 0,
  CKRT_DTYPE_BF16 = 1,
  CKRT_DTYPE_F32 = 2
} ckrt_dtype;

/** "f16", "bf16", "f32" (NULL if unknown). */
CKRT_API const char *ckrt_dtype_name(ckrt_dtype dtype);
/** Bytes per element (0 if unknown). */
CKRT_API size_t ckrt_dtype_size(ckrt_dtype dtype);

typedef struct ckrt_tensor_info {
  uint32_t index;
  /** "input", "filter", "output", "d0", ...; owned by the desc. */
  const char *role;
  ckrt_dtype dtype;
  uint64_t count;
  /** count * ckrt_dtype_size(dtype). */
  uint64_t bytes;
  /** Line of the plan that declares it. */
  int line;
} ckrt_tensor_info;

typedef struct ckrt_workspace_info {
  uint32_t index;
  /** The size; 0 for `workspace N schedule:NAME`, whose size is the
   *  schedule's (ckrt_schedule_info.workspace_bytes). */
  uint64_t bytes;
  /** 1 for `zero` (cleared before every launch), 0 for `keep`. */
  int zero_each_launch;
  /** The schedule that sizes it (`schedule:NAME`), or -1. */
  int32_t schedule;
  int line;
} ckrt_workspace_info;

typedef struct ckrt_kernel_info {
  /** Symbol name; owned by the desc. */
  const char *name;
  /** Grid. Where grid_cus_factor[i] != 0 the entry is `cus*factor` and
   *  grid[i] is 0; where grid_schedule[i] >= 0 it is `schedule:NAME` of
   *  that schedule and grid[i] is 0 (else -1). Use
   *  ckrt_plan_desc_kernel_grid to evaluate. */
  uint32_t grid[3];
  uint32_t grid_cus_factor[3];
  int32_t grid_schedule[3];
  uint32_t block[3];
  /** Dynamic shared memory (LDS) in bytes. */
  uint32_t lds_bytes;
  /** 1 for `coop`: launched cooperatively. */
  int cooperative;
  /** -1 without `after` (the kernel waits for every kernel before it),
   *  else how many kernels its `after` names (0 for `after -`);
   *  ckrt_plan_desc_kernel_after gives them. */
  int32_t num_after;
  /** Arguments as written; a `schedule:NAME` argument is one of them but
   *  passes ckrt_schedule_decl.num_scalars kernel parameters. */
  size_t num_args;
  int line;
} ckrt_kernel_info;

typedef enum ckrt_arg_kind {
  CKRT_ARG_TENSOR = 0,    /* tN: `index` is N */
  CKRT_ARG_WORKSPACE = 1, /* wN: `index` is N */
  CKRT_ARG_I32 = 2,       /* i32:V: value in `i32` */
  CKRT_ARG_I64 = 3,       /* i64:V: value in `i64` */
  CKRT_ARG_F32 = 4,       /* f32:V: value in `f32` */
  CKRT_ARG_SCHEDULE = 5,  /* schedule:NAME: `index` is the schedule */
  CKRT_ARG_TENSOR_MAP = 6 /* mN: `index` is N; a 128-byte parameter */
} ckrt_arg_kind;

typedef struct ckrt_kernel_arg {
  ckrt_arg_kind kind;
  uint32_t index;
  int32_t i32;
  int64_t i64;
  float f32;
} ckrt_kernel_arg;

/** Most dimensions of a `tensormap`. */
#define CKRT_MAX_TENSOR_MAP_RANK 5

typedef enum ckrt_tensor_map_mode {
  CKRT_TENSOR_MAP_TILED = 0,
  CKRT_TENSOR_MAP_IM2COL = 1
} ckrt_tensor_map_mode;

/** A `tensormap` directive (ck-plan 3): a TMA descriptor of a tensor that
 *  ckrt encodes at each launch (cuTensorMapEncodeTiled or
 *  cuTensorMapEncodeIm2col) and passes by value to `mN` arguments. Lists
 *  run innermost dimension first. */
typedef struct ckrt_tensor_map_decl {
  uint32_t index;
  ckrt_tensor_map_mode mode;
  /** The tensor it describes (`tN`); its element type is the map's. */
  uint32_t tensor;
  uint32_t rank;
  uint64_t dims[CKRT_MAX_TENSOR_MAP_RANK];
  /** Bytes between neighbours along each dimension: strides[0] is the
   *  element size, the others as written (`strides`, rank - 1 values). */
  uint64_t strides[CKRT_MAX_TENSOR_MAP_RANK];
  /** Tiled: the box, one entry per dimension. Im2col: channels per pixel
   *  and pixels per column (two entries). */
  uint32_t box[CKRT_MAX_TENSOR_MAP_RANK];
  /** Im2col: the pixel box's corners, rank - 2 entries each, W first. */
  int32_t lower[CKRT_MAX_TENSOR_MAP_RANK - 2];
  int32_t upper[CKRT_MAX_TENSOR_MAP_RANK - 2];
  /** Traversal strides, 1 where the line gives none. */
  uint32_t element_strides[CKRT_MAX_TENSOR_MAP_RANK];
  /** Shared-memory swizzle in bytes: 0, 32, 64 or 128. */
  uint32_t swizzle;
  int line;
} ckrt_tensor_map_decl;

typedef enum ckrt_schedule_kind {
  CKRT_SCHEDULE_STREAM_K = 0,
  CKRT_SCHEDULE_SPLIT_K = 1
} ckrt_schedule_kind;

typedef enum ckrt_schedule_reduce {
  CKRT_REDUCE_TREE = 0,
  CKRT_REDUCE_LINEAR = 1
} ckrt_schedule_reduce;

typedef enum ckrt_schedule_dp {
  CKRT_DP_PERSISTENT = 0,
  CKRT_DP_PER_TILE = 1
} ckrt_schedule_dp;

/** A `schedule` directive as written, defaults filled in. */
typedef struct ckrt_schedule_decl {
  /** Owned by the desc. */
  const char *name;
  ckrt_schedule_kind kind;
  /** T and I. */
  uint32_t tiles;
  uint32_t iters;
  /** P; 0 when a split_k schedule gives none. */
  uint64_t partial_bytes;
  /** Workgroups per SM/CU; 0 for `occupancy auto`. */
  uint32_t occupancy;
  uint32_t min_iters;
  /** stream_k only (split_k: tree, persistent, 0). */
  ckrt_schedule_reduce reduce;
  ckrt_schedule_dp dp;
  /** 0 for `tail all`. */
  uint32_t tail;
  /** split_k only (stream_k: 0, 0): 0 for `k_batch auto`, and the most
   *  splits auto may choose. */
  uint32_t k_batch;
  uint32_t max_k_batch;
  /** Kernel parameters a `schedule:NAME` argument passes: 5 (stream_k:
   *  K, D, q, r', grid) or 1 (split_k: k_batch), each an i32. */
  uint32_t num_scalars;
  int line;
} ckrt_schedule_decl;

/** A schedule evaluated for a device: what ckrt_plan_load computed, or
 *  ckrt_plan_desc_schedule_eval for a given SM/CU count and occupancy. */
typedef struct ckrt_schedule_info {
  /** Owned by the desc (of the plan). */
  const char *name;
  ckrt_schedule_kind kind;
  /** The SM/CU count and the workgroups per SM/CU it was evaluated with;
   *  occupancy_queried is 1 when the driver gave the occupancy (auto). */
  uint32_t cus;
  uint32_t occupancy;
  int occupancy_queried;
  /** W = cus * occupancy: workgroups resident at once. */
  uint64_t resident_workgroups;
  /** What `schedule:NAME` stands for in a grid: grid x (stream_k) or
   *  k_batch, grid z (split_k). */
  uint32_t grid;
  /** What it stands for as a workspace size (0 for a split_k schedule
   *  without partial_bytes, or when k_batch is 1). */
  uint64_t workspace_bytes;
  /** stream_k: S (tiles shared out), D (data-parallel tiles), K (StreamK
   *  workgroups), q and r' (S * I = K * q + r'); 0 for split_k. */
  int64_t streamk_tiles;
  int64_t data_parallel_tiles;
  int64_t streamk_workgroups;
  int64_t iters_per_workgroup;
  int64_t extra_iters;
  /** split_k: the splits (k_batch) and the K-iterations of each but the
   *  last; 0 for stream_k. */
  int64_t k_batch;
  int64_t iters_per_split;
  /** The most partial results added into one output element: the most
   *  contributors of any tile (stream_k) or k_batch (split_k). The k_batch
   *  of Composable Kernel's tolerance rule. */
  int64_t max_contributors;
  /** The i32 kernel parameters a `schedule:NAME` argument passes, in
   *  order (K, D, q, r', grid or k_batch); num_scalars of them. */
  int32_t scalars[8];
  uint32_t num_scalars;
} ckrt_schedule_info;

/**
 * Parses plan text. `base_dir` (may be NULL or "": the current directory)
 * resolves a relative `binary`. The binary itself is not read. On error
 * returns CKRT_ERROR_PARSE with a message "ckrt: plan:LINE: what was
 * expected" and leaves *desc NULL (also for text above CKRT_MAX_PLAN_BYTES).
 */
CKRT_API ckrt_status ckrt_plan_parse(const char *text, const char *base_dir,
                                     ckrt_plan_desc **desc);
/** Reads and parses a plan file; messages name the file ("ckrt: PATH:LINE:
 *  ..."), and the binary is resolved against the file's directory.
 *  CKRT_ERROR_IO if it cannot be read, is not a regular file or is larger
 *  than CKRT_MAX_PLAN_BYTES; CKRT_ERROR_PARSE if it holds a NUL byte. */
CKRT_API ckrt_status ckrt_plan_parse_file(const char *path,
                                          ckrt_plan_desc **desc);
CKRT_API void ckrt_plan_desc_destroy(ckrt_plan_desc *desc);

CKRT_API int ckrt_plan_desc_version(const ckrt_plan_desc *desc);
/** "sm_90a", "gfx942", ... */
CKRT_API const char *ckrt_plan_desc_target(const ckrt_plan_desc *desc);
/** The backend the target belongs to (CUDA for sm_*, HIP for gfx*). */
CKRT_API ckrt_backend ckrt_plan_desc_backend(const ckrt_plan_desc *desc);
/** The `binary` operand as written, and resolved against the base dir. */
CKRT_API const char *ckrt_plan_desc_binary(const ckrt_plan_desc *desc);
CKRT_API const char *ckrt_plan_desc_binary_path(const ckrt_plan_desc *desc);
/** `meta` entries in file order; key/value owned by the desc (either
 *  output pointer may be NULL). */
CKRT_API size_t ckrt_plan_desc_num_meta(const ckrt_plan_desc *desc);
CKRT_API ckrt_status ckrt_plan_desc_meta(const ckrt_plan_desc *desc,
                                         size_t index, const char **key,
                                         const char **value);
/** The value of meta `key`, or NULL if the plan has none. */
CKRT_API const char *ckrt_plan_desc_meta_value(const ckrt_plan_desc *desc,
                                               const char *key);
CKRT_API size_t ckrt_plan_desc_num_tensors(const ckrt_plan_desc *desc);
CKRT_API size_t ckrt_plan_desc_num_workspaces(const ckrt_plan_desc *desc);
CKRT_API size_t ckrt_plan_desc_num_kernels(const ckrt_plan_desc *desc);
/** Tensor/workspace by index (== position, indices are dense). */
CKRT_API ckrt_status ckrt_plan_desc_tensor(const ckrt_plan_desc *desc,
                                           size_t index,
                                           ckrt_tensor_info *info);
CKRT_API ckrt_status ckrt_plan_desc_workspace(const ckrt_plan_desc *desc,
                                              size_t index,
                                              ckrt_workspace_info *info);
/** Kernel by launch position (file order). */
CKRT_API ckrt_status ckrt_plan_desc_kernel(const ckrt_plan_desc *desc,
                                           size_t kernel,
                                           ckrt_kernel_info *info);
CKRT_API ckrt_status ckrt_plan_desc_kernel_arg(const ckrt_plan_desc *desc,
                                               size_t kernel, size_t arg,
                                               ckrt_kernel_arg *out);
/** The kernel (launch position) that entry `i` of kernel `kernel`'s
 *  `after` names: the latest kernel of that name before it. */
CKRT_API ckrt_status ckrt_plan_desc_kernel_after(const ckrt_plan_desc *desc,
                                                 size_t kernel, size_t i,
                                                 size_t *after);
/** The kernel's `cluster`: workgroups per thread block cluster along x, y
 *  and z (1 1 1 without one). */
CKRT_API ckrt_status ckrt_plan_desc_kernel_cluster(const ckrt_plan_desc *desc,
                                                   size_t kernel,
                                                   uint32_t cluster[3]);
/** `tensormap` directives by index (== position, indices are dense). */
CKRT_API size_t ckrt_plan_desc_num_tensor_maps(const ckrt_plan_desc *desc);
CKRT_API ckrt_status ckrt_plan_desc_tensor_map(const ckrt_plan_desc *desc,
                                               size_t index,
                                               ckrt_tensor_map_decl *decl);
/** The kernel's grid for a device with `cus` SMs/CUs (a `cus*K` entry of a
 *  clustered dimension rounded down to whole clusters; ckrt_plan_load may
 *  shrink it further to the clusters the device holds at once). Fails with
 *  CKRT_ERROR_UNSUPPORTED if an entry overflows (x > 2^31-1, y/z > 65535)
 *  or a schedule it uses cannot be planned, and with
 *  CKRT_ERROR_INVALID_ARGUMENT if it uses a schedule whose occupancy is
 *  auto (see ckrt_plan_desc_kernel_grid_for). */
CKRT_API ckrt_status ckrt_plan_desc_kernel_grid(const ckrt_plan_desc *desc,
                                                size_t kernel, uint32_t cus,
                                                uint32_t grid[3]);
/** The same, with `occupancy` workgroups per SM/CU for each schedule the
 *  grid uses whose occupancy is auto (0: none given). Schedules that pin
 *  their occupancy keep it, as when the plan is loaded. */
CKRT_API ckrt_status ckrt_plan_desc_kernel_grid_for(const ckrt_plan_desc *desc,
                                                    size_t kernel, uint32_t cus,
                                                    uint32_t occupancy,
                                                    uint32_t grid[3]);
/** `schedule` directives in file order; `schedule:NAME` refers to them by
 *  this index. */
CKRT_API size_t ckrt_plan_desc_num_schedules(const ckrt_plan_desc *desc);
CKRT_API ckrt_status ckrt_plan_desc_schedule(const ckrt_plan_desc *desc,
                                             size_t schedule,
                                             ckrt_schedule_decl *decl);
/**
 * Evaluates schedule `schedule` without a GPU, as ckrt_plan_load would on
 * a device with `cus` SMs/CUs where `occupancy` workgroups of its kernels
 * fit per SM/CU: W = cus * occupancy, then planStreamK / planSplitK. A
 * pinned `occupancy N` wins over the argument; for `occupancy auto` the
 * argument must be positive (else CKRT_ERROR_INVALID_ARGUMENT). Fails with
 * CKRT_ERROR_UNSUPPORTED and a message naming the schedule's line if the
 * model refuses the sizes, the grid or workspace is beyond the limits, or
 * a scalar does not fit an i32.
 */
CKRT_API ckrt_status ckrt_plan_desc_schedule_eval(const ckrt_plan_desc *desc,
                                                  size_t schedule, uint32_t cus,
                                                  uint32_t occupancy,
                                                  ckrt_schedule_info *info);
/**
 * Reads the binary (no GPU needed) and checks that it suits the target:
 * an ELF of the right machine (cubin: EM_CUDA, hsaco: EM_AMDGPU), a CUDA
 * fatbin or PTX text for sm_* targets, a clang offload bundle for gfx*.
 * The whole file is checked, not just its header: an ELF must be 64-bit
 * and little-endian with its program and section header tables, every
 * segment and every section (but SHT_NOBITS) inside the file, a valid
 * section-name table and well-formed symbol tables; a fatbin or bundle must
 * hold the sizes its header gives; PTX must be text with balanced braces.
 * Every kernel the plan names must be a defined symbol of the ELF (for
 * AMDGPU `name` or `name.kd`) or an `.entry` of the PTX (fatbins and
 * bundles are not searched). `bytes` (may be NULL) receives its size.
 * CKRT_ERROR_IO if the file cannot be read (or is not a regular file, or
 * is above CKRT_MAX_BINARY_BYTES), CKRT_ERROR_INVALID_BINARY if it does not
 * fit or is truncated or corrupt, CKRT_ERROR_NOT_FOUND if a kernel is
 * missing; the messages name the plan line of the `binary` directive (of
 * the `kernel` directive for a missing kernel). ckrt_plan_load does the
 * same.
 */
CKRT_API ckrt_status ckrt_plan_desc_check_binary(const ckrt_plan_desc *desc,
                                                 uint64_t *bytes);

/*===------------------------------------------------------------------===*
 * Launch plans: loading and launching (GPU)
 *===------------------------------------------------------------------===*/

typedef struct ckrt_plan_s *ckrt_plan;

typedef enum ckrt_plan_load_flags {
  CKRT_PLAN_LOAD_DEFAULT = 0,
  /** Skip the ckrt_target_compatible(target, device arch) check. */
  CKRT_PLAN_LOAD_SKIP_ARCH_CHECK = 1
} ckrt_plan_load_flags;

/**
 * Loads `desc` onto the context's device: checks the target against the
 * device, reads and loads the binary as one module, looks up every kernel,
 * checks lds against the device's limit and (CUDA) raises
 * CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES for kernels with lds >
 * 48 KiB, evaluates the schedules (`occupancy auto`: the least of
 * cuOccupancyMaxActiveBlocksPerMultiprocessor /
 * hipModuleOccupancyMaxActiveBlocksPerMultiprocessor over the kernels
 * whose grid uses the schedule, with their block and lds) and the `cus`
 * and `schedule:NAME` grids, checks that `coop` kernels can launch
 * cooperatively with their whole grid resident (else
 * CKRT_ERROR_UNSUPPORTED), checks the argument count/sizes where the
 * driver can tell (cuFuncGetParamInfo, CUDA 12.4+), and allocates the
 * workspaces. The plan keeps its own copy of `desc`.
 */
CKRT_API ckrt_status ckrt_plan_load(ckrt_context context,
                                    const ckrt_plan_desc *desc,
                                    unsigned flags, ckrt_plan *plan);
/** ckrt_plan_parse_file + ckrt_plan_load. */
CKRT_API ckrt_status ckrt_plan_load_file(ckrt_context context,
                                         const char *path, unsigned flags,
                                         ckrt_plan *plan);
CKRT_API void ckrt_plan_destroy(ckrt_plan plan);
/** The plan's description (owned by the plan). */
CKRT_API const ckrt_plan_desc *ckrt_plan_get_desc(ckrt_plan plan);
/** The grid kernel `kernel` launches with (cus and schedules resolved). */
CKRT_API ckrt_status ckrt_plan_kernel_grid(ckrt_plan plan, size_t kernel,
                                           uint32_t grid[3]);
/** Schedule `schedule` as the plan was loaded with it: the occupancy
 *  found (or pinned), W, the grid, workspace and scalars (see
 *  ckrt_schedule_info). */
CKRT_API ckrt_status ckrt_plan_schedule_info(ckrt_plan plan, size_t schedule,
                                             ckrt_schedule_info *info);
/** The size of workspace `index` as allocated (schedules resolved). */
CKRT_API ckrt_status ckrt_plan_workspace_bytes(ckrt_plan plan, size_t index,
                                               uint64_t *bytes);
/** Device pointer of workspace `index` (NULL for a 0-byte workspace). */
CKRT_API ckrt_status ckrt_plan_workspace_ptr(ckrt_plan plan, size_t index,
                                             void **device_ptr);

/**
 * Enqueues the whole plan on `stream` (NULL: default stream): clears the
 * `zero` workspaces, then launches every kernel in file order with
 * dynamic shared memory = lds (`coop` kernels cooperatively; a driver
 * that refuses fails the call with its message, the launch never hangs on
 * it). `tensor_ptrs[i]` is the device pointer of
 * tensor i; `num_tensors` must equal the plan's tensor count and no pointer
 * may be NULL. Asynchronous: synchronize the stream (or an event) to wait.
 * Safe to call from several threads (launches of one plan are serialized).
 */
CKRT_API ckrt_status ckrt_plan_launch(ckrt_plan plan,
                                      void *const *tensor_ptrs,
                                      size_t num_tensors, ckrt_stream stream);

/**
 * Times the plan: `warmup` launches, then `iterations` launches between two
 * events on `stream`; waits, and stores the mean milliseconds per launch
 * (workspace clears included) in *ms_per_iteration. iterations >= 1.
 */
CKRT_API ckrt_status ckrt_plan_time(ckrt_plan plan, void *const *tensor_ptrs,
                                    size_t num_tensors, ckrt_stream stream,
                                    int warmup, int iterations,
                                    float *ms_per_iteration);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CK_C_RUNTIME_H */
