"""Kernel arguments for ``cuLaunchKernel`` and friends: every ``kernelParams`` form cuda.bindings takes.

Forms, tried in order: None (NULL); an int (the ``void **`` address itself); a C-contiguous buffer (its
memory is the ``void *`` array, passed straight through); ``(values, types)`` packed here.

Packing keeps one plan per ``types`` tuple (slot offsets and C types, decided once) and, per plan and
thread, one block: the ``void *`` table followed by the slots it points to. A launch only stores the
values into slots whose C type cffi already knows, so it allocates nothing, inspects no types and makes
no ctypes call; ctypes types are keys. Anything the fast stores refuse (a ctypes instance, a struct
wrapper, a value out of range) goes through the checking path, which converts it or raises naming the
argument. The block belongs to the calling thread and is valid until that thread packs the same plan
again, which is after the launch call has returned; a struct field that must keep its block
(``CUDA_KERNEL_NODE_PARAMS.kernelParams``) gets a block of its own. A block remembers the values tuple it
last packed (so it stays alive until the next launch of that plan on that thread): packing that same tuple
again, when it holds only ints, floats, bytes and handles, which cannot change, is skipped.

Under type None a handle's value is copied into the argument's slot rather than pointed to in the
handle's getPtr() storage: the kernel receives the same bytes, and no storage is made per handle. Other
objects (struct wrappers, foreign objects with getPtr(), ctypes.Structure) are pointed to.

``types`` entries: None (object with ``getPtr()``, ``ctypes.Structure``, enum member), a ctypes scalar type
or ``c_void_p``, and -- needing no ctypes at all -- a cffi type name (``"int"``, ``"float"``,
``"void *"``) or a numpy dtype / scalar type (``numpy.float32``; also complex and structured dtypes,
passed by value from anything ``numpy.asarray`` turns into one item); ``cudacffi._kernel_param_types`` decides the
C type of each.
"""

import enum
import struct
import sys
import threading

from ._arguments import argument_error
from ._buffers import contiguous_view, held, int_address
from ._driver import ffi as _ffi  # a compiled ffi: a bare cffi.FFI() would import pycparser to parse types
from ._handles import Handle
from ._kernel_param_types import INT_RANGE, arg_for, ctypes_table, struct_code

_U64 = 1 << 64
_ACCEPTED = "None, an int address, a buffer of pointers or a (values, types) pair of tuples"
_FORMS = "must be " + _ACCEPTED

# -- the public entry ------------------------------------------------------------------------------------------

def kernel_params(ffi, kp, func):
    """(address of the void* array, keepalive) for a ``kernelParams`` argument of a launch call."""
    c = kp.__class__
    if c is int and 0 <= kp < _U64:
        return kp, None
    if c is tuple and len(kp) == 2:
        values, types = kp
        if values.__class__ is tuple and types.__class__ is tuple:
            last = _LAST[0]
            plan = last[1] if last[0] is types else _plan(types, values, func)
            if plan.n != len(values):
                raise _length_error(func, values, types)
            if not plan.n:
                return 0, None
            try:
                blk = plan.tls.block
            except AttributeError:
                blk = plan.tls.block = _Block(plan)
            if values is not blk.memo:
                blk.pack(values, func)
            return blk.base, None
    return _other_form(ffi, kp, func)


def pack_owned(kp, func):
    """(address, keepalive) like kernel_params, but ``(values, types)`` get a block of their own."""
    if kp.__class__ is tuple and len(kp) == 2 and kp[0].__class__ is tuple and kp[1].__class__ is tuple:
        values, types = kp
        plan = _plan(types, values, func)
        if plan.n != len(values):
            raise _length_error(func, values, types)
        if not plan.n:
            return 0, None
        blk = _Block(plan)
        blk.pack(values, func)
        return blk.base, (blk, values)
    return _other_form(_ffi, kp, func)


def _other_form(ffi, kp, func):
    if kp is None:
        return 0, None
    if isinstance(kp, int) and not isinstance(kp, bool):
        return int_address(kp, func, "kernelParams"), None
    if isinstance(kp, (tuple, list, str, bool, float)):
        raise argument_error(func, "kernelParams", "%s, not %s" % (_FORMS, _describe_form(kp)))
    np = sys.modules.get("numpy")
    if np is not None and kp.__class__ is np.ndarray and not kp.dtype.hasobject:  # no memoryview needed
        try:
            buf = ffi.from_buffer(kp)  # refuses a non-contiguous array
        except ValueError:
            raise argument_error(func, "kernelParams", "must be a C-contiguous buffer", ValueError) from None
        return int(ffi.cast("uintptr_t", buf)), buf
    mv = contiguous_view(kp, func, "kernelParams", _ACCEPTED)
    buf = ffi.from_buffer(mv)
    return int(ffi.cast("uintptr_t", buf)), held(buf, mv)


def _describe_form(kp):
    if isinstance(kp, tuple):
        if len(kp) != 2:
            return "a tuple of %d items" % len(kp)
        return "a pair of %s and %s" % (type(kp[0]).__name__, type(kp[1]).__name__)
    return type(kp).__name__


def _length_error(func, values, types):
    return argument_error(func, "kernelParams", "(values, types) tuples differ in length: %d values, %d types"
                          % (len(values), len(types)))


# -- plans ------------------------------------------------------------------------------------------------------

_plans = {}  # types -> plan, oldest first: at most _MAX_PLANS, the least recently planned dropped first
_plans_lock = threading.Lock()
_MAX_PLANS = 1024
# (types, plan) of the latest lookup: one tuple, so that reading it is one step; kept in a list because
# rebinding a module global on every launch would make PyPy's JIT throw its compiled code away
_LAST = [(None, None)]


class _Plan:
    """The layout for one ``types`` tuple; ``tls.block`` is each thread's block."""

    def __init__(self, args):
        self.args = args
        self.n = n = len(args)
        off = 8 * n
        for a in args:
            a.offset = off
            off += max(8, (a.size + 7) & ~7)
        self.words = off // 8
        self.fast = not any(a.kind == "blob" for a in args)
        self.fill = _filler(args) if _ONE_PACK and self.fast else None
        self.storer = _storer(args) if self.fast and self.fill is None else None
        self.tls = threading.local()


# On CPython one struct.pack_into of all the slots costs less than a cdata store per value; under PyPy the JIT
# makes the stores cheaper still, so they stay.
_ONE_PACK = sys.implementation.name == "cpython"
def c_codes(types):
    """The packing of ``(values, types)`` kernel parameters that cudacffi._fastcall makes in C, one letter per
    value: ``N`` (type None: a handle's value), ``P`` (an int address) or the struct code of an int or float C
    type; None where a type needs this module (bool, char, wchar, a numpy or cffi type it does not pack, an
    unknown type: the wrapper then packs, or names what is wrong)."""
    try:
        plan = _plan(types, types, "kernelParams")
    except Exception:
        return None
    codes = []
    for a in plan.args:
        if a.kind == "none":
            codes.append("N")
        elif a.kind == "ptr":
            codes.append("P")
        elif a.kind in ("int", "float") and struct_code(a.cname) is not None and a.dtype is None:
            codes.append(struct_code(a.cname))
        else:
            return None
    return "".join(codes)


def _filler(args):
    """``fill(values, buffer)`` for a plan whose slots all take ints, floats, int addresses or handles' values:
    one ``struct.pack_into`` of every slot, after checking that handle slots hold handles and address slots
    ints (TypeError otherwise; values struct refuses raise struct.error: the checking path then decides).
    None where a slot needs something else (bool, char, blob)."""
    fmt, exprs, checks, at = ["@"], [], [], 8 * len(args)
    for i, a in enumerate(args):
        if a.kind == "none":
            code, expr = "Q", "v%d._v" % i
            checks.append("isinstance(v%d, _VALUE_TYPES)" % i)
        elif a.kind == "ptr":
            code, expr = "Q", "v%d" % i
            checks.append("v%d.__class__ is int" % i)
        elif a.kind in ("int", "float"):
            code, expr = struct_code(a.cname), "v%d" % i
            if code is None:
                return None
        else:
            return None
        pad = a.offset - at
        fmt.append("%dx%s" % (pad, code) if pad else code)
        at = a.offset + struct.calcsize("@" + code)
        exprs.append(expr)
    packer = struct.Struct("".join(fmt))
    if not args or packer.size != at - 8 * len(args):
        return None
    source = ("def fill(values, buffer, pack_into=pack_into):\n    %s, = values\n%s    pack_into(buffer, %d, %s)\n"
              % (", ".join("v%d" % i for i in range(len(args))),
                 "    if not (%s):\n        raise TypeError\n" % " and ".join(checks) if checks else "",
                 8 * len(args), ", ".join(exprs)))
    return _compiled(source, len(args), "fill", pack_into=packer.pack_into)


def _compiled(source, n, name, **names):
    """The function ``name`` that ``source`` (code made for a plan of ``n`` values) defines, given ``names``.
    Its globals are this module's: _VALUE_TYPES is read when the values are, as value_type() may grow it."""
    namespace = dict(names)
    exec(compile(source, "<cudacffi kernelParams of %d values>" % n, "exec"), globals(), namespace)
    return namespace[name]


def _storer(args):
    """``make(mem)`` -> ``store(values)`` for a plan whose slots need no numpy: the values stored into the
    block ``mem`` (a ``uint64_t[]``) by straight-line code, one cdata store per value, which PyPy's JIT turns
    into plain memory writes. Handle slots take a handle's ``_v`` and address slots an int, anything else
    raising TypeError; the typed stores raise what cffi refuses (a float for an int, a value out of range):
    the checking path then converts or names the argument."""
    if not args:  # nothing to store: a launch without arguments passes NULL
        return None
    checks, lines, casts = [], [], []
    for i, a in enumerate(args):
        word = a.offset // 8
        if a.kind == "none":
            checks.append("isinstance(v%d, _VALUE_TYPES)" % i)
            lines.append("mem[%d] = v%d._v" % (word, i))
        elif a.kind == "ptr":
            checks.append("v%d.__class__ is int" % i)
            lines.append("mem[%d] = v%d" % (word, i))
        else:
            casts.append("    t%d = cast(%r, mem + %d)\n" % (i, a.cname + " *", word))
            lines.append("t%d[0] = v%d" % (i, i))
    body = "        %s, = values\n" % ", ".join("v%d" % i for i in range(len(args)))
    if checks:
        body += "        if not (%s):\n            raise TypeError\n" % " and ".join(checks)
    body += "".join("        %s\n" % line for line in lines)
    source = "def make(mem, cast=cast):\n%s    def store(values):\n%s    return store\n" % ("".join(casts), body)
    return _compiled(source, len(args), "make", cast=_ffi.cast)


def _plan(types, values, func):
    try:
        plan = _plans.get(types)
    except TypeError:  # an unhashable entry
        plan = None
    if plan is None:
        if len(values) != len(types):
            raise _length_error(func, values, types)
        plan = _Plan([arg_for(t, i, func) for i, t in enumerate(types)])
        try:
            hash(types)
        except TypeError:  # an unhashable entry: planned afresh on each call, never cached
            return plan
        with _plans_lock:
            plan = _plans.setdefault(types, plan)
            while len(_plans) > _MAX_PLANS:  # drop the oldest (dicts keep insertion order)
                del _plans[next(iter(_plans))]
    _LAST[0] = (types, plan)
    return plan


# -- blocks -------------------------------------------------------------------------------------------------------

class _Block:
    """One plan's memory for one thread: the void* table, then the slots; with typed views of the slots."""

    __slots__ = ("plan", "mem", "base", "table", "buffer", "store", "memo", "seen", "dirty")

    def __init__(self, plan):
        self.plan = plan
        self.mem = mem = _ffi.new("uint64_t[]", plan.words)
        self.base = base = int(_ffi.cast("uintptr_t", mem))
        self.table = [base + a.offset for a in plan.args]  # each argument's pointer: its own slot
        mem[0:plan.n] = self.table
        self.buffer = _ffi.buffer(mem) if plan.fill is not None else None
        self.store = plan.storer(mem) if plan.storer is not None else None
        self.memo = None  # a values tuple whose packing is still in the block and cannot have changed
        self.seen = None  # the values tuple packed last
        self.dirty = False  # the checking path pointed a table entry elsewhere than its slot

    def pack(self, values, func):
        self.memo = None
        if self.plan.fast:
            try:
                if self.dirty:
                    self.mem[0:self.plan.n] = self.table
                    self.dirty = False
                if self.buffer is not None:
                    self.plan.fill(values, self.buffer)
                else:
                    self.store(values)
            except Exception:
                self._check(values, func)
                return
            if values is self.seen and _unchanging(values):
                self.memo = values
        else:
            self._check(values, func)
        self.seen = values

    def _check(self, values, func):
        """Convert every value with full checks: a failing argument is named in the exception."""
        mem, plan = self.mem, self.plan
        self.dirty = True
        for i, (a, v) in enumerate(zip(plan.args, values)):
            slot = self.table[i]
            if a.kind == "none":
                mem[i] = _by_pointer(v, slot, i, func)
            else:
                mem[i] = slot
                _store(a, v, slot, i, func)
        self.seen = values


_VALUE_TYPES = (Handle,)  # classes whose ``_v`` is the value their getPtr() points to


def value_type(cls):
    """Let objects of ``cls`` pack under type None by their ``_v`` (the value ``getPtr()`` points to) instead
    of a call to ``getPtr()``: ``cudacffi.core.Buffer``. An object without ``_v`` (a closed Buffer) still
    goes through ``getPtr()``, which says what is wrong."""
    global _VALUE_TYPES
    if cls not in _VALUE_TYPES:
        _VALUE_TYPES = _VALUE_TYPES + (cls,)
    return cls


def _unchanging(values):
    """True when no value can change after packing (so packing the same tuple again is a no-op)."""
    for v in values:
        c = v.__class__
        if c is not int and c is not float and c is not bool and c is not bytes and not (
                isinstance(v, Handle) and "_is_view" not in c.__dict__):  # a _ptr view's value may change
            return False
    return True


def _by_pointer(v, slot, i, func):
    """The pointer for a value under type None: its getPtr(), a ctypes.Structure's address, or an enum slot."""
    getptr = getattr(v, "getPtr", None)
    if getptr is not None and callable(getptr):
        p = getptr()
        if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < _U64:
            return p
        raise argument_error(func, "kernelParams", "values[%d]: %s.getPtr() returned %r, not an address"
                             % (i, type(v).__name__, p))
    if isinstance(v, enum.Enum):
        _ffi.cast("int *", slot)[0] = _int_in_range(v.value, "int", i, func)
        return slot
    if "ctypes" in sys.modules:
        _, structure, _, addressof = ctypes_table()
        if isinstance(v, structure):
            return addressof(v)
    raise argument_error(func, "kernelParams", "values[%d]: with type None, expected an object with getPtr(), a "
                         "ctypes.Structure or an enum member, not %s" % (i, type(v).__name__))


def _store(a, v, slot, i, func):
    kind = a.kind
    if "ctypes" in sys.modules and isinstance(v, ctypes_table()[2]):  # a ctypes scalar: its value
        v = v.value
    if kind == "int":
        _ffi.cast(a.cname + " *", slot)[0] = _int_in_range(v, a.cname, i, func, a.label)
    elif kind == "float":
        if isinstance(v, (str, bytes)) or not hasattr(v, "__float__"):
            raise argument_error(func, "kernelParams", "values[%d]: %s needs a number, not %s"
                                 % (i, a.label, type(v).__name__))
        _ffi.cast(a.cname + " *", slot)[0] = float(v)
    elif kind == "bool":
        try:
            _ffi.cast("_Bool *", slot)[0] = bool(v)
        except (TypeError, ValueError) as e:
            raise argument_error(func, "kernelParams", "values[%d]: %s: %s" % (i, a.label, e)) from None
    elif kind == "char":
        if isinstance(v, (bytes, bytearray)) and len(v) == 1:
            v = v[0]
        elif isinstance(v, (bytes, bytearray, str, float)) or not hasattr(v, "__index__"):
            raise argument_error(func, "kernelParams", "values[%d]: %s needs one byte or an int, not %r"
                                 % (i, a.label, v))
        _ffi.cast("unsigned char *", slot)[0] = _int_in_range(v, "unsigned char", i, func, a.label)
    elif kind == "wchar":
        if not (isinstance(v, str) and len(v) == 1):
            raise argument_error(func, "kernelParams", "values[%d]: %s needs a 1-character str, not %r"
                                 % (i, a.label, v))
        _ffi.cast("uint32_t *", slot)[0] = ord(v)
    elif kind == "ptr":
        _ffi.cast("uint64_t *", slot)[0] = _pointer_value(v, i, func, a.label)
    else:
        _store_blob(a, v, slot, i, func)


def _int_in_range(v, cname, i, func, label=None):
    if isinstance(v, (float, str, bytes)) or not hasattr(v, "__index__"):
        raise argument_error(func, "kernelParams", "values[%d]: %s needs an int, not %s"
                             % (i, label or cname, type(v).__name__))
    v = v.__index__()
    lo, hi = INT_RANGE[cname]
    if not lo <= v <= hi:
        raise argument_error(func, "kernelParams", "values[%d]: %d out of range for %s [%d, %d]"
                             % (i, v, label or cname, lo, hi), OverflowError)
    return v


def _pointer_value(v, i, func, label):
    if v is None:
        return 0
    if isinstance(v, int) and not isinstance(v, bool):
        if 0 <= v < _U64:
            return v
        raise argument_error(func, "kernelParams", "values[%d]: address out of range [0, 2**64): %d" % (i, v),
                             OverflowError)
    if isinstance(v, _ffi.CData):
        return int(_ffi.cast("uintptr_t", v))
    getptr = getattr(v, "getPtr", None)
    if getptr is not None and callable(getptr):
        return _pointer_value(getptr(), i, func, label)
    raise argument_error(func, "kernelParams", "values[%d]: %s needs an int address, None or an object with "
                         "getPtr(), not %s" % (i, label, type(v).__name__))


def _store_blob(a, v, slot, i, func):
    np = sys.modules["numpy"]
    try:
        arr = np.asarray(v, dtype=a.dtype)
    except (TypeError, ValueError) as e:
        raise argument_error(func, "kernelParams", "values[%d]: not convertible to %s: %s" % (i, a.label, e)) \
            from None
    if arr.size != 1:
        raise argument_error(func, "kernelParams", "values[%d]: %s needs one item, got %d" % (i, a.label, arr.size),
                             ValueError)
    _ffi.memmove(_ffi.cast("char *", slot), arr.tobytes(), a.size)
