/* generated from CUDA 12.9 by codegen 3 (content sha256:5022aa7f270a4712) - do not edit */

#include <dlfcn.h>
#include <stdint.h>
#include <string.h>
#include "tiny.h"
#define _CC_UNBOUND 2147483632

typedef tinyResult (*_cc_pfn_tinyOpen)(tinyCtx *, unsigned int);
static _cc_pfn_tinyOpen _cc_fp_tinyOpen;
static int _cc_tinyOpen(void * a0, unsigned int a1) {
    _cc_pfn_tinyOpen f = _cc_fp_tinyOpen;
    if (!f) return _CC_UNBOUND;
    return (int)f((tinyCtx *)a0, (unsigned int)a1);
}
typedef tinyResult (*_cc_pfn_tinyOpen_v3)(tinyCtx *, const tinyDesc *, unsigned int);
static _cc_pfn_tinyOpen_v3 _cc_fp_tinyOpen_v3;
static int _cc_tinyOpen_v3(void * a0, void * a1, unsigned int a2) {
    _cc_pfn_tinyOpen_v3 f = _cc_fp_tinyOpen_v3;
    if (!f) return _CC_UNBOUND;
    return (int)f((tinyCtx *)a0, (const tinyDesc *)a1, (unsigned int)a2);
}
typedef tinyResult (*_cc_pfn_tinyCopy)(tinyPtr, const void *, size_t);
static _cc_pfn_tinyCopy _cc_fp_tinyCopy;
static int _cc_tinyCopy(tinyPtr a0, uintptr_t a1, size_t a2) {
    _cc_pfn_tinyCopy f = _cc_fp_tinyCopy;
    if (!f) return _CC_UNBOUND;
    return (int)f((tinyPtr)a0, (const void *)a1, (size_t)a2);
}
typedef tinyResult (*_cc_pfn_tinyNodes)(tinyCtx, tinyPtr *, size_t *);
static _cc_pfn_tinyNodes _cc_fp_tinyNodes;
static int _cc_tinyNodes(uintptr_t a0, void * a1, void * a2) {
    _cc_pfn_tinyNodes f = _cc_fp_tinyNodes;
    if (!f) return _CC_UNBOUND;
    return (int)f((tinyCtx)a0, (tinyPtr *)a1, (size_t *)a2);
}
typedef tinyResult (*_cc_pfn_tinyName)(char *, int, tinyCtx);
static _cc_pfn_tinyName _cc_fp_tinyName;
static int _cc_tinyName(void * a0, int a1, uintptr_t a2) {
    _cc_pfn_tinyName f = _cc_fp_tinyName;
    if (!f) return _CC_UNBOUND;
    return (int)f((char *)a0, (int)a1, (tinyCtx)a2);
}
typedef tinyResult (*_cc_pfn_tinyDescribe)(tinyDesc *, tinyCtx);
static _cc_pfn_tinyDescribe _cc_fp_tinyDescribe;
static int _cc_tinyDescribe(void * a0, uintptr_t a1) {
    _cc_pfn_tinyDescribe f = _cc_fp_tinyDescribe;
    if (!f) return _CC_UNBOUND;
    return (int)f((tinyDesc *)a0, (tinyCtx)a1);
}
typedef tinyResult (*_cc_pfn_tinyLater)(tinyCtx, tinyCallback, void *);
static _cc_pfn_tinyLater _cc_fp_tinyLater;
static int _cc_tinyLater(uintptr_t a0, uintptr_t a1, uintptr_t a2) {
    _cc_pfn_tinyLater f = _cc_fp_tinyLater;
    if (!f) return _CC_UNBOUND;
    return (int)f((tinyCtx)a0, (tinyCallback)a1, (void *)a2);
}
typedef tinyResult (*_cc_pfn_tinyElapsed)(float *, tinyCtx, tinyCtx);
static _cc_pfn_tinyElapsed _cc_fp_tinyElapsed;
static int _cc_tinyElapsed(void * a0, uintptr_t a1, uintptr_t a2) {
    _cc_pfn_tinyElapsed f = _cc_fp_tinyElapsed;
    if (!f) return _CC_UNBOUND;
    return (int)f((float *)a0, (tinyCtx)a1, (tinyCtx)a2);
}
typedef tinyResult (*_cc_pfn_tinyClose)(tinyCtx);
static _cc_pfn_tinyClose _cc_fp_tinyClose;
static int _cc_tinyClose(uintptr_t a0) {
    _cc_pfn_tinyClose f = _cc_fp_tinyClose;
    if (!f) return _CC_UNBOUND;
    return (int)f((tinyCtx)a0);
}
/* status of the calling thread's last _cv_ call that returned a 64-bit sentinel */
static __thread int _cc_tls_status;
static int _cc_status(void) { return _cc_tls_status; }
static uint64_t _cv_tinyOpen(unsigned int a1) {
    _cc_pfn_tinyOpen f = _cc_fp_tinyOpen;
    tinyCtx o = 0;
    int r;
    r = f ? (int)f(&o, (unsigned int)a1) : _CC_UNBOUND;
    if (r) {
        _cc_tls_status = r;
        return UINT64_MAX;
    }
    if ((uint64_t)o == UINT64_MAX) _cc_tls_status = 0;  /* a value, not a failure */
    return (uint64_t)o;
}
static uint64_t _cv_tinyOpen_v3(void * a1, unsigned int a2) {
    _cc_pfn_tinyOpen_v3 f = _cc_fp_tinyOpen_v3;
    tinyCtx o = 0;
    int r;
    r = f ? (int)f(&o, (const tinyDesc *)a1, (unsigned int)a2) : _CC_UNBOUND;
    if (r) {
        _cc_tls_status = r;
        return UINT64_MAX;
    }
    if ((uint64_t)o == UINT64_MAX) _cc_tls_status = 0;  /* a value, not a failure */
    return (uint64_t)o;
}
/* cudacffi._fastcall's entries: one signature for every call it makes (see lowering.FastCall) */
typedef int (*_cc_fast_fn)(const uint64_t *in, uint64_t *out);
static int _cf_tinyOpen(const uint64_t *in, uint64_t *out) {
    tinyCtx o0 = 0;
    int r = _cc_tinyOpen((void *)&o0, (unsigned int)in[0]);
    out[0] = (uint64_t)(uintptr_t)o0;
    return r;
}
static int _cf_tinyName(const uint64_t *in, uint64_t *out) {
    int r = _cc_tinyName((void *)(uintptr_t)out[0], (int)in[0], (uintptr_t)in[1]);
    return r;
}
static int _cf_tinyElapsed(const uint64_t *in, uint64_t *out) {
    float o0 = 0;
    int r = _cc_tinyElapsed((void *)&o0, (uintptr_t)in[0], (uintptr_t)in[1]);
    { union { double d; uint64_t u; } f; f.d = (double)o0; out[0] = f.u; }
    return r;
}
static int _cf_tinyClose(const uint64_t *in, uint64_t *out) {
    (void)out;
    int r = _cc_tinyClose((uintptr_t)in[0]);
    return r;
}
static const _cc_fast_fn _cc_fast[] = {
    _cf_tinyOpen,
    _cf_tinyName,
    _cf_tinyElapsed,
    _cf_tinyClose,
};
static uintptr_t _cc_fast_entry(int i) {
    return i >= 0 && i < (int)(sizeof(_cc_fast) / sizeof(_cc_fast[0])) ? (uintptr_t)_cc_fast[i] : 0;
}

struct _cc_sym { const char *name; const char *ptds; void **slot; };
static const struct _cc_sym _cc_syms[] = {
    {"tinyOpen_v2", NULL, (void **)&_cc_fp_tinyOpen},
    {"tinyOpen_v3", NULL, (void **)&_cc_fp_tinyOpen_v3},
    {"tinyCopy_v2", "tinyCopy_v2_ptds", (void **)&_cc_fp_tinyCopy},
    {"tinyNodes", NULL, (void **)&_cc_fp_tinyNodes},
    {"tinyName", NULL, (void **)&_cc_fp_tinyName},
    {"tinyDescribe", NULL, (void **)&_cc_fp_tinyDescribe},
    {"tinyLater", NULL, (void **)&_cc_fp_tinyLater},
    {"tinyElapsed", NULL, (void **)&_cc_fp_tinyElapsed},
    {"__tinyClose_1_2", NULL, (void **)&_cc_fp_tinyClose},
    {NULL, NULL, NULL}
};

static void *_cc_handle;
static const char *_cc_bound_symbol[sizeof(_cc_syms) / sizeof(_cc_syms[0])];

static int _cc_count(void) { return (int)(sizeof(_cc_syms) / sizeof(_cc_syms[0])) - 1; }
static int _cc_loaded(void) { return _cc_handle != NULL; }

/* Open the library at path and bind every function to its exact symbol (the per-thread default
   stream variant first when per_thread is set). Returns how many were bound, or -1 with the error. */
static int _cc_load(const char *path, int per_thread, char *error, size_t error_size) {
    int i, bound = 0;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        if (error_size) {
            strncpy(error, e ? e : "dlopen failed", error_size - 1);
            error[error_size - 1] = 0;
        }
        return -1;
    }
    for (i = 0; _cc_syms[i].name; i++) {
        void *p = NULL;
        const char *used = _cc_syms[i].name;
        if (per_thread && _cc_syms[i].ptds) {
            p = dlsym(h, _cc_syms[i].ptds);
            used = _cc_syms[i].ptds;
        }
        if (!p) {
            p = dlsym(h, _cc_syms[i].name);
            used = _cc_syms[i].name;
        }
        *_cc_syms[i].slot = p;
        _cc_bound_symbol[i] = p ? used : NULL;
        bound += p != NULL;
    }
    _cc_handle = h;
    return bound;
}

static int _cc_is_bound(int index) {
    return index >= 0 && index < _cc_count() && *_cc_syms[index].slot != NULL;
}

static const char *_cc_symbol(int index) {
    return (index >= 0 && index < _cc_count()) ? _cc_bound_symbol[index] : NULL;
}

