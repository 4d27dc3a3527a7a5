"""ManagedMemoryResource: managed (unified) memory, reachable from the host and every device, as ManagedBuffers;
from a stream-ordered managed memory pool with a CUDA 13 build and driver, else from ``cuMemAllocManaged``."""

from __future__ import annotations

from typing import Any, Optional, Tuple

from .. import _utils
from .._stream import stream_handle
from .._utils import check, check_or_create_options
from ..typing import ManagedMemoryLocationType
from ._checks import check_size
from ._locations import located
from ._managed import ManagedBuffer
from ._options import ManagedMemoryResourceOptions, as_optional_integer
from ._pinned import current_device, host_numa_id
from ._pool import _MemPool, _MemPoolAttributes, pool_props

__all__ = ["ManagedMemoryResource"]

Preference = Optional[Tuple[str, Optional[int]]]


def _managed_preference(opts: ManagedMemoryResourceOptions) -> Preference:
    """The (kind, id) a ManagedMemoryResourceOptions prefers, or None: kind "device" (id: ordinal), "host"
    (id: None) or "host_numa" (id: NUMA node; None there means the current device's host node)."""
    kind, loc = opts.preferred_location_type, opts.preferred_location
    loc = as_optional_integer(loc, "preferred_location")  # options assigned to by-passing their checks
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


def _managed_pools(drv: Any) -> bool:
    """Whether managed memory comes from pools here: a CUDA 13 build on a CUDA 13 driver."""
    return hasattr(drv, "cuMemGetMemPool") and int(check(drv.cuDriverGetVersion())) >= 13000


class ManagedMemoryResource(_MemPool):
    """Managed (unified) memory, reachable from the host and every device; ``allocate`` returns a
    ManagedBuffer. With a CUDA 13 build and driver it is a stream-ordered managed memory pool: with no
    options, the current managed pool (not owned); with options, a pool of its own whose location is the
    preferred one. Elsewhere (or where the driver refuses managed pools) it allocates with
    ``cuMemAllocManaged`` (synchronous; ``handle`` is None) and gives the preferred location as advice.
    ``preferred_location``: ``(kind, id)`` with kind "device", "host" or "host_numa", or None."""

    def __init__(self, options: Optional[ManagedMemoryResourceOptions] = None) -> None:
        opts = check_or_create_options(ManagedMemoryResourceOptions, options, "ManagedMemoryResource options")
        preferred = _managed_preference(opts)
        dev = current_device()
        if preferred is not None and preferred[0] == "host_numa" and preferred[1] is None:
            preferred = ("host_numa", host_numa_id(dev))
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

    def _managed_pool(self, drv: Any, own: bool) -> Any:
        """A managed pool at the preferred location (a new one where ``own``, else the current one), or None
        where the driver has none to give."""
        types = drv.CUmemLocationType
        kind, ident = self._preferred if self._preferred is not None else (None, 0)
        loc_type = {None: 0, "device": types.CU_MEM_LOCATION_TYPE_DEVICE,  # 0: CU_MEM_LOCATION_TYPE_NONE
                    "host": types.CU_MEM_LOCATION_TYPE_HOST, "host_numa": types.CU_MEM_LOCATION_TYPE_HOST_NUMA}[kind]
        managed = drv.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_MANAGED
        if own:
            props = pool_props(drv, loc_type, ident or 0, False, 0)
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

    def allocate(self, size: int, *, stream: Any = None) -> ManagedBuffer:
        """A ManagedBuffer of ``size`` bytes: stream-ordered on ``stream`` (None: the device's default stream)
        from a pool, synchronous from ``cuMemAllocManaged``."""
        size = check_size(size)
        if self._pool is None:
            return self._allocate_unpooled(size, stream)
        h = self._stream_h(stream)
        pool = self._live_pool()
        if not size:
            return ManagedBuffer._make(0, 0, self, stream)
        ptr = check(_utils.driver().cuMemAllocFromPoolAsync(size, pool, h))
        return ManagedBuffer._make(int(ptr), size, self, stream)

    def _allocate_unpooled(self, size: int, stream: Any) -> ManagedBuffer:
        if self._closed:
            raise RuntimeError("%s has been closed" % type(self).__name__)
        if stream is not None:
            stream_handle(stream)
        if not size:
            return ManagedBuffer._make(0, 0, self, stream)
        drv = _utils.driver()
        ptr = int(check(drv.cuMemAllocManaged(size, int(drv.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL))))
        buf = ManagedBuffer._make(ptr, size, self, stream)
        if self._preferred is not None:
            try:
                buf.preferred_location = located(*self._preferred)  # a Device, Host(numa_id=...) or Host()
            except BaseException:
                buf.close()
                raise
        return buf

    def deallocate(self, ptr: int, size: int, *, stream: Any = None) -> None:
        """Free ``ptr``: in stream order on ``stream`` for a pool, else after ``stream`` (where given) is done."""
        if not ptr:
            return
        if self._pool is not None:
            _MemPool.deallocate(self, ptr, size, stream=stream)
            return
        if stream is not None:
            check(_utils.driver().cuStreamSynchronize(stream_handle(stream)))
        check(_utils.driver().cuMemFree(ptr))

    @property
    def attributes(self) -> _MemPoolAttributes:
        """The pool's attributes (RuntimeError where the memory comes from cuMemAllocManaged)."""
        if self._pool is None:
            raise RuntimeError("this ManagedMemoryResource has no memory pool (managed pools need a CUDA 13 build "
                               "and driver): its memory comes from cuMemAllocManaged")
        return _MemPool.attributes.fget(self)  # type: ignore[attr-defined]

    @property
    def preferred_location(self) -> Optional[Tuple[ManagedMemoryLocationType, Optional[int]]]:
        """None (the driver decides) or ``(kind, id)``: kind a ManagedMemoryLocationType ("device", "host" or
        "host_numa", equal to those strings), id the ordinal, None or the NUMA node, as cuda.core's."""
        p = self._preferred
        return None if p is None else (ManagedMemoryLocationType(p[0]), p[1])

    @property
    def device_id(self) -> int:
        """The preferred device, or -1 where the preference is not a device."""
        p = self._preferred
        return p[1] if p is not None and p[0] == "device" else -1  # type: ignore[return-value]

    @property
    def is_device_accessible(self) -> bool:
        return True

    @property
    def is_host_accessible(self) -> bool:
        return True

    @property
    def is_managed(self) -> bool:
        return True

    def __repr__(self) -> str:
        return "<ManagedMemoryResource preferred_location=%r%s>" % (self._preferred,
                                                                   "" if self._pool is not None else " unpooled")
