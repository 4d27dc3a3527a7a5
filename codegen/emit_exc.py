"""Emit the exception-style Python layer of a family (cuda.bindings' ``nvjitlink`` / ``nvvm`` conventions).

Functions are snake_case without the family prefix (``nvJitLinkGetLinkedCubin`` -> ``get_linked_cubin``),
handles are plain ints, outputs are returned directly (none: ``None``; several: a tuple), and a failing
status raises ``<prefix>Error`` (``nvJitLinkError``) carrying it. Enums lose the prefix too
(``nvJitLinkInputType.NVJITLINK_INPUT_PTX`` -> ``InputType.PTX``). A getter that fills a caller buffer is
checked against its ``...Size`` function before the call, so a short buffer is refused, never overrun.

The C side is the tuple style's (``emit_c``) plus two functions for ``cudacffi._exc.bind_versioned``: one binds a
function to its public name when the library lacks the header's versioned symbol, one asks the library its
version whether or not the headers declare the version function.
"""

import re

from . import emit_c
from .ctype import CType
from .emit_py import _INT_RANGES, new_slot
from .model import TypeIndex
from .signature import inputs, outputs

# Python names that snake_case cannot derive (checked against the reference tables by the tests).
NAME_OVERRIDES = {
    "nvvmIRVersion": "ir_version",
}


def snake(name):
    """``numOptions`` -> ``num_options``, ``GetLinkedCubinSize`` -> ``get_linked_cubin_size``."""
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    return s.lower()


def prefix(model):
    """The family's C prefix: the status type without ``Result`` (``nvJitLinkResult`` -> ``nvJitLink``)."""
    return re.sub(r"Result$", "", model["status"])


def python_name(model, cname):
    if cname in NAME_OVERRIDES:
        return NAME_OVERRIDES[cname]
    p = prefix(model)
    return snake(cname[len(p):] if cname.startswith(p) else cname)


def enum_members(members):
    """Member names without their shared ``PREFIX_`` (``NVJITLINK_INPUT_PTX`` -> ``PTX``)."""
    names = [n for n, _ in members]
    common = names[0] if names else ""
    for n in names[1:]:
        while not n.startswith(common):
            common = common[:-1]
    common = common[:common.rfind("_") + 1]
    return [(n[len(common):], v) for n, v in members]


def size_function(model, f):
    """The ``<name>Size`` function that says how large ``f``'s caller buffer must be, if there is one."""
    for g in model["functions"]:
        if g["name"] == f["name"] + "Size" and len(outputs(g)) == 1:
            return g
    return None


def tracked_handles(model):
    """Handle types the family both creates (an output) and destroys (an ``in_ref``): the generated module
    keeps the live ones, because the library crashes on a destroyed handle instead of reporting it."""
    index = TypeIndex(model)
    created, destroyed = set(), set()
    for f in model["functions"]:
        for p in f["params"]:
            t = CType.from_json(p["type"])
            if p["dir"] == "out" and t.depth == 1 and index.kind(t.base) == "handle_ptr":
                created.add(t.base)
            elif p["dir"] == "in_ref":
                destroyed.add(t.base)
    return sorted(created & destroyed)


def versioned(model):
    return any(f["symbol"] != f["name"] for f in model["functions"])


# -- C -------------------------------------------------------------------------------------------------------

_ALTERNATE = r"""
static const char *const _cc_alternates[] = {
%s
};

/* Bind function index to its public name: for a library that exports the name but not the versioned
   symbol the header maps it to (a newer major exports only its own versions). Returns 1 if bound. */
static int _cc_bind_alternate(int index) {
    void *p;
    if (!_cc_handle || index < 0 || index >= _cc_count()) return 0;
    p = dlsym(_cc_handle, _cc_alternates[index]);
    if (!p) return 0;
    *_cc_syms[index].slot = p;
    _cc_bound_symbol[index] = _cc_alternates[index];
    return 1;
}

/* Call the library's version function by its public name, whether or not this build's headers declare it
   (nvJitLinkVersion is newer than 12.0's nvJitLink.h). Returns its status, or -1 where it is not exported. */
static int _cc_library_version(const char *name, unsigned int *major, unsigned int *minor) {
    int (*f)(unsigned int *, unsigned int *);
    if (!_cc_handle) return -1;
    *(void **)&f = dlsym(_cc_handle, name);
    return f ? f(major, minor) : -1;
}
"""


def c_source(model):
    names = "\n".join('    "%s",' % f["name"] for f in model["functions"])
    return emit_c.c_source(model) + _ALTERNATE % names


def function_cdefs(model):
    return emit_c.function_cdefs(model) + ("int _cc_bind_alternate(int index);\n"
                                           "int _cc_library_version(const char *, unsigned int *, unsigned int *);\n")


# -- Python --------------------------------------------------------------------------------------------------

class ExcWriter:
    def __init__(self, model):
        self.model = model
        self.index = TypeIndex(model)
        self.prefix = prefix(model)
        self.error = self.prefix + "Error"
        self.lines = []
        self.slots = {}
        self.enum_class = {}  # C typedef name -> Python enum name

    def w(self, text=""):
        self.lines.append(text)

    def module(self):
        m = self.model
        fam = m["family"]
        self.w('"""cuda.bindings-compatible %s API (exception style), generated from CUDA %s by codegen - do not '
               'edit.' % (fam, emit_c.version_text(m)))
        self.w()
        self.w("Regenerate with ``python build_cffi.py``; change codegen/ or its overrides, never this file.")
        self.w('"""')
        self.w()
        self.w("from cudacffi import _exc as _x")
        self.w("from cudacffi import _loader")
        self.w("from cudacffi import _support as _s")
        self.w("from cudacffi._%s import ffi as _ffi, lib as _lib" % fam)
        self.w()
        self.w("CUDA_VERSION = %d" % (m["cuda_version"] or 0))
        self.w("_library = _loader.library(%r, _lib, _ffi)" % fam)
        self.w("_library.cuda_version = CUDA_VERSION")
        self.w("_library.major = CUDA_VERSION // 1000")
        self.w()
        self.enums()
        status = self.enum_class[m["status"]]
        self.w()
        self.w()
        self.w("class %s(_x.StatusError):" % self.error)
        self.w('    """Raised when an %s call fails: ``status`` is its %s, ``str(e)`` is ``"NAME (code)"``."""'
               % (self.prefix, status))
        self.w()
        self.w("    _enum = %s" % status)
        self.w()
        self.w()
        body = self.lines
        self.lines = []
        for f in m["functions"]:
            self.function(f)
        funcs = self.lines
        self.lines = body
        self.w("_UNBOUND = _lib._CC_UNBOUND")
        self.w("_scratch = _s.Scratch(_ffi, {%s})" % ", ".join("%r: %r" % kv for kv in sorted(self.slots.items())))
        self.w("_bind = _library.bind")
        self.w("_diagnose = _s.diagnose")
        self.w("_handle = _s.handle_value")
        for h in tracked_handles(m):
            self.w("_live_%s = _x.LiveHandles(%r)" % (h, h))
        self.w()
        self.w()
        self.lines += funcs
        self.w("_FUNCTIONS = {%s}" % ", ".join("%r: %d" % (f["name"], i) for i, f in enumerate(m["functions"])))
        self.w("_library.functions = _FUNCTIONS")
        self.w("_library.symbols = {%s}" % ", ".join("%r: %r" % (f["name"], f["symbol"]) for f in m["functions"]))
        if versioned(m):
            version_fn = self.prefix + "Version"
            self.w("_library.on_load = _x.bind_versioned(%r)" % version_fn)
        return "\n".join(self.lines) + "\n"

    def enums(self):
        for d in self.model["decls"]:
            if d["kind"] != "typedef":
                continue
            t = CType.from_json(d["type"])
            if not t.base.startswith("enum ") or t.ptrs:
                continue
            decl = self.index.enums[t.base]
            name = d["name"][len(self.prefix):] if d["name"].startswith(self.prefix) else d["name"]
            self.enum_class[d["name"]] = name
            members = ", ".join("(%r, %d)" % mv for mv in enum_members(decl["members"]))
            self.w("%s = _s.make_enum(%r, [%s], __name__)" % (name, name, members))

    def slot(self, ctype, used):
        """A per-thread scratch slot of C type ``ctype``, one per parameter of a function."""
        return new_slot(self.slots, used, ctype)

    def function(self, f):
        FunctionWriter(self, f).write()


class FunctionWriter:
    def __init__(self, ew, f):
        self.ew = ew
        self.f = f
        self.cname = f["name"]
        self.name = python_name(ew.model, f["name"])
        self.pre = []
        self.args = []
        self.results = []
        self.post = []  # statements after a successful call
        self.checks = []
        self.used = {}
        self.py = {p["name"]: snake(p["name"]) for p in f["params"]}

    def write(self):
        ew, f = self.ew, self.f
        ins = [self.py[p["name"]] for p in inputs(f)]
        for p in f["params"]:
            self.param(p)
        returns = self.returns()
        ew.w("def %s(%s):" % (self.name, ", ".join(ins)))
        ew.w('    """%s(%s) -> %s: %s."""' % (self.name, ", ".join(ins), returns, self.cname))
        for line in self.pre:
            ew.w("    " + line)
        call = "_lib._cc_%s(%s)" % (self.cname, ", ".join(self.args))
        ew.w("    try:")
        ew.w("        _r = %s" % call)
        ew.w("    except (TypeError, OverflowError) as _e:")
        checks = "".join("(%r, %r, %s, %s, %s), " % (k, n, n, lo, hi) for k, n, lo, hi in self.checks)
        if any(k == "int" for k, _, _, _ in self.checks):  # integral floats: called again with ints
            ew.w("        _f = _diagnose(%r, _e, (%s))" % (self.name, checks))
            ew.w("        return %s(%s)" % (self.name, ", ".join("_f.get(%r, %s)" % (n, n) for n in ins)))
        else:
            ew.w("        _diagnose(%r, _e, (%s))" % (self.name, checks))
        if emit_c.returns_status(ew.model, f):
            ew.w("    if _r:")
            ew.w("        if _r == _UNBOUND:")
            ew.w("            _bind(%r)" % self.cname)
            ew.w("            _r = %s" % call)
            ew.w("        if _r:")
            ew.w("            raise %s(_r)" % ew.error)
            for line in self.post:
                ew.w("    " + line)
            if not self.results:
                ew.w("    return None")
            elif len(self.results) == 1:
                ew.w("    return %s" % self.results[0])
            else:
                ew.w("    return (%s)" % ", ".join(self.results))
        else:  # a string (nvvmGetErrorString); NULL until the library is bound
            ew.w("    if _r == _ffi.NULL:")
            ew.w("        _bind(%r)" % self.cname)
            ew.w("        _r = %s" % call)
            ew.w("    return _ffi.string(_r).decode() if _r != _ffi.NULL else None")
        ew.w()
        ew.w()

    def returns(self):
        outs = outputs(self.f)
        types = ["int" for p in outs if p["dir"] != "return"]  # sizes, versions and handles alike
        if self.f.get("returns_string"):
            types.append("str")
        if not types:
            return "None"
        return types[0] if len(types) == 1 else "(%s)" % ", ".join(types)

    def param(self, p):
        ew = self.ew
        t = CType.from_json(p["type"])
        d = p["dir"]
        py = self.py[p["name"]]
        fn = self.name
        tracked = tracked_handles(ew.model)
        if d == "in":
            kind = ew.index.kind(t.base)
            if kind in ("handle_ptr", "handle_int", "fnptr"):
                value = "_handle(%s, %r, %r)" % (py, fn, py)
                if t.base in tracked:
                    value = "_live_%s.check(%s, %r, %r)" % (t.base, value, fn, py)
                self.pre.append("%s_ = %s" % (py, value))
                self.args.append(py + "_")
                return
            if kind == "enum":
                lo, hi = _INT_RANGES["int"]
            else:
                lo, hi = _INT_RANGES[ew.index.resolve(t).base]
            self.checks.append(("int", py, lo, hi))
            self.args.append(py)
            return
        if d == "in_ref":  # the library clears the handle; a tracked one is forgotten once destroyed
            base = t.pointee().base
            key = self.ew.slot("uintptr_t", self.used)
            value = "_handle(%s, %r, %r)" % (py, fn, py)
            if base in tracked:
                value = "_live_%s.check(%s, %r, %r)" % (base, value, fn, py)
                self.post.append("_live_%s.discard(%s_)" % (base, py))
            self.pre.append("%s_ = %s" % (py, value))
            self.pre.append("_o_%s = _scratch.%s" % (key, key))
            self.pre.append("_o_%s[0] = %s_" % (key, py))
            self.args.append("_o_" + key)
            return
        if d == "in_str":
            self.pre.append("%s_ = _x.text(_ffi, %s, %r, %r)" % (py, py, fn, py))
            self.args.append(py + "_")
            return
        if d == "in_list":
            count = self.py[p["count"]]
            ctype = next(q for q in self.f["params"] if q["name"] == p["count"])["type"]
            lo, hi = _INT_RANGES[ew.index.resolve(CType.from_json(ctype)).base]
            self.pre.append("_s.check_integer(%r, %r, %s, %d, %d)" % (fn, count, count, lo, hi))
            self.pre.append("%s_, %s_k = _x.strings(_ffi, %s, %s, %r, %r)" % (py, py, py, count, fn, py))
            self.args.append(py + "_")
            return
        if d == "in_ptr" and t.const:
            size = self.py[p["size"]] if p.get("size") else None
            self.pre.append("%s_, %s_k = _x.input_buffer(_ffi, %s, %s, %r, %r, %r)"
                            % (py, py, py, size or "None", fn, py, size))
            self.args.append(py + "_")
            return
        if d in ("in_ptr", "caller_buf"):
            sized = size_function(ew.model, self.f)
            handle = self.py[self.f["params"][0]["name"]]
            size_of = python_name(ew.model, sized["name"]) if sized else "None"
            self.pre.append("%s_, %s_k = _x.output_buffer(_ffi, %s, %s, %s, %r, %r)"
                            % (py, py, py, size_of, handle, fn, py))
            self.args.append(py + "_")
            return
        if d == "out":
            inner = t.pointee()
            if inner.base == "void" or inner.ptrs or ew.index.kind(inner.base) in ("handle_ptr", "fnptr"):
                ctype = "uintptr_t"
            elif ew.index.kind(inner.base) == "enum":
                ctype = "int"
            else:
                ctype = ew.index.resolve(inner).base
            key = self.ew.slot(ctype, self.used)
            self.pre.append("_o_%s = _scratch.%s" % (key, key))
            self.args.append("_o_" + key)
            self.results.append("_o_%s[0]" % key)
            if inner.base in tracked:
                self.post.append("_live_%s.add(_o_%s[0])" % (inner.base, key))
            return
        raise ValueError("%s.%s: direction %s is not emitted in the exception style" % (self.cname, p["name"], d))


def emit(model):
    return ExcWriter(model).module()


def emit_pyi(model):
    ew = ExcWriter(model)
    ew.module()
    lines = ["# generated from CUDA %s by codegen - do not edit" % emit_c.version_text(model),
             "from typing import Any", ""]
    for name in ew.enum_class.values():
        lines.append("class %s(int):\n    name: str\n    value: int\n    def __getattr__(self, name: str) -> Any: ...\n"
                     % name)
    lines.append("class %s(Exception):\n    status: Any\n" % ew.error)
    for f in model["functions"]:
        fw = FunctionWriter(ew, f)
        for p in f["params"]:
            fw.param(p)
        args = ", ".join("%s: Any" % fw.py[p["name"]] for p in inputs(f))
        ret = fw.returns().replace("(", "tuple[").replace(")", "]")
        lines.append("def %s(%s) -> %s: ..." % (fw.name, args, ret))
    return "\n".join(lines) + "\n"
