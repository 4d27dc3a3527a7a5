/* A stand-in libcuda for the CPU tests of managed, virtual and graph memory and of event IPC
 * (tests/test_core_managed.py): STANDIN_DEVICES devices (default 2), driver version STANDIN_DRIVER (default
 * 12090). Managed memory is host memory whose advice (read-mostly, preferred location, accessed-by) and last
 * prefetch location are kept per allocation and read back by cuMemRangeGetAttribute. Virtual memory is real
 * address space: a reservation is a PROT_NONE mapping, a physical chunk a memfd, a map an mmap of it, so a
 * chunk remapped elsewhere keeps its bytes; STANDIN_NO_EXTEND=1 makes reservations ignore address hints.
 * standin_live_chunks() and standin_live_reservations() count what is not freed yet. Graph memory is host
 * memory counted by cuDeviceGetGraphMemAttribute; streams remember whether they capture, and the work
 * captured runs right away (a graph's launch does nothing). IPC event handles
 * carry the event's address. Managed pools (CUDA 13 builds) hand out managed allocations; the batch
 * prefetches and discards check their arrays, and standin_discarded(ptr) says what a discard did. Enough to check the argument plumbing, not CUDA itself. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef unsigned long long CUdeviceptr;
typedef struct { int type, id; } CUmemLocation;
typedef struct { int type, handle_types; CUmemLocation location; void *win32; unsigned char flags[8]; } CUmemAllocationProp;
typedef struct { CUmemLocation location; int flags; } CUmemAccessDesc;
typedef struct { char reserved[64]; } CUipcEventHandle;
typedef struct { int capturing; } Stream;
enum { OK = 0, INVALID_VALUE = 1, OUT_OF_MEMORY = 2, INVALID_CONTEXT = 201, INVALID_HANDLE = 400 };
enum { LOC_DEVICE = 1, LOC_HOST = 2, LOC_HOST_NUMA = 3, LOC_HOST_NUMA_CURRENT = 4 };

static void *current;
static int devices(void) { const char *s = getenv("STANDIN_DEVICES"); return s ? atoi(s) : 2; }

int cuInit(unsigned int flags) { (void)flags; return OK; }
int cuDriverGetVersion(int *v) { const char *s = getenv("STANDIN_DRIVER"); *v = s ? atoi(s) : 12090; return OK; }
int cuDeviceGetCount(int *n) { *n = devices(); return OK; }
int cuDeviceGet(int *d, int ordinal) { if (ordinal < 0 || ordinal >= devices()) return INVALID_VALUE; *d = ordinal; return OK; }
int cuDeviceGetAttribute(int *v, int attr, int d) {
    (void)d; /* cc 9.0 (75, 76); managed memory (83), concurrent managed access (89), VMM (102), pools (115) */
    *v = attr == 75 ? 9 : attr == 83 || attr == 89 || attr == 102 || attr == 115 ? 1 : 0;
    return OK;
}
int cuDeviceGetName(char *name, int len, int d) { snprintf(name, (size_t)len, "Standin GPU %d", d); return OK; }
int cuDevicePrimaryCtxRetain(void **c, int d) { *c = (void *)(unsigned long)(0x1000 + d); return OK; }
int cuCtxSetCurrent(void *c) { current = c; return OK; }
int cuCtxGetCurrent(void **c) { *c = current; return OK; }
int cuCtxGetDevice(int *d) { if (!current) return INVALID_CONTEXT; *d = (int)((unsigned long)current - 0x1000); return OK; }
int cuCtxSynchronize(void) { return current ? OK : INVALID_CONTEXT; }
int cuCtxGetStreamPriorityRange(int *least, int *greatest) { *least = 0; *greatest = -5; return OK; }

/* streams and capture */
static int capturing(void *s) { return (unsigned long)s > 2 && ((Stream *)s)->capturing == 1; }
int cuStreamCreateWithPriority(void **s, unsigned int flags, int priority) {
    (void)flags; (void)priority; *s = calloc(1, sizeof(Stream)); return OK;
}
int cuStreamDestroy_v2(void *s) { if ((unsigned long)s > 2) free(s); return OK; }
int cuStreamSynchronize(void *s) { (void)s; return OK; }
int cuStreamBeginCapture_v2(void *s, int mode) { (void)mode; if ((unsigned long)s <= 2) return INVALID_VALUE; ((Stream *)s)->capturing = 1; return OK; }
int cuStreamEndCapture(void *s, void **graph) { ((Stream *)s)->capturing = 0; *graph = malloc(1); return OK; }
int cuStreamIsCapturing(void *s, int *status) { *status = capturing(s); return OK; }
int cuGraphDestroy(void *g) { free(g); return OK; }
/* a graph's work ran when it was captured: instantiating and launching it do nothing more */
int cuGraphInstantiateWithFlags(void **exec, void *g, unsigned long long flags) { (void)g; (void)flags; *exec = malloc(1); return OK; }
int cuGraphLaunch(void *exec, void *s) { (void)exec; (void)s; return OK; }
int cuGraphExecDestroy(void *exec) { free(exec); return OK; }

/* managed memory */
#define SLOTS 64
static struct {
    CUdeviceptr ptr; size_t size; int read_mostly; CUmemLocation preferred, prefetched; unsigned accessed;
} managed[SLOTS];
static int discarded[SLOTS]; /* 1: discarded, 2: discarded and prefetched */
static int slot_of(CUdeviceptr p, size_t size) {
    int i;
    for (i = 0; i < SLOTS; i++)
        if (managed[i].ptr && p >= managed[i].ptr && p + size <= managed[i].ptr + managed[i].size) return i;
    return -1;
}
int cuMemAllocManaged(CUdeviceptr *p, size_t size, unsigned int flags) {
    int i;
    (void)flags;
    if (!current) return INVALID_CONTEXT;
    for (i = 0; i < SLOTS && managed[i].ptr; i++) {}
    if (i == SLOTS || !size) return i == SLOTS ? OUT_OF_MEMORY : INVALID_VALUE;
    memset(&managed[i], 0, sizeof managed[i]);
    managed[i].ptr = (CUdeviceptr)(unsigned long)calloc(1, size);
    managed[i].size = size;
    managed[i].preferred.type = managed[i].prefetched.type = 0;
    *p = managed[i].ptr;
    return OK;
}
int cuMemFree_v2(CUdeviceptr p) {
    int i = slot_of(p, 1);
    if (i < 0 || managed[i].ptr != p) return INVALID_VALUE;
    free((void *)(unsigned long)p);
    managed[i].ptr = 0;
    discarded[i] = 0;
    return OK;
}
static int valid_location(CUmemLocation loc) {
    if (loc.type == LOC_DEVICE) return loc.id >= 0 && loc.id < devices();
    return loc.type == LOC_HOST || loc.type == LOC_HOST_NUMA_CURRENT || (loc.type == LOC_HOST_NUMA && loc.id >= 0);
}
static CUmemLocation from_ordinal(int d) { CUmemLocation l = { d == -1 ? LOC_HOST : LOC_DEVICE, d == -1 ? 0 : d }; return l; }
static unsigned bit(CUmemLocation l) { return l.type == LOC_DEVICE ? 1u << l.id : 1u << 31; }
int cuMemAdvise_v2(CUdeviceptr p, size_t count, int advice, CUmemLocation loc) {
    int i = slot_of(p, count);
    if (i < 0) return INVALID_VALUE;
    switch (advice) {
    case 1: managed[i].read_mostly = 1; return OK;
    case 2: managed[i].read_mostly = 0; return OK;
    case 3: if (!valid_location(loc)) return INVALID_VALUE; managed[i].preferred = loc; return OK;
    case 4: managed[i].preferred.type = 0; return OK;
    case 5: case 6:
        if (!valid_location(loc) || loc.type == LOC_HOST_NUMA || loc.type == LOC_HOST_NUMA_CURRENT) return INVALID_VALUE;
        if (advice == 5) managed[i].accessed |= bit(loc); else managed[i].accessed &= ~bit(loc);
        return OK;
    }
    return INVALID_VALUE;
}
int cuMemAdvise(CUdeviceptr p, size_t count, int advice, int device) {
    if (device < -1 || device >= devices()) return INVALID_VALUE;
    return cuMemAdvise_v2(p, count, advice, from_ordinal(device));
}
int cuMemPrefetchAsync_v2(CUdeviceptr p, size_t count, CUmemLocation loc, unsigned int flags, void *s) {
    int i = slot_of(p, count);
    (void)s;
    if (i < 0 || flags || !valid_location(loc)) return INVALID_VALUE;
    managed[i].prefetched = loc;
    return OK;
}
int cuMemPrefetchAsync(CUdeviceptr p, size_t count, int device, void *s) {
    if (device < -1 || device >= devices()) return INVALID_VALUE;
    return cuMemPrefetchAsync_v2(p, count, from_ordinal(device), 0, s);
}
/* managed memory pools (CUDA 13): allocations are managed slots; STANDIN_NO_MANAGED_POOLS=1 refuses pools */
static unsigned long long thresholds[8];
static int pools;
static int no_pools(void) { const char *s = getenv("STANDIN_NO_MANAGED_POOLS"); return s && *s == '1'; }
int cuMemGetMemPool(void **pool, const CUmemLocation *loc, int type) {
    if (no_pools()) return 801; /* CUDA_ERROR_NOT_SUPPORTED */
    if (type != 2 || (loc->type && !valid_location(*loc))) return INVALID_VALUE;
    *pool = (void *)(unsigned long)1;
    return OK;
}
int cuMemPoolCreate(void **pool, const int *props) { /* props: allocType, handleTypes, location {type, id} */
    if (no_pools()) return 801;
    if (props[0] != 2 && props[0] != 1) return INVALID_VALUE;
    if (++pools >= 8) return OUT_OF_MEMORY;
    *pool = (void *)(unsigned long)(pools + 1);
    return OK;
}
int cuDeviceGetMemPool(void **pool, int d) { *pool = (void *)(unsigned long)(2 + d); return OK; }
int cuMemPoolDestroy(void *pool) { (void)pool; return OK; }
int cuMemPoolGetAttribute(void *pool, int attr, unsigned long long *v) {
    if (attr < 4 || attr > 8) return INVALID_VALUE; /* RELEASE_THRESHOLD (4), then the figures: all 0 here */
    *v = attr == 4 ? thresholds[(unsigned long)pool % 8] : 0;
    return OK;
}
int cuMemPoolSetAttribute(void *pool, int attr, const unsigned long long *v) {
    if (attr != 4) return INVALID_VALUE;
    thresholds[(unsigned long)pool % 8] = *v;
    return OK;
}
int cuMemAllocFromPoolAsync(CUdeviceptr *p, size_t size, void *pool, void *s) {
    (void)pool; (void)s;
    return cuMemAllocManaged(p, size, 1);
}
int standin_discarded(CUdeviceptr p) { int i = slot_of(p, 1); return i < 0 ? -1 : discarded[i]; }
static int check_batch(CUdeviceptr *dptrs, size_t *sizes, size_t count, size_t *idxs, size_t nlocs) {
    size_t k;
    for (k = 0; k < count; k++) if (slot_of(dptrs[k], sizes[k]) < 0) return INVALID_VALUE;
    if (!count || (nlocs && (idxs[0] != 0 || nlocs > count))) return INVALID_VALUE;
    for (k = 1; k < nlocs; k++) if (idxs[k] <= idxs[k - 1] || idxs[k] >= count) return INVALID_VALUE;
    return OK;
}
static void prefetch_all(CUdeviceptr *dptrs, size_t count, CUmemLocation *locs, size_t *idxs, size_t nlocs) {
    size_t k, j = 0;
    for (k = 0; k < count; k++) {
        while (j + 1 < nlocs && idxs[j + 1] <= k) j++;
        managed[slot_of(dptrs[k], 1)].prefetched = locs[j];
    }
}
int cuMemPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, CUmemLocation *locs, size_t *idxs,
                            size_t nlocs, unsigned long long flags, void *s) {
    size_t k;
    if ((unsigned long)s <= 2 || flags || !nlocs || check_batch(dptrs, sizes, count, idxs, nlocs)) return INVALID_VALUE;
    for (k = 0; k < nlocs; k++) if (!valid_location(locs[k])) return INVALID_VALUE;
    prefetch_all(dptrs, count, locs, idxs, nlocs);
    return OK;
}
int cuMemDiscardBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, unsigned long long flags, void *s) {
    size_t k;
    if ((unsigned long)s <= 2 || flags || check_batch(dptrs, sizes, count, NULL, 0)) return INVALID_VALUE;
    for (k = 0; k < count; k++) discarded[slot_of(dptrs[k], 1)] = 1;
    return OK;
}
int cuMemDiscardAndPrefetchBatchAsync(CUdeviceptr *dptrs, size_t *sizes, size_t count, CUmemLocation *locs,
                                      size_t *idxs, size_t nlocs, unsigned long long flags, void *s) {
    int r = cuMemPrefetchBatchAsync(dptrs, sizes, count, locs, idxs, nlocs, flags, s);
    size_t k;
    if (r == OK) for (k = 0; k < count; k++) discarded[slot_of(dptrs[k], 1)] = 2;
    return r;
}

static int legacy(CUmemLocation l) { return l.type == 0 ? -2 : l.type == LOC_DEVICE ? l.id : -1; }
int cuMemRangeGetAttribute(void *data, size_t size, int attr, CUdeviceptr p, size_t count) {
    int i = slot_of(p, count), *out = data, n = 0, d;
    if (i < 0 || size < 4 || size % 4) return INVALID_VALUE;
    switch (attr) {
    case 1: *out = managed[i].read_mostly; return OK;
    case 2: *out = legacy(managed[i].preferred); return OK;
    case 3:
        for (d = 0; d < (int)(size / 4); d++) out[d] = -2;
        for (d = 0; d < devices(); d++) if (managed[i].accessed & (1u << d)) out[n++] = d;
        if (managed[i].accessed & (1u << 31)) out[n++] = -1;
        return (size_t)n * 4 <= size ? OK : INVALID_VALUE;
    case 4: *out = legacy(managed[i].prefetched); return OK;
    case 5: *out = managed[i].preferred.type; return OK;
    case 6: *out = managed[i].preferred.id; return OK;
    case 7: *out = managed[i].prefetched.type; return OK;
    case 8: *out = managed[i].prefetched.id; return OK;
    }
    return INVALID_VALUE;
}

int cuPointerGetAttribute(void *data, int attr, CUdeviceptr p) {
    if (slot_of(p, 1) < 0) return INVALID_VALUE; /* only managed memory is known by its pointer here */
    if (attr == 2) *(unsigned *)data = 2; /* MEMORY_TYPE: device */
    else if (attr == 8) *(unsigned char *)data = 1; /* IS_MANAGED */
    else if (attr == 9) *(int *)data = 0; /* DEVICE_ORDINAL */
    else return INVALID_VALUE;
    return OK;
}

/* copies and fills of host-reachable memory */
int cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t n, void *s) {
    (void)s; memcpy((void *)(unsigned long)dst, (void *)(unsigned long)src, n); return OK;
}
int cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, void *s) { return cuMemcpyAsync(dst, (CUdeviceptr)(unsigned long)src, n, s); }
int cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, void *s) { return cuMemcpyAsync((CUdeviceptr)(unsigned long)dst, src, n, s); }
int cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n, void *s) { (void)s; memset((void *)(unsigned long)dst, v, n); return OK; }

/* virtual memory */
#define GRANULE (64 * 1024)
#define GAP (64 << 20)
typedef struct { int fd; size_t size; int refs; } Chunk;
static int live_chunks, live_reservations;
static struct { CUdeviceptr ptr; size_t size; Chunk *chunk; } maps[SLOTS];
static struct { CUdeviceptr ptr; size_t size; } reservations[SLOTS];
int standin_live_chunks(void) { return live_chunks; }
int standin_live_reservations(void) { return live_reservations; }
static void drop(Chunk *c) { if (--c->refs == 0) { close(c->fd); free(c); live_chunks--; } }

int cuMemGetAllocationGranularity(size_t *g, const CUmemAllocationProp *prop, int option) {
    if (prop->type != 1 || !valid_location(prop->location)) return INVALID_VALUE;
    *g = option == 1 ? 2 * GRANULE : GRANULE; /* RECOMMENDED (1) is twice MINIMUM (0) */
    return OK;
}
int cuMemCreate(unsigned long long *handle, size_t size, const CUmemAllocationProp *prop, unsigned long long flags) {
    Chunk *c;
    if (flags || !size || size % GRANULE || prop->type != 1 || !valid_location(prop->location)) return INVALID_VALUE;
    c = calloc(1, sizeof *c);
    c->fd = memfd_create("standin_chunk", 0);
    if (c->fd < 0 || ftruncate(c->fd, (off_t)size)) return OUT_OF_MEMORY;
    c->size = size;
    c->refs = 1;
    live_chunks++;
    *handle = (unsigned long long)(unsigned long)c;
    return OK;
}
int cuMemRelease(unsigned long long handle) { drop((Chunk *)(unsigned long)handle); return OK; }
int cuMemAddressReserve(CUdeviceptr *p, size_t size, size_t align, CUdeviceptr addr, unsigned long long flags) {
    const char *no_extend = getenv("STANDIN_NO_EXTEND");
    char *base, *aligned;
    int i;
    if (flags || !size || size % GRANULE || (align & (align - 1))) return INVALID_VALUE;
    if (align < GRANULE) align = GRANULE;
    if (no_extend && *no_extend == '1') addr = 0;
    for (i = 0; i < SLOTS && reservations[i].ptr; i++) {}
    if (i == SLOTS) return OUT_OF_MEMORY;
    if (addr) { /* at the hint where it is free, else elsewhere */
        base = mmap((void *)(unsigned long)addr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (base == MAP_FAILED) return OUT_OF_MEMORY;
        if (base == (char *)(unsigned long)addr) {
            aligned = base;
            goto done;
        }
        munmap(base, size);
    }
    /* room to spare above, left unmapped: a later reservation hinted right behind this one usually fits */
    base = mmap(NULL, size + align + GAP, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) return OUT_OF_MEMORY;
    aligned = (char *)(((unsigned long)base + align - 1) & ~(unsigned long)(align - 1));
    if (aligned > base) munmap(base, (size_t)(aligned - base));
    munmap(aligned + size, (size_t)(base + size + align + GAP - aligned - size));
done:
    reservations[i].ptr = (CUdeviceptr)(unsigned long)aligned;
    reservations[i].size = size;
    live_reservations++;
    *p = reservations[i].ptr;
    return OK;
}
int cuMemAddressFree(CUdeviceptr p, size_t size) {
    int i;
    for (i = 0; i < SLOTS && !(reservations[i].ptr == p && reservations[i].size == size); i++) {}
    if (i == SLOTS) return INVALID_VALUE;
    munmap((void *)(unsigned long)p, size);
    reservations[i].ptr = 0;
    live_reservations--;
    return OK;
}
static int reserved(CUdeviceptr p, size_t size) {
    int i;
    for (i = 0; i < SLOTS; i++)
        if (reservations[i].ptr && p >= reservations[i].ptr && p + size <= reservations[i].ptr + reservations[i].size) return 1;
    return 0;
}
int cuMemMap(CUdeviceptr p, size_t size, size_t offset, unsigned long long handle, unsigned long long flags) {
    Chunk *c = (Chunk *)(unsigned long)handle;
    int i;
    if (flags || offset + size > c->size || !reserved(p, size)) return INVALID_VALUE;
    for (i = 0; i < SLOTS && maps[i].ptr; i++) {}
    if (mmap((void *)(unsigned long)p, size, PROT_NONE, MAP_SHARED | MAP_FIXED, c->fd, (off_t)offset) == MAP_FAILED)
        return OUT_OF_MEMORY;
    maps[i].ptr = p;
    maps[i].size = size;
    maps[i].chunk = c;
    c->refs++;
    return OK;
}
int cuMemUnmap(CUdeviceptr p, size_t size) {
    int i;
    for (i = 0; i < SLOTS && !(maps[i].ptr == p && maps[i].size == size); i++) {}
    if (i == SLOTS) return INVALID_VALUE;
    mmap((void *)(unsigned long)p, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    drop(maps[i].chunk);
    maps[i].ptr = 0;
    return OK;
}
int cuMemRetainAllocationHandle(unsigned long long *handle, void *addr) {
    int i;
    CUdeviceptr p = (CUdeviceptr)(unsigned long)addr;
    for (i = 0; i < SLOTS && !(maps[i].ptr && p >= maps[i].ptr && p < maps[i].ptr + maps[i].size); i++) {}
    if (i == SLOTS) return INVALID_VALUE;
    maps[i].chunk->refs++;
    *handle = (unsigned long long)(unsigned long)maps[i].chunk;
    return OK;
}
int cuMemSetAccess(CUdeviceptr p, size_t size, const CUmemAccessDesc *desc, size_t count) {
    size_t k, covered = 0;
    int i, prot = PROT_NONE;
    for (k = 0; k < count; k++) {
        if (!valid_location(desc[k].location) || desc[k].flags < 0 || desc[k].flags > 3 || desc[k].flags == 2) return INVALID_VALUE;
        if (desc[k].flags == 3) prot = PROT_READ | PROT_WRITE; else if (desc[k].flags == 1 && prot == PROT_NONE) prot = PROT_READ;
    }
    for (i = 0; i < SLOTS; i++)
        if (maps[i].ptr && maps[i].ptr >= p && maps[i].ptr + maps[i].size <= p + size) covered += maps[i].size;
    if (covered != size) return INVALID_VALUE; /* every byte of the range must be mapped */
    for (i = 0; i < SLOTS; i++)
        if (maps[i].ptr && maps[i].ptr >= p && maps[i].ptr + maps[i].size <= p + size)
            mprotect((void *)(unsigned long)maps[i].ptr, maps[i].size, prot);
    return OK;
}

/* graph memory */
static unsigned long long used, used_high, reserved_now, reserved_high;
int cuMemAllocAsync(CUdeviceptr *p, size_t size, void *s) {
    size_t *block;
    if (!size) return INVALID_VALUE;
    block = malloc(size + 16);
    block[0] = size;
    *p = (CUdeviceptr)(unsigned long)(block + 2);
    if (capturing(s)) {
        used += size;
        reserved_now += size;
        if (used > used_high) used_high = used;
        if (reserved_now > reserved_high) reserved_high = reserved_now;
    }
    return OK;
}
int cuMemFreeAsync(CUdeviceptr p, void *s) {
    size_t *block = (size_t *)(unsigned long)p - 2;
    int i = slot_of(p, 1);
    (void)s;
    if (i >= 0 && managed[i].ptr == p) return cuMemFree_v2(p); /* from a managed pool */
    if (used >= block[0]) used -= block[0];
    free(block);
    return OK;
}
int cuDeviceGetGraphMemAttribute(int d, int attr, unsigned long long *v) {
    if (d < 0 || d >= devices() || attr < 0 || attr > 3) return INVALID_VALUE;
    *v = attr == 0 ? used : attr == 1 ? used_high : attr == 2 ? reserved_now : reserved_high;
    return OK;
}
int cuDeviceSetGraphMemAttribute(int d, int attr, unsigned long long *v) {
    if (d < 0 || d >= devices() || *v || (attr != 1 && attr != 3)) return INVALID_VALUE;
    if (attr == 1) used_high = used; else reserved_high = reserved_now;
    return OK;
}
int cuDeviceGraphMemTrim(int d) { if (d < 0 || d >= devices()) return INVALID_VALUE; reserved_now = used; return OK; }

/* events: a handle is the event's address */
int cuEventCreate(void **e, unsigned int flags) { unsigned *ev = malloc(sizeof *ev); *ev = flags; *e = ev; return OK; }
int cuEventDestroy_v2(void *e) { free(e); return OK; }
int cuEventRecord(void *e, void *s) { (void)e; (void)s; return OK; }
int cuEventSynchronize(void *e) { (void)e; return OK; }
int cuIpcGetEventHandle(CUipcEventHandle *h, void *e) {
    if (!(*(unsigned *)e & 4)) return INVALID_VALUE; /* CU_EVENT_INTERPROCESS */
    memset(h->reserved, 0, 64);
    snprintf(h->reserved, 64, "standin-event:%p", e);
    return OK;
}
int cuIpcOpenEventHandle(void **e, CUipcEventHandle h) {
    unsigned *ev;
    if (strncmp(h.reserved, "standin-event:", 14) || !current) return INVALID_VALUE;
    ev = malloc(sizeof *ev);
    *ev = 4;
    *e = ev;
    return OK;
}
