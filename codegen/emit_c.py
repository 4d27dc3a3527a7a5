"""Emit the cffi cdef and the C source (loader + one forwarding stub per function) of a family.

The compiled module links against no CUDA library: every function is a stub that calls through a pointer
filled by ``_cc_load`` (``dlopen`` + ``dlsym`` of the exact symbol the header maps the name to). A stub
whose pointer is still empty returns ``_CC_UNBOUND``, which the Python layer turns into loading the
library or ``FunctionNotFoundError``. Stub parameters are flattened for speed: handles travel as
``uintptr_t``, enums as ``int``, pointers as ``void *`` or ``uintptr_t``.
"""

from .callbacks import trampoline_cdefs
from .ctype import CType
from .decisions.coverage import LAUNCH_HELPER
from .kinds import KINDS
from . import FAMILIES
from .lowering import FAST_CHARS, FAST_FLOAT, TypeNames, by_value, fast_call
from .status import model_status, returns_count, returns_status, returns_status_struct, status_struct  # noqa: F401
from .type_index import TypeIndex

UNBOUND = 0x7FFFFFF0

ADDRESS_DIRS = tuple(n for n, k in KINDS.items() if k.stub == "address")  # taken as uintptr_t


def _header(model):
    return "/* generated from CUDA %s by codegen - do not edit */\n" % version_text(model)


def version_text(model):
    v = model.get("cuda_version")
    return "%d.%d" % (v // 1000, v % 1000 // 10) if v else "?"


# -- type declarations for the cdef ---------------------------------------------------------------------------

class CdefWriter:
    def __init__(self, model):
        self.model = model
        self.index = TypeIndex(model)
        self.anon = {}
        for d in model["decls"]:
            if d.get("anonymous"):
                key = ("%s %s" % (d["kind"], d["tag"]))
                self.anon[key] = d

    def decl_text(self, t, name="", partial=False):
        """C declaration of ``name`` with type ``t``, anonymous structs/enums written inline.

        Structs are declared in full: cffi's API mode checks every size and field offset against the C
        compiler when the module is built and imported. A struct whose alignment an attribute sets
        (``CUtensorMap``) ends in ``...`` instead, so that the compiler alone decides its layout.
        """
        if t.base in self.anon:
            inner = self.inline(self.anon[t.base], partial)
            rest = CType("@", t.const, t.ptrs, t.dims, t.fn).declare(name)
            return rest.replace("@", inner, 1)
        return t.declare(name)

    def inline(self, d, partial):
        if d["kind"] == "enum":
            members = ", ".join(m[0] for m in d["members"])
            return "enum { %s, ... }" % members if members else "enum { ... }"
        return "%s { %s }" % (d["kind"], self.fields(d, partial))

    def fields(self, d, partial=False):
        parts = []
        for f in d["fields"]:
            t = CType.from_json(f["type"])
            parts.append(self.decl_text(t, f["name"] or "") + ";")
        if partial:
            parts.append("...;")
        return " ".join(parts)

    def cdef(self):
        out = [_header(self.model)]
        for d in self.model["decls"]:
            kind = d["kind"]
            if d.get("anonymous"):
                continue
            if kind == "enum":
                members = ", ".join(m[0] for m in d["members"])
                out.append("enum %s { %s };" % (d["tag"], members + ", ..." if members else "..."))
            elif kind in ("struct", "union"):
                if d.get("opaque"):
                    out.append("%s %s;" % (kind, d["tag"]))
                else:
                    partial = d["tag"] in self.model.get("alignments", {})
                    out.append("%s %s { %s };" % (kind, d["tag"], self.fields(d, partial)))
            elif kind == "typedef":
                t = CType.from_json(d["type"])
                out.append("typedef %s;" % self.decl_text(t, d["name"]))
        fam = FAMILIES.get(self.model["family"])
        if fam is not None and fam.cdef_types:
            out.insert(1, fam.cdef_types)
        return "\n".join(out) + "\n"


# -- function stubs -----------------------------------------------------------------------------------------------

def stub_param_type(index, p):
    """The flattened C type a stub takes for parameter ``p`` (see module docstring)."""
    t = CType.from_json(p["type"])
    d = p["dir"]
    if d in ADDRESS_DIRS:
        return "uintptr_t"
    if t.depth == 1 and index.is_function_type(t.base):  # a function pointer (VdpGetProcAddress *)
        return "uintptr_t"
    if t.ptrs and t.fn is None:
        return "void *"
    if t.fn is not None:
        return "uintptr_t"
    kind = index.kind(t.base)
    if kind in ("handle_ptr", "fnptr"):
        return "uintptr_t"
    if kind == "enum":
        return "int"
    if kind in ("struct", "opaque"):
        return "const void *"  # struct by value travels by address
    return t.declare()


def _forward(index, p, name):
    t = CType.from_json(p["type"])
    if not t.ptrs and t.fn is None and index.kind(t.base) in ("struct", "opaque"):
        return "*(const %s *)%s" % (t.declare(), name)
    return "(%s)%s" % (t.declare(), name)


COUNT_UNBOUND = "INT64_MIN"


def stub_return_type(model, f):
    ret = CType.from_json(f["ret"])
    if returns_status(model, f):
        return "int"
    return ret.declare()


def by_value_stubs(model):
    """[(function, ByValue)] of the functions that also get a ``_cv_`` stub (see ``lowering.ByValue``)."""
    names = TypeNames(model)
    return [(f, bv) for f in model["functions"] for bv in [by_value(names, f)] if bv is not None]


def fast_calls(model):
    """[(function, FastCall)] of the functions with a ``_cf_`` entry for ``cudacffi._fastcall``, in the order of
    ``_cc_fast_entry``: those of a tuple-style family whose call it can make whole (``lowering.fast_call``)."""
    fam = FAMILIES.get(model["family"])
    if fam is not None and fam.style != "tuple":  # exception style (its own wrappers); a test's family is tuple
        return []
    names = TypeNames(model)
    return [(f, fc) for f in model["functions"] for fc in [fast_call(names, f)] if fc is not None]


def fast_entries(model, index):
    """The ``_cf_`` entries: inputs from ``in[]`` (64-bit words, range-checked by the caller), outputs to
    ``out[]``, the stub's status returned; and ``_cc_fast_entry(i)``, the address of the i-th."""
    calls = fast_calls(model)
    if not calls:
        return []
    out = ["/* cudacffi._fastcall's entries: one signature for every call it makes (see lowering.FastCall) */",
           "typedef int (*_cc_fast_fn)(const uint64_t *in, uint64_t *out);"]
    for f, fc in calls:
        slot = {i.index: "in[%d]" % n for n, i in enumerate(fc.ins)}
        # an output's own variable; a string's buffer is the caller's, its address in out[] (FAST_CHARS)
        slot.update({o.index: "(uintptr_t)out[%d]" % n if o.wrap == FAST_CHARS else "&o%d" % n
                     for n, o in enumerate(fc.outs)})
        args = ["(%s)%s" % (stub_param_type(index, p), slot[k]) for k, p in enumerate(f["params"])]
        values = [(n, o) for n, o in enumerate(fc.outs) if o.wrap != FAST_CHARS]
        body = ["static int _cf_%s(const uint64_t *in, uint64_t *out) {" % f["name"]]
        body += ["    %s = 0;" % o.ctype.declare("o%d" % n) for n, o in values]
        if not fc.ins:
            body.append("    (void)in;")
        if not fc.outs:
            body.append("    (void)out;")
        body.append("    int r = _cc_%s(%s);" % (f["name"], ", ".join(args)))
        for n, o in values:
            if o.wrap == FAST_FLOAT:  # a double's bits
                body.append("    { union { double d; uint64_t u; } f; f.d = (double)o%d; out[%d] = f.u; }" % (n, n))
                continue
            pointer = o.ctype.ptrs or index.kind(o.ctype.base) == "handle_ptr"
            widen = "(uintptr_t)" if pointer else "(int64_t)" if o.signed else ""
            body.append("    out[%d] = (uint64_t)%so%d;" % (n, widen, n))
        body += ["    return r;", "}"]
        out += body
    out.append("static const _cc_fast_fn _cc_fast[] = {")
    out += ["    _cf_%s," % f["name"] for f, _ in calls]
    out.append("};")
    out.append("static uintptr_t _cc_fast_entry(int i) {")
    out.append("    return i >= 0 && i < (int)(sizeof(_cc_fast) / sizeof(_cc_fast[0])) ? (uintptr_t)_cc_fast[i] : 0;")
    out.append("}")
    return out


def _value_params(index, f, bv):
    return ", ".join("%s a%d" % (stub_param_type(index, p), k) for k, p in enumerate(f["params"]) if k != bv.index)


def _value_type(bv):
    return "uint64_t" if bv.encoding == "u64" else "int64_t"


# A family whose status is a struct: the stub returns its status member and keeps the rest (a CUresult, for
# cuFile) in a per-thread variable that _cc_status_detail() reads after a failing call.
STATUS_STRUCT = """/* the detail of this thread's last failing status (the CUresult of CU_FILE_CUDA_DRIVER_ERROR) */
static __thread int _cc_tls_detail;
static int _cc_status_detail(void) { return _cc_tls_detail; }
static int _cc_take_status(%(struct)s s) {
    if (s.err) _cc_tls_detail = (int)s.cu_err;
    return (int)s.err;
}
"""


def function_cdefs(model):
    index = TypeIndex(model)
    lines = []
    for i, f in enumerate(model["functions"]):
        params = ", ".join("%s %s" % (stub_param_type(index, p), "a%d" % k) for k, p in enumerate(f["params"]))
        lines.append("%s _cc_%s(%s);" % (stub_return_type(model, f), f["name"], params or "void"))
    for f, bv in by_value_stubs(model):
        lines.append("%s _cv_%s(%s);" % (_value_type(bv), f["name"], _value_params(index, f, bv) or "void"))
    lines += [
        "int _cc_status(void);",
        "int _cc_load(const char *path, int per_thread, char *error, size_t error_size);",
        "int _cc_loaded(void);",
        "int _cc_is_bound(int index);",
        "const char *_cc_symbol(int index);",
        "int _cc_count(void);",
        "#define _CC_UNBOUND %d" % UNBOUND,
    ]
    if status_struct(model):
        lines.append("int _cc_status_detail(void);")
    if fast_calls(model):
        lines.append("uintptr_t _cc_fast_entry(int i);")
    if _has_launch_ex(model):
        lines.append("int _cc_launch_blob(const void *config, uintptr_t f, const char *blob, const uint32_t *offsets, "
                     "int n);")
    return "\n".join(lines) + "\n" + trampoline_cdefs(model)


def value_stubs(model, index):
    """The ``_cv_`` stubs: the function's one output returned by value, a failure encoded as the ``ByValue``
    of the function says; the status of a 64-bit failure waits in this thread's ``_cc_tls_status``."""
    out = ["/* status of the calling thread's last _cv_ call that returned a 64-bit sentinel */",
           "static __thread int _cc_tls_status;",
           "static int _cc_status(void) { return _cc_tls_status; }"]
    for f, bv in by_value_stubs(model):
        name = f["name"]
        args = ", ".join("&o" if k == bv.index else _forward(index, p, "a%d" % k) for k, p in enumerate(f["params"]))
        value = "(%s)%so" % (_value_type(bv), "(uintptr_t)" if bv.ctype.ptrs else "")
        status = "(int)f(%s)" % args
        if returns_status_struct(model, f):
            status = "_cc_take_status(f(%s))" % args
        out.append("static %s _cv_%s(%s) {" % (_value_type(bv), name, _value_params(index, f, bv) or "void"))
        out.append("    _cc_pfn_%s f = _cc_fp_%s;" % (name, name))
        out.append("    %s = 0;" % bv.ctype.declare("o"))
        out.append("    int r;")
        if bv.encoding == "small":
            out.append("    if (!f) return INT64_MIN + _CC_UNBOUND;")
            out.append("    r = %s;" % status)
            out.append("    return r ? INT64_MIN + r : %s;" % value)
        else:
            sentinel = "UINT64_MAX" if bv.encoding == "u64" else "INT64_MIN"
            out.append("    r = f ? %s : _CC_UNBOUND;" % status)
            out.append("    if (r) {")
            out.append("        _cc_tls_status = r;")
            out.append("        return %s;" % sentinel)
            out.append("    }")
            out.append("    if (%s == %s) _cc_tls_status = 0;  /* a value, not a failure */" % (value, sentinel))
            out.append("    return %s;" % value)
        out.append("}")
    return out


def c_source(model):
    index = TypeIndex(model)
    out = [_header(model), "#include <dlfcn.h>", "#include <stdint.h>", "#include <string.h>"]
    out += ['#include "%s"' % h for h in model["headers"]]
    out += ["#define _CC_UNBOUND %d" % UNBOUND, ""]
    if status_struct(model):
        out += (STATUS_STRUCT % {"struct": status_struct(model)}).splitlines()
    table = []
    for i, f in enumerate(model["functions"]):
        name = f["name"]
        ret = CType.from_json(f["ret"])
        cparams = ", ".join(CType.from_json(p["type"]).declare() for p in f["params"]) or "void"
        sparams = ", ".join("%s a%d" % (stub_param_type(index, p), k) for k, p in enumerate(f["params"]))
        args = ", ".join(_forward(index, p, "a%d" % k) for k, p in enumerate(f["params"]))
        unbound = "_CC_UNBOUND" if returns_status(model, f) else COUNT_UNBOUND if returns_count(model, f) else "0"
        call = "f(%s)" % args
        if returns_status_struct(model, f):
            call = "_cc_take_status(%s)" % call
        elif ret.declare() == "void" and returns_status(model, f):
            call = "(%s, 0)" % call
        elif returns_status(model, f):
            call = "(int)" + call
        out.append("typedef %s (*_cc_pfn_%s)(%s);" % (ret.declare(), name, cparams))
        out.append("static _cc_pfn_%s _cc_fp_%s;" % (name, name))
        out.append("static %s _cc_%s(%s) {" % (stub_return_type(model, f), name, sparams or "void"))
        out.append("    _cc_pfn_%s f = _cc_fp_%s;" % (name, name))
        out.append("    if (!f) return %s;" % unbound)
        out.append("    return %s;" % call)
        out.append("}")
        ptds = '"%s"' % f["ptds_symbol"] if f.get("ptds_symbol") else "NULL"
        table.append('    {"%s", %s, (void **)&_cc_fp_%s},' % (f["symbol"], ptds, name))
    out += value_stubs(model, index)
    out += fast_entries(model, index)
    if _has_launch_ex(model):
        out += LAUNCH_BLOB.splitlines()
    out.append("")
    out.append("struct _cc_sym { const char *name; const char *ptds; void **slot; };")
    out.append("static const struct _cc_sym _cc_syms[] = {")
    out += table
    out.append("    {NULL, NULL, NULL}")
    out.append("};")
    out.append(_LOADER)
    return "\n".join(out) + "\n"


def _has_launch_ex(model):
    return any(f["name"] == LAUNCH_HELPER for f in model["functions"])


# cudacffi.core's launch(): the kernel's arguments arrive packed in one immutable bytes object, argument i at
# offsets[i]; the void* table the driver reads lives on this frame, so concurrent launches share no memory.
LAUNCH_BLOB = r"""
#include <stdlib.h>
#define _CC_BLOB_TABLE 32
static int _cc_launch_blob(const void *config, uintptr_t f, const char *blob, const uint32_t *offsets, int n) {
    void *local[_CC_BLOB_TABLE];
    void **table = local;
    int i, r;
    if (n > _CC_BLOB_TABLE && !(table = (void **)malloc(sizeof(void *) * (size_t)n)))
        return 2;  /* CUDA_ERROR_OUT_OF_MEMORY */
    for (i = 0; i < n; i++)
        table[i] = (void *)(blob + offsets[i]);
    r = _cc_cuLaunchKernelEx((void *)config, f, n > 0 ? (uintptr_t)table : 0, 0);
    if (table != local)
        free(table);
    return r;
}
"""


_LOADER = r"""
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
"""
