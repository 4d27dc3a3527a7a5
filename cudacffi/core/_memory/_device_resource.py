"""DeviceMemoryResource: device memory from a CUDA memory pool, the device's current pool or one of its own
(optionally shareable with other processes); which other devices may reach it is ``peer_accessible_by``."""

from __future__ import annotations

import uuid as _uuid
from typing import Any, Iterable, Optional

from .. import _context, _utils
from .._utils import check, check_or_create_options
from ._checks import check_size, device_ordinal
from ._options import DeviceMemoryResourceOptions
from ._peer import PeerAccessibleBySetProxy
from ._pool import DeviceOnly, _MemPool, pool_props

__all__ = ["DeviceMemoryResource"]


class DeviceMemoryResource(DeviceOnly, _MemPool):
    """Device memory from a CUDA memory pool: ``DeviceMemoryResource(device)`` uses the device's current pool
    (not owned), ``DeviceMemoryResource(device, options)`` creates a pool of its own."""

    def __init__(self, device_id: Any, options: Optional[DeviceMemoryResourceOptions] = None) -> None:
        device_id = device_ordinal(device_id)
        drv = _utils.driver()
        _context.device(device_id)._ensure_current()
        if options is None:
            pool = check(drv.cuDeviceGetMemPool(device_id))
            self._init_pool(pool, device_id, False, False)
            threshold = drv.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD
            if int(check(drv.cuMemPoolGetAttribute(pool, threshold))) == 0:
                self._set_release_threshold(None)
            return
        opts = check_or_create_options(DeviceMemoryResourceOptions, options, "DeviceMemoryResource options")
        check_size(opts.max_size, "max_size")
        props = pool_props(drv, drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE, device_id, opts.ipc_enabled,
                           opts.max_size)
        pool = check(drv.cuMemPoolCreate(props))
        self._init_pool(pool, device_id, True, bool(opts.ipc_enabled),
                        uuid=_uuid.uuid4() if opts.ipc_enabled else None)
        self._set_release_threshold(opts.release_threshold)
        if opts.ipc_enabled:
            self.allocation_handle  # the driver exports a pool's pointers only once the pool itself is exported

    @classmethod
    def from_allocation_handle(cls, device_id: Any, alloc_handle: Any) -> "DeviceMemoryResource":
        """The resource of another process's pool, from its ``allocation_handle`` (an IPCAllocationHandle or a
        file descriptor, which stays the caller's to close); it maps buffers, it cannot allocate."""
        return cls._import_pool(alloc_handle, device_ordinal(device_id))

    @property
    def peer_accessible_by(self) -> PeerAccessibleBySetProxy:
        """The other devices that can access this pool's memory: a set you can also assign (devices or
        ordinals) or ``add``/``discard`` to."""
        return PeerAccessibleBySetProxy(self)

    @peer_accessible_by.setter
    def peer_accessible_by(self, devices: Iterable[Any]) -> None:
        PeerAccessibleBySetProxy(self)._assign(devices)

    def __repr__(self) -> str:
        return "<DeviceMemoryResource device=%d%s%s>" % (self._device_id, " ipc" if self._ipc else "",
                                                         " mapped" if self._mapped else "")
