/* A stand-in NVTX tool for tests/test_nvtx.py: an injection library, loaded by the NVTX library from
 * NVTX_INJECTION64_PATH as a profiler's would be, that writes each call it receives as one line to the file
 * named by NVTX_STANDIN_LOG. The types below are NVTX 3's injection interface (nvtxDetail/nvtxTypes.h),
 * written out so that the test needs no NVTX headers.
 *
 *     cc -shared -fPIC -o libnvtx_standin.so nvtx_standin.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef void (*FunctionPointer)(void);
typedef const void *(*GetExportTable)(uint32_t id);
typedef struct {
    size_t struct_size;
    int (*GetModuleFunctionTable)(int module, FunctionPointer ***table, unsigned int *size);
} Callbacks;

enum { EXPORT_TABLE_CALLBACKS = 1, MODULE_CORE = 1, MODULE_CORE2 = 5 };
enum { CORE_MarkEx = 1, CORE_RangeStartEx = 4, CORE_RangeEnd = 7, CORE_RangePushEx = 8, CORE_RangePop = 11 };
enum { CORE2_DomainMarkEx = 1, CORE2_DomainRangeStartEx = 2, CORE2_DomainRangeEnd = 3, CORE2_DomainRangePushEx = 4,
       CORE2_DomainRangePop = 5, CORE2_DomainCreateA = 12, CORE2_DomainDestroy = 14 };

typedef struct {
    uint16_t version, size;
    uint32_t category;
    int32_t colorType;
    uint32_t color;
    int32_t payloadType, reserved0;
    union { uint64_t u; int64_t i; double d; } payload;
    int32_t messageType;
    union { const char *ascii; } message;
} Attributes;

static FILE *out;
static int depth;
static uint64_t next_id = 100;
static char domains[8][64];
static int ndomains;

static void event(const char *what, const char *domain, const Attributes *a)
{
    fprintf(out, "%s %s '%s' size=%u color=", what, domain, a->message.ascii, (unsigned)a->size);
    if (a->colorType == 1) fprintf(out, "%08x", (unsigned)a->color); else fprintf(out, "-");
    fprintf(out, " category=%u payload=", (unsigned)a->category);
    switch (a->payloadType) {
    case 1: fprintf(out, "u%llu", (unsigned long long)a->payload.u); break;
    case 2: fprintf(out, "i%lld", (long long)a->payload.i); break;
    case 3: fprintf(out, "d%g", a->payload.d); break;
    default: fprintf(out, "-");
    }
    fprintf(out, "\n");
    fflush(out);
}

static const char *domain_name(void *d) { return d ? (const char *)d : "default"; }

static void MarkEx(const Attributes *a) { event("mark", "default", a); }
static int RangePushEx(const Attributes *a) { event("push", "default", a); return depth++; }
static int RangePop(void) { fprintf(out, "pop default\n"); fflush(out); return --depth; }
static uint64_t RangeStartEx(const Attributes *a) { event("start", "default", a); return next_id++; }
static void RangeEnd(uint64_t id) { fprintf(out, "end default %llu\n", (unsigned long long)id); fflush(out); }

static void *DomainCreateA(const char *name)
{
    if (ndomains == 8) return NULL;
    snprintf(domains[ndomains], sizeof domains[0], "%s", name);
    fprintf(out, "domain %s\n", name);
    fflush(out);
    return domains[ndomains++];
}
static void DomainDestroy(void *d) { fprintf(out, "destroy %s\n", domain_name(d)); fflush(out); }
static void DomainMarkEx(void *d, const Attributes *a) { event("mark", domain_name(d), a); }
static int DomainRangePushEx(void *d, const Attributes *a) { event("push", domain_name(d), a); return depth++; }
static int DomainRangePop(void *d) { fprintf(out, "pop %s\n", domain_name(d)); fflush(out); return --depth; }
static uint64_t DomainRangeStartEx(void *d, const Attributes *a) { event("start", domain_name(d), a); return next_id++; }
static void DomainRangeEnd(void *d, uint64_t id)
{
    fprintf(out, "end %s %llu\n", domain_name(d), (unsigned long long)id);
    fflush(out);
}

static int install(const Callbacks *cb, int module, const int *ids, FunctionPointer *fns, int n)
{
    FunctionPointer **table = NULL;
    unsigned int size = 0;
    if (!cb->GetModuleFunctionTable(module, &table, &size) || !table) return 0;
    for (int k = 0; k < n; ++k) {
        if ((unsigned int)ids[k] >= size || !table[ids[k]]) return 0;
        *table[ids[k]] = fns[k];
    }
    return 1;
}

int InitializeInjectionNvtx2(GetExportTable get)
{
    const char *log = getenv("NVTX_STANDIN_LOG");
    const Callbacks *cb = (const Callbacks *)get(EXPORT_TABLE_CALLBACKS);
    if (!log || !cb || !(out = fopen(log, "w"))) return 0;
    fprintf(out, "init\n");
    int core[] = {CORE_MarkEx, CORE_RangePushEx, CORE_RangePop, CORE_RangeStartEx, CORE_RangeEnd};
    FunctionPointer core_fns[] = {(FunctionPointer)MarkEx, (FunctionPointer)RangePushEx, (FunctionPointer)RangePop,
                                  (FunctionPointer)RangeStartEx, (FunctionPointer)RangeEnd};
    int core2[] = {CORE2_DomainCreateA, CORE2_DomainDestroy, CORE2_DomainMarkEx, CORE2_DomainRangePushEx,
                   CORE2_DomainRangePop, CORE2_DomainRangeStartEx, CORE2_DomainRangeEnd};
    FunctionPointer core2_fns[] = {(FunctionPointer)DomainCreateA, (FunctionPointer)DomainDestroy,
                                   (FunctionPointer)DomainMarkEx, (FunctionPointer)DomainRangePushEx,
                                   (FunctionPointer)DomainRangePop, (FunctionPointer)DomainRangeStartEx,
                                   (FunctionPointer)DomainRangeEnd};
    return install(cb, MODULE_CORE, core, core_fns, 5) && install(cb, MODULE_CORE2, core2, core2_fns, 7);
}
