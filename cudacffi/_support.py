"""Handwritten runtime shared by every generated module: handles, structs, enums, argument conversion.

The generated layer (``cudacffi/_gen/<family>.py``) declares classes and functions in terms of what is
here; nothing here knows a particular CUDA function. Hot-path helpers avoid allocation: they return plain
ints and keep buffers alive only for the duration of the call that asked for them.
"""

import enum
import threading

__all__ = []

_U64 = 1 << 64


# -- errors naming the parameter ---------------------------------------------------------------------------

def _describe(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def argument_error(func, name, message, exc_type=TypeError):
    return exc_type("%s(): argument '%s' %s" % (func, name, message))


def check_integer(func, name, value, lo, hi):
    """Raise the exception cffi would, naming the parameter: value must be an int in [lo, hi]."""
    if isinstance(value, bool) or not isinstance(value, int):
        if hasattr(value, "__index__") and not isinstance(value, float):
            value = value.__index__()
        else:
            raise argument_error(func, name, "must be an int, not %s" % type(value).__name__)
    if not lo <= value <= hi:
        raise argument_error(func, name, "out of range [%d, %d]: %s" % (lo, hi, value), OverflowError)
    return value


def diagnose(func, exc, checks):
    """After cffi rejected an argument: find which one and raise naming it, else re-raise ``exc``.

    ``checks`` holds (kind, name, value, lo, hi) for the call's scalar arguments; kind is "int", "float" or
    "address" (a ``void *`` argument: only an int given for it is checked, buffers were converted already).
    """
    for kind, name, value, lo, hi in checks:
        if kind == "address":
            if isinstance(value, int):
                check_integer(func, name, value, lo, hi)
            continue
        if kind == "float":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise argument_error(func, name, "must be a number, not %s" % type(value).__name__)
            continue
        check_integer(func, name, value, lo, hi)
    raise exc


# -- handles ------------------------------------------------------------------------------------------------

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

    def __init__(self, init_value=0, _ptr=0):
        if _ptr:  # a view of a handle stored elsewhere: take its current value
            self._v = int(self._ffi.cast(self._ctype + " *", handle_value(_ptr, type(self).__name__, "_ptr"))[0])
            return
        if init_value is None:
            init_value = 0
        elif not isinstance(init_value, int):
            init_value = int(init_value)
        if not self._lo <= init_value <= self._hi:
            raise OverflowError("%s: init_value out of range [%d, %d]: %d"
                                % (type(self).__name__, self._lo, self._hi, init_value))
        self._v = init_value

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


def bind_classes(namespace, ffi):
    """Give every handle and struct class of a generated module its family's ffi."""
    for obj in list(namespace.values()):
        if isinstance(obj, type) and issubclass(obj, (Handle, Struct)) and obj.__module__ == namespace["__name__"]:
            obj._ffi = ffi


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
    __eq__ = object.__eq__
    __hash__ = object.__hash__


class FunctionPointer(IntHandle):
    """A C function-pointer typedef (``CUhostFn``): holds an address; built from an int or ``_ptr``."""

    __slots__ = ()
    _hex = True


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


# -- enums --------------------------------------------------------------------------------------------------

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


# -- buffers and addresses ------------------------------------------------------------------------------------

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
        raise argument_error(func, name, "is a bytes object, which cannot be written to on %s; pass a bytearray"
                             % platform.python_implementation(), ValueError)
    return int(ffi.cast("uintptr_t", ffi.from_buffer(b)))


# -- lists ------------------------------------------------------------------------------------------------------

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


def less(count, k):
    """``count - k`` for a list as long as another argument less a constant (a bad count is left for
    ``sequence`` to report); never below zero."""
    if count.__class__ is int:
        return max(count - k, 0)
    return count


def sequence(x, func, name, count=None):
    """A list/tuple argument as a list; None is an empty list; checks it holds at least ``count`` items."""
    if x is None:
        items = []
    elif isinstance(x, (list, tuple)):
        items = list(x)
    else:
        raise argument_error(func, name, "must be a list or tuple, not %s" % type(x).__name__)
    if count is not None:
        if isinstance(count, bool) or not isinstance(count, int):
            raise argument_error(func, name, "has a count that is not an int: %r" % (count,))
        if count < 0:
            raise argument_error(func, name, "has a negative count: %d" % count, ValueError)
        if len(items) < count:
            raise argument_error(func, name, "has %d items, fewer than the count %d" % (len(items), count),
                                 ValueError)
    return items


# -- structs and unions -----------------------------------------------------------------------------------------

class Struct:
    """A C struct or union in memory cffi owns (or a view into another struct's memory).

    Fields are descriptors declared by the generated class; ``getPtr()`` is the struct's address.
    ``Struct(_ptr=address)`` views memory the caller owns; keyword arguments set fields.
    """

    __slots__ = ("_ptr", "_owner", "_keep")
    _cname = ""  # C type name, or (parent's C name, field) for a nested anonymous struct
    _ffi = None
    _fields = ()

    @classmethod
    def _ptype(cls):
        """cffi's pointer type for this struct (resolved once per class)."""
        pt = cls.__dict__.get("_pt")
        if pt is None:
            pt = _pointer_type(cls._ffi, cls._cname)
            setattr(cls, "_pt", pt)
        return pt

    def __init__(self, _ptr=0, **fields):
        ffi = self._ffi
        pt = self._ptype()
        if _ptr:
            if isinstance(_ptr, ffi.CData):
                self._ptr = ffi.cast(pt, _ptr)
            else:
                self._ptr = ffi.cast(pt, handle_value(_ptr, type(self).__name__, "_ptr"))
        elif isinstance(self._cname, tuple):
            raise TypeError("%s is a nested anonymous struct: build it with _ptr=address" % type(self).__name__)
        else:
            self._ptr = ffi.new(pt)
        self._owner = None
        self._keep = None
        for k, v in fields.items():
            if k not in self._fields:
                raise TypeError("%s has no field %r" % (type(self).__name__, k))
            setattr(self, k, v)

    @classmethod
    def _view(cls, ptr, owner):
        obj = cls.__new__(cls)
        obj._ptr = ptr
        obj._owner = owner
        obj._keep = None
        return obj

    def getPtr(self):
        return int(self._ffi.cast("uintptr_t", self._ptr))

    def _hold(self, key, obj):
        """Keep ``obj`` alive as long as the memory of the struct this one is part of."""
        root = self._root()
        if root._keep is None:
            root._keep = {}
        root._keep[self._key(key)] = obj

    def _held(self, key):
        """What ``_hold`` keeps for this struct (or any view of the same memory) under ``key``, or None."""
        root = self._root()
        return root._keep.get(self._key(key)) if root._keep else None

    def _root(self):
        root = self
        while root._owner is not None:
            root = root._owner
        return root

    def _key(self, key):  # views are made afresh on each access: key by where the struct lies, not by object
        return (int(self._ffi.cast("uintptr_t", self._ptr)), type(self).__name__, key)

    def __repr__(self):
        parts = []
        for f in self._fields:
            try:
                parts.append("%s=%r" % (f, getattr(self, f)))
            except Exception as e:  # a field that cannot be read in this state (e.g. a dangling pointer)
                parts.append("%s=<%s>" % (f, type(e).__name__))
        return "<%s %s>" % (type(self).__name__, ", ".join(parts))

    def __eq__(self, other):
        return self is other

    __hash__ = object.__hash__


class Field:
    """A struct field of a plain C scalar type (number or char)."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return getattr(obj._ptr, self.name)

    def __set__(self, obj, value):
        try:
            setattr(obj._ptr, self.name, value)
        except (TypeError, OverflowError) as e:
            raise type(e)("%s.%s: %s" % (type(obj).__name__, self.name, e)) from None


class EnumField(Field):
    __slots__ = ("enum",)

    def __init__(self, name, enum_cls):
        Field.__init__(self, name)
        self.enum = enum_cls

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        v = getattr(obj._ptr, self.name)
        return self.enum._by_value.get(v, v)

    def __set__(self, obj, value):
        Field.__set__(self, obj, enum_value(value, self.enum, type(obj).__name__, self.name))


class HandleField(Field):
    __slots__ = ("cls", "ctype")

    def __init__(self, name, handle_cls, ctype=None):
        Field.__init__(self, name)
        self.cls = handle_cls
        self.ctype = ctype  # C type of a pointer handle, None for integer handles

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        v = getattr(obj._ptr, self.name)
        if self.ctype is not None:
            v = int(obj._ffi.cast("uintptr_t", v))
        return new_handle(self.cls, v)

    def __set__(self, obj, value):
        v = handle_value(value, type(obj).__name__, self.name)
        if self.ctype is not None:
            v = obj._ffi.cast(self.ctype, v)
        Field.__set__(self, obj, v)


class StructField(Field):
    """A nested struct or union: reading gives a view sharing the outer struct's memory."""

    __slots__ = ("cls",)

    def __init__(self, name, struct_cls):
        Field.__init__(self, name)
        self.cls = struct_cls

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return self.cls._view(obj._ffi.addressof(obj._ptr[0], self.name), obj)

    def __set__(self, obj, value):
        if not isinstance(value, self.cls):
            raise TypeError("%s.%s: expected %s, not %s"
                            % (type(obj).__name__, self.name, self.cls.__name__, type(value).__name__))
        setattr(obj._ptr, self.name, value._ptr[0])


class ArrayField(Field):
    """A fixed-size array: read as a list (bytes for char arrays), assigned from a sequence."""

    __slots__ = ("length", "elem", "is_char")

    def __init__(self, name, length, elem=None, is_char=False):
        Field.__init__(self, name)
        self.length = length
        self.elem = elem  # a Handle / enum / Struct class for the items, or None for numbers
        self.is_char = is_char

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        arr = getattr(obj._ptr, self.name)
        ffi = obj._ffi
        if self.is_char:
            return ffi.unpack(ffi.cast("char *", ffi.addressof(obj._ptr[0], self.name)), self.length)
        elem = self.elem
        if elem is None:  # numbers, or addresses (CUeglFrame's void *pPitch[3]) read as ints
            return [int(ffi.cast("uintptr_t", v)) if isinstance(v, ffi.CData) else v for v in arr]
        if isinstance(elem, type) and issubclass(elem, Struct):
            base = ffi.cast(elem._ptype(), ffi.addressof(obj._ptr[0], self.name))
            return [elem._view(base + i, obj) for i in range(self.length)]
        if isinstance(elem, type) and issubclass(elem, Handle):
            return [new_handle(elem, int(ffi.cast("uintptr_t", v)) if isinstance(v, ffi.CData) else v) for v in arr]
        return [elem._by_value.get(v, v) for v in arr]

    def __set__(self, obj, value):
        name = type(obj).__name__ + "." + self.name
        if self.is_char and isinstance(value, (bytes, bytearray)):
            if len(value) > self.length:
                raise ValueError("%s: at most %d bytes, got %d" % (name, self.length, len(value)))
            obj._ffi.memmove(obj._ffi.addressof(obj._ptr[0], self.name), bytes(value), len(value))
            return
        items = list(value)
        if len(items) > self.length:
            raise ValueError("%s: at most %d items, got %d" % (name, self.length, len(items)))
        arr = getattr(obj._ptr, self.name)
        for i, v in enumerate(items):
            if isinstance(v, Struct):
                arr[i] = v._ptr[0]
            elif isinstance(v, Handle):
                arr[i] = int(v) if not isinstance(arr[i], obj._ffi.CData) else obj._ffi.cast("void *", int(v))
            else:
                try:
                    if isinstance(v, int) and isinstance(arr[i], obj._ffi.CData):  # an address into a pointer
                        if not 0 <= v < _U64:
                            raise OverflowError("address out of range [0, %d]: %d" % (_U64 - 1, v))
                        v = obj._ffi.cast(obj._ffi.typeof(arr).item, v)
                    arr[i] = v
                except (TypeError, OverflowError) as e:
                    raise type(e)("%s[%d]: %s" % (name, i, e)) from None


class PointerField(Field):
    """A pointer field: read as an int address; a buffer assigned to it is kept alive with the struct."""

    __slots__ = ("ctype",)

    def __init__(self, name, ctype):
        Field.__init__(self, name)
        self.ctype = ctype

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return int(obj._ffi.cast("uintptr_t", getattr(obj._ptr, self.name)))

    def __set__(self, obj, value):
        if isinstance(value, (Struct, Handle)):
            addr, keep = value.getPtr(), value
        else:
            addr, keep = address(obj._ffi, value, type(obj).__name__, self.name)
        setattr(obj._ptr, self.name, obj._ffi.cast(self.ctype, addr))
        obj._hold(self.name, keep)


class KernelParamsField(PointerField):
    """A struct's ``kernelParams``: every form a launch call takes; a packed block lives with the struct."""

    __slots__ = ()

    def __set__(self, obj, value):
        from ._params import pack_owned

        addr, keep = pack_owned(value, type(obj).__name__ + "." + self.name)
        setattr(obj._ptr, self.name, obj._ffi.cast(self.ctype, addr))
        obj._hold(self.name, keep)


class StructListField(PointerField):
    """A pointer to an array of structs (``CUlaunchConfig.attrs``): assigned a list of the struct's class,
    which is copied into memory the struct keeps; read back as views of that memory. An int address or a
    single struct is taken as in PointerField (read back as an address).
    """

    __slots__ = ("cls_name", "_cls")

    def __init__(self, name, ctype, cls_name):
        PointerField.__init__(self, name, ctype)
        self.cls_name = cls_name  # by name: the item's class may be declared after the struct holding this
        self._cls = None

    def item_class(self, obj):
        if self._cls is None:
            import sys

            self._cls = getattr(sys.modules[type(obj).__module__], self.cls_name)
        return self._cls

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        held = obj._held(self.name)
        if isinstance(held, list):
            cls = self.item_class(obj)
            return [cls._view(held[1] + i, obj) for i in range(held[0])]
        return PointerField.__get__(self, obj, cls)

    def __set__(self, obj, value):
        if not isinstance(value, (list, tuple)):
            PointerField.__set__(self, obj, value)
            return
        name = type(obj).__name__ + "." + self.name
        cls = self.item_class(obj)
        for i, v in enumerate(value):
            if not isinstance(v, cls):
                raise TypeError("%s[%d]: expected %s, not %s" % (name, i, cls.__name__, type(v).__name__))
        arr = obj._ffi.new(cls._ptype().item.cname + "[]", max(len(value), 1))
        for i, v in enumerate(value):
            arr[i] = v._ptr[0]
        setattr(obj._ptr, self.name, obj._ffi.cast(self.ctype, arr) if value else obj._ffi.NULL)
        obj._hold(self.name, [len(value), arr])


def _pointer_type(ffi, cname):
    if isinstance(cname, tuple):
        parent, field = cname
        dummy = ffi.new(_pointer_type(ffi, parent))
        return ffi.typeof(ffi.addressof(dummy[0], field))
    return ffi.typeof(cname + " *")


def struct_arg(x, cls, func, name, required=False):
    """A struct parameter: the wrapper's pointer, or NULL for None (unless passed by value)."""
    if x is None:
        if required:
            raise argument_error(func, name, "must be a %s, not None" % cls.__name__)
        return cls._ffi.NULL
    if cls is not None and isinstance(x, cls):
        return x._ptr
    if isinstance(x, Struct) and cls is not None and cls._ffi.sizeof(x._ptr[0]) == cls._ffi.sizeof(cls._ptype().item):
        return x._ptr  # a related typedef of the same struct (e.g. a _v1 alias)
    raise argument_error(func, name, "must be %s or None, not %s"
                         % (cls.__name__ if cls else "a struct", type(x).__name__))


def cstring(x, func, name):
    """A ``const char *`` parameter: bytes (or bytearray); None passes NULL."""
    if isinstance(x, bytes):
        return x
    if x is None:
        return Struct._ffi.NULL
    if isinstance(x, (bytearray, memoryview)):
        return bytes(x)
    if isinstance(x, str):
        raise argument_error(func, name, "must be bytes, not str (encode it, e.g. %r)" % x.encode()[:20])
    raise argument_error(func, name, "must be bytes, not %s" % type(x).__name__)


def char_buffer(ffi, n, func, name):
    n = check_integer(func, name, n, 0, (1 << 31) - 1)
    return ffi.new("char[]", max(n, 1))


def c_array(ffi, items, elem, func, name, count):
    """An input list as a C array: (pointer, keepalive). ``elem`` is (kind, ctype, class)."""
    items = sequence(items, func, name, count)
    if not items:
        return ffi.NULL, None
    kind, ctype, cls = elem
    keep = None
    if kind == "handle":
        values = [handle_value(v, func, "%s[%d]" % (name, i)) for i, v in enumerate(items)]
    elif kind == "address":
        values, keep = [], []
        for i, v in enumerate(items):
            a, k = address(ffi, v, func, "%s[%d]" % (name, i))
            values.append(a)
            keep.append(k)
    elif kind == "bytes":
        keep = [ffi.new("char[]", cstring(v, func, "%s[%d]" % (name, i))) for i, v in enumerate(items)]
        arr = ffi.new("char *[]", keep)
        return arr, keep
    elif kind == "struct":
        arr = ffi.new(ctype + "[]", len(items))
        for i, v in enumerate(items):
            arr[i] = struct_arg(v, cls, func, "%s[%d]" % (name, i), True)[0]
        return arr, None
    else:
        values = items
    try:
        arr = ffi.new(ctype + "[]", values)
    except (TypeError, OverflowError):
        for i, v in enumerate(values):
            try:
                ffi.new(ctype + "*", v)
            except (TypeError, OverflowError) as e2:
                raise type(e2)("%s(): argument '%s[%d]': %s" % (func, name, i, e2)) from None
        raise
    return arr, keep


def out_array(ffi, n, elem):
    """Room for ``n`` output items (NULL for none: the call then only reports the count)."""
    if n == 0:
        return ffi.NULL
    return ffi.new(elem[1] + "[]", n)


def unpack_array(ffi, arr, n, elem):
    if arr == ffi.NULL or n <= 0:
        return []
    kind, ctype, cls = elem
    if kind == "struct":
        out = []
        for i in range(n):
            v = cls()
            v._ptr[0] = arr[i]
            out.append(v)
        return out
    if kind == "handle":
        return [new_handle(cls, v) for v in arr[0:n]]
    if kind == "enum":
        return [cls._by_value.get(v, v) for v in arr[0:n]]
    return list(arr[0:n])


def read_array(ffi, address_, n, elem):
    """Items of an array the library owns, at ``address_``."""
    if not address_ or n <= 0:
        return []
    kind, ctype, cls = elem
    arr = ffi.cast(ctype + " *", address_)
    return unpack_array(ffi, arr, n, elem)


# -- per-thread scratch for output parameters --------------------------------------------------------------------

class Scratch(threading.local):
    """Per-thread output slots, so a call that returns values allocates nothing in C."""

    def __init__(self, ffi, types):
        for attr, ctype in types.items():
            setattr(self, attr, ffi.new(ctype + "[4]"))
