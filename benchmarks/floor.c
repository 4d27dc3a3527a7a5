/*
 * C floor for benchmarks/run.py: the same CUDA driver calls as the Python cases, made
 * from C in tight loops, so that run.py can show what a binding adds on top of the driver.
 *
 * Usage: floor KERNELS_IMAGE REPEATS CALLS LAUNCHES BATCH [CASE ...]
 *   KERNELS_IMAGE  cubin/fatbin built from benchmarks/kernels.cu (loaded with cuModuleLoad)
 *   REPEATS        timed repeats per case (one untimed warm-up repeat comes first);
 *                  repeats go round-robin over the cases
 *   CALLS          calls per repeat for trivial calls
 *   LAUNCHES       calls per repeat for calls that enqueue work (event_record, launches)
 *   BATCH          such calls are made in batches of BATCH, each followed by an untimed
 *                  cuStreamSynchronize so that the launch queue never fills
 *   CASE ...       case names to run (default: all)
 *
 * Output, one line per case:  RESULT <case> <nanoseconds per call>
 * (the minimum over the repeats), plus INFO lines. Errors go to stderr with exit status 1.
 *
 * Timing uses clock_gettime(CLOCK_MONOTONIC). Return codes are checked once per case before
 * timing, never inside the timed loops, exactly as run.py does for the bindings.
 *
 * Build: nvcc -O2 -o floor floor.c -lcuda
 */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call)                                                                   \
    do {                                                                              \
        CUresult err_ = (call);                                                       \
        if (err_ != CUDA_SUCCESS) {                                                   \
            const char *name_ = "?";                                                  \
            cuGetErrorName(err_, &name_);                                             \
            fprintf(stderr, "floor: %s failed: %s (%d)\n", #call, name_, (int)err_); \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

/* ---- state shared by the loops (set up once in setup()) ---------------------------- */

static CUdevice g_dev;
static CUcontext g_ctx;
static CUstream g_stream;
static CUevent g_event;
static CUmodule g_module;
static CUfunction g_empty, g_one_ptr, g_sixteen_ptr;
static CUdeviceptr g_ptrs[16];
static void *g_params1[1];   /* -> &g_ptrs[0] */
static void *g_params16[16]; /* -> &g_ptrs[i] */

/* ---- the loops: the body of each is just the call ----------------------------------- */

typedef void (*loop_fn)(long n);

static void loop_ctx_get_current(long n) {
    CUcontext ctx;
    for (long i = 0; i < n; i++) cuCtxGetCurrent(&ctx);
}

static void loop_ctx_get_device(long n) {
    CUdevice dev;
    for (long i = 0; i < n; i++) cuCtxGetDevice(&dev);
}

static void loop_device_get_attribute(long n) {
    int value;
    for (long i = 0; i < n; i++)
        cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, g_dev);
}

static void loop_stream_query(long n) {
    for (long i = 0; i < n; i++) cuStreamQuery(g_stream);
}

static void loop_event_record(long n) {
    for (long i = 0; i < n; i++) cuEventRecord(g_event, g_stream);
}

static void loop_event_query(long n) {
    for (long i = 0; i < n; i++) cuEventQuery(g_event);
}

static void loop_pointer_get_attribute(long n) {
    unsigned int type;
    for (long i = 0; i < n; i++)
        cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, g_ptrs[0]);
}

static void loop_launch_empty(long n) {
    for (long i = 0; i < n; i++) cuLaunchKernel(g_empty, 1, 1, 1, 1, 1, 1, 0, g_stream, NULL, NULL);
}

static void loop_launch_1_ptr_arg(long n) {
    for (long i = 0; i < n; i++)
        cuLaunchKernel(g_one_ptr, 1, 1, 1, 1, 1, 1, 0, g_stream, g_params1, NULL);
}

/* In C, "16 pointer arguments" and "16 prepacked pointer arguments" are the same call. */
static void loop_launch_16_ptr_args(long n) {
    for (long i = 0; i < n; i++)
        cuLaunchKernel(g_sixteen_ptr, 1, 1, 1, 1, 1, 1, 0, g_stream, g_params16, NULL);
}

/* ---- one call of each, checked, before timing --------------------------------------- */

static void check_ctx_get_current(void) { CUcontext c; CHECK(cuCtxGetCurrent(&c)); }
static void check_ctx_get_device(void) { CUdevice d; CHECK(cuCtxGetDevice(&d)); }
static void check_device_get_attribute(void) {
    int v;
    CHECK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, g_dev));
}
static void check_stream_query(void) { CHECK(cuStreamQuery(g_stream)); }
static void check_event_record(void) { CHECK(cuEventRecord(g_event, g_stream)); }
static void check_event_query(void) {
    CHECK(cuStreamSynchronize(g_stream));
    CHECK(cuEventQuery(g_event));
}
static void check_pointer_get_attribute(void) {
    unsigned int t;
    CHECK(cuPointerGetAttribute(&t, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, g_ptrs[0]));
    if (t != CU_MEMORYTYPE_DEVICE) {
        fprintf(stderr, "floor: unexpected memory type %u\n", t);
        exit(1);
    }
}
static void check_launch_empty(void) {
    CHECK(cuLaunchKernel(g_empty, 1, 1, 1, 1, 1, 1, 0, g_stream, NULL, NULL));
}
static void check_launch_1_ptr_arg(void) {
    CHECK(cuLaunchKernel(g_one_ptr, 1, 1, 1, 1, 1, 1, 0, g_stream, g_params1, NULL));
}
static void check_launch_16_ptr_args(void) {
    CHECK(cuLaunchKernel(g_sixteen_ptr, 1, 1, 1, 1, 1, 1, 0, g_stream, g_params16, NULL));
}

/* ---- case table ---------------------------------------------------------------------- */

struct bench_case {
    const char *name;
    loop_fn loop;
    void (*check)(void);
    int enqueues; /* 1: puts work on the stream, timed in batches with a sync after each */
};

static const struct bench_case CASES[] = {
    {"ctx_get_current", loop_ctx_get_current, check_ctx_get_current, 0},
    {"ctx_get_device", loop_ctx_get_device, check_ctx_get_device, 0},
    {"device_get_attribute", loop_device_get_attribute, check_device_get_attribute, 0},
    {"stream_query", loop_stream_query, check_stream_query, 0},
    {"event_record", loop_event_record, check_event_record, 1},
    {"event_query", loop_event_query, check_event_query, 0},
    {"pointer_get_attribute", loop_pointer_get_attribute, check_pointer_get_attribute, 0},
    {"launch_empty", loop_launch_empty, check_launch_empty, 1},
    {"launch_1_ptr_arg", loop_launch_1_ptr_arg, check_launch_1_ptr_arg, 1},
    {"launch_16_ptr_args", loop_launch_16_ptr_args, check_launch_16_ptr_args, 1},
    {"launch_16_prepacked", loop_launch_16_ptr_args, check_launch_16_ptr_args, 1},
    {"launch_1_ptr_arg_fresh", loop_launch_1_ptr_arg, check_launch_1_ptr_arg, 1},
    {"launch_16_ptr_args_fresh", loop_launch_16_ptr_args, check_launch_16_ptr_args, 1},
};
#define NCASES (sizeof CASES / sizeof CASES[0])

/* ---- timing -------------------------------------------------------------------------- */

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One repeat of a trivial call: n back-to-back calls, timed as a whole; ns per call. */
static double repeat_calls(loop_fn loop, long n) {
    long long t0 = now_ns();
    loop(n);
    long long t1 = now_ns();
    return (double)(t1 - t0) / (double)n;
}

/* One repeat of a call that enqueues work: `batches` batches of `batch` calls; each batch
 * is timed, the stream synchronisation after it is not. ns per call. */
static double repeat_batched(loop_fn loop, long batches, long batch) {
    long long total = 0;
    for (long b = 0; b < batches; b++) {
        long long t0 = now_ns();
        loop(batch);
        long long t1 = now_ns();
        CHECK(cuStreamSynchronize(g_stream));
        total += t1 - t0;
    }
    return (double)total / (double)(batches * batch);
}

/* ---- setup / teardown ---------------------------------------------------------------- */

static void setup(const char *image_path) {
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&g_dev, 0));
    CHECK(cuDevicePrimaryCtxRetain(&g_ctx, g_dev));
    CHECK(cuCtxSetCurrent(g_ctx));
    CHECK(cuStreamCreate(&g_stream, CU_STREAM_NON_BLOCKING));
    CHECK(cuEventCreate(&g_event, CU_EVENT_DEFAULT));
    CHECK(cuEventRecord(g_event, g_stream));
    CHECK(cuStreamSynchronize(g_stream));
    for (int i = 0; i < 16; i++) {
        CHECK(cuMemAlloc(&g_ptrs[i], 256));
        g_params16[i] = &g_ptrs[i];
    }
    g_params1[0] = &g_ptrs[0];
    CHECK(cuModuleLoad(&g_module, image_path));
    CHECK(cuModuleGetFunction(&g_empty, g_module, "empty_kernel"));
    CHECK(cuModuleGetFunction(&g_one_ptr, g_module, "one_ptr_kernel"));
    CHECK(cuModuleGetFunction(&g_sixteen_ptr, g_module, "sixteen_ptr_kernel"));
}

static void teardown(void) {
    CHECK(cuStreamSynchronize(g_stream));
    CHECK(cuModuleUnload(g_module));
    for (int i = 0; i < 16; i++) CHECK(cuMemFree(g_ptrs[i]));
    CHECK(cuEventDestroy(g_event));
    CHECK(cuStreamDestroy(g_stream));
    CHECK(cuDevicePrimaryCtxRelease(g_dev));
}

static int wanted(const char *name, int argc, char **argv, int first) {
    if (first >= argc) return 1;
    for (int i = first; i < argc; i++)
        if (strcmp(argv[i], name) == 0) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s KERNELS_IMAGE REPEATS CALLS LAUNCHES BATCH [CASE ...]\n", argv[0]);
        return 2;
    }
    const char *image = argv[1];
    int repeats = atoi(argv[2]);
    long calls = atol(argv[3]), launches = atol(argv[4]), batch = atol(argv[5]);
    if (repeats < 1 || calls < 1 || launches < 1 || batch < 1) {
        fprintf(stderr, "floor: REPEATS, CALLS, LAUNCHES and BATCH must be positive\n");
        return 2;
    }
    for (int i = 6; i < argc; i++) {
        int known = 0;
        for (size_t c = 0; c < NCASES; c++) known |= strcmp(argv[i], CASES[c].name) == 0;
        if (!known) {
            fprintf(stderr, "floor: unknown case %s\n", argv[i]);
            return 2;
        }
    }

    setup(image);
    int version = 0;
    CHECK(cuDriverGetVersion(&version));
    printf("INFO driver_version %d\n", version);

    /* Check every selected case once, then time them round-robin: each repeat runs every
     * case once, so that one case's repeats are spread over the whole run (as run.py does).
     * Repeat -1 is an untimed warm-up. The figure is the fastest repeat. */
    int selected[NCASES];
    double best[NCASES];
    for (size_t c = 0; c < NCASES; c++) {
        selected[c] = wanted(CASES[c].name, argc, argv, 6);
        best[c] = 1e300;
        if (selected[c]) {
            CASES[c].check();
            CHECK(cuStreamSynchronize(g_stream));
        }
    }
    long batches = launches / batch > 0 ? launches / batch : 1;
    for (int r = -1; r < repeats; r++) {
        for (size_t c = 0; c < NCASES; c++) {
            if (!selected[c]) continue;
            double ns = CASES[c].enqueues ? repeat_batched(CASES[c].loop, batches, batch)
                                          : repeat_calls(CASES[c].loop, calls);
            if (r >= 0 && ns < best[c]) best[c] = ns;
        }
    }
    for (size_t c = 0; c < NCASES; c++)
        if (selected[c]) printf("RESULT %s %.2f\n", CASES[c].name, best[c]);
    teardown();
    return 0;
}
