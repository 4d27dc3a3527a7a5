/* A stand-in libcuda for the outputs returned by value (codegen.lowering.ByValue): its answers depend on
 * the calling thread and on the arguments, including failures and values equal to the sentinels.
 *
 *   cuCtxSetCurrent(c) / cuCtxGetCurrent: this thread's context; 0xBAD fails with 201 after scribbling
 *   cuDeviceGetAttribute(attrib, dev):    attrib * 1000 + dev; attrib 9999 fails (1); attrib 7 is INT_MIN
 *   cuMemAlloc_v2(n):                     n; 0 fails (2) after scribbling; 1 gives UINT64_MAX (a value)
 *   cuCtxGetApiVersion(ctx):              0xFFFFFFFF (the largest unsigned int)
 *   cuDeviceGet(ordinal):                 ordinal * 3; ordinal 77 fails with 4242, a status CUresult lacks
 *   cuMemGetInfo_v2:                      (this thread's context + 1, 2 ** 64 - 1): two outputs
 *   cuLaunchKernel:                       records its arguments (launch_record); function 0xBAD fails (400)
 *   cuEventElapsedTime(start, end):       (end - start) / 4 ms, a float; start 0 fails (400) after scribbling
 *   cuPointerGetAttribute, cuDeviceTotalMem_v2: not exported (a function the library lacks)
 */
#include <stdint.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

typedef void *CUcontext;
static __thread CUcontext current;

int cuInit(unsigned int flags) { (void)flags; return 0; }
int cuDriverGetVersion(int *v) { *v = 12090; return 0; }
int cuCtxSetCurrent(CUcontext c) { current = c; return 0; }
int cuCtxGetCurrent(CUcontext *p) {
    *p = (CUcontext)(uintptr_t)0x5C41B;
    if (current == (CUcontext)(uintptr_t)0xBAD) return 201;
    *p = current;
    return 0;
}
int cuDeviceGetAttribute(int *pi, int attrib, int dev) {
    if (attrib == 9999) return 1;
    *pi = attrib == 7 ? INT_MIN : attrib * 1000 + dev;
    return 0;
}
int cuMemAlloc_v2(unsigned long long *p, size_t n) {
    *p = 0x5C41B;
    if (n == 0) return 2;
    *p = n == 1 ? UINT64_MAX : (unsigned long long)n;
    return 0;
}
int cuCtxGetApiVersion(CUcontext ctx, unsigned int *version) { (void)ctx; *version = 0xFFFFFFFFu; return 0; }
int cuDeviceGet(int *d, int ordinal) {
    if (ordinal == 77) return 4242;
    *d = ordinal * 3;
    return 0;
}
int cuMemGetInfo_v2(size_t *free_, size_t *total) {
    *free_ = (size_t)(uintptr_t)current + 1;
    *total = SIZE_MAX;
    return 0;
}
int cuEventElapsedTime(float *ms, void *start, void *end) {
    *ms = -1.0f;
    if (start == NULL) return 400;
    *ms = (float)((double)((intptr_t)end - (intptr_t)start) / 4.0);
    return 0;
}
int cuEventElapsedTime_v2(float *ms, void *start, void *end) { return cuEventElapsedTime(ms, start, end); }
/* cuLaunchKernel: records what it was given (read with ctypes), fails with 400 for function 0xBAD */
unsigned long long launch_record[5];   /* f, gridDimX * 1000 + blockDimX, stream, kernelParams, extra */
int launch_count;                      /* how many parameters the next launches have (set by the test) */
unsigned long long launch_params[16];  /* each one's first 8 bytes, copied during the call */
int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                   unsigned shmem, void *stream, void **params, void **extra) {
    int i;
    (void)gy; (void)gz; (void)by; (void)bz; (void)shmem;
    for (i = 0; i < launch_count && i < 16 && params; i++)
        memcpy(&launch_params[i], params[i], 8);
    launch_record[0] = (unsigned long long)(uintptr_t)f;
    launch_record[1] = (unsigned long long)gx * 1000 + bx;
    launch_record[2] = (unsigned long long)(uintptr_t)stream;
    launch_record[3] = (unsigned long long)(uintptr_t)params;
    launch_record[4] = (unsigned long long)(uintptr_t)extra;
    return f == (void *)(uintptr_t)0xBAD ? 400 : 0;
}
