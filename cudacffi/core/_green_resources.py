"""A device's resources (SMs, workqueues) as green contexts are made of them: what a device, context or stream may
use (``DeviceResources``), SM partitions (``SMResource.split``) and the workqueue configuration.

    sm = dev.resources.sm
    groups, rest = sm.split(SMResourceOptions(count=16))

Built on the driver's cuDeviceGetDevResource / cuDevSmResourceSplitByCount (or cuDevSmResourceSplit where this
build's headers have it) (CUDA 12.4+). Workqueue resources need headers with CU_DEV_RESOURCE_TYPE_WORKQUEUE_CONFIG
(newer CUDA 13). What this build's headers lack raises NotImplementedError naming the missing function or type and
the headers' version. The contexts made of these resources are ``_green_context``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Sequence as SequenceT, Tuple, Union

from . import _context, _registry, _utils
from ._utils import check, check_or_create_options
from .typing import WorkqueueSharingScopeType

if TYPE_CHECKING:
    from ._context import Context
    from ._device import Device
    from ._stream import Stream

__all__ = ["DeviceResources", "SMResource", "SMResourceOptions", "WorkqueueResource", "WorkqueueResourceOptions",
           "WorkqueueSharingScopeType", "context_resources", "device_resources", "stream_resources"]


def _headers() -> str:
    """This build's CUDA header version as 'X.Y'."""
    v = _utils.driver().CUDA_VERSION
    return "%d.%d" % (v // 1000, (v % 1000) // 10)


def lacking(what: str, needs: str, since: str) -> NotImplementedError:
    """The error for ``what``, which needs ``needs`` that this build's headers (older than ``since``) lack."""
    return NotImplementedError("%s needs %s, which this build's CUDA %s headers lack: build cudacffi from "
                               "CUDA %s or newer headers" % (what, needs, _headers(), since))


def driver_function(name: str, what: str, since: str = "12.4") -> Any:
    """The driver's function ``name``, or NotImplementedError (``lacking``) where this build has none."""
    fn = getattr(_utils.driver(), name, None)
    if fn is None:
        raise lacking(what, name + "()", since)
    return fn


def _resource_type(name: str, what: str, since: str) -> Any:
    member = getattr(_utils.driver().CUdevResourceType, name, None)
    if member is None:
        raise lacking(what, name, since)
    return member


# -- options ------------------------------------------------------------------------------------------------------

@dataclass
class SMResourceOptions:
    """How ``SMResource.split`` partitions SMs. ``count``: SMs per group (an int for one group, a sequence for
    several; None: as many as the constraints allow); ``coscheduled_sm_count``: SMs guaranteed to run
    together (clusters); ``preferred_coscheduled_sm_count``: a larger grouping to try first; ``backfill``:
    let the driver relax co-scheduling to reach ``count``. Sequences must match ``count``'s length."""

    count: Union[int, SequenceT[int], None] = None
    coscheduled_sm_count: Union[int, SequenceT[int], None] = None
    preferred_coscheduled_sm_count: Union[int, SequenceT[int], None] = None
    backfill: Union[bool, SequenceT[bool]] = False


@dataclass
class WorkqueueResourceOptions:
    """What ``WorkqueueResource.configure`` sets: ``sharing_scope`` (a WorkqueueSharingScopeType or its
    value) and ``concurrency_limit`` (expected concurrent stream-ordered workloads, >= 1); None keeps."""

    sharing_scope: Union[WorkqueueSharingScopeType, str, None] = None
    concurrency_limit: Optional[int] = None

    def __post_init__(self) -> None:
        if self.sharing_scope is not None:
            self.sharing_scope = _scope(self.sharing_scope)
        if self.concurrency_limit is not None:
            self.concurrency_limit = _count("concurrency_limit", self.concurrency_limit, 1)


def _scope(value: Any) -> WorkqueueSharingScopeType:
    if isinstance(value, WorkqueueSharingScopeType):
        return value
    for member in WorkqueueSharingScopeType:
        if value == member.value:
            return member
    raise ValueError("sharing_scope must be a WorkqueueSharingScopeType or one of %s, got %r"
                     % (", ".join(repr(m.value) for m in WorkqueueSharingScopeType), value))


def _count(what: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if not low <= value < (1 << 32):
        raise ValueError("%s must be within [%d, 2**32), got %d" % (what, low, value))
    return value


_Group = Tuple[Optional[int], Optional[int], Optional[int], bool]


def _per_group(options: SMResourceOptions) -> List[_Group]:
    """SMResourceOptions as one (count, coscheduled, preferred, backfill) tuple per group."""
    def as_list(name: str, value: Any, n: int) -> List[Any]:
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            return [value] * n
        if len(value) != n:
            raise ValueError("SMResourceOptions.%s has %d entries, but count asks for %d groups"
                             % (name, len(value), n))
        return list(value)

    count = options.count
    n = len(count) if isinstance(count, Sequence) else 1
    if n < 1:
        raise ValueError("SMResourceOptions.count must name at least one group")
    counts = as_list("count", count, n)
    cosched = as_list("coscheduled_sm_count", options.coscheduled_sm_count, n)
    preferred = as_list("preferred_coscheduled_sm_count", options.preferred_coscheduled_sm_count, n)
    backfill = as_list("backfill", options.backfill, n)
    groups = []
    for i in range(n):
        c = None if counts[i] is None else _count("SMResourceOptions.count[%d]" % i, counts[i], 1)
        s = None if cosched[i] is None else _count("SMResourceOptions.coscheduled_sm_count[%d]" % i, cosched[i], 1)
        p = (None if preferred[i] is None
             else _count("SMResourceOptions.preferred_coscheduled_sm_count[%d]" % i, preferred[i], 1))
        if not isinstance(backfill[i], bool):
            raise TypeError("SMResourceOptions.backfill[%d] must be a bool, not %s" % (i, type(backfill[i]).__name__))
        groups.append((c, s, p, backfill[i]))
    return groups


# -- resources ----------------------------------------------------------------------------------------------------

# headers that have what CUDA 13.0's lack: cuDevSmResourceSplit is documented from CUDA 13.2 on; workqueue
# resources are in the 13.5 headers of headers/ (the oldest snapshot here that has them)
_SPLIT_SINCE = "13.2"
_WORKQUEUE_SINCE = "13.5"

# (minimum partition size, co-scheduling alignment) by compute capability major, for headers whose
# CUdevSmResource has only smCount (the driver's documented guideline)
_SM_GUIDE = {6: (1, 1), 7: (2, 2), 8: (4, 2)}


class SMResource:
    """SMs of a device, context or partition (a ``CUdevResource`` of type SM). From
    ``DeviceResources.sm`` or ``split``."""

    __slots__ = ("_res", "_device_id", "_dry", "__weakref__")
    _res: Any
    _device_id: int
    _dry: bool

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("SMResource cannot be instantiated directly: use Device.resources.sm or "
                           "SMResource.split()")

    @classmethod
    def _make(cls, res: Any, device_id: int, dry: bool = False) -> "SMResource":
        self = object.__new__(cls)
        self._res, self._device_id, self._dry = res, device_id, dry
        return self

    @property
    def handle(self) -> int:
        """Address of the ``CUdevResource`` struct."""
        return self._res.getPtr()

    @property
    def sm_count(self) -> int:
        return int(self._res.sm.smCount)

    def _guide(self) -> Tuple[int, int]:
        major = _context.compute_capability(self._device_id).major
        return _SM_GUIDE.get(major, (8, 8) if major >= 9 else (1, 1))

    @property
    def min_partition_size(self) -> int:
        """Fewest SMs a partition of this resource can have."""
        value = getattr(self._res.sm, "minSmPartitionSize", None)
        return int(value) if value is not None else self._guide()[0]

    @property
    def coscheduled_alignment(self) -> int:
        """SMs guaranteed to be co-scheduled together; partition sizes are multiples of it."""
        value = getattr(self._res.sm, "smCoscheduledAlignment", None)
        return int(value) if value is not None else self._guide()[1]

    @property
    def flags(self) -> int:
        return int(getattr(self._res.sm, "flags", 0))

    def split(self, options: SMResourceOptions, *, dry_run: bool = False) -> Tuple[List["SMResource"], "SMResource"]:
        """``(groups, remainder)``: disjoint partitions as ``options`` asks, and the SMs left over. With
        ``dry_run`` the sizes are computed but the results cannot make a context."""
        if not isinstance(options, SMResourceOptions):
            raise TypeError("options must be an SMResourceOptions, not %s" % type(options).__name__)
        groups = _per_group(options)
        drv = _utils.driver()
        if hasattr(drv, "cuDevSmResourceSplit"):
            results, rest = self._split_structured(drv, groups)
        else:
            results, rest = self._split_by_count(drv, groups)
        dry = bool(dry_run)
        return ([SMResource._make(r, self._device_id, dry) for r in results],
                SMResource._make(rest, self._device_id, dry))

    def _split_structured(self, drv: Any, groups: List[_Group]) -> Tuple[List[Any], Any]:
        """cuDevSmResourceSplit: every group in one call (one result and one group description per group)."""
        flags = drv.CUdevSmResourceGroup_flags
        params = []
        for count, cosched, preferred, backfill in groups:
            p = drv.CU_DEV_SM_RESOURCE_GROUP_PARAMS()
            p.smCount = count or 0
            p.coscheduledSmCount = cosched or 0
            p.preferredCoscheduledSmCount = preferred or 0
            p.flags = int(flags.CU_DEV_SM_RESOURCE_GROUP_BACKFILL) if backfill else 0
            params.append(p)
        results, rest = check(drv.cuDevSmResourceSplit(len(params), self._res, 0, params))
        return list(results), rest

    def _split_by_count(self, drv: Any, groups: List[_Group]) -> Tuple[List[Any], Any]:
        """cuDevSmResourceSplitByCount: groups of one size, without co-scheduling constraints."""
        for _, cosched, preferred, backfill in groups:
            if cosched is not None or preferred is not None or backfill:
                raise lacking("SMResourceOptions.coscheduled_sm_count, preferred_coscheduled_sm_count and "
                              "backfill", "cuDevSmResourceSplit()", _SPLIT_SINCE)
        sizes = set(g[0] for g in groups)
        if len(sizes) > 1:
            raise lacking("groups of different sizes (SMResourceOptions.count %r)"
                          % ([g[0] for g in groups],), "cuDevSmResourceSplit()", _SPLIT_SINCE)
        size = sizes.pop()
        if size is None:  # discovery: the largest partition the alignment allows
            align = self.coscheduled_alignment
            size = max(self.min_partition_size, self.sm_count // align * align)
        results, made, rest = check(drv.cuDevSmResourceSplitByCount(len(groups), self._res, 0, size))
        if made < len(groups):
            raise ValueError("the resource's %d SMs make only %d group%s of %d SMs, not the %d asked for"
                             % (self.sm_count, made, "" if made == 1 else "s", size, len(groups)))
        return list(results)[:made], rest

    def __repr__(self) -> str:
        return "<SMResource sm_count=%d%s>" % (self.sm_count, " dry_run" if self._dry else "")


class WorkqueueResource:
    """The workqueue configuration of a device or context (``CU_DEV_RESOURCE_TYPE_WORKQUEUE_CONFIG``),
    set with ``configure`` before it goes into ContextOptions. From ``DeviceResources.workqueue``."""

    __slots__ = ("_res", "_device_id", "__weakref__")
    _res: Any
    _device_id: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("WorkqueueResource cannot be instantiated directly: use Device.resources.workqueue")

    @classmethod
    def _make(cls, res: Any, device_id: int) -> "WorkqueueResource":
        self = object.__new__(cls)
        self._res, self._device_id = res, device_id
        return self

    @property
    def handle(self) -> int:
        """Address of the configuration ``CUdevResource`` struct."""
        return self._res.getPtr()

    @property
    def sharing_scope(self) -> WorkqueueSharingScopeType:
        scope = int(self._res.wqConfig.sharingScope)
        return WorkqueueSharingScopeType.GREEN_CTX_BALANCED if scope == 1 else WorkqueueSharingScopeType.DEVICE_CTX

    @property
    def concurrency_limit(self) -> int:
        return int(self._res.wqConfig.wqConcurrencyLimit)

    @property
    def device(self) -> "Device":
        return _context.device(self._device_id)

    def configure(self, options: Union[WorkqueueResourceOptions, dict, None]) -> None:
        """Set the sharing scope and/or concurrency limit of this resource (in place)."""
        opts: WorkqueueResourceOptions = check_or_create_options(WorkqueueResourceOptions, options, "options")
        drv = _utils.driver()
        config = self._res.wqConfig
        if opts.sharing_scope is not None:
            config.sharingScope = getattr(drv.CUdevWorkqueueConfigScope,
                                          "CU_WORKQUEUE_SCOPE_" + _scope(opts.sharing_scope).name)
        if opts.concurrency_limit is not None:
            config.wqConcurrencyLimit = opts.concurrency_limit

    def __repr__(self) -> str:
        return "<WorkqueueResource sharing_scope=%s concurrency_limit=%d>" % (self.sharing_scope.value,
                                                                              self.concurrency_limit)


class DeviceResources:
    """What a device, context or stream may use: ``sm`` (SMResource) and ``workqueue`` (WorkqueueResource).
    From ``Device.resources`` (the whole device), ``Context.resources`` or ``Stream.resources`` (what that
    context was provisioned with)."""

    __slots__ = ("_query", "_device_id")
    _query: Callable[[Any], Any]
    _device_id: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("DeviceResources cannot be instantiated directly: use Device.resources, "
                           "Context.resources or Stream.resources")

    @classmethod
    def _make(cls, query: Callable[[Any], Any], device_id: int) -> "DeviceResources":
        """``query(resource_type)`` returns the CUdevResource of that type."""
        self = object.__new__(cls)
        self._query, self._device_id = query, device_id
        return self

    @property
    def sm(self) -> SMResource:
        kind = _resource_type("CU_DEV_RESOURCE_TYPE_SM", "DeviceResources.sm", "12.4")
        return SMResource._make(self._query(kind), self._device_id)

    @property
    def workqueue(self) -> WorkqueueResource:
        kind = _resource_type("CU_DEV_RESOURCE_TYPE_WORKQUEUE_CONFIG", "DeviceResources.workqueue", _WORKQUEUE_SINCE)
        return WorkqueueResource._make(self._query(kind), self._device_id)

    def __repr__(self) -> str:
        return "<DeviceResources of device %d>" % self._device_id


# -- whose resources: a device's, a context's, a stream's (Context.resources and Stream.resources find these
#    through _registry: contexts and streams sit below this layer) ----------------------------------------------

def device_resources(device: "Device") -> DeviceResources:
    """Device.resources: everything the device has."""
    fn = driver_function("cuDeviceGetDevResource", "Device.resources")
    return DeviceResources._make(lambda kind: check(fn(device._cu, kind)), device._id)


@_registry.provides
def context_resources(ctx: "Context") -> DeviceResources:
    """Context.resources: a green context's partition, else what the context may use."""
    if ctx._handle is None:
        raise RuntimeError("the context is closed")
    green = getattr(ctx, "_green", None)
    if green is not None:
        fn = driver_function("cuGreenCtxGetDevResource", "Context.resources")
        return DeviceResources._make(lambda kind: check(fn(green, kind)), ctx._device_id)
    fn = driver_function("cuCtxGetDevResource", "Context.resources")
    handle = ctx._handle
    return DeviceResources._make(lambda kind: check(fn(handle, kind)), ctx._device_id)


@_registry.provides
def stream_resources(stream: "Stream") -> DeviceResources:
    """Resources of the context ``stream`` runs in (a default stream: the current context's)."""
    drv = _utils.driver()
    handle = stream._live()
    device_id = stream.device.device_id
    fn = getattr(drv, "cuStreamGetDevResource", None)
    if fn is not None:
        return DeviceResources._make(lambda kind: check(fn(handle, kind)), device_id)
    get_green = driver_function("cuStreamGetGreenCtx", "Stream.resources")
    green = check(get_green(handle))
    if green is not None and int(green) != 0:
        fn = drv.cuGreenCtxGetDevResource
        return DeviceResources._make(lambda kind: check(fn(green, kind)), device_id)
    ctx = check(drv.cuStreamGetCtx(handle))
    return DeviceResources._make(lambda kind: check(drv.cuCtxGetDevResource(ctx, kind)), device_id)
