/* The driver calls behind cudacffi.core's per-iteration calls, made from C: the floor no Python binding can go
 * under. core_calls.py --gpu builds and runs it (gcc, cuda.h, libcuda) and prints its column beside the others.
 *
 *   driver_floor COUNT REPEAT   ->  one "case ns-per-call" line per case, the fastest of REPEAT rounds
 *
 * Each case makes the calls the core call makes, on the same objects core_calls.py's loops use: a non-blocking
 * stream, an event with timing disabled, two timing events recorded and complete, two 4 KiB buffers from the
 * device's default pool. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static CUdevice dev;
static CUcontext ctx;
static CUstream stream;
static CUevent event, t0, t1;
static CUdeviceptr buf, other;
static CUmemoryPool pool;

#define CHECK(call)                                                          \
    do {                                                                     \
        CUresult r_ = (call);                                                \
        if (r_ != CUDA_SUCCESS && r_ != CUDA_ERROR_NOT_READY) {              \
            fprintf(stderr, "%s failed: %d (line %d)\n", #call, (int)r_, __LINE__); \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

static void device_new(void) { CUdevice d; CHECK(cuDeviceGet(&d, 0)); }
static void set_current(void) { CHECK(cuCtxSetCurrent(ctx)); }
static void stream_record(void) { CHECK(cuEventRecord(event, stream)); }
static void stream_wait(void) { CHECK(cuStreamWaitEvent(stream, event, 0)); }
static void stream_sync(void) { CHECK(cuStreamSynchronize(stream)); }
static void event_is_done(void) { CHECK(cuEventQuery(event)); }
static void event_sub(void) { float ms; CHECK(cuEventElapsedTime(&ms, t0, t1)); }
static void buffer_copy_to(void) { CHECK(cuMemcpyAsync(other, buf, 4096, stream)); }
static void buffer_fill(void) { CHECK(cuMemsetD8Async(buf, 0, 4096, stream)); }
static void alloc_close(void) {
    CUdeviceptr p;
    CHECK(cuMemAllocFromPoolAsync(&p, 4096, pool, stream));
    CHECK(cuMemFreeAsync(p, stream));
}
static void graph_capture(void) {  /* begin, the capture status end_building checks, end, the graph destroyed */
    CUstreamCaptureStatus status;
    CUgraph graph;
    CHECK(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED));
    CHECK(cuStreamIsCapturing(stream, &status));
    CHECK(cuStreamEndCapture(stream, &graph));
    CHECK(cuGraphDestroy(graph));
}

static const struct { const char *name; void (*fn)(void); } CASES[] = {
    {"device_new", device_new}, {"set_current", set_current}, {"stream_record", stream_record},
    {"stream_wait", stream_wait}, {"stream_sync", stream_sync}, {"event_is_done", event_is_done},
    {"event_sub", event_sub}, {"buffer_copy_to", buffer_copy_to}, {"buffer_fill", buffer_fill},
    {"alloc_close", alloc_close}, {"graph_capture", graph_capture},
};
#define NCASES ((int)(sizeof CASES / sizeof CASES[0]))

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv) {
    long count = argc > 1 ? atol(argv[1]) : 20000;
    int repeat = argc > 2 ? atoi(argv[2]) : 7;
    double best[NCASES];
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&dev, 0));
    CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx));
    CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
    CHECK(cuEventCreate(&t0, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&t1, CU_EVENT_DEFAULT));
    CHECK(cuEventRecord(event, stream));
    CHECK(cuEventRecord(t0, stream));
    CHECK(cuEventRecord(t1, stream));
    CHECK(cuDeviceGetDefaultMemPool(&pool, dev));
    CHECK(cuMemAllocFromPoolAsync(&buf, 4096, pool, stream));
    CHECK(cuMemAllocFromPoolAsync(&other, 4096, pool, stream));
    CHECK(cuStreamSynchronize(stream));
    for (int c = 0; c < NCASES; c++)
        best[c] = 1e300;
    for (int r = 0; r < repeat; r++) {  /* round-robin, as core_calls.py's harness */
        for (int c = 0; c < NCASES; c++) {
            double t = now();
            for (long i = 0; i < count; i++)
                CASES[c].fn();
            t = (now() - t) / count;
            CHECK(cuStreamSynchronize(stream));
            if (t < best[c])
                best[c] = t;
        }
    }
    for (int c = 0; c < NCASES; c++)
        printf("%s %.1f\n", CASES[c].name, best[c]);
    return 0;
}
