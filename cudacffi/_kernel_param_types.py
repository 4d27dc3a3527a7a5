"""The C type of each kernel argument: what an entry of a ``(values, types)`` pair's ``types`` names.

An entry is None (an object with ``getPtr()``, a ``ctypes.Structure``, an enum member: pointed to, or a handle's
value copied), a ctypes scalar type or ``c_void_p``, a cffi type name (``"int"``, ``"float"``, ``"void *"``) or a
numpy dtype / scalar type. ``arg_for`` answers how its slot is stored (``Arg``: kind, C type, size), or raises
naming the entry; ``struct_code`` the native ``struct`` code of a C scalar type.
"""

import sys

import cffi

from ._arguments import argument_error
from ._driver import ffi as _ffi  # a compiled ffi: a bare cffi.FFI() would import pycparser to parse types

# C types a slot can hold, by cffi name: (kind, size). kind: "int", "float", "bool", "char", "wchar", "ptr"
C_TYPES = {"_Bool": ("bool", 1), "char": ("char", 1), "wchar_t": ("wchar", 4), "float": ("float", 4),
           "double": ("float", 8), "void *": ("ptr", 8)}
INT_RANGE = {}  # C name -> (lo, hi)
for _name in ("signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int", "long",
              "unsigned long", "long long", "unsigned long long", "int8_t", "uint8_t", "int16_t", "uint16_t",
              "int32_t", "uint32_t", "int64_t", "uint64_t", "size_t", "ssize_t", "intptr_t", "uintptr_t",
              "ptrdiff_t"):
    C_TYPES[_name] = ("int", _ffi.sizeof(_name))
    _bits = 8 * _ffi.sizeof(_name)
    INT_RANGE[_name] = ((-(1 << (_bits - 1)), (1 << (_bits - 1)) - 1) if int(_ffi.cast(_name, -1)) < 0
                        else (0, (1 << _bits) - 1))


def _ctypes_table(ctypes):
    names = {ctypes.c_bool: "_Bool", ctypes.c_char: "char", ctypes.c_wchar: "wchar_t",
             ctypes.c_byte: "signed char", ctypes.c_ubyte: "unsigned char", ctypes.c_short: "short",
             ctypes.c_ushort: "unsigned short", ctypes.c_int: "int", ctypes.c_uint: "unsigned int",
             ctypes.c_long: "long", ctypes.c_ulong: "unsigned long", ctypes.c_longlong: "long long",
             ctypes.c_ulonglong: "unsigned long long", ctypes.c_size_t: "size_t", ctypes.c_float: "float",
             ctypes.c_double: "double", ctypes.c_void_p: "void *"}
    return names, ctypes.Structure, ctypes._SimpleCData, ctypes.addressof


_CTYPES = None  # (type -> C name, Structure, _SimpleCData, addressof), filled when a plan first needs it


def ctypes_table():
    """(ctypes type -> C name, ctypes.Structure, ctypes._SimpleCData, ctypes.addressof). Asked only where a type
    or value of ctypes is at hand, so where the program has imported ctypes: as numpy, it is found among the
    loaded modules and never imported here (it costs PyPy's import of cudacffi tens of milliseconds)."""
    global _CTYPES
    if _CTYPES is None:
        _CTYPES = _ctypes_table(sys.modules["ctypes"])
    return _CTYPES


class Arg:
    """How one argument is stored: its slot's offset and C type, and how to check a value for it."""

    __slots__ = ("kind", "cname", "size", "offset", "label", "dtype")

    def __init__(self, kind, cname, size, label, dtype=None):
        self.kind = kind  # "none", "int", "float", "bool", "char", "wchar", "ptr" or "blob" (numpy by value)
        self.cname = "uint64_t" if kind == "ptr" else cname  # what a fast store writes: pointers as ints
        self.size = size
        self.offset = 0
        self.label = label  # the type as the user wrote it, for messages
        self.dtype = dtype


_SCALAR_CODES = {("int", 1, True): "b", ("int", 1, False): "B", ("int", 2, True): "h", ("int", 2, False): "H",
                 ("int", 4, True): "i", ("int", 4, False): "I", ("int", 8, True): "q", ("int", 8, False): "Q",
                 ("float", 4, True): "f", ("float", 8, True): "d", ("bool", 1, False): "?", ("ptr", 8, False): "Q"}


def struct_code(cname):
    """The native ``struct`` code of the C scalar type ``cname`` (a cffi name: "int32_t", "double", "void *"),
    or None for one it has no code for (char, wchar_t, an unknown name)."""
    kind, size = C_TYPES.get(cname, (None, 0))
    signed = kind == "float" or (kind == "int" and INT_RANGE[cname][0] < 0)
    return _SCALAR_CODES.get((kind, size, signed))


def arg_for(t, i, func):
    """How argument ``i`` of type ``t`` (an entry of ``types``) is stored, or the error naming it."""
    if t is None:
        return Arg("none", "uint64_t", 8, "None")
    if isinstance(t, str):
        return _cffi_arg(t, i, func)
    if isinstance(t, type) and t.__module__ == "ctypes" and "ctypes" in sys.modules:
        cname = ctypes_table()[0].get(t)
        if cname is not None:
            kind, size = C_TYPES[cname]
            return Arg(kind, cname, size, t.__name__)
    np = sys.modules.get("numpy")
    if np is not None and (isinstance(t, np.dtype) or (isinstance(t, type) and issubclass(t, np.generic))):
        return _numpy_arg(np, np.dtype(t), i, func)
    raise argument_error(func, "kernelParams", "types[%d]: Unsupported type %s" % (i, _describe_type(t)))


def _describe_type(t):
    text = repr(t)
    return text if len(text) <= 60 else text[:57] + "..."


def _cffi_arg(name, i, func):
    try:
        ct = _ffi.typeof(name)
    except (_ffi.error, cffi.CDefError, cffi.FFIError, ValueError, TypeError):
        ct = None
    if ct is not None and ct.kind == "pointer":
        return Arg("ptr", "void *", 8, name)
    if ct is not None and ct.kind == "primitive" and ct.cname in C_TYPES:
        kind, size = C_TYPES[ct.cname]
        return Arg(kind, ct.cname, size, name)
    raise argument_error(func, "kernelParams", "types[%d]: Unsupported type %r (a cffi type name must be a "
                         "number type or a pointer type)" % (i, name))


_NUMPY_INTS = {1: ("int8_t", "uint8_t"), 2: ("int16_t", "uint16_t"), 4: ("int32_t", "uint32_t"),
               8: ("int64_t", "uint64_t")}


def _numpy_arg(np, dt, i, func):
    label = "numpy.%s" % dt
    if dt.isnative and dt.fields is None and dt.subdtype is None:
        if dt.kind == "b":
            return Arg("bool", "_Bool", 1, label)
        if dt.kind in "iu" and dt.itemsize in _NUMPY_INTS:
            cname = _NUMPY_INTS[dt.itemsize][dt.kind == "u"]
            return Arg("int", cname, dt.itemsize, label)
        if dt.kind == "f" and dt.itemsize in (4, 8):
            return Arg("float", "float" if dt.itemsize == 4 else "double", dt.itemsize, label)
    if dt.kind in "biufcV" and not dt.hasobject and dt.itemsize:
        return Arg("blob", None, dt.itemsize, label, dt)
    raise argument_error(func, "kernelParams", "types[%d]: Unsupported type %s" % (i, label))
