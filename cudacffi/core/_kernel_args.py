"""How launch() packs a kernel's arguments: per kernel, a plan per tuple of argument classes (the types the
packer uses, which arguments need converting, and a launcher made for those classes that packs every value with one
``struct.pack`` and launches through the driver's ``_cc_launch_blob``, reached through ``cudacffi._direct``).

Arguments, as cuda.core takes them: Buffers and objects with ``__cuda_array_interface__`` or ``__dlpack__``
(their device pointer), driver handles (their value), numpy scalars and ctypes scalars (their bytes),
``bool``, ``int``, ``float``, ``complex``. Beyond cuda.core, where the driver reports the kernel's
parameters (``Kernel.arguments_info``, CUDA 12.4+ drivers): a wrong number of arguments or an argument
whose size differs from its parameter's raises TypeError naming the argument, and a Python int or float
is packed at its parameter's size (int8..int64, half/float/double). Without that report, ints pack as
intptr_t and floats as double, as in cuda.core.
"""

from __future__ import annotations

import struct
import sys
from typing import Any, Callable, Optional, Sequence, Tuple

from .. import _direct
from . import _dlpack
from ._kernel import Kernel
from ._memory import Buffer
from ._tensor_map import TensorMapDescriptor
from ._memoryview import StridedMemoryView

__all__ = ["array_pointer", "prepare_arguments"]

_INT_TYPES = {1: "int8_t", 2: "int16_t", 4: "int32_t", 8: "int64_t"}
_HALF = struct.Struct("<e")
_UINT16 = struct.Struct("<H")


def prepare_arguments(kernel: Kernel, kernel_args: Sequence[Any]) -> Tuple[tuple, tuple]:
    """(values, types) as launch() hands them to the packer: for tests and tools, not the hot path."""
    plan = _plan(kernel, tuple(map(type, kernel_args)), kernel_args)
    values = tuple(kernel_args) if plan.convert is None else plan.convert(tuple(kernel_args))
    _check_values(kernel, kernel_args, plan.types)
    return _widen_unsigned(values, plan.types), plan.types


# -- plans ------------------------------------------------------------------------------------------------------

def _kernel_label(kernel: Kernel) -> str:
    return "launch(): kernel %s" % (repr(kernel._name) if kernel._name else "0x%x" % kernel._h)


def _plan(kernel: Kernel, key: tuple, args: Sequence[Any]) -> _Plan:
    info = kernel._params()
    if info is not None and len(args) != len(info):
        raise TypeError("%s takes %d argument%s, %d given" % (_kernel_label(kernel), len(info),
                                                            "" if len(info) == 1 else "s", len(args)))
    types = []
    convs = []
    for i, arg in enumerate(args):
        size = info[i].size if info is not None else None
        t, conv = _arg_rule(kernel, i, arg, size)
        types.append(t)
        if conv is not None:
            convs.append((i, conv))
    plan = _Plan(tuple(types), _converter(tuple(convs)) if convs else None, key)
    if len(kernel._arg_plans) >= 64:
        kernel._arg_plans.clear()
    kernel._arg_plans[key] = plan
    return plan


class _Plan:
    """How launch() packs arguments of one tuple of classes for one kernel: ``types`` and ``convert`` for the
    packer (``(values, types)`` kernelParams), and ``fast``, the launcher that packs them in one
    ``struct.pack`` and launches through ``_cc_launch_blob`` (None where a type has no struct code)."""

    __slots__ = ("types", "convert", "fast")

    def __init__(self, types: tuple, convert: Optional[Callable[[tuple], tuple]], key: tuple) -> None:
        self.types = types
        self.convert = convert
        self.fast = _fast_launcher(key, types, convert)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Plan) and (self.types, self.convert) == (other.types, other.convert)

    __hash__ = None


# -- the fast launcher -------------------------------------------------------------------------------------------
#
# Per plan, a function made for its argument classes: it checks each argument's class (exactly the classes
# of the plan's key), packs every value into one bytes object with a precompiled struct.Struct, and calls
# the driver module's _cc_launch_blob, which points the driver's void* table into those bytes. The bytes
# are immutable and the table lives on the C stack: launches from many threads share nothing. A class
# mismatch returns None (launch() then finds or makes the plan of the new classes); a value struct refuses
# raises, and launch() takes the checked path, which names the argument.

_NUMPY_CODES = {("b", 1): "?", ("i", 1): "b", ("i", 2): "h", ("i", 4): "i", ("i", 8): "q", ("u", 1): "B",
                ("u", 2): "H", ("u", 4): "I", ("u", 8): "Q", ("f", 4): "f", ("f", 8): "d", ("c", 8): "ff",
                ("c", 16): "dd"}


def _struct_code(t: Any) -> Optional[str]:
    """The struct code of a packer type (a name, None for a value's ``_v``, or a numpy dtype), or None."""
    if t is None:
        return "P"  # a Buffer's or handle's _v: a non-negative int below 2**64, as a pointer
    if isinstance(t, str):
        return _direct.struct_code(t)
    kind, size = getattr(t, "kind", None), getattr(t, "itemsize", None)
    if getattr(t, "isnative", False) and getattr(t, "fields", 1) is None and getattr(t, "subdtype", 1) is None:
        return _NUMPY_CODES.get((kind, size))
    return None


def _fast_launcher(key: tuple, types: tuple, convert: Any) -> Optional[Callable[..., Any]]:
    """The fast launcher of a plan (see above), or None where a type has no struct code."""
    codes = [_struct_code(t) for t in types]
    if None in codes or _direct.launch_blob is None:  # (a build older than the launcher)
        return None
    if any(t is None and not hasattr(cls, "_v") for cls, t in zip(key, types)):
        return None  # a value passed by pointer (a TensorMapDescriptor's 128 bytes): the packer's path
    convs = dict(convert.convs) if convert is not None else {}
    fmt, offsets, at = ["@"], [], 0  # native byte order and sizes (the GPU's host is little-endian)
    params = {"pack": None, "run": None, "offsets": None}
    exprs, checks = [], []
    for i, (cls, t, code) in enumerate(zip(key, types, codes)):
        align = struct.calcsize("@" + code[0])
        pad = -at % align
        fmt.append("%dx%s" % (pad, code) if pad else code)
        at += pad
        offsets.append(at)
        at += struct.calcsize("@" + code)
        params["T%d" % i] = cls
        checks.append("a%d.__class__ is T%d" % (i, i))
        if t is None:
            exprs.append("a%d._v" % i)
        elif i in convs:
            params["c%d" % i] = convs[i]
            exprs.append("c%d(a%d)" % (i, i))
        elif len(code) == 2:  # complex: the two parts
            exprs.append("a%d.real, a%d.imag" % (i, i))
        else:
            exprs.append("a%d" % i)
    packer = struct.Struct("".join(fmt))
    if packer.size != at:  # native alignment would have moved a value: not a layout this launcher knows
        return None
    launcher = _c_launcher(key, types, codes, offsets, convs)
    if launcher is not None:
        return launcher
    params["pack"] = packer.pack
    params["run"] = _direct.launch_blob
    params["offsets"] = _direct.uint32_array(offsets)
    n = len(key)
    if n:  # unpacking a tuple of another length raises ValueError: launch() then takes the checked path
        head = "    %s, = a\n    if not (%s):\n        return None\n" % (", ".join("a%d" % i for i in range(n)),
                                                                   " and ".join(checks))
    else:
        head = "    if a:\n        return None\n"
    source = ("def fast(a, native, function, %s):\n%s    return run(native[0]._ptr, function, pack(%s), offsets, %d)\n"
              % (", ".join("%s=%s" % (p, p) for p in params), head, ", ".join(exprs), n))
    namespace = dict(params)
    exec(compile(source, "<cudacffi.core launch of %d arguments>" % len(key), "exec"), namespace)
    return namespace["fast"]


def _c_launcher(key: tuple, types: tuple, codes: list, offsets: list,
                convs: dict) -> Optional[Callable[..., Any]]:
    """On CPython, the plan's launcher in C (``cudacffi._fastcall.launcher``): where every argument is a Buffer or
    handle (its _v) or a Python int, float or bool packed as one C scalar (not complex or half), it checks the
    classes, packs and launches without a Python frame. None elsewhere (PyPy, or a plan it cannot pack): the exec'd
    launcher is used."""
    fastcall = _direct.fastcall()
    if fastcall is None or convs or any(len(code) != 1 or code not in "bBhHiIqQPfd?" for code in codes):
        return None
    if any(t is not None and cls not in (int, float, bool) for cls, t in zip(key, types)):
        return None  # numpy and ctypes scalars: struct takes them through __index__ / __float__
    return fastcall.launcher(_direct.launch_blob_address(),
                             tuple((cls, t is None, code, at) for cls, t, code, at in zip(key, types, codes, offsets)))


def _converter(convs: tuple) -> Callable[[tuple], tuple]:
    def convert(args: tuple) -> tuple:
        values = list(args)
        for i, f in convs:
            values[i] = f(values[i])
        return tuple(values)
    convert.convs = convs
    return convert


def _mismatch(kernel: Kernel, i: int, what: str, size: int) -> TypeError:
    return TypeError("%s: argument %d (kernel_args[%d]) is %s, but the kernel's parameter %d is %d bytes"
                     % (_kernel_label(kernel), i, i, what, i, size))


def _unsupported(kernel: Kernel, i: int, arg: Any) -> TypeError:
    return TypeError("%s: argument %d (kernel_args[%d]) of type %s is not supported: pass a Buffer, an object "
                     "with __cuda_array_interface__ or __dlpack__, a numpy or ctypes scalar, or a bool, int, "
                     "float or complex" % (_kernel_label(kernel), i, i, type(arg).__name__))


def _arg_rule(kernel: Kernel, i: int, arg: Any, size: Optional[int]) -> Tuple[Any, Any]:
    """(type for the packer, converter or None) for argument ``i`` against a parameter of ``size`` bytes."""
    cls = arg.__class__
    if cls is Buffer or isinstance(arg, Buffer):
        if size is not None and size != 8:
            raise _mismatch(kernel, i, "a Buffer (an 8-byte pointer)", size)
        return None, None  # packed from its _v, no conversion
    if cls is bool:
        if size is None or size == 1:
            return "_Bool", None
        if size in _INT_TYPES:
            return _INT_TYPES[size], None
        raise _mismatch(kernel, i, "a bool", size)
    if cls is int or (isinstance(arg, int) and not hasattr(arg, "getPtr")):
        if size is None:
            return "intptr_t", None
        if size in _INT_TYPES:
            return _INT_TYPES[size], (None if cls is int else int)
        raise _mismatch(kernel, i, "an int (packed as 1, 2, 4 or 8 bytes)", size)
    if cls is float:
        if size is None or size == 8:
            return "double", None
        if size == 4:
            return "float", None
        if size == 2:
            return "uint16_t", _half_bits
        raise _mismatch(kernel, i, "a float (packed as 2, 4 or 8 bytes)", size)
    if cls is complex:
        if size not in (None, 8, 16):
            raise _mismatch(kernel, i, "a complex (packed as 8 or 16 bytes)", size)
        np = _numpy(kernel, i, "a complex")
        return np.dtype(np.complex64 if size == 8 else np.complex128), None
    np = sys.modules.get("numpy")
    if np is not None and isinstance(arg, np.generic):
        dt = arg.dtype
        if size is not None and dt.itemsize != size:
            raise _mismatch(kernel, i, "a numpy.%s (%d bytes)" % (dt, dt.itemsize), size)
        if dt.kind == "f" and dt.itemsize == 2:
            return "uint16_t", _numpy_half_bits
        return dt, None
    rule = _ctypes_rule(kernel, i, arg, size)
    if rule is not None:
        return rule
    if hasattr(cls, "getPtr") and hasattr(arg, "_v"):  # a cudacffi driver handle (CUdeviceptr, CUtexObject...)
        if size is not None and size != 8:
            raise _mismatch(kernel, i, "a %s (8 bytes)" % cls.__name__, size)
        return None, None
    if cls is TensorMapDescriptor:
        return _tensor_map_rule(kernel, i, size)
    to_pointer = array_pointer(arg)
    if to_pointer is not None:
        if size is not None and size != 8:
            raise _mismatch(kernel, i, "a device array (an 8-byte pointer)", size)
        return "void *", to_pointer
    if arg is None:
        if size is not None and size != 8:
            raise _mismatch(kernel, i, "None (a NULL pointer, 8 bytes)", size)
        return "void *", lambda v: 0
    raise _unsupported(kernel, i, arg)


def _tensor_map_rule(kernel: Kernel, i: int, size: Optional[int]) -> Tuple[None, None]:
    """A TensorMapDescriptor packs as its 128 bytes, by value (the packer copies what its getPtr() points to)."""
    if size is not None and size != 128:
        raise _mismatch(kernel, i, "a TensorMapDescriptor (a 128-byte CUtensorMap)", size)
    return None, None


def _numpy(kernel: Kernel, i: int, what: str) -> Any:
    try:
        import numpy
    except ImportError:
        raise TypeError("%s: argument %d (kernel_args[%d]) is %s, which needs numpy to pack"
                        % (_kernel_label(kernel), i, i, what)) from None
    return numpy


def _half_bits(v: float) -> int:
    return _UINT16.unpack(_HALF.pack(v))[0]


def _numpy_half_bits(v: Any) -> int:
    return int(v.view("uint16"))


_CTYPES_NAMES = None


def _ctypes_rule(kernel: Kernel, i: int, arg: Any, size: Optional[int]) -> Optional[Tuple[Any, Any]]:
    global _CTYPES_NAMES
    ctypes = sys.modules.get("ctypes")  # a ctypes value exists only where the program imported ctypes
    if ctypes is None or not isinstance(arg, ctypes._SimpleCData):
        return None
    if _CTYPES_NAMES is None:  # made whole, then published: another thread never sees it half filled
        names = {ctypes.c_bool: "_Bool", ctypes.c_char: "char", ctypes.c_byte: "int8_t",
                 ctypes.c_ubyte: "uint8_t", ctypes.c_short: "int16_t", ctypes.c_ushort: "uint16_t",
                 ctypes.c_int: "int32_t", ctypes.c_uint: "uint32_t", ctypes.c_long: "long",
                 ctypes.c_ulong: "unsigned long", ctypes.c_longlong: "int64_t",
                 ctypes.c_ulonglong: "uint64_t", ctypes.c_float: "float", ctypes.c_double: "double",
                 ctypes.c_void_p: "void *"}
        for t in (ctypes.c_int8, ctypes.c_int16, ctypes.c_int32, ctypes.c_int64, ctypes.c_uint8,
                  ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_size_t, ctypes.c_ssize_t):
            names.setdefault(t, "%sint%d_t" % ("u" if t(-1).value > 0 else "", 8 * ctypes.sizeof(t)))
        _CTYPES_NAMES = names
    cls = type(arg)
    name = _CTYPES_NAMES.get(cls)
    if name is None:
        raise _unsupported(kernel, i, arg)
    n = ctypes.sizeof(cls)
    if size is not None and n != size:
        raise _mismatch(kernel, i, "a ctypes.%s (%d bytes)" % (cls.__name__, n), size)
    if cls is ctypes.c_char:
        return "uint8_t", lambda v: v.value[0]
    if cls is ctypes.c_void_p:
        return "void *", lambda v: v.value or 0
    return name, _ctypes_value


def _ctypes_value(v: Any) -> Any:
    return v.value


# -- array arguments: the one hook that turns an array-like object into the device pointer a kernel gets ---------

def array_pointer(arg: Any) -> Optional[Callable[[Any], int]]:
    """A converter from ``arg`` (a StridedMemoryView, an object with ``__cuda_array_interface__`` or
    ``__dlpack__``) to its device pointer, or None where ``arg`` is no array. (Buffers pack as themselves.)"""
    if isinstance(arg, StridedMemoryView):
        return _view_pointer
    if hasattr(arg, "__cuda_array_interface__"):
        return _cai_pointer
    if hasattr(arg, "__dlpack__"):
        return _dlpack_pointer
    return None


def _view_pointer(view: StridedMemoryView) -> int:
    if not view.is_device_accessible:
        raise TypeError("a StridedMemoryView of host memory (device %r) is not GPU-accessible"
                        % (view.__dlpack_device__(),))
    return view.ptr


def _cai_pointer(obj: Any) -> int:
    return obj.__cuda_array_interface__["data"][0]


def _dlpack_pointer(obj: Any) -> int:
    return _dlpack.device_pointer(obj)


def _check_values(kernel: Kernel, args: Sequence[Any], types: tuple) -> None:
    for i, (arg, t) in enumerate(zip(args, types)):
        if isinstance(arg, Buffer) and arg.is_closed:
            raise ValueError("%s: argument %d (kernel_args[%d]) is a closed Buffer" % (_kernel_label(kernel), i, i))
        if isinstance(t, str) and t in _INT_TYPES.values() and isinstance(arg, int):
            bits = int(t[3:-2])
            v = int(arg)
            if not -(1 << (bits - 1)) <= v < (1 << bits):
                raise OverflowError("%s: argument %d (kernel_args[%d]) = %d does not fit the kernel's %d-byte "
                                    "parameter %d" % (_kernel_label(kernel), i, i, v, bits // 8, i))


def _widen_unsigned(values: tuple, types: tuple) -> tuple:
    """``values`` with ints above a signed type's range (valid for the unsigned parameter of that size) given
    as the signed value of the same bits; the same tuple when there are none."""
    out = None
    for i, (v, t) in enumerate(zip(values, types)):
        if isinstance(t, str) and t in _INT_TYPES.values() and isinstance(v, int):
            bits = int(t[3:-2])
            if (1 << (bits - 1)) <= v < (1 << bits):
                if out is None:
                    out = list(values)
                out[i] = int(v) - (1 << bits)
    return values if out is None else tuple(out)
