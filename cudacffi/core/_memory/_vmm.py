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

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Literal, Optional, Tuple, Type

from .. import _context, _utils
from .._stream import stream_handle
from .._utils import check, check_or_create_options
from ._buffer import Buffer
from ._checks import check_size
from ._resource import MemoryResource
from ._vmm_options import VirtualMemoryResourceOptions, _Plan

if TYPE_CHECKING:
    from .._device import Device

__all__ = ["VirtualMemoryResource", "VirtualMemoryResourceOptions"]


class _Undo:
    """``with _Undo() as undo:`` steps register their inverse with ``undo(fn, *args)``; an exception runs the
    inverses, latest first (their own failures ignored), then propagates."""

    def __enter__(self) -> "_Undo":
        self._steps: List[Tuple[Callable[..., Any], Tuple[Any, ...]]] = []
        return self

    def __call__(self, fn: Callable[..., Any], *args: Any) -> None:
        self._steps.append((fn, args))

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> Literal[False]:
        if exc_type is not None:
            for fn, args in reversed(self._steps):
                try:
                    fn(*args)
                except Exception:
                    pass
        return False


def _round_up(size: int, granularity: int) -> int:
    return (size + granularity - 1) // granularity * granularity


class _Range:
    """A live buffer's address space: its reservations and its mappings, each (address, bytes)."""

    __slots__ = ("reserved", "mapped")

    def __init__(self) -> None:
        self.reserved: List[Tuple[int, int]] = []
        self.mapped: List[Tuple[int, int]] = []

    @property
    def mapped_size(self) -> int:
        return sum(size for _, size in self.mapped)


class VirtualMemoryResource(MemoryResource):
    """Device (or host) memory through CUDA's VMM calls, configured by VirtualMemoryResourceOptions; buffers
    can grow with ``modify_allocation``. Sizes round up to the allocation granularity (a buffer's ``size``
    is the rounded size)."""

    def __init__(self, device_id: Any, config: Optional[VirtualMemoryResourceOptions] = None) -> None:
        device = _context.device(device_id)
        opts = check_or_create_options(VirtualMemoryResourceOptions, config, "VirtualMemoryResource options")
        drv = _utils.driver()
        self._plan = _Plan(drv, opts, device.device_id)
        self.config = opts
        self.device: "Device" = device
        if not device.properties.virtual_memory_management_supported:
            raise RuntimeError("VirtualMemoryResource needs a device with virtual memory management (device %d has "
                               "none)" % device.device_id)
        if opts.gpu_direct_rdma and not device.properties.gpu_direct_rdma_supported:
            raise RuntimeError("gpu_direct_rdma: device %d does not support GPUDirect RDMA" % device.device_id)
        self._ranges: Dict[int, _Range] = {}  # base address -> _Range

    # -- facts -----------------------------------------------------------------------------------------------
    @property
    def device_id(self) -> int:
        """The device, or -1 where the memory is on the host."""
        return self.device.device_id if self._plan.location == "device" else -1

    @property
    def is_device_accessible(self) -> bool:
        return self._plan.location == "device"

    @property
    def is_host_accessible(self) -> bool:
        return self._plan.location != "device"

    def __repr__(self) -> str:
        return "<VirtualMemoryResource device=%d location=%s>" % (self.device.device_id, self._plan.location)

    # -- allocation ------------------------------------------------------------------------------------------
    def _prop_and_granularity(self, plan: _Plan) -> Tuple[Any, int]:
        numa = 0
        if plan.location == "host_numa":
            numa = max(int(getattr(self.device.properties, "host_numa_id", 0) or 0), 0)
        prop = plan.prop(numa)
        granularity = int(check(_utils.driver().cuMemGetAllocationGranularity(prop, plan.granularity)))
        return prop, granularity

    def _map_chunk(self, undo: _Undo, prop: Any, address: int, size: int) -> None:
        """Back ``size`` bytes at ``address`` with a new physical chunk (its reference then held by the mapping
        alone)."""
        drv = _utils.driver()
        handle = check(drv.cuMemCreate(size, prop, 0))
        try:
            check(drv.cuMemMap(address, size, 0, handle, 0))
        finally:
            check(drv.cuMemRelease(handle))
        undo(drv.cuMemUnmap, address, size)

    def _grant(self, plan: _Plan, prop: Any, address: int, size: int) -> None:
        descs = plan.access(prop)
        if descs:
            check(_utils.driver().cuMemSetAccess(address, size, descs, len(descs)))

    def allocate(self, size: int, *, stream: Any = None) -> Buffer:
        """A Buffer of ``size`` bytes rounded up to the granularity, in a virtual range of its own."""
        size = check_size(size)
        if stream is not None:
            stream_handle(stream)
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

    def deallocate(self, ptr: int, size: int, *, stream: Any = None) -> None:
        """Unmap and free the range of the buffer at ``ptr`` (after ``stream``'s work where given)."""
        ptr = int(ptr)
        if not ptr:
            return
        rng = self._ranges.get(ptr)
        if rng is None:
            raise ValueError("0x%x is not a live allocation of this VirtualMemoryResource" % ptr)
        drv = _utils.driver()
        if stream is not None:
            check(drv.cuStreamSynchronize(stream_handle(stream)))
        del self._ranges[ptr]
        for address, length in rng.mapped:
            check(drv.cuMemUnmap(address, length))
        for address, length in rng.reserved:
            check(drv.cuMemAddressFree(address, length))

    def modify_allocation(self, buf: Buffer, new_size: int,
                          config: Optional[VirtualMemoryResourceOptions] = None) -> Buffer:
        """Grow ``buf`` (of this resource) to ``new_size`` bytes, returning it: its address stays where the
        driver can extend its range, else its contents move to a larger new range (``buf.handle`` changes).
        A ``new_size`` at or below the mapped size maps nothing (the size is kept, as the memory is); a
        ``config`` replaces the resource's options first, and its access flags are applied to the buffer."""
        if not isinstance(buf, Buffer):
            raise TypeError("buf must be a Buffer, not %s" % type(buf).__name__)
        if buf.is_closed:
            raise ValueError("buf is closed")
        new_size = check_size(new_size, "new_size")
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

    def _extend(self, rng: _Range, base: int, have: int, extra: int, prop: Any, plan: _Plan,
                granularity: int) -> bool:
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

    def _move(self, rng: _Range, base: int, have: int, extra: int, prop: Any, plan: _Plan,
              granularity: int) -> int:
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
