"""Emit a family's Python layer: enums, constants, handle and struct classes, function wrappers.

Each wrapper converts its arguments (handles to ints, buffers to addresses, lists to C arrays), calls the
family's C stub, and returns cuda.bindings' tuple: the status, then the outputs in C order (all None on
error). Outputs go through per-thread scratch slots, so a call allocates nothing in C. cffi's own
argument errors are re-raised naming the parameter.
"""

from . import docstring
from .ctype import CType
from .emit_c import fast_calls, version_text, model_status
from .signature import outputs
from .text import LIMIT, WIDTH, fit, wrapped
from .lowering import (FAST_ADDRESS, FAST_CHARS, FAST_KPARAMS, FAST_TYPED, INT_RANGES, SENTINELS, SMALL_FAILED,
                       STREAM_TYPES, TypeNames, lower)


# Handles another family declares for the same C type: (module, {name: base class there}). A subclass
# makes each module accept the other's handles, as cuda.bindings' runtime handles subclass the driver's.
HANDLE_BASES = {
    "runtime": ("cudacffi._gen.driver", {
        "cudaStream_t": "CUstream", "cudaEvent_t": "CUevent", "cudaGraph_t": "CUgraph",
        "cudaGraphNode_t": "CUgraphNode", "cudaGraphExec_t": "CUgraphExec", "cudaFunction_t": "CUfunction",
        "cudaMemPool_t": "CUmemoryPool", "cudaUserObject_t": "CUuserObject",
    }),
}


class PyWriter(TypeNames):
    """Renders the tuple-style module: the model's types, and the functions as ``lowering`` lowered them."""

    def __init__(self, model):
        TypeNames.__init__(self, model)
        self.status = model_status(model)
        self.lines = []
        self.slots = {}  # attr -> ctype, for the per-thread scratch (filled by the lowering)

    # -- helpers -------------------------------------------------------------------------------------------
    def w(self, text=""):
        """One statement (a longer one broken to fit: ``text.fit``)."""
        self.lines += fit(text)

    def ws(self, lines):
        self.lines += lines

    @property
    def typer(self):
        """The Python types the ``.pyi`` stubs give (docstrings name them too)."""
        if not hasattr(self, "_typer"):
            from .emit_pyi import PyiWriter

            self._typer = PyiWriter(self.model, self)
        return self._typer

    # -- module ---------------------------------------------------------------------------------------------
    def module(self):
        m = self.model
        fam = m["family"]
        self.lines += header_docstring(fam, version_text(m), "tuple style")
        self.w("# ruff: noqa: F821 (the stubs _cc_<name> and _cv_<name> are bound as globals from _lib below)")
        self.w()
        self.w("from cudacffi import _support as _s")
        self.w("from cudacffi import _loader")
        self.w("from cudacffi._%s import ffi as _ffi, lib as _lib" % fam)
        if any(p["dir"] == "kernel_params" for f in m["functions"] for p in f["params"]):
            self.w("from cudacffi._kernel_params import kernel_params as _kernel_params")
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
        self.w("globals().update(_s.stubs(_lib))  # _cc_<name>, _cv_<name>: the compiled stubs")
        self.w("_OK = %s(0)" % self.status)
        self.w("_status = %s._by_value.get" % self.status)
        self.ws(wrapped("_scratch = _s.Scratch(_ffi, {", ["%r: %r" % kv for kv in sorted(self.slots.items())], "})"))
        self.w("_bind = _library.bind")
        self.w("_diagnose = _s.diagnose")
        self.w("_handle = _s.handle_value")
        self.w("_stream = _s.stream_value")
        self.w("_new = object.__new__")
        self.w('_CHARS = _ffi.typeof("char[]")')
        self.w("_Handle = _s.Handle")
        self.w("_address = _s.address")
        self.w("_sequence = _s.sequence")
        self.w()
        self.lines += funcs
        self.fast_table()
        self.w()
        self.w("def sizeof(objType):")
        self.w('    """The C size in bytes of a handle or struct class (``sizeof(CUstream)`` is 8)."""')
        self.w("    return _s.sizeof(objType)")
        self.w()
        self.w()
        self.ws(wrapped("_FUNCTIONS = {", ["%r: %d" % (f["name"], i) for i, f in enumerate(m["functions"])], "}"))
        self.w("_library.functions = _FUNCTIONS")
        return "\n".join(self.lines) + "\n"

    # -- enums and constants -------------------------------------------------------------------------------------
    def enums(self):
        for d in self.model["decls"]:
            if d["kind"] == "enum":
                name = self.enum_class["enum " + d["tag"]]
                members = ["(%r, %d)" % (n, v) for n, v in d["members"]]
                self.ws(wrapped("%s = _s.make_enum(%r, [" % (name, name), members, "], __name__)", one_per_line=True))
                self.ws(enum_docstring(name, d, [(n, n, v) for n, v in d["members"]]))
        for name, target in self.enum_aliases:
            self.w("%s = %s" % (name, target))
        self.w()

    def constants(self):
        for name, value in self.model["constants"]:
            self.w("%s = %d" % (name, value))
        self.w()

    # -- handles -----------------------------------------------------------------------------------------------
    def handles(self):
        module, bases = HANDLE_BASES.get(self.model["family"], (None, {}))
        if bases:
            names = ["%s as _base_%s" % (b, b) for b in sorted(bases.values())]
            line = "from %s import %s" % (module, ", ".join(names))
            self.ws([line] if len(line) <= LIMIT else wrapped("from %s import (" % module, names, ")"))
            self.w()
        for d in self.model["decls"]:
            if d["kind"] != "typedef":
                continue
            name = d["name"]
            t = CType.from_json(d["type"])
            kind = self.kind(name)
            if kind not in ("handle_ptr", "handle_int", "fnptr"):
                continue
            doc = docstring.quoted(docstring.wrap(d["doc"], WIDTH - 4), "    ", False) if d.get("doc") else []
            if not t.ptrs and t.fn is None and t.base in self.index.typedefs and self.kind(t.base) == kind:
                self.w("class %s(%s):" % (name, t.base))
                self.ws(doc)
                self.w("    __slots__ = ()")
                self.w()
                continue
            self.ws(["class %s(%s):" % (name, "_base_" + bases[name] if name in bases else
                                        "_s.IntHandle" if kind == "handle_int" else
                                        "_s.FunctionPointer" if kind == "fnptr" else "_s.PointerHandle")] + doc)
            if name in bases:
                self.w("    __slots__ = ()")
                if name in STREAM_TYPES:
                    self.w("    _stream_protocol = True  # also any object with __cuda_stream__")
            elif kind == "handle_int":
                r = self.resolved(CType(name))
                lo, hi = INT_RANGES[r.base]
                self.w("    __slots__ = ()")
                self.w("    _ctype = %r" % r.base)
                self.w("    _lo, _hi = %d, %d" % (lo, hi))
            elif kind == "fnptr":
                self.w("    __slots__ = ()")
            else:
                self.w("    __slots__ = ()")
                if name in STREAM_TYPES:
                    self.w("    _stream_protocol = True  # also any object with __cuda_stream__")
            self.w()

    # -- structs --------------------------------------------------------------------------------------------------
    def structs(self):
        # a tag's class is its tag (TypeNames); typedef names become subclasses
        # a typedef may name a struct defined further down (CUDA 13.5): its subclass waits for the parent
        emitted, waiting = set(), {}
        self.documented = set()  # struct classes with the header's text (their typedefs' classes share it)

        def subclass(name, parent):
            if parent not in emitted:
                waiting.setdefault(parent, []).append(name)
                return
            self.w("class %s(%s):" % (name, parent))
            if parent in self.documented:  # help() shows no inherited class docstring
                self.w("    __doc__ = %s.__doc__" % parent)
                self.documented.add(name)
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

    def struct(self, d):
        tag = d["tag"]
        ctag = "%s %s" % (d["kind"], tag)
        fields = self.flat_fields(d)
        cname = ctag
        if d.get("anonymous"):
            cname = self._anon_cname(ctag)
        self.w("class %s(_s.Struct):" % tag)
        doc = struct_docstring(d, fields, self.typer)
        if len(doc) > 1:
            self.documented.add(tag)
        self.ws(doc)
        self.w("    __slots__ = ()")
        self.w("    _cname = %r" % (cname,))
        names = ["%r" % n for n, _ in fields]
        self.ws(wrapped("_fields = (", names, ")", indent="    ", tuple_=True))
        pairs = self.callback_fields(fields)
        for name, t in fields:
            if name in pairs:
                desc = pairs[name]
            else:
                desc = self.field_descriptor(name, t, fields)
            self.w("    %s = %s" % (self.attr(name), desc))
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

    # -- functions ----------------------------------------------------------------------------------------------------
    def functions(self):
        lowering, functions = lower(self.model, "tuple", self)
        self.function_of = {f["name"]: f for f in self.model["functions"]}
        self.docstrings = {}  # C name -> the wrapper's docstring lines (emit_pyi writes them too)
        self.slots = lowering.slots
        self.lowered = {lf.cname: lf for lf in functions}
        for lf in functions:
            self.function(lf)

    def fast_table(self):
        """On CPython, the functions ``cudacffi._fastcall`` calls whole (``lowering.FastCall``) become its callables,
        each falling back to the wrapper above for anything but plain ints and handles, and for the first call
        (binding). A wrapper whose lowering grew a step the entry cannot make (an override) keeps its own call."""
        rows = []
        for i, (f, fc) in enumerate(fast_calls(self.model)):
            lf = self.lowered[f["name"]]
            handle_ins = {lf.params[k].pyname + "_ = " for k in (x.index for x in fc.ins)}
            addresses = [lf.params[x.index].pyname for x in fc.ins if x.kind in (FAST_ADDRESS, FAST_KPARAMS)]
            plain = [lf.params[x.index].pyname for x in fc.ins]  # ints the entry takes; others go to the wrapper
            allowed = tuple(handle_ins) + ("_o_", "_t_", "_sv") + tuple(
                "if %s.__class__ is int and %s >= 0:" % (a, a) for a in addresses) + tuple(
                "if %s.__class__ is not int:" % p for p in plain) + tuple(
                "if not isinstance(%s, int):" % p for p in plain) + tuple(
                "    %s = _s.check_integer(" % p for p in plain)
            if addresses:
                allowed += ("else:",) + tuple("    %s_, %s_k = " % (a, a) for a in addresses)
            for o in fc.outs:  # a string's buffer (lowering's bytes_out): made in C instead
                if o.wrap == FAST_CHARS:
                    length, buf = lf.params[fc.ins[o.by].index].pyname, "_b_" + lf.params[o.index].pyname
                    allowed += ("if %s.__class__ is int and 0 < %s <= " % (length, length), "    %s = " % buf,
                                "else:  # 0 (room for the NUL)")
            if lf.callbacks or lf.held or lf.query or any(not line.startswith(allowed) for line in lf.pre):
                continue
            if any(not line.startswith("_h_") for line in lf.post):
                continue
            typed = [o for o in fc.outs if o.wrap == FAST_TYPED]  # its storage: _typed.out, the only other step
            if typed and sum(line.startswith("_t_") for line in lf.pre) != 1:
                continue
            ins = ", ".join("(%d, %d, %d, %s)" % (x.kind, x.lo, x.hi, x.cls or "None") for x in fc.ins)
            outs = ", ".join("(%d, %d, %r)" % (o.wrap, o.by, o.cls) if o.by is not None else
                             "(%d, %d, %s)" % (o.wrap, o.signed, o.cls or "None") for o in fc.outs)
            rows.append("(%d, %s, (%s), (%s))" % (i, lf.name, ins + "," if len(fc.ins) == 1 else ins,
                                                     outs + "," if len(fc.outs) == 1 else outs))
        if rows:
            self.w("# (entry, wrapper, inputs (kind, lo, hi, handle class), outputs (kind, signed, class) or (kind, attribute")
            self.w("# argument, table)): see FastCall")
            self.ws(wrapped("_s.fast_calls(globals(), _lib._cc_fast_entry, _OK, %s._by_value, _UNBOUND, (" % self.status,
                            rows, "))", one_per_line=True))
            self.w()
            self.w()

    def docstring(self, lf, indent="    "):
        """The wrapper's docstring lines (the ``.pyi`` stub has the same)."""
        f = self.function_of[lf.cname]
        sig = [p.pyname + p.default for p in lf.inputs]
        outs = outputs(f)
        returns = "(%s)" % ", ".join([self.status] + [p["pyname"] for p in outs])
        first = docstring.signature(lf.name, sig, returns, docstring.LIMIT - len(indent) - 4)
        doc = f.get("doc")
        params = [(p.pyname, self.typer.input_type(p), p.name) for p in lf.inputs]
        texts = dict((n, t) for n, t in (doc or {}).get("params", ()))
        rows = [(self.status, None if lf.returns_string else (doc or {}).get("returns"))]
        for p in outs:
            if p["dir"] == "return":
                rows.append((self.typer.output_type(p), (doc or {}).get("returns")))
            else:
                rows.append(("%s : %s" % (p["pyname"], self.typer.output_type(p)), texts.get(p["name"])))
        return docstring.function(first, doc, params, rows, (), lf.c_note(), indent)

    def function(self, lf):
        """One wrapper: conversions, the stub call, cffi's argument errors named, ``(status, *outputs)``."""
        ins = lf.inputs
        sig = [p.pyname + p.default for p in ins]
        out_names = [p.pyname for p in lf.outputs] + (["bytes"] if lf.returns_string else [])
        name = lf.name
        self.ws(wrapped("def %s(" % name, sig, "):"))
        self.ws(self.docstrings.setdefault(lf.cname, self.docstring(lf)))
        if lf.uses_scratch:
            self.w("    _scr = _scratch")
        for line in lf.pre:
            self.w("    " + line)
        bv = lf.by_value
        if bv is None:
            call = "_r = _cc_%s(%s)" % (lf.cname, ", ".join(lf.args))
        else:
            call = "_v = _cv_%s(%s)" % (lf.cname, ", ".join(lf.args))
        self.w("    try:")
        self.w("        %s" % call)
        self.w("    except (TypeError, OverflowError) as _e:")
        for cb, _ in lf.callbacks:
            self.w("        _cbk.release(%s)" % cb)
        checks = lf.check_args()
        callargs = ", ".join(p.pyname for p in ins)
        if lf.refixes_floats:  # integral floats: called again with ints
            self.ws(wrapped("_f = _diagnose(%r, _e, (" % name, checks, "))", "        ", tuple_=True))
            self.ws(wrapped("return %s(" % name, ["_f.get(%r, %s)" % (p.pyname, p.pyname) for p in ins], ")",
                            "        "))
        else:
            self.ws(wrapped("_diagnose(%r, _e, (" % name, checks, "))", "        ", tuple_=True))
        for cb, lifetime in lf.callbacks:
            if lifetime == "call":
                self.w("    _cbk.release(%s)" % cb)
        if bv is not None or lf.returns_status:
            pad = "    "
            if bv is not None:  # a failure is a value out of range (see lowering.ByValue)
                if bv.encoding == "small":
                    self.w("    if _v < %d:" % SMALL_FAILED)
                    self.w("        _r = _v + %d" % (1 << 63))
                else:
                    sentinel = SENTINELS[bv.encoding]
                    self.w("    if _v == %s:" % (hex(sentinel) if sentinel > 0 else sentinel))
                    self.w("        _r = _cc_status()")
                pad = "        "
            self.w(pad + "if _r:")
            for cb, lifetime in lf.callbacks:
                if lifetime != "call":
                    self.w(pad + "    _cbk.release(%s)  # the callback will never fire" % cb)
            self.w(pad + "    if _r == _UNBOUND:")
            self.w(pad + "        _bind(%r)" % lf.cname)
            self.w(pad + "        return %s(%s)" % (name, callargs))
            nones = "".join(" None," for _ in out_names)
            self.w(pad + "    return (_status(_r, _r),%s)" % nones.rstrip(","))
            for line in lf.post:
                self.w("    " + line)
            self.ws(wrapped("return (", ["_OK"] + lf.results, ")", "    ", tuple_=True))
        else:  # a function returning a string (nvrtcGetErrorString): always success
            self.w("    if _r == _ffi.NULL:")
            self.w("        _bind(%r)" % lf.cname)
            self.w("        return %s(%s)" % (name, callargs))
            self.w("    return (_OK, _ffi.string(_r))")
        self.w()
        self.w()


def header_docstring(family, version, style):
    """A generated module's docstring: what it is, from which headers, by which codegen (``text.mark`` adds its
    version and content hash to the first line)."""
    return ['"""%s API generated from CUDA %s by codegen - do not edit.' % (family, version), "",
            "cuda.bindings-compatible, %s. Regenerate with ``python build_cffi.py``; change codegen/ or its" % style,
            "overrides, never this file.", '"""']


def enum_docstring(name, decl, rows, indent=""):
    """``Name.__doc__ = \"\"\"...\"\"\"``: an enum's description and its members' (``rows``: (Python name, C name,
    value)), or nothing where the header documents neither."""
    docs = decl.get("member_docs", {})
    heads = [("%s = %d" % (py, v) + ("" if py == c else " (%s)" % c), docs.get(c)) for py, c, v in rows]
    lines = docstring.members(decl.get("doc"), heads, WIDTH - len(indent))
    if not lines:
        return []
    out = docstring.quoted(lines, indent)
    if indent:  # a class body's docstring (the .pyi stubs)
        return out
    # Name.__doc__ = """\ and the text on the next line (raw: that line starts the text; cleandoc drops it)
    quote = 'r"""' if out[0].startswith("r") else '"""'
    return [docstring.Verbatim("%s.__doc__ = %s%s" % (name, quote, "" if quote == 'r"""' else "\\")),
            docstring.Verbatim(out[0][len(quote):])] + out[1:]


def struct_docstring(d, fields, typer, indent="    "):
    """A struct class's docstring: ``struct TAG.``, then where the header documents it its description and
    fields (each with its Python type)."""
    docs = {}
    for f in _all_fields(d, typer.pw):
        if f.get("doc"):
            docs.setdefault(f["name"], f["doc"])
    rows = [("%s : %s" % (typer.pw.attr(n), typer.field_type(t)), docs.get(n)) for n, t in fields]
    lines = docstring.fields("%s %s." % (d["kind"], d["tag"]), d.get("doc"), rows, WIDTH - len(indent))
    return docstring.quoted(lines or ["%s %s." % (d["kind"], d["tag"])], indent, closing_apart=bool(lines))


def _all_fields(d, names):
    """A struct's field dicts, the members of its anonymous unions and structs lifted in (as ``flat_fields``)."""
    out = []
    for f in d["fields"]:
        if f["name"] is None:
            out += _all_fields(names.index.structs[f["type"]["base"]], names)
        else:
            out.append(f)
    return out


def emit(model):
    return PyWriter(model).module()
