/* A stand-in libcuda for the CPU tests of cudacffi.core.texture, green contexts and GraphicsResource: one
 * device (compute capability 9.0, 132 SMs) whose "arrays" are host memory, whose texture and surface objects
 * only record their descriptors, whose SM splits follow the driver's documented 9.0 granularity (8 SMs), and
 * whose "OpenGL buffer" is a static block. Compiled against the CUDA headers of the build under test (-I), so
 * that every struct has the build's layout and every function the header's versioned symbol name. The
 * sim_* functions let a test read what the library was given. Enough to check the plumbing, not CUDA. Needs
 * CUDA 12.4+ headers (green contexts); with 13.5+ headers it also splits SMs by group parameters and holds a
 * workqueue configuration. */
#include <cuda.h>
#include <stdlib.h>
#include <string.h>

#define N 64
enum { SM_COUNT = 132, GRANULE = 8 };

static __thread CUcontext current;
static CUcontext stack_below;  /* one level of cuCtxPushCurrent is all the tests need */
#define PRIMARY ((CUcontext)0x1000)

/* -- the device ---------------------------------------------------------------------------------------- */
CUresult cuInit(unsigned int flags) { (void)flags; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { *v = CUDA_VERSION; return CUDA_SUCCESS; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *d, int ordinal) {
    if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
    *d = 0;
    return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute attr, CUdevice d) {
    (void)d;
    *v = attr == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9
       : attr == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT ? SM_COUNT : 0;
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) { (void)d; *c = PRIMARY; return CUDA_SUCCESS; }
CUresult cuCtxSetCurrent(CUcontext c) { current = c; return CUDA_SUCCESS; }
CUresult cuCtxGetCurrent(CUcontext *c) { *c = current; return CUDA_SUCCESS; }
CUresult cuCtxGetDevice(CUdevice *d) {
    if (!current) return CUDA_ERROR_INVALID_CONTEXT;
    *d = 0;
    return CUDA_SUCCESS;
}
CUresult cuCtxPushCurrent(CUcontext c) { stack_below = current; current = c; return CUDA_SUCCESS; }
CUresult cuCtxPopCurrent(CUcontext *c) {
    if (c) *c = current;
    current = stack_below;
    stack_below = NULL;
    return CUDA_SUCCESS;
}
CUresult cuCtxSynchronize(void) { return current ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT; }
CUresult cuCtxGetStreamPriorityRange(int *least, int *greatest) { *least = 0; *greatest = -5; return CUDA_SUCCESS; }
CUresult cuStreamSynchronize(CUstream s) { (void)s; return CUDA_SUCCESS; }

static int plain_contexts;
#if CUDA_VERSION >= 13000
CUresult cuCtxCreate(CUcontext *c, CUctxCreateParams *params, unsigned int flags, CUdevice d) {
    (void)params;
#else
CUresult cuCtxCreate(CUcontext *c, unsigned int flags, CUdevice d) {
#endif
    (void)flags; (void)d;
    plain_contexts++;
    *c = (CUcontext)0x2000;
    return cuCtxPushCurrent(*c);
}
CUresult cuCtxDestroy(CUcontext c) {
    if (c != (CUcontext)0x2000 || !plain_contexts) return CUDA_ERROR_INVALID_CONTEXT;
    plain_contexts--;
    return CUDA_SUCCESS;
}

/* -- arrays: host memory, level arrays of a mipmap included ------------------------------------------- */
static struct { int used, mipmap_level; size_t w, h, d; CUarray_format fmt; unsigned nch, flags;
                unsigned char *data; } arrays[N];
static struct { int used; unsigned levels; int level[16]; } mipmaps[N];

static size_t format_bytes(CUarray_format f) {
    switch (f) {
    case CU_AD_FORMAT_UNSIGNED_INT8: case CU_AD_FORMAT_SIGNED_INT8: return 1;
    case CU_AD_FORMAT_UNSIGNED_INT16: case CU_AD_FORMAT_SIGNED_INT16: case CU_AD_FORMAT_HALF: return 2;
    case CU_AD_FORMAT_UNSIGNED_INT32: case CU_AD_FORMAT_SIGNED_INT32: case CU_AD_FORMAT_FLOAT: return 4;
    default: return 0;
    }
}
static size_t one(size_t e) { return e ? e : 1; }

static int new_array(size_t w, size_t h, size_t d, CUarray_format fmt, unsigned nch, unsigned flags, int level) {
    int i;
    for (i = 0; i < N; i++) {
        if (!arrays[i].used) {
            arrays[i].used = 1;
            arrays[i].mipmap_level = level;
            arrays[i].w = w; arrays[i].h = h; arrays[i].d = d;
            arrays[i].fmt = fmt; arrays[i].nch = nch; arrays[i].flags = flags;
            arrays[i].data = calloc(one(w) * one(h) * one(d), format_bytes(fmt) * nch);
            return i;
        }
    }
    return -1;
}
static int array_index(CUarray a) {
    long i = (long)(size_t)a - 0xA000;
    return i >= 0 && i < N && arrays[i].used ? (int)i : -1;
}
static CUresult check_desc(const CUDA_ARRAY3D_DESCRIPTOR *p) {
    if (!p || !p->Width || !format_bytes(p->Format) || (p->NumChannels != 1 && p->NumChannels != 2 &&
                                                        p->NumChannels != 4) || (p->Depth && !p->Height))
        return CUDA_ERROR_INVALID_VALUE;
    return CUDA_SUCCESS;
}

CUresult cuArray3DCreate(CUarray *out, const CUDA_ARRAY3D_DESCRIPTOR *p) {
    int i;
    if (check_desc(p)) return CUDA_ERROR_INVALID_VALUE;
    i = new_array(p->Width, p->Height, p->Depth, p->Format, p->NumChannels, p->Flags, 0);
    if (i < 0) return CUDA_ERROR_OUT_OF_MEMORY;
    *out = (CUarray)(size_t)(0xA000 + i);
    return CUDA_SUCCESS;
}
static void free_array(int i) { free(arrays[i].data); memset(&arrays[i], 0, sizeof arrays[i]); }
CUresult cuArrayDestroy(CUarray a) {
    int i = array_index(a);
    if (i < 0 || arrays[i].mipmap_level) return CUDA_ERROR_INVALID_HANDLE;
    free_array(i);
    return CUDA_SUCCESS;
}
CUresult cuMipmappedArrayCreate(CUmipmappedArray *out, const CUDA_ARRAY3D_DESCRIPTOR *p, unsigned int levels) {
    int m, l;
    if (check_desc(p) || !levels || levels > 16) return CUDA_ERROR_INVALID_VALUE;
    for (m = 0; m < N && mipmaps[m].used; m++) {}
    if (m == N) return CUDA_ERROR_OUT_OF_MEMORY;
    mipmaps[m].used = 1;
    mipmaps[m].levels = levels;
    for (l = 0; l < (int)levels; l++) {
        size_t w = p->Width >> l, h = p->Height >> l, d = p->Depth >> l;
        mipmaps[m].level[l] = new_array(w ? w : 1, p->Height ? (h ? h : 1) : 0, p->Depth ? (d ? d : 1) : 0,
                                        p->Format, p->NumChannels, p->Flags, 1);
    }
    *out = (CUmipmappedArray)(size_t)(0xB000 + m);
    return CUDA_SUCCESS;
}
static int mipmap_index(CUmipmappedArray a) {
    long i = (long)(size_t)a - 0xB000;
    return i >= 0 && i < N && mipmaps[i].used ? (int)i : -1;
}
CUresult cuMipmappedArrayGetLevel(CUarray *out, CUmipmappedArray a, unsigned int level) {
    int m = mipmap_index(a);
    if (m < 0) return CUDA_ERROR_INVALID_HANDLE;
    if (level >= mipmaps[m].levels) return CUDA_ERROR_INVALID_VALUE;
    *out = (CUarray)(size_t)(0xA000 + mipmaps[m].level[level]);
    return CUDA_SUCCESS;
}
CUresult cuMipmappedArrayDestroy(CUmipmappedArray a) {
    int m = mipmap_index(a), l;
    if (m < 0) return CUDA_ERROR_INVALID_HANDLE;
    for (l = 0; l < (int)mipmaps[m].levels; l++) free_array(mipmaps[m].level[l]);
    memset(&mipmaps[m], 0, sizeof mipmaps[m]);
    return CUDA_SUCCESS;
}

/* cuMemcpy3D between host memory, "device" (host) pointers and arrays, rows of WidthInBytes */
static unsigned char *side(CUmemorytype t, const void *host, CUdeviceptr dev, CUarray arr, size_t pitch,
                           size_t height, size_t *row_limit, size_t *h_limit, size_t *d_limit) {
    if (t == CU_MEMORYTYPE_ARRAY) {
        int i = array_index(arr);
        if (i < 0) return NULL;
        *row_limit = arrays[i].w * format_bytes(arrays[i].fmt) * arrays[i].nch;
        *h_limit = one(arrays[i].h);
        *d_limit = one(arrays[i].d);
        return arrays[i].data;
    }
    *row_limit = pitch;
    *h_limit = height;
    *d_limit = (size_t)-1;
    return t == CU_MEMORYTYPE_HOST ? (unsigned char *)host : (unsigned char *)(size_t)dev;
}
static int copies;
CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *p, CUstream s) {
    size_t srow, sh, sd, drow, dh, dd, y, z;
    unsigned char *src = side(p->srcMemoryType, p->srcHost, p->srcDevice, p->srcArray, p->srcPitch, p->srcHeight,
                              &srow, &sh, &sd);
    unsigned char *dst = side(p->dstMemoryType, p->dstHost, p->dstDevice, p->dstArray, p->dstPitch, p->dstHeight,
                              &drow, &dh, &dd);
    (void)s;
    if (!src || !dst) return CUDA_ERROR_INVALID_HANDLE;
    if (p->WidthInBytes > srow || p->WidthInBytes > drow || p->Height > sh || p->Height > dh || p->Depth > sd ||
        p->Depth > dd || !p->Height || !p->Depth)
        return CUDA_ERROR_INVALID_VALUE;
    for (z = 0; z < p->Depth; z++)
        for (y = 0; y < p->Height; y++)
            memcpy(dst + (z * dh + y) * drow, src + (z * sh + y) * srow, p->WidthInBytes);
    copies++;
    return CUDA_SUCCESS;
}

/* -- texture and surface objects: handles that remember their descriptors --------------------------------- */
static int textures, surfaces;
static CUDA_RESOURCE_DESC last_res;
static CUDA_TEXTURE_DESC last_tex;

static CUresult check_resource(const CUDA_RESOURCE_DESC *r) {
    if (r->resType == CU_RESOURCE_TYPE_ARRAY) return array_index(r->res.array.hArray) < 0 ? CUDA_ERROR_INVALID_HANDLE : 0;
    if (r->resType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
        return mipmap_index(r->res.mipmap.hMipmappedArray) < 0 ? CUDA_ERROR_INVALID_HANDLE : 0;
    return CUDA_SUCCESS;
}
CUresult cuTexObjectCreate(CUtexObject *out, const CUDA_RESOURCE_DESC *r, const CUDA_TEXTURE_DESC *t,
                           const CUDA_RESOURCE_VIEW_DESC *v) {
    CUresult e;
    if (!r || !t || v) return CUDA_ERROR_INVALID_VALUE;
    if ((e = check_resource(r))) return e;
    last_res = *r;
    last_tex = *t;
    *out = 0x7E000 + (++textures);
    return CUDA_SUCCESS;
}
CUresult cuTexObjectDestroy(CUtexObject t) {
    if (t <= 0x7E000 || !textures) return CUDA_ERROR_INVALID_HANDLE;
    textures--;
    return CUDA_SUCCESS;
}
CUresult cuSurfObjectCreate(CUsurfObject *out, const CUDA_RESOURCE_DESC *r) {
    int i;
    if (!r || r->resType != CU_RESOURCE_TYPE_ARRAY) return CUDA_ERROR_INVALID_VALUE;
    i = array_index(r->res.array.hArray);
    if (i < 0) return CUDA_ERROR_INVALID_HANDLE;
    if (!(arrays[i].flags & CUDA_ARRAY3D_SURFACE_LDST)) return CUDA_ERROR_INVALID_VALUE;
    last_res = *r;
    *out = 0x5F000 + (++surfaces);
    return CUDA_SUCCESS;
}
CUresult cuSurfObjectDestroy(CUsurfObject s) {
    if (s <= 0x5F000 || !surfaces) return CUDA_ERROR_INVALID_HANDLE;
    surfaces--;
    return CUDA_SUCCESS;
}

/* -- green contexts ----------------------------------------------------------------------------------- */
static void set_sm(CUdevResource *r, unsigned count) {
    memset(r, 0, sizeof *r);
    r->type = CU_DEV_RESOURCE_TYPE_SM;
    r->sm.smCount = count;
#if CUDA_VERSION >= 13000
    r->sm.minSmPartitionSize = GRANULE;
    r->sm.smCoscheduledAlignment = GRANULE;
#endif
}
CUresult cuDeviceGetDevResource(CUdevice d, CUdevResource *r, CUdevResourceType type) {
    (void)d;
#if CUDA_VERSION >= 13050
    if (type == CU_DEV_RESOURCE_TYPE_WORKQUEUE_CONFIG) {
        memset(r, 0, sizeof *r);
        r->type = type;
        r->wqConfig.device = 0;
        r->wqConfig.wqConcurrencyLimit = 32;
        r->wqConfig.sharingScope = CU_WORKQUEUE_SCOPE_DEVICE_CTX;
        return CUDA_SUCCESS;
    }
#endif
    if (type != CU_DEV_RESOURCE_TYPE_SM) return CUDA_ERROR_INVALID_RESOURCE_TYPE;
    set_sm(r, SM_COUNT);
    return CUDA_SUCCESS;
}
CUresult cuCtxGetDevResource(CUcontext c, CUdevResource *r, CUdevResourceType type) {
    if (c != PRIMARY) return CUDA_ERROR_INVALID_CONTEXT;
    return cuDeviceGetDevResource(0, r, type);
}
CUresult cuDevSmResourceSplitByCount(CUdevResource *result, unsigned int *groups, const CUdevResource *input,
                                     CUdevResource *remaining, unsigned int flags, unsigned int min_count) {
    unsigned size = ((min_count ? min_count : GRANULE) + GRANULE - 1) / GRANULE * GRANULE, made, i;
    (void)flags;
    if (!input || input->type != CU_DEV_RESOURCE_TYPE_SM || !groups) return CUDA_ERROR_INVALID_RESOURCE_TYPE;
    made = input->sm.smCount / size;
    if (result && made > *groups) made = *groups;
    for (i = 0; result && i < made; i++) set_sm(&result[i], size);
    if (remaining) set_sm(remaining, input->sm.smCount - made * size);
    *groups = made;
    return CUDA_SUCCESS;
}

static unsigned descs[N], greens[N];  /* SMs of each descriptor / green context (0: free) */
static CUstream green_streams[N];
static int green_of_stream[N];

#if CUDA_VERSION >= 13050
static CUdevWorkqueueConfigResource last_wq_config;
#endif
CUresult cuDevResourceGenerateDesc(CUdevResourceDesc *out, CUdevResource *r, unsigned int n) {
    unsigned total = 0, i;
    int k;
    for (i = 0; i < n; i++) {
#if CUDA_VERSION >= 13050
        if (r[i].type == CU_DEV_RESOURCE_TYPE_WORKQUEUE_CONFIG) {
            last_wq_config = r[i].wqConfig;
            continue;
        }
#endif
        if (r[i].type != CU_DEV_RESOURCE_TYPE_SM || !r[i].sm.smCount) return CUDA_ERROR_INVALID_RESOURCE_TYPE;
        total += r[i].sm.smCount;
    }
    for (k = 0; k < N && descs[k]; k++) {}
    if (k == N || !n) return CUDA_ERROR_INVALID_VALUE;
    descs[k] = total;
    *out = (CUdevResourceDesc)(size_t)(0xD000 + k);
    return CUDA_SUCCESS;
}
CUresult cuGreenCtxCreate(CUgreenCtx *out, CUdevResourceDesc desc, CUdevice d, unsigned int flags) {
    long k = (long)(size_t)desc - 0xD000;
    int g;
    (void)d; (void)flags;
    if (k < 0 || k >= N || !descs[k]) return CUDA_ERROR_INVALID_VALUE;
    for (g = 0; g < N && greens[g]; g++) {}
    greens[g] = descs[k];
    *out = (CUgreenCtx)(size_t)(0xE000 + g);
    return CUDA_SUCCESS;
}
static int green_index(CUgreenCtx c) {
    long g = (long)(size_t)c - 0xE000;
    return g >= 0 && g < N && greens[g] ? (int)g : -1;
}
CUresult cuCtxFromGreenCtx(CUcontext *out, CUgreenCtx c) {
    int g = green_index(c);
    if (g < 0) return CUDA_ERROR_INVALID_CONTEXT;
    *out = (CUcontext)(size_t)(0x3000 + g);
    return CUDA_SUCCESS;
}
CUresult cuGreenCtxDestroy(CUgreenCtx c) {
    int g = green_index(c);
    if (g < 0) return CUDA_ERROR_INVALID_CONTEXT;
    greens[g] = 0;
    return CUDA_SUCCESS;
}
CUresult cuGreenCtxGetDevResource(CUgreenCtx c, CUdevResource *r, CUdevResourceType type) {
    int g = green_index(c);
    if (g < 0) return CUDA_ERROR_INVALID_CONTEXT;
    if (type != CU_DEV_RESOURCE_TYPE_SM) return CUDA_ERROR_INVALID_RESOURCE_TYPE;
    set_sm(r, greens[g]);
    return CUDA_SUCCESS;
}
CUresult cuGreenCtxStreamCreate(CUstream *out, CUgreenCtx c, unsigned int flags, int priority) {
    int g = green_index(c), i;
    (void)priority;
    if (g < 0) return CUDA_ERROR_INVALID_CONTEXT;
    if (flags != CU_STREAM_NON_BLOCKING) return CUDA_ERROR_INVALID_VALUE;
    for (i = 0; i < N && green_streams[i]; i++) {}
    green_streams[i] = (CUstream)(size_t)(0xF000 + i);
    green_of_stream[i] = g;
    *out = green_streams[i];
    return CUDA_SUCCESS;
}
static int stream_index(CUstream s) {
    long i = (long)(size_t)s - 0xF000;
    return i >= 0 && i < N && green_streams[i] ? (int)i : -1;
}
static int plain_streams;
CUresult cuStreamCreateWithPriority(CUstream *out, unsigned int flags, int priority) {
    (void)flags; (void)priority;
    *out = (CUstream)(size_t)(0xC000 + ++plain_streams);
    return CUDA_SUCCESS;
}
CUresult cuStreamDestroy(CUstream s) {
    int i = stream_index(s);
    if ((size_t)s > 0xC000 && (size_t)s <= 0xC000 + (size_t)plain_streams) return CUDA_SUCCESS;
    if (i < 0) return CUDA_ERROR_INVALID_HANDLE;
    green_streams[i] = NULL;
    return CUDA_SUCCESS;
}
CUresult cuStreamGetGreenCtx(CUstream s, CUgreenCtx *out) {
    int i = stream_index(s);
    *out = i < 0 ? NULL : (CUgreenCtx)(size_t)(0xE000 + green_of_stream[i]);
    return CUDA_SUCCESS;
}
CUresult cuStreamGetCtx(CUstream s, CUcontext *out) {
    int i = stream_index(s);
    *out = i < 0 ? PRIMARY : (CUcontext)(size_t)(0x3000 + green_of_stream[i]);
    return CUDA_SUCCESS;
}

#if CUDA_VERSION >= 13050
/* structured splits: each group takes its smCount (0: all that is left) rounded up to its co-scheduled count
 * (default 8) unless it backfills; the driver writes discovered counts back into the parameters */
CUresult cuDevSmResourceSplit(CUdevResource *result, unsigned int groups, const CUdevResource *input,
                              CUdevResource *remainder, unsigned int flags, CU_DEV_SM_RESOURCE_GROUP_PARAMS *params) {
    unsigned left, i;
    if (!input || input->type != CU_DEV_RESOURCE_TYPE_SM || flags || !params) return CUDA_ERROR_INVALID_VALUE;
    left = input->sm.smCount;
    for (i = 0; i < groups; i++) {
        unsigned co = params[i].coscheduledSmCount ? params[i].coscheduledSmCount : GRANULE;
        unsigned want = params[i].smCount;
        if (!want) want = left / co * co;
        else if (!(params[i].flags & CU_DEV_SM_RESOURCE_GROUP_BACKFILL)) want = (want + co - 1) / co * co;
        if (!want || want > left) return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
        params[i].smCount = want;
        if (result) {
            set_sm(&result[i], want);
            result[i].sm.flags = params[i].flags;
        }
        left -= want;
    }
    if (remainder) set_sm(remainder, left);
    return CUDA_SUCCESS;
}
CUresult cuStreamGetDevResource(CUstream s, CUdevResource *r, CUdevResourceType type) {
    int i = stream_index(s);
    if (i < 0) return cuDeviceGetDevResource(0, r, type);
    return cuGreenCtxGetDevResource((CUgreenCtx)(size_t)(0xE000 + green_of_stream[i]), r, type);
}
int sim_wq_config(int field) { return field ? (int)last_wq_config.sharingScope : (int)last_wq_config.wqConcurrencyLimit; }
#endif

/* -- OpenGL interop: one registered "buffer" of 256 bytes -------------------------------------------- */
static unsigned char gl_memory[256];
static int gl_registered, gl_mapped;
static unsigned gl_flags;
CUresult cuGraphicsGLRegisterBuffer(CUgraphicsResource *out, unsigned int buffer, unsigned int flags) {
    if (!buffer || gl_registered) return CUDA_ERROR_INVALID_VALUE;
    gl_registered = 1;
    gl_flags = flags;
    *out = (CUgraphicsResource)(size_t)0x6000;
    return CUDA_SUCCESS;
}
CUresult cuGraphicsMapResources(unsigned int n, CUgraphicsResource *r, CUstream s) {
    (void)s;
    if (n != 1 || r[0] != (CUgraphicsResource)(size_t)0x6000 || !gl_registered) return CUDA_ERROR_INVALID_HANDLE;
    if (gl_mapped) return CUDA_ERROR_ALREADY_MAPPED;
    gl_mapped = 1;
    return CUDA_SUCCESS;
}
CUresult cuGraphicsUnmapResources(unsigned int n, CUgraphicsResource *r, CUstream s) {
    (void)s;
    if (n != 1 || r[0] != (CUgraphicsResource)(size_t)0x6000) return CUDA_ERROR_INVALID_HANDLE;
    if (!gl_mapped) return CUDA_ERROR_NOT_MAPPED;
    gl_mapped = 0;
    return CUDA_SUCCESS;
}
CUresult cuGraphicsResourceGetMappedPointer(CUdeviceptr *p, size_t *size, CUgraphicsResource r) {
    if (r != (CUgraphicsResource)(size_t)0x6000) return CUDA_ERROR_INVALID_HANDLE;
    if (!gl_mapped) return CUDA_ERROR_NOT_MAPPED;
    *p = (CUdeviceptr)(size_t)gl_memory;
    *size = sizeof gl_memory;
    return CUDA_SUCCESS;
}
CUresult cuGraphicsUnregisterResource(CUgraphicsResource r) {
    if (r != (CUgraphicsResource)(size_t)0x6000 || !gl_registered) return CUDA_ERROR_INVALID_HANDLE;
    gl_registered = gl_mapped = 0;
    return CUDA_SUCCESS;
}

/* -- kernels: any library holds one kernel of two 8-byte parameters, whose launch records them ------- */
static unsigned long long launched[2];
CUresult cuLibraryLoadData(CUlibrary *lib, const void *code, CUjit_option *jo, void **jv, unsigned int njit,
                           CUlibraryOption *lo, void **lv, unsigned int nlib) {
    (void)code; (void)jo; (void)jv; (void)njit; (void)lo; (void)lv; (void)nlib;
    *lib = (CUlibrary)(size_t)0x8000;
    return CUDA_SUCCESS;
}
CUresult cuLibraryGetKernel(CUkernel *k, CUlibrary lib, const char *name) {
    (void)lib; (void)name;
    *k = (CUkernel)(size_t)0x8100;
    return CUDA_SUCCESS;
}
CUresult cuLibraryUnload(CUlibrary lib) { (void)lib; return CUDA_SUCCESS; }
CUresult cuKernelGetParamInfo(CUkernel k, size_t index, size_t *offset, size_t *size) {
    (void)k;
    if (index > 1) return CUDA_ERROR_INVALID_VALUE;
    *offset = 8 * index;
    *size = 8;
    return CUDA_SUCCESS;
}
CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **params, void **extra) {
    (void)config; (void)f; (void)extra;
    memcpy(&launched[0], params[0], 8);
    memcpy(&launched[1], params[1], 8);
    return CUDA_SUCCESS;
}

/* -- what the tests read ------------------------------------------------------------------------------ */
int sim_live_arrays(void) { int i, n = 0; for (i = 0; i < N; i++) n += arrays[i].used; return n; }
int sim_live_mipmaps(void) { int i, n = 0; for (i = 0; i < N; i++) n += mipmaps[i].used; return n; }
int sim_live_textures(void) { return textures; }
int sim_live_surfaces(void) { return surfaces; }
int sim_live_greens(void) { int i, n = 0; for (i = 0; i < N; i++) n += greens[i] != 0; return n; }
int sim_plain_contexts(void) { return plain_contexts; }
int sim_copies(void) { return copies; }
int sim_array_desc(CUarray a, int field) {  /* 0 w, 1 h, 2 d, 3 format, 4 channels, 5 flags */
    int i = array_index(a);
    if (i < 0) return -1;
    switch (field) {
    case 0: return (int)arrays[i].w; case 1: return (int)arrays[i].h; case 2: return (int)arrays[i].d;
    case 3: return arrays[i].fmt; case 4: return (int)arrays[i].nch; default: return (int)arrays[i].flags;
    }
}
int sim_res_type(void) { return last_res.resType; }
unsigned long long sim_res_pointer(void) {  /* the handle or device pointer the last resource named */
    switch (last_res.resType) {
    case CU_RESOURCE_TYPE_ARRAY: return (unsigned long long)(size_t)last_res.res.array.hArray;
    case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY: return (unsigned long long)(size_t)last_res.res.mipmap.hMipmappedArray;
    case CU_RESOURCE_TYPE_LINEAR: return last_res.res.linear.devPtr;
    default: return last_res.res.pitch2D.devPtr;
    }
}
unsigned long long sim_res_field(int field) {  /* linear: 0 format 1 channels 2 size; pitch2D: 3 w 4 h 5 pitch */
    switch (field) {
    case 0: return last_res.resType == CU_RESOURCE_TYPE_LINEAR ? last_res.res.linear.format : last_res.res.pitch2D.format;
    case 1: return last_res.resType == CU_RESOURCE_TYPE_LINEAR ? last_res.res.linear.numChannels
                                                             : last_res.res.pitch2D.numChannels;
    case 2: return last_res.res.linear.sizeInBytes;
    case 3: return last_res.res.pitch2D.width;
    case 4: return last_res.res.pitch2D.height;
    default: return last_res.res.pitch2D.pitchInBytes;
    }
}
int sim_tex_address_mode(int axis) { return last_tex.addressMode[axis]; }
int sim_tex_filter_mode(void) { return last_tex.filterMode; }
int sim_tex_mipmap_filter_mode(void) { return last_tex.mipmapFilterMode; }
unsigned sim_tex_flags(void) { return last_tex.flags; }
unsigned sim_tex_max_anisotropy(void) { return last_tex.maxAnisotropy; }
double sim_tex_float(int field) {  /* 0 bias, 1 min clamp, 2 max clamp, 3..6 border color */
    return field == 0 ? last_tex.mipmapLevelBias : field == 1 ? last_tex.minMipmapLevelClamp
         : field == 2 ? last_tex.maxMipmapLevelClamp : last_tex.borderColor[field - 3];
}
unsigned long long sim_launched(int i) { return launched[i]; }
unsigned sim_gl_flags(void) { return gl_flags; }
int sim_gl_mapped(void) { return gl_mapped; }
unsigned char *sim_gl_memory(void) { return gl_memory; }
