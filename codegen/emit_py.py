"""Emit a family's Python layer: enums, constants, handle and struct classes, function wrappers.

Each wrapper converts its arguments (handles to ints, buffers to addresses, lists to C arrays), calls the
family's C stub, and returns cuda.bindings' tuple: the status, then the outputs in C order (all None on
error). Outputs go through per-thread scratch slots, so a call allocates nothing in C. cffi's own
argument errors are re-raised naming the parameter.
"""

import keyword
import re

from . import callbacks
from .ctypes_model import CType
from .emit_c import version_text, returns_status, model_status
from .model import TypeIndex
from .signature import inputs, outputs

_INT_RANGES = {
    "char": (-(1 << 7), (1 << 7) - 1), "signed char": (-(1 << 7), (1 << 7) - 1), "unsigned char": (0, 255),
    "short": (-(1 << 15), (1 << 15) - 1), "unsigned short": (0, (1 << 16) - 1),
    "int": (-(1 << 31), (1 << 31) - 1), "unsigned int": (0, (1 << 32) - 1),
    "long": (-(1 << 63), (1 << 63) - 1), "unsigned long": (0, (1 << 64) - 1),
    "long long": (-(1 << 63), (1 << 63) - 1), "unsigned long long": (0, (1 << 64) - 1),
    "size_t": (0, (1 << 64) - 1), "ssize_t": (-(1 << 63), (1 << 63) - 1),
    "int8_t": (-(1 << 7), (1 << 7) - 1), "int16_t": (-(1 << 15), (1 << 15) - 1),
    "int32_t": (-(1 << 31), (1 << 31) - 1), "int64_t": (-(1 << 63), (1 << 63) - 1),
    "uint8_t": (0, 255), "uint16_t": (0, (1 << 16) - 1), "uint32_t": (0, (1 << 32) - 1),
    "uint64_t": (0, (1 << 64) - 1), "intptr_t": (-(1 << 63), (1 << 63) - 1), "uintptr_t": (0, (1 << 64) - 1),
    "_Bool": (0, 1), "bool": (0, 1),
}
_FLOATS = ("float", "double")


# Handles another family declares for the same C type: (module, {name: base class there}). A subclass
# makes each module accept the other's handles, as cuda.bindings' runtime handles subclass the driver's.
HANDLE_BASES = {
    "runtime": ("cudacffi._gen.driver", {
        "cudaStream_t": "CUstream", "cudaEvent_t": "CUevent", "cudaGraph_t": "CUgraph",
        "cudaGraphNode_t": "CUgraphNode", "cudaGraphExec_t": "CUgraphExec", "cudaFunction_t": "CUfunction",
        "cudaMemPool_t": "CUmemoryPool", "cudaUserObject_t": "CUuserObject",
    }),
}


def _slot_attr(ctype):
    return re.sub(r"\W+", "_", ctype.strip("* ")) + ("_p" if ctype.endswith("*") else "")


def new_slot(slots, used, ctype):
    """Name a new per-thread scratch slot of C type ``ctype`` in ``slots`` (the module's table); ``used``
    counts the slots of each type one function has taken."""
    attr = _slot_attr(ctype)
    n = used.get(attr, 0)
    used[attr] = n + 1
    key = "%s_%d" % (attr, n)
    slots[key] = ctype
    return key


class PyWriter:
    def __init__(self, model):
        self.model = model
        self.index = TypeIndex(model)
        self.status = model_status(model)
        self.lines = []
        self.slots = {}  # attr -> ctype, for the per-thread scratch
        self.struct_class = {}  # "struct TAG" -> python class name for views
        self.enum_class = {}  # "enum TAG" -> python enum name
        self.callback_types = callbacks.callback_types(model)

    # -- helpers -------------------------------------------------------------------------------------------
    def w(self, text=""):
        self.lines.append(text)

    def resolved(self, t):
        return self.index.resolve(t)

    def kind(self, base):
        return self.index.kind(base)

    def int_range(self, base):
        r = self.resolved(CType(base))
        if r.base.startswith("enum "):
            return _INT_RANGES["int"]
        return _INT_RANGES.get(r.base)

    def class_for(self, base):
        """Python class for a value of type ``base`` (typedef name or struct/enum tag)."""
        if base.startswith("enum "):
            return self.enum_class.get(base, "int")
        if base.startswith(("struct ", "union ")):
            return self.struct_class[base]
        return base

    # -- module ---------------------------------------------------------------------------------------------
    def module(self):
        m = self.model
        fam = m["family"]
        self.w('"""cuda.bindings-compatible %s API, generated from CUDA %s by codegen - do not edit.' %
               (fam, version_text(m)))
        self.w()
        self.w("Regenerate with ``python build_cffi.py``; change codegen/ or its overrides, never this file.")
        self.w('"""')
        self.w()
        self.w("from cudacffi import _support as _s")
        self.w("from cudacffi import _loader")
        self.w("from cudacffi._%s import ffi as _ffi, lib as _lib" % fam)
        if any(p["dir"] == "kernel_params" for f in m["functions"] for p in f["params"]):
            self.w("from cudacffi._params import kernel_params as _kernel_params")
        if self.callback_types:
            self.w("from cudacffi import _callbacks as _cbk")
        self.w()
        self.w("CUDA_VERSION = %d" % (m["cuda_version"] or 0))
        self.w("_library = _loader.library(%r, _lib, _ffi)" % fam)
        self.w("_library.cuda_version = CUDA_VERSION")
        self.w("_library.major = CUDA_VERSION // 1000")
        self.w()
        self.enums()
        self.constants()
        self.handles()
        if self.callback_types:
            self.w("_cb = {}  # callback type -> its trampoline (made once the classes exist)")
            self.w()
        self.structs()
        body = list(self.lines)
        self.lines = []
        self.functions()
        funcs = self.lines
        self.lines = body
        self.w("_s.bind_classes(globals(), _ffi)  # this family's ffi for its own handle and struct classes")
        if any(p["dir"].startswith("attr_") for f in m["functions"] for p in f["params"]):
            self.w("_typed = _s.Typing(_ffi, globals())  # values typed by an attribute argument")
        self.trampolines()
        self.w("_UNBOUND = _lib._CC_UNBOUND")
        self.w("_OK = %s(0)" % self.status)
        self.w("_status = %s._by_value.get" % self.status)
        self.w("_scratch = _s.Scratch(_ffi, {%s})" % ", ".join("%r: %r" % kv for kv in sorted(self.slots.items())))
        self.w("_bind = _library.bind")
        self.w("_diagnose = _s.diagnose")
        self.w("_handle = _s.handle_value")
        self.w("_new = object.__new__")
        self.w("_Handle = _s.Handle")
        self.w("_address = _s.address")
        self.w("_sequence = _s.sequence")
        self.w()
        self.lines += funcs
        self.w()
        self.w("def sizeof(objType):")
        self.w('    """The C size in bytes of a handle or struct class (``sizeof(CUstream)`` is 8)."""')
        self.w("    return _s.sizeof(objType)")
        self.w()
        self.w()
        self.w("_FUNCTIONS = {%s}" % ", ".join("%r: %d" % (f["name"], i) for i, f in enumerate(m["functions"])))
        self.w("_library.functions = _FUNCTIONS")
        return "\n".join(self.lines) + "\n"

    # -- enums and constants -------------------------------------------------------------------------------------
    def enums(self):
        typedef_of = {}
        for d in self.model["decls"]:
            if d["kind"] == "typedef":
                t = CType.from_json(d["type"])
                if t.base.startswith("enum ") and not t.ptrs:
                    typedef_of.setdefault(t.base, d["name"])
        aliases = []
        for d in self.model["decls"]:
            if d["kind"] == "enum":
                tag = "enum " + d["tag"]
                name = typedef_of.get(tag, d["tag"])
                self.enum_class[tag] = name
                members = ", ".join("(%r, %d)" % (n, v) for n, v in d["members"])
                self.w("%s = _s.make_enum(%r, [%s], __name__)" % (name, name, members))
            if d["kind"] == "typedef":  # typedef CUlaunchAttributeID CUkernelNodeAttrID;
                t = CType.from_json(d["type"])
                if not t.ptrs and t.base in self.enum_class.values() and t.base != d["name"]:
                    aliases.append((d["name"], t.base))
        for name, target in aliases:
            self.w("%s = %s" % (name, target))
            self.enum_class.setdefault("alias " + name, target)
        self.w()

    def constants(self):
        for name, value in self.model["constants"]:
            self.w("%s = %d" % (name, value))
        self.w()

    # -- handles -----------------------------------------------------------------------------------------------
    def handles(self):
        module, bases = HANDLE_BASES.get(self.model["family"], (None, {}))
        if bases:
            self.w("from %s import %s" % (module, ", ".join("%s as _base_%s" % (b, b) for b in sorted(bases.values()))))
            self.w()
        for d in self.model["decls"]:
            if d["kind"] != "typedef":
                continue
            name = d["name"]
            t = CType.from_json(d["type"])
            kind = self.kind(name)
            if kind not in ("handle_ptr", "handle_int", "fnptr"):
                continue
            if not t.ptrs and t.fn is None and t.base in self.index.typedefs and self.kind(t.base) == kind:
                self.w("class %s(%s):" % (name, t.base))
                self.w("    __slots__ = ()")
                self.w()
                continue
            if name in bases:
                self.w("class %s(_base_%s):" % (name, bases[name]))
                self.w("    __slots__ = ()")
            elif kind == "handle_int":
                r = self.resolved(CType(name))
                lo, hi = _INT_RANGES[r.base]
                self.w("class %s(_s.IntHandle):" % name)
                self.w("    __slots__ = ()")
                self.w("    _ctype = %r" % r.base)
                self.w("    _lo, _hi = %d, %d" % (lo, hi))
            elif kind == "fnptr":
                self.w("class %s(_s.FunctionPointer):" % name)
                self.w("    __slots__ = ()")
            else:
                self.w("class %s(_s.PointerHandle):" % name)
                self.w("    __slots__ = ()")
            self.w()

    # -- structs --------------------------------------------------------------------------------------------------
    def structs(self):
        # class names first: a tag's class is its tag; typedef names become subclasses
        for d in self.model["decls"]:
            if d["kind"] in ("struct", "union") and not d.get("opaque"):
                self.struct_class["%s %s" % (d["kind"], d["tag"])] = d["tag"]
        # a typedef may name a struct defined further down (CUDA 13.5): its subclass waits for the parent
        emitted, waiting = set(), {}

        def subclass(name, parent):
            if parent not in emitted:
                waiting.setdefault(parent, []).append(name)
                return
            self.w("class %s(%s):" % (name, parent))
            self.w("    __slots__ = ()")
            self.w()
            emitted.add(name)
            for child in waiting.pop(name, ()):
                subclass(child, name)

        for d in self.model["decls"]:
            if d["kind"] in ("struct", "union") and not d.get("opaque"):
                self.struct(d)
                emitted.add(d["tag"])
                for child in waiting.pop(d["tag"], ()):
                    subclass(child, d["tag"])
            elif d["kind"] == "typedef":
                t = CType.from_json(d["type"])
                if t.ptrs or t.dims or t.fn is not None:
                    continue
                if t.base in self.struct_class:
                    parent = self.struct_class[t.base]
                elif t.base in self.index.typedefs and self.kind(t.base) == "struct":
                    parent = t.base
                else:
                    continue
                if parent != d["name"]:
                    subclass(d["name"], parent)

    def _flat_fields(self, d):
        """Fields, with the members of anonymous unions/structs lifted into the parent."""
        out = []
        for f in d["fields"]:
            t = CType.from_json(f["type"])
            if f["name"] is None:
                inner = self.index.structs[t.base]
                out += self._flat_fields(inner)
            else:
                out.append((f["name"], t))
        return out

    def struct(self, d):
        tag = d["tag"]
        ctag = "%s %s" % (d["kind"], tag)
        fields = self._flat_fields(d)
        cname = ctag
        if d.get("anonymous"):
            cname = self._anon_cname(ctag)
        self.w("class %s(_s.Struct):" % tag)
        self.w('    """%s %s."""' % (d["kind"], tag))
        self.w("    __slots__ = ()")
        self.w("    _cname = %r" % (cname,))
        self.w("    _fields = (%s)" % "".join("%r, " % n for n, _ in fields))
        pairs = self.callback_fields(fields)
        for name, t in fields:
            if name in pairs:
                desc = pairs[name]
            else:
                desc = self.field_descriptor(name, t, fields)
            self.w("    %s = %s" % (self._attr(name), desc))
        self.w()

    def callback_fields(self, fields):
        """Descriptors of a callback field with a user-data sibling (``fn`` and ``userData``) in a struct."""
        out = {}
        void_ptrs = [n for n, t in fields if t.is_void_ptr() and not t.dims]
        for name, t in fields:
            if t.ptrs or t.dims or self.callback_types.get(t.base, (None, None))[1] is None or len(void_ptrs) != 1:
                continue
            data = void_ptrs[0]
            out[name] = "_cbk.CallbackField(%r, %s, _cb, %r, %r)" % (name, t.base, t.base, data)
            out[data] = "_cbk.CallbackDataField(%r, 'void *', %r)" % (data, name)
        return out

    def trampolines(self):
        """One trampoline per callback type: how each C argument becomes a Python value."""
        for name, (t, user) in self.callback_types.items():
            spec = []
            for i, (_, p) in enumerate(t.fn["params"]):
                spec.append("(%s)" % self.callback_arg(p, i == user))
            ret = self.resolved(t.fn["ret"])
            default = "None" if ret.base == "void" and not ret.ptrs else "0"
            self.w("_cb_%s = _cb[%r] = _cbk.Trampoline(_ffi, _lib, %r, (%s), %s)"
                   % (name, name, name, "".join(x + ", " for x in spec), default))

    def callback_arg(self, p, is_user):
        if is_user:
            return "'user', None"
        if p.ptrs:
            inner = p.pointee()
            if inner.base == "char" and not inner.ptrs:
                return "'str', None"
            if not inner.ptrs and inner.base != "void" and self.kind(inner.base) == "struct":
                return "'struct', %s" % self.class_for(inner.base)
            return "'address', None"
        k = self.kind(p.base)
        if k in ("handle_ptr", "handle_int", "fnptr"):
            return "'handle', %s" % p.base
        if k == "enum":
            return "'enum', %s" % self.enum_class_of(p.base)
        return "'value', None"

    def _anon_cname(self, ctag):
        """An anonymous struct has no C name; it is reached through a typedef or its parent's field type."""
        for d in self.model["decls"]:
            if d["kind"] == "typedef" and CType.from_json(d["type"]).base == ctag and not d["type"].get("ptrs"):
                return d["name"]
        # a nested anonymous struct has no name cffi knows: (parent's C name, field) finds its type
        for d in self.model["decls"]:
            if d["kind"] in ("struct", "union") and not d.get("opaque"):
                for f in d["fields"]:
                    t = CType.from_json(f["type"])
                    if t.base == ctag and f["name"]:
                        parent = "%s %s" % (d["kind"], d["tag"])
                        if d.get("anonymous"):
                            parent = self._anon_cname(parent)
                        return (parent, f["name"])
        return ctag

    @staticmethod
    def _attr(name):
        return name + "_" if keyword.iskeyword(name) else name

    def handle_list_of(self, t):
        """The handle class a ``T *`` field holds a list of (``CUexternalSemaphore *``), or None."""
        if len(t.ptrs) != 1 or t.dims or t.fn is not None or t.base == "void":
            return None
        k = self.kind(t.base)
        if k == "handle_ptr" or (k == "handle_int" and t.base.endswith(("deviceptr", "Deviceptr"))):
            return t.base
        return None

    @staticmethod
    def count_field(name, fields):
        """The integer field counting the items of array field ``name``: ``numExtSems`` beside ``extSemArray``,
        else a lone ``count``, else ``size`` (the graphs a conditional node returns)."""
        from .directions import _is_count_name, _related, _stem

        ints = [n for n, t in fields if not t.ptrs and not t.dims and n != name]
        for n in ints:
            stem = _stem(n)
            if stem and _is_count_name(n) and (_related(stem, name) or _related(stem.rstrip("s"), name)):
                return n
        for n in ("count", "size"):
            if n in ints:
                return n
        return None

    def field_descriptor(self, name, t, fields=()):
        if t.dims:
            length = t.dims[0]
            if not t.ptrs and t.base == "char":
                return "_s.ArrayField(%r, %d, is_char=True)" % (name, length)
            cls = "None"
            if not t.ptrs and t.fn is None:
                k = self.kind(t.base)
                if k in ("struct", "handle_ptr", "handle_int", "enum"):
                    cls = self.class_for(t.base)
            return "_s.ArrayField(%r, %d, %s)" % (name, length, cls)
        if t.ptrs or t.fn is not None:
            if name == "kernelParams" and t.base == "void" and len(t.ptrs) == 2:
                return "_s.KernelParamsField(%r, %r)" % (name, t.declare())
            handle = self.handle_list_of(t)
            if handle is not None:
                return "_s.HandleListField(%r, %r, %s, %r)" % (name, t.declare(), handle,
                                                               self.count_field(name, fields))
            if len(t.ptrs) == 1 and t.fn is None and self.kind(t.base) == "struct":
                return "_s.StructListField(%r, %r, %r)" % (name, t.declare(), self.class_for(t.base))
            return "_s.PointerField(%r, %r)" % (name, t.declare())
        k = self.kind(t.base)
        if k == "enum":
            return "_s.EnumField(%r, %s)" % (name, self.enum_class_of(t.base))
        if k == "handle_ptr" or k == "fnptr":
            return "_s.HandleField(%r, %s, %r)" % (name, t.base, self.resolved(t).declare() if k == "handle_ptr"
                                                   else "uintptr_t")
        if k == "handle_int":
            return "_s.HandleField(%r, %s)" % (name, t.base)
        if k == "struct":
            return "_s.StructField(%r, %s)" % (name, self.class_for(t.base))
        return "_s.Field(%r)" % name

    def enum_class_of(self, base):
        """The Python enum for a type name: the enum's typedef name (``CUresult``), not its tag."""
        if base.startswith("enum "):
            return self.enum_class[base]
        if base in self.enum_class.values():
            return base
        return self.enum_class_of(self.index.typedefs[base].base)

    # -- functions ----------------------------------------------------------------------------------------------------
    def functions(self):
        for f in self.model["functions"]:
            FunctionWriter(self, f).write()


class FunctionWriter:
    def __init__(self, pw, f):
        self.pw = pw
        self.f = f
        self.name = f["name"]
        self.pre = []  # conversion statements
        self.args = []  # stub call arguments
        self.post = []  # output expressions
        self.checks = []  # (kind, pyname, lo, hi) for diagnostics
        self.slot_use = {}
        self.slot_of = {}
        self.counted = set()

    def slot(self, ctype, owner):
        """The scratch slot of C type ``ctype`` holding parameter ``owner``'s value (one per parameter)."""
        if owner in self.slot_of:
            return self.slot_of[owner]
        key = new_slot(self.pw.slots, self.slot_use, ctype)
        self.pre.append("_o_%s = _scr.%s" % (key, key))
        self.slot_of[owner] = "_o_" + key
        return "_o_" + key

    def out_slot_type(self, p, t):
        if p.get("any"):
            return "uint64_t"
        if t.base == "void":
            return "uintptr_t"
        inner = t.pointee()
        if inner.ptrs:
            return "uintptr_t"
        k = self.pw.kind(inner.base)
        if k in ("handle_ptr", "fnptr"):
            return "uintptr_t"
        if k == "enum":
            return "int"
        r = self.pw.resolved(inner)
        return r.base

    def convert_out(self, expr, t, p):
        """Python value of an output read from ``expr`` (the slot's item)."""
        if p.get("any") or t.base == "void":
            return expr
        inner = t.pointee()
        k = self.pw.kind(inner.base)
        if k in ("handle_ptr", "handle_int", "fnptr"):  # made inline: a call frame is a third of the cost
            var = "_h_" + p["pyname"]
            self.post.append("%s = _new(%s)" % (var, inner.base))
            self.post.append("%s._v = %s" % (var, expr))
            return var
        if k == "enum":
            cls = self.pw.enum_class_of(inner.base)
            return "%s._by_value.get(%s, %s)" % (cls, expr, expr)
        return expr

    def write(self):
        pw, f = self.pw, self.f
        by_name = {p["name"]: p for p in f["params"]}
        ins = inputs(f)
        sig = []
        for p in ins:
            default = ""
            if p["dir"] == "inout" and all(q["dir"] == "inout" for q in ins[ins.index(p):]):
                default = "=0"
            sig.append(p["pyname"] + default)
        returns_status_ = returns_status(pw.model, f)
        outs = []
        armed = self.callback_params()
        deferred = {}
        for k, p in enumerate(f["params"]):
            n = len(self.pre)
            outs.append(self.param(k, p, by_name))
            if k in armed or any(k == user for user, _ in armed.values()):
                deferred[k] = self.pre[n:]
                del self.pre[n:]
        cbs = []
        for k, (user, lifetime) in armed.items():
            cbs.append((self.arm_callback(k, user, lifetime, deferred), lifetime))
        out_names = [p["pyname"] for p in outputs(f)]
        doc = "%s(%s) -> (%s%s)" % (self.name, ", ".join(sig), pw.status if returns_status_ else pw.status,
                                    "".join(", " + n for n in out_names))
        pw.w("def %s(%s):" % (self.name, ", ".join(sig)))
        pw.w('    """%s"""' % doc)
        if any(s.startswith("_o_") for s in self.pre):
            pw.w("    _scr = _scratch")
        for line in self.pre:
            pw.w("    " + line)
        call = "_lib._cc_%s(%s)" % (self.name, ", ".join(self.args))
        pw.w("    try:")
        pw.w("        _r = %s" % call)
        pw.w("    except (TypeError, OverflowError) as _e:")
        for cb, _ in cbs:
            pw.w("        _cbk.release(%s)" % cb)
        checks = "".join("(%r, %r, %s, %s, %s), " % (kind, name, name, lo, hi) for kind, name, lo, hi in self.checks)
        callargs = ", ".join(p["pyname"] for p in ins)
        if any(kind == "int" for kind, _, _, _ in self.checks):  # integral floats: called again with ints
            pw.w("        _f = _diagnose(%r, _e, (%s))" % (self.name, checks))
            pw.w("        return %s(%s)" % (self.name, ", ".join("_f.get(%r, %s)" % (p["pyname"], p["pyname"])
                                                                 for p in ins)))
        else:
            pw.w("        _diagnose(%r, _e, (%s))" % (self.name, checks))
        for cb, lifetime in cbs:
            if lifetime == "call":
                pw.w("    _cbk.release(%s)" % cb)
        if returns_status_:
            pw.w("    if _r:")
            for cb, lifetime in cbs:
                if lifetime != "call":
                    pw.w("        _cbk.release(%s)  # the callback will never fire" % cb)
            pw.w("        if _r == _UNBOUND:")
            pw.w("            _bind(%r)" % self.name)
            pw.w("            return %s(%s)" % (self.name, callargs))
            nones = "".join(" None," for _ in out_names)
            pw.w("        return (_status(_r, _r),%s)" % nones.rstrip(","))
            values = [v for v in outs if v is not None]
            for line in self.post:
                pw.w("    " + line)
            pw.w("    return (_OK,%s)" % "".join(" " + v + "," for v in values).rstrip(","))
        else:  # a function returning a string (nvrtcGetErrorString): always success
            pw.w("    if _r == _ffi.NULL:")
            pw.w("        _bind(%r)" % self.name)
            pw.w("        return %s(%s)" % (self.name, callargs))
            pw.w("    return (_OK, _ffi.string(_r))")
        pw.w()
        pw.w()

    # Python callables for function-pointer parameters ------------------------------------------------------------
    def callback_params(self):
        """{parameter index: (index of its user-data parameter or None, lifetime)} for callback parameters."""
        types = self.pw.callback_types
        out = {}
        for k, p in enumerate(self.f["params"]):
            t = CType.from_json(p["type"])
            if p["dir"] != "in" or t.ptrs or t.fn is not None or t.base not in types:
                continue
            if types[t.base][1] is None:
                out[k] = (None, "call")
            else:
                user = callbacks.user_data_param(self.f, k, types)
                if user is not None:
                    out[k] = (user, callbacks.lifetime(self.f))
        return out

    def arm_callback(self, k, user, lifetime, deferred):
        """Arm a record when a Python callable is given (after every other conversion, so nothing can fail
        between arming and the call); otherwise convert the pointer and user data as usual."""
        params = self.f["params"]
        py = params[k]["pyname"]
        cb = "_cb_" + py
        upy = params[user]["pyname"] if user is not None else None
        self.pre.append("if _cbk.is_python_callable(%s):" % py)
        self.pre.append("    %s = _cbk.arm(_cb_%s, %s, %s, %r)"
                        % (cb, CType.from_json(params[k]["type"]).base, py, upy, lifetime))
        if upy:
            self.pre.append("    %s_, %s_ = %s.address, %s.data" % (py, upy, cb, cb))
        else:
            self.pre.append("    %s_ = %s.address" % (py, cb))
        self.pre.append("else:")
        self.pre.append("    %s = None" % cb)
        for line in deferred[k] + (deferred[user] if user is not None else []):
            self.pre.append("    " + line)
        return cb

    # each parameter: conversion, stub argument, output expression ------------------------------------------------
    def param(self, k, p, by_name):
        pw = self.pw
        t = CType.from_json(p["type"])
        d = p["dir"]
        py = p["pyname"]
        fn = self.name
        if d == "in":
            if t.fn is not None:
                self.pre.append("%s_ = _handle(%s, %r, %r)" % (py, py, fn, py))
                self.args.append(py + "_")
                return None
            kind = pw.kind(t.base)
            if kind in ("handle_ptr", "fnptr"):
                self.pre.append("%s_ = %s._v if isinstance(%s, _Handle) else _handle(%s, %r, %r)"
                                % (py, py, py, py, fn, py))
                self.args.append(py + "_")
            elif kind == "handle_int":
                lo, hi = pw.int_range(t.base)
                self.pre.append("%s_ = _handle(%s, %r, %r, %d, %d)" % (py, py, fn, py, lo, hi))
                self.args.append(py + "_")
            elif kind in ("struct", "opaque"):
                cls = pw.class_for(t.base)
                self.pre.append("%s_ = _s.struct_arg(%s, %s, %r, %r, True)" % (py, py, cls, fn, py))
                self.args.append(py + "_")
            elif kind == "enum":
                self.args.append(py)
                self.checks.append(("int", py, -(1 << 31), (1 << 31) - 1))
            else:
                r = pw.resolved(t)
                if r.base in _FLOATS:
                    self.checks.append(("float", py, "None", "None"))
                else:
                    lo, hi = _INT_RANGES.get(r.base, (0, 0))
                    self.checks.append(("int", py, lo, hi))
                self.args.append(py)
            return None
        if d == "in_struct":
            cls = pw.class_for(t.pointee().base) if pw.kind(t.base) == "struct" else None
            self.pre.append("%s_ = _s.struct_arg(%s, %s, %r, %r)" % (py, py, cls or "None", fn, py))
            self.args.append(py + "_")
            return None
        if d == "in_str":
            self.pre.append("%s_ = _s.cstring(%s, %r, %r)" % (py, py, fn, py))
            self.args.append(py + "_")
            return None
        if d in ("in_ptr", "caller_buf", "extra"):
            writable = d == "caller_buf" or (d == "in_ptr" and not t.const)
            self.pre.append("if %s.__class__ is int and %s >= 0:" % (py, py))
            self.pre.append("    %s_, %s_k = %s, None" % (py, py, py))
            self.pre.append("else:")
            self.pre.append("    %s_, %s_k = _address(_ffi, %s, %r, %r, %s)" % (py, py, py, fn, py, writable))
            if d == "caller_buf":
                self.room_check(p, by_name)
            self.args.append(py + "_")
            self.checks.append(("address", py, 0, (1 << 64) - 1))
            return None
        if d in ("attr_in", "attr_out", "attr_out_list", "attr_size"):
            return self.attribute_typed(p, by_name)
        if d == "kernel_params":  # an int address (a pre-packed table) skips the call
            self.pre.append("if %s.__class__ is int and %s >= 0:" % (py, py))
            self.pre.append("    %s_, %s_k = %s, None" % (py, py, py))
            self.pre.append("else:")
            self.pre.append("    %s_, %s_k = _kernel_params(_ffi, %s, %r)" % (py, py, py, fn))
            self.checks.append(("address", py, 0, (1 << 64) - 1))
            self.args.append(py + "_")
            return None
        if d == "in_list":
            count = p.get("count")
            cpy = by_name[count]["pyname"] if count else None
            if cpy and p.get("count_less"):  # as many items as the count less a constant (tensor ranks)
                cpy = "_s.less(%s, %d)" % (cpy, p["count_less"])
            elem = self.elem_spec(p, t)
            self.pre.append("%s_, %s_k = _s.c_array(_ffi, %s, %s, %r, %r, %s)"
                            % (py, py, py, elem, fn, py, cpy if cpy else (p.get("fixed") or "None")))
            self.args.append(py + "_")
            return None
        if d == "in_ref":
            slot = self.slot("uintptr_t", p["name"])
            self.pre.append("%s[0] = _handle(%s, %r, %r)" % (slot, py, fn, py))
            self.args.append(slot)
            return None
        if d in ("out", "inout"):
            inner = t.pointee()
            if not inner.ptrs and inner.base != "void" and pw.kind(inner.base) == "struct" and not p.get("any"):
                cls = pw.class_for(inner.base)
                if d == "inout":
                    self.pre.append("%s_ = _s.struct_arg(%s, %s, %r, %r)" % (py, py, cls, fn, py))
                    self.pre.append("_v_%s = %s if %s is not None else %s()" % (py, py, py, cls))
                    self.pre.append("%s_ = _v_%s._ptr" % (py, py))
                else:
                    self.pre.append("_v_%s = %s()" % (py, cls))
                    self.pre.append("%s_ = _v_%s._ptr" % (py, py))
                self.args.append(py + "_")
                return "_v_%s" % py
            ctype = self.out_slot_type(p, t)
            slot = self.slot(ctype, p["name"])
            if p.get("any") and d == "out":  # the library may write only 4 of the slot's 8 bytes
                self.pre.append("%s[0] = 0" % slot)
            if d == "inout":
                kind = pw.kind(inner.base) if inner.base != "void" else "void"
                if kind == "handle_int":  # range-checked: the slot may be narrower than 64 bits
                    lo, hi = pw.int_range(inner.base)
                    self.pre.append("%s[0] = _handle(%s, %r, %r, %d, %d)" % (slot, py, fn, py, lo, hi))
                elif kind in ("handle_ptr", "fnptr"):
                    self.pre.append("%s[0] = _handle(%s, %r, %r)" % (slot, py, fn, py))
                elif kind == "enum":
                    self.pre.append("%s[0] = _s.enum_value(%s, int, %r, %r)" % (slot, py, fn, py))
                else:
                    self.pre.append("%s[0] = _s.check_integer(%r, %r, %s, 0, (1 << 64) - 1)" % (slot, fn, py, py))
            self.args.append(slot)
            return self.convert_out(slot + "[0]", t, p)
        if d == "out_cstr":
            slot = self.slot("char *", p["name"])
            self.args.append(slot)
            return "(_ffi.string(%s[0]) if %s[0] else None)" % (slot, slot)
        if d == "out_bytes":
            if p.get("fixed"):
                n = str(p["fixed"])
                self.pre.append("_b_%s = _ffi.new('char[%s]')" % (py, n))
                self.args.append("_b_%s" % py)
                return "_ffi.unpack(_b_%s, %s)" % (py, n)
            cpy = by_name[p["count"]]["pyname"]
            self.pre.append("_b_%s = _s.char_buffer(_ffi, %s, %r, %r)" % (py, cpy, fn, cpy))
            self.args.append("_b_%s" % py)
            return "_ffi.string(_b_%s)" % py
        if d == "out_list":
            return self.out_list(p, t, by_name)
        raise ValueError("%s.%s: direction %s is not emitted" % (self.name, p["name"], d))

    def attribute_typed(self, p, by_name):
        """A value behind a void * whose C type another argument decides: storage of that type, made per
        call by the module's ``_typed`` (cudacffi/_attributes.py), converted both ways."""
        py, fn, d = p["pyname"], self.name, p["dir"]
        var = "_t_" + py
        if d == "attr_size":  # the typed value's byte size, which the library reads (and may update)
            self.pre.append("_z_%s = _ffi.new('size_t *', _t_%s.size)" % (py, by_name[p["of"]]["pyname"]))
            self.args.append("_z_" + py)
            return None
        by = by_name[p["by"]]["pyname"]
        if d == "attr_in":
            self.pre.append("%s = _typed.value(%r, %s, %s, %r, %r, %r)" % (var, p["table"], by, py, fn, by, py))
            self.args.append(var + ".ptr")
            return None
        if d == "attr_out":
            size = ""
            if p.get("size"):
                sp = by_name[p["size"]]["pyname"]
                size = ", %s, %r" % (sp, sp)
            self.pre.append("%s = _typed.out(%r, %s, %r, %r%s)" % (var, p["table"], by, fn, by, size))
            self.args.append(var + ".ptr")
            return var + ".read()"
        count = by_name[p["count"]]["pyname"]
        sizes = ""
        if p.get("sizes"):
            sp = by_name[p["sizes"]]["pyname"]
            sizes = ", %s, %r" % (sp, sp)
        self.pre.append("%s_a, %s = _typed.out_list(%r, %s, %s, %r, %r%s)"
                        % (var, var, p["table"], by, count, fn, by, sizes))
        self.args.append(var + "_a")
        return "[_v.read() for _v in %s]" % var

    def room_check(self, p, by_name):
        """A buffer the library fills must hold what it writes: its size comes from the count parameter, or
        from the function's ``...Size`` companion (``nvrtcGetPTX`` -> ``nvrtcGetPTXSize``) asked first.
        An int address is the caller's promise and is not checked."""
        py, fn = p["pyname"], self.name
        ins = [q["pyname"] for q in inputs(self.f) if q is not p]
        if p.get("count"):
            need = "(0, %s)" % by_name[p["count"]]["pyname"]
        else:
            size_fn = next((g for g in self.pw.model["functions"] if g["name"] == fn + "Size"), None)
            if size_fn is None or [q["pyname"] for q in inputs(size_fn)] != ins:
                return
            need = "%s(%s)" % (size_fn["name"], ", ".join(ins))
        self.pre.append("if %s_k is not None:" % py)
        self.pre.append("    _s.check_room(%s, %s, %r, %r)" % (py, need, fn, py))

    def elem_spec(self, p, t):
        """How the items of an input list become C values: a (kind, ctype, class) tuple literal."""
        pw = self.pw
        inner = t.pointee()
        if inner.base == "void" or (inner.base == "char" and inner.ptrs == []) and t.depth == 2:
            if inner.base == "char":
                return "('bytes', 'char *', None)"
            return "('address', 'uintptr_t', None)"
        if inner.ptrs:
            if inner.base == "char":
                return "('bytes', 'char *', None)"
            return "('address', 'uintptr_t', None)"
        k = pw.kind(inner.base)
        if k in ("handle_ptr", "fnptr"):
            return "('handle', 'uintptr_t', None)"
        if k == "handle_int":
            return "('handle', %r, None)" % pw.resolved(inner).base
        if k == "enum":
            return "('int', 'int', None)"
        if k == "struct":
            return "('struct', %r, %s)" % (inner.declare().replace("const ", ""), pw.class_for(inner.base))
        return "('int', %r, None)" % pw.resolved(inner).base

    def out_list(self, p, t, by_name):
        py = p["pyname"]
        fn = self.name
        inner = t.pointee()
        if p.get("fixed") or p.get("count_fn"):  # length fixed by the API or asked of another function
            elem = self.elem_out(inner)
            n = "_n_" + py
            if p.get("fixed"):
                self.pre.append("%s = %d" % (n, p["fixed"]))
            else:
                self.pre.append("%s = %s()" % (n, p["count_fn"]))
                self.pre.append("if %s[0]:" % n)
                self.pre.append("    return (%s[0]%s)" % (n, ", None" * len(outputs(self.f))))
                self.pre.append("%s = %s[1]" % (n, n))
            self.pre.append("_a_%s = _s.out_array(_ffi, max(%s, 1), %s)" % (py, n, elem))
            self.args.append("_a_%s" % py)
            return "_s.unpack_array(_ffi, _a_%s, %s, %s)" % (py, n, elem)
        count = by_name[p["count"]]
        cpy = count["pyname"]
        inner = t.pointee()
        if t.depth == 2:  # the library's own array, as long as the count it returns
            slot = self.slot("uintptr_t", p["name"])
            self.args.append(slot)
            count_slot = self.slot(self.out_slot_type(count, CType.from_json(count["type"])), count["name"])
            return "_s.read_array(_ffi, %s[0], %s[0], %s)" % (slot, count_slot, self.elem_out(inner.pointee()))
        n = "_n_" + cpy
        if n not in self.counted:
            self.counted.add(n)
            self.pre.append("%s = _s.check_integer(%r, %r, %s, 0, (1 << 31) - 1)" % (n, fn, cpy, cpy))
        elem = self.elem_out(inner)
        self.pre.append("_a_%s = _s.out_array(_ffi, %s, %s)" % (py, n, elem))
        self.args.append("_a_%s" % py)
        if count["dir"] == "inout":  # as many items as the library says it wrote, at most the capacity
            count_slot = self.slot(self.out_slot_type(count, CType.from_json(count["type"])), count["name"])
            n = "min(%s, %s[0])" % (n, count_slot)
        return "_s.unpack_array(_ffi, _a_%s, %s, %s)" % (py, n, elem)

    def elem_out(self, inner):
        pw = self.pw
        if inner.base == "void" or inner.ptrs:
            return "('address', 'uintptr_t', None)"
        k = pw.kind(inner.base)
        if k in ("handle_ptr", "fnptr"):
            return "('handle', 'uintptr_t', %s)" % inner.base
        if k == "handle_int":
            return "('handle', %r, %s)" % (pw.resolved(inner).base, inner.base)
        if k == "enum":
            return "('enum', 'int', %s)" % pw.enum_class_of(inner.base)
        if k == "struct":
            return "('struct', %r, %s)" % (inner.declare().replace("const ", ""), pw.class_for(inner.base))
        return "('int', %r, None)" % pw.resolved(inner).base


def emit(model):
    return PyWriter(model).module()
