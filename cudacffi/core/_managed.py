"""Managed (unified) memory: ``Host`` as a location, ``ManagedBuffer`` with its advice as properties
(``read_mostly``, ``preferred_location``, ``accessed_by``) and its migrations (``prefetch``, ``discard``,
``discard_prefetch``), and the batched forms ``prefetch_batch``, ``discard_batch`` and
``discard_prefetch_batch`` (re-exported by ``cudacffi.core.utils``).

A location is a ``Device`` or a ``Host``. The driver is asked through the location-struct entry points
(``cuMemAdvise`` / ``cuMemPrefetchAsync`` of a CUDA 13 build, ``cuMemAdvise_v2`` / ``cuMemPrefetchAsync_v2``
of a CUDA 12.2+ build on a 12.2+ driver); elsewhere through the device-ordinal ones, which cannot name a
host NUMA node: there ``Host(numa_id=...)`` and ``Host.numa_current()`` raise TypeError. Discards are
CUDA 13 calls (``cuMemDiscardBatchAsync``, ``cuMemDiscardAndPrefetchBatchAsync``): a build from older
headers raises NotImplementedError saying so. Advice is read back live from the driver
(``cuMemRangeGetAttribute``), never mirrored.
"""

import operator
import threading

from .. import _params
from . import _utils
from ._memory import Buffer, from_handle_arguments
from ._utils import check

__all__ = ["Host", "ManagedBuffer", "prefetch_batch", "discard_batch", "discard_prefetch_batch"]


class Host:
    """The host (CPU) as a location for managed memory: ``Host()`` any NUMA node, ``Host(numa_id=N)`` node
    N, ``Host.numa_current()`` (or ``Host(is_numa_current=True)``) the calling thread's node. One object per
    distinct location, so ``Host() is Host()``; picklable."""

    __slots__ = ("_numa_id", "_is_numa_current", "__weakref__")

    _instances = {}
    _lock = threading.Lock()

    def __new__(cls, numa_id=None, *, is_numa_current=False):
        is_numa_current = bool(is_numa_current)  # taken by its truth, as cuda.core does
        if numa_id is not None:
            if is_numa_current:
                raise ValueError("numa_id and is_numa_current are mutually exclusive")
            numa_id = _numa_node(numa_id)
        key = (numa_id, is_numa_current)
        self = cls._instances.get(key)
        if self is None:
            with cls._lock:
                self = cls._instances.get(key)
                if self is None:
                    self = object.__new__(cls)
                    self._numa_id = numa_id
                    self._is_numa_current = is_numa_current
                    cls._instances[key] = self
        return self

    @classmethod
    def numa_current(cls):
        """The NUMA node of the calling thread (the driver resolves it at each call that uses it)."""
        return cls(is_numa_current=True)

    @property
    def numa_id(self):
        """The NUMA node, or None where this location names no particular node."""
        return self._numa_id

    @property
    def is_numa_current(self):
        return self._is_numa_current

    def __eq__(self, other):
        if not isinstance(other, Host):
            return NotImplemented
        return self is other

    def __hash__(self):
        return hash((Host, self._numa_id, self._is_numa_current))

    def __reduce__(self):
        if self._is_numa_current:
            return (Host.numa_current, ())
        return (Host, (self._numa_id,))

    def __repr__(self):
        if self._is_numa_current:
            return "Host.numa_current()"
        return "Host()" if self._numa_id is None else "Host(numa_id=%d)" % self._numa_id


def _numa_node(numa_id):
    """``numa_id`` as an int >= 0: ints and, beyond cuda.core, numpy integers and anything with ``__index__``;
    ValueError (cuda.core's type and message) for the rest, bools included."""
    if numa_id.__class__ is not int and not isinstance(numa_id, bool):
        try:
            numa_id = operator.index(numa_id)
        except TypeError:
            pass
    if numa_id.__class__ is not int or numa_id < 0:
        raise ValueError("numa_id must be a non-negative int, got %r" % (numa_id,))
    return numa_id


# -- locations --------------------------------------------------------------------------------------------------

def location_of(value, what="location"):
    """``(kind, id)`` of a Device or Host: kind is "device", "host", "host_numa" or "host_numa_current"."""
    from ._device import Device

    if isinstance(value, Device):
        return ("device", value.device_id)
    if isinstance(value, Host):
        if value._is_numa_current:
            return ("host_numa_current", 0)
        if value._numa_id is not None:
            return ("host_numa", value._numa_id)
        return ("host", 0)
    if value is None:
        raise ValueError("%s is required: a Device or a Host" % what)
    raise TypeError("%s must be a Device or a Host, not %s" % (what, type(value).__name__))


def _located(kind, ident):
    """The Device or Host a (kind, id) pair names."""
    if kind == "device":
        from ._device import Device

        return Device(ident)
    if kind == "host_numa":
        return Host(numa_id=ident)
    if kind == "host_numa_current":
        return Host.numa_current()
    return Host()


def _driver_version():
    return int(check(_utils.driver().cuDriverGetVersion()))


def _by_struct(drv):
    """Whether advice and prefetches go through a CUmemLocation (else through a device ordinal)."""
    if drv.CUDA_VERSION >= 13000:
        return True
    return hasattr(drv, "cuMemAdvise_v2") and _driver_version() >= 12020


def _mem_location(drv, loc):
    """The CUmemLocation of a (kind, id) pair."""
    types = drv.CUmemLocationType
    out = drv.CUmemLocation()
    out.type = {"device": types.CU_MEM_LOCATION_TYPE_DEVICE, "host": types.CU_MEM_LOCATION_TYPE_HOST,
                "host_numa": types.CU_MEM_LOCATION_TYPE_HOST_NUMA,
                "host_numa_current": types.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT}[loc[0]]
    out.id = loc[1]
    return out


def _ordinal(loc, what="location"):
    """The device ordinal of a (kind, id) pair for the ordinal entry points (CU_DEVICE_CPU for the host)."""
    if loc[0] == "device":
        return loc[1]
    if loc[0] == "host":
        return -1  # CU_DEVICE_CPU
    raise TypeError("%s: Host(numa_id=...) and Host.numa_current() need a CUDA 12.2+ driver and a build from "
                    "CUDA 12.2+ headers (cuMemAdvise_v2 / cuMemPrefetchAsync_v2); use Host()" % what)


def _stream(stream, what="stream"):
    return _utils.stream_handle(stream, what)  # None refused too, with cuda.core's message


def _ranges(buffers, what):
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


def _locations(locations, count, what):
    """One (kind, id) per buffer: a single location applies to all of them."""
    from ._device import Device

    if isinstance(locations, (Device, Host)) or locations is None:
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


def _batch_call(name):
    """The CUDA 13 batch entry point ``name``, or NotImplementedError naming the CUDA version it needs."""
    drv = _utils.driver()
    fn = getattr(drv, name, None)
    if fn is None:
        raise NotImplementedError("%s needs a build from CUDA 13.0 or newer headers (this build: CUDA %d.%d)"
                                  % (name, drv.CUDA_VERSION // 1000, drv.CUDA_VERSION % 1000 // 10))
    return drv, fn


def _grouped(drv, locs):
    """(prefetchLocs, prefetchLocIdxs) of per-range locations: one entry per run of equal locations."""
    structs, starts = [], []
    for i, loc in enumerate(locs):
        if i == 0 or loc != locs[i - 1]:
            structs.append(_mem_location(drv, loc))
            starts.append(i)
    return structs, starts


# -- the operations ---------------------------------------------------------------------------------------------

def _prefetch(ranges, locs, h):
    """Prefetch each (ptr, size) to its location on the CUstream ``h``: one batch call where the build has
    cuMemPrefetchBatchAsync (which refuses the legacy default stream), else one call per range."""
    drv = _utils.driver()
    batch = getattr(drv, "cuMemPrefetchBatchAsync", None)
    if batch is not None and len(ranges) > 1 and h not in (0, 1):  # 0, 1: the legacy default stream
        structs, starts = _grouped(drv, locs)
        check(batch([p for p, _ in ranges], [s for _, s in ranges], len(ranges), structs, starts, len(structs), 0, h))
        return
    by_struct = _by_struct(drv)
    for (ptr, size), loc in zip(ranges, locs):
        if drv.CUDA_VERSION >= 13000:
            check(drv.cuMemPrefetchAsync(ptr, size, _mem_location(drv, loc), 0, h))
        elif by_struct:
            check(drv.cuMemPrefetchAsync_v2(ptr, size, _mem_location(drv, loc), 0, h))
        else:
            check(drv.cuMemPrefetchAsync(ptr, size, _ordinal(loc), h))


def _discard(ranges, h):
    drv, fn = _batch_call("cuMemDiscardBatchAsync")
    check(fn([p for p, _ in ranges], [s for _, s in ranges], len(ranges), 0, h))


def _discard_prefetch(ranges, locs, h):
    drv, fn = _batch_call("cuMemDiscardAndPrefetchBatchAsync")
    structs, starts = _grouped(drv, locs)
    check(fn([p for p, _ in ranges], [s for _, s in ranges], len(ranges), structs, starts, len(structs), 0, h))


def prefetch_batch(stream, buffers, locations):
    """Prefetch managed buffers on ``stream`` (a Stream or GraphBuilder): ``locations`` is one Device or Host
    for all of them, or one per buffer. One ``cuMemPrefetchBatchAsync`` on a CUDA 13 build, one prefetch per
    buffer on older ones."""
    ranges = _ranges(buffers, "prefetch_batch")
    locs = _locations(locations, len(ranges), "prefetch_batch")
    _prefetch(ranges, locs, _stream(stream))


def discard_batch(stream, buffers):
    """Discard the contents of managed buffers on ``stream``: the driver may drop their pages, and reading
    them before a write or prefetch gives indeterminate values. Needs a CUDA 13 build
    (``cuMemDiscardBatchAsync``)."""
    ranges = _ranges(buffers, "discard_batch")
    _discard(ranges, _stream(stream))


def discard_prefetch_batch(stream, buffers, locations):
    """Discard managed buffers and prefetch them (without their old contents) to ``locations`` (one for all,
    or one per buffer) on ``stream``. Needs a CUDA 13 build (``cuMemDiscardAndPrefetchBatchAsync``)."""
    ranges = _ranges(buffers, "discard_prefetch_batch")
    locs = _locations(locations, len(ranges), "discard_prefetch_batch")
    _discard_prefetch(ranges, locs, _stream(stream))


# -- advice -----------------------------------------------------------------------------------------------------

def _advise(buf, advice_name, loc):
    """Apply CU_MEM_ADVISE_<advice_name> to the buffer's range, for location ``loc`` (a (kind, id) pair, or None
    for advice that names none)."""
    ptr, size = buf._live(), buf._size
    drv = _utils.driver()
    advice = getattr(drv.CUmem_advise, "CU_MEM_ADVISE_" + advice_name)
    if _by_struct(drv):
        where = _mem_location(drv, loc if loc is not None else ("host", 0))  # ignored by location-less advice
        if drv.CUDA_VERSION >= 13000:
            check(drv.cuMemAdvise(ptr, size, advice, where))
        else:
            check(drv.cuMemAdvise_v2(ptr, size, advice, where))
    else:
        check(drv.cuMemAdvise(ptr, size, advice, _ordinal(loc, advice_name.lower()) if loc is not None else -1))


def _range_int(buf, name):
    ptr = buf._live()
    drv = _utils.driver()
    attr = getattr(drv.CUmem_range_attribute, "CU_MEM_RANGE_ATTRIBUTE_" + name)
    return int(check(drv.cuMemRangeGetAttribute(4, attr, ptr, buf._size)))


def _accessed_by(buf):
    """The locations the buffer's ACCESSED_BY advice names, read from the driver."""
    ptr = buf._live()
    drv = _utils.driver()
    n = int(check(drv.cuDeviceGetCount())) + 1  # every device, and the host
    ids = check(drv.cuMemRangeGetAttribute(4 * n, drv.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY,
                                           ptr, buf._size))
    return [Host() if i == -1 else _located("device", i) for i in ids if i != -2]  # -2: CU_DEVICE_INVALID


class AccessedBy:
    """The live set of locations with ACCESSED_BY advice on a ManagedBuffer: reads ask the driver, ``add`` and
    ``discard`` advise it. Set operators (``|``, ``&``, ...) give plain sets."""

    __slots__ = ("_buf",)

    def __init__(self, buf):
        self._buf = buf

    def __iter__(self):
        return iter(_accessed_by(self._buf))

    def __len__(self):
        return len(_accessed_by(self._buf))

    def __contains__(self, location):
        from ._device import Device

        return isinstance(location, (Device, Host)) and location in _accessed_by(self._buf)

    def add(self, location):
        """Advise that ``location`` (a Device or ``Host()``) accesses the buffer."""
        _advise(self._buf, "SET_ACCESSED_BY", _accessor(location))

    def discard(self, location):
        """Withdraw that advice for ``location``; a location that cannot hold it is ignored."""
        from ._device import Device

        if isinstance(location, Device) or location is Host():
            _advise(self._buf, "UNSET_ACCESSED_BY", location_of(location))

    def remove(self, location):
        if location not in self:
            raise KeyError(location)
        self.discard(location)

    def clear(self):
        for location in _accessed_by(self._buf):
            self.discard(location)

    def _as_set(self):
        return set(_accessed_by(self._buf))

    def __eq__(self, other):
        try:
            return self._as_set() == set(other)
        except TypeError:
            return NotImplemented

    __hash__ = None

    def __or__(self, other):
        return self._as_set() | set(other)

    def __and__(self, other):
        return self._as_set() & set(other)

    def __sub__(self, other):
        return self._as_set() - set(other)

    def __xor__(self, other):
        return self._as_set() ^ set(other)

    def __repr__(self):
        return "AccessedBy(%r)" % (self._as_set(),)


def _accessor(location):
    """The (kind, id) of a location that ACCESSED_BY advice accepts: a Device or Host()."""
    loc = location_of(location)
    if loc[0] not in ("device", "host"):
        raise ValueError("accessed_by takes a Device or Host(), not %r (no NUMA node)" % (location,))
    return loc


@_params.value_type  # launch() packs it by its device pointer, as a Buffer
class ManagedBuffer(Buffer):
    """A Buffer of managed memory, with the driver's advice as properties: ``read_mostly`` (bool),
    ``preferred_location`` (Device, Host or None) and ``accessed_by`` (a live set), and the migrations
    ``prefetch``, ``discard`` and ``discard_prefetch``. ``ManagedMemoryResource.allocate`` returns one;
    ``ManagedBuffer.from_handle`` wraps a managed pointer allocated elsewhere."""

    __slots__ = ()

    @classmethod
    def from_handle(cls, ptr, size, mr=None, owner=None, *, stream=None):
        """A ManagedBuffer over the managed memory at ``ptr`` (as ``Buffer.from_handle``: freed through ``mr``
        on close where given, kept alive by ``owner`` where that is given)."""
        return cls._make(*from_handle_arguments(ptr, size, mr, owner, stream))

    @property
    def read_mostly(self):
        """Whether READ_MOSTLY advice is applied (the driver may then keep read-only copies where it is read)."""
        return _range_int(self, "READ_MOSTLY") != 0

    @read_mostly.setter
    def read_mostly(self, value):
        _advise(self, "SET_READ_MOSTLY" if value else "UNSET_READ_MOSTLY", None)

    @property
    def preferred_location(self):
        """The location of the PREFERRED_LOCATION advice (a Device or a Host), or None; assign a Device, a
        Host or None (which withdraws the advice)."""
        self._live()
        drv = _utils.driver()
        if drv.CUDA_VERSION >= 13000 and _driver_version() >= 13000:
            kind = _range_int(self, "PREFERRED_LOCATION_TYPE")
            types = drv.CUmemLocationType
            names = {int(types.CU_MEM_LOCATION_TYPE_DEVICE): "device", int(types.CU_MEM_LOCATION_TYPE_HOST): "host",
                     int(types.CU_MEM_LOCATION_TYPE_HOST_NUMA): "host_numa",
                     int(types.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT): "host_numa_current"}
            if kind not in names:
                return None
            return _located(names[kind], _range_int(self, "PREFERRED_LOCATION_ID"))
        ordinal = _range_int(self, "PREFERRED_LOCATION")
        if ordinal == -2:  # CU_DEVICE_INVALID: no advice
            return None
        return Host() if ordinal == -1 else _located("device", ordinal)

    @preferred_location.setter
    def preferred_location(self, location):
        if location is None:
            _advise(self, "UNSET_PREFERRED_LOCATION", None)
        else:
            _advise(self, "SET_PREFERRED_LOCATION", location_of(location, "preferred_location"))

    @property
    def accessed_by(self):
        """The locations with ACCESSED_BY advice (the driver maps them so that their accesses cause no
        faults): a live set with ``add`` and ``discard``; assign an iterable to replace it."""
        self._live()
        return AccessedBy(self)

    @accessed_by.setter
    def accessed_by(self, locations):
        self._live()
        if isinstance(locations, (str, bytes)):
            raise TypeError("accessed_by must be an iterable of Devices and Host(), not %s" % type(locations).__name__)
        try:
            wanted = list(locations)
        except TypeError:
            raise TypeError("accessed_by must be an iterable of Devices and Host(), not %s"
                            % type(locations).__name__) from None
        target = {_located(*_accessor(x)) for x in wanted}  # every entry checked before any advice
        current = set(_accessed_by(self))
        for loc in current - target:
            _advise(self, "UNSET_ACCESSED_BY", location_of(loc))
        for loc in target - current:
            _advise(self, "SET_ACCESSED_BY", location_of(loc))

    def prefetch(self, location, *, stream):
        """Migrate the buffer's pages to ``location`` (a Device or a Host), ordered on ``stream``."""
        loc = location_of(location)
        _prefetch([(self._live(), self._size)], [loc], _stream(stream))

    def discard(self, *, stream):
        """Let the driver drop the buffer's contents, ordered on ``stream`` (CUDA 13 builds)."""
        _discard([(self._live(), self._size)], _stream(stream))

    def discard_prefetch(self, location, *, stream):
        """Drop the buffer's contents and prefetch its pages to ``location``, ordered on ``stream`` (CUDA 13
        builds)."""
        loc = location_of(location)
        _discard_prefetch([(self._live(), self._size)], [loc], _stream(stream))
