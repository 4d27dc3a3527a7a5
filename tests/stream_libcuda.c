/* A stand-in libcuda for the CPU tests of Stream, Event, Context and Device (tests/test_core_stream_behaviour.py):
 * STANDIN_DEVICES devices (default 2), each with a primary context; the current context is per thread, as the
 * driver's is, so a call made on a thread with no current context fails with CUDA_ERROR_INVALID_CONTEXT (that is
 * how multiprocessing's feeder thread sees the driver). Streams and events are heap records that remember their
 * context, flags and priority. An event is complete once recorded, unless STANDIN_PENDING=1 (then it stays
 * pending and cuEventElapsedTime answers CUDA_ERROR_NOT_READY); elapsed time is 2.5 ms per record made between the
 * two events. IPC event handles carry the bytes "standin-ipc:" and the event's serial number; opening one (in any
 * process) gives a new event with the interprocess flags. Enough to check the Python layer, not CUDA itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char reserved[64]; } CUipcEventHandle;
typedef struct { unsigned char bytes[16]; } CUuuid;
typedef struct { void *ctx; unsigned int flags; int priority; } Stream;
typedef struct { void *ctx; unsigned int flags; long serial; long recorded_at; } Event;
enum { OK = 0, INVALID_VALUE = 1, INVALID_CONTEXT = 201, INVALID_HANDLE = 400, NOT_READY = 600 };
enum { DISABLE_TIMING = 2, INTERPROCESS = 4 };

static __thread void *current;
static __thread void *stack[16];
static __thread int depth;
static long records, serials;

static int devices(void) { const char *s = getenv("STANDIN_DEVICES"); return s ? atoi(s) : 2; }
static int pending(void) { const char *s = getenv("STANDIN_PENDING"); return s && *s == '1'; }
static void *primary(int d) { return (void *)(unsigned long)(0x1000 + d); }
static int device_of(void *ctx) { return (int)((unsigned long)ctx - 0x1000); }

int cuInit(unsigned int flags) { (void)flags; return OK; }
int cuDriverGetVersion(int *v) { *v = 12090; return OK; }
int cuDeviceGetCount(int *n) { *n = devices(); return OK; }
int cuDeviceGet(int *d, int ordinal) {
    if (ordinal < 0 || ordinal >= devices()) return INVALID_VALUE;
    *d = ordinal;
    return OK;
}
int cuDeviceGetName(char *name, int len, int d) { snprintf(name, (size_t)len, "Standin GPU %d", d); return OK; }
int cuDeviceGetAttribute(int *v, int attr, int d) { (void)d; *v = attr == 75 ? 9 : 0; return OK; }
static int uuid_of(CUuuid *u, int d) { memset(u->bytes, 0, 16); u->bytes[15] = (unsigned char)d; return OK; }
int cuDeviceGetUuid(CUuuid *u, int d) { return uuid_of(u, d); }
int cuDeviceGetUuid_v2(CUuuid *u, int d) { return uuid_of(u, d); }
int cuDevicePrimaryCtxRetain(void **c, int d) { *c = primary(d); return OK; }
int cuCtxSetCurrent(void *c) { current = c; return OK; }
int cuCtxGetCurrent(void **c) { *c = current; return OK; }
int cuCtxGetDevice(int *d) { if (!current) return INVALID_CONTEXT; *d = device_of(current); return OK; }
int cuCtxSynchronize(void) { return current ? OK : INVALID_CONTEXT; }
int cuCtxPushCurrent_v2(void *c) {
    if (depth == 16) return INVALID_VALUE;
    stack[depth++] = current;
    current = c;
    return OK;
}
int cuCtxPopCurrent_v2(void **c) {
    if (c) *c = current;
    current = depth ? stack[--depth] : NULL;
    return OK;
}
int cuCtxGetStreamPriorityRange(int *least, int *greatest) {
    if (!current) return INVALID_CONTEXT;
    *least = 0; *greatest = -5; return OK;
}

/* streams: handles 1 and 2 are the legacy and per-thread default streams of the current context */
static int special(void *s) { return (unsigned long)s <= 2; }
int cuStreamCreateWithPriority(void **s, unsigned int flags, int priority) {
    Stream *st;
    if (!current) return INVALID_CONTEXT;
    st = calloc(1, sizeof *st);
    st->ctx = current; st->flags = flags; st->priority = priority < -5 ? -5 : priority > 0 ? 0 : priority;
    *s = st;
    return OK;
}
int cuStreamDestroy_v2(void *s) { if (special(s)) return INVALID_HANDLE; free(s); return OK; }
int cuStreamSynchronize(void *s) { (void)s; return current ? OK : INVALID_CONTEXT; }
int cuStreamGetFlags(void *s, unsigned int *f) { *f = special(s) ? 0 : ((Stream *)s)->flags; return OK; }
int cuStreamGetPriority(void *s, int *p) { *p = special(s) ? 0 : ((Stream *)s)->priority; return OK; }
int cuStreamGetCtx(void *s, void **c) {
    if (special(s)) { if (!current) return INVALID_CONTEXT; *c = current; return OK; }
    *c = ((Stream *)s)->ctx;
    return OK;
}
int cuStreamGetCtx_v2(void *s, void **c, void **green) { *green = NULL; return cuStreamGetCtx(s, c); }
int cuStreamWaitEvent(void *s, void *e, unsigned int flags) { (void)s; (void)flags; return e ? OK : INVALID_HANDLE; }

/* events */
int cuEventCreate(void **e, unsigned int flags) {
    Event *ev;
    if (!current) return INVALID_CONTEXT;
    ev = calloc(1, sizeof *ev);
    ev->ctx = current; ev->flags = flags; ev->serial = ++serials; ev->recorded_at = -1;
    *e = ev;
    return OK;
}
int cuEventDestroy_v2(void *e) { free(e); return OK; }
int cuEventRecord(void *e, void *s) {
    (void)s;
    if (!e) return INVALID_HANDLE;
    ((Event *)e)->recorded_at = ++records;
    return OK;
}
int cuEventSynchronize(void *e) { return e ? OK : INVALID_HANDLE; }
int cuEventQuery(void *e) {
    if (!e) return INVALID_HANDLE;
    return ((Event *)e)->recorded_at >= 0 && pending() ? NOT_READY : OK;
}
int cuEventElapsedTime(float *ms, void *start, void *end) {
    Event *a = start, *b = end;
    if (!a || !b || (a->flags & DISABLE_TIMING) || (b->flags & DISABLE_TIMING)) return INVALID_HANDLE;
    if (a->recorded_at < 0 || b->recorded_at < 0) return INVALID_HANDLE;
    if (pending()) return NOT_READY;
    *ms = 2.5f * (float)(b->recorded_at - a->recorded_at);
    return OK;
}
int cuEventElapsedTime_v2(float *ms, void *start, void *end) { return cuEventElapsedTime(ms, start, end); }
int cuIpcGetEventHandle(CUipcEventHandle *h, void *e) {
    Event *ev = e;
    if (!current) return INVALID_CONTEXT;
    if (!ev || !(ev->flags & INTERPROCESS)) return INVALID_VALUE;
    memset(h->reserved, 0, sizeof h->reserved);
    snprintf(h->reserved, sizeof h->reserved, "standin-ipc:%ld", ev->serial);
    return OK;
}
int cuIpcOpenEventHandle(void **e, CUipcEventHandle h) {
    Event *ev;
    if (!current) return INVALID_CONTEXT;
    if (strncmp(h.reserved, "standin-ipc:", 12) != 0) return INVALID_VALUE;
    ev = calloc(1, sizeof *ev);
    ev->ctx = current; ev->flags = DISABLE_TIMING | INTERPROCESS; ev->serial = ++serials; ev->recorded_at = -1;
    *e = ev;
    return OK;
}
