"""Stream (a queue of GPU work), StreamOptions, the default streams, and ``stream_handle`` (the ``__cuda_stream__``
protocol read from any object)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Tuple, Union

from .. import _direct
from .. import driver as _drv
from . import _context, _registry, _release, _utils
from ._closeable import Closeable
from ._context import Context
from ._event import Event, EventOptions, fail
from ._utils import as_int, check, check_or_create_options

if TYPE_CHECKING:
    from ._device import Device
    from ._green_resources import DeviceResources
    from .graph import GraphBuilder
    from .typing import IsStreamType

__all__ = ["LEGACY_DEFAULT_STREAM", "PER_THREAD_DEFAULT_STREAM", "Stream", "StreamOptions", "default_stream",
           "stream_handle"]

# The hot paths (record, wait, sync, is_done) make their one driver call after what _utils.driver() does on every
# call: the one-time cuInit (or the forked-child error) and the queued releases.
_queue = _release._queue
_ready = _utils._initialized  # [False] before cuInit, and again in a forked child


def _number_as_int(value: Any) -> int:
    """``value`` as an int the way a C int field takes it: anything numeric through ``int()`` (floats truncated);
    TypeError for the rest (str included)."""
    if value.__class__ is int:
        return value
    kind = type(value)
    if not (hasattr(kind, "__index__") or hasattr(kind, "__int__") or hasattr(kind, "__float__")
            or isinstance(value, complex)):
        raise TypeError("Expected int, got %s" % kind.__name__)
    return int(value)


@dataclass
class StreamOptions:
    """``nonblocking``: the stream does not synchronize with the legacy default stream (default True);
    ``priority``: lower is higher priority (default: the lowest)."""

    nonblocking: bool = True
    priority: Optional[int] = None

    def __setattr__(self, name: str, value: Any) -> None:
        # as cuda.core's typed fields do: nonblocking is kept as a bool, priority as an int (True reads 1, 2.7
        # reads 2), on construction and assignment alike
        if name == "nonblocking":
            value = bool(value)
        elif name == "priority" and value is not None:
            value = _number_as_int(value)
        object.__setattr__(self, name, value)


def _calls_in_c(cls: Any) -> Any:
    """On CPython, ``record(event)``, ``wait(event)`` and ``sync()`` of a live stream made in C
    (``_direct.handle_call_in_c``: the one driver call, no Python frame); every other case is the Python code's.
    Chosen as the class is defined."""
    for name, function, op, arg in (("record", "cuEventRecord", _direct.RECORD, Event),
                                    ("wait", "cuStreamWaitEvent", _direct.WAIT, Event),
                                    ("sync", "cuStreamSynchronize", _direct.STREAM_SYNC, None)):
        made = _direct.handle_call_in_c(function, op, cls.__dict__[name], fail, cls, arg, _queue, _ready)
        if made is not None:
            setattr(cls, name, made)
    return cls


@_registry.provides
@_calls_in_c
class Stream(Closeable):
    """A queue of GPU work. Make one with ``Device.create_stream()``, wrap a foreign handle with
    ``Stream.from_handle(int)`` or ``Device.create_stream(obj)``. Beyond cuda.core: ``Stream()`` (and
    ``with Stream() as s:``) creates a stream on the current device; leaving the ``with`` block
    synchronizes and closes it.

    A closed stream reads ``handle == 0`` and ``is_closed``; any work asked of it raises RuntimeError. Streams
    compare and hash by handle, are weakly referenceable, and cannot be pickled (a handle means nothing in
    another process)."""

    __slots__ = ("_handle", "_h", "_owned", "_foreign", "_device", "_nonblocking", "_priority", "_ctx",
                 "__weakref__")

    def __new__(cls, *args: Any, **kwargs: Any) -> "Stream":
        # A bare object is a closed stream (as cuda.core's); Stream() then creates one in __init__.
        if args or kwargs:
            raise RuntimeError(_NO_INIT)
        self = object.__new__(cls)
        self._handle = self._foreign = self._device = self._nonblocking = self._priority = self._ctx = None
        self._h = 0
        self._owned = False
        return self

    def __init__(self) -> None:
        dev = _context.device()
        dev._ensure_current()
        self._fill(dev, None)

    @classmethod
    def _wrap(cls, handle_int: int, owned: bool, foreign: Any = None, device: Optional["Device"] = None) -> "Stream":
        self = object.__new__(cls)
        self._handle = _drv.CUstream(handle_int)
        self._h = handle_int
        self._owned = owned
        self._foreign = foreign
        self._device = device
        self._nonblocking = self._priority = self._ctx = None
        return self

    @classmethod
    def _create(cls, device: "Device", options: Any) -> "Stream":
        self = object.__new__(cls)
        self._fill(device, options)
        return self

    def _fill(self, device: "Device", options: Any) -> None:
        opts = check_or_create_options(StreamOptions, options, "Stream options")
        drv = _utils.driver()
        flags = drv.CUstream_flags.CU_STREAM_NON_BLOCKING if opts.nonblocking else drv.CUstream_flags.CU_STREAM_DEFAULT
        least, greatest = check(drv.cuCtxGetStreamPriorityRange())
        if opts.priority is None:
            priority = least
        else:
            priority = as_int(opts.priority, "priority")
            if not greatest <= priority <= least:
                raise ValueError("priority=%d is out of range [%d, %d]" % (priority, greatest, least))
        handle = check(drv.cuStreamCreateWithPriority(flags, priority))
        self._handle = handle
        self._h = int(handle)
        self._owned = True
        self._foreign = self._ctx = None
        self._device = device
        self._nonblocking = bool(opts.nonblocking)
        self._priority = priority

    @classmethod
    def _from_foreign(cls, obj: Any, options: Any = None) -> "Stream":
        if options is not None:
            raise ValueError("obj and options cannot be both specified")
        return cls._wrap(stream_handle(obj, "obj"), False, foreign=obj)

    @staticmethod
    def from_handle(handle: int) -> "Stream":
        """A Stream over an existing ``CUstream`` (its address, an int); it is not destroyed on close."""
        h = as_int(handle, "handle")
        if h < 0:
            raise OverflowError("handle must be a stream's address (>= 0), got %d" % h)
        return Stream._wrap(h, False)

    # -- protocol and identity ------------------------------------------------------------------------------
    def __cuda_stream__(self) -> Tuple[int, int]:
        self._live()
        return (0, self._h)

    @property
    def handle(self) -> _drv.CUstream:
        """The ``driver.CUstream`` (``int(stream.handle)`` is its address; 0 once closed)."""
        handle = self._handle
        return handle if handle is not None else _drv.CUstream(0)

    def _value(self) -> int:
        return self._h if self._handle is not None else 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stream):
            return NotImplemented
        return other._value() == self._value()

    def __hash__(self) -> int:
        return hash(self._value())

    def __repr__(self) -> str:
        if self._handle is None:
            return "<Stream handle=0x0 context=0x0>"
        ctx = self._ctx
        if ctx is None:
            err, ctx = _drv.cuStreamGetCtx(self._handle)  # a default stream with no current context: none
            ctx = None if err else ctx
            self._ctx = ctx if self._owned else None  # a stream we created keeps its context
        return "<Stream handle=0x%x context=0x%x>" % (self._h, 0 if ctx is None else int(ctx))

    def __reduce__(self) -> Any:
        raise TypeError("a Stream cannot be pickled: its handle is valid only in this process")

    def __enter__(self) -> "Stream":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._handle is not None:
            try:
                self.sync()
            finally:
                self.close()

    _destroy = staticmethod(_drv.cuStreamDestroy)

    def _owns_handle(self) -> bool:
        return self._owned

    def close(self) -> None:
        """Destroy the stream if this object created it; a stream wrapped from elsewhere is only let go. The
        object then reads ``handle == 0``. Closing twice is harmless."""
        self._foreign = None
        Closeable.close(self)

    # -- facts -------------------------------------------------------------------------------------------
    @property
    def is_nonblocking(self) -> bool:
        handle = self._live()
        if self._nonblocking is None:
            drv = _utils.driver()
            flags = check(drv.cuStreamGetFlags(handle))
            self._nonblocking = bool(int(flags) & int(drv.CUstream_flags.CU_STREAM_NON_BLOCKING))
        return self._nonblocking

    @property
    def priority(self) -> int:
        handle = self._live()
        if self._priority is None:
            self._priority = check(_utils.driver().cuStreamGetPriority(handle))
        return self._priority

    def _context_handle(self) -> Any:
        ctx = self._ctx
        if ctx is None:
            ctx = check(_utils.driver().cuStreamGetCtx(self._live()))
            if self._owned:
                self._ctx = ctx
        return ctx

    @property
    def context(self) -> Context:
        self._live()
        ctx = self._context_handle()
        device = self._device
        return Context._from_ctx(ctx, device._id if device is not None else _context.device_of(ctx))

    @property
    def resources(self) -> "DeviceResources":
        """The DeviceResources of the context this stream runs in (a default stream: the current context)."""
        self._live()
        return _registry.lookup("stream_resources")(self)

    @property
    def device(self) -> "Device":
        self._live()
        if self._device is None:
            self._device = _context.device(_context.device_of(self._context_handle()))
        return self._device

    def _live(self) -> Any:
        handle = self._handle
        if handle is None:
            raise RuntimeError("Stream has been closed")
        return handle

    # -- work ----------------------------------------------------------------------------------------------
    def sync(self) -> None:
        if self._handle is None:
            raise RuntimeError("Stream has been closed")
        if _queue or not _ready[0]:
            _utils.driver()
        status = _drv.cuStreamSynchronize(self._h)[0]
        if status:
            check((status,))

    def record(self, event: Optional[Event] = None, options: Optional[EventOptions] = None) -> Event:
        """Record ``event`` on this stream, or a new Event made with ``options`` where ``event`` is None (the
        only way to make an IPC-enabled event, which cannot be recorded again); returns the event."""
        if event.__class__ is Event and self._handle is not None:  # the loop's case: one driver call
            eh = event._handle
            if eh is not None and not event._ipc:
                if _queue or not _ready[0]:
                    _utils.driver()
                status = _drv.cuEventRecord(eh, self._h)[0]
                if status:
                    check((status,))
                return event
        handle = self._live()
        if event is None:
            event = Event._create(self._device, options, bound=True)
        elif not isinstance(event, Event):
            raise TypeError("event must be an Event or None, not %s" % type(event).__name__)
        elif event.is_ipc_enabled:
            raise TypeError("IPC-enabled events should not be re-recorded, instead create a new event by supplying "
                            "options.")
        check(_utils.driver().cuEventRecord(event._live(), handle))
        return event

    def create_graph_builder(self) -> "GraphBuilder":
        """A GraphBuilder capturing on this stream (which stays this object's to close)."""
        if self._handle is None:
            self._live()  # (raises)
        return _registry.lookup("GraphBuilder")._on(self, False)  # (not owned)

    def wait(self, event_or_stream: Union[Event, "Stream", "IsStreamType"]) -> None:
        """Make future work on this stream wait for an Event, or for all work now queued on a stream (a Stream
        or any object with ``__cuda_stream__``)."""
        if event_or_stream.__class__ is Event and self._handle is not None:  # the loop's case: one driver call
            eh = event_or_stream._handle
            if eh is not None:
                if _queue or not _ready[0]:
                    _utils.driver()
                status = _drv.cuStreamWaitEvent(self._h, eh, 0)[0]
                if status:
                    check((status,))
                return
        handle = self._live()
        drv = _utils.driver()
        if isinstance(event_or_stream, Event):
            check(drv.cuStreamWaitEvent(handle, event_or_stream._live(), 0))
            return
        if isinstance(event_or_stream, Stream):
            event_or_stream._live()
            other = event_or_stream._h
        else:
            try:
                other = stream_handle(event_or_stream, "event_or_stream")
            except Exception as e:
                raise ValueError("only an Event, Stream, or object supporting __cuda_stream__ can be waited, got %s"
                                 % type(event_or_stream)) from e
        if other == self._h:
            return
        ev = check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
        try:
            check(drv.cuEventRecord(ev, other))
            check(drv.cuStreamWaitEvent(handle, ev, 0))
        finally:
            check(drv.cuEventDestroy(ev))


_NO_INIT = ("Stream objects cannot be instantiated directly. Please use Device APIs (create_stream) or other Stream "
            "APIs (from_handle).")


def default_stream() -> Stream:
    """The stream ``Device.default_stream`` gives: per-thread where CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM
    is set to a non-zero value, else the legacy default stream."""
    if os.environ.get("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM", "0") not in ("", "0"):
        return PER_THREAD_DEFAULT_STREAM
    return LEGACY_DEFAULT_STREAM


def stream_handle(stream: Any, what: str = "stream") -> int:
    """The int handle of a Stream or any object with ``__cuda_stream__``; TypeError naming ``what``, ValueError
    for a closed Stream."""
    if stream.__class__ is Stream or isinstance(stream, Stream):
        if stream._handle is None:
            raise ValueError("%s is closed" % what)
        return stream._h
    if stream is None:
        raise TypeError("%s is required and must not be None; pass device.default_stream explicitly to use the "
                        "default stream." % what)
    proto = getattr(type(stream), "__cuda_stream__", None)
    if proto is None:
        raise TypeError("Stream or GraphBuilder expected, got %s (%s takes a Stream, a GraphBuilder or an object with "
                        "__cuda_stream__())" % (type(stream).__name__, what))
    info = stream.__cuda_stream__()
    if not (isinstance(info, tuple) and len(info) == 2 and info[0] == 0 and isinstance(info[1], int)):
        raise TypeError("%s.__cuda_stream__() must return (0, handle), not %r" % (what, info))
    return info[1]


def _special(handle_int: int) -> Stream:
    """A Stream over CU_STREAM_LEGACY / CU_STREAM_PER_THREAD, made without loading the driver."""
    self = object.__new__(Stream)
    self._handle = _drv.CUstream(handle_int)
    self._h = handle_int
    self._owned = False
    self._foreign = None
    self._device = None
    self._nonblocking = False
    self._priority = self._ctx = None
    return self



LEGACY_DEFAULT_STREAM = _special(1)
PER_THREAD_DEFAULT_STREAM = _special(2)
