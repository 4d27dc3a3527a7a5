"""NVML's part of the seam (see ``cudacffi._direct``): raw calls on cffi arguments and the cffi objects they take.

Apart from the driver's part so that importing ``cudacffi.core`` does not import NVML's generated module."""

from .._gen import nvml as _gen
from . import raw_call

__all__ = ["call", "cast", "new", "sizeof"]

new = _gen._ffi.new
cast = _gen._ffi.cast
sizeof = _gen._ffi.sizeof


def call(name, *args):
    """NVML's ``name`` called on cffi arguments (bound on first use): its nvmlReturn_t as an int;
    ``FunctionNotFoundError`` where the library lacks it."""
    return raw_call(_gen._lib, _gen._library.bind, _gen._UNBOUND, name, args)
