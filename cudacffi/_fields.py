"""Struct fields of plain values: numbers and chars (``Field``, the base of every field descriptor), enum members
and handles. Each reads and writes its C field in place; none keeps anything alive (``cudacffi._structs`` has the
fields holding structs, arrays and pointers).
"""

from ._handles import enum_value, handle_value, new_handle, stream_value


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
        if self.cls._stream_protocol:  # a stream field (CUlaunchConfig.hStream) takes __cuda_stream__ objects
            v = stream_value(value, type(obj).__name__, self.name)
        else:
            v = handle_value(value, type(obj).__name__, self.name)
        if self.ctype is not None:
            v = obj._ffi.cast(self.ctype, v)
        Field.__set__(self, obj, v)
