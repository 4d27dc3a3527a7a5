"""Emit the exception-style Python layer of a family (cuda.bindings' ``nvjitlink`` / ``nvvm`` conventions).

Functions are snake_case without the family prefix (``nvJitLinkGetLinkedCubin`` -> ``get_linked_cubin``),
handles are plain ints, outputs are returned directly (none: ``None``; several: a tuple), and a failing
status raises ``<prefix>Error`` (``nvJitLinkError``) carrying it. Enums lose the prefix too
(``nvJitLinkInputType.NVJITLINK_INPUT_PTX`` -> ``InputType.PTX``). A getter that fills a caller buffer is
checked against its ``...Size`` function before the call, so a short buffer is refused, never overrun.

The C side is the tuple style's (``emit_c``) plus two functions for ``cudacffi._exception_style.bind_versioned``:
one binds a function to its public name when the library lacks the header's versioned symbol, one asks the library
its version whether or not the headers declare the version function.
"""

import re

from . import docstring, emit_c
from .ctype import CType
from .decisions.coverage import HAND_WRITTEN
from .emit_classes import (ClassWriter, Lines, enum_lines, enum_stub, fitted, module_head,
                           struct_docstring, stub_head)
from .lowering import TypeNames, lower, prefix, python_name, size_function, snake, tracked_handles  # noqa: F401
from .text import LIMIT, wrapped


def enum_members(members):
    """Member names without their shared ``PREFIX_`` (``NVJITLINK_INPUT_PTX`` -> ``PTX``)."""
    names = [n for n, _ in members]
    common = names[0] if names else ""
    for n in names[1:]:
        while not n.startswith(common):
            common = common[:-1]
    common = common[:common.rfind("_") + 1]
    return [(n[len(common):], v) for n, v in members]


def public_module(family):
    """The public module a family's error classes are imported from (``cudacffi.nvjitlink``): their
    ``__module__``, so that a traceback names them there and pickle finds them there."""
    return "cudacffi." + family


# The error class where cuda.bindings names it apart from ``<prefix>Error``
ERROR_NAMES = {"nvml": "NvmlError"}
# Families whose error has one subclass per status, as cuda.bindings.nvml (``UninitializedError`` ...)
STATUS_SUBCLASSES = ("nvml",)
# Families whose enum members are also reachable by their C names less the family prefix (an alias)
LONG_MEMBER_NAMES = ("nvml",)
# Families whose enums without a typedef are classes too, under their tags
TAG_ENUMS = ("cufile",)
# The base of the error class where a family's needs more than the status (cuFile's CUresult, byte counts)
ERROR_BASES = {"cufile": "_x.CuFileStatusError"}
COUNT_UNBOUND = -(1 << 63)  # a count stub's value while unbound (emit_c.COUNT_UNBOUND)
_BUILTIN_ERRORS = ("MemoryError", "TimeoutError")  # subclasses named Nvml... first, so as not to hide these

# Enums that a header spells as groups of #defines and cuda.bindings makes classes of: (class, macro prefix,
# {macro suffix left out or renamed: new name or None}, extra (member, macro) pairs, whether only the first macro
# of each value is a member). A member is its macro less the prefix, camel case made upper snake
# (nvmlEventTypeXidCriticalError -> XID_CRITICAL_ERROR); nvml.h keeps older spellings of the clock reasons beside
# the new ones, which are no members, where two field ids of one value are both. A macro a header lacks leaves its
# member out. The values are the model's constants (Family.const_prefixes).
DEFINE_ENUMS = {
    "nvml": (
        ("AffinityScope", "NVML_AFFINITY_SCOPE_", {}, (), False),
        ("ClocksEventReasons", "nvmlClocks", {"EventReasonAll": None, "ThrottleReasonAll": None}, (), True),
        ("DeviceArch", "NVML_DEVICE_ARCH_", {}, (), False),
        ("EventType", "nvmlEventType", {"All": None}, (("MIG_CONFIG_CHANGE", "nvmlEventMigConfigChange"),), False),
        ("FanControlPolicy", "NVML_FAN_POLICY_", {"TEMPERATURE_CONTINOUS_SW": "TEMPERATURE_CONTINUOUS_SW"}, (),
         False),
        ("FieldId", "NVML_FI_", {"MAX": None}, (), False),
        ("SystemEventType", "nvmlSystemEventType", {"Count": None}, (), False),
    ),
}
# #define constants a family's module has, less the family prefix (NVML_NVLINK_MAX_LINKS -> NVLINK_MAX_LINKS)
DEFINE_CONSTANTS = {"nvml": ("NVML_NVLINK_MAX_LINKS", "NVML_MAX_GPU_UTILIZATIONS")}
# Header enums whose members cuda.bindings also names with a prefix of its own: (class, prefix of the aliases)
MEMBER_ALIASES = {"nvml": (("CoolerTarget", "THERMAL_"), ("NvlinkVersion", "VERSION_"))}


def define_enum_members(constants, prefix_, changes, extra, unique):
    """[(member, value)] of a #define enum (DEFINE_ENUMS) from the model's [(macro, value)] constants."""
    members, seen = [], set()
    for macro, value in constants:
        if not macro.startswith(prefix_):
            continue
        suffix = macro[len(prefix_):]
        name = changes.get(suffix, suffix)
        if name is None or (unique and value in seen):
            continue
        seen.add(value)
        if name != name.upper():  # camel case
            name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).upper()
        members.append((name, value))
    values = dict(constants)
    members += [(name, values[macro]) for name, macro in extra if macro in values]
    return sorted(members, key=lambda mv: mv[1])  # stable: aliases after the first name of their value


def hand_written(model, f):
    """Whether ``f``'s Python wrapper is cudacffi/<family>.py's, not generated."""
    return f["name"] in HAND_WRITTEN.get(model["family"], ())


def status_subclass(member):
    """``ERROR_DRIVER_NOT_LOADED`` -> ``DriverNotLoadedError``."""
    words = member[6:] if member.startswith("ERROR_") else member
    return "".join(w.capitalize() for w in words.split("_")) + "Error"


def python_type_name(prefix_, name):
    """An enum or struct typedef's Python name: without the family prefix and ``_t`` (``nvmlMemory_t`` ->
    ``Memory``; ``nvJitLinkResult`` -> ``Result``)."""
    if prefix_ == "cuFile":  # CUfileOpError -> OpError, CUFileSizeTConfigParameter_t -> SizeTConfigParameter
        name = re.sub(r"^CU[Ff]ile", "", name)
        return name[:-2] if name.endswith("_t") else name
    if name.startswith(prefix_):
        name = name[len(prefix_):]
    return name[:-2] if name.endswith("_t") and prefix_ == "nvml" else name


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

class ExcWriter(Lines):
    """Renders the exception-style module: the shared head, enums (without the prefix) and struct classes
    (``emit_classes``), the error class, and the functions as ``lowering`` lowered them, each returning its
    outputs or raising."""

    def __init__(self, model):
        self.model = model
        self.names = TypeNames(model)
        self.index = self.names.index
        self.prefix = prefix(model)
        self.error = ERROR_NAMES.get(model["family"], self.prefix + "Error")
        self.lines = []
        self.slots = {}
        self.enum_class = {}  # C typedef name -> Python enum name
        for d in self.enum_typedefs():
            self.enum_class[d["name"]] = python_type_name(self.prefix, d["name"])
        self.has_structs = any(d["kind"] in ("struct", "union") and not d.get("opaque") and d.get("fields")
                               for d in model["decls"])

    def enum_typedefs(self):
        named = set()
        for d in self.model["decls"]:
            if d["kind"] != "typedef":
                continue
            t = CType.from_json(d["type"])
            if t.base.startswith("enum ") and not t.ptrs:
                named.add(t.base)
                yield d
        if self.model["family"] in TAG_ENUMS:  # enum CUfileFileHandleType, which no typedef names
            for d in self.model["decls"]:
                if d["kind"] == "enum" and not d.get("anonymous") and "enum " + d["tag"] not in named:
                    yield {"kind": "typedef", "name": d["tag"], "type": {"base": "enum " + d["tag"]}}

    def module(self):
        m = self.model
        fam = m["family"]
        for line in module_head(m, "exception style", [
                "from cudacffi import _exception_style as _x", "from cudacffi import _loader",
                "from cudacffi import _support as _s", "from cudacffi._%s import ffi as _ffi, lib as _lib" % fam]):
            self.w(line)
        self.enums()
        status = self.enum_class[m["status"]]
        self.w()
        self.w()
        self.w("class %s(%s):" % (self.error, ERROR_BASES.get(fam, "_x.StatusError")))
        self.w('    """Raised when an %s call fails: ``status`` is its %s, ``str(e)`` is ``"NAME (code)"``."""'
               % (self.prefix, status))
        self.w()
        self.w("    __module__ = %r  # its public home, for tracebacks and pickle" % public_module(fam))
        self.w("    _enum = %s" % status)
        if fam in ERROR_BASES:  # the status struct's detail (cuFile: the CUresult beside the OpError)
            self.w("    _detail = staticmethod(_lib._cc_status_detail)")
            self.w("    _cu_enum = CUresult")
        self.w()
        self.w()
        if m["family"] in STATUS_SUBCLASSES:
            self.status_subclasses(status)
        if self.has_structs:
            self.structs()
        body = self.lines
        self.lines = []
        lowering, functions = lower(m, "exception", self.names)
        self.slots = lowering.slots
        self.function_of = {f["name"]: f for f in m["functions"]}
        self.docstrings = {}
        for f, lf in zip(m["functions"], functions):
            if not hand_written(m, f):
                self.function(lf)
        funcs = self.lines
        self.lines = body
        self.w("_UNBOUND = _lib._CC_UNBOUND")
        self.w('_CHARS = _ffi.typeof("char[]")')
        self.ws(wrapped("_scratch = _s.Scratch(_ffi, {", ["%r: %r" % kv for kv in sorted(self.slots.items())], "})"))
        self.w("_bind = _library.bind")
        self.w("_diagnose = _s.diagnose")
        self.w("_handle = _s.handle_value")
        for h in tracked_handles(m):
            self.w("_live_%s = _x.LiveHandles(%r)" % (h, h))
        self.w()
        self.w()
        self.lines += funcs
        self.ws(wrapped("_FUNCTIONS = {", ["%r: %d" % (f["name"], i) for i, f in enumerate(m["functions"])], "}"))
        self.w("_library.functions = _FUNCTIONS")
        self.ws(wrapped("_library.symbols = {", ["%r: %r" % (f["name"], f["symbol"]) for f in m["functions"]], "}",
                        one_per_line=True))
        if versioned(m):
            version_fn = self.prefix + "Version"
            self.w("_library.on_load = _x.bind_versioned(%r)" % version_fn)
        return "\n".join(self.lines) + "\n"

    def status_subclasses(self, status):
        """One subclass of the error per failing status; ``raise Error(status)`` makes the status's own."""
        pairs = []
        for member, value, cls, name in self.status_classes():
            self.w("class %s(%s):" % (cls, self.error))
            self.w('    """%s.%s"""' % (status, member))
            self.w()
            self.w("    __module__ = %r" % public_module(self.model["family"]))
            self.w()
            self.w()
            if cls != name:
                self.w("%s = %s" % (name, cls))
                self.w()
                self.w()
            pairs.append("%d: %s" % (value, cls))
        self.ws(wrapped("%s._by_status = {" % self.error, pairs, "}"))
        self.w()
        self.w()

    def status_classes(self):
        """(member, value, class name, cuda.bindings' short name) of each failing status."""
        decl = self.index.enums[CType.from_json(next(d for d in self.enum_typedefs()
                                                     if d["name"] == self.model["status"])["type"]).base]
        out = []
        for member, value in enum_members(decl["members"]):
            if value:
                name = status_subclass(member)
                out.append((member, value, self.prefix.capitalize() + name if name in _BUILTIN_ERRORS else name, name))
        return out

    def structs(self):
        """The struct classes (readable objects with attribute access, as the tuple style's), under the C
        typedef names and cuda.bindings' (``nvmlMemory_t`` and ``Memory``); their enum and handle fields
        need those classes under their C names too."""
        pw = self.pw_typer().pw
        for cname, pyname in self.enum_class.items():
            if cname != pyname:
                self.w("%s = %s" % (cname, pyname))
        self.w()
        pw.handles()
        pw.structs()
        self.lines += pw.lines
        self.snake_fields()
        self.w("_s.bind_classes(globals(), _ffi)  # this family's ffi for its struct classes")
        for alias, name in self.struct_aliases():
            self.w("%s = %s" % (alias, name))
        self.w()
        self.w()

    def pw_typer(self):
        """The ``.pyi`` types of the struct fields (the shared ``ClassWriter`` renders the struct classes)."""
        if not hasattr(self, "_pw"):
            self._pw = ClassWriter(self.model)
        return self._pw.typer

    def struct_typedefs(self):
        """The typedef names of the struct classes."""
        for d in self.model["decls"]:
            if d["kind"] != "typedef" or d["name"] in self.enum_class:
                continue
            t = CType.from_json(d["type"])
            if not (t.ptrs or t.dims or t.fn is not None) and self.names.kind(d["name"]) == "struct":
                yield d["name"]

    def struct_aliases(self):
        """(cuda.bindings' name, typedef name) of the struct classes: ``Memory`` for ``nvmlMemory_t``."""
        taken = set(self.enum_class.values()) | {self.error}
        out = []
        for name in self.struct_typedefs():
            alias = python_type_name(self.prefix, name)
            if alias != name and alias not in taken and alias.isidentifier():
                taken.add(alias)
                out.append((alias, name))
        return out

    def snake_fields(self):
        """Each struct field also under cuda.bindings' snake_case name, its strings as text
        (``nvmlPciInfo_st.bus_id`` reads ``busId`` as str)."""
        for d in self.model["decls"]:
            if d["kind"] not in ("struct", "union") or d.get("opaque") or d.get("anonymous"):
                continue
            for name, t in self.names.flat_fields(d):
                alias = self.names.attr(snake(name))
                if t.dims and not t.ptrs and t.base == "char":
                    self.w("%s.%s = _s.TextField(%r, %d)" % (d["tag"], alias, name, t.dims[0]))
                elif alias != name:
                    self.w("%s.%s = %s.__dict__[%r]" % (d["tag"], alias, d["tag"], self.names.attr(name)))
        self.w()

    def enum_classes(self):
        """[(class, [(member, value, C name or None)], header's enum or None, docstring rows)] of every enum class:
        the header's (members less their shared prefix, and cuda.bindings' other names for them), then the
        #define enums (DEFINE_ENUMS)."""
        out = []
        for d in self.enum_typedefs():
            decl = self.index.enums[CType.from_json(d["type"]).base]
            name = self.enum_class[d["name"]]
            short = enum_members(decl["members"])
            rows = [(py, c, v) for (py, v), (c, _) in zip(short, decl["members"])]
            members = [(py, v, c) for py, c, v in rows]
            if self.model["family"] in LONG_MEMBER_NAMES:  # CLOCK_SM beside SM, as cuda.bindings.nvml
                names = {n for n, _ in short}
                members += [(n[len(self.prefix) + 1:], v, n) for n, v in decl["members"]
                            if n[len(self.prefix) + 1:] not in names]
            aliases = dict(MEMBER_ALIASES.get(self.model["family"], ())).get(name)
            if aliases:  # THERMAL_GPU beside GPU, as cuda.bindings.nvml
                members += [(aliases + py, v, c) for py, c, v in rows]
            out.append((name, members, decl, rows))
        for name, members in self.define_enums():
            out.append((name, [(n, v, None) for n, v in members], None, ()))
        return out

    def enums(self):
        for name, members, decl, rows in self.enum_classes():
            self.ws(enum_lines(name, [(n, v) for n, v, _ in members], decl, rows))
        values = dict(self.model["constants"])
        for macro in DEFINE_CONSTANTS.get(self.model["family"], ()):
            if macro in values:
                self.w("%s = %d" % (macro[len(self.prefix) + 1:], values[macro]))
    def define_enums(self):
        """[(class, [(member, value)])] of the family's #define enums (DEFINE_ENUMS) that this header has."""
        out = []
        for name, prefix_, changes, extra, unique in DEFINE_ENUMS.get(self.model["family"], ()):
            members = define_enum_members(self.model["constants"], prefix_, changes, extra, unique)
            if members:
                out.append((name, members))
        return out

    def insufficient_size(self):
        """The status saying a list needs more room than given (NVML_ERROR_INSUFFICIENT_SIZE)."""
        decl = self.index.enums[CType.from_json(next(d for d in self.enum_typedefs()
                                                     if d["name"] == self.model["status"])["type"]).base]
        return next(v for n, v in decl["members"] if n.endswith("INSUFFICIENT_SIZE"))

    def output_type(self, p):
        """An output's Python type: int (sizes, versions, handles, enums), str, a list, or a struct class."""
        kind = p.direction.kind
        if kind == "out_bytes":
            return "str" if p.output and ".decode(" in p.output else "bytes"
        if kind == "out_list":
            return "list"
        inner = p.element
        if inner is not None and not inner.ptrs and inner.base != "void" and self.names.kind(inner.base) == "struct":
            return self.names.class_for(inner.base)
        return "int"

    def returns(self, lf):
        """The annotation of what a function returns: None, one value, or a tuple of them."""
        types = [self.output_type(p) for p in lf.outputs]
        if lf.returns_count:
            types.append("int")
        if lf.returns_string:
            types.append("str")
        if not types:
            return "None"
        return types[0] if len(types) == 1 else "(%s)" % ", ".join(types)

    def docstring(self, lf, indent="    "):
        """The wrapper's docstring lines (the ``.pyi`` stub has the same)."""
        f = self.function_of[lf.cname]
        first = docstring.signature(lf.name, [p.pyname for p in lf.inputs], self.returns(lf), LIMIT - len(indent) - 4)
        doc = f.get("doc") or {}
        texts = dict((n, t) for n, t in doc.get("params", ()))
        params = [(p.pyname, _EXC_INPUTS.get(p.direction.kind, "Any"), p.name) for p in lf.inputs]
        rows = [("%s : %s" % (p.pyname, self.output_type(p)), texts.get(p.name)) for p in lf.outputs]
        raises = []
        if lf.returns_count or lf.returns_string:  # the header's "returns" tells the value
            rows.append(("int" if lf.returns_count else "str", doc.get("returns")))
        elif doc.get("returns"):
            raises.append((self.error, doc["returns"]))
        return docstring.function(first, f.get("doc"), params, rows, raises, lf.c_note(), indent)

    def function(self, lf):
        """One wrapper: conversions, the stub call, cffi's argument errors named, the outputs or a raise. A
        held handle (``lf.held``) is released in a ``finally`` around everything after its check."""
        ins = [p.pyname for p in lf.inputs]
        name = lf.name
        self.ws(wrapped("def %s(" % name, ins, "):"))
        self.ws(self.docstrings.setdefault(lf.cname, self.docstring(lf)))
        held = [i for i, line in enumerate(lf.pre) if any(line.startswith(h + " = ") for h in lf.held)]
        if len(held) != len(lf.held) or len(held) > 1:
            raise ValueError("%s: one tracked handle per function is supported, found %r" % (lf.cname, lf.held))
        for line in lf.pre[:held[0] + 1] if held else []:
            self.w("    " + line)
        body = len(self.lines)
        for line in lf.pre[held[0] + 1:] if held else lf.pre:
            self.w("    " + line)
        call = "_lib._cc_%s(%s)" % (lf.cname, ", ".join(lf.args))
        self.w("    try:")
        self.w("        _r = %s" % call)
        self.w("    except (TypeError, OverflowError) as _e:")
        checks = lf.check_args()
        if lf.refixes_floats:  # integral floats: called again with ints
            self.ws(wrapped("_f = _diagnose(%r, _e, (" % name, checks, "))", "        ", tuple_=True))
            self.ws(wrapped("return %s(" % name, ["_f.get(%r, %s)" % (n, n) for n in ins], ")", "        "))
        else:
            self.ws(wrapped("_diagnose(%r, _e, (" % name, checks, "))", "        ", tuple_=True))
        if lf.returns_status:
            self.w("    if _r:")
            self.w("        if _r == _UNBOUND:")
            self.w("            _bind(%r)" % lf.cname)
            self.w("            _r = %s" % call)
            if lf.query:  # the count is known now: room for it, and the call again (while the count grows)
                slot, sizing = lf.query
                self.w("        for _ in range(8):")
                self.w("            if _r != %d:" % self.insufficient_size())
                self.w("                break")
                for line in sizing:
                    self.w("            " + line)
                self.w("            _r = %s" % call)
            self.w("        if _r:")
            self.w("            raise %s(_r)" % self.error)
            for line in lf.post:
                self.w("    " + line)
            results = lf.results
            if not results:
                self.w("    return None")
            elif len(results) == 1:
                self.w("    return %s" % results[0])
            else:
                self.w("    return (%s)" % ", ".join(results))
        elif lf.returns_count:  # a byte count (cuFileRead), negative on a failure: -OpError or -errno
            self.w("    if _r < 0:")
            self.w("        if _r == %s:" % COUNT_UNBOUND)
            self.w("            _bind(%r)" % lf.cname)
            self.w("            _r = %s" % call)
            self.w("        if _r < 0:")
            self.w("            raise %s(-_r)" % self.error)
            self.w("    return _r")
        else:  # a string (nvvmGetErrorString); NULL until the library is bound, and where the library has no
            # text ('' then, as cuda.bindings returns for nvFatbinGetErrorString(NVFATBIN_SUCCESS))
            self.w("    if _r == _ffi.NULL:")
            self.w("        _bind(%r)" % lf.cname)
            self.w("        _r = %s" % call)
            self.w("    return _ffi.string(_r).decode() if _r != _ffi.NULL else ''")
        if held:
            self.lines[body:] = ["    try:"] + ["    " + line if line else line for line in self.lines[body:]]
            if any(len(line) > LIMIT for line in self.lines[body:]):
                raise ValueError("%s: a line longer than %d characters in its try block" % (lf.cname, LIMIT))
            self.w("    finally:")
            self.w("        %s.leave()" % lf.held[0])
        self.w()
        self.w()


def emit(model):
    return ExcWriter(model).module()


def render(model):
    """(module text, stub text) of an exception-style family: the stubs repeat the module's docstrings."""
    ew = ExcWriter(model)
    return ew.module(), emit_pyi(model, ew)


# what each input direction takes in the exception style (handles are ints; strings str, bytes or a path)
_EXC_INPUTS = {"in": "int", "in_ref": "int", "in_str": "Union[str, bytes, None]", "in_list": "Sequence[Union[str, bytes]]",
               "in_ptr": "Any", "caller_buf": "Any", "in_struct": "Any", "inout": "int"}


def emit_pyi(model, writer=None):
    """The stub text of an exception-style family (``writer``: the ExcWriter that rendered its module, whose
    docstrings the stubs repeat)."""
    ew = writer or ExcWriter(model)
    if not hasattr(ew, "docstrings"):
        ew.module()
    lines = stub_head(model, ("Any", "Sequence", "Union")) + [
        "", "CUDA_VERSION: int", "_library: Any  # the family's library (cudacffi._loader)", ""]
    for name, members, decl, _ in ew.enum_classes():
        lines += enum_stub(name, members, decl)
    lines.append("class %s(Exception):\n    status: Any\n" % ew.error)
    if model["family"] in STATUS_SUBCLASSES:  # their names, from the generated module itself
        for _, _, cls, name in ew.status_classes():
            lines.append("class %s(%s): ..." % (cls, ew.error) + ("\n%s = %s" % (name, cls) if name != cls else ""))
        lines.append("")
    if ew.has_structs:
        for name in ew.struct_typedefs():
            lines.append("class %s:" % name)
            decl = ew.index.structs.get(ew.names.resolved(CType(name)).base)
            if decl is not None and decl.get("doc") or any(f.get("doc") for f in (decl or {}).get("fields", ())):
                doc = struct_docstring(decl, ew.names.flat_fields(decl), ew.pw_typer(), "    ")
                if len(doc) > 1:
                    lines += doc
            lines.append("    def __init__(self, *args: Any, **fields: Any) -> None: ...\n"
                         "    def __getattr__(self, name: str) -> Any: ...\n    def __setattr__(self, name: str, "
                         "value: Any) -> None: ...\n")
        lines += ["%s = %s" % pair for pair in ew.struct_aliases()] + [""]
    lowering, functions = lower(model, "exception", ew.names)
    for f, lf in zip(model["functions"], functions):
        if hand_written(model, f):
            continue
        args = ["%s: %s" % (p.pyname, _EXC_INPUTS.get(p.direction.kind, "Any")) for p in lf.inputs]
        ret = ew.returns(lf).replace("(", "tuple[").replace(")", "]")
        lines += wrapped("def %s(" % lf.name, args, ") -> %s:" % ret)
        lines += ew.docstrings.get(lf.cname) or ew.docstring(lf)
    return "\n".join(fitted(lines)) + "\n"
