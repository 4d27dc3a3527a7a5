"""C strings: a ``const char *`` argument as bytes, and room for a string the library writes."""

import _cffi_backend

from ._arguments import argument_error, check_output_count

_NULL = _cffi_backend.FFI().NULL  # the one NULL of every cffi module (the same `void *` type)


def cstring(x, func, name):
    """A ``const char *`` parameter: bytes (or bytearray); None passes NULL."""
    if isinstance(x, bytes):
        return x
    if x is None:
        return _NULL
    if isinstance(x, (bytearray, memoryview)):
        return bytes(x)
    if isinstance(x, str):
        raise argument_error(func, name, "must be bytes, not str (encode it, e.g. %r)"
                             % x[:20].encode(errors="backslashreplace"))
    raise argument_error(func, name, "must be bytes, not %s" % type(x).__name__)


def char_buffer(ffi, n, func, name):
    """Room for a string of ``n`` bytes the library writes: ``n`` spaces and a NUL (``n + 1`` cells; the NUL alone
    for 0), as cuda.bindings fills its buffer."""
    n = check_output_count(func, name, n)
    return ffi.new("char[]", b" " * n)
