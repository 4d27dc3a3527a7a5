"""Contexts a device makes on request (``Device.create_context``): a green context that runs work only on a
partition of the device's resources, or a plain context of its own.

    groups, rest = dev.resources.sm.split(SMResourceOptions(count=16))
    ctx = dev.create_context(ContextOptions(resources=[groups[0]]))
    stream = ctx.create_stream()             # work queued here runs on those SMs

Built on cuDevResourceGenerateDesc / cuGreenCtxCreate (CUDA 12.4+) and cuCtxCreate. The resources themselves are
``_green_resources``'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, Optional, Sequence as SequenceT

from . import _context, _release, _utils
from ._context import Context
from ._green_resources import SMResource, WorkqueueResource, driver_function
from ._stream import Stream, StreamOptions
from ._utils import check, check_or_create_options

if TYPE_CHECKING:
    from ._device import Device

__all__ = ["ContextOptions", "CreatedContext", "GreenContext", "create_context"]


@dataclass
class ContextOptions:
    """What ``Device.create_context`` provisions: ``resources``, a sequence of SMResource (one partition
    from ``split``, or the device's whole SM resource) and optionally a WorkqueueResource."""

    resources: SequenceT[object]


class GreenContext(Context):
    """A Context made by ``Device.create_context(ContextOptions(...))``: runs work only on its resources.
    ``close()`` destroys it (and streams made from it must be closed first)."""

    __slots__ = ("_green",)

    @property
    def is_green(self) -> bool:
        return True

    def close(self) -> None:
        """Destroy the green context (idempotent)."""
        green, self._green = self._green, None
        self._handle = None
        if green is not None:
            check(_utils.driver().cuGreenCtxDestroy(green))

    def create_stream(self, options: Any = None) -> Stream:
        """A new non-blocking stream whose work runs on this context's resources (cuGreenCtxStreamCreate)."""
        if self._green is None:
            raise RuntimeError("the context is closed")
        opts = check_or_create_options(StreamOptions, options, "options")
        if not opts.nonblocking:
            raise ValueError("a green context's streams are non-blocking: StreamOptions(nonblocking=False) "
                             "is not supported")
        drv = _utils.driver()
        if opts.priority is None:
            priority = check(drv.cuCtxGetStreamPriorityRange())[0]
        else:
            priority = opts.priority
        handle = check(drv.cuGreenCtxStreamCreate(self._green, drv.CUstream_flags.CU_STREAM_NON_BLOCKING,
                                                  priority))
        stream = Stream._wrap(int(handle), True, device=_context.device(self._device_id))
        stream._handle = handle
        stream._nonblocking = True
        return stream

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        green = getattr(self, "_green", None)
        if green is not None:
            self._green = self._handle = None
            _defer(_destroy_green, green)

    def __repr__(self) -> str:
        return "<Context handle=0x%x device=%d green%s>" % (self._h, self._device_id,
                                                          " closed" if self._handle is None else "")


def _destroy_green(green: Any) -> None:
    check(_utils.driver().cuGreenCtxDestroy(green))


class CreatedContext(Context):
    """A Context made by ``Device.create_context()`` without options (cuCtxCreate): a context of its own,
    not the primary one, destroyed by ``close()``."""

    __slots__ = ()

    def close(self) -> None:
        """Destroy the context (idempotent)."""
        handle, self._handle = self._handle, None
        if handle is not None:
            check(_utils.driver().cuCtxDestroy(handle))

    def create_stream(self, options: Any = None) -> Stream:
        """A new stream in this context."""
        if self._handle is None:
            raise RuntimeError("the context is closed")
        drv = _utils.driver()
        check(drv.cuCtxPushCurrent(self._handle))
        try:
            return Stream._create(_context.device(self._device_id), options)
        finally:
            drv.cuCtxPopCurrent()


def create_context(device: "Device", options: Optional[ContextOptions]) -> Context:
    """Device.create_context: a green context over ``options.resources``, or a new plain context."""
    drv = _utils.driver()
    if options is None:
        if drv.CUDA_VERSION >= 13000:
            handle = check(drv.cuCtxCreate(None, 0, device._cu))
        else:
            handle = check(drv.cuCtxCreate(0, device._cu))
        check(drv.cuCtxPopCurrent())  # created current: leave this thread's stack as it was
        ctx = CreatedContext._from_ctx(handle, device._id)
        ctx._owned = True
        return ctx
    if not isinstance(options, ContextOptions):
        raise TypeError("options must be a ContextOptions or None, not %s" % type(options).__name__)
    natives = _natives(options.resources, device._id)
    make = driver_function("cuGreenCtxCreate", "Device.create_context(ContextOptions)")
    device._ensure_current()  # green contexts retain the primary one: have it ready (the driver's advice)
    desc = check(drv.cuDevResourceGenerateDesc(natives, len(natives)))
    green = check(make(desc, device._cu, int(drv.CUgreenCtxCreate_flags.CU_GREEN_CTX_DEFAULT_STREAM)))
    try:
        handle = check(drv.cuCtxFromGreenCtx(green))
    except BaseException:
        drv.cuGreenCtxDestroy(green)
        raise
    gctx = GreenContext._from_ctx(handle, device._id)
    gctx._green = green
    gctx._owned = True
    return gctx


def _natives(resources: Any, device_id: int) -> List[Any]:
    """The CUdevResource structs of ContextOptions.resources, checked."""
    if isinstance(resources, (SMResource, WorkqueueResource)):
        resources = [resources]
    if isinstance(resources, (str, bytes)) or not isinstance(resources, Sequence) or not resources:
        raise TypeError("ContextOptions.resources must be a non-empty sequence of SMResource and "
                        "WorkqueueResource, not %r" % (resources,))
    natives = []
    for i, r in enumerate(resources):
        if not isinstance(r, (SMResource, WorkqueueResource)):
            raise TypeError("ContextOptions.resources[%d] must be an SMResource or a WorkqueueResource, not %s"
                            % (i, type(r).__name__))
        if r._device_id != device_id:
            raise ValueError("ContextOptions.resources[%d] belongs to device %d, not device %d"
                             % (i, r._device_id, device_id))
        if isinstance(r, SMResource) and r._dry:
            raise ValueError("ContextOptions.resources[%d] comes from a dry_run split: split again without "
                             "dry_run to make a context" % i)
        natives.append(r._res)
    return natives
