/* A stand-in libcuda that simulates two GPUs on the host, for running the two-GPU tests' and the NCCL
 * sample's calls without a GPU: "device memory" is host memory in shared mappings (so cuIpcGetMemHandle /
 * cuIpcOpenMemHandle work between processes: the handle carries the mapping's name), streams are tokens,
 * the current context is per thread, and cuLaunchKernel runs the few kernels those tests launch, found by
 * name (a module is accepted whatever its bytes). Enough to check the argument plumbing, not CUDA itself.
 * Memory pools allocate the same way; a pool's pointer is exported as its mapping's name, the pool itself
 * as a file descriptor of /dev/null. SIM_DEVICES sets the device count (default 2). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef unsigned long long CUdeviceptr;
typedef void *CUcontext, *CUstream, *CUmodule;
typedef struct { char reserved[64]; } CUipcMemHandle;
enum { OK = 0, INVALID_VALUE = 1, INVALID_CONTEXT = 201, INVALID_HANDLE = 400, NOT_FOUND = 500 };

static __thread CUcontext current;
static int devices(void) { const char *s = getenv("SIM_DEVICES"); return s ? atoi(s) : 2; }
static CUcontext primary(int d) { return (CUcontext)(unsigned long)(0x1000 + d); }

int cuInit(unsigned int flags) { (void)flags; return OK; }
int cuDriverGetVersion(int *v) { *v = 12090; return OK; }
int cuDeviceGetCount(int *n) { *n = devices(); return OK; }
int cuDeviceGet(int *d, int ordinal) {
    if (ordinal < 0 || ordinal >= devices()) return INVALID_VALUE;
    *d = ordinal;
    return OK;
}
int cuDeviceGetAttribute(int *v, int attr, int d) {
    (void)d;
    /* compute capability 8.0 (75, 76); memory pools (115), shareable as file descriptors (103) */
    *v = attr == 75 ? 8 : attr == 76 ? 0 : attr == 115 || attr == 103 ? 1 : 0;
    return OK;
}
int cuDeviceCanAccessPeer(int *can, int d, int peer) { *can = d != peer; return OK; }
int cuDevicePrimaryCtxRetain(CUcontext *c, int d) { *c = primary(d); return OK; }
int cuDevicePrimaryCtxRelease_v2(int d) { (void)d; return OK; }
int cuCtxSetCurrent(CUcontext c) { current = c; return OK; }
int cuCtxGetCurrent(CUcontext *c) { *c = current; return OK; }
int cuCtxGetDevice(int *d) {
    if (!current) return INVALID_CONTEXT;
    *d = (int)((unsigned long)current - 0x1000);
    return OK;
}
int cuCtxSynchronize(void) { return current ? OK : INVALID_CONTEXT; }

/* memory: one shared mapping per allocation, named so another process can open it */
#define SLOTS 256
static struct { CUdeviceptr ptr; size_t size; char name[48]; int owned; } slots[SLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned counter;

static int map_named(const char *name, size_t size, int create, CUdeviceptr *out) {
    int fd = shm_open(name, create ? O_CREAT | O_EXCL | O_RDWR : O_RDWR, 0600), i;
    struct stat st;
    void *p;
    if (fd < 0) return INVALID_VALUE;
    if (create && ftruncate(fd, (off_t)size)) { close(fd); return INVALID_VALUE; }
    if (!create) { fstat(fd, &st); size = (size_t)st.st_size; }
    p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) return INVALID_VALUE;
    pthread_mutex_lock(&lock);
    for (i = 0; i < SLOTS && slots[i].ptr; i++) {}
    if (i == SLOTS) { pthread_mutex_unlock(&lock); munmap(p, size); return INVALID_VALUE; }
    slots[i].ptr = (CUdeviceptr)(unsigned long)p;
    slots[i].size = size;
    slots[i].owned = create;
    snprintf(slots[i].name, sizeof slots[i].name, "%s", name);
    pthread_mutex_unlock(&lock);
    *out = slots[i].ptr;
    return OK;
}

static int unmap(CUdeviceptr ptr, int owned) {
    int i;
    pthread_mutex_lock(&lock);
    for (i = 0; i < SLOTS && !(slots[i].ptr == ptr && slots[i].owned == owned); i++) {}
    if (i == SLOTS) { pthread_mutex_unlock(&lock); return INVALID_VALUE; }
    munmap((void *)(unsigned long)ptr, slots[i].size);
    if (owned) shm_unlink(slots[i].name);
    slots[i].ptr = 0;
    pthread_mutex_unlock(&lock);
    return OK;
}

int cuMemAlloc_v2(CUdeviceptr *p, size_t size) {
    char name[48];
    int r = INVALID_VALUE, tries;
    if (!current) return INVALID_CONTEXT;
    /* a name a killed process left behind (its pid reused since) is taken: the next one is tried */
    for (tries = 0; tries < 64 && r != OK; tries++) {
        pthread_mutex_lock(&lock);
        snprintf(name, sizeof name, "/cudacffi_sim_%d_%u", (int)getpid(), counter++);
        pthread_mutex_unlock(&lock);
        errno = 0;
        r = map_named(name, size, 1, p);
        if (r != OK && errno != EEXIST)
            break;
    }
    return r;
}
int cuMemFree_v2(CUdeviceptr p) { return unmap(p, 1); }
int cuIpcGetMemHandle(CUipcMemHandle *out, CUdeviceptr p) {
    int i, found = 0;
    char *handle = out->reserved;
    memset(handle, 0, 64);
    pthread_mutex_lock(&lock);
    for (i = 0; i < SLOTS; i++)
        if (slots[i].ptr == p && slots[i].owned) { memcpy(handle, slots[i].name, strlen(slots[i].name)); found = 1; }
    pthread_mutex_unlock(&lock);
    return found ? OK : INVALID_VALUE;
}
int cuIpcOpenMemHandle_v2(CUdeviceptr *p, CUipcMemHandle handle, unsigned int flags) {
    char name[65];
    (void)flags;
    if (!current) return INVALID_CONTEXT;
    memcpy(name, handle.reserved, 64);
    name[64] = 0;
    return map_named(name, 0, 0, p);
}
int cuIpcCloseMemHandle(CUdeviceptr p) { return unmap(p, 0); }

#define PTR(p) ((void *)(unsigned long)(p))
int cuMemcpyHtoD_v2(CUdeviceptr d, const void *h, size_t n) { memcpy(PTR(d), h, n); return OK; }
int cuMemcpyDtoH_v2(void *h, CUdeviceptr d, size_t n) { memcpy(h, PTR(d), n); return OK; }
int cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *h, size_t n, CUstream s) {
    (void)s;
    return cuMemcpyHtoD_v2(d, h, n);
}
int cuMemcpyDtoHAsync_v2(void *h, CUdeviceptr d, size_t n, CUstream s) {
    (void)s;
    return cuMemcpyDtoH_v2(h, d, n);
}
int cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, CUstream s) {
    (void)s;
    memset(PTR(d), v, n);
    return OK;
}
int cuMemsetD32Async(CUdeviceptr d, unsigned int v, size_t n, CUstream s) {
    size_t i;
    (void)s;
    for (i = 0; i < n; i++) ((unsigned int *)PTR(d))[i] = v;
    return OK;
}

/* streams: tokens that must be live */
int cuStreamCreate(CUstream *s, unsigned int flags) {
    (void)flags;
    if (!current) return INVALID_CONTEXT;
    *s = malloc(8);
    return OK;
}
int cuStreamDestroy_v2(CUstream s) { free(s); return OK; }
int cuStreamSynchronize(CUstream s) { return s ? OK : INVALID_HANDLE; }
int cuCtxGetStreamPriorityRange(int *least, int *greatest) { *least = 0; *greatest = -5; return OK; }
int cuStreamCreateWithPriority(CUstream *s, unsigned int flags, int priority) {
    (void)priority;
    return cuStreamCreate(s, flags);
}

/* modules and kernels: functions are 1, 2, 3 by name. As in the real driver, a module belongs to the context
   current when it was loaded (its handle carries that context), and a function launched while another
   context is current is refused with INVALID_HANDLE. */
#define TAG(h) ((unsigned long)(h) >> 8)
#define KIND(h) ((unsigned long)(h) & 0xff)
int cuModuleLoadData(CUmodule *m, const void *image) {
    (void)image;
    if (!current) return INVALID_CONTEXT;
    *m = (CUmodule)(((unsigned long)current << 8) | 0x77);
    return OK;
}
int cuModuleUnload(CUmodule m) { return KIND(m) == 0x77 ? OK : INVALID_HANDLE; }
int cuModuleGetFunction(void **f, CUmodule m, const char *name) {
    unsigned long kind;
    if (KIND(m) != 0x77) return INVALID_HANDLE;
    if (!strcmp(name, "scale_add")) kind = 1;
    else if (!strcmp(name, "fill_rank")) kind = 2;
    else if (!strcmp(name, "take_and_flip")) kind = 3;
    else return NOT_FOUND;
    *f = (void *)((TAG(m) << 8) | kind);
    return OK;
}
int cuLaunchKernel(void *handle, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                   unsigned shmem, CUstream s, void **params, void **extra) {
    long long i, threads = (long long)gx * gy * gz * bx * by * bz;
    void *f = (void *)KIND(handle);
    (void)shmem; (void)s; (void)extra;
    if (!current) return INVALID_CONTEXT;
    if (TAG(handle) != (unsigned long)current) return INVALID_HANDLE;
    if (f == (void *)1) {          /* scale_add(const int *x, int *y, int a, int b, int n) */
        const int *x = *(int **)params[0];
        int *y = *(int **)params[1], a = *(int *)params[2], b = *(int *)params[3], n = *(int *)params[4];
        for (i = 0; i < n && i < threads; i++) y[i] = a * x[i] + b;
    } else if (f == (void *)2) {   /* fill_rank(int *x, int n, int rank) */
        int *x = *(int **)params[0], n = *(int *)params[1], rank = *(int *)params[2];
        for (i = 0; i < n && i < threads; i++) x[i] = (int)(i % 1000) * (rank + 1) + rank;
    } else if (f == (void *)3) {   /* take_and_flip(unsigned char *peer, unsigned char *local, long long n) */
        unsigned char *peer = *(unsigned char **)params[0], *local = *(unsigned char **)params[1];
        long long n = *(long long *)params[2];
        for (i = 0; i < n && i < threads; i++) { local[i] = peer[i]; peer[i] = (unsigned char)(255 - peer[i]); }
    } else return INVALID_HANDLE;
    return OK;
}

/* memory pools: which device, and which other devices may access it (a bit each) */
typedef struct { int device, access; } Pool;
typedef struct { int type, id; } CUmemLocation;
typedef struct { CUmemLocation location; int flags; } CUmemAccessDesc;
typedef struct { char reserved[64]; } CUmemPoolPtrExportData;
static Pool default_pools[8];

int cuDeviceGetMemPool(Pool **pool, int d) {
    if (d < 0 || d >= devices() || d >= 8) return INVALID_VALUE;
    default_pools[d].device = d;
    *pool = &default_pools[d];
    return OK;
}
int cuMemPoolCreate(Pool **pool, const int *props) {  /* CUmemPoolProps: location.id is the fourth int */
    *pool = calloc(1, sizeof(Pool));
    (*pool)->device = props[3];
    return OK;
}
int cuMemPoolDestroy(Pool *pool) { if (pool < default_pools || pool >= default_pools + 8) free(pool); return OK; }
int cuMemPoolGetAttribute(Pool *pool, int attr, void *value) {
    (void)pool;
    if (attr >= 4) *(unsigned long long *)value = 0;  /* the release threshold and the byte counts: 64 bits */
    else *(int *)value = 0;
    return OK;
}
int cuMemPoolSetAttribute(Pool *pool, int attr, void *value) { (void)pool; (void)attr; (void)value; return OK; }
int cuMemPoolGetAccess(int *flags, Pool *pool, const CUmemLocation *where) {
    *flags = where->id == pool->device || (pool->access >> where->id & 1) ? 3 : 0;
    return OK;
}
int cuMemPoolSetAccess(Pool *pool, const CUmemAccessDesc *map, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        if (map[i].location.id < 0 || map[i].location.id >= devices()) return INVALID_VALUE;
        if (map[i].flags) pool->access |= 1 << map[i].location.id;
        else pool->access &= ~(1 << map[i].location.id);
    }
    return OK;
}
int cuMemAllocFromPoolAsync(CUdeviceptr *p, size_t size, Pool *pool, CUstream s) {
    CUcontext saved = current;
    int err;
    (void)s;
    current = primary(pool->device);
    err = cuMemAlloc_v2(p, size);
    current = saved;
    return err;
}
int cuMemFreeAsync(CUdeviceptr p, CUstream s) { (void)s; return unmap(p, 1) == OK ? OK : unmap(p, 0); }
int cuMemPoolExportToShareableHandle(int *fd, Pool *pool, int type, unsigned long long flags) {
    (void)pool; (void)type; (void)flags;
    *fd = open("/dev/null", O_RDONLY);
    return *fd < 0 ? INVALID_VALUE : OK;
}
int cuMemPoolImportFromShareableHandle(Pool **pool, void *handle, int type, unsigned long long flags) {
    (void)handle; (void)type; (void)flags;
    *pool = calloc(1, sizeof(Pool));  /* the exporter's device: the tests export from device 0 */
    return OK;
}
int cuMemPoolExportPointer(CUmemPoolPtrExportData *out, CUdeviceptr p) {
    return cuIpcGetMemHandle((CUipcMemHandle *)out, p);
}
int cuMemPoolImportPointer(CUdeviceptr *p, Pool *pool, CUmemPoolPtrExportData *data) {
    char name[65];
    (void)pool;
    memcpy(name, data->reserved, 64);
    name[64] = 0;
    return map_named(name, 0, 0, p);
}
int cuMemcpyAsync(CUdeviceptr d, CUdeviceptr src, size_t n, CUstream s) {
    (void)s;
    memcpy(PTR(d), PTR(src), n);
    return OK;
}
