"""VirtualMemoryResourceOptions, and the plan a VirtualMemoryResource allocates by: the options checked and turned
into the driver's terms (allocation properties, granularity query, access descriptors)."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Iterable, List, Mapping, Optional

from ..typing import (VirtualMemoryAccessType, VirtualMemoryAllocationType, VirtualMemoryGranularityType,
                      VirtualMemoryHandleType, VirtualMemoryLocationType)

__all__ = ["VirtualMemoryResourceOptions"]

_ALLOCATION_TYPES = {"pinned": "CU_MEM_ALLOCATION_TYPE_PINNED", "managed": "CU_MEM_ALLOCATION_TYPE_MANAGED"}
_LOCATION_TYPES = {"device": "CU_MEM_LOCATION_TYPE_DEVICE", "host": "CU_MEM_LOCATION_TYPE_HOST",
                   "host_numa": "CU_MEM_LOCATION_TYPE_HOST_NUMA",
                   "host_numa_current": "CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT"}
_HANDLE_TYPES = {None: "CU_MEM_HANDLE_TYPE_NONE", "posix_fd": "CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR",
                 "win32_kmt": "CU_MEM_HANDLE_TYPE_WIN32_KMT", "fabric": "CU_MEM_HANDLE_TYPE_FABRIC"}
_GRANULARITIES = {"recommended": "CU_MEM_ALLOC_GRANULARITY_RECOMMENDED", "minimum": "CU_MEM_ALLOC_GRANULARITY_MINIMUM"}
_ACCESS = {"rw": "CU_MEM_ACCESS_FLAGS_PROT_READWRITE", "r": "CU_MEM_ACCESS_FLAGS_PROT_READ", None: None}


@dataclass
class VirtualMemoryResourceOptions:
    """How a VirtualMemoryResource allocates. ``allocation_type``: "pinned" or "managed" (CUDA 13 builds);
    ``location_type``: "device", "host", "host_numa" or "host_numa_current"; ``handle_type``: the shareable
    handle the chunks can be exported as, "posix_fd", "win32_kmt", "fabric" or None; ``granularity``:
    "recommended" or "minimum" (sizes round up to it); ``gpu_direct_rdma``: chunks usable by GPUDirect RDMA;
    ``addr_hint``: an address to reserve at (0 or None: anywhere); ``addr_align``: the range's alignment
    (None: the granularity); ``peers``: device ordinals granted ``peer_access``; ``self_access``: the owner's
    access, ``peer_access`` the peers': "rw", "r" or None (none). Each string may be given as such or as the
    member of its ``cudacffi.core.typing`` enum (the defaults are members, as cuda.core's)."""

    allocation_type: str = VirtualMemoryAllocationType.PINNED
    location_type: str = VirtualMemoryLocationType.DEVICE
    handle_type: Optional[str] = VirtualMemoryHandleType.POSIX_FD
    granularity: str = VirtualMemoryGranularityType.RECOMMENDED
    gpu_direct_rdma: bool = False
    addr_hint: Optional[int] = 0
    addr_align: Optional[int] = None
    peers: Iterable[int] = field(default_factory=tuple)
    self_access: Optional[str] = VirtualMemoryAccessType.READ_WRITE
    peer_access: Optional[str] = VirtualMemoryAccessType.READ_WRITE


def _plain(value: Any) -> Any:
    """A str (a ``str`` enum member too) as the plain string it holds; anything else as it is."""
    return str.__str__(value) if isinstance(value, str) else value


def _member(drv: Any, enum_name: str, table: Mapping[Any, Optional[str]], value: Any, what: str) -> Any:
    """The driver enum member ``table`` maps ``value`` to; ValueError naming ``what`` for any other value."""
    key = _plain(value)
    if (key is not None and not isinstance(key, str)) or key not in table:
        raise ValueError("%s must be one of %s, not %r" % (what, ", ".join(repr(k) for k in table), value))
    name = table[key]
    if name is None:
        return None
    member = getattr(getattr(drv, enum_name), name, None)
    if member is None:
        raise ValueError("%s=%r needs a build from newer CUDA headers (this build: CUDA %d.%d)"
                         % (what, key, drv.CUDA_VERSION // 1000, drv.CUDA_VERSION % 1000 // 10))
    return member


def _index(value: Any) -> Optional[int]:
    """``value`` as an int through the number protocol (numpy integers too), or None; bools are no ints here."""
    if isinstance(value, bool):
        return None
    try:
        return int(operator.index(value))
    except TypeError:
        return None


def _optional_int(value: Any, what: str, minimum: int) -> Optional[int]:
    if value is None:
        return None
    number = _index(value)
    if number is None:
        raise TypeError("%s must be an int or None, not %s" % (what, type(value).__name__))
    value = number
    if value < minimum:
        raise ValueError("%s must be >= %d, got %d" % (what, minimum, value))
    return value


class _Plan:
    """A checked VirtualMemoryResourceOptions in driver terms: the allocation properties, the granularity
    query and the access descriptors."""

    def __init__(self, drv: Any, opts: VirtualMemoryResourceOptions, device_id: int) -> None:
        self.alloc_type = _member(drv, "CUmemAllocationType", _ALLOCATION_TYPES, opts.allocation_type,
                                  "allocation_type")
        self.location_type = _member(drv, "CUmemLocationType", _LOCATION_TYPES, opts.location_type, "location_type")
        self.location = _plain(opts.location_type)
        self.handle_type = _member(drv, "CUmemAllocationHandleType", _HANDLE_TYPES, opts.handle_type, "handle_type")
        self.granularity = _member(drv, "CUmemAllocationGranularity_flags", _GRANULARITIES, opts.granularity,
                                   "granularity")
        self.self_access = _member(drv, "CUmemAccess_flags", _ACCESS, opts.self_access, "self_access")
        self.peer_access = _member(drv, "CUmemAccess_flags", _ACCESS, opts.peer_access, "peer_access")
        if not isinstance(opts.gpu_direct_rdma, bool):
            raise TypeError("gpu_direct_rdma must be a bool, not %s" % type(opts.gpu_direct_rdma).__name__)
        self.rdma = opts.gpu_direct_rdma
        self.addr_hint = _optional_int(opts.addr_hint, "addr_hint", 0) or 0
        self.addr_align = _optional_int(opts.addr_align, "addr_align", 0) or None
        if self.addr_align is not None and self.addr_align & (self.addr_align - 1):
            raise ValueError("addr_align must be a power of two, got %d" % self.addr_align)
        if isinstance(opts.peers, (str, bytes)):
            raise TypeError("peers must be an iterable of device ordinals, not %s" % type(opts.peers).__name__)
        try:
            self.peers = tuple(opts.peers)
        except TypeError:
            raise TypeError("peers must be an iterable of device ordinals, not %s"
                            % type(opts.peers).__name__) from None
        peers: Any = tuple(_index(p) for p in self.peers)
        for p, given in zip(peers, self.peers):
            if p is None or p < 0:
                raise ValueError("peers must hold device ordinals (ints >= 0), got %r" % (given,))
        self.peers = peers
        self.location_id = device_id if self.location == "device" else 0
        self._drv = drv

    def prop(self, numa_id: int) -> Any:
        drv = self._drv
        prop = drv.CUmemAllocationProp()
        prop.type = self.alloc_type
        prop.location.type = self.location_type
        prop.location.id = numa_id if self.location == "host_numa" else self.location_id
        prop.allocFlags.gpuDirectRDMACapable = 1 if self.rdma else 0
        prop.requestedHandleTypes = self.handle_type
        return prop

    def access(self, prop: Any) -> List[Any]:
        """The access descriptors: the owner (the allocation's location) and every peer device."""
        drv = self._drv
        descs = []
        if self.self_access is not None:
            d = drv.CUmemAccessDesc()
            d.location.type = prop.location.type
            d.location.id = prop.location.id
            d.flags = self.self_access
            descs.append(d)
        if self.peer_access is not None:
            for peer in self.peers:
                d = drv.CUmemAccessDesc()
                d.location.type = drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
                d.location.id = peer
                d.flags = self.peer_access
                descs.append(d)
        return descs
