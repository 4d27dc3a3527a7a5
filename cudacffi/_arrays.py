"""Input lists as C arrays, and output arrays unpacked into Python values."""

import sys

from ._arguments import argument_error, check_output_count
from ._buffers import address, int_address
from ._cstrings import cstring
from ._handles import handle_value, new_handle
from ._structs import struct_arg


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


def c_array(ffi, items, elem, func, name, count):
    """An input list as a C array: (pointer, keepalive). ``elem`` is (kind, ctype, class)."""
    kind, ctype, cls = elem
    if isinstance(items, int):  # the address of such an array, as cuda.bindings
        at = int_address(items, func, name)  # a bool or an enum member is refused
        if at == 0 and count.__class__ is int and count > 0:  # NULL with a count: the library reads it
            raise argument_error(func, name, "is NULL (0) but its count is %d: pass a list" % count, ValueError)
        return ffi.cast(ctype + " *", at), None
    if kind == "struct" and cls is not None and isinstance(items, cls):
        items = [items]  # one struct where cuda.bindings takes one: a list of one, still checked against count
    items = sequence(items, func, name, count)
    if not items:
        return ffi.NULL, None
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
        for i, v in enumerate(items):
            if v is None:  # a NULL inside a list of strings: the libraries read it as a string
                raise argument_error(func, "%s[%d]" % (name, i), "must be bytes, not None")
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
        raise argument_error(func, name, "has an item of the wrong type (%s)" % (sys.exc_info()[1],)) from None
    return arr, keep


def out_array(ffi, n, elem, func, name):
    """Room for ``n`` output items (NULL for none: the call then only reports the count); ``n`` is the argument
    ``name``'s value (or the count a library answered), held to the binding's output limit."""
    if n == 0:
        return ffi.NULL
    if n > 4096:
        check_output_count(func, name, n, ffi.sizeof(elem[1]))
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
