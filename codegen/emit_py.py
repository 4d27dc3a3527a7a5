"""Emit a family's Python layer: enums, constants, handle and struct classes, function wrappers.

Each wrapper converts its arguments (handles to ints, buffers to addresses, lists to C arrays), calls the
family's C stub, and returns cuda.bindings' tuple: the status, then the outputs in C order (all None on
error). Outputs go through per-thread scratch slots, so a call allocates nothing in C. cffi's own
argument errors are re-raised naming the parameter.
"""

from . import docstring
from .emit_c import fast_calls
from .emit_classes import ClassWriter, enum_lines, module_head
from .decisions.checks import HOST_SIZES, TRACKED
from .lowering import FAST_ADDRESS, FAST_CHARS, FAST_KPARAMS, FAST_TYPED, SENTINELS, SMALL_FAILED, lower
from .signature import outputs
from .status import model_status
from .text import wrapped

_NOQA = "# ruff: noqa: F821 (the stubs _cc_<name> and _cv_<name> are bound as globals from _lib below)"


class PyWriter(ClassWriter):
    """Renders the tuple-style module: the shared head, enums and classes (``emit_classes``), and the functions
    as ``lowering`` lowered them, each returning ``(status, *outputs)``."""

    def __init__(self, model):
        ClassWriter.__init__(self, model)
        self.status = model_status(model)
        self.slots = {}  # attr -> ctype, for the per-thread scratch (filled by the lowering)

    # -- module ---------------------------------------------------------------------------------------------
    def module(self):
        m = self.model
        imports = ["from cudacffi import _support as _s", "from cudacffi import _loader",
                   "from cudacffi._%s import ffi as _ffi, lib as _lib" % m["family"]]
        if any(p["dir"] == "kernel_params" for f in m["functions"] for p in f["params"]):
            imports.append("from cudacffi._kernel_params import kernel_params as _kernel_params")
        if self.callback_types:
            imports.append("from cudacffi import _callbacks as _cbk")
        if m["family"] in TRACKED or any(f["name"] in HOST_SIZES for f in m["functions"]):
            imports.append("from cudacffi import _call_checks as _chk")
        for line in module_head(m, "tuple style", imports, _NOQA):
            self.w(line)
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
        if m["family"] in TRACKED:
            self.w("_programs = _chk.Programs(%s)  # the live handles (codegen/decisions/checks.py: TRACKED)"
                   % TRACKED[m["family"]][0])
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
                self.ws(enum_lines(name, d["members"], d, [(n, n, v) for n, v in d["members"]]))
        for name, target in self.enum_aliases:
            self.w("%s = %s" % (name, target))
        self.w()

    def constants(self):
        for name, value in self.model["constants"]:
            self.w("%s = %d" % (name, value))
        self.w()

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
            rows.append("(%d, %s, (%s), (%s))" % (i, self.defname(lf), ins + "," if len(fc.ins) == 1 else ins,
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

    @staticmethod
    def defname(lf):
        """The name the lowered body of ``lf`` is defined under: its own, or ``_<name>`` behind a guard."""
        return "_" + lf.name if lf.tracked is not None and lf.tracked.role != "create" else lf.name

    def guard(self, lf, sig, docstring, outputs):
        """The wrapper of a function taking a tracked handle (``lowering.Tracked``): the checks of
        ``codegen/decisions/checks.py`` (the handle live and held for the call, or claimed to destroy it; no
        handle for another parameter; no NULL where one is refused), then the body ``_<name>``."""
        t, name = lf.tracked, lf.name
        call = "_%s(%s)" % (name, ", ".join(p.pyname for p in lf.inputs))
        bad = "(%s)" % ", ".join([t.invalid] + ["None"] * outputs) if outputs else "(%s,)" % t.invalid
        h = t.handle
        self.ws(wrapped("def %s(" % name, sig, "):"))
        self.ws(docstring)
        if t.role == "destroy":
            self.w("    _pv = _programs.value(%s)" % h)
            self.w("    if _pv is None and _chk.is_null(%s):" % h)
            self.w("        return %s" % bad)
            self.w("    if _pv is not None:")
            self.w("        _why = _programs.claim(_pv)")
            self.w("        if _why == _chk.IN_USE:")
            self.w("            raise _chk.in_use(%r)" % name)
            self.w("        if _why is not None:")
            self.w("            return %s" % bad)
            self.w("    return " + call)
        else:
            if t.others:
                self.ws(wrapped("_chk.not_a_handle(%r, %r, (" % (name, t.others), [p for p in t.others], "))", "    ",
                                tuple_=True))
            if t.required:
                self.ws(wrapped("_chk.required(%r, %r, (" % (name, t.required), list(t.required), "))", "    ",
                                tuple_=True))
            self.w("    _pv = _programs.value(%s)" % h)
            self.w("    if _pv is None:")
            self.w("        return %s if _chk.is_null(%s) else %s" % (bad, h, call))
            self.w("    _held = _programs.enter(_pv)")
            self.w("    if _held.__class__ is str:")
            self.w("        return " + bad)
            self.w("    try:")
            self.w("        return " + call)
            self.w("    finally:")
            self.w("        _held.leave()")
        self.w()
        self.w()

    def function(self, lf):
        """One wrapper: conversions, the stub call, cffi's argument errors named, ``(status, *outputs)``; for a
        function a tracked handle's ``destroy`` or ``use`` (``lowering.Tracked``), the body is ``_<name>``, which
        the wrapper ``guard`` writes calls once the handle is checked (and the body calls again after binding)."""
        ins = lf.inputs
        sig = [p.pyname + p.default for p in ins]
        out_names = [p.pyname for p in lf.outputs] + (["bytes"] if lf.returns_string else [])
        name = lf.name
        defname = self.defname(lf)
        docstring = self.docstrings.setdefault(lf.cname, self.docstring(lf))
        if defname != name:
            self.guard(lf, sig, docstring, len(out_names))
        self.ws(wrapped("def %s(" % defname, sig, "):"))
        if defname == name:
            self.ws(docstring)
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
            self.ws(wrapped("return %s(" % defname, ["_f.get(%r, %s)" % (p.pyname, p.pyname) for p in ins], ")",
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
            self.w(pad + "        return %s(%s)" % (defname, callargs))
            nones = "".join(" None," for _ in out_names)
            self.w(pad + "    return (_status(_r, _r),%s)" % nones.rstrip(","))
            for line in lf.post:
                self.w("    " + line)
            if lf.tracked is not None and lf.tracked.role == "create":  # a live handle from now on
                out = next(p.output for p in lf.params if p.pyname == lf.tracked.handle)
                self.w("    _programs.add(%s._v)" % out)
            self.ws(wrapped("return (", ["_OK"] + lf.results, ")", "    ", tuple_=True))
        else:  # a function returning a string (nvrtcGetErrorString): always success
            self.w("    if _r == _ffi.NULL:")
            self.w("        _bind(%r)" % lf.cname)
            self.w("        return %s(%s)" % (defname, callargs))
            self.w("    return (_OK, _ffi.string(_r))")
        if defname != name:  # the body behind the guard, as functools.wraps would name it
            self.w("%s.__wrapped__ = %s" % (name, defname))
        self.w()
        self.w()


def emit(model):
    return PyWriter(model).module()
