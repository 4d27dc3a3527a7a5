/* A null libcuda for benchmarks/overhead.py: every entry point the cases call returns at once with a
 * plausible output, so that a timing is the binding's own cost. cuGetProcAddress(_v2) hands out the same
 * functions by name, which is how cuda.bindings resolves the driver, so both bindings call the same code.
 * Build: cc -O2 -shared -fPIC -o libcuda.so.1 null_driver.c */
#include <stddef.h>
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

static const struct { const char *name; void *fn; } TABLE[] = {
    {"cuInit", (void *)cuInit}, {"cuDriverGetVersion", (void *)cuDriverGetVersion},
    {"cuDeviceGet", (void *)cuDeviceGet}, {"cuDeviceGetCount", (void *)cuDeviceGetCount},
    {"cuCtxGetCurrent", (void *)cuCtxGetCurrent}, {"cuCtxGetDevice", (void *)cuCtxGetDevice},
    {"cuDeviceGetAttribute", (void *)cuDeviceGetAttribute}, {"cuStreamQuery", (void *)cuStreamQuery},
    {"cuEventRecord", (void *)cuEventRecord}, {"cuEventQuery", (void *)cuEventQuery},
    {"cuPointerGetAttribute", (void *)cuPointerGetAttribute}, {"cuMemAlloc", (void *)cuMemAlloc_v2},
    {"cuMemFree", (void *)cuMemFree_v2}, {"cuMemGetInfo", (void *)cuMemGetInfo_v2},
    {"cuFuncGetAttribute", (void *)cuFuncGetAttribute}, {"cuDeviceGetName", (void *)cuDeviceGetName},
    {"cuLaunchKernel", (void *)cuLaunchKernel}, {"cuLaunchKernelEx", (void *)cuLaunchKernelEx},
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
    *pfn = NULL;
    if (status) *status = 1;              /* CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND */
    return 500;                           /* CUDA_ERROR_NOT_FOUND */
}

CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, unsigned long long flags) {
    return cuGetProcAddress_v2(symbol, pfn, version, flags, NULL);
}
