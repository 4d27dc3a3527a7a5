"""The memory resources: CUDA memory pools (device, pinned host), managed memory, legacy pinned memory, plain
``cuMemAlloc`` for devices without pools; and sharing a pool and its buffers with other processes (IPC).

Pools allocate stream-ordered (``cuMemAllocFromPoolAsync`` / ``cuMemFreeAsync``). A pool this module opens
for a device keeps freed memory for reuse (release threshold: unlimited, where the driver's default of 0
would hand memory back to the OS at every synchronization), as cuda.core does.

IPC (Linux): a resource made with ``ipc_enabled=True`` exports ``allocation_handle`` (a file descriptor);
another process opens it with ``from_allocation_handle`` and maps buffers from their ``ipc_descriptor``.
Resources, handles and buffers pickle for ``multiprocessing`` (the descriptor travels with
``multiprocessing.reduction.DupFd``), so they pass as arguments to a process started with the 'spawn'
method or through its queues. A process forked after CUDA was initialized cannot use CUDA: there the
import raises RuntimeError saying so.
"""

import collections.abc
import os
import threading
import uuid as _uuid
import weakref
from dataclasses import dataclass, field
from typing import Optional

from . import _release, _utils
from ._managed import ManagedBuffer
from ._memory import Buffer, MemoryResource, _check_size, new_buffer, raise_status, stream_or_default
from ._utils import check, check_or_create_options
from .typing import ManagedMemoryLocationType

_UNLIMITED = (1 << 64) - 1


def _as_flag(value, what):
    return bool(value)


def _as_integer(value, what):
    return int(_utils.as_int(value, what))  # int(): PyPy's operator.index gives a bool back as it is


def _as_optional_integer(value, what):
    return None if value is None else _as_integer(value, what)


class _TypedOptions:
    """The base of the options dataclasses: as cuda.core's typed fields, every assignment (the constructor's
    too) converts the value (``_CONVERT``: field name -> converter; bools by their truth, integers through the
    number protocol, TypeError naming the field for anything else), and a name that is no field is refused
    with AttributeError. Ranges are checked where the resource is made, as cuda.core does."""

    __slots__ = ()
    _CONVERT = {}

    def __setattr__(self, name, value):
        convert = self._CONVERT.get(name)
        if convert is not None:
            value = convert(value, name)
        elif name not in self.__dataclass_fields__:
            raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))
        object.__setattr__(self, name, value)


@dataclass
class DeviceMemoryResourceOptions(_TypedOptions):
    """``ipc_enabled``: the pool can be shared with other processes; ``max_size``: the pool's limit in bytes (0:
    the system's). Beyond cuda.core: ``release_threshold``, bytes the pool keeps when idle (None: unlimited;
    left out of the repr, which reads as cuda.core's)."""

    ipc_enabled: bool = False
    max_size: int = 0
    release_threshold: Optional[int] = field(default=None, repr=False)

    _CONVERT = {"ipc_enabled": _as_flag, "max_size": _as_integer, "release_threshold": _as_optional_integer}


@dataclass
class PinnedMemoryResourceOptions(_TypedOptions):
    """``ipc_enabled``, ``max_size`` as for device pools; ``numa_id``: the host NUMA node (None: the current
    device's host NUMA node, or 0)."""

    ipc_enabled: bool = False
    max_size: int = 0
    numa_id: Optional[int] = None

    _CONVERT = {"ipc_enabled": _as_flag, "max_size": _as_integer, "numa_id": _as_optional_integer}


@dataclass
class ManagedMemoryResourceOptions(_TypedOptions):
    """``preferred_location`` and ``preferred_location_type``, read together: with the type None, the location
    is a device ordinal, -1 for the host, or None (the driver decides); with type "device" an ordinal >= 0,
    with "host" None, with "host_numa" a NUMA node >= 0 or None (the current device's host node)."""

    preferred_location: Optional[int] = None
    preferred_location_type: Optional[str] = None

    _CONVERT = {"preferred_location": _as_optional_integer}


def _device_id(device):
    from ._device import Device

    if device is None:
        return Device().device_id
    return Device(device).device_id


def _current_device():
    from ._device import Device

    dev = Device()
    dev._ensure_current()
    return dev


class _MemPoolAttributes:
    """A pool's attributes (cuMemPoolGetAttribute), read when asked; ``repr`` lists them all, as cuda.core's."""

    __slots__ = ("_pool",)

    def __init__(self, *args, **kwargs):
        raise RuntimeError("_MemPoolAttributes cannot be instantiated directly. Please use MemoryResource APIs.")

    @classmethod
    def _init(cls, pool):
        self = object.__new__(cls)
        self._pool = pool
        return self

    def _get(self, name):
        drv = _utils.driver()
        value = check(drv.cuMemPoolGetAttribute(self._pool, getattr(drv.CUmemPool_attribute, "CU_MEMPOOL_ATTR_" + name)))
        return int(value)

    reuse_follow_event_dependencies = property(lambda self: bool(self._get("REUSE_FOLLOW_EVENT_DEPENDENCIES")))
    reuse_allow_opportunistic = property(lambda self: bool(self._get("REUSE_ALLOW_OPPORTUNISTIC")))
    reuse_allow_internal_dependencies = property(lambda self: bool(self._get("REUSE_ALLOW_INTERNAL_DEPENDENCIES")))
    release_threshold = property(lambda self: self._get("RELEASE_THRESHOLD"))
    reserved_mem_current = property(lambda self: self._get("RESERVED_MEM_CURRENT"))
    reserved_mem_high = property(lambda self: self._get("RESERVED_MEM_HIGH"))
    used_mem_current = property(lambda self: self._get("USED_MEM_CURRENT"))
    used_mem_high = property(lambda self: self._get("USED_MEM_HIGH"))

    def __repr__(self):
        names = sorted(n for n in dir(type(self)) if not n.startswith("_"))
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%s" % (n, getattr(self, n)) for n in names))


class _DeviceOnly:
    """The accessibility of a resource whose memory is one device's alone (``_device_id``)."""

    device_id = property(lambda self: self._device_id)
    is_device_accessible = property(lambda self: True)
    is_host_accessible = property(lambda self: False)


_CALLS = []  # [alloc(size, pool, stream) -> (status, ptr), free(ptr, stream) -> (status,)]: see _bind


class _MemPool(MemoryResource):
    """A memory resource on a CUDA memory pool."""

    _registry = weakref.WeakValueDictionary()  # uuid -> the mapped resource of this process, while it lives
    _registry_lock = threading.Lock()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # Buffer.close makes the frees of a class whose deallocate is this one; a subclass's own, close calls
        cls._pool_calls = _CALLS if cls.deallocate is _MemPool.deallocate else None

    def _init_pool(self, pool, device_id, owned, ipc, mapped=False, uuid=None):
        self._pool = pool
        self._ph = int(pool) if pool is not None else 0
        self._device_id = device_id
        self._owned = owned
        self._ipc = ipc
        self._mapped = mapped
        self._uuid = uuid
        self._alloc_handle = None
        self._closed = False
        self._refuses = mapped  # allocate() takes its checked path: a mapped pool, or a closed one

    def _live_pool(self):
        if self._closed:
            raise RuntimeError("%s has been closed" % type(self).__name__)  # as cuda.core's
        return self._pool

    # -- allocation ------------------------------------------------------------------------------------------
    def allocate(self, size, *, stream=None):
        """A Buffer of ``size`` bytes, allocated in stream order on ``stream`` (beyond cuda.core: None means the
        device's default stream), which also orders its free."""
        if stream.__class__ is _utils.Stream and stream._handle is not None:  # the common case: a Stream
            h = stream._h
        else:
            h = self._stream_h(stream)
        if size.__class__ is not int or size <= 0 or self._refuses:
            return self._allocate_checked(size, stream, h)
        err, ptr = (_CALLS or _bind())[0](size, self._ph, h)  # (status, the device pointer), as ints
        if err:
            raise_status(err)
        return new_buffer(ptr, size, self, stream)

    def _allocate_checked(self, size, stream, h):
        size = _check_size(size)
        if self._mapped:
            raise TypeError("Cannot allocate from a mapped IPC-enabled memory resource: a resource mapped from "
                            "another process only imports buffers (Buffer.from_ipc_descriptor)")
        self._live_pool()
        if size == 0:
            return Buffer._make(0, 0, self, stream)
        return self.allocate(int(size), stream=stream)

    def _stream_h(self, stream):
        return stream_or_default(None, self._device_id) if stream is None else _utils.stream_handle(stream)

    def deallocate(self, ptr, size, *, stream=None):
        """Free ``ptr`` in stream order on ``stream`` (None: the device's default stream)."""
        if not ptr:
            return
        if stream.__class__ is _utils.Stream and stream._handle is not None:
            h = stream._h
        else:
            h = self._stream_h(stream)
        err, = (_CALLS or _bind())[1](ptr, h)
        if err:
            raise_status(err)

    # -- facts -----------------------------------------------------------------------------------------------
    # once closed, a resource reads as cuda.core's does: handle CUmemoryPool(0), not owned, not IPC-enabled
    @property
    def handle(self):
        """The ``driver.CUmemoryPool`` (``CUmemoryPool(0)`` once closed)."""
        if self._closed and self._pool is not None:
            return _utils.driver().CUmemoryPool(0)
        return self._pool

    @property
    def attributes(self):
        """The pool's attributes (one object per resource, as cuda.core's), read when asked."""
        pool = self._live_pool()
        found = self.__dict__.get("_attributes")
        if found is None:
            found = self._attributes = _MemPoolAttributes._init(pool)
        return found

    @property
    def is_handle_owned(self):
        return self._owned and not self._closed

    @property
    def is_ipc_enabled(self):
        return self._ipc and not self._closed

    @property
    def is_mapped(self):
        return self._mapped and not self._closed

    @property
    def is_closed(self):
        return self._closed

    @property
    def uuid(self):
        return None if self._closed else self._uuid

    @property
    def is_managed(self):
        return False

    def close(self):
        """Let go of the pool: an owned pool is destroyed (its memory goes back once its buffers are freed);
        ``deallocate`` keeps working for buffers still out."""
        if self._closed:
            return
        self._closed = self._refuses = True
        if self._alloc_handle is not None:
            self._alloc_handle.close()
        if self._owned:
            check(_utils.driver().cuMemPoolDestroy(self._pool))

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release)
        if getattr(self, "_closed", True):
            return
        self._closed = self._refuses = True
        if self._alloc_handle is not None:
            self._alloc_handle.close()  # a file descriptor: os.close, no Python code
        if self._owned:
            _defer(_destroy_pool, self._pool)

    def _set_release_threshold(self, threshold):
        drv = _utils.driver()
        check(drv.cuMemPoolSetAttribute(self._pool, drv.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                        drv.cuuint64_t(_UNLIMITED if threshold is None else threshold)))

    # -- IPC -------------------------------------------------------------------------------------------------
    @property
    def allocation_handle(self):
        """The pool's shareable handle (an IPCAllocationHandle holding a file descriptor), made once and owned
        by this resource."""
        self._live_pool()
        if not self._ipc:
            raise RuntimeError("Memory resource is not IPC-enabled (options ipc_enabled=True make one that is)")
        if self._alloc_handle is None:
            drv = _utils.driver()
            fd = check(drv.cuMemPoolExportToShareableHandle(
                self._live_pool(), drv.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0))
            self._alloc_handle = IPCAllocationHandle._init(int(fd), self._uuid)
        return self._alloc_handle

    def register(self, uuid):
        """Enter this mapped resource in the process's registry under ``uuid``; returns the one registered
        before under it, if any."""
        with _MemPool._registry_lock:
            return _MemPool._registry.setdefault(uuid, self)

    @staticmethod
    def from_registry(uuid):
        """The mapped resource registered under ``uuid`` (RuntimeError where none is, or it was let go)."""
        try:
            return _MemPool._registry[uuid]
        except KeyError:
            raise RuntimeError("Memory resource %s was not found" % (uuid,)) from None

    @classmethod
    def _import_pool(cls, alloc_handle, device_id):
        _utils.check_not_forked()
        uuid = getattr(alloc_handle, "uuid", None)
        if uuid is not None:
            known = _MemPool._registry.get(uuid)
            if known is not None:
                if not isinstance(known, cls):
                    raise TypeError("Registry contains a %s for uuid %s, but %s was requested"
                                    % (type(known).__name__, uuid, cls.__name__))
                return known
        fd = int(alloc_handle)
        from ._device import Device

        Device(device_id)._ensure_current()
        drv = _utils.driver()
        pool = check(drv.cuMemPoolImportFromShareableHandle(
            fd, drv.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0))
        self = object.__new__(cls)
        self._init_pool(pool, device_id, True, True, mapped=True, uuid=uuid)
        return self.register(uuid) if uuid is not None else self

    def _export_pointer(self, ptr, size):
        data = check(_utils.driver().cuMemPoolExportPointer(ptr))
        return IPCBufferDescriptor._init(bytes(bytearray(b & 0xFF for b in data.reserved)), size)

    def _import_pointer(self, descriptor, stream):
        if not self._mapped:
            raise RuntimeError("Buffer.from_ipc_descriptor needs the resource mapped from the exporting process "
                               "(from_allocation_handle), not the exporting resource itself")
        if not isinstance(descriptor, IPCBufferDescriptor):
            raise TypeError("ipc_descriptor must be an IPCBufferDescriptor, not %s" % type(descriptor).__name__)
        _utils.check_not_forked()
        drv = _utils.driver()
        data = drv.CUmemPoolPtrExportData()
        data.reserved = list(descriptor._reserved)
        ptr = check(drv.cuMemPoolImportPointer(self._live_pool(), data))
        if stream is not None:
            _utils.stream_handle(stream)
        return Buffer._make(int(ptr), descriptor.size, self, stream, ipc=descriptor)

    def __reduce__(self):
        self._live_pool()
        if not self._ipc:
            raise TypeError("only an IPC-enabled memory resource can be pickled (its pool is shared through a "
                            "file descriptor)")
        return (_resource_from_pickle, (type(self), self._device_id, self.allocation_handle))


# cuMemAllocFromPoolAsync and cuMemFreeAsync, bound on first use. The hot path calls the driver module's C
# the pool's two calls as (status, *outputs) of plain ints: cudacffi._fastcall's on CPython; on PyPy the stubs
# (the pointer by value, _FAILED with the status in _cc_status() on a failure), which its JIT inlines; either
# takes a failure or the first call (binding) through the wrapper
_FAILED = (1 << 64) - 1


def _bind():
    from .. import _driver, _support
    from .._gen import driver as gen

    drv = _utils.driver()  # cuInit done, as every first call into the driver makes sure
    alloc = _support.plain_call(gen, "cuMemAllocFromPoolAsync")
    free = _support.plain_call(gen, "cuMemFreeAsync")
    if alloc is None or free is None:
        alloc, free = _stub_calls(_driver.lib, drv.cuMemAllocFromPoolAsync, drv.cuMemFreeAsync)
    _CALLS[:] = [alloc, free]
    return _CALLS


def _c_allocate():
    """On CPython, _MemPool.allocate's common case made in C (``cudacffi._fastcall.pool_allocate``): a positive
    int size and a live Stream on a resource that allocates; every other call is the Python method's."""
    from .. import _support
    from .._gen import driver as gen
    from ._stream import Stream

    fastcall = _support._fastcall_module()
    spec = getattr(gen, "_fast_specs", {}).get("cuMemAllocFromPoolAsync")
    if fastcall is None or spec is None:
        return
    entry, index, _, _, unbound = spec
    _MemPool.allocate = fastcall.pool_allocate(entry(index), unbound, _MemPool.allocate, Stream, new_buffer,
                                               raise_status)


def _stub_calls(lib, alloc_wrapper, free_wrapper):
    value, stub, status = lib._cv_cuMemAllocFromPoolAsync, lib._cc_cuMemFreeAsync, lib._cc_status

    def alloc(size, pool, stream):
        ptr = value(size, pool, stream)
        if ptr == _FAILED and status():
            err, ptr = alloc_wrapper(size, pool, stream)
            return int(err), None if ptr is None else int(ptr)
        return 0, ptr

    def free(ptr, stream):
        if stub(ptr, stream):
            return int(free_wrapper(ptr, stream)[0]),
        return 0,

    return alloc, free


def _resource_from_pickle(cls, device_id, alloc_handle):
    if cls is PinnedMemoryResource:
        mr = cls.from_allocation_handle(alloc_handle)
    else:
        mr = cls.from_allocation_handle(device_id, alloc_handle)
    if mr._alloc_handle is None:
        mr._alloc_handle = alloc_handle  # the received duplicate is the mapped resource's to close
    else:
        alloc_handle.close()  # this process had mapped the pool already
    return mr


def _pool_props(drv, location_type, location_id, ipc, max_size):
    props = drv.CUmemPoolProps()
    props.allocType = drv.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED
    props.handleTypes = (drv.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR if ipc
                         else drv.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_NONE)
    props.location.type = location_type
    props.location.id = location_id
    if hasattr(props, "maxSize"):
        props.maxSize = max_size
    elif max_size:  # CUmemPoolProps has no maxSize before CUDA 12.2 headers
        raise ValueError("max_size needs a build from CUDA 12.2 or newer headers (this build: CUDA %d.%d)"
                         % (drv.CUDA_VERSION // 1000, drv.CUDA_VERSION % 1000 // 10))
    return props


def _destroy_pool(pool):
    check(_utils.driver().cuMemPoolDestroy(pool))


class DeviceMemoryResource(_DeviceOnly, _MemPool):
    """Device memory from a CUDA memory pool: ``DeviceMemoryResource(device)`` uses the device's current pool
    (not owned), ``DeviceMemoryResource(device, options)`` creates a pool of its own."""

    def __init__(self, device_id, options=None):
        device_id = _device_id(device_id)
        drv = _utils.driver()
        from ._device import Device

        Device(device_id)._ensure_current()
        if options is None:
            pool = check(drv.cuDeviceGetMemPool(device_id))
            self._init_pool(pool, device_id, False, False)
            if int(check(drv.cuMemPoolGetAttribute(pool, drv.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD))) == 0:
                self._set_release_threshold(None)
            return
        opts = check_or_create_options(DeviceMemoryResourceOptions, options, "DeviceMemoryResource options")
        _check_size(opts.max_size, "max_size")
        props = _pool_props(drv, drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE, device_id, opts.ipc_enabled,
                            opts.max_size)
        pool = check(drv.cuMemPoolCreate(props))
        self._init_pool(pool, device_id, True, bool(opts.ipc_enabled),
                        uuid=_uuid.uuid4() if opts.ipc_enabled else None)
        self._set_release_threshold(opts.release_threshold)
        if opts.ipc_enabled:
            self.allocation_handle  # the driver exports a pool's pointers only once the pool itself is exported

    @classmethod
    def from_allocation_handle(cls, device_id, alloc_handle):
        """The resource of another process's pool, from its ``allocation_handle`` (an IPCAllocationHandle or a
        file descriptor, which stays the caller's to close); it maps buffers, it cannot allocate."""
        return cls._import_pool(alloc_handle, _device_id(device_id))

    @property
    def peer_accessible_by(self):
        """The other devices that can access this pool's memory: a set you can also assign (devices or
        ordinals) or ``add``/``discard`` to."""
        return PeerAccessibleBySetProxy(self)

    @peer_accessible_by.setter
    def peer_accessible_by(self, devices):
        PeerAccessibleBySetProxy(self)._assign(devices)

    def __repr__(self):
        return "<DeviceMemoryResource device=%d%s%s>" % (self._device_id, " ipc" if self._ipc else "",
                                                         " mapped" if self._mapped else "")


def _peer_id(device):
    """The ordinal of a Device or int (TypeError / ValueError for anything else)."""
    return _device_id(device)


class PeerAccessibleBySetProxy(collections.abc.MutableSet):
    """The live set of devices that can access a pool's memory, as cuda.core's: reads ask the driver
    (``cuMemPoolGetAccess``), writes tell it (``cuMemPoolSetAccess``, one call for each bulk operation); no
    copy is kept. Iteration gives Devices; ``add``, ``discard`` and ``in`` take a Device or an ordinal, and
    ignore the pool's own device. Set operators (``|``, ``&``, ...) give plain sets."""

    __slots__ = ("_mr",)

    def __init__(self, mr):
        self._mr = mr

    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def _ids(self):
        from ._device import Device

        drv = _utils.driver()
        pool = self._mr._live_pool()
        out = []
        for dev in Device.get_all_devices():
            if dev.device_id == self._mr._device_id:
                continue
            loc = drv.CUmemLocation()
            loc.type = drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
            loc.id = dev.device_id
            flags = check(drv.cuMemPoolGetAccess(pool, loc))
            if int(flags) == int(drv.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE):
                out.append(dev.device_id)
        return out

    def _apply(self, additions, removals):
        """One cuMemPoolSetAccess granting ``additions`` and revoking ``removals`` (Devices or ordinals; the
        pool's own device left out), after checking that the pool's device can reach each addition."""
        from ._device import Device

        owner = self._mr._device_id
        add = {_peer_id(d) for d in additions} - {owner}
        remove = {_peer_id(d) for d in removals} - {owner} - add
        have = set(self._ids())
        add -= have
        remove &= have
        bad = sorted(i for i in add if not Device(owner).can_access_peer(i))
        if bad:
            raise ValueError("Device %d cannot access peer(s): %s" % (owner, ", ".join(str(i) for i in bad)))
        if not add and not remove:
            return
        drv = _utils.driver()
        descs = []
        for ids, flags in ((add, "CU_MEM_ACCESS_FLAGS_PROT_READWRITE"), (remove, "CU_MEM_ACCESS_FLAGS_PROT_NONE")):
            for i in sorted(ids):
                d = drv.CUmemAccessDesc()
                d.location.type = drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
                d.location.id = i
                d.flags = getattr(drv.CUmemAccess_flags, flags)
                descs.append(d)
        check(drv.cuMemPoolSetAccess(self._mr._live_pool(), descs, len(descs)))

    def _assign(self, devices):
        want = {_peer_id(d) for d in devices}
        self._apply(want, set(self._ids()) - want)

    def __contains__(self, device):
        try:
            i = _peer_id(device)
        except (TypeError, ValueError):
            return False
        return i != self._mr._device_id and i in self._ids()

    def __iter__(self):
        from ._device import Device

        return iter([Device(i) for i in self._ids()])

    def __len__(self):
        return len(self._ids())

    def add(self, device):
        """Grant ``device`` (a Device or ordinal) access to the pool's memory."""
        self._apply((device,), ())

    def discard(self, device):
        """Revoke that access; a value that names no device is ignored."""
        try:
            i = _peer_id(device)
        except (TypeError, ValueError):
            return
        self._apply((), (i,))

    def clear(self):
        self._apply((), self._ids())

    def update(self, *others):
        self._apply([d for other in others for d in other], ())

    def difference_update(self, *others):
        ids = set()
        for other in others:
            for d in other:
                try:
                    ids.add(_peer_id(d))
                except (TypeError, ValueError):
                    continue
        self._apply((), ids)

    def intersection_update(self, *others):
        keep = set(self._ids())
        for other in others:
            found = set()
            for d in other:
                try:
                    found.add(_peer_id(d))
                except (TypeError, ValueError):
                    continue
            keep &= found
        self._apply((), set(self._ids()) - keep)

    def symmetric_difference_update(self, other):
        toggle = set()
        for d in other:
            try:
                toggle.add(_peer_id(d))
            except (TypeError, ValueError):
                continue
        have = set(self._ids())
        self._apply(toggle - have, toggle & have)

    def __ior__(self, other):
        self.update(other)
        return self

    def __iand__(self, other):
        self.intersection_update(other)
        return self

    def __isub__(self, other):
        if other is self:
            self.clear()
        else:
            self.difference_update(other)
        return self

    def __ixor__(self, other):
        self.symmetric_difference_update(other)
        return self

    def __repr__(self):
        return "PeerAccessibleBySetProxy(%r)" % (set(self),)


class PinnedMemoryResource(_MemPool):
    """Page-locked host memory from a CUDA memory pool on a host NUMA node, reachable from the current
    device. Where the driver has no host memory pools, use LegacyPinnedMemoryResource."""

    def __init__(self, options=None):
        opts = check_or_create_options(PinnedMemoryResourceOptions, options, "PinnedMemoryResource options")
        dev = _current_device()
        drv = _utils.driver()
        numa = opts.numa_id
        if numa is None:
            numa = _host_numa_id(dev)
        if numa < 0:
            raise ValueError("numa_id must be >= 0, got %d" % numa)
        props = _pool_props(drv, drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA, numa, opts.ipc_enabled,
                            opts.max_size)
        err, pool = drv.cuMemPoolCreate(props)
        if err:
            raise _utils.CUDAError(err, err.name, "host memory pools are not available here (%s): use "
                                   "LegacyPinnedMemoryResource" % err.name)
        self._init_pool(pool, dev.device_id, True, bool(opts.ipc_enabled),
                        uuid=_uuid.uuid4() if opts.ipc_enabled else None)
        self._numa_id = numa
        self._grant(dev.device_id)
        self._set_release_threshold(None)
        if opts.ipc_enabled:
            self.allocation_handle  # as for device pools: exported before its pointers are

    def _grant(self, device_id):
        drv = _utils.driver()
        d = drv.CUmemAccessDesc()
        d.location.type = drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
        d.location.id = device_id
        d.flags = drv.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE
        check(drv.cuMemPoolSetAccess(self._pool, [d], 1))

    @classmethod
    def from_allocation_handle(cls, alloc_handle):
        mr = cls._import_pool(alloc_handle, _current_device().device_id)
        if not hasattr(mr, "_numa_id"):
            mr._numa_id = None  # the exporter's node, unknown here
        return mr

    @property
    def numa_id(self):
        return self._numa_id

    @property
    def device_id(self):
        return -1

    @property
    def is_device_accessible(self):
        return True

    @property
    def is_host_accessible(self):
        return True

    def __repr__(self):
        return "<PinnedMemoryResource numa_id=%r%s>" % (self._numa_id, " ipc" if self._ipc else "")


def _host_numa_id(dev):
    """The device's host NUMA node (CUDA 12.2+ drivers), or 0."""
    try:
        v = getattr(dev.properties, "host_numa_id")
    except (AttributeError, _utils.CUDAError):
        return 0
    return v if v >= 0 else 0


def _managed_preference(opts):
    """The (kind, id) a ManagedMemoryResourceOptions prefers, or None: kind "device" (id: ordinal), "host"
    (id: None) or "host_numa" (id: NUMA node; None there means the current device's host node)."""
    kind, loc = opts.preferred_location_type, opts.preferred_location
    loc = _as_optional_integer(loc, "preferred_location")  # options assigned to by-passing their checks
    if kind is None:  # the ordinal form: a device, -1 for the host, None for no preference
        if loc is None:
            return None
        if loc == -1:
            return ("host", None)
        if loc < 0:
            raise ValueError("preferred_location must be a device ordinal (>= 0), -1 for host, or None for no "
                             "preference, got %d" % loc)
        return ("device", loc)
    if kind not in ("device", "host", "host_numa"):
        raise ValueError("%r is not a valid preferred_location_type (ManagedMemoryLocationType). Must be None, "
                         "'device', 'host' or 'host_numa'" % (kind,))
    kind = str(kind)
    if kind == "device" and (loc is None or loc < 0):
        raise ValueError("preferred_location must be a device ordinal (>= 0) when preferred_location_type is "
                         "'device', got %r" % (loc,))
    if kind == "host" and loc is not None:
        raise ValueError("preferred_location must be None when preferred_location_type is 'host', got %r" % (loc,))
    if kind == "host_numa" and loc is not None and loc < 0:
        raise ValueError("preferred_location must be a NUMA node ID (>= 0) or None when preferred_location_type "
                         "is 'host_numa', got %r" % (loc,))
    return (kind, loc)


def _managed_pools(drv):
    """Whether managed memory comes from pools here: a CUDA 13 build on a CUDA 13 driver."""
    return hasattr(drv, "cuMemGetMemPool") and int(check(drv.cuDriverGetVersion())) >= 13000


class ManagedMemoryResource(_MemPool):
    """Managed (unified) memory, reachable from the host and every device; ``allocate`` returns a
    ManagedBuffer. With a CUDA 13 build and driver it is a stream-ordered managed memory pool: with no
    options, the current managed pool (not owned); with options, a pool of its own whose location is the
    preferred one. Elsewhere (or where the driver refuses managed pools) it allocates with
    ``cuMemAllocManaged`` (synchronous; ``handle`` is None) and gives the preferred location as advice.
    ``preferred_location``: ``(kind, id)`` with kind "device", "host" or "host_numa", or None."""

    def __init__(self, options=None):
        opts = check_or_create_options(ManagedMemoryResourceOptions, options, "ManagedMemoryResource options")
        preferred = _managed_preference(opts)
        dev = _current_device()
        if preferred is not None and preferred[0] == "host_numa" and preferred[1] is None:
            preferred = ("host_numa", _host_numa_id(dev))
        self._preferred = preferred
        drv = _utils.driver()
        pool = self._managed_pool(drv, options is not None) if _managed_pools(drv) else None
        if pool is None:
            self._init_pool(None, dev.device_id, False, False)
            return
        self._init_pool(pool, dev.device_id, options is not None, False)
        if options is not None or int(check(drv.cuMemPoolGetAttribute(
                pool, drv.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD))) == 0:
            self._set_release_threshold(None)

    def _managed_pool(self, drv, own):
        """A managed pool at the preferred location (a new one where ``own``, else the current one), or None
        where the driver has none to give."""
        types = drv.CUmemLocationType
        kind, ident = self._preferred if self._preferred is not None else (None, 0)
        loc_type = {None: 0, "device": types.CU_MEM_LOCATION_TYPE_DEVICE,  # 0: CU_MEM_LOCATION_TYPE_NONE
                    "host": types.CU_MEM_LOCATION_TYPE_HOST, "host_numa": types.CU_MEM_LOCATION_TYPE_HOST_NUMA}[kind]
        managed = drv.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_MANAGED
        if own:
            props = _pool_props(drv, loc_type, ident or 0, False, 0)
            props.allocType = managed
            err, pool = drv.cuMemPoolCreate(props)
        else:
            loc = drv.CUmemLocation()
            loc.type = loc_type
            loc.id = ident or 0
            err, pool = drv.cuMemGetMemPool(loc, managed)
        if err in (drv.CUresult.CUDA_ERROR_NOT_SUPPORTED, drv.CUresult.CUDA_ERROR_INVALID_VALUE):
            return None  # no managed pools on this device or system: cuMemAllocManaged instead
        check((err,))
        return pool

    def allocate(self, size, *, stream=None):
        """A ManagedBuffer of ``size`` bytes: stream-ordered on ``stream`` (None: the device's default stream)
        from a pool, synchronous from ``cuMemAllocManaged``."""
        size = _check_size(size)
        if self._pool is None:
            return self._allocate_unpooled(size, stream)
        h = self._stream_h(stream)
        pool = self._live_pool()
        if not size:
            return ManagedBuffer._make(0, 0, self, stream)
        ptr = check(_utils.driver().cuMemAllocFromPoolAsync(size, pool, h))
        return ManagedBuffer._make(int(ptr), size, self, stream)

    def _allocate_unpooled(self, size, stream):
        if self._closed:
            raise RuntimeError("%s has been closed" % type(self).__name__)
        if stream is not None:
            _utils.stream_handle(stream)
        if not size:
            return ManagedBuffer._make(0, 0, self, stream)
        drv = _utils.driver()
        ptr = int(check(drv.cuMemAllocManaged(size, int(drv.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL))))
        buf = ManagedBuffer._make(ptr, size, self, stream)
        if self._preferred is not None:
            try:
                buf.preferred_location = _managed_location(self._preferred)
            except BaseException:
                buf.close()
                raise
        return buf

    def deallocate(self, ptr, size, *, stream=None):
        """Free ``ptr``: in stream order on ``stream`` for a pool, else after ``stream`` (where given) is done."""
        if not ptr:
            return
        if self._pool is not None:
            _MemPool.deallocate(self, ptr, size, stream=stream)
            return
        if stream is not None:
            check(_utils.driver().cuStreamSynchronize(_utils.stream_handle(stream)))
        check(_utils.driver().cuMemFree(ptr))

    @property
    def attributes(self):
        if self._pool is None:
            raise RuntimeError("this ManagedMemoryResource has no memory pool (managed pools need a CUDA 13 build "
                               "and driver): its memory comes from cuMemAllocManaged")
        return _MemPool.attributes.fget(self)

    @property
    def preferred_location(self):
        """None (the driver decides) or ``(kind, id)``: kind a ManagedMemoryLocationType ("device", "host" or
        "host_numa", equal to those strings), id the ordinal, None or the NUMA node, as cuda.core's."""
        p = self._preferred
        return None if p is None else (ManagedMemoryLocationType(p[0]), p[1])

    @property
    def device_id(self):
        """The preferred device, or -1 where the preference is not a device."""
        p = self._preferred
        return p[1] if p is not None and p[0] == "device" else -1

    @property
    def is_device_accessible(self):
        return True

    @property
    def is_host_accessible(self):
        return True

    @property
    def is_managed(self):
        return True

    def __repr__(self):
        return "<ManagedMemoryResource preferred_location=%r%s>" % (self._preferred,
                                                                   "" if self._pool is not None else " unpooled")


def _managed_location(preferred):
    """The Device or Host of a resource's (kind, id) preference."""
    from ._managed import Host

    kind, ident = preferred
    if kind == "device":
        from ._device import Device

        return Device(ident)
    return Host(numa_id=ident) if kind == "host_numa" else Host()


class LegacyPinnedMemoryResource(MemoryResource):
    """Page-locked host memory from ``cuMemAllocHost`` (synchronous; ``stream`` is checked, then unused by
    allocate, and synchronized before a free)."""

    def allocate(self, size, *, stream=None):
        size = _check_size(size)
        if stream is not None:
            _utils.stream_handle(stream)
        if not size:
            return Buffer._make(0, 0, self)
        return Buffer._make(int(check(_utils.driver().cuMemAllocHost(size))), size, self)

    def deallocate(self, ptr, size, *, stream=None):
        drv = _utils.driver()
        if stream is not None:
            check(drv.cuStreamSynchronize(_utils.stream_handle(stream)))
        if ptr:
            check(drv.cuMemFreeHost(ptr))

    @property
    def is_device_accessible(self):
        return True

    @property
    def is_host_accessible(self):
        return True

    @property
    def device_id(self):
        raise RuntimeError("a pinned memory resource is not bound to any GPU")

    def __repr__(self):
        return "<LegacyPinnedMemoryResource>"


class SynchronousMemoryResource(_DeviceOnly, MemoryResource):
    """Device memory from plain ``cuMemAlloc`` / ``cuMemFree``: ``Device.memory_resource`` for a device without
    memory pools. Beyond cuda.core (which keeps it private)."""

    def __init__(self, device_id):
        self._device_id = _device_id(device_id)

    def allocate(self, size, *, stream=None):
        size = _check_size(size)
        if stream is not None:
            _utils.stream_handle(stream)
        if not size:
            return Buffer._make(0, 0, self, stream)
        return Buffer._make(int(check(_utils.driver().cuMemAlloc(size))), size, self, stream)

    def deallocate(self, ptr, size, *, stream=None):
        drv = _utils.driver()
        if stream is not None:
            check(drv.cuStreamSynchronize(_utils.stream_handle(stream)))
        if ptr:
            check(drv.cuMemFree(ptr))

    def __repr__(self):
        return "<SynchronousMemoryResource device=%d>" % self._device_id


class GraphMemoryResource(MemoryResource):
    """Memory that graphs allocate: ``allocate`` on a stream (or GraphBuilder) that is capturing a graph adds
    an allocation node to it (``cuMemAllocAsync`` in capture); the memory lives in the device's graph memory
    pool, which ``attributes`` describes and ``trim`` shrinks. Allocating on a stream that is not capturing
    raises RuntimeError, as cuda.core does. ``GraphMemoryResource(device)`` is one object per device."""

    _instances = {}
    _instances_lock = threading.Lock()

    def __new__(cls, device_id):
        ordinal = _device_id(device_id)
        self = cls._instances.get(ordinal)
        if self is None:
            with cls._instances_lock:
                self = cls._instances.get(ordinal)
                if self is None:
                    self = object.__new__(cls)
                    self._device_id = ordinal
                    cls._instances[ordinal] = self
        return self

    @staticmethod
    def _capturing(stream):
        """The CUstream int of ``stream`` (a Stream, a GraphBuilder or an object with ``__cuda_stream__``), which
        must be capturing a graph (an invalidated capture is refused too)."""
        h = _utils.stream_handle(stream)
        drv = _utils.driver()
        if check(drv.cuStreamIsCapturing(h)) != drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE:
            raise RuntimeError("GraphMemoryResource cannot perform memory operations on a non-capturing stream.")
        return h

    def allocate(self, size, *, stream):
        """A Buffer of ``size`` bytes allocated by the graph being captured on ``stream`` (an allocation node;
        freeing it in the same capture adds a free node, else the memory outlives the graph's launches until
        freed, or the next launch where the graph was completed with ``auto_free_on_launch``)."""
        size = _check_size(size)
        h = self._capturing(stream)
        if not size:
            return Buffer._make(0, 0, self, stream)
        from .graph import GraphBuilder

        ptr = int(check(_utils.driver().cuMemAllocAsync(size, h)))  # the capture's context: the stream's
        # a builder's Stream orders the free (a free node while it captures; once a builder that made its
        # stream is closed, the legacy default stream), not the builder, which refuses use once closed
        return Buffer._make(ptr, size, self, stream.stream if isinstance(stream, GraphBuilder) else stream)

    def deallocate(self, ptr, size, *, stream=None):
        """Free ``ptr`` in stream order: inside the graph where ``stream`` is capturing, else on ``stream``
        (None: the device's default stream) for memory a launched graph left allocated."""
        if not ptr:
            return
        h = stream_or_default(stream, self._device_id)
        check(_utils.driver().cuMemFreeAsync(ptr, h))

    def trim(self):
        """Give the device's unused graph memory back to the OS (``cuDeviceGraphMemTrim``)."""
        check(_utils.driver().cuDeviceGraphMemTrim(self._device_id))

    @property
    def attributes(self):
        """The device's graph memory figures (``cuDeviceGetGraphMemAttribute``), read when asked."""
        return GraphMemoryResourceAttributes._init(self._device_id)

    @property
    def device_id(self):
        return self._device_id

    @property
    def is_device_accessible(self):
        return True

    @property
    def is_host_accessible(self):
        return False

    def close(self):
        """Nothing to release: the graph memory pool is the device's."""

    def __repr__(self):
        return "<GraphMemoryResource device=%d>" % self._device_id


class GraphMemoryResourceAttributes:
    """A device's graph memory in bytes: ``used_mem_current`` / ``used_mem_high`` (held by graphs),
    ``reserved_mem_current`` / ``reserved_mem_high`` (backing memory); a high watermark is reset to the
    current figure by assigning 0 to it (AttributeError for anything else, and for the current figures, as
    cuda.core raises)."""

    __slots__ = ("_device_id",)

    def __init__(self, *args, **kwargs):
        raise RuntimeError("GraphMemoryResourceAttributes cannot be instantiated directly. Please use MemoryResource "
                           "APIs.")

    @classmethod
    def _init(cls, device_id):
        self = object.__new__(cls)
        self._device_id = device_id
        return self

    def _get(self, name):
        drv = _utils.driver()
        attr = getattr(drv.CUgraphMem_attribute, "CU_GRAPH_MEM_ATTR_" + name)
        return int(check(drv.cuDeviceGetGraphMemAttribute(self._device_id, attr)))

    def _reset(self, name, value):
        if value != 0:
            raise AttributeError("Attribute '%s' may only be set to zero (got %s)." % (name.lower(), value))
        drv = _utils.driver()
        attr = getattr(drv.CUgraphMem_attribute, "CU_GRAPH_MEM_ATTR_" + name)
        check(drv.cuDeviceSetGraphMemAttribute(self._device_id, attr, drv.cuuint64_t(0)))

    def _read_only(name):  # a property setter refusing as cuda.core's read-only attributes do (class body only)
        def refuse(self, value):
            raise AttributeError("attribute '%s' of 'GraphMemoryResourceAttributes' objects is not writable" % name)
        return refuse

    reserved_mem_current = property(lambda self: self._get("RESERVED_MEM_CURRENT"), _read_only("reserved_mem_current"),
                                    doc="Backing memory allocated for graphs now, in bytes.")
    reserved_mem_high = property(lambda self: self._get("RESERVED_MEM_HIGH"),
                                 lambda self, value: self._reset("RESERVED_MEM_HIGH", value),
                                 doc="The high watermark of reserved_mem_current; assign 0 to reset it.")
    used_mem_current = property(lambda self: self._get("USED_MEM_CURRENT"), _read_only("used_mem_current"),
                                doc="Memory in use by graphs now, in bytes.")
    used_mem_high = property(lambda self: self._get("USED_MEM_HIGH"),
                             lambda self, value: self._reset("USED_MEM_HIGH", value),
                             doc="The high watermark of used_mem_current; assign 0 to reset it.")
    del _read_only

    def __repr__(self):
        names = ("reserved_mem_current", "reserved_mem_high", "used_mem_current", "used_mem_high")
        return "GraphMemoryResourceAttributes(%s)" % ", ".join("%s=%d" % (n, getattr(self, n)) for n in names)


_default_lock = threading.Lock()
_defaults = {}  # device ordinal -> the process's default memory resource of that device


def default_resource(device):
    """``Device.memory_resource`` until one is set: the device's pool, or cuMemAlloc without pools."""
    mr = _defaults.get(device.device_id)
    if mr is None:
        with _default_lock:
            mr = _defaults.get(device.device_id)
            if mr is None:
                if device.properties.memory_pools_supported:
                    mr = DeviceMemoryResource(device.device_id)
                else:
                    mr = SynchronousMemoryResource(device.device_id)
                _defaults[device.device_id] = mr
    return mr


# -- IPC -----------------------------------------------------------------------------------------------------

class IPCBufferDescriptor:
    """What another process needs to map a buffer of an IPC-enabled pool: 64 opaque bytes and the size.
    Picklable. Treat a descriptor from an untrusted peer as untrusted input."""

    __slots__ = ("_reserved", "_size")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("IPCBufferDescriptor objects cannot be instantiated directly. Please use MemoryResource "
                           "APIs.")

    @staticmethod
    def _init(reserved, size):
        if len(reserved) != 64:
            raise ValueError("an IPC descriptor holds 64 bytes, got %d" % len(reserved))
        self = object.__new__(IPCBufferDescriptor)
        self._reserved = bytes(reserved)
        self._size = _check_size(size)
        return self

    @property
    def size(self):
        return self._size

    def __reduce__(self):
        return (IPCBufferDescriptor._init, (self._reserved, self._size))

    def __eq__(self, other):
        return isinstance(other, IPCBufferDescriptor) and (other._reserved, other._size) == (self._reserved, self._size)

    def __hash__(self):
        return hash((self._reserved, self._size))

    def __repr__(self):
        return "<IPCBufferDescriptor size=%d>" % self._size


class IPCAllocationHandle:
    """A shareable handle of an IPC-enabled pool: a file descriptor (``int(handle)``), closed with
    ``close()``. Pickling sends a duplicate of the descriptor (``multiprocessing.reduction.DupFd``): it works
    while multiprocessing sends it (a spawned process's arguments, a queue, a pipe)."""

    __slots__ = ("_fd", "_uuid", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("IPCAllocationHandle objects cannot be instantiated directly. Please use MemoryResource "
                           "APIs.")

    @classmethod
    def _init(cls, handle, uuid):
        fd = _utils.as_int(handle, "handle")
        if fd < 0:
            raise ValueError("Invalid allocation handle (fd) %d: must be non-negative" % fd)
        self = object.__new__(cls)
        self._fd = fd
        self._uuid = uuid
        return self

    @property
    def handle(self):
        """The file descriptor; -1 once closed (as cuda.core reads it)."""
        fd = self._fd
        return -1 if fd is None else fd

    def __int__(self):
        fd = self._fd
        if fd is None:
            raise ValueError("Cannot convert IPCAllocationHandle to int: the handle (id=%d) is closed." % id(self))
        return fd

    __index__ = __int__

    @property
    def uuid(self):
        return self._uuid

    @property
    def is_closed(self):
        return self._fd is None

    def close(self):
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def __del__(self):  # closes at once: os.close runs no Python code, imports nothing, takes no lock
        try:
            self.close()
        except Exception:
            pass

    def __reduce__(self):
        from multiprocessing import reduction

        return (_handle_from_pickle, (reduction.DupFd(int(self)), self._uuid))

    def __repr__(self):
        return "<IPCAllocationHandle fd=%r uuid=%s>" % (self._fd, self._uuid)


def _handle_from_pickle(dup, uuid):
    _utils.check_not_forked()
    return IPCAllocationHandle._init(dup.detach(), uuid)


_c_allocate()
