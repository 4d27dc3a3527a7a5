"""Values behind a ``void *`` whose C type another argument decides (an attribute, a handle type).

``cuPointerGetAttribute(attribute, ptr)`` writes a context handle for one attribute, a bool for another, a
struct for a third: each table below says, per enum member (driver and runtime names alike), which C type
the value has. The generated wrapper asks this module for storage of exactly that type (never one size
for all; a scalar's is the calling thread's own for that type, zeroed on each call; a list's items, a
struct or a name get fresh storage), passes its address, and reads it back as cuda.bindings does:
handles as handle objects, flags as bool, numbers as int, structs as struct objects, names as bytes.
A member no table knows is refused (``TypeError``) before the library is called, as cuda.bindings does.

Kinds: ``int`` (signed 32-bit), ``uint``, ``bool``, ``u64``, ``size``, ``address`` (a pointer read as an
int), ``handle:<class>``, ``struct:<class>``, ``cstr`` (a name of at most 1023 bytes), ``int_list`` (as
many 32-bit ints as the caller's data size holds: ``ACCESSED_BY``).
"""

import threading

from ._arguments import argument_error, check_integer, check_output_count, utf8
from ._arrays import sequence
from ._handles import handle_value, new_handle
from ._structs import Struct

_CSTR_ROOM = 1024  # the driver's limit for coredump file and pipe names, with the NUL


def _table(**kinds):
    """{member name: kind} from kind=[member names]."""
    out = {}
    for kind, names in kinds.items():
        for n in names:
            out[n] = kind.replace("__", ":")
    return out


_P = "CU_POINTER_ATTRIBUTE_"
POINTER = _table(**{
    "handle__CUcontext": [_P + "CONTEXT"],
    "uint": [_P + "MEMORY_TYPE", _P + "IS_GPU_DIRECT_RDMA_CAPABLE", _P + "ACCESS_FLAGS"],
    "int": [_P + "DEVICE_ORDINAL", _P + "LOCALITY_DOMAIN_ORDINAL"],
    "handle__CUdeviceptr": [_P + "DEVICE_POINTER", _P + "RANGE_START_ADDR", _P + "MAPPING_BASE_ADDR"],
    "address": [_P + "HOST_POINTER"],
    "struct__CUDA_POINTER_ATTRIBUTE_P2P_TOKENS": [_P + "P2P_TOKENS"],
    "bool": [_P + "SYNC_MEMOPS", _P + "IS_MANAGED", _P + "IS_LEGACY_CUDA_IPC_CAPABLE", _P + "MAPPED",
             _P + "IS_HW_DECOMPRESS_CAPABLE"],
    "u64": [_P + "BUFFER_ID", _P + "ALLOWED_HANDLE_TYPES", _P + "MEMORY_BLOCK_ID"],
    "size": [_P + "RANGE_SIZE", _P + "MAPPING_SIZE"],
    "handle__CUmemoryPool": [_P + "MEMPOOL_HANDLE"],
})

_R = "CU_MEM_RANGE_ATTRIBUTE_"
_RR = "cudaMemRangeAttribute"
MEM_RANGE = _table(
    int=[p + s for p, names in ((_R, ("READ_MOSTLY", "PREFERRED_LOCATION", "LAST_PREFETCH_LOCATION",
                                      "PREFERRED_LOCATION_TYPE", "PREFERRED_LOCATION_ID",
                                      "LAST_PREFETCH_LOCATION_TYPE", "LAST_PREFETCH_LOCATION_ID")),
                                (_RR, ("ReadMostly", "PreferredLocation", "LastPrefetchLocation",
                                       "PreferredLocationType", "PreferredLocationId", "LastPrefetchLocationType",
                                       "LastPrefetchLocationId")))
         for s in names],
    int_list=[_R + "ACCESSED_BY", _RR + "AccessedBy"],
)

COREDUMP = _table(
    bool=["CU_COREDUMP_ENABLE_ON_EXCEPTION", "CU_COREDUMP_TRIGGER_HOST", "CU_COREDUMP_LIGHTWEIGHT",
          "CU_COREDUMP_ENABLE_USER_TRIGGER"],
    cstr=["CU_COREDUMP_FILE", "CU_COREDUMP_PIPE"],
    uint=["CU_COREDUMP_GENERATION_FLAGS"],
)

_M = "CU_MEMPOOL_ATTR_"
MEMPOOL = _table(
    int=[_M + "REUSE_FOLLOW_EVENT_DEPENDENCIES", _M + "REUSE_ALLOW_OPPORTUNISTIC",
         _M + "REUSE_ALLOW_INTERNAL_DEPENDENCIES", _M + "ALLOCATION_TYPE", _M + "EXPORT_HANDLE_TYPES",
         _M + "LOCATION_ID", _M + "LOCATION_TYPE", _M + "HW_DECOMPRESS_ENABLED", _M + "LOCALITY_DOMAIN_ID",
         "cudaMemPoolReuseFollowEventDependencies", "cudaMemPoolReuseAllowOpportunistic",
         "cudaMemPoolReuseAllowInternalDependencies", "cudaMemPoolAttrAllocationType",
         "cudaMemPoolAttrExportHandleTypes", "cudaMemPoolAttrLocationId", "cudaMemPoolAttrLocationType",
         "cudaMemPoolAttrHwDecompressEnabled", "cudaMemPoolAttrLocalityDomainId"],
    u64=[_M + "RELEASE_THRESHOLD", _M + "RESERVED_MEM_CURRENT", _M + "RESERVED_MEM_HIGH",
         _M + "USED_MEM_CURRENT", _M + "USED_MEM_HIGH", _M + "MAX_POOL_SIZE",
         "cudaMemPoolAttrReleaseThreshold", "cudaMemPoolAttrReservedMemCurrent", "cudaMemPoolAttrReservedMemHigh",
         "cudaMemPoolAttrUsedMemCurrent", "cudaMemPoolAttrUsedMemHigh", "cudaMemPoolAttrMaxPoolSize"],
)

GRAPH_MEM = _table(u64=["CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT", "CU_GRAPH_MEM_ATTR_USED_MEM_HIGH",
                        "CU_GRAPH_MEM_ATTR_RESERVED_MEM_CURRENT", "CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH",
                        "cudaGraphMemAttrUsedMemCurrent", "cudaGraphMemAttrUsedMemHigh",
                        "cudaGraphMemAttrReservedMemCurrent", "cudaGraphMemAttrReservedMemHigh"])

# what an exported shareable handle is, by its handle type (a fabric handle is a 64-byte struct)
SHAREABLE = _table(
    int=["CU_MEM_HANDLE_TYPE_NONE", "CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR", "cudaMemHandleTypeNone",
         "cudaMemHandleTypePosixFileDescriptor"],
    address=["CU_MEM_HANDLE_TYPE_WIN32", "cudaMemHandleTypeWin32"],
    uint=["CU_MEM_HANDLE_TYPE_WIN32_KMT", "cudaMemHandleTypeWin32Kmt"],
    **{"struct__CUmemFabricHandle": ["CU_MEM_HANDLE_TYPE_FABRIC"],
       "struct__cudaMemFabricHandle_t": ["cudaMemHandleTypeFabric"]},
)

RANGE_HANDLE = _table(int=["CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD"])

TABLES = {"pointer": POINTER, "mem_range": MEM_RANGE, "coredump": COREDUMP, "mempool": MEMPOOL,
          "graph_mem": GRAPH_MEM, "shareable": SHAREABLE, "range_handle": RANGE_HANDLE}

_CTYPES = {"int": "int", "uint": "unsigned int", "bool": "_Bool", "u64": "unsigned long long", "size": "size_t",
           "address": "uintptr_t", "handle": "uintptr_t", "int_list": "int", "cstr": "char"}
_RANGES = {"int": (-(1 << 31), (1 << 31) - 1), "uint": (0, (1 << 32) - 1), "u64": (0, (1 << 64) - 1),
           "size": (0, (1 << 64) - 1), "address": (0, (1 << 64) - 1)}


class Value:
    """Storage of one attribute's C type: ``ptr`` is what the library gets, ``size`` its bytes, ``read()``
    the Python value."""

    __slots__ = ("ptr", "size", "kind", "cls", "ffi", "obj", "typed")

    def read(self):
        kind = self.kind
        if self.typed:  # storage of the value's own C type (the common case): one item
            v = self.ptr[0]
            if kind == "handle":
                return new_handle(self.cls, v)
            return v  # cffi reads _Bool as bool and integers as int
        ffi = self.ffi
        if kind == "struct":
            return self.obj
        if kind == "cstr":
            return ffi.string(self.ptr)
        if kind == "int_list":
            return list(ffi.cast("int *", self.ptr)[0:self.size // 4])
        v = ffi.cast(_CTYPES[kind] + " *", self.ptr)[0]
        if kind == "handle":
            return new_handle(self.cls, int(v))
        if kind == "bool":
            return bool(v)
        return int(v)


class Typing:
    """A family's attribute typing: made once by the generated module, which gives its ffi and namespace
    (where the handle and struct classes the tables name are found)."""

    def __init__(self, ffi, namespace):
        self.ffi = ffi
        self.namespace = namespace
        self._specs = {}  # (table, attribute value) -> (kind, class, C array type of one item or None, size)
        self._slots = threading.local()  # (table, attribute value) -> this thread's scalar storage for it

    def _spec(self, table, attr, func, name):
        """What ``attr`` of ``table`` holds, asked of the tables once per attribute value."""
        try:
            return self._specs[table, attr]
        except (KeyError, TypeError, ValueError):  # not seen yet, or not hashable (reported by _kind)
            pass
        kind, cls = self._kind(table, attr, func, name)
        array = None
        if kind in ("int", "uint", "bool", "u64", "size", "address", "handle"):
            array = self.ffi.typeof(_CTYPES[kind] + "[1]")
        spec = (kind, cls, array, self.ffi.sizeof(array) if array is not None else None)
        self._specs[table, int(getattr(attr, "value", attr))] = spec
        return spec

    def _kind(self, table, attr, func, name):
        member = getattr(attr, "name", None)
        if member is None:  # a plain int: find the member of that value in the enum classes of the module
            value = check_integer(func, name, attr, -(1 << 31), (1 << 31) - 1)
            member = next((m for m in TABLES[table] if getattr(self._member(m), "value", None) == value), None)
            if member is None:
                raise argument_error(func, name, "is %d, not an attribute this call knows" % value, ValueError)
        kind = TABLES[table].get(member)
        if kind is None:
            raise argument_error(func, name, "%s is not supported: its value type is unknown" % member)
        kind, _, cls = kind.partition(":")
        return kind, (self.namespace[cls] if cls else None)

    def _member(self, member):
        for obj in self.namespace.values():
            if isinstance(obj, type) and member in getattr(obj, "__members__", ()):
                return obj[member]
        return None

    def _new(self, kind, cls, size=None):
        ffi = self.ffi
        v = Value()
        v.kind, v.cls, v.ffi, v.obj, v.typed = kind, cls, ffi, None, False
        if kind == "struct":
            v.obj = cls()
            v.ptr = v.obj._ptr
            v.size = ffi.sizeof(v.obj._ptr[0])
            return v
        room = _CSTR_ROOM if kind == "cstr" else ffi.sizeof(_CTYPES[kind])
        if size is not None:  # the caller's data size: the library writes that many bytes, never more
            room = max(room, size)
        v.ptr = ffi.new("char[]", room)
        v.size = room if size is None else size
        return v

    def out(self, table, attr, func, name, size=None, size_name=None):
        """Zeroed storage for the value the library writes for ``attr``. A scalar's storage is this thread's
        own for that attribute type, made once and zeroed per call (a call reads it back before another
        can reuse it), so the common single-attribute getter allocates nothing."""
        if size is None:
            slots = self._slots.__dict__
            try:
                v = slots[table, attr]
            except (KeyError, TypeError, ValueError):  # not seen on this thread yet, or not an attribute at all
                v = None
            if v is not None:
                v.ptr[0] = 0
                return v
        spec = self._spec(table, attr, func, name)
        if size is None and spec[2] is not None:
            v = slots[table, int(getattr(attr, "value", attr))] = self._scalar(spec)
            return v
        return self._out(spec, func, size, size_name)

    def _scalar(self, spec):
        kind, cls, array, room = spec
        v = Value()
        v.kind, v.cls, v.typed, v.size = kind, cls, True, room
        v.ptr = self.ffi.new(array)
        return v

    def _out(self, spec, func, size, size_name):
        """Fresh storage (the list form needs one per item, even for repeated attributes)."""
        kind, cls, array, room = spec
        if size is None and array is not None:
            return self._scalar(spec)
        if size is not None:
            size = check_output_count(func, size_name, size)
            if kind == "int_list" and size % 4:
                raise argument_error(func, size_name, "must be a multiple of 4 (a list of ints): %d" % size,
                                     ValueError)
        return self._new(kind, cls, size)

    def value(self, table, attr, value, func, name, value_name):
        """Storage holding ``value`` as ``attr``'s C type, for a setter."""
        kind, cls = self._spec(table, attr, func, name)[:2]
        ffi = self.ffi
        if kind == "struct":
            if not isinstance(value, cls):
                raise argument_error(func, value_name, "must be %s for %s, not %s"
                                     % (cls.__name__, getattr(attr, "name", attr), type(value).__name__))
            v = self._new(kind, cls)
            v.obj = value
            v.ptr = value._ptr
            return v
        if kind == "cstr":
            if isinstance(value, str):
                value = utf8(value, func, value_name)
            if not isinstance(value, (bytes, bytearray)) or b"\0" in value:
                raise argument_error(func, value_name, "must be bytes without NUL for %s"
                                     % getattr(attr, "name", attr))
            if len(value) >= _CSTR_ROOM:
                raise argument_error(func, value_name, "is %d bytes; at most %d fit"
                                     % (len(value), _CSTR_ROOM - 1), ValueError)
            v = self._new(kind, cls)
            ffi.memmove(v.ptr, bytes(value), len(value))
            v.size = len(value)
            return v
        v = self._new(kind, cls)
        if kind == "bool":
            if not isinstance(value, (bool, int)) or isinstance(value, int) and value not in (0, 1):
                raise argument_error(func, value_name, "must be a bool for %s, not %r"
                                     % (getattr(attr, "name", attr), value))
            c = bool(value)
        elif kind == "handle":
            c = handle_value(value, func, value_name)
        elif isinstance(value, Struct):
            raise argument_error(func, value_name, "must be an int for %s, not %s"
                                 % (getattr(attr, "name", attr), type(value).__name__))
        else:
            if not isinstance(value, (int, float)) and hasattr(value, "__int__"):  # cuuint64_t & co.
                try:
                    value = int(value)
                except (TypeError, ValueError) as e:  # e.g. a numpy array of several items
                    raise argument_error(func, value_name, "must be an int for %s, not %s (%s)"
                                         % (getattr(attr, "name", attr), type(value).__name__, e)) from None
            lo, hi = _RANGES[kind]
            c = check_integer(func, value_name, value, lo, hi)
        ffi.cast(_CTYPES[kind] + " *", v.ptr)[0] = c
        return v

    def out_list(self, table, attrs, count, func, name, sizes=None, sizes_name=None):
        """(``void *[]`` of storage, one per attribute, and the storage list) for a list of attributes."""
        attrs = sequence(attrs, func, name, count)[:count]
        if sizes is not None:
            sizes = sequence(sizes, func, sizes_name, count)[:count]
        values = [self._out(self._spec(table, a, func, "%s[%d]" % (name, i)), func,
                            sizes[i] if sizes is not None else None,
                            "%s[%d]" % (sizes_name, i) if sizes is not None else None)
                  for i, a in enumerate(attrs)]
        if not values:
            return self.ffi.NULL, values
        return self.ffi.new("void *[]", [v.ptr for v in values]), values
