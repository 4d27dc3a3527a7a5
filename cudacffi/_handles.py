"""Handles (opaque pointers, integer typedefs, function pointers) and enums.

A handle class holds its value and makes 8-byte storage on demand for ``getPtr()``; ``handle_value`` is
what every handle parameter passes. The generated modules subclass these, one class per C typedef.
"""

import enum

from ._arguments import _U64, argument_error, check_integer


class Handle:
    """An opaque CUDA handle or integer typedef: its value, plus 8-byte storage made on demand.

    ``getPtr()`` is the address of the object's own storage (what a kernel argument needs); ``int()`` is
    the value. A handle's value is fixed when it is made. Pointer handles compare and hash by value;
    integer handles by identity, as in cuda.bindings.
    """

    __slots__ = ("_v", "_s")  # _s (the storage) exists once getPtr() has been called
    _ctype = "uintptr_t"  # the storage's C type
    _lo, _hi = 0, _U64 - 1
    _hex = True
    _ffi = None  # set by the generated module
    _stream_protocol = False  # stream classes take any object with __cuda_stream__ (set by the generated class)

    _init_through_ptr = False  # integer typedefs: a non-zero init_value given with _ptr is stored there

    def __init__(self, init_value=0, _ptr=0):
        if _ptr:
            self._view(init_value, _ptr)
            return
        self._v = self._checked(init_value)

    def _view(self, init_value, _ptr):
        """Become the handle stored at address ``_ptr``: reads (``int()``, every call it is passed to), writes and
        ``getPtr()`` go to that memory, as cuda.bindings' ``_ptr`` does."""
        at = handle_value(_ptr, type(self).__name__, "_ptr")
        value = self._checked(init_value) if init_value and self._init_through_ptr else None
        self.__class__ = _view_class(type(self))
        self._s = self._ffi.cast(self._ctype + " *", at)
        if value is not None:
            self._s[0] = value

    def _checked(self, init_value):
        if init_value is None:
            init_value = 0
        elif self._stream_protocol and hasattr(init_value, "__cuda_stream__"):  # CuPy, PyTorch, numba-cuda, ...
            init_value = stream_protocol_handle(init_value, type(self).__name__, "init_value")
        elif not isinstance(init_value, int):
            init_value = int(init_value)
        if not self._lo <= init_value <= self._hi:
            raise OverflowError("%s: init_value out of range [%d, %d]: %d"
                                % (type(self).__name__, self._lo, self._hi, init_value))
        return init_value

    def __int__(self):
        return self._v

    __index__ = __int__

    def getPtr(self):
        try:
            s = self._s
        except AttributeError:
            s = self._s = self._ffi.new(self._ctype + " *", self._v)
        return int(self._ffi.cast("uintptr_t", s))

    def __repr__(self):
        v = self._v
        return "<%s %s>" % (type(self).__name__, hex(v) if self._hex else v)


def _view_get(self):
    return int(self._s[0])


def _view_set(self, value):
    self._s[0] = value


def _view_class(cls):
    """``cls``'s twin for instances made with ``_ptr``: the same name and layout, its value read from and
    written to the memory at ``_s`` (the base's ``_v`` slot stays empty, so the fast paths fall back to reading
    the ``_v`` property)."""
    view = cls.__dict__.get("_view_cls")
    if view is None:
        if cls.__dict__.get("_is_view"):
            return cls
        view = type(cls.__name__, (cls,), {"__slots__": (), "__module__": cls.__module__, "__doc__": cls.__doc__,
                                           "__qualname__": cls.__qualname__, "_is_view": True,
                                           "_v": property(_view_get, _view_set)})
        cls._view_cls = view
    return view


def new_handle(cls, value, _new=object.__new__):
    """A handle of class ``cls`` with ``value``, made without __init__'s checks (for outputs)."""
    obj = _new(cls)
    obj._v = value
    return obj


class PointerHandle(Handle):
    __slots__ = ()

    def __eq__(self, other):
        if not isinstance(other, PointerHandle):
            return NotImplemented
        return int(self) == int(other)

    def __hash__(self):
        return hash(int(self))


class IntHandle(Handle):
    __slots__ = ()
    _hex = False
    _init_through_ptr = True
    __eq__ = object.__eq__
    __hash__ = object.__hash__


class FunctionPointer(IntHandle):
    """A C function-pointer typedef (``CUhostFn``): holds an address; built from an int or ``_ptr``."""

    __slots__ = ()
    _hex = True
    _init_through_ptr = False


def handle_value(x, func, name, lo=0, hi=_U64 - 1):
    """The integer a handle parameter passes: a wrapper's value, any int()-able object, or None (0)."""
    if isinstance(x, Handle):
        return x._v
    if x is None:
        return 0
    if isinstance(x, int) and not isinstance(x, bool):
        if lo <= x <= hi:
            return x
        raise argument_error(func, name, "out of range [%d, %d]: %d" % (lo, hi, x), OverflowError)
    if isinstance(x, (float, str, bytes, bool)):
        raise argument_error(func, name, "must be a handle, an int or None, not %s" % type(x).__name__)
    try:
        v = int(x)
    except Exception:
        raise argument_error(func, name, "must be a handle, an int or None, not %s" % type(x).__name__)
    return handle_value(v, func, name, lo, hi)


def make_enum(name, members, module):
    """An ``IntEnum`` with the header's members (aliases included) and a fast value->member table."""
    cls = enum.IntEnum(name, members, module=module)
    cls._by_value = dict(cls._value2member_map_)
    return cls


def enum_value(e, cls, func, name):
    if isinstance(e, int) and not isinstance(e, bool):
        return check_integer(func, name, e, -(1 << 31), (1 << 31) - 1)
    if isinstance(e, enum.Enum):
        return e.value
    raise argument_error(func, name, "must be %s or int, not %s" % (cls.__name__, type(e).__name__))


def stream_protocol_handle(x, func, name):
    """The stream handle of an object with ``__cuda_stream__`` (CUDA's stream protocol: ``(version, handle)``)."""
    try:
        version, handle = x.__cuda_stream__()
    except Exception as e:
        raise argument_error(func, name, "has a __cuda_stream__ that does not give (version, handle): %s" % e)
    return handle_value(handle, func, name)


def stream_value(x, func, name):
    """What a stream parameter passes: a handle, an int, None, or any object with ``__cuda_stream__``.
    None and in-range ints (``cuLaunchKernel(..., 0, ...)``) come first: this is every launch's path."""
    if x is None:
        return 0
    if x.__class__ is int and 0 <= x < _U64:
        return x
    if not isinstance(x, Handle) and hasattr(x, "__cuda_stream__"):
        return stream_protocol_handle(x, func, name)
    return handle_value(x, func, name)
