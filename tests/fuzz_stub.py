"""The C source of a stand-in library for the fuzzer (``python tests/fuzz_stub.py [FAMILY] > stub.c``), for the
families whose real library needs a GPU driver: ``driver`` (libcuda, the default), ``nvml`` (libnvidia-ml) and
``cufile`` (libcufile). Every symbol the build binds is exported (read from the compiled module, so any build's
headers work) and touches nothing but what the fuzzer lends it:

- each call returns the status the fuzzer last set with ``fuzz_set_status`` (success included, so the bindings
  read their outputs back), at first an error (CUDA_ERROR_NOT_INITIALIZED, NVML_ERROR_UNINITIALIZED,
  CU_FILE_DRIVER_NOT_INITIALIZED);
- memory: a few functions whose C contract says how many bytes they read or write in a caller's buffer
  (``cuMemcpyDtoH`` writes ``ByteCount`` bytes at ``dstHost``, ``cuFileRead`` ``size`` bytes at
  ``buf_ptr_base + buf_ptr_offset`` ...) do so, but only inside the arenas the fuzzer registers
  (``fuzz_add_arena``: a canary buffer and the slice of it the call was given). A write lands on the canary
  bytes, which the fuzzer checks; a read outside the slice is counted (``fuzz_overreads``). Memory outside
  every arena (an int address, the binding's own scratch) is never read nor written.
"""

import re
import sys

STATUS = {"driver": 3, "nvml": 1, "cufile": 5001}  # the error every call returns until the fuzzer sets another

RUNTIME = r"""
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

static int fuzz_status = %(status)d;
static int fuzz_detail = 0;  /* cuFile: the CUresult that comes with CU_FILE_CUDA_DRIVER_ERROR */
#define FUZZ_ARENAS 16
static struct { uintptr_t lo, hi, in_lo, in_hi; } fuzz_arena[FUZZ_ARENAS];
static int fuzz_narenas;
static long fuzz_overread_count, fuzz_written;

void fuzz_set_status(int status, int detail) { fuzz_status = status; fuzz_detail = detail; }
void fuzz_clear_arenas(void) { fuzz_narenas = 0; fuzz_overread_count = 0; fuzz_written = 0; }
long fuzz_overreads(void) { return fuzz_overread_count; }
long fuzz_bytes_written(void) { return fuzz_written; }
int fuzz_add_arena(uint64_t lo, uint64_t n, uint64_t in_lo, uint64_t in_n) {
    if (fuzz_narenas == FUZZ_ARENAS) return -1;
    fuzz_arena[fuzz_narenas].lo = (uintptr_t)lo;
    fuzz_arena[fuzz_narenas].hi = (uintptr_t)(lo + n);
    fuzz_arena[fuzz_narenas].in_lo = (uintptr_t)in_lo;
    fuzz_arena[fuzz_narenas].in_hi = (uintptr_t)(in_lo + in_n);
    return fuzz_narenas++;
}

/* the library touches [p, p + n): the parts inside arenas are written (a pattern) or checked (a read outside
   the slice the call was given is an over-read); the rest is left alone */
static void fuzz_touch(const void *p, uint64_t n, int write) {
    if (!p) return;  /* NULL: the library reports an error */
    uintptr_t a = (uintptr_t)p, b = n > UINTPTR_MAX - a ? UINTPTR_MAX : a + (uintptr_t)n;
    for (int i = 0; i < fuzz_narenas; i++) {
        uintptr_t lo = a > fuzz_arena[i].lo ? a : fuzz_arena[i].lo;
        uintptr_t hi = b < fuzz_arena[i].hi ? b : fuzz_arena[i].hi;
        if (lo >= hi) continue;
        if (write) {
            memset((void *)lo, 0xA5, hi - lo);
            fuzz_written += (long)(hi - lo);
        } else if (lo < fuzz_arena[i].in_lo || hi > fuzz_arena[i].in_hi) {
            fuzz_overread_count++;
        }
    }
}

/* the n bytes at p, where they lie wholly inside an arena (else 0: the stand-in cannot know the value) */
static int fuzz_get(const void *p, void *out, size_t n) {
    uintptr_t a = (uintptr_t)p;
    for (int i = 0; i < fuzz_narenas; i++) {
        if (a >= fuzz_arena[i].lo && a <= fuzz_arena[i].hi && n <= fuzz_arena[i].hi - a) {
            fuzz_touch(p, n, 0);
            memcpy(out, p, n);
            return 1;
        }
    }
    return 0;
}

static uint64_t fuzz_u64(const void *p, uint64_t otherwise) { uint64_t v; return fuzz_get(p, &v, 8) ? v : otherwise; }
static uint32_t fuzz_u32(const void *p, uint32_t otherwise) { uint32_t v; return fuzz_get(p, &v, 4) ? v : otherwise; }
"""

# C functions (by name without version suffixes) that read or write caller memory, modelled as their C contract
# says: name -> (parameters, body). The body returns the status; {ret} is how the family returns one.
DRIVER_MODELS = {
    "cuMemcpyDtoH": ("void *dst, uint64_t src, size_t n", "if (!fuzz_status) fuzz_touch(dst, n, 1);"),
    "cuMemcpyDtoHAsync": ("void *dst, uint64_t src, size_t n, void *s", "if (!fuzz_status) fuzz_touch(dst, n, 1);"),
    "cuMemcpyAtoH": ("void *dst, void *a, size_t off, size_t n", "if (!fuzz_status) fuzz_touch(dst, n, 1);"),
    "cuMemcpyAtoHAsync": ("void *dst, void *a, size_t off, size_t n, void *s",
                          "if (!fuzz_status) fuzz_touch(dst, n, 1);"),
    "cuMemcpyHtoD": ("uint64_t dst, const void *src, size_t n", "if (!fuzz_status) fuzz_touch(src, n, 0);"),
    "cuMemcpyHtoDAsync": ("uint64_t dst, const void *src, size_t n, void *s",
                          "if (!fuzz_status) fuzz_touch(src, n, 0);"),
    "cuMemcpyHtoA": ("void *a, size_t off, const void *src, size_t n", "if (!fuzz_status) fuzz_touch(src, n, 0);"),
    "cuMemcpyHtoAAsync": ("void *a, size_t off, const void *src, size_t n, void *s",
                          "if (!fuzz_status) fuzz_touch(src, n, 0);"),
    "cuParamSetv": ("void *f, int off, const void *p, unsigned int n", "if (!fuzz_status) fuzz_touch(p, n, 0);"),
    # registered host memory is read and written by later work: both
    "cuMemHostRegister": ("void *p, size_t n, unsigned int flags",
                          "if (!fuzz_status) { fuzz_touch(p, n, 0); fuzz_touch(p, n, 1); }"),
    # *size: the buffer's size on entry, the bytes written (the NUL included) on return; the binding passes
    # its own slot for it (always memory), the caller's buffer for buffer
    "cuLogsDumpToMemory": ("unsigned int *it, char *buffer, size_t *size, unsigned int flags",
                           "if (!fuzz_status && size) fuzz_touch(buffer, *size, 1);"),
}

# cuFile's CUfileError_t: {CUfileOpError err; CUresult cu_err}
CUFILE_MODELS = {
    "cuFileRead": ("void *fh, void *buf, size_t size, int64_t file_offset, int64_t buf_offset",
                   "if (fuzz_status) return -(ssize_t)fuzz_status;\n"
                   "    fuzz_touch((void *)((uintptr_t)buf + (uintptr_t)buf_offset), size, 1);\n"
                   "    return (ssize_t)size;"),
    "cuFileWrite": ("void *fh, const void *buf, size_t size, int64_t file_offset, int64_t buf_offset",
                    "if (fuzz_status) return -(ssize_t)fuzz_status;\n"
                    "    fuzz_touch((void *)((uintptr_t)buf + (uintptr_t)buf_offset), size, 0);\n"
                    "    return (ssize_t)size;"),
    "cuFileBufRegister": ("const void *p, size_t n, int flags",
                          "if (!fuzz_status) { fuzz_touch(p, n, 0); fuzz_touch(p, n, 1); }"),
    "cuFileHandleRegister": ("void **fh, const void *descr",
                             "if (!fuzz_status) fuzz_touch(descr, %(CUfileDescr_t)d, 0);"),
    "cuFileDriverGetProperties": ("void *props", "if (!fuzz_status) fuzz_touch(props, %(CUfileDrvProps_t)d, 1);"),
    # nr CUfileIOParams_t read, now (the I/O they describe is not modelled)
    "cuFileBatchIOSubmit": ("void *batch, unsigned int nr, const void *iocbp, unsigned int flags",
                            "if (!fuzz_status) fuzz_touch(iocbp, (uint64_t)nr * %(CUfileIOParams_t)d, 0);"),
    # *nr on entry: the most events to return; on return: how many were (all of them, here)
    "cuFileBatchIOGetStatus": ("void *batch, unsigned int min_nr, unsigned int *nr, void *iocbp, const void *timeout",
                               "if (!fuzz_status && nr) {\n"
                               "        uint32_t n = fuzz_u32(nr, 0);\n"
                               "        fuzz_touch(timeout, %(timespec)d, 0);\n"
                               "        fuzz_touch(iocbp, (uint64_t)n * %(CUfileIOEvents_t)d, 1);\n"
                               "        fuzz_touch(nr, 4, 1);\n    }"),
    # the values behind the pointers are read when the stream gets there (the caller's to keep valid); what is
    # written at once: nothing but what the call's own pointers promise
    "cuFileReadAsync": ("void *fh, void *buf, size_t *size_p, int64_t *off_p, int64_t *buf_off_p, ssize_t *done_p, "
                        "void *stream",
                        "if (!fuzz_status) { fuzz_touch(size_p, 8, 0); fuzz_touch(off_p, 8, 0); "
                        "fuzz_touch(buf_off_p, 8, 0); fuzz_touch(done_p, 8, 1); }"),
    "cuFileWriteAsync": ("void *fh, void *buf, size_t *size_p, int64_t *off_p, int64_t *buf_off_p, ssize_t *done_p, "
                         "void *stream",
                         "if (!fuzz_status) { fuzz_touch(size_p, 8, 0); fuzz_touch(off_p, 8, 0); "
                         "fuzz_touch(buf_off_p, 8, 0); fuzz_touch(done_p, 8, 1); }"),
}


def _string_table(path, pattern):
    with open(path, "rb") as f:
        data = f.read()
    return sorted({m.decode() for m in re.findall(pattern, data)})


def symbols(family="driver"):
    """{symbol: base name} of every function the build's compiled module of ``family`` binds."""
    if family == "driver":
        from cudacffi import _driver

        names = _string_table(_driver.__file__, rb"(cu[A-Z][A-Za-z0-9_]*)(?=\x00)")
        return {s: re.sub(r"(_v\d+)?(_pt(ds|sz))?$", "", s) for s in names}
    gen = __import__("cudacffi._gen." + family, fromlist=["_library"])
    return {symbol: name for name, symbol in gen._library.symbols.items()}


def _model(name, models, sizes):
    params, body = models[name]
    return params, body % sizes


def source(family="driver"):
    lines = ["/* generated by tests/fuzz_stub.py %s: every symbol returns the status the fuzzer sets */" % family,
             RUNTIME % {"status": STATUS[family]}]
    if family == "cufile":
        from cudacffi._cufile import ffi, lib

        lines.append("typedef struct { int err; int cu_err; } fuzz_error_t;")
        lines.append("static fuzz_error_t fuzz_error(void) { fuzz_error_t e = {fuzz_status, fuzz_detail}; return e; }")
        sizes = {t: ffi.sizeof(t) for t in ("CUfileDescr_t", "CUfileDrvProps_t", "CUfileIOParams_t",
                                            "CUfileIOEvents_t")}
        sizes["timespec"] = 16
    for symbol, name in sorted(symbols(family).items()):
        if family == "driver":
            if name in DRIVER_MODELS:
                params, body = DRIVER_MODELS[name]
                lines.append("int %s(%s) {\n    %s\n    return fuzz_status;\n}" % (symbol, params, body))
            else:
                lines.append("int %s() { return fuzz_status; }" % symbol)
        elif family == "nvml":
            if name == "nvmlErrorString":
                lines.append('const char *%s(int r) { return "fuzz stand-in status"; }' % symbol)
            else:
                lines.append("int %s() { return fuzz_status; }" % symbol)
        else:  # cufile: by what the C function returns
            ret = ffi.typeof(getattr(lib, "_cc_" + name)).result.cname
            if ret == "ssize_t":
                if name in CUFILE_MODELS:
                    params, body = _model(name, CUFILE_MODELS, sizes)
                    lines.append("ssize_t %s(%s) {\n    %s\n}" % (symbol, params, body))
                else:
                    lines.append("ssize_t %s() { return fuzz_status ? -(ssize_t)fuzz_status : 0; }" % symbol)
            elif ret == "long":  # cuFileUseCount: a count, never a status
                lines.append("long %s() { return fuzz_status ? -1 : 2; }" % symbol)
            elif name in CUFILE_MODELS:
                params, body = _model(name, CUFILE_MODELS, sizes)
                lines.append("fuzz_error_t %s(%s) {\n    %s\n    return fuzz_error();\n}" % (symbol, params, body))
            else:  # CUfileError_t (a void function ignores it)
                lines.append("fuzz_error_t %s() { return fuzz_error(); }" % symbol)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(source(sys.argv[1] if len(sys.argv) > 1 else "driver"))
