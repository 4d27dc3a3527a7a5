/* A null libcuda for benchmarks/overhead.py: every entry point the cases call returns at once with a
 * plausible output, so that a timing is the binding's own cost. cuGetProcAddress(_v2) hands out the same
 * functions by name, which is how cuda.bindings resolves the driver, so both bindings call the same code.
 * Build: cc -O2 -shared -fPIC -o libcuda.so.1 null_driver.c */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long CUdeviceptr;
typedef int CUresult;

CUresult cuInit(unsigned int flags) { (void)flags; return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 12090; return 0; }
CUresult cuDeviceGet(int *d, int ordinal) { *d = ordinal; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuCtxGetCurrent(void **ctx) { *ctx = (void *)0x1000; return 0; }
CUresult cuCtxGetDevice(int *d) { *d = 0; return 0; }
CUresult cuDeviceGetAttribute(int *v, int attrib, int dev) { (void)attrib; (void)dev; *v = 9; return 0; }
CUresult cuStreamQuery(void *s) { (void)s; return 0; }
CUresult cuEventRecord(void *e, void *s) { (void)e; (void)s; return 0; }
CUresult cuEventQuery(void *e) { (void)e; return 0; }
CUresult cuPointerGetAttribute(void *data, int attribute, CUdeviceptr p) {
    (void)p;
    if (attribute == 2) *(unsigned *)data = 2;     /* MEMORY_TYPE: device */
    else *(unsigned long long *)data = 0;
    return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) { (void)n; *p = 0x7f0000000000ULL; return 0; }
CUresult cuMemFree_v2(CUdeviceptr p) { (void)p; return 0; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *h, size_t n) { (void)d; (void)h; (void)n; return 0; }
CUresult cuMemcpyDtoH_v2(void *h, CUdeviceptr d, size_t n) { (void)h; (void)d; (void)n; return 0; }
CUresult cuMemGetInfo_v2(size_t *free_, size_t *total) { *free_ = (size_t)70 << 30; *total = (size_t)80 << 30; return 0; }
CUresult cuFuncGetAttribute(int *v, int attrib, void *f) { (void)attrib; (void)f; *v = 1024; return 0; }
CUresult cuDeviceGetName(char *name, int len, int dev) {
    (void)dev;
    const char text[] = "Null Device";
    if (len > 0) { strncpy(name, text, (size_t)len); name[len - 1] = 0; }
    return 0;
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shmem, void *stream, void **params, void **extra) {
    (void)f; (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz; (void)shmem; (void)stream;
    (void)params; (void)extra;
    return 0;
}

CUresult cuLaunchKernelEx(const void *config, void *f, void **params, void **extra) {
    (void)config; (void)f; (void)params; (void)extra;
    return 0;
}

/* --- for cudacffi.core's launch() and pool allocations (benchmarks/core_overhead.py) --- */
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) { (void)dev; *ctx = (void *)0x1000; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int dev) { (void)dev; return 0; }
CUresult cuCtxSetCurrent(void *ctx) { (void)ctx; return 0; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuStreamCreate(void **s, unsigned flags) { (void)flags; *s = (void *)0x2000; return 0; }
CUresult cuStreamCreateWithPriority(void **s, unsigned flags, int prio) { (void)flags; (void)prio; *s = (void *)0x2000; return 0; }
CUresult cuStreamDestroy_v2(void *s) { (void)s; return 0; }
CUresult cuStreamSynchronize(void *s) { (void)s; return 0; }
CUresult cuStreamGetPriority(void *s, int *p) { (void)s; *p = 0; return 0; }
CUresult cuStreamGetFlags(void *s, unsigned *f) { (void)s; *f = 0; return 0; }
CUresult cuStreamGetCtx(void *s, void **c) { (void)s; *c = (void *)0x1000; return 0; }
CUresult cuStreamGetId(void *s, unsigned long long *id) { (void)s; *id = 7; return 0; }
CUresult cuStreamGetDevice(void *s, int *d) { (void)s; *d = 0; return 0; }
CUresult cuLibraryLoadData(void **lib, const void *code, void *jo, void **jv, unsigned nj, void *lo, void **lv, unsigned nl) {
    (void)code; (void)jo; (void)jv; (void)nj; (void)lo; (void)lv; (void)nl; *lib = (void *)0x3000; return 0;
}
CUresult cuLibraryUnload(void *lib) { (void)lib; return 0; }
/* kernels by name: "k4" (a pointer, an int, a float, a long long), any other 16 pointers */
CUresult cuLibraryGetKernel(void **k, void *lib, const char *name) {
    (void)lib;
    *k = (void *)(uintptr_t)(strcmp(name, "k4") ? 0x4000 : 0x4100);
    return 0;
}
CUresult cuKernelGetFunction(void **f, void *k) { *f = (void *)((char *)k + 0x1000); return 0; }
CUresult cuKernelGetAttribute(int *v, int attrib, void *k, int dev) { (void)attrib; (void)k; (void)dev; *v = 0; return 0; }
CUresult cuKernelGetParamInfo(void *k, size_t index, size_t *offset, size_t *size) {
    static const size_t k4_offset[] = {0, 8, 12, 16}, k4_size[] = {8, 4, 4, 8};
    if (((uintptr_t)k & 0xfff) == 0x100) {
        if (index >= 4) return 1;
        *offset = k4_offset[index];
        *size = k4_size[index];
        return 0;
    }
    if (index >= 16) return 1;
    *offset = index * 8;
    *size = 8;
    return 0;
}
CUresult cuFuncGetParamInfo(void *f, size_t index, size_t *offset, size_t *size) { return cuKernelGetParamInfo(f, index, offset, size); }
CUresult cuDeviceGetDefaultMemPool(void **pool, int dev) { (void)dev; *pool = (void *)0x6000; return 0; }
CUresult cuDeviceGetMemPool(void **pool, int dev) { (void)dev; *pool = (void *)0x6000; return 0; }
CUresult cuMemPoolSetAttribute(void *pool, int attr, void *v) { (void)pool; (void)attr; (void)v; return 0; }
CUresult cuMemPoolGetAttribute(void *pool, int attr, void *v) { (void)pool; (void)attr; *(unsigned long long *)v = 0; return 0; }
CUresult cuMemAllocFromPoolAsync(CUdeviceptr *p, size_t n, void *pool, void *s) { (void)n; (void)pool; (void)s; *p = 0x7f0000000000ULL; return 0; }
CUresult cuMemAllocAsync(CUdeviceptr *p, size_t n, void *s) { (void)n; (void)s; *p = 0x7f0000000000ULL; return 0; }
CUresult cuMemFreeAsync(CUdeviceptr p, void *s) { (void)p; (void)s; return 0; }
CUresult cuCtxGetStreamPriorityRange(int *least, int *greatest) { *least = 0; *greatest = -5; return 0; }
CUresult cuGetErrorName(int e, const char **s) { (void)e; *s = "CUDA_ERROR_NULL_DRIVER"; return 0; }
CUresult cuGetErrorString(int e, const char **s) { (void)e; *s = "the null driver"; return 0; }
CUresult cuEventCreate(void **e, unsigned flags) { (void)flags; *e = (void *)0x3000; return 0; }
CUresult cuEventDestroy_v2(void *e) { (void)e; return 0; }
CUresult cuEventSynchronize(void *e) { (void)e; return 0; }
CUresult cuEventElapsedTime(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 0.5f; return 0; }
CUresult cuEventElapsedTime_v2(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 0.5f; return 0; }
CUresult cuStreamWaitEvent(void *s, void *e, unsigned flags) { (void)s; (void)e; (void)flags; return 0; }
CUresult cuMemcpyAsync(CUdeviceptr d, CUdeviceptr s, size_t n, void *st) { (void)d; (void)s; (void)n; (void)st; return 0; }
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, void *st) { (void)d; (void)v; (void)n; (void)st; return 0; }
CUresult cuMemsetD16Async(CUdeviceptr d, unsigned short v, size_t n, void *st) { (void)d; (void)v; (void)n; (void)st; return 0; }
CUresult cuMemsetD32Async(CUdeviceptr d, unsigned int v, size_t n, void *st) { (void)d; (void)v; (void)n; (void)st; return 0; }
static int capturing;
CUresult cuStreamBeginCapture_v2(void *s, int mode) { (void)s; (void)mode; capturing = 1; return 0; }
CUresult cuStreamEndCapture(void *s, void **g) { (void)s; capturing = 0; *g = (void *)0x4000; return 0; }
CUresult cuStreamIsCapturing(void *s, int *status) { (void)s; *status = capturing; return 0; }
CUresult cuGraphDestroy(void *g) { (void)g; return 0; }
CUresult cuStreamGetCaptureInfo_v2(void *s, int *status, unsigned long long *id, void **g, const void ***deps,
                                   size_t *n) {
    (void)s;
    if (status) *status = capturing;
    if (id) *id = 1;
    if (g) *g = capturing ? (void *)0x4000 : NULL;
    if (deps) *deps = NULL;
    if (n) *n = 0;
    return 0;
}
CUresult cuStreamGetCaptureInfo_v3(void *s, int *status, unsigned long long *id, void **g, const void ***deps,
                                   const void **edges, size_t *n) {
    if (edges) *edges = NULL;
    return cuStreamGetCaptureInfo_v2(s, status, id, g, deps, n);
}
static CUresult null_ok(void) { return 0; }

static const struct { const char *name; void *fn; } TABLE[] = {
    {"cuInit", (void *)cuInit}, {"cuDriverGetVersion", (void *)cuDriverGetVersion},
    {"cuDeviceGet", (void *)cuDeviceGet}, {"cuDeviceGetCount", (void *)cuDeviceGetCount},
    {"cuCtxGetCurrent", (void *)cuCtxGetCurrent}, {"cuCtxGetDevice", (void *)cuCtxGetDevice},
    {"cuDeviceGetAttribute", (void *)cuDeviceGetAttribute}, {"cuStreamQuery", (void *)cuStreamQuery},
    {"cuEventRecord", (void *)cuEventRecord}, {"cuEventQuery", (void *)cuEventQuery},
    {"cuPointerGetAttribute", (void *)cuPointerGetAttribute}, {"cuMemAlloc", (void *)cuMemAlloc_v2},
    {"cuMemFree", (void *)cuMemFree_v2}, {"cuMemGetInfo", (void *)cuMemGetInfo_v2},
    {"cuMemcpyHtoD", (void *)cuMemcpyHtoD_v2}, {"cuMemcpyDtoH", (void *)cuMemcpyDtoH_v2},
    {"cuFuncGetAttribute", (void *)cuFuncGetAttribute}, {"cuDeviceGetName", (void *)cuDeviceGetName},
    {"cuLaunchKernel", (void *)cuLaunchKernel}, {"cuLaunchKernelEx", (void *)cuLaunchKernelEx},
    {"cuDevicePrimaryCtxRetain", (void *)cuDevicePrimaryCtxRetain},
    {"cuDevicePrimaryCtxRelease", (void *)cuDevicePrimaryCtxRelease_v2},
    {"cuCtxSetCurrent", (void *)cuCtxSetCurrent},
    {"cuCtxSynchronize", (void *)cuCtxSynchronize},
    {"cuStreamCreate", (void *)cuStreamCreate},
    {"cuStreamCreateWithPriority", (void *)cuStreamCreateWithPriority},
    {"cuStreamDestroy", (void *)cuStreamDestroy_v2},
    {"cuStreamSynchronize", (void *)cuStreamSynchronize},
    {"cuStreamGetPriority", (void *)cuStreamGetPriority},
    {"cuStreamGetFlags", (void *)cuStreamGetFlags},
    {"cuStreamGetCtx", (void *)cuStreamGetCtx},
    {"cuStreamGetId", (void *)cuStreamGetId},
    {"cuStreamGetDevice", (void *)cuStreamGetDevice},
    {"cuLibraryLoadData", (void *)cuLibraryLoadData},
    {"cuLibraryUnload", (void *)cuLibraryUnload},
    {"cuLibraryGetKernel", (void *)cuLibraryGetKernel},
    {"cuKernelGetFunction", (void *)cuKernelGetFunction},
    {"cuKernelGetAttribute", (void *)cuKernelGetAttribute},
    {"cuKernelGetParamInfo", (void *)cuKernelGetParamInfo},
    {"cuFuncGetParamInfo", (void *)cuFuncGetParamInfo},
    {"cuDeviceGetDefaultMemPool", (void *)cuDeviceGetDefaultMemPool},
    {"cuDeviceGetMemPool", (void *)cuDeviceGetMemPool},
    {"cuMemPoolSetAttribute", (void *)cuMemPoolSetAttribute},
    {"cuMemPoolGetAttribute", (void *)cuMemPoolGetAttribute},
    {"cuMemAllocFromPoolAsync", (void *)cuMemAllocFromPoolAsync},
    {"cuMemAllocAsync", (void *)cuMemAllocAsync},
    {"cuMemFreeAsync", (void *)cuMemFreeAsync},
    {"cuGetErrorName", (void *)cuGetErrorName},
    {"cuGetErrorString", (void *)cuGetErrorString},
    {"cuCtxGetStreamPriorityRange", (void *)cuCtxGetStreamPriorityRange},
    {"cuEventCreate", (void *)cuEventCreate}, {"cuEventDestroy", (void *)cuEventDestroy_v2},
    {"cuEventSynchronize", (void *)cuEventSynchronize}, {"cuEventElapsedTime", (void *)cuEventElapsedTime_v2},
    {"cuStreamWaitEvent", (void *)cuStreamWaitEvent}, {"cuMemcpyAsync", (void *)cuMemcpyAsync},
    {"cuMemsetD8Async", (void *)cuMemsetD8Async}, {"cuMemsetD16Async", (void *)cuMemsetD16Async},
    {"cuMemsetD32Async", (void *)cuMemsetD32Async}, {"cuStreamBeginCapture", (void *)cuStreamBeginCapture_v2},
    {"cuStreamEndCapture", (void *)cuStreamEndCapture}, {"cuStreamIsCapturing", (void *)cuStreamIsCapturing},
    {"cuGraphDestroy", (void *)cuGraphDestroy},
    {"cuStreamGetCaptureInfo", (void *)cuStreamGetCaptureInfo_v3},
};

CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version, unsigned long long flags, int *status) {
    (void)version; (void)flags;
    for (size_t i = 0; i < sizeof(TABLE) / sizeof(TABLE[0]); i++) {
        if (strcmp(symbol, TABLE[i].name) == 0) {
            *pfn = TABLE[i].fn;
            if (status) *status = 0;      /* CU_GET_PROC_ADDRESS_SUCCESS */
            return 0;
        }
    }
    if (getenv("NULL_DRIVER_LOG")) fprintf(stderr, "null driver: %s resolved to a no-op\n", symbol);
    if (getenv("NULL_DRIVER_ANY")) {      /* any other function: success, outputs untouched */
        *pfn = (void *)null_ok;
        if (status) *status = 0;
        return 0;
    }
    *pfn = NULL;
    if (status) *status = 1;              /* CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND */
    return 500;                           /* CUDA_ERROR_NOT_FOUND */
}

CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, unsigned long long flags) {
    return cuGetProcAddress_v2(symbol, pfn, version, flags, NULL);
}
