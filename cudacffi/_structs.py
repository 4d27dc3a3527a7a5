"""Structs and unions: the ``Struct`` base of every generated struct class, the field descriptors that hold
structs, arrays and pointers (those of plain values are in ``cudacffi._fields``, and named here too), and struct
parameters. A struct lives in memory cffi owns (or is a view into its parent's); what is assigned to a pointer
field is kept alive with the struct.
"""

import keyword
import sys
import threading

from ._arguments import _U64, argument_error, check_output_count
from ._buffers import address
from ._fields import EnumField, Field, HandleField  # noqa: F401 (part of this module's names)
from ._handles import Handle, handle_value, new_handle
from ._kernel_params import pack_owned

_KEYWORDS = frozenset(keyword.kwlist)  # fields named like one are attributes with a _ suffix
_keep_lock = threading.Lock()  # makes a struct's keep-alive table once, whichever threads set its fields


def _keep_of(root):
    """``root``'s table of what its pointer fields keep alive, made on first use (two threads setting fields
    of one struct must not each make one: the buffer kept by the table that loses would be freed)."""
    keep = root._keep
    if keep is None:
        with _keep_lock:
            keep = root._keep
            if keep is None:
                keep = root._keep = {}
    return keep


_MALLOC_ALIGNMENT = 16  # what ffi.new's memory is aligned to


def _new(ffi, pt, cls):
    """A zeroed struct of pointer type ``pt``, at the alignment its C type asks for: ffi.new's memory is aligned to
    16 bytes only, and a struct declared ``_Alignas(64)`` (CUtensorMap) must lie at a multiple of 64, or the
    driver refuses it. Such a struct lives in a larger char array, which the returned pointer keeps alive."""
    align = cls.__dict__.get("_align")
    if align is None:
        align = ffi.alignof(pt.item)
        setattr(cls, "_align", align)
    if align <= _MALLOC_ALIGNMENT:
        return ffi.new(pt)
    raw = ffi.new("char[]", ffi.sizeof(pt.item) + align)
    addr = int(ffi.cast("uintptr_t", raw))
    return ffi.gc(ffi.cast(pt, addr + (-addr % align)), lambda _p, raw=raw: None)


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
            self._ptr = _new(ffi, pt, type(self))
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
        _keep_of(self._root())[self._key(key)] = obj

    def _held(self, key):
        """What ``_hold`` keeps for this struct (or any view of the same memory) under ``key``, or None."""
        root = self._root()
        return root._keep.get(self._key(key)) if root._keep else None

    def _address(self):
        return int(self._ffi.cast("uintptr_t", self._ptr))

    def _take_held(self, source, dest_addr, dest_name):
        """Before ``source``'s bytes are copied to ``dest_addr`` (part of this struct's memory): what
        ``source`` keeps alive for its pointer fields (buffers, kernel-parameter blocks, lists) is kept by
        this struct too, under the copy's address, replacing what the overwritten bytes held. ``dest_name``
        is the field written; a field named ``dst...`` is memory the library writes, so a read-only buffer
        held by ``source`` is refused there."""
        size = self._ffi.sizeof(source._ptr[0])
        root = self._root()
        if root._keep:
            for k in [k for k in list(root._keep) if dest_addr <= k[0] < dest_addr + size]:
                root._keep.pop(k, None)
        src_root = source._root()
        if not src_root._keep:
            return
        src_addr = source._address()
        moved = [(k, v) for k, v in list(src_root._keep.items()) if src_addr <= k[0] < src_addr + size]
        if dest_name.startswith("dst"):
            for k, v in moved:
                if _read_only(v):
                    raise ValueError("%s.%s: holds a read-only buffer in %s.%s, but the library writes there: "
                                     "use a writable buffer (bytearray, numpy array, ...)"
                                     % (type(self).__name__, dest_name, k[1], k[2]))
        if not moved:
            return
        keep = _keep_of(root)
        for (a, tname, key), v in moved:
            keep[(dest_addr + a - src_addr, tname, key)] = v

    def _root(self):
        root = self
        while root._owner is not None:
            root = root._owner
        return root

    def _key(self, key):  # views are made afresh on each access: key by where the struct lies, not by object
        return (int(self._ffi.cast("uintptr_t", self._ptr)), type(self).__name__, key)

    def __repr__(self):
        """cuda.bindings' layout: one ``name : value`` line per field; a nested struct or union's lines
        indented under its name; handles as ``<CUfunction 0x0>``, ``void *`` pointers as ``0x0``."""
        return "\n".join(self._repr_lines())

    def _repr_lines(self):
        lines = []
        cls = type(self)
        for f in self._fields:
            desc = getattr(cls, f + "_" if f in _KEYWORDS else f, None)
            try:
                value = getattr(self, f + "_" if f in _KEYWORDS else f)
            except Exception as e:  # a field that cannot be read in this state (e.g. a dangling pointer)
                lines.append("%s : <%s>" % (f, type(e).__name__))
                continue
            if isinstance(value, Struct):
                lines.append("%s :" % f)
                lines += ["    " + line for line in value._repr_lines()]
            elif type(desc) is PointerField and desc.ctype.replace("const ", "") == "void *":
                lines.append("%s : %s" % (f, hex(value)))
            else:
                lines.append("%s : %r" % (f, value))
        return lines

    def __eq__(self, other):
        return self is other

    __hash__ = object.__hash__


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
        obj._take_held(value, int(obj._ffi.cast("uintptr_t", obj._ffi.addressof(obj._ptr[0], self.name))), self.name)
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
        if self.is_char:  # bytes, or ints from -128 to 255 (a C char either way); the rest is zeroed
            if not isinstance(value, (bytes, bytearray)):
                items = list(value)
                for i, v in enumerate(items):
                    if isinstance(v, bool) or not isinstance(v, int):
                        raise TypeError("%s[%d]: must be an int, not %s" % (name, i, type(v).__name__))
                    if not -128 <= v <= 255:
                        raise OverflowError("%s[%d]: out of range [-128, 255]: %d" % (name, i, v))
                value = bytes(v & 0xFF for v in items)
            if len(value) > self.length:
                raise ValueError("%s: at most %d bytes, got %d" % (name, self.length, len(value)))
            data = bytes(value) + bytes(self.length - len(value))
            obj._ffi.memmove(obj._ffi.addressof(obj._ptr[0], self.name), data, self.length)
            return
        items = list(value)
        if len(items) > self.length:
            raise ValueError("%s: at most %d items, got %d" % (name, self.length, len(items)))
        arr = getattr(obj._ptr, self.name)
        for i, v in enumerate(items):
            if isinstance(v, Struct):
                obj._take_held(v, int(obj._ffi.cast("uintptr_t", obj._ffi.addressof(arr, i))), self.name)
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


class TextField(ArrayField):
    """A char array read as text (up to its NUL, decoded) and assigned from str or bytes, as cuda.bindings.nvml
    reads its structs' strings (``PciInfo.bus_id``)."""

    __slots__ = ()

    def __init__(self, name, length):
        ArrayField.__init__(self, name, length, is_char=True)

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        raw = ArrayField.__get__(self, obj, cls)
        return raw.split(b"\0", 1)[0].decode(errors="replace")

    def __set__(self, obj, value):
        if isinstance(value, str):
            try:
                value = value.encode()
            except UnicodeEncodeError as e:
                raise ValueError("%s.%s: not valid text: %r at position %d cannot be encoded as UTF-8"
                                 % (type(obj).__name__, self.name, value[e.start:e.end], e.start)) from None
        ArrayField.__set__(self, obj, value)


class PointerField(Field):
    """A pointer field: read as an int address; a buffer assigned to it is kept alive with the struct."""

    __slots__ = ("ctype", "writable")

    def __init__(self, name, ctype):
        Field.__init__(self, name)
        self.ctype = ctype
        # a non-const pointer field named dst... (dstHost, dst of the memcpy/memset structs) is memory the
        # library writes: read-only buffers and bytes are refused, as for output parameters
        self.writable = name.startswith("dst") and not ctype.lstrip().startswith("const")

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return int(obj._ffi.cast("uintptr_t", getattr(obj._ptr, self.name)))

    def __set__(self, obj, value):
        if isinstance(value, (Struct, Handle)):
            addr, keep = value.getPtr(), value
        elif self.writable and isinstance(value, bytes):
            raise ValueError("%s.%s: a bytes object cannot be written into: the library writes here, so use "
                             "bytearray(n) or a numpy array" % (type(obj).__name__, self.name))
        else:
            addr, keep = address(obj._ffi, value, type(obj).__name__, self.name, self.writable)
        setattr(obj._ptr, self.name, obj._ffi.cast(self.ctype, addr))
        obj._hold(self.name, keep)


class HandleListField(PointerField):
    """A pointer to an array of handles (``extSemArray``, ``phGraph_out``): assigned a list of handles (or
    ints), copied into memory the struct keeps; read back as a list of handles, as many as the list held,
    or, for an array the library filled, as many as the struct's count field says. An int address is
    taken as in PointerField."""

    __slots__ = ("cls", "count")

    def __init__(self, name, ctype, handle_cls, count=None):
        PointerField.__init__(self, name, ctype)
        self.cls = handle_cls
        self.count = count  # the field that counts the items, where the struct has one

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        ffi = obj._ffi
        held = obj._held(self.name)
        if isinstance(held, list):
            n, arr = held
        else:
            arr = getattr(obj._ptr, self.name)
            n = getattr(obj._ptr, self.count) if self.count else 0
            if arr == ffi.NULL:
                if n and self.name.endswith("_out"):  # an array the library fills (phGraph_out), not yet filled:
                    check_output_count(type(obj).__name__, self.count, n, 8)  # as many null handles as counted
                    return [new_handle(self.cls, 0) for _ in range(n)]
                return []
            if not self.count:
                return PointerField.__get__(self, obj, cls)
        return [new_handle(self.cls, int(ffi.cast("uintptr_t", arr[i]))) for i in range(n)]

    def __set__(self, obj, value):
        if not isinstance(value, (list, tuple)):
            PointerField.__set__(self, obj, value)
            return
        ffi = obj._ffi
        item = ffi.typeof(self.ctype).item
        values = [handle_value(v, type(obj).__name__, "%s[%d]" % (self.name, i)) for i, v in enumerate(value)]
        arr = ffi.new(ffi.getctype(item, "[]"), max(len(values), 1))
        for i, v in enumerate(values):
            arr[i] = ffi.cast(item, v) if item.kind == "pointer" else v
        setattr(obj._ptr, self.name, ffi.cast(self.ctype, arr) if values else ffi.NULL)
        obj._hold(self.name, [len(values), arr])


class KernelParamsField(PointerField):
    """A struct's ``kernelParams``: every form a launch call takes; a packed block lives with the struct."""

    __slots__ = ()

    def __set__(self, obj, value):
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
            self._cls = getattr(sys.modules[type(obj).__module__], self.cls_name)
        return self._cls

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        held = obj._held(self.name)
        if isinstance(held, list):
            cls = self.item_class(obj)
            return [cls._view(held[1] + i, obj) for i in range(held[0])]
        if getattr(obj._ptr, self.name) == obj._ffi.NULL:
            return []  # nothing assigned: an empty list, as cuda.bindings reads it
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


def _read_only(kept):
    """Whether what a pointer field keeps is a read-only buffer (address() keeps (cdata, memoryview), (cdata,
    bytes) or the bytes object itself)."""
    if isinstance(kept, tuple) and len(kept) == 2 and isinstance(kept[1], (memoryview, bytes)):
        return kept[1].readonly if isinstance(kept[1], memoryview) else True
    return isinstance(kept, bytes)


def _pointer_type(ffi, cname):
    if isinstance(cname, tuple):
        parent, field = cname
        dummy = ffi.new(_pointer_type(ffi, parent))
        return ffi.typeof(ffi.addressof(dummy[0], field))
    return ffi.typeof(cname + " *")


def set_field(obj, field, value, func, name):
    """Set a struct field from argument ``name`` of ``func``: a wrong type or range names the argument."""
    try:
        setattr(obj, field, value)
    except (TypeError, OverflowError, ValueError) as e:
        raise argument_error(func, name, str(e).split(": ", 1)[-1], type(e)) from None


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
