"""The base of the resources on a CUDA memory pool (``_MemPool``): stream-ordered allocation
(``cuMemAllocFromPoolAsync`` / ``cuMemFreeAsync``, its common case made in C on CPython), the pool's facts and
attributes, its closing, and its sharing with other processes (IPC, Linux).

A pool this package opens for a device keeps freed memory for reuse (release threshold: unlimited, where the
driver's default of 0 would hand memory back to the OS at every synchronization), as cuda.core does.

IPC: a resource made with ``ipc_enabled=True`` exports ``allocation_handle`` (a file descriptor); another process
opens it with ``from_allocation_handle`` and maps buffers from their ``ipc_descriptor``. Resources pickle as their
class, device and allocation handle (see ``_ipc``).
"""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any, List, Optional
from uuid import UUID

from ... import _direct
from ... import driver as _drv
from .. import _context, _release, _utils
from .._stream import Stream, stream_handle
from .._utils import check
from ._buffer import Buffer, new_buffer
from ._checks import check_size, raise_status, stream_or_default
from ._ipc import IPCAllocationHandle, IPCBufferDescriptor
from ._resource import MemoryResource

if TYPE_CHECKING:
    from ..typing import IsStreamType  # noqa: F401

__all__ = ["DeviceOnly", "destroy_pool", "pool_props"]

_UNLIMITED = (1 << 64) - 1

# [alloc(size, pool, stream) -> (status, ptr), free(ptr, stream) -> (status,)] of plain ints: cuMemAllocFromPoolAsync
# and cuMemFreeAsync, bound on first use (see _direct.pool_calls)
_CALLS: List[Any] = []


def _bind() -> List[Any]:
    drv = _utils.driver()  # cuInit done, as every first call into the driver makes sure
    _CALLS[:] = _direct.pool_calls(drv.cuMemAllocFromPoolAsync, drv.cuMemFreeAsync)
    return _CALLS


class _MemPoolAttributes:
    """A pool's attributes (cuMemPoolGetAttribute), read when asked; ``repr`` lists them all, as cuda.core's."""

    __slots__ = ("_pool",)
    _pool: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("_MemPoolAttributes cannot be instantiated directly. Please use MemoryResource APIs.")

    @classmethod
    def _init(cls, pool: Any) -> "_MemPoolAttributes":
        self = object.__new__(cls)
        self._pool = pool
        return self

    def _get(self, name: str) -> int:
        drv = _utils.driver()
        attr = getattr(drv.CUmemPool_attribute, "CU_MEMPOOL_ATTR_" + name)
        value = check(drv.cuMemPoolGetAttribute(self._pool, attr))
        return int(value)

    @property
    def reuse_follow_event_dependencies(self) -> bool:
        return bool(self._get("REUSE_FOLLOW_EVENT_DEPENDENCIES"))

    @property
    def reuse_allow_opportunistic(self) -> bool:
        return bool(self._get("REUSE_ALLOW_OPPORTUNISTIC"))

    @property
    def reuse_allow_internal_dependencies(self) -> bool:
        return bool(self._get("REUSE_ALLOW_INTERNAL_DEPENDENCIES"))

    @property
    def release_threshold(self) -> int:
        return self._get("RELEASE_THRESHOLD")

    @property
    def reserved_mem_current(self) -> int:
        return self._get("RESERVED_MEM_CURRENT")

    @property
    def reserved_mem_high(self) -> int:
        return self._get("RESERVED_MEM_HIGH")

    @property
    def used_mem_current(self) -> int:
        return self._get("USED_MEM_CURRENT")

    @property
    def used_mem_high(self) -> int:
        return self._get("USED_MEM_HIGH")

    def __repr__(self) -> str:
        names = sorted(n for n in dir(type(self)) if not n.startswith("_"))
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%s" % (n, getattr(self, n)) for n in names))


class DeviceOnly:
    """The accessibility of a resource whose memory is one device's alone (``_device_id``)."""

    _device_id: int

    @property
    def device_id(self) -> int:
        return self._device_id

    @property
    def is_device_accessible(self) -> bool:
        return True

    @property
    def is_host_accessible(self) -> bool:
        return False


class _MemPool(MemoryResource):
    """A memory resource on a CUDA memory pool."""

    _registry: "weakref.WeakValueDictionary[UUID, _MemPool]" = weakref.WeakValueDictionary()  # uuid -> mapped
    _registry_lock = threading.Lock()  # resource of this process, while it lives

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Buffer.close makes the frees of a class whose deallocate is this one; a subclass's own, close calls
        cls._pool_calls = _CALLS if cls.deallocate is _MemPool.deallocate else None

    def _init_pool(self, pool: Any, device_id: int, owned: bool, ipc: bool, mapped: bool = False,
                   uuid: Optional[UUID] = None) -> None:
        self._pool = pool
        self._ph = int(pool) if pool is not None else 0
        self._device_id = device_id
        self._owned = owned
        self._ipc = ipc
        self._mapped = mapped
        self._uuid = uuid
        self._alloc_handle: Optional[IPCAllocationHandle] = None
        self._closed = False
        self._refuses = mapped  # allocate() takes its checked path: a mapped pool, or a closed one

    def _live_pool(self) -> Any:
        if self._closed:
            raise RuntimeError("%s has been closed" % type(self).__name__)  # as cuda.core's
        return self._pool

    # -- allocation ------------------------------------------------------------------------------------------
    def allocate(self, size: int, *, stream: Optional[IsStreamType] = None) -> Buffer:
        """A Buffer of ``size`` bytes, allocated in stream order on ``stream`` (beyond cuda.core: None means the
        device's default stream), which also orders its free."""
        if stream.__class__ is Stream and stream._handle is not None:  # the common case: a Stream
            h = stream._h
        else:
            h = self._stream_h(stream)
        if size.__class__ is not int or size <= 0 or self._refuses:
            return self._allocate_checked(size, stream, h)
        err, ptr = (_CALLS or _bind())[0](size, self._ph, h)  # (status, the device pointer), as ints
        if err:
            raise_status(err)
        return new_buffer(ptr, size, self, stream)

    # the common case (a positive int size, a live Stream, a pool that allocates) in C, where it can be
    allocate = _direct.pool_allocate_in_c(allocate, Stream, new_buffer, raise_status) or allocate

    def _allocate_checked(self, size: Any, stream: Any, h: int) -> Buffer:
        size = check_size(size)
        if self._mapped:
            raise TypeError("Cannot allocate from a mapped IPC-enabled memory resource: a resource mapped from "
                            "another process only imports buffers (Buffer.from_ipc_descriptor)")
        self._live_pool()
        if size == 0:
            return Buffer._make(0, 0, self, stream)
        return self.allocate(int(size), stream=stream)

    def _stream_h(self, stream: Any) -> int:
        return stream_or_default(None, self._device_id) if stream is None else stream_handle(stream)

    def deallocate(self, ptr: int, size: int, *, stream: Optional[IsStreamType] = None) -> None:
        """Free ``ptr`` in stream order on ``stream`` (None: the device's default stream)."""
        if not ptr:
            return
        if stream.__class__ is Stream and stream._handle is not None:
            h = stream._h
        else:
            h = self._stream_h(stream)
        err, = (_CALLS or _bind())[1](ptr, h)
        if err:
            raise_status(err)

    # -- facts -----------------------------------------------------------------------------------------------
    # once closed, a resource reads as cuda.core's does: handle CUmemoryPool(0), not owned, not IPC-enabled
    @property
    def handle(self) -> Optional[_drv.CUmemoryPool]:
        """The ``driver.CUmemoryPool`` (``CUmemoryPool(0)`` once closed)."""
        if self._closed and self._pool is not None:
            return _utils.driver().CUmemoryPool(0)
        return self._pool

    @property
    def attributes(self) -> _MemPoolAttributes:
        """The pool's attributes (one object per resource, as cuda.core's), read when asked."""
        pool = self._live_pool()
        found = self.__dict__.get("_attributes")
        if found is None:
            found = self._attributes = _MemPoolAttributes._init(pool)
        return found

    @property
    def is_handle_owned(self) -> bool:
        return self._owned and not self._closed

    @property
    def is_ipc_enabled(self) -> bool:
        return self._ipc and not self._closed

    @property
    def is_mapped(self) -> bool:
        return self._mapped and not self._closed

    @property
    def is_closed(self) -> bool:
        return self._closed

    @property
    def uuid(self) -> Optional[UUID]:
        return None if self._closed else self._uuid

    @property
    def is_managed(self) -> bool:
        return False

    def close(self) -> None:
        """Let go of the pool: an owned pool is destroyed (its memory goes back once its buffers are freed);
        ``deallocate`` keeps working for buffers still out."""
        if self._closed:
            return
        self._closed = self._refuses = True
        if self._alloc_handle is not None:
            self._alloc_handle.close()
        if self._owned:
            check(_utils.driver().cuMemPoolDestroy(self._pool))

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        if getattr(self, "_closed", True):
            return
        self._closed = self._refuses = True
        if self._alloc_handle is not None:
            self._alloc_handle.close()  # a file descriptor: os.close, no Python code
        if self._owned:
            _defer(destroy_pool, self._pool)

    def _set_release_threshold(self, threshold: Optional[int]) -> None:
        drv = _utils.driver()
        check(drv.cuMemPoolSetAttribute(self._pool, drv.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                        drv.cuuint64_t(_UNLIMITED if threshold is None else threshold)))

    # -- IPC -------------------------------------------------------------------------------------------------
    @property
    def allocation_handle(self) -> IPCAllocationHandle:
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

    def register(self, uuid: UUID) -> "_MemPool":
        """Enter this mapped resource in the process's registry under ``uuid``; returns the one registered
        before under it, if any."""
        with _MemPool._registry_lock:
            return _MemPool._registry.setdefault(uuid, self)

    @staticmethod
    def from_registry(uuid: UUID) -> "_MemPool":
        """The mapped resource registered under ``uuid`` (RuntimeError where none is, or it was let go)."""
        try:
            return _MemPool._registry[uuid]
        except KeyError:
            raise RuntimeError("Memory resource %s was not found" % (uuid,)) from None

    @classmethod
    def _import_pool(cls, alloc_handle: Any, device_id: int) -> Any:
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
        _context.device(device_id)._ensure_current()
        drv = _utils.driver()
        pool = check(drv.cuMemPoolImportFromShareableHandle(
            fd, drv.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0))
        self = object.__new__(cls)
        self._init_pool(pool, device_id, True, True, mapped=True, uuid=uuid)
        return self.register(uuid) if uuid is not None else self

    @classmethod
    def _from_pickled_handle(cls, device_id: int, alloc_handle: IPCAllocationHandle) -> Any:
        """The resource a pickle of an IPC-enabled resource of this class maps (``from_allocation_handle``)."""
        return cls.from_allocation_handle(device_id, alloc_handle)  # type: ignore[attr-defined]

    def _export_pointer(self, ptr: int, size: int) -> IPCBufferDescriptor:
        data = check(_utils.driver().cuMemPoolExportPointer(ptr))
        return IPCBufferDescriptor._init(bytes(bytearray(b & 0xFF for b in data.reserved)), size)

    def _import_pointer(self, descriptor: Any, stream: Any) -> Buffer:
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
            stream_handle(stream)
        return Buffer._make(int(ptr), descriptor.size, self, stream, ipc=descriptor)

    def __reduce__(self) -> Any:
        self._live_pool()
        if not self._ipc:
            raise TypeError("only an IPC-enabled memory resource can be pickled (its pool is shared through a "
                            "file descriptor)")
        return (_resource_from_pickle, (type(self), self._device_id, self.allocation_handle))


def _resource_from_pickle(cls: Any, device_id: int, alloc_handle: IPCAllocationHandle) -> Any:
    mr = cls._from_pickled_handle(device_id, alloc_handle)
    if mr._alloc_handle is None:
        mr._alloc_handle = alloc_handle  # the received duplicate is the mapped resource's to close
    else:
        alloc_handle.close()  # this process had mapped the pool already
    return mr


def pool_props(drv: Any, location_type: Any, location_id: int, ipc: bool, max_size: int) -> Any:
    """The ``CUmemPoolProps`` of a pinned-allocation pool at a location, shareable by file descriptor where ``ipc``."""
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


def destroy_pool(pool: Any) -> None:
    """Destroy a pool this process owns (a finalizer's queued release)."""
    check(_utils.driver().cuMemPoolDestroy(pool))
