"""Addresses and buffers: what a ``void *`` parameter or pointer field passes, and the rules for buffers
the library writes (C-contiguous, writable, large enough; ``bytes`` only where writing it is safe).
"""

from ._checks import _U64, argument_error
from ._handles import Handle


def int_address(x, func, name):
    """An int given as an address, checked to fit in 64 bits."""
    if 0 <= x < _U64:
        return x
    raise argument_error(func, name, "address out of range [0, 2**64): %d" % x, OverflowError)


def contiguous_view(x, func, name, expected):
    """A memoryview of buffer ``x``, which must be C-contiguous; ``expected`` says what else was allowed."""
    try:
        mv = memoryview(x)
    except TypeError:
        raise argument_error(func, name, "must be %s, not %s" % (expected, type(x).__name__)) from None
    if not mv.c_contiguous:
        raise argument_error(func, name, "must be a C-contiguous buffer", ValueError)
    return mv


def address(ffi, x, func, name, writable=False):
    """(address, keepalive) of an int, None, a cffi pointer, a getPtr() object or a buffer-protocol object."""
    if isinstance(x, int) and not isinstance(x, bool):
        return int_address(x, func, name), None
    if x is None:
        return 0, None
    if isinstance(x, ffi.CData):
        return int(ffi.cast("uintptr_t", x)), x
    if isinstance(x, Handle):
        return int(x), None
    if isinstance(x, (str, float, bool)):
        raise argument_error(func, name, "must be an int address, None or a buffer, not %s" % type(x).__name__)
    if isinstance(x, bytes) and writable:
        return _bytes_address(ffi, x, func, name), x
    mv = contiguous_view(x, func, name, "an int address, None or a buffer")
    if writable and mv.readonly:
        raise argument_error(func, name, "must be a writable buffer (bytearray, numpy array, ...)", ValueError)
    buf = ffi.from_buffer(mv, require_writable=writable) if writable else ffi.from_buffer(mv)
    return int(ffi.cast("uintptr_t", buf)), (buf, mv)


def _bytes_address(ffi, b, func, name):
    """Where a ``bytes`` object's data lives, for the seeds' ``buf = b" " * n`` idiom of output buffers.

    CPython: the object's own storage (it is written in place, as cuda.bindings does). PyPy: bytes may be
    moved or copied by ``from_buffer``, so writing through it would not reach the object; refuse clearly.
    """
    import platform

    if platform.python_implementation() != "CPython":
        raise argument_error(func, name, "is a bytes object, which %s cannot write into: pass bytearray(n) "
                             "instead of b' ' * n (it works on every interpreter)" % platform.python_implementation(),
                             ValueError)
    return int(ffi.cast("uintptr_t", ffi.from_buffer(b)))


def check_room(buf, need, func, name):
    """Raise ValueError unless buffer ``buf`` holds ``need``: a (status, bytes) pair from a size query (a
    failed query is left for the call itself to report) or from the caller's count."""
    status, n = need
    if status or n.__class__ is not int:
        return
    try:
        room = memoryview(buf).nbytes
    except TypeError:  # a cffi pointer: like an int address, the caller's promise
        return
    if room < n:
        raise argument_error(func, name, "has room for %d bytes; the library writes %d" % (room, n), ValueError)
