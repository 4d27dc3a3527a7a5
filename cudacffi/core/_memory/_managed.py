"""Managed (unified) memory: ``ManagedBuffer`` with its advice as properties (``read_mostly``,
``preferred_location``, ``accessed_by``) and its migrations (``prefetch``, ``discard``, ``discard_prefetch``), and
the batched forms ``prefetch_batch``, ``discard_batch`` and ``discard_prefetch_batch`` (re-exported by
``cudacffi.core.utils``).

A location is a ``Device`` or a ``Host`` (see ``_locations``). Discards are CUDA 13 calls
(``cuMemDiscardBatchAsync``, ``cuMemDiscardAndPrefetchBatchAsync``): a build from older headers raises
NotImplementedError saying so. Advice is read back live from the driver (``cuMemRangeGetAttribute``), never
mirrored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator, List, Optional, Sequence, Set, Tuple, Union

from ... import _direct
from .. import _registry, _utils
from .._stream import stream_handle
from .._utils import check
from ._buffer import Buffer
from ._locations import (Host, Location, by_struct, driver_version, is_location, located, location_of, mem_location,
                         ordinal)
from ._resource import MemoryResource, from_handle_arguments

if TYPE_CHECKING:
    from .._device import Device

__all__ = ["AccessedBy", "ManagedBuffer", "discard_batch", "discard_prefetch_batch", "prefetch_batch"]


def _stream(stream: Any, what: str = "stream") -> int:
    return stream_handle(stream, what)  # None refused too, with cuda.core's message


def _ranges(buffers: Any, what: str) -> List[Tuple[int, int]]:
    """[(ptr, size)] of a non-empty sequence of open Buffers."""
    if isinstance(buffers, Buffer):
        raise TypeError("%s: pass a sequence of Buffers; for a single buffer use the ManagedBuffer instance method"
                        % what)
    try:
        items = list(buffers)
    except TypeError:
        raise TypeError("%s: buffers must be a sequence of Buffer, got %s" % (what, type(buffers).__name__)) from None
    if not items:
        raise ValueError("%s: empty buffers sequence" % what)
    out = []
    for i, buf in enumerate(items):
        if not isinstance(buf, Buffer):
            raise TypeError("%s: buffers[%d] must be a Buffer, not %s" % (what, i, type(buf).__name__))
        if buf.is_closed:
            raise RuntimeError("%s: buffers[%d]: Buffer has been closed" % (what, i))
        out.append((buf.handle, buf.size))
    return out


def _locations(locations: Any, count: int, what: str) -> List[Location]:
    """One (kind, id) per buffer: a single location applies to all of them."""
    if locations is None or is_location(locations):
        return [location_of(locations)] * count
    try:
        items = list(locations)
    except TypeError:
        raise TypeError("locations must be a Device, a Host or a sequence of them, not %s"
                        % type(locations).__name__) from None
    if len(items) != count:
        raise ValueError("%s: %d locations for %d buffers (give one location, or one per buffer)"
                         % (what, len(items), count))
    return [location_of(x, "locations[%d]" % i) for i, x in enumerate(items)]


def _batch_call(name: str) -> Tuple[Any, Any]:
    """The CUDA 13 batch entry point ``name``, or NotImplementedError naming the CUDA version it needs."""
    drv = _utils.driver()
    fn = getattr(drv, name, None)
    if fn is None:
        raise NotImplementedError("%s needs a build from CUDA 13.0 or newer headers (this build: CUDA %d.%d)"
                                  % (name, drv.CUDA_VERSION // 1000, drv.CUDA_VERSION % 1000 // 10))
    return drv, fn


def _grouped(drv: Any, locs: Sequence[Location]) -> Tuple[List[Any], List[int]]:
    """(prefetchLocs, prefetchLocIdxs) of per-range locations: one entry per run of equal locations."""
    structs, starts = [], []
    for i, loc in enumerate(locs):
        if i == 0 or loc != locs[i - 1]:
            structs.append(mem_location(drv, loc))
            starts.append(i)
    return structs, starts


# -- the operations ---------------------------------------------------------------------------------------------

def _prefetch(ranges: Sequence[Tuple[int, int]], locs: Sequence[Location], h: int) -> None:
    """Prefetch each (ptr, size) to its location on the CUstream ``h``: one batch call where the build has
    cuMemPrefetchBatchAsync (which refuses the legacy default stream), else one call per range."""
    drv = _utils.driver()
    batch = getattr(drv, "cuMemPrefetchBatchAsync", None)
    if batch is not None and len(ranges) > 1 and h not in (0, 1):  # 0, 1: the legacy default stream
        structs, starts = _grouped(drv, locs)
        check(batch([p for p, _ in ranges], [s for _, s in ranges], len(ranges), structs, starts, len(structs), 0, h))
        return
    use_struct = by_struct(drv)
    for (ptr, size), loc in zip(ranges, locs):
        if drv.CUDA_VERSION >= 13000:
            check(drv.cuMemPrefetchAsync(ptr, size, mem_location(drv, loc), 0, h))
        elif use_struct:
            check(drv.cuMemPrefetchAsync_v2(ptr, size, mem_location(drv, loc), 0, h))
        else:
            check(drv.cuMemPrefetchAsync(ptr, size, ordinal(loc), h))


def _discard(ranges: Sequence[Tuple[int, int]], h: int) -> None:
    drv, fn = _batch_call("cuMemDiscardBatchAsync")
    check(fn([p for p, _ in ranges], [s for _, s in ranges], len(ranges), 0, h))


def _discard_prefetch(ranges: Sequence[Tuple[int, int]], locs: Sequence[Location], h: int) -> None:
    drv, fn = _batch_call("cuMemDiscardAndPrefetchBatchAsync")
    structs, starts = _grouped(drv, locs)
    check(fn([p for p, _ in ranges], [s for _, s in ranges], len(ranges), structs, starts, len(structs), 0, h))


def prefetch_batch(stream: Any, buffers: Sequence[Buffer], locations: Any) -> None:
    """Prefetch managed buffers on ``stream`` (a Stream or GraphBuilder): ``locations`` is one Device or Host
    for all of them, or one per buffer. One ``cuMemPrefetchBatchAsync`` on a CUDA 13 build, one prefetch per
    buffer on older ones."""
    ranges = _ranges(buffers, "prefetch_batch")
    locs = _locations(locations, len(ranges), "prefetch_batch")
    _prefetch(ranges, locs, _stream(stream))


def discard_batch(stream: Any, buffers: Sequence[Buffer]) -> None:
    """Discard the contents of managed buffers on ``stream``: the driver may drop their pages, and reading
    them before a write or prefetch gives indeterminate values. Needs a CUDA 13 build
    (``cuMemDiscardBatchAsync``)."""
    ranges = _ranges(buffers, "discard_batch")
    _discard(ranges, _stream(stream))


def discard_prefetch_batch(stream: Any, buffers: Sequence[Buffer], locations: Any) -> None:
    """Discard managed buffers and prefetch them (without their old contents) to ``locations`` (one for all,
    or one per buffer) on ``stream``. Needs a CUDA 13 build (``cuMemDiscardAndPrefetchBatchAsync``)."""
    ranges = _ranges(buffers, "discard_prefetch_batch")
    locs = _locations(locations, len(ranges), "discard_prefetch_batch")
    _discard_prefetch(ranges, locs, _stream(stream))


# -- advice -----------------------------------------------------------------------------------------------------

def _advise(buf: Buffer, advice_name: str, loc: Optional[Location]) -> None:
    """Apply CU_MEM_ADVISE_<advice_name> to the buffer's range, for location ``loc`` (a (kind, id) pair, or None
    for advice that names none)."""
    ptr, size = buf._live(), buf._size
    drv = _utils.driver()
    advice = getattr(drv.CUmem_advise, "CU_MEM_ADVISE_" + advice_name)
    if by_struct(drv):
        where = mem_location(drv, loc if loc is not None else ("host", 0))  # ignored by location-less advice
        if drv.CUDA_VERSION >= 13000:
            check(drv.cuMemAdvise(ptr, size, advice, where))
        else:
            check(drv.cuMemAdvise_v2(ptr, size, advice, where))
    else:
        check(drv.cuMemAdvise(ptr, size, advice, ordinal(loc, advice_name.lower()) if loc is not None else -1))


def _range_int(buf: Buffer, name: str) -> int:
    ptr = buf._live()
    drv = _utils.driver()
    attr = getattr(drv.CUmem_range_attribute, "CU_MEM_RANGE_ATTRIBUTE_" + name)
    return int(check(drv.cuMemRangeGetAttribute(4, attr, ptr, buf._size)))


def _accessed_by(buf: Buffer) -> List[Union["Device", Host]]:
    """The locations the buffer's ACCESSED_BY advice names, read from the driver."""
    ptr = buf._live()
    drv = _utils.driver()
    n = int(check(drv.cuDeviceGetCount())) + 1  # every device, and the host
    ids = check(drv.cuMemRangeGetAttribute(4 * n, drv.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY,
                                           ptr, buf._size))
    return [Host() if i == -1 else located("device", i) for i in ids if i != -2]  # -2: CU_DEVICE_INVALID


class AccessedBy:
    """The live set of locations with ACCESSED_BY advice on a ManagedBuffer: reads ask the driver, ``add`` and
    ``discard`` advise it. Set operators (``|``, ``&``, ...) give plain sets."""

    __slots__ = ("_buf",)

    def __init__(self, buf: Buffer) -> None:
        self._buf = buf

    def __iter__(self) -> Iterator[Union["Device", Host]]:
        return iter(_accessed_by(self._buf))

    def __len__(self) -> int:
        return len(_accessed_by(self._buf))

    def __contains__(self, location: object) -> bool:
        return is_location(location) and location in _accessed_by(self._buf)

    def add(self, location: Any) -> None:
        """Advise that ``location`` (a Device or ``Host()``) accesses the buffer."""
        _advise(self._buf, "SET_ACCESSED_BY", _accessor(location))

    def discard(self, location: Any) -> None:
        """Withdraw that advice for ``location``; a location that cannot hold it is ignored."""
        if isinstance(location, _registry.lookup("Device")) or location is Host():
            _advise(self._buf, "UNSET_ACCESSED_BY", location_of(location))

    def remove(self, location: Any) -> None:
        """Withdraw that advice; KeyError where ``location`` has none."""
        if location not in self:
            raise KeyError(location)
        self.discard(location)

    def clear(self) -> None:
        """Withdraw the advice of every location."""
        for location in _accessed_by(self._buf):
            self.discard(location)

    def _as_set(self) -> Set[Any]:
        return set(_accessed_by(self._buf))

    def __eq__(self, other: Any) -> bool:
        try:
            return self._as_set() == set(other)
        except TypeError:
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __or__(self, other: Iterable[Any]) -> Set[Any]:
        return self._as_set() | set(other)

    def __and__(self, other: Iterable[Any]) -> Set[Any]:
        return self._as_set() & set(other)

    def __sub__(self, other: Iterable[Any]) -> Set[Any]:
        return self._as_set() - set(other)

    def __xor__(self, other: Iterable[Any]) -> Set[Any]:
        return self._as_set() ^ set(other)

    def __repr__(self) -> str:
        return "AccessedBy(%r)" % (self._as_set(),)


def _accessor(location: Any) -> Location:
    """The (kind, id) of a location that ACCESSED_BY advice accepts: a Device or Host()."""
    loc = location_of(location)
    if loc[0] not in ("device", "host"):
        raise ValueError("accessed_by takes a Device or Host(), not %r (no NUMA node)" % (location,))
    return loc


@_direct.value_type  # launch() packs it by its device pointer, as a Buffer
class ManagedBuffer(Buffer):
    """A Buffer of managed memory, with the driver's advice as properties: ``read_mostly`` (bool),
    ``preferred_location`` (Device, Host or None) and ``accessed_by`` (a live set), and the migrations
    ``prefetch``, ``discard`` and ``discard_prefetch``. ``ManagedMemoryResource.allocate`` returns one;
    ``ManagedBuffer.from_handle`` wraps a managed pointer allocated elsewhere."""

    __slots__ = ()

    @classmethod
    def from_handle(cls, ptr: Any, size: int,  # type: ignore[override]
                    mr: Optional[MemoryResource] = None, owner: Any = None, *, stream: Any = None) -> "ManagedBuffer":
        """A ManagedBuffer over the managed memory at ``ptr`` (as ``Buffer.from_handle``: freed through ``mr``
        on close where given, kept alive by ``owner`` where that is given)."""
        return cls._make(*from_handle_arguments(ptr, size, mr, owner, stream))

    @property
    def read_mostly(self) -> bool:
        """Whether READ_MOSTLY advice is applied (the driver may then keep read-only copies where it is read)."""
        return _range_int(self, "READ_MOSTLY") != 0

    @read_mostly.setter
    def read_mostly(self, value: bool) -> None:
        _advise(self, "SET_READ_MOSTLY" if value else "UNSET_READ_MOSTLY", None)

    @property
    def preferred_location(self) -> Union["Device", Host, None]:
        """The location of the PREFERRED_LOCATION advice (a Device or a Host), or None; assign a Device, a
        Host or None (which withdraws the advice)."""
        self._live()
        drv = _utils.driver()
        if drv.CUDA_VERSION >= 13000 and driver_version() >= 13000:
            kind = _range_int(self, "PREFERRED_LOCATION_TYPE")
            types = drv.CUmemLocationType
            names = {int(types.CU_MEM_LOCATION_TYPE_DEVICE): "device", int(types.CU_MEM_LOCATION_TYPE_HOST): "host",
                     int(types.CU_MEM_LOCATION_TYPE_HOST_NUMA): "host_numa",
                     int(types.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT): "host_numa_current"}
            if kind not in names:
                return None
            return located(names[kind], _range_int(self, "PREFERRED_LOCATION_ID"))
        device_id = _range_int(self, "PREFERRED_LOCATION")
        if device_id == -2:  # CU_DEVICE_INVALID: no advice
            return None
        return Host() if device_id == -1 else located("device", device_id)

    @preferred_location.setter
    def preferred_location(self, location: Any) -> None:
        if location is None:
            _advise(self, "UNSET_PREFERRED_LOCATION", None)
        else:
            _advise(self, "SET_PREFERRED_LOCATION", location_of(location, "preferred_location"))

    @property
    def accessed_by(self) -> AccessedBy:
        """The locations with ACCESSED_BY advice (the driver maps them so that their accesses cause no
        faults): a live set with ``add`` and ``discard``; assign an iterable to replace it."""
        self._live()
        return AccessedBy(self)

    @accessed_by.setter
    def accessed_by(self, locations: Iterable[Any]) -> None:
        self._live()
        if isinstance(locations, (str, bytes)):
            raise TypeError("accessed_by must be an iterable of Devices and Host(), not %s" % type(locations).__name__)
        try:
            wanted = list(locations)
        except TypeError:
            raise TypeError("accessed_by must be an iterable of Devices and Host(), not %s"
                            % type(locations).__name__) from None
        target = {located(*_accessor(x)) for x in wanted}  # every entry checked before any advice
        current = set(_accessed_by(self))
        for loc in current - target:
            _advise(self, "UNSET_ACCESSED_BY", location_of(loc))
        for loc in target - current:
            _advise(self, "SET_ACCESSED_BY", location_of(loc))

    def prefetch(self, location: Any, *, stream: Any) -> None:
        """Migrate the buffer's pages to ``location`` (a Device or a Host), ordered on ``stream``."""
        loc = location_of(location)
        _prefetch([(self._live(), self._size)], [loc], _stream(stream))

    def discard(self, *, stream: Any) -> None:
        """Let the driver drop the buffer's contents, ordered on ``stream`` (CUDA 13 builds)."""
        _discard([(self._live(), self._size)], _stream(stream))

    def discard_prefetch(self, location: Any, *, stream: Any) -> None:
        """Drop the buffer's contents and prefetch its pages to ``location``, ordered on ``stream`` (CUDA 13
        builds)."""
        loc = location_of(location)
        _discard_prefetch([(self._live(), self._size)], [loc], _stream(stream))
