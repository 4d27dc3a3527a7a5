"""PinnedMemoryResource: page-locked host memory from a CUDA memory pool on a host NUMA node, reachable from the
current device (optionally shareable with other processes)."""

from __future__ import annotations

import uuid as _uuid
from typing import TYPE_CHECKING, Any, Optional

from .. import _context, _utils
from .._utils import check, check_or_create_options
from ._options import PinnedMemoryResourceOptions
from ._pool import _MemPool, pool_props

if TYPE_CHECKING:
    from .._device import Device

__all__ = ["PinnedMemoryResource", "current_device", "host_numa_id"]


def current_device() -> "Device":
    """The current device, its context made current where none is."""
    dev = _context.device(None)
    dev._ensure_current()
    return dev


def host_numa_id(dev: "Device") -> int:
    """The device's host NUMA node (CUDA 12.2+ drivers), or 0."""
    try:
        v = getattr(dev.properties, "host_numa_id")
    except (AttributeError, _utils.CUDAError):
        return 0
    return v if v >= 0 else 0


class PinnedMemoryResource(_MemPool):
    """Page-locked host memory from a CUDA memory pool on a host NUMA node, reachable from the current
    device. Where the driver has no host memory pools, use LegacyPinnedMemoryResource."""

    def __init__(self, options: Optional[PinnedMemoryResourceOptions] = None) -> None:
        opts = check_or_create_options(PinnedMemoryResourceOptions, options, "PinnedMemoryResource options")
        dev = current_device()
        drv = _utils.driver()
        numa = opts.numa_id
        if numa is None:
            numa = host_numa_id(dev)
        if numa < 0:
            raise ValueError("numa_id must be >= 0, got %d" % numa)
        props = pool_props(drv, drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA, numa, opts.ipc_enabled,
                           opts.max_size)
        err, pool = drv.cuMemPoolCreate(props)
        if err:
            raise _utils.CUDAError(err, err.name, "host memory pools are not available here (%s): use "
                                   "LegacyPinnedMemoryResource" % err.name)
        self._init_pool(pool, dev.device_id, True, bool(opts.ipc_enabled),
                        uuid=_uuid.uuid4() if opts.ipc_enabled else None)
        self._numa_id: Optional[int] = numa
        self._grant(dev.device_id)
        self._set_release_threshold(None)
        if opts.ipc_enabled:
            self.allocation_handle  # as for device pools: exported before its pointers are

    def _grant(self, device_id: int) -> None:
        drv = _utils.driver()
        d = drv.CUmemAccessDesc()
        d.location.type = drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
        d.location.id = device_id
        d.flags = drv.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE
        check(drv.cuMemPoolSetAccess(self._pool, [d], 1))

    @classmethod
    def from_allocation_handle(cls, alloc_handle: Any) -> "PinnedMemoryResource":
        """The resource of another process's pool, from its ``allocation_handle``; it maps buffers, it cannot
        allocate."""
        mr = cls._import_pool(alloc_handle, current_device().device_id)
        if not hasattr(mr, "_numa_id"):
            mr._numa_id = None  # the exporter's node, unknown here
        return mr

    @classmethod
    def _from_pickled_handle(cls, device_id: int, alloc_handle: Any) -> "PinnedMemoryResource":
        return cls.from_allocation_handle(alloc_handle)

    @property
    def numa_id(self) -> Optional[int]:
        return self._numa_id

    @property
    def device_id(self) -> int:
        return -1

    @property
    def is_device_accessible(self) -> bool:
        return True

    @property
    def is_host_accessible(self) -> bool:
        return True

    def __repr__(self) -> str:
        return "<PinnedMemoryResource numa_id=%r%s>" % (self._numa_id, " ipc" if self._ipc else "")
