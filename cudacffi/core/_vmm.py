"""VirtualMemoryResource: memory from CUDA's virtual memory management (VMM) calls. Each buffer is a virtual
address range of its own (``cuMemAddressReserve``) backed by physical chunks (``cuMemCreate``) mapped into it
(``cuMemMap``) and made accessible (``cuMemSetAccess``); ``modify_allocation`` grows a buffer by mapping
more chunks, behind the range where the driver can extend it (the address stays), else into a larger new
range onto which the existing chunks are remapped (the contents stay, the address changes).

Each chunk's creation reference is dropped once it is mapped, so unmapping a range frees its memory: the
resource keeps only the mappings and reservations of each live buffer. Every step of an allocation or a
growth is undone if a later one fails. All of it is synchronous: ``stream`` arguments are checked and, on
free, waited for.
"""

import operator
from dataclasses import dataclass, field
from typing import Iterable, Optional

from . import _utils
from ._memory import Buffer, MemoryResource, _check_size
from ._utils import check, check_or_create_options
from .typing import (VirtualMemoryAccessType, VirtualMemoryAllocationType, VirtualMemoryGranularityType,
                     VirtualMemoryHandleType, VirtualMemoryLocationType)

__all__ = ["VirtualMemoryResource", "VirtualMemoryResourceOptions"]

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


def _plain(value):
    """A str (a ``str`` enum member too) as the plain string it holds; anything else as it is."""
    return str.__str__(value) if isinstance(value, str) else value


def _member(drv, enum_name, table, value, what):
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


def _index(value):
    """``value`` as an int through the number protocol (numpy integers too), or None; bools are no ints here."""
    if isinstance(value, bool):
        return None
    try:
        return int(operator.index(value))
    except TypeError:
        return None


def _optional_int(value, what, minimum):
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

    def __init__(self, drv, opts, device_id):
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
        peers = tuple(_index(p) for p in self.peers)
        for p, given in zip(peers, self.peers):
            if p is None or p < 0:
                raise ValueError("peers must hold device ordinals (ints >= 0), got %r" % (given,))
        self.peers = peers
        self.location_id = device_id if self.location == "device" else 0
        self._drv = drv

    def prop(self, numa_id):
        drv = self._drv
        prop = drv.CUmemAllocationProp()
        prop.type = self.alloc_type
        prop.location.type = self.location_type
        prop.location.id = numa_id if self.location == "host_numa" else self.location_id
        prop.allocFlags.gpuDirectRDMACapable = 1 if self.rdma else 0
        prop.requestedHandleTypes = self.handle_type
        return prop

    def access(self, prop):
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


class _Undo:
    """``with _Undo() as undo:`` steps register their inverse with ``undo(fn, *args)``; an exception runs the
    inverses, latest first (their own failures ignored), then propagates."""

    def __enter__(self):
        self._steps = []
        return self

    def __call__(self, fn, *args):
        self._steps.append((fn, args))

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            for fn, args in reversed(self._steps):
                try:
                    fn(*args)
                except Exception:
                    pass
        return False


def _round_up(size, granularity):
    return (size + granularity - 1) // granularity * granularity


class _Range:
    """A live buffer's address space: its reservations and its mappings, each (address, bytes)."""

    __slots__ = ("reserved", "mapped")

    def __init__(self):
        self.reserved = []
        self.mapped = []

    @property
    def mapped_size(self):
        return sum(size for _, size in self.mapped)


class VirtualMemoryResource(MemoryResource):
    """Device (or host) memory through CUDA's VMM calls, configured by VirtualMemoryResourceOptions; buffers
    can grow with ``modify_allocation``. Sizes round up to the allocation granularity (a buffer's ``size``
    is the rounded size)."""

    def __init__(self, device_id, config=None):
        from ._device import Device

        device = Device(device_id)
        opts = check_or_create_options(VirtualMemoryResourceOptions, config, "VirtualMemoryResource options")
        drv = _utils.driver()
        self._plan = _Plan(drv, opts, device.device_id)
        self.config = opts
        self.device = device
        if not device.properties.virtual_memory_management_supported:
            raise RuntimeError("VirtualMemoryResource needs a device with virtual memory management (device %d has "
                               "none)" % device.device_id)
        if opts.gpu_direct_rdma and not device.properties.gpu_direct_rdma_supported:
            raise RuntimeError("gpu_direct_rdma: device %d does not support GPUDirect RDMA" % device.device_id)
        self._ranges = {}  # base address -> _Range

    # -- facts -----------------------------------------------------------------------------------------------
    @property
    def device_id(self):
        """The device, or -1 where the memory is on the host."""
        return self.device.device_id if self._plan.location == "device" else -1

    @property
    def is_device_accessible(self):
        return self._plan.location == "device"

    @property
    def is_host_accessible(self):
        return self._plan.location != "device"

    def __repr__(self):
        return "<VirtualMemoryResource device=%d location=%s>" % (self.device.device_id, self._plan.location)

    # -- allocation ------------------------------------------------------------------------------------------
    def _prop_and_granularity(self, plan):
        numa = 0
        if plan.location == "host_numa":
            numa = max(int(getattr(self.device.properties, "host_numa_id", 0) or 0), 0)
        prop = plan.prop(numa)
        granularity = int(check(_utils.driver().cuMemGetAllocationGranularity(prop, plan.granularity)))
        return prop, granularity

    def _map_chunk(self, undo, prop, address, size):
        """Back ``size`` bytes at ``address`` with a new physical chunk (its reference then held by the mapping
        alone)."""
        drv = _utils.driver()
        handle = check(drv.cuMemCreate(size, prop, 0))
        try:
            check(drv.cuMemMap(address, size, 0, handle, 0))
        finally:
            check(drv.cuMemRelease(handle))
        undo(drv.cuMemUnmap, address, size)

    def _grant(self, plan, prop, address, size):
        descs = plan.access(prop)
        if descs:
            check(_utils.driver().cuMemSetAccess(address, size, descs, len(descs)))

    def allocate(self, size, *, stream=None):
        """A Buffer of ``size`` bytes rounded up to the granularity, in a virtual range of its own."""
        size = _check_size(size)
        if stream is not None:
            _utils.stream_handle(stream)
        self.device._ensure_current()
        if size == 0:
            return Buffer._make(0, 0, self)
        plan = self._plan
        prop, granularity = self._prop_and_granularity(plan)
        size = _round_up(size, granularity)
        drv = _utils.driver()
        rng = _Range()
        with _Undo() as undo:
            base = int(check(drv.cuMemAddressReserve(size, plan.addr_align or granularity, plan.addr_hint, 0)))
            undo(drv.cuMemAddressFree, base, size)
            self._map_chunk(undo, prop, base, size)
            self._grant(plan, prop, base, size)
        rng.reserved.append((base, size))
        rng.mapped.append((base, size))
        self._ranges[base] = rng
        return Buffer._make(base, size, self)

    def deallocate(self, ptr, size, *, stream=None):
        """Unmap and free the range of the buffer at ``ptr`` (after ``stream``'s work where given)."""
        ptr = int(ptr)
        if not ptr:
            return
        rng = self._ranges.get(ptr)
        if rng is None:
            raise ValueError("0x%x is not a live allocation of this VirtualMemoryResource" % ptr)
        drv = _utils.driver()
        if stream is not None:
            check(drv.cuStreamSynchronize(_utils.stream_handle(stream)))
        del self._ranges[ptr]
        for address, length in rng.mapped:
            check(drv.cuMemUnmap(address, length))
        for address, length in rng.reserved:
            check(drv.cuMemAddressFree(address, length))

    def modify_allocation(self, buf, new_size, config=None):
        """Grow ``buf`` (of this resource) to ``new_size`` bytes, returning it: its address stays where the
        driver can extend its range, else its contents move to a larger new range (``buf.handle`` changes).
        A ``new_size`` at or below the mapped size maps nothing (the size is kept, as the memory is); a
        ``config`` replaces the resource's options first, and its access flags are applied to the buffer."""
        if not isinstance(buf, Buffer):
            raise TypeError("buf must be a Buffer, not %s" % type(buf).__name__)
        if buf.is_closed:
            raise ValueError("buf is closed")
        new_size = _check_size(new_size, "new_size")
        rng = self._ranges.get(buf.handle) if buf.memory_resource is self else None
        if rng is None:
            raise ValueError("buf was not allocated by this VirtualMemoryResource")
        if config is not None:
            opts = check_or_create_options(VirtualMemoryResourceOptions, config, "VirtualMemoryResource options")
            self._plan = _Plan(_utils.driver(), opts, self.device.device_id)
            self.config = opts
        self.device._ensure_current()
        plan = self._plan
        prop, granularity = self._prop_and_granularity(plan)
        have = rng.mapped_size
        total = _round_up(new_size, granularity)
        if total <= have:
            self._grant(plan, prop, buf.handle, have)
            if new_size > buf.size:
                buf._resize(buf.handle, new_size)
            return buf
        if self._extend(rng, buf.handle, have, total - have, prop, plan, granularity):
            address = buf.handle
        else:
            address = self._move(rng, buf.handle, have, total - have, prop, plan, granularity)
        buf._resize(address, new_size)
        return buf

    def _extend(self, rng, base, have, extra, prop, plan, granularity):
        """Map ``extra`` bytes right behind the range; False where the driver cannot reserve them there."""
        drv = _utils.driver()
        wanted = base + have
        err, got = drv.cuMemAddressReserve(extra, plan.addr_align or granularity, wanted, 0)
        if err:
            return False
        if int(got) != wanted:
            check(drv.cuMemAddressFree(got, extra))
            return False
        with _Undo() as undo:
            undo(drv.cuMemAddressFree, wanted, extra)
            self._map_chunk(undo, prop, wanted, extra)
            self._grant(plan, prop, wanted, extra)
        rng.reserved.append((wanted, extra))
        rng.mapped.append((wanted, extra))
        return True

    def _move(self, rng, base, have, extra, prop, plan, granularity):
        """Remap the chunks of the range at ``base`` to the start of a new range of ``have + extra`` bytes and
        map a new chunk after them; then let go of the old range. Returns the new range's address."""
        drv = _utils.driver()
        total = have + extra
        moved = _Range()
        with _Undo() as undo:
            new = int(check(drv.cuMemAddressReserve(total, plan.addr_align or granularity, 0, 0)))
            undo(drv.cuMemAddressFree, new, total)
            for address, length in rng.mapped:
                handle = check(drv.cuMemRetainAllocationHandle(address))
                try:
                    check(drv.cuMemMap(new + (address - base), length, 0, handle, 0))
                finally:
                    check(drv.cuMemRelease(handle))
                undo(drv.cuMemUnmap, new + (address - base), length)
                moved.mapped.append((new + (address - base), length))
            self._map_chunk(undo, prop, new + have, extra)
            moved.mapped.append((new + have, extra))
            self._grant(plan, prop, new, total)
        moved.reserved.append((new, total))
        for address, length in rng.mapped:
            check(drv.cuMemUnmap(address, length))
        for address, length in rng.reserved:
            check(drv.cuMemAddressFree(address, length))
        del self._ranges[base]
        self._ranges[new] = moved
        return new
