"""Addresses and buffers: what a ``void *`` parameter or pointer field passes, and the rules for buffers
the library writes (C-contiguous, writable, large enough; ``bytes`` only where writing it is safe).

One rule set for every family (``_exception_style`` uses it too):

- a buffer whose items are Python objects (numpy ``dtype=object``, format ``O``) is refused: its memory
  holds PyObject pointers, never data the library may read or write;
- a cffi array (any FFI's) has a known size, checked like a buffer's, as has a pointer that owns its memory
  (``ffi.new("int *")``); a cffi pointer of unknown size (``ffi.cast``) is, like an int address, the caller's
  promise;
- ``bytes`` is written into only on CPython and only when the object is the caller's own (see
  ``_bytes_address``).
"""

import enum
import operator
import re
import sys

import _cffi_backend

from ._arguments import _U64, argument_error
from ._handles import Handle, PointerHandle

_CPYTHON = sys.implementation.name == "cpython"
_FIELD_NAMES = re.compile(r":[^:]*:")  # struct-format field names (T{<i:Out:}), which may hold an "O"
_backend_ffi = _cffi_backend.FFI()

try:  # CPython: a buffer's address in C (a cffi cast and int() of it cost ten times as much); None on PyPy
    from ._fastcall import buffer_address as _buffer_address
except ImportError:  # PyPy, or the module not built: the cffi cast (PyPy's JIT makes that cheap)
    _buffer_address = None


def int_address(x, func, name):
    """An int given as an address, checked to fit in 64 bits: every int a parameter takes as an address goes
    through here. A bool or an enum member is refused (TypeError): it is a flag or a status passed by mistake
    (``nvrtcGetProgramLog(prog, nvrtcResult.X)`` would write at address 8); a plain int that cannot be
    validated is the caller's promise."""
    if x.__class__ is not int and isinstance(x, (bool, enum.Enum)):
        raise argument_error(func, name, "must be an int address, None or a buffer, not %s (an int subclass "
                             "that is no address)" % type(x).__name__)
    if 0 <= x < _U64:
        return x
    raise argument_error(func, name, "address out of range [0, 2**64): %d" % x, OverflowError)


def holds_objects(mv):
    """Whether memoryview ``mv``'s items are (or contain) Python object pointers."""
    fmt = mv.format
    return "O" in fmt and "O" in _FIELD_NAMES.sub("", fmt)


def contiguous_view(x, func, name, expected):
    """A memoryview of buffer ``x``, which must be C-contiguous and hold data, not Python objects;
    ``expected`` says what else was allowed."""
    try:
        mv = memoryview(x)
    except TypeError:
        raise argument_error(func, name, "must be %s, not %s" % (expected, type(x).__name__)) from None
    if holds_objects(mv):
        raise argument_error(func, name, "is a buffer of Python objects (format %r, e.g. a numpy array of "
                             "dtype=object): pass a buffer of plain data" % mv.format)
    if not mv.c_contiguous:
        raise argument_error(func, name, "must be a C-contiguous buffer", ValueError)
    return mv


_OWNING = re.compile(r" owning (\d+) bytes>$")


def cdata_nbytes(x):
    """The size in bytes of cffi object ``x`` where cffi knows it, else None. An array's is its size; a
    pointer that owns its memory (``ffi.new("int *")``) owns as many bytes as cffi's repr says; any other
    pointer (``ffi.cast``) is of unknown size: the caller's promise, like an int address."""
    try:
        if _backend_ffi.typeof(x).kind == "array":
            return _backend_ffi.sizeof(x)
    except (TypeError, ValueError):
        return None
    m = _OWNING.search(repr(x))
    return int(m.group(1)) if m else None


def nbytes(x):
    """The size of a buffer or cffi array, or None where it is unknown (int address, None, cffi pointer,
    handle)."""
    if x.__class__ is bytes or x.__class__ is bytearray:
        return len(x)
    if isinstance(x, _backend_ffi.CData):
        return cdata_nbytes(x)
    if x is None or isinstance(x, (int, Handle)):
        return None
    try:
        return memoryview(x).nbytes
    except TypeError:
        return None


if _CPYTHON:
    _release_cdata = _cffi_backend.FFI().release

    class Held(tuple):
        """What a call keeps while the library uses a buffer: ``(cffi buffer, memoryview)``. Its finalizer releases
        the cffi buffer's hold on the memoryview. A call's frame that an exception keeps (``except E as e: err = e``)
        becomes cyclic garbage with both in it, and CPython's collector, which clears a memoryview that still has an
        export, crashes (a CPython bug up to 3.12); the collector runs finalizers before it clears anything, so
        the export is gone by then."""

        __slots__ = ()

        def __del__(self):
            try:
                _release_cdata(self[0])
            except Exception:  # released already, or a cdata that owns no buffer
                pass
else:  # PyPy's collector has no such step to fear, and finalizers cost it: a plain tuple
    Held = tuple


def _as_index(n):
    """``n`` as an int where it is an integer of any class (not a bool), else None."""
    if isinstance(n, bool) or not hasattr(type(n), "__index__"):
        return None
    try:
        n = operator.index(n)
    except Exception:
        return None
    return n if n.__class__ is int else None


def held(buf, mv):
    """The keepalive of ``buf = ffi.from_buffer(mv)`` (see ``Held``)."""
    return Held((buf, mv))


def address(ffi, x, func, name, writable=False):
    """(address, keepalive) of an int, None, a cffi pointer, a getPtr() object or a buffer-protocol object."""
    cls = x.__class__
    if cls is bytes and not writable:  # always contiguous: no view to check
        if _buffer_address is not None:  # (CPython: bytes never move or resize; the object is the keepalive)
            return _buffer_address(x), x
        buf = ffi.from_buffer(x)
        return int(ffi.cast("uintptr_t", buf)), held(buf, x)  # (the object beside its buffer, as a view's)
    if cls is bytearray:
        buf = ffi.from_buffer(x)  # holds the bytearray's buffer (it cannot be resized) while it lives
        return (_buffer_address(x) if _buffer_address is not None else int(ffi.cast("uintptr_t", buf))), buf
    if isinstance(x, int):
        return int_address(x, func, name), None
    if x is None:
        return 0, None
    if isinstance(x, ffi.CData):
        return int(ffi.cast("uintptr_t", x)), x
    if isinstance(x, Handle):
        if writable and isinstance(x, PointerHandle):  # a driver object's address: the call would write over it
            raise argument_error(func, name, "is written by the library: it must be a buffer or an int address, "
                                 "not a %s handle (no host memory)" % type(x).__name__)
        return int(x), None
    if isinstance(x, (str, float, bool)):
        raise argument_error(func, name, "must be an int address, None or a buffer, not %s" % type(x).__name__)
    if isinstance(x, bytes) and writable:
        return _bytes_address(ffi, x, func, name)
    mv = contiguous_view(x, func, name, "an int address, None or a buffer")
    if writable and mv.readonly:
        raise argument_error(func, name, "must be a writable buffer (bytearray, numpy array, ...)", ValueError)
    buf = ffi.from_buffer(mv, require_writable=writable) if writable else ffi.from_buffer(mv)
    return int(ffi.cast("uintptr_t", buf)), held(buf, mv)


def _bytes_address(ffi, b, func, name):
    """(address, keepalive) for a ``bytes`` object given as an output buffer: the seeds' ``buf = b" " * n``.

    CPython writes into the object in place (as cuda.bindings does) only when it is the caller's own:

    - ``b""`` and one-byte objects are the interpreter's shared singletons (``b" " * 1 is b" "``): the library
      writes into a private copy instead, never the shared object (NVRTC's log of a clean compile is one
      NUL: the seed idiom keeps working, and ``b" "`` stays ``b" "``);
    - a constant of the code of a calling frame (``b" " * 64`` written literally is folded into one object
      that every run of that code shares) is refused;
    - so is an object that something besides the call's own frames and one reference of the caller's
      holds (a list, a dict, another module's constant, an immortal object): writing would change it there.

    PyPy: bytes may be moved or copied by ``from_buffer``, so writing would not reach the object; refused.
    """
    if not _CPYTHON:
        raise argument_error(func, name, "is a bytes object, which %s cannot write into: pass bytearray(n) "
                             "instead of b' ' * n (it works on every interpreter)" % sys.implementation.name,
                             ValueError)
    refs = sys.getrefcount(b) - 1  # less getrefcount's own argument
    if len(b) <= 1:
        private = ffi.new("char[]", 1)
        ffi.memmove(private, b, len(b))
        return int(ffi.cast("uintptr_t", private)), private
    frame = sys._getframe(1)
    ours = 1  # this function's parameter
    while frame is not None:
        if frame.f_globals.get("__name__", "").startswith("cudacffi"):  # our own frames: count what they hold
            for v in frame.f_locals.values():
                if v is b:
                    ours += 1
                elif v.__class__ is tuple or v.__class__ is list:
                    ours += sum(1 for item in v if item is b)
        else:
            for c in frame.f_code.co_consts:
                if c is b:
                    raise argument_error(func, name, "is a bytes constant of the calling code (%s), shared by "
                                         "every run of it: pass bytearray(n), or build the bytes at run time"
                                         % frame.f_code.co_name, ValueError)
        frame = frame.f_back
    if refs - ours > 1:
        raise argument_error(func, name, "is a bytes object that other objects hold too (%d references "
                             "besides the caller's): writing into it would change it there; pass bytearray(n)"
                             % (refs - ours), ValueError)
    return int(ffi.cast("uintptr_t", ffi.from_buffer(b))), b


def string_room(n):
    """The bytes a string output needs whose library reported size ``n``: the libraries count the NUL in the
    size they report, but nvJitLink reports 0 for an empty log and still writes the NUL, so at least one.
    Every string output a caller's buffer receives is sized here (both calling conventions)."""
    return n if n > 0 else 1


def check_room(buf, need, func, name, text=False):
    """Raise ValueError unless buffer ``buf`` holds ``need``: a (status, bytes) pair from a size query (a
    failed query is left for the call itself to report) or from the caller's count. ``text``: the library
    writes a NUL-terminated string (``string_room``)."""
    status, n = need
    if status:
        return
    if n.__class__ is not int:  # an integer of another class (numpy's) is checked as its value
        n = _as_index(n)
        if n is None:
            return  # not an integer: the conversion of the count names it
    if text:
        n = string_room(n)
    room = nbytes(buf)
    if room is None:  # an int address or a cffi pointer: the caller's promise
        return
    if room < n:
        raise argument_error(func, name, "has room for %d bytes; the library writes %d" % (room, n), ValueError)
