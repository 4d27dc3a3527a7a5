"""The lowering pass: a decided model's functions, one parameter at a time, into what the renderers write.

For each parameter, one rule (``Lowering.RULES``, one per direction of ``directions.KINDS``) decides its
conversion statements, its argument to the C stub, and its output expression; what differs between the
calling conventions (cuda.bindings' tuples for driver/runtime/nvrtc, its exceptions for nvjitlink/nvvm)
is asked of a ``Convention`` object, never forked. The result, a ``LoweredFunction``, is all the Python
renderers (``emit_py``, ``emit_py_exception``) and the ``.pyi`` renderer (``emit_pyi``) need: they format,
they decide nothing. ``TypeNames`` answers what each C type is called in Python (enum, handle and struct
classes), from the model alone.

This module must not import the renderers: they import it.
"""

import keyword
import re
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from . import callbacks
from .ctype import CType
from .decisions.checks import HOST_SIZES, NOT_NULL, TRACKED
from .decisions.names import NAME_OVERRIDES, PREFIXES, RENAMES, WORDS
from .decisions.parameters import BUFFER_EXTENTS, COUNTED_STRUCTS, STRING_OUTPUTS
from .kinds import KINDS, Direction
from .signature import inputs, outputs
from .status import returns_count, returns_status, status_struct
from .type_index import TypeIndex

INT_RANGES = {
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
    "_Bool": (0, 1), "bool": (0, 1), "off_t": (-(1 << 63), (1 << 63) - 1), "loff_t": (-(1 << 63), (1 << 63) - 1),
}
FLOATS = ("float", "double")
HANDLE_KINDS = ("handle_ptr", "handle_int", "fnptr")


# -- what each C type is called in Python ------------------------------------------------------------------------

class TypeNames:
    """The Python class of each C type of a model: enums (by their typedef name), handle and struct classes.
    Made from the model alone, so any renderer can ask it before or without another."""

    def __init__(self, model):
        self.model = model
        self.index = TypeIndex(model)
        self.enum_class = {}  # "enum TAG" -> python enum name; "alias NAME" -> the enum it names
        self.struct_class = {}  # "struct TAG" -> python class name
        self.callback_types = callbacks.callback_types(model)
        typedef_of = {}
        for d in model["decls"]:
            if d["kind"] == "typedef":
                t = CType.from_json(d["type"])
                if t.base.startswith("enum ") and not t.ptrs:
                    typedef_of.setdefault(t.base, d["name"])
        aliases = []
        for d in model["decls"]:
            if d["kind"] == "enum":
                tag = "enum " + d["tag"]
                self.enum_class[tag] = typedef_of.get(tag, d["tag"])
            if d["kind"] == "typedef":  # typedef CUlaunchAttributeID CUkernelNodeAttrID;
                t = CType.from_json(d["type"])
                if not t.ptrs and t.base in self.enum_class.values() and t.base != d["name"]:
                    aliases.append((d["name"], t.base))
        self.enum_aliases = aliases
        for name, target in aliases:
            self.enum_class.setdefault("alias " + name, target)
        for d in model["decls"]:
            if d["kind"] in ("struct", "union") and not d.get("opaque"):
                self.struct_class["%s %s" % (d["kind"], d["tag"])] = d["tag"]

    def resolved(self, t):
        return self.index.resolve(t)

    def kind(self, base):
        return self.index.kind(base)

    def int_range(self, base):
        r = self.resolved(CType(base))
        if r.base.startswith("enum "):
            return INT_RANGES["int"]
        return INT_RANGES.get(r.base)

    def class_for(self, base):
        """Python class for a value of type ``base`` (typedef name or struct/enum tag)."""
        if base.startswith("enum "):
            return self.enum_class.get(base, "int")
        if base.startswith(("struct ", "union ")):
            return self.struct_class[base]
        return base

    def enum_class_of(self, base):
        """The Python enum for a type name: the enum's typedef name (``CUresult``), not its tag."""
        if base.startswith("enum "):
            return self.enum_class[base]
        if base in self.enum_class.values():
            return base
        return self.enum_class_of(self.index.typedefs[base].base)

    def flat_fields(self, d):
        """Fields, with the members of anonymous unions/structs lifted into the parent."""
        out = []
        for f in d["fields"]:
            t = CType.from_json(f["type"])
            if f["name"] is None:
                out += self.flat_fields(self.index.structs[t.base])
            else:
                out.append((f["name"], t))
        return out

    @staticmethod
    def attr(name):
        return name + "_" if keyword.iskeyword(name) else name

    def struct_parent(self, d):
        """The class a struct typedef's class derives from (``typedef struct X_st X`` -> ``X_st``), or None."""
        t = CType.from_json(d["type"])
        if t.ptrs or t.dims or t.fn is not None:
            return None
        if t.base in self.struct_class:
            parent = self.struct_class[t.base]
        elif t.base in self.index.typedefs and self.kind(t.base) == "struct":
            parent = t.base
        else:
            return None
        return parent if parent != d["name"] else None


# -- outputs returned by value -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ByValue:
    """A function whose one output the C stub returns by value (``_cv_<name>``), so that the Python side
    reads no output slot: ``index`` is the output parameter, ``ctype`` its pointee's C type and ``encoding``
    how a failure is told from a value:

    * ``"small"`` (outputs of at most 32 bits): the stub returns the value, or ``INT64_MIN + status`` on a
      failure: every value is above ``SMALL_FAILED``, every failure below it;
    * ``"u64"`` (64-bit unsigned outputs, handles, addresses): the stub returns the value, or ``UINT64_MAX``
      on a failure with the status in a per-thread C variable (``_cc_status()``), which it also sets (to 0)
      when a successful value happens to be ``UINT64_MAX``;
    * ``"i64"`` (64-bit signed outputs): the same with ``INT64_MIN``.
    """

    index: int
    ctype: CType
    encoding: str


SMALL_FAILED = -(1 << 31)  # below every 32-bit value
SENTINELS = {"u64": (1 << 64) - 1, "i64": -(1 << 63)}
WIDE = {"size_t": "u64", "unsigned long": "u64", "unsigned long long": "u64", "uint64_t": "u64", "uintptr_t": "u64",
        "long": "i64", "long long": "i64", "int64_t": "i64", "intptr_t": "i64", "ssize_t": "i64", "off_t": "i64"}


def by_value(names, f):
    """The ``ByValue`` of ``f`` when its one output can travel as the stub's return value, else None: a
    status-returning function with a single plain ``out`` scalar, handle, address or enum and no callback."""
    if not returns_status(names.model, f) or f.get("returns_string"):
        return None
    outs = [k for k, p in enumerate(f["params"]) if KINDS[p["dir"]].is_output]
    if len(outs) != 1:
        return None
    p = f["params"][outs[0]]
    t = CType.from_json(p["type"])
    if p["dir"] != "out" or p.get("any") or t.depth != 1 or t.fn is not None:
        return None
    if any(CType.from_json(q["type"]).base in names.callback_types for q in f["params"]):
        return None
    inner = t.pointee()
    if inner.ptrs:  # void **, char **: an address
        return ByValue(outs[0], inner, "u64")
    if inner.base == "void":
        return None
    kind = names.kind(inner.base)
    if kind in ("handle_ptr", "fnptr"):
        return ByValue(outs[0], inner, "u64")
    if kind == "enum":
        return ByValue(outs[0], inner, "small")
    if kind not in ("primitive", "handle_int"):
        return None
    base = names.resolved(inner).base
    if base in WIDE:
        return ByValue(outs[0], inner, WIDE[base])
    lo_hi = INT_RANGES.get(base)
    if lo_hi and lo_hi[0] >= -(1 << 31) and lo_hi[1] < (1 << 32):
        return ByValue(outs[0], inner, "small")
    return None


# -- calls made whole in C on CPython -----------------------------------------------------------------------------

# how cudacffi._fastcall converts an argument (see cudacffi/_fastcall.c): an int of any int class; a pointer
# handle (its class, any Handle, or a plain int); an integer
# handle (its class or a plain int); an address given as a plain int (extra); kernelParams: an int address, or
# (values, types) tuples of ints, floats and handles, packed in C by the plan cudacffi._kernel_params.c_codes makes
# (other forms - buffers, ctypes values, structs - go to the wrapper)
FAST_INT, FAST_PTR_HANDLE, FAST_INT_HANDLE, FAST_ADDRESS, FAST_KPARAMS = 0, 1, 2, 3, 4
# and what it makes of an output: an int, a handle of the output's class, an enum member (the int if none),
# what an attribute argument types it as (an attr_out: cudacffi._attribute_values' tables, read at import), or the
# bytes of a string the library writes into a buffer of the caller's length (cuDeviceGetName: an out_bytes
# counted by an int input; lengths _fastcall.c's buffer lacks room for go to the wrapper), or a Python float (a
# float or double output, stored in out[] as a double's bits: cuEventElapsedTime's milliseconds)
FAST_PLAIN, FAST_HANDLE, FAST_ENUM, FAST_TYPED, FAST_CHARS, FAST_FLOAT = 0, 1, 2, 4, 5, 6
FAST_MAX_IN, FAST_MAX_OUT = 16, 8  # _fastcall.c's limits


@dataclass(frozen=True)
class FastIn:
    index: int  # the C parameter
    kind: int  # FAST_INT, FAST_PTR_HANDLE, FAST_INT_HANDLE
    lo: int
    hi: int
    cls: Optional[str]  # the handle class


@dataclass(frozen=True)
class FastOut:
    index: int  # the C parameter
    ctype: CType  # its pointee
    signed: bool
    wrap: int  # FAST_PLAIN, FAST_HANDLE, FAST_ENUM, FAST_TYPED, FAST_CHARS, FAST_FLOAT
    cls: Optional[str]  # the handle or enum class; FAST_TYPED: the attribute table
    by: Optional[int] = None  # FAST_TYPED, FAST_CHARS: the position, among the inputs, of the attribute / length


@dataclass(frozen=True)
class FastCall:
    """A function whose whole call ``cudacffi._fastcall`` can make on CPython: every input a scalar, enum or
    handle taken by value, every output a scalar, address, enum or handle. Its ``_cf_<name>`` entry takes the
    inputs and gives the outputs as 64-bit words, so that one C routine converts, calls (the GIL released)
    and builds the result tuple for all of them; anything else goes to the Python wrapper."""

    ins: Tuple[FastIn, ...]
    outs: Tuple[FastOut, ...]


def fast_call(names, f):
    """The ``FastCall`` of ``f``, or None where its wrapper must stay in Python."""
    if not returns_status(names.model, f) or f.get("returns_string") or returns_status_struct_family(names):
        return None
    if any(CType.from_json(q["type"]).base in names.callback_types for q in f["params"]):
        return None
    ins, outs = [], []
    for k, p in enumerate(f["params"]):
        t = CType.from_json(p["type"])
        if p["dir"] == "attr_out" and set(p) - {"name", "type", "dir", "pyname"} == {"table", "by"}:
            outs.append(FastOut(k, CType("uint64_t"), False, FAST_TYPED, p["table"], by=p["by"]))
            continue
        if p["dir"] == "out_bytes" and set(p) - {"name", "type", "dir", "pyname"} == {"count"}:
            outs.append(FastOut(k, CType("char"), False, FAST_CHARS, None, by=p["count"]))
            continue
        if set(p) - {"name", "type", "dir", "pyname"} or t.fn is not None or t.dims:
            return None
        if p["dir"] in ("kernel_params", "extra"):
            ins.append(FastIn(k, FAST_KPARAMS if p["dir"] == "kernel_params" else FAST_ADDRESS, 0, (1 << 64) - 1,
                              None))
        elif p["dir"] == "in" and not t.ptrs:
            spec = _fast_in(names, k, t)
            if spec is None:
                return None
            ins.append(spec)
        elif p["dir"] == "out" and t.depth == 1:
            spec = _fast_out(names, k, t.pointee())
            if spec is None:
                return None
            outs.append(spec)
        else:
            return None
    if (len(ins) > FAST_MAX_IN or len(outs) > FAST_MAX_OUT or sum(o.wrap == FAST_TYPED for o in outs) > 1
            or sum(o.wrap == FAST_CHARS for o in outs) > 1):
        return None
    names_in = [f["params"][i.index]["name"] for i in ins]
    for n, o in enumerate(outs):  # the attribute or length argument: its position among the inputs, an int
        if o.by is not None:
            if o.by not in names_in or ins[names_in.index(o.by)].kind != FAST_INT:
                return None
            outs[n] = FastOut(o.index, o.ctype, False, o.wrap, o.cls, by=names_in.index(o.by))
    return FastCall(tuple(ins), tuple(outs))


def returns_status_struct_family(names):
    return bool(status_struct(names.model))


def _fast_in(names, k, t):
    kind = names.kind(t.base)
    if kind == "handle_ptr":
        return FastIn(k, FAST_PTR_HANDLE, 0, (1 << 64) - 1, t.base)
    if kind == "handle_int":
        lo_hi = names.int_range(t.base)
        return FastIn(k, FAST_INT_HANDLE, lo_hi[0], lo_hi[1], t.base) if lo_hi else None
    if kind == "enum":
        return FastIn(k, FAST_INT, -(1 << 31), (1 << 31) - 1, None)
    if kind == "primitive":
        lo_hi = INT_RANGES.get(names.resolved(t).base)
        return FastIn(k, FAST_INT, lo_hi[0], lo_hi[1], None) if lo_hi else None
    return None


def _fast_out(names, k, inner):
    if inner.ptrs:  # void **, char **: an address, as an int
        return FastOut(k, inner, False, FAST_PLAIN, None)
    if inner.base == "void" or inner.fn is not None or inner.dims:
        return None
    kind = names.kind(inner.base)
    if kind == "handle_ptr":
        return FastOut(k, inner, False, FAST_HANDLE, inner.base)
    if kind == "enum":
        return FastOut(k, inner, True, FAST_ENUM, names.enum_class_of(inner.base))
    if kind == "primitive" and names.resolved(inner).base in ("float", "double"):
        return FastOut(k, inner, False, FAST_FLOAT, None)
    lo_hi = names.int_range(inner.base) if kind in ("handle_int", "primitive") else None
    if lo_hi is None:
        return None
    return FastOut(k, inner, lo_hi[0] < 0, FAST_HANDLE if kind == "handle_int" else FAST_PLAIN,
                   inner.base if kind == "handle_int" else None)


# -- checks of particular functions (codegen/decisions/checks.py) ------------------------------------------------

@dataclass(frozen=True)
class Tracked:
    """A function of a family whose handles the generated module tracks (``decisions.checks.TRACKED``), by its
    role: ``"create"`` returns the handle (``output``: the parameter), ``"destroy"`` takes it by address,
    ``"use"`` takes it as its first argument (``others``: its other inputs, none of which may be a handle;
    ``required``: those that must not be NULL). ``invalid``: the status returned for a handle that is not live."""

    role: str
    handle: str  # the handle's Python name
    others: Tuple[str, ...] = ()
    required: Tuple[str, ...] = ()
    invalid: str = ""


def tracked(model, f, params, style):
    """The ``Tracked`` of model function ``f`` (lowered ``params``), or None."""
    spec = TRACKED.get(model.get("family"))
    if spec is None or style != "tuple":
        return None
    htype, member = spec
    invalid = "%s.%s" % (model["status"], member)
    ins = [lp for lp in params if lp.direction.is_input]
    for lp in params:
        if lp.direction.kind == "out" and lp.ctype.depth == 1 and lp.ctype.pointee().base == htype and not any(
                q.ctype.base == htype for q in ins):
            return Tracked("create", lp.pyname, invalid=invalid)
        if lp.direction.kind == "in_ref" and lp.ctype.pointee().base == htype:
            return Tracked("destroy", lp.pyname, invalid=invalid)
    if ins and ins[0].direction.kind == "in" and not ins[0].ctype.ptrs and ins[0].ctype.base == htype:
        others = tuple(lp.pyname for lp in ins[1:])
        required = tuple(n for n in others if n in NOT_NULL.get(model["family"], ()))
        return Tracked("use", ins[0].pyname, others, required, invalid)
    return None


def host_size_checks(cname, ins):
    """The statements checking ``cname``'s host buffers against its byte counts (``decisions.checks.HOST_SIZES``),
    before any conversion; none where a parameter the table names is not among the inputs ``ins`` (Python
    names)."""
    checks = HOST_SIZES.get(cname)
    if not checks:
        return []
    lines = []
    for buf, count in checks:
        names = count if isinstance(count, tuple) else (count,)
        if buf not in ins or not all(c in ins for c in names):
            return []
        lines.append("if %s.__class__ is not int and %s is not None:" % (buf, buf))
        if isinstance(count, tuple):
            lines.append("    _chk.need_2d(%r, %r, %s, %s, %s, %s, %r)" % ((cname, buf, buf) + count + (count,)))
        else:
            lines.append("    _chk.need(%r, %r, %s, %s, %r)" % (cname, buf, buf, count, count))
    return lines


# -- the result ---------------------------------------------------------------------------------------------------

@dataclass
class LoweredParam:
    name: str  # the C name
    pyname: str  # the Python name under the convention
    ctype: CType
    direction: Direction
    element: Optional[CType] = None  # the item type of a list, the pointee of an output
    default: str = ""  # "=0" for trailing in/out counts
    output: Optional[str] = None  # the expression of its output, when it has one


@dataclass
class LoweredFunction:
    cname: str  # the C function (its public name; the stub is _cc_<cname>)
    symbol: str  # the symbol the library binds it to
    name: str  # the Python function
    params: List[LoweredParam]
    pre: List[str] = field(default_factory=list)  # conversion statements, in order
    args: List[str] = field(default_factory=list)  # the stub's arguments
    post: List[str] = field(default_factory=list)  # statements after a successful call
    checks: List[Tuple] = field(default_factory=list)  # (kind, pyname, lo, hi) to name a cffi argument error
    callbacks: List[Tuple[str, str]] = field(default_factory=list)  # (armed record, lifetime)
    returns_status: bool = True
    returns_string: bool = False
    returns_count: bool = False  # a signed count, negative on a failure (cuFileRead); see status.returns_count
    ptds_symbol: Optional[str] = None  # the per-thread default stream variant, where there is one
    by_value: Optional[ByValue] = None  # its one output comes back as the _cv_ stub's value
    # a count asked first (NVML): (count slot, statements that size the lists from it) - see query_count
    query: Optional[Tuple[str, List[str]]] = None
    held: List[str] = field(default_factory=list)  # names holding a handle, released however the call ends
    tracked: Optional[Tracked] = None  # the family tracks its handles (decisions.checks.TRACKED): this one's role

    def c_note(self):
        """The docstring line naming the bound C symbol (and the public C name where the Python one differs)."""
        text = "C: " + self.symbol
        if self.name != self.cname:
            text = "C: %s (symbol %s)" % (self.cname, self.symbol) if self.symbol != self.cname else "C: " + self.cname
        if self.ptds_symbol:
            text += "; per-thread default stream: " + self.ptds_symbol
        return text

    @property
    def inputs(self):
        return [p for p in self.params if p.direction.is_input]

    @property
    def outputs(self):
        return [p for p in self.params if p.direction.is_output]

    @property
    def results(self):
        """The output expressions, in C order."""
        return [p.output for p in self.params if p.output is not None]

    def check_args(self):
        """``_diagnose``'s (kind, name, value, lo, hi) for each checked argument, as source. A handle's value is
        its converted one (``dev_``): what the stub was given."""
        return ["(%r, %r, %s, %s, %s)" % (kind, n, n + "_" if kind == "handle" else n, lo, hi)
                for kind, n, lo, hi in self.checks]

    @property
    def refixes_floats(self):
        """Whether an integral float may be given for an int parameter (the call is then made again)."""
        return any(kind == "int" for kind, _, _, _ in self.checks)

    @property
    def uses_scratch(self):
        return any(s.startswith("_o_") for s in self.pre)


# -- conventions ---------------------------------------------------------------------------------------------------

class Convention:
    """What differs between calling conventions: names, which directions it renders, and the conversions
    that use its own runtime helpers. The rules of ``Lowering`` ask; they never test the convention's name."""

    style = None
    scratch = "_scratch"  # how a function reaches the per-thread slots
    kinds = frozenset(KINDS)
    trailing_defaults = False  # trailing in/out parameters default to 0
    has_callbacks = False
    by_value = False

    def __init__(self, model, names):
        self.model = model
        self.names = names

    def function_name(self, f):
        return f["name"]

    def param_name(self, p):
        return p["pyname"]

    def out_elem(self, kind, ctype, cls):
        """The element spec of an output list of handles or enums: their classes (tuple style) or ints."""
        return "(%r, %r, %s)" % (kind, ctype, cls)

    def text(self, expr):
        """An output string: bytes (tuple style) or str."""
        return expr

    def counted_text(self, buf):
        """An output string in a buffer of the caller's length (``cuDeviceGetName``): the whole buffer, as
        cuda.bindings returns it -- the string, its NUL, then the spaces the buffer was filled with."""
        return "_ffi.unpack(%s, len(%s) - 1)" % (buf, buf)


# The stream handle types: their classes, parameters and fields also take any object with __cuda_stream__
# (CuPy, PyTorch, numba-cuda), as cuda.bindings' do.
STREAM_TYPES = ("CUstream", "cudaStream_t")


class TupleConvention(Convention):
    """cuda.bindings' driver/runtime/nvrtc: ``(status, *outputs)``, handles and enums as classes."""

    style = "tuple"
    scratch = "_scr"
    by_value = True  # single outputs come back as the stub's return value (see ByValue)
    trailing_defaults = True
    has_callbacks = True

    def handle_arg(self, lw, py, t, kind):
        """A handle argument: a handle's value, a plain int as it is (the stub's C type checks its range and
        ``_diagnose`` names it), anything else through ``_handle``/``_stream``."""
        if kind in ("handle_ptr", "fnptr"):
            lw.checks.append(("handle", py, 0, (1 << 64) - 1))
            slow = "_stream" if t.base in STREAM_TYPES else "_handle"  # streams also take __cuda_stream__ objects
            return "%s._v if %s.__class__ is %s or isinstance(%s, _Handle) else %s if %s.__class__ is int else %s(%s, %r, %r)" % (
                py, py, t.base, py, py, py, slow, py, lw.name, py)
        lo, hi = self.names.int_range(t.base)  # an integer handle of another class may be out of this one's range
        lw.checks.append(("handle", py, lo, hi))
        return "%s._v if %s.__class__ is %s else %s if %s.__class__ is int else _handle(%s, %r, %r, %d, %d)" % (
            py, py, t.base, py, py, py, lw.name, py, lo, hi)

    def in_ref(self, lw, p, py):
        slot = lw.slot("uintptr_t", p["name"])
        lw.pre.append("%s[0] = _handle(%s, %r, %r)" % (slot, py, lw.name, py))
        lw.args.append(slot)

    def string_arg(self, lw, py):
        return "_s.cstring(%s, %r, %r)" % (py, lw.name, py)

    def in_list(self, lw, p, t, py, by_name):
        count = p.get("count")
        cpy = lw.pyname(by_name[count]) if count else None
        if cpy and p.get("count_less"):  # as many items as the count less a constant (tensor ranks)
            cpy = "_s.less(%s, %d)" % (cpy, p["count_less"])
        elem = lw.elem_spec(t)
        lw.pre.append("%s_, %s_k = _s.c_array(_ffi, %s, %s, %r, %r, %s)"
                      % (py, py, py, elem, lw.name, py, cpy if cpy else (p.get("fixed") or "None")))
        lw.args.append(py + "_")

    def buffer(self, lw, p, t, py, by_name):
        d = p["dir"]
        writable = d == "caller_buf" or (d == "in_ptr" and not t.const)
        lw.pre.append("if %s.__class__ is int and %s >= 0:" % (py, py))
        lw.pre.append("    %s_, %s_k = %s, None" % (py, py, py))
        lw.pre.append("else:")
        lw.pre.append("    %s_, %s_k = _address(_ffi, %s, %r, %r, %s)" % (py, py, py, lw.name, py, writable))
        if d == "caller_buf":
            lw.room_check(p, py, by_name)
        lw.args.append(py + "_")
        lw.checks.append(("address", py, 0, (1 << 64) - 1))

    def output(self, lw, expr, t, p):
        """Python value of an output read from ``expr`` (the slot's item)."""
        if p.get("any") or t.base == "void":
            return expr
        inner = t.pointee()
        k = self.names.kind(inner.base)
        if k in HANDLE_KINDS:  # made inline: a call frame is a third of the cost
            var = "_h_" + lw.pyname(p)
            lw.post.append("%s = _new(%s)" % (var, inner.base))
            lw.post.append("%s._v = %s" % (var, expr))
            return var
        if k == "enum":
            cls = self.names.enum_class_of(inner.base)
            return "%s._by_value.get(%s, %s)" % (cls, expr, expr)
        return expr


def snake(name):
    """``numOptions`` -> ``num_options``, ``GetLinkedCubinSize`` -> ``get_linked_cubin_size``."""
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    return s.lower()


def prefix(model):
    """The family's C prefix: the status type without ``Result`` (``nvJitLinkResult`` -> ``nvJitLink``,
    ``nvmlReturn_t`` -> ``nvml``)."""
    return PREFIXES.get(model["status"]) or re.sub(r"(Result|Return_t)$", "", model["status"])


def python_name(model, cname):
    """The exception style's name of C function ``cname`` (``nvJitLinkGetLinkedCubin`` -> ``get_linked_cubin``)."""
    if cname in NAME_OVERRIDES:
        return NAME_OVERRIDES[cname]
    p = prefix(model)
    name = cname[len(p):] if cname.startswith(p) else cname
    for word, whole in WORDS:
        name = name.replace(word, whole)
    return snake(name)


def exception_function_name(model, f):
    """The exception style's name of model function ``f``: from the symbol the header maps the name to, where
    that is a public name too (``nvmlInit`` -> ``nvmlInit_v2`` -> ``init_v2``; ``nvmlGetBlacklistDeviceCount``
    -> ``nvmlGetExcludedDeviceCount``), as cuda.bindings.nvml names them."""
    public = f["symbol"].startswith(prefix(model))  # not nvJitLink's __nvJitLinkCreate_12_9
    return python_name(model, f["symbol"] if public else f["name"])


def exception_param_name(p):
    """An exception-style parameter's Python name: the C name in snake case, or an override's (Named)."""
    if "field_of" in p:  # an argument filling a struct field: named as the override names it
        return p["pyname"]
    named = p.get("pyname", p["name"])
    return snake(named if named != RENAMES.get(p["name"], p["name"]) else p["name"])


def size_function(model, f):
    """The ``<name>Size`` function that says how large ``f``'s caller buffer must be, if there is one
    (``nvrtcGetPTX`` -> ``nvrtcGetPTXSize``; ``nvFatbinGet`` -> ``nvFatbinSize``)."""
    names = [f["name"] + "Size"]
    if f["name"].endswith("Get"):
        names.append(f["name"][:-3] + "Size")
    for name in names:
        for g in model["functions"]:
            if g["name"] == name and len(outputs(g)) == 1:
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


class ExceptionConvention(Convention):
    """cuda.bindings' nvjitlink/nvvm: snake_case names, handles as ints, outputs returned directly, a
    failing status raised. Handles the family destroys are tracked, since the library crashes on a stale one."""

    style = "exception"
    kinds = frozenset(("in", "in_ref", "in_str", "in_list", "in_ptr", "caller_buf", "out", "in_struct", "inout",
                       "out_bytes", "out_list", "capacity", "query_count", "in_fields"))

    def __init__(self, model, names):
        Convention.__init__(self, model, names)
        self.tracked = tracked_handles(model)

    def function_name(self, f):
        return exception_function_name(self.model, f)

    def param_name(self, p):
        return exception_param_name(p)

    def handle_arg(self, lw, py, t, kind):  # a tracked handle is held from its check to the library's return
        if kind in ("handle_ptr", "fnptr"):
            value = "_handle(%s, %r, %r)" % (py, lw.name, py)
            lw.checks.append(("handle", py, 0, (1 << 64) - 1))
        else:  # an integer handle (NVML's vGPU ids): range-checked, naming the parameter
            lo, hi = self.names.int_range(t.base)
            value = "_handle(%s, %r, %r, %d, %d)" % (py, lw.name, py, lo, hi)
            lw.checks.append(("handle", py, lo, hi))
        if t.base not in self.tracked:
            return value
        lw.pre.append("%s_h = _live_%s.use(%s, %r, %r)" % (py, t.base, value, lw.name, py))
        lw.held.append(py + "_h")
        return py + "_h.value"

    def in_ref(self, lw, p, py):  # the library clears the handle; a tracked one is forgotten before it is destroyed
        base = CType.from_json(p["type"]).pointee().base
        value = "_handle(%s, %r, %r)" % (py, lw.name, py)
        if base in self.tracked:
            value = "_live_%s.destroying(%s, %r, %r)" % (base, value, lw.name, py)
        lw.pre.append("%s_ = %s" % (py, value))
        slot = lw.slot("uintptr_t", p["name"])
        lw.pre.append("%s[0] = %s_" % (slot, py))
        lw.args.append(slot)

    def string_arg(self, lw, py):
        return "_x.text(_ffi, %s, %r, %r)" % (py, lw.name, py)

    def in_list(self, lw, p, t, py, by_name):  # lists of strings (option lists), counted
        count = by_name[p["count"]]
        cpy = lw.pyname(count)
        lo, hi = INT_RANGES[self.names.resolved(CType.from_json(count["type"])).base]
        lw.pre.append("_s.check_integer(%r, %r, %s, %d, %d)" % (lw.name, cpy, cpy, lo, hi))
        lw.pre.append("%s_, %s_k = _x.strings(_ffi, %s, %s, %r, %r)" % (py, py, py, cpy, lw.name, py))
        lw.args.append(py + "_")

    def buffer(self, lw, p, t, py, by_name):
        if p["dir"] == "in_ptr" and t.const:  # input bytes, never read past ``size`` where one is given
            size = lw.pyname(by_name[p["size"]]) if p.get("size") else None
            lw.pre.append("%s_, %s_k = _x.input_buffer(_ffi, %s, %s, %r, %r, %r)"
                          % (py, py, py, size or "None", lw.name, py, size))
        else:  # a buffer the library fills, checked against the ``...Size`` function
            sized = size_function(self.model, lw.f)
            first = lw.f["params"][0]
            handle = lw.pyname(first) if KINDS[first["dir"]].is_input else "None"  # not an output (handle_register)
            size_of = python_name(self.model, sized["name"]) if sized else "None"
            if (lw.f["name"], p["name"]) in STRING_OUTPUTS:  # room for the NUL the library writes
                room = ", text=True"
            elif sized is None and t.pointee().base not in ("void", "char"):  # a whole struct or value
                room = ", ctype=%r" % t.pointee().declare().replace("const ", "")
                count = COUNTED_STRUCTS.get((lw.f["name"], p["name"]))
                if count and count.startswith("*"):  # the count is in a cell the caller passes
                    room += ", count=_x.cell_count(%s)" % lw.pyname(by_name[count[1:]])
                elif count:  # an array of them, as many as the count argument says
                    room += ", count=%s" % lw.pyname(by_name[count])
            else:
                room = ""
            lw.pre.append("%s_, %s_k = _x.output_buffer(_ffi, %s, %s, %s, %r, %r%s)"
                          % (py, py, py, size_of, handle, lw.name, py, room))
        extent = BUFFER_EXTENTS.get((lw.f["name"], p["name"]))
        if extent:  # size (+ offset) bytes of it are read or written
            size, offset = (lw.pyname(by_name[n]) if n else "0" for n in extent)
            lw.pre.append("_x.check_extent(%s, %s, %s, %r, %r, %r)" % (py, size, offset, lw.name, py,
                                                                    lw.pyname(by_name[extent[0]])))
        lw.args.append(py + "_")

    def output(self, lw, expr, t, p):
        inner = t.pointee()
        if inner.base in self.tracked:
            lw.post.append("_live_%s.add(%s)" % (inner.base, expr))
        return expr

    def out_elem(self, kind, ctype, cls):
        return "('int', %r, None)" % ctype

    def text(self, expr):
        return "%s.decode(errors='replace')" % expr

    def counted_text(self, buf):
        return self.text("_ffi.string(%s)" % buf)


CONVENTIONS = {"tuple": TupleConvention, "exception": ExceptionConvention}


def convention_of(style, model, names=None):
    return CONVENTIONS[style](model, names or TypeNames(model))


# -- slots ---------------------------------------------------------------------------------------------------------

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


# -- the pass ------------------------------------------------------------------------------------------------------

class Lowering:
    """Lowers every function of a model under one convention; ``slots`` collects the module's scratch table."""

    def __init__(self, model, convention):
        self.model = model
        self.conv = convention
        self.names = convention.names
        self.slots = {}  # attr -> ctype, for the per-thread scratch

    def functions(self):
        return [self.function(f) for f in self.model["functions"]]

    def function(self, f):
        return FunctionLowering(self, f).lower()


class FunctionLowering:
    # direction -> the method that lowers it; adding a direction adds a Kind and one entry here
    RULES = {
        "in": "by_value", "in_struct": "struct_in", "in_str": "string_in", "in_ptr": "buffer",
        "caller_buf": "buffer", "extra": "buffer", "kernel_params": "kernel_params", "in_list": "list_in",
        "in_ref": "handle_ref", "out": "output", "inout": "output", "out_cstr": "string_out",
        "out_bytes": "bytes_out", "out_list": "list_out", "attr_in": "attribute_typed",
        "attr_out": "attribute_typed", "attr_out_list": "attribute_typed", "attr_size": "attribute_typed",
        "capacity": "capacity", "query_count": "query_count", "in_fields": "output",
    }

    def __init__(self, lowering, f):
        self.lowering = lowering
        self.conv = lowering.conv
        self.names = lowering.names
        self.f = f
        self.name = self.conv.function_name(f)
        self.pre = []
        self.args = []
        self.post = []
        self.checks = []
        self.slot_use = {}
        self.slot_of = {}
        self.counted = set()
        self.cleared = set()  # output slots cleared before the call (fresh)
        self.bv = by_value(self.names, f) if self.conv.by_value else None
        self.query = None
        self.held = []

    def pyname(self, p):
        return self.conv.param_name(p)

    def where(self, p):
        return "%s(%s)" % (self.f["name"], p["name"])

    def slot(self, ctype, owner):
        """The scratch slot of C type ``ctype`` holding parameter ``owner``'s value (one per parameter)."""
        if owner in self.slot_of:
            return self.slot_of[owner]
        key = new_slot(self.lowering.slots, self.slot_use, ctype)
        self.pre.append("_o_%s = %s.%s" % (key, self.conv.scratch, key))
        self.slot_of[owner] = "_o_" + key
        return "_o_" + key

    def fresh(self, slot, empty="0"):
        """Clear output slot ``slot`` before the call: a library that leaves an output unwritten (the driver's
        capture info outside a capture; a value of 4 of the slot's 8 bytes) must not hand back what an earlier
        call on this thread left there -- read as an address and a count, that is a crash. Every slot a call
        reads back is set by the call first: cleared here, or given the caller's value (inout, capacity,
        query_count, in_ref)."""
        if slot not in self.cleared:
            self.cleared.add(slot)
            self.pre.append("%s[0] = %s" % (slot, empty))

    def lower(self):
        f = self.f
        by_name = {p["name"]: p for p in f["params"]}
        params = []
        for p in f["params"]:
            d = Direction.of_param(f, p)
            if d.kind not in self.conv.kinds:
                raise ValueError("%s: direction %r has no rendering in the %s convention"
                                 % (self.where(p), d.kind, self.conv.style))
            t = CType.from_json(p["type"])
            element = t.pointee() if t.ptrs else None
            params.append(LoweredParam(p["name"], self.pyname(p), t, d, element))
        ins = [lp for lp in params if lp.direction.is_input]
        if self.conv.trailing_defaults:
            for i, lp in enumerate(ins):
                if lp.direction.kind == "inout" and all(q.direction.kind == "inout" for q in ins[i:]):
                    lp.default = "=0"
        armed = self.callback_params()
        self.pre += host_size_checks(f["name"], [lp.pyname for lp in ins])
        deferred = {}
        for k, p in enumerate(f["params"]):
            n = len(self.pre)
            params[k].output = getattr(self, self.RULES[p["dir"]])(p, by_name)
            if k in armed or any(k == user for user, _ in armed.values()):
                deferred[k] = self.pre[n:]
                del self.pre[n:]
        params = self.field_arguments(params)
        cbs = [(self.arm_callback(k, user, lifetime, deferred), lifetime) for k, (user, lifetime) in armed.items()]
        return LoweredFunction(f["name"], f["symbol"], self.name, params, slots_last(self.pre), self.args, self.post,
                               self.checks, cbs, returns_status(self.lowering.model, f),
                               bool(f.get("returns_string")), returns_count(self.lowering.model, f),
                               f.get("ptds_symbol"), by_value=self.bv, query=self.query, held=self.held,
                               tracked=tracked(self.lowering.model, f, params, self.conv.style))

    # Python callables for function-pointer parameters ------------------------------------------------------------
    def callback_params(self):
        """{parameter index: (index of its user-data parameter or None, lifetime)} for callback parameters."""
        if not self.conv.has_callbacks:
            return {}
        types = self.names.callback_types
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
        py = self.pyname(params[k])
        cb = "_cb_" + py
        upy = self.pyname(params[user]) if user is not None else None
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

    # the rules: each parameter's conversion, stub argument and output expression ---------------------------------
    def by_value(self, p, by_name):
        t = CType.from_json(p["type"])
        py = self.pyname(p)
        if t.fn is not None:
            self.pre.append("%s_ = _handle(%s, %r, %r)" % (py, py, self.name, py))
            self.args.append(py + "_")
            return None
        kind = self.names.kind(t.base)
        if kind in HANDLE_KINDS:
            self.pre.append("%s_ = %s" % (py, self.conv.handle_arg(self, py, t, kind)))
            self.args.append(py + "_")
        elif kind in ("struct", "opaque"):
            cls = self.names.class_for(t.base)
            self.pre.append("%s_ = _s.struct_arg(%s, %s, %r, %r, True)" % (py, py, cls, self.name, py))
            self.args.append(py + "_")
        elif kind == "enum":
            self.args.append(py)
            self.checks.append(("int", py, -(1 << 31), (1 << 31) - 1))
            self.pre.append("if not isinstance(%s, int):  # (an enum member is an int)" % py)
            self.pre.append("    %s = _s.check_integer(%r, %r, %s, %d, %d)"
                            % (py, self.name, py, py, -(1 << 31), (1 << 31) - 1))
        else:
            r = self.names.resolved(t)
            if r.base in FLOATS:
                self.checks.append(("float", py, "None", "None"))
            else:
                lo, hi = INT_RANGES.get(r.base, (0, 0))
                self.checks.append(("int", py, lo, hi))
                # anything but an int is made one here, among the other conversions: cffi would call its
                # __int__ while converting the call's arguments, after the scratch slots are set (Python code
                # there may make another call on this thread, which sets them too)
                self.pre.append("if %s.__class__ is not int:" % py)
                self.pre.append("    %s = _s.check_integer(%r, %r, %s, %d, %d)" % (py, self.name, py, py, lo, hi))
            self.args.append(py)
        return None

    def struct_in(self, p, by_name):
        t = CType.from_json(p["type"])
        py = self.pyname(p)
        cls = self.names.class_for(t.pointee().base) if self.names.kind(t.base) == "struct" else None
        self.pre.append("%s_ = _s.struct_arg(%s, %s, %r, %r)" % (py, py, cls or "None", self.name, py))
        self.args.append(py + "_")

    def string_in(self, p, by_name):
        py = self.pyname(p)
        self.pre.append("%s_ = %s" % (py, self.conv.string_arg(self, py)))
        self.args.append(py + "_")

    def buffer(self, p, by_name):
        self.conv.buffer(self, p, CType.from_json(p["type"]), self.pyname(p), by_name)

    def kernel_params(self, p, by_name):  # an int address (a pre-packed table) skips the call
        py = self.pyname(p)
        self.pre.append("if %s.__class__ is int and %s >= 0:" % (py, py))
        self.pre.append("    %s_, %s_k = %s, None" % (py, py, py))
        self.pre.append("else:")
        self.pre.append("    %s_, %s_k = _kernel_params(_ffi, %s, %r)" % (py, py, py, self.name))
        self.checks.append(("address", py, 0, (1 << 64) - 1))
        self.args.append(py + "_")

    def list_in(self, p, by_name):
        self.conv.in_list(self, p, CType.from_json(p["type"]), self.pyname(p), by_name)

    def handle_ref(self, p, by_name):
        self.conv.in_ref(self, p, self.pyname(p))

    def output(self, p, by_name):
        t = CType.from_json(p["type"])
        d = p["dir"]
        py = self.pyname(p)
        inner = t.pointee()
        if not inner.ptrs and inner.base != "void" and self.names.kind(inner.base) == "struct" and not p.get("any"):
            cls = self.names.class_for(inner.base)
            if d == "inout":
                self.pre.append("%s_ = _s.struct_arg(%s, %s, %r, %r)" % (py, py, cls, self.name, py))
                self.pre.append("_v_%s = %s if %s is not None else %s()" % (py, py, py, cls))
                self.pre.append("%s_ = _v_%s._ptr" % (py, py))
            else:
                self.pre.append("_v_%s = %s()" % (py, cls))
                self.pre.append("%s_ = _v_%s._ptr" % (py, py))
                version = self.struct_version(inner.base)
                if version:
                    self.pre.append("_v_%s.version = %s" % (py, version))
                for arg, name in p.get("fields") or ():  # the caller's part of the request
                    self.pre.append("_s.set_field(_v_%s, %r, %s, %r, %r)" % (py, name, arg, self.name, arg))
            self.args.append(py + "_")
            return None if d == "in_fields" else "_v_%s" % py
        if self.bv is not None and p is self.f["params"][self.bv.index]:
            return self.conv.output(self, "_v", t, p)
        slot = self.slot(self.out_slot_type(p, t), p["name"])
        if d == "out":
            self.fresh(slot)
        if d == "inout":
            kind = self.names.kind(inner.base) if inner.base != "void" else "void"
            if kind == "handle_int":  # range-checked: the slot may be narrower than 64 bits
                lo, hi = self.names.int_range(inner.base)
                self.pre.append("%s[0] = _handle(%s, %r, %r, %d, %d)" % (slot, py, self.name, py, lo, hi))
            elif kind in HANDLE_KINDS:
                self.pre.append("%s[0] = _handle(%s, %r, %r)" % (slot, py, self.name, py))
            elif kind == "enum":
                self.pre.append("%s[0] = _s.enum_value(%s, int, %r, %r)" % (slot, py, self.name, py))
            else:
                self.pre.append("%s[0] = _s.check_integer(%r, %r, %s, 0, (1 << 64) - 1)" % (slot, self.name, py, py))
        self.args.append(slot)
        return self.conv.output(self, slot + "[0]", t, p)

    def field_arguments(self, params):
        """The lowered parameters with, before each struct built from arguments (``fields``), those arguments."""
        out = []
        for lp in params:
            out += [LoweredParam(arg, arg, CType("int"), Direction("in")) for arg, _ in lp.direction.fields or ()]
            out.append(lp)
        return out

    def struct_version(self, base):
        """The ``version`` an NVML versioned struct must carry (``sizeof | N << 24``, as the header's
        ``NVML_STRUCT_VERSION`` macros), where ``base`` is one: the typedef named ``..._vN_t``, or the one
        naming the same struct."""
        index = self.names.index
        r = index.resolve(CType(base))
        d = index.structs.get(r.base)
        if d is None or not d["fields"] or d["fields"][0]["name"] != "version":
            return None
        names = [base] + sorted(n for n, t in index.typedefs.items() if not t.ptrs and not t.dims
                                and index.resolve(t).base == r.base and n != base)
        for name in names:
            m = re.search(r"_v(\d+)_t$", name) or re.search(r"_v(\d+)$", name)
            if m:
                return "_ffi.sizeof(%r) | (%d << 24)" % (name, int(m.group(1)))
        return None

    def capacity(self, p, by_name):  # the binding's own buffer size, passed as it is (or by address)
        t = CType.from_json(p["type"])
        if not t.ptrs:
            self.args.append(str(p["fixed"]))
            return
        slot = self.slot(self.out_slot_type(p, t), p["name"])
        self.pre.append("%s[0] = %d" % (slot, p["fixed"]))
        self.args.append(slot)

    def query_count(self, p, by_name):
        """The count of an NVML list: 0 first (the lists NULL), which the library answers with the count it
        needs; the renderer then sizes the lists (``query``) and calls again."""
        slot = self.slot(self.out_slot_type(p, CType.from_json(p["type"])), p["name"])
        self.pre.append("%s[0] = 0" % slot)
        self.args.append(slot)
        sizing = ["_n_%s = %s[0]" % (self.pyname(p), slot)]
        for q in self.f["params"]:
            if q["dir"] == "out_list" and q.get("count") == p["name"]:
                qpy = self.pyname(q)
                sizing.append("_a_%s = _s.out_array(_ffi, _n_%s, %s, %r, %r)"
                              % (qpy, self.pyname(p), self.elem_out(CType.from_json(q["type"]).pointee()),
                                 self.name, self.pyname(p)))
        self.query = (slot, sizing)

    def string_out(self, p, by_name):
        slot = self.slot("char *", p["name"])
        self.fresh(slot, "_ffi.NULL")
        self.args.append(slot)
        return "(_ffi.string(%s[0]) if %s[0] else None)" % (slot, slot)

    def bytes_out(self, p, by_name):
        py = self.pyname(p)
        if p.get("fixed"):
            n = str(p["fixed"])
            self.pre.append("_b_%s = _ffi.new('char[%s]')" % (py, n))
            self.args.append("_b_%s" % py)
            return "_ffi.unpack(_b_%s, %s)" % (py, n)
        count = by_name[p["count"]]
        if count["dir"] == "capacity":  # a buffer of the binding's own
            self.pre.append("_b_%s = _ffi.new('char[%d]')" % (py, count["fixed"]))
            self.args.append("_b_%s" % py)
            return self.conv.text("_ffi.string(_b_%s)" % py)
        cpy = self.pyname(count)
        # the caller's length of spaces and a NUL, as cuda.bindings fills its buffer
        self.pre.append("if %s.__class__ is int and 0 < %s <= _s.OUTPUT_LIMIT:" % (cpy, cpy))
        self.pre.append("    _b_%s = _ffi.new(_CHARS, b' ' * %s)" % (py, cpy))
        self.pre.append("else:  # 0 (room for the NUL), integral floats, or an error naming %s" % cpy)
        self.pre.append("    _b_%s = _s.char_buffer(_ffi, %s, %r, %r)" % (py, cpy, self.name, cpy))
        self.args.append("_b_%s" % py)
        return self.conv.counted_text("_b_%s" % py)

    def attribute_typed(self, p, by_name):
        """A value behind a void * whose C type another argument decides: storage of that type, made per
        call by the module's ``_typed`` (cudacffi/_attribute_values.py), converted both ways."""
        py, fn, d = self.pyname(p), self.name, p["dir"]
        var = "_t_" + py
        if d == "attr_size":  # the typed value's byte size, which the library reads (and may update)
            self.pre.append("_z_%s = _ffi.new('size_t *', _t_%s.size)" % (py, self.pyname(by_name[p["of"]])))
            self.args.append("_z_" + py)
            return None
        by = self.pyname(by_name[p["by"]])
        if d == "attr_in":
            self.pre.append("%s = _typed.value(%r, %s, %s, %r, %r, %r)" % (var, p["table"], by, py, fn, by, py))
            self.args.append(var + ".ptr")
            return None
        if d == "attr_out":
            size = ""
            if p.get("size"):
                sp = self.pyname(by_name[p["size"]])
                size = ", %s, %r" % (sp, sp)
            self.pre.append("%s = _typed.out(%r, %s, %r, %r%s)" % (var, p["table"], by, fn, by, size))
            self.args.append(var + ".ptr")
            return var + ".read()"
        count = self.pyname(by_name[p["count"]])
        sizes = ""
        if p.get("sizes"):
            sp = self.pyname(by_name[p["sizes"]])
            sizes = ", %s, %r" % (sp, sp)
        self.pre.append("%s_a, %s = _typed.out_list(%r, %s, %s, %r, %r%s)"
                        % (var, var, p["table"], by, count, fn, by, sizes))
        self.args.append(var + "_a")
        return "[_v.read() for _v in %s]" % var

    def list_out(self, p, by_name):
        t = CType.from_json(p["type"])
        py = self.pyname(p)
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
            self.pre.append("_a_%s = _s.out_array(_ffi, max(%s, 1), %s, %r, %r)" % (py, n, elem, fn, py))
            self.args.append("_a_%s" % py)
            return "_s.unpack_array(_ffi, _a_%s, %s, %s)" % (py, n, elem)
        count = by_name[p["count"]]
        cpy = self.pyname(count)
        if count["dir"] == "query_count":  # NULL until the count is known (query_count sizes it)
            self.pre.append("_a_%s = _ffi.NULL" % py)
            self.args.append("_a_%s" % py)
            count_slot = self.slot(self.out_slot_type(count, CType.from_json(count["type"])), count["name"])
            return "_s.unpack_array(_ffi, _a_%s, %s[0], %s)" % (py, count_slot, self.elem_out(inner))
        if t.depth == 2:  # the library's own array, as long as the count it returns
            slot = self.slot("uintptr_t", p["name"])
            self.fresh(slot)
            self.args.append(slot)
            count_slot = self.slot(self.out_slot_type(count, CType.from_json(count["type"])), count["name"])
            return "_s.read_array(_ffi, %s[0], %s[0], %s)" % (slot, count_slot, self.elem_out(inner.pointee()))
        n = "_n_" + cpy
        if n not in self.counted:
            self.counted.add(n)
            self.pre.append("%s = _s.check_integer(%r, %r, %s, 0, (1 << 31) - 1)" % (n, fn, cpy, cpy))
        elem = self.elem_out(inner)
        self.pre.append("_a_%s = _s.out_array(_ffi, %s, %s, %r, %r)" % (py, n, elem, fn, cpy))
        self.args.append("_a_%s" % py)
        if count["dir"] == "inout":  # as many items as the library says it wrote, at most the capacity
            count_slot = self.slot(self.out_slot_type(count, CType.from_json(count["type"])), count["name"])
            n = "min(%s, %s[0])" % (n, count_slot)
        return "_s.unpack_array(_ffi, _a_%s, %s, %s)" % (py, n, elem)

    # helpers of the rules ---------------------------------------------------------------------------------------
    def out_slot_type(self, p, t):
        if p.get("any"):
            return "uint64_t"
        if t.base == "void":
            return "uintptr_t"
        inner = t.pointee()
        if inner.ptrs:
            return "uintptr_t"
        k = self.names.kind(inner.base)
        if k in ("handle_ptr", "fnptr"):
            return "uintptr_t"
        if k == "enum":
            return "int"
        return self.names.resolved(inner).base

    def room_check(self, p, py, by_name):
        """A buffer the library fills must hold what it writes: its size comes from the count parameter, or
        from the function's ``...Size`` companion (``nvrtcGetPTX`` -> ``nvrtcGetPTXSize``) asked first.
        An int address is the caller's promise and is not checked."""
        fn = self.name
        ins = [self.pyname(q) for q in inputs(self.f) if q is not p]
        if p.get("count"):
            need = "(0, %s)" % self.pyname(by_name[p["count"]])
        else:
            size_fn = next((g for g in self.lowering.model["functions"] if g["name"] == fn + "Size"), None)
            if size_fn is None or [self.pyname(q) for q in inputs(size_fn)] != ins:
                return
            need = "%s(%s)" % (size_fn["name"], ", ".join(ins))
        text = ", True" if (self.f["name"], p["name"]) in STRING_OUTPUTS else ""  # room for the NUL written
        self.pre.append("if %s_k is not None:" % py)
        self.pre.append("    _s.check_room(%s, %s, %r, %r%s)" % (py, need, fn, py, text))

    def elem_spec(self, t):
        """How the items of an input list become C values: a (kind, ctype, class) tuple literal."""
        names = self.names
        inner = t.pointee()
        if inner.base == "void" or (inner.base == "char" and inner.ptrs == []) and t.depth == 2:
            if inner.base == "char":
                return "('bytes', 'char *', None)"
            return "('address', 'uintptr_t', None)"
        if inner.ptrs:
            if inner.base == "char":
                return "('bytes', 'char *', None)"
            return "('address', 'uintptr_t', None)"
        k = names.kind(inner.base)
        if k in ("handle_ptr", "fnptr"):
            return "('handle', 'uintptr_t', None)"
        if k == "handle_int":
            return "('handle', %r, None)" % names.resolved(inner).base
        if k == "enum":
            return "('int', 'int', None)"
        if k == "struct":
            return "('struct', %r, %s)" % (inner.declare().replace("const ", ""), names.class_for(inner.base))
        return "('int', %r, None)" % names.resolved(inner).base

    def elem_out(self, inner):
        names = self.names
        if inner.base == "void" or inner.ptrs:
            return "('address', 'uintptr_t', None)"
        k = names.kind(inner.base)
        if k in ("handle_ptr", "fnptr"):
            return self.conv.out_elem("handle", "uintptr_t", inner.base)
        if k == "handle_int":
            return self.conv.out_elem("handle", names.resolved(inner).base, inner.base)
        if k == "enum":
            return self.conv.out_elem("enum", "int", names.enum_class_of(inner.base))
        if k == "struct":
            return "('struct', %r, %s)" % (inner.declare().replace("const ", ""), names.class_for(inner.base))
        return "('int', %r, None)" % names.resolved(inner).base


_SLOT_WRITE = re.compile(r"(_o_\w+)\[0\] = (.+)$")


def slots_last(pre):
    """``pre`` with every write into a scratch slot moved after every conversion: a conversion may run Python code
    (an ``__index__``, a ``getPtr()``) that makes another call on this thread, which writes the same per-thread
    slots. A slot's value that needs converting is converted in place into a local (``_sv<n>``), and only the
    plain store comes at the end."""
    head, tail = [], []
    for line in pre:
        m = _SLOT_WRITE.match(line)
        if m is None:
            head.append(line)
        elif re.fullmatch(r"-?\d+|_ffi\.NULL", m.group(2)):
            tail.append(line)
        else:
            local = "_sv%d" % len(tail)
            head.append("%s = %s" % (local, m.group(2)))
            tail.append("%s[0] = %s" % (m.group(1), local))
    return head + tail


def lower(model, style, names=None):
    """(Lowering, [LoweredFunction]) of every function of ``model`` under the convention ``style``."""
    lowering = Lowering(model, convention_of(style, model, names))
    return lowering, lowering.functions()

