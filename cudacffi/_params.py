"""Kernel arguments for ``cuLaunchKernel`` and friends: every ``kernelParams`` form cuda.bindings takes.

Forms, tried in order: None (NULL); an int (the ``void **`` address itself); a C-contiguous buffer (its
memory is the ``void *`` array, passed straight through); ``(values, types)`` packed here. Packing keeps
one plan per ``types`` tuple: the slot layout and a converter per argument, so a launch does no type
inspection; the packed block is owned by the returned keepalive until the call returns.
"""

import ctypes
import threading

from ._support import Handle, Struct, argument_error

_SCALARS = {
    ctypes.c_bool: "_Bool", ctypes.c_char: "char", ctypes.c_wchar: "wchar_t", ctypes.c_byte: "signed char",
    ctypes.c_ubyte: "unsigned char", ctypes.c_short: "short", ctypes.c_ushort: "unsigned short",
    ctypes.c_int: "int", ctypes.c_uint: "unsigned int", ctypes.c_long: "long", ctypes.c_ulong: "unsigned long",
    ctypes.c_longlong: "long long", ctypes.c_ulonglong: "unsigned long long", ctypes.c_size_t: "size_t",
    ctypes.c_float: "float", ctypes.c_double: "double", ctypes.c_void_p: "void *",
}
_INT_LIMITS = {
    "_Bool": (0, 1), "signed char": (-128, 127), "unsigned char": (0, 255), "short": (-32768, 32767),
    "unsigned short": (0, 65535), "int": (-(1 << 31), (1 << 31) - 1), "unsigned int": (0, (1 << 32) - 1),
    "long": (-(1 << 63), (1 << 63) - 1), "unsigned long": (0, (1 << 64) - 1),
    "long long": (-(1 << 63), (1 << 63) - 1), "unsigned long long": (0, (1 << 64) - 1),
    "size_t": (0, (1 << 64) - 1), "wchar_t": (-(1 << 31), (1 << 31) - 1),
}

_plans = {}
_plans_lock = threading.Lock()


def kernel_params(ffi, kp, func):
    """(address of the void* array, keepalive) for a ``kernelParams`` argument."""
    if kp is None:
        return 0, None
    if isinstance(kp, int) and not isinstance(kp, bool):
        if 0 <= kp < (1 << 64):
            return kp, None
        raise argument_error(func, "kernelParams", "address out of range [0, 2**64): %d" % kp, OverflowError)
    if isinstance(kp, tuple) and len(kp) == 2 and isinstance(kp[0], tuple) and isinstance(kp[1], tuple):
        return _pack(ffi, kp[0], kp[1], func)
    if isinstance(kp, (list, str, bytes, float)) or isinstance(kp, tuple):
        raise argument_error(func, "kernelParams", "must be None, an int address, a buffer of pointers or a "
                             "(values, types) pair of tuples, not %s" % type(kp).__name__)
    try:
        mv = memoryview(kp)
    except TypeError:
        raise argument_error(func, "kernelParams", "must be None, an int address, a buffer of pointers or a "
                             "(values, types) pair of tuples, not %s" % type(kp).__name__)
    if not mv.c_contiguous:
        raise argument_error(func, "kernelParams", "must be a C-contiguous buffer", ValueError)
    buf = ffi.from_buffer(mv)
    return int(ffi.cast("uintptr_t", buf)), (buf, mv)


def _plan(ffi, types, func):
    plan = _plans.get(types)
    if plan is None:
        convs = []
        for i, t in enumerate(types):
            if t is None:
                convs.append(None)
            elif t in _SCALARS:
                convs.append(_SCALARS[t])
            else:
                raise argument_error(func, "kernelParams", "types[%d]: Unsupported type %r" % (i, t))
        plan = tuple(convs)
        with _plans_lock:
            _plans[types] = plan
    return plan


def _pack(ffi, values, types, func):
    n = len(values)
    if n != len(types):
        raise argument_error(func, "kernelParams", "(values, types) tuples differ in length: %d and %d"
                             % (n, len(types)))
    if n == 0:
        return 0, None
    plan = _plan(ffi, types, func)
    block = ffi.new("uint64_t[]", 2 * n)  # n pointers, then n 8-byte slots
    base = int(ffi.cast("uintptr_t", block))
    keep = [block]
    for i, (v, ctype) in enumerate(zip(values, plan)):
        slot = base + 8 * (n + i)
        if ctype is None:
            block[i] = _by_pointer(ffi, v, i, slot, block, n, func, keep)
            continue
        block[i] = slot
        _store(ffi, ctype, v, slot, i, func)
    return base, keep


def _by_pointer(ffi, v, i, slot, block, n, func, keep):
    getptr = getattr(v, "getPtr", None)
    if getptr is not None and callable(getptr):
        keep.append(v)
        return int(getptr())
    if isinstance(v, ctypes.Structure):
        keep.append(v)
        return ctypes.addressof(v)
    import enum

    if isinstance(v, enum.Enum):
        ffi.cast("int *", slot)[0] = int(v.value)
        return slot
    raise argument_error(func, "kernelParams", "values[%d]: with type None, expected an object with getPtr(), "
                         "a ctypes.Structure or an enum member, not %s" % (i, type(v).__name__))


def _store(ffi, ctype, v, slot, i, func):
    if isinstance(v, ctypes._SimpleCData):
        v = v.value
    if ctype == "void *":
        if isinstance(v, (Handle, Struct)) or (hasattr(v, "getPtr") and not isinstance(v, int)):
            v = v.getPtr()
        if v is None:
            v = 0
        if isinstance(v, bool) or not isinstance(v, int):
            raise argument_error(func, "kernelParams", "values[%d]: c_void_p needs an int address, not %s"
                                 % (i, type(v).__name__))
        if not 0 <= v < (1 << 64):
            raise argument_error(func, "kernelParams", "values[%d]: address out of range" % i, OverflowError)
        ffi.cast("uintptr_t *", slot)[0] = v
        return
    if ctype in ("float", "double"):
        try:
            ffi.cast(ctype + " *", slot)[0] = float(v)
        except (TypeError, ValueError):
            raise argument_error(func, "kernelParams", "values[%d]: %s needs a number, not %s"
                                 % (i, ctype, type(v).__name__))
        return
    if ctype == "char":
        if isinstance(v, (bytes, bytearray)) and len(v) == 1:
            v = v[0]
    if hasattr(v, "__index__") and not isinstance(v, int):
        v = v.__index__()
    elif not isinstance(v, int):
        try:
            v = int(v) if not isinstance(v, (str, bytes, float)) else v
        except Exception:
            pass
    if isinstance(v, float) and ctype != "_Bool":
        raise argument_error(func, "kernelParams", "values[%d]: %s needs an int, not float" % (i, ctype))
    if ctype == "_Bool":
        v = bool(v)
        ffi.cast("_Bool *", slot)[0] = v
        return
    if not isinstance(v, int):
        raise argument_error(func, "kernelParams", "values[%d]: %s needs an int, not %s"
                             % (i, ctype, type(v).__name__))
    lo, hi = _INT_LIMITS["signed char" if ctype == "char" else ctype]
    if not lo <= v <= hi:
        raise argument_error(func, "kernelParams", "values[%d]: %d out of range for %s" % (i, v, ctype),
                             OverflowError)
    ffi.cast(("signed char" if ctype == "char" else ctype) + " *", slot)[0] = v
