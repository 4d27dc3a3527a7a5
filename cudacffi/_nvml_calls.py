"""NVML's hand-written calls, the parts shared by the functions ``cudacffi.nvml`` writes itself: a C function called
through its stub by name, calls sized in rounds (NVML answers ERROR_INSUFFICIENT_SIZE with the count it needs),
versioned requests holding an array NVML sizes, the caller's struct lists copied in and back, placement lists,
metadata of the size NVML reports, affinity masks; and ``check_status`` (public in ``cudacffi.nvml``).
"""

import re

import _cffi_backend

from cudacffi import _support as _s
from cudacffi._gen import nvml as _g
from cudacffi._gen.nvml import NvmlError, Return, _library
from cudacffi._nvml import ffi as _ffi, lib as _lib

_CData = _cffi_backend._CDataBase


def check_status(status):
    """Raise the ``NvmlError`` subclass of a failing NVML status; return 0 for success."""
    if status.__class__ is not int:
        status = _s.check_integer("check_status", "status", status, -(1 << 31), (1 << 31) - 1)
    if status:
        raise NvmlError(status)
    return 0


def check_status_size(status):
    """As ``check_status``, but ``ERROR_INSUFFICIENT_SIZE`` (a size query's answer) is no failure."""
    if status.__class__ is not int:
        status = _s.check_integer("check_status_size", "status", status, -(1 << 31), (1 << 31) - 1)
    if status == Return.ERROR_INSUFFICIENT_SIZE:
        return 0
    return check_status(status)


_ROUNDS = 8  # times a list is sized again when it grows between the count and the read


def type_name(x):
    """The name of ``x``'s type (for messages of functions whose parameter ``type`` hides the builtin)."""
    return type(x).__name__


def present(cname):
    """Whether this build's nvml.h declares ``cname`` (the functions of cudacffi.nvml calling it exist only where it
    does)."""
    return hasattr(_lib, "_cc_" + cname)


def call(cname, *args):
    """The status of C function ``cname`` called through its stub, the library loaded and the symbol bound
    first where that has not happened yet (which raises LibraryNotFoundError or FunctionNotFoundError)."""
    stub = getattr(_lib, "_cc_" + cname)
    r = stub(*args)
    if r == _lib._CC_UNBOUND:
        _library.bind(cname)
        r = stub(*args)
    return r


def sized_call(cname, args, resize):
    """Call ``cname`` until the room it was given suffices: ``resize()`` gives the room the library asked for
    (after ERROR_INSUFFICIENT_SIZE, or a first call made without room) and returns False where none is needed.
    Raises the call's failure."""
    r = call(cname, *args)
    for _ in range(_ROUNDS):
        if r not in (0, Return.ERROR_INSUFFICIENT_SIZE) or not resize(r):
            break
        r = call(cname, *args)
    return check_status(r)


def version(typename):
    """The ``version`` an NVML versioned struct carries: its size and the number of the ``..._vN_t`` typedef
    naming it (the header's NVML_STRUCT_VERSION), for the generic name (``nvmlVgpuPlacementList_t``) too."""
    m = re.search(r"_v(\d+)_t$", typename)
    if m:
        return _ffi.sizeof(typename) | (int(m.group(1)) << 24)
    stem = typename[:-2]
    for n in range(9, 0, -1):
        name = "%s_v%d_t" % (stem, n)
        try:
            if _ffi.typeof(name) is _ffi.typeof(typename):
                return _ffi.sizeof(typename) | (n << 24)
        except _ffi.error:
            continue
    raise LookupError("%s is no versioned struct of this build" % typename)


def struct_list(values, cls, func, name):
    """The caller's structs: a ``cls`` or a sequence of them (a clear TypeError naming the parameter, or the
    item, otherwise)."""
    if isinstance(values, cls):
        return [values]
    if isinstance(values, (str, bytes, bytearray, _CData)) or not hasattr(values, "__len__"):
        raise _s.argument_error(func, name, "must be a %s or a sequence of them, not %s"
                                % (cls.__name__, type(values).__name__))
    try:
        items = list(values)
    except TypeError as e:  # a __len__ but no items (a 0-d numpy array)
        raise _s.argument_error(func, name, "must be a %s or a sequence of them, not %s (%s)"
                                % (cls.__name__, type(values).__name__, e)) from None
    for i, v in enumerate(items):
        if not isinstance(v, cls):
            raise _s.argument_error(func, "%s[%d]" % (name, i), "must be a %s, not %s"
                                    % (cls.__name__, type(v).__name__))
    return items


def field_values(cname, func, device, values):
    """Copy the caller's FieldValue structs into one array, make the call, and write each back."""
    device_ = _s.handle_value(device, func, "device")
    items = struct_list(values, _g.nvmlFieldValue_t, func, "values")
    arr = copy_in(items, "nvmlFieldValue_t", func, "values")
    check_status(call(cname, device_, len(items), arr))
    copy_back(items, arr)


def copy_in(items, ctype, func, name):
    """The caller's structs copied into one C array (room for one where there are none)."""
    if len(items) > (1 << 31) - 1:
        raise _s.argument_error(func, name, "holds %d items, more than NVML takes" % len(items), OverflowError)
    arr = _ffi.new(ctype + "[]", max(len(items), 1))
    for i, v in enumerate(items):
        arr[i] = v._ptr[0]
    return arr


def copy_back(items, arr):
    """What the library wrote into the array, back into the caller's structs."""
    for i, v in enumerate(items):
        v._ptr[0] = arr[i]


def sized_request(cname, func, device, typename, fields, count, array, item):
    """A versioned request holding an array NVML sizes (``fields``: its input fields, (field, argument, value)):
    asked with no array first, then given one as long as the count it reported; returned with the array's items
    (as many as were written) readable as a list."""
    device_ = _s.handle_value(device, func, "device")
    info = getattr(_g, typename)()
    info.version = version(typename)
    for field, arg, value in fields:
        _s.set_field(info, field, value, func, arg)
    held = []

    def resize(status):
        n = getattr(info._ptr, count)
        if status == 0 and (held or n == 0):
            return False
        held[:] = [_ffi.new(item + "[]", max(n, 1))]
        setattr(info._ptr, array, held[0])
        return True

    sized_call(cname, (device_, info._ptr), resize)
    n = getattr(info._ptr, count) if held else 0
    items = _s.unpack_array(_ffi, held[0] if held else _ffi.NULL, n, ("struct", item, getattr(_g, item)))
    setattr(info, array, items)
    setattr(info._ptr, count, n)
    return info


class _PlacementIds:
    """``placement_ids`` of a placement list the binding filled: the ``count`` ids, as a list of ints."""

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        ids = obj._ffi.cast("unsigned int *", obj._ptr.placementIds)
        return [] if ids == obj._ffi.NULL else list(ids[0:obj._ptr.count])


def placements(cname, func, args, typename, fields):
    """A placement-list request (``fields``: its input fields), asked its count first, then given that many
    ids; returned with ``placement_ids`` as a list."""
    cls = _placement_classes.get(typename)
    if cls is None:  # the struct's class, its placement_ids read as the list the binding filled
        base = getattr(_g, typename)
        cls = _placement_classes[typename] = type(base.__name__, (base,), {"__slots__": (),
                                                                           "placement_ids": _PlacementIds()})
    info = cls()
    info.version = version(typename)
    for field, arg, value in fields:
        _s.set_field(info, field, value, func, arg)
    held = []

    def resize(status):
        n = info._ptr.count
        if status == 0 and (held or n == 0):
            return False
        arr = _ffi.new("unsigned int[]", max(n, 1))
        held[:] = [arr]
        info._ptr.placementIds = arr
        return True

    sized_call(cname, args + (info._ptr,), resize)
    if held:
        info._hold("placementIds", held[0])
    else:
        info._ptr.count = 0
    return info


_placement_classes = {}


def metadata(cname, func, handle, typename):
    """A metadata struct whose opaque data may be longer than the header's 4 bytes: given the struct's size
    first, then the size NVML asks for; returned as the struct class viewing that buffer (which it keeps)."""
    size = _ffi.new("unsigned int *", _ffi.sizeof(typename))
    buf = _ffi.new("char[]", size[0])
    r = call(cname, handle, buf, size)
    for _ in range(_ROUNDS):
        if r != Return.ERROR_INSUFFICIENT_SIZE:
            break
        buf = _ffi.new("char[]", max(size[0], _ffi.sizeof(typename)))
        r = call(cname, handle, buf, size)
    check_status(r)
    meta = getattr(_g, typename)(_ptr=buf)
    meta._hold("opaqueData", buf)
    return meta


_MAX_SET_SIZE = 1 << 16  # unsigned longs in a mask: 4 million CPUs or NUMA nodes; more is a mistake, not a machine


def affinity(func, cname, device, size_name, size, *scope):
    """The mask ``cname`` writes into ``size`` unsigned longs, as a list of ints (bit i of word j: CPU or node
    64 j + i)."""
    device_ = _s.handle_value(device, func, "device")
    n = _s.check_integer(func, size_name, size, 1, _MAX_SET_SIZE)
    mask = _ffi.new("unsigned long[]", n)
    check_status(call(cname, device_, n, mask, *scope))
    return list(mask)
