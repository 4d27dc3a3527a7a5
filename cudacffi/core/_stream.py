"""Stream and Event, with cuda.core's options and the ``__cuda_stream__`` protocol both ways."""

import os
from dataclasses import dataclass
from typing import Optional

from .. import driver as _drv
from . import _graph_nodes, _memory, _release, _utils
from ._utils import as_int, check, check_or_create_options

# The hot paths (record, wait, sync, is_done) make their one driver call after what _utils.driver() does on every
# call: the one-time cuInit (or the forked-child error) and the queued releases.
_queue = _release._queue
_ready = _utils._initialized  # [False] before cuInit, and again in a forked child
_NOT_READY = 600  # CUDA_ERROR_NOT_READY
_graph_builder = []  # the GraphBuilder class, imported once (graph.py imports this module)


def _number_as_int(value):
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

    def __setattr__(self, name, value):
        # as cuda.core's typed fields do: nonblocking is kept as a bool, priority as an int (True reads 1, 2.7
        # reads 2), on construction and assignment alike
        if name == "nonblocking":
            value = bool(value)
        elif name == "priority" and value is not None:
            value = _number_as_int(value)
        object.__setattr__(self, name, value)


@dataclass
class EventOptions:
    """``timing_enabled`` (default False), ``blocking_sync`` (Event.sync yields the CPU), ``ipc_enabled``."""

    timing_enabled: Optional[bool] = False
    blocking_sync: Optional[bool] = False
    ipc_enabled: Optional[bool] = False


class Stream:
    """A queue of GPU work. Make one with ``Device.create_stream()``, wrap a foreign handle with
    ``Stream.from_handle(int)`` or ``Device.create_stream(obj)``. Beyond cuda.core: ``Stream()`` (and
    ``with Stream() as s:``) creates a stream on the current device; leaving the ``with`` block
    synchronizes and closes it.

    A closed stream reads ``handle == 0`` and ``is_closed``; any work asked of it raises RuntimeError. Streams
    compare and hash by handle, are weakly referenceable, and cannot be pickled (a handle means nothing in
    another process)."""

    __slots__ = ("_handle", "_h", "_owned", "_foreign", "_device", "_nonblocking", "_priority", "_ctx",
                 "__weakref__")

    def __new__(cls, *args, **kwargs):
        # A bare object is a closed stream (as cuda.core's); Stream() then creates one in __init__.
        if args or kwargs:
            raise RuntimeError(_NO_INIT)
        self = object.__new__(cls)
        self._handle = self._foreign = self._device = self._nonblocking = self._priority = self._ctx = None
        self._h = 0
        self._owned = False
        return self

    def __init__(self):
        from ._device import Device

        dev = Device()
        dev._ensure_current()
        self._fill(dev, None)

    @classmethod
    def _wrap(cls, handle_int, owned, foreign=None, device=None):
        self = object.__new__(cls)
        self._handle = _drv.CUstream(handle_int)
        self._h = handle_int
        self._owned = owned
        self._foreign = foreign
        self._device = device
        self._nonblocking = self._priority = self._ctx = None
        return self

    @classmethod
    def _create(cls, device, options):
        self = object.__new__(cls)
        self._fill(device, options)
        return self

    def _fill(self, device, options):
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
    def _from_foreign(cls, obj, options=None):
        if options is not None:
            raise ValueError("obj and options cannot be both specified")
        return cls._wrap(_utils.stream_handle(obj, "obj"), False, foreign=obj)

    @staticmethod
    def from_handle(handle):
        """A Stream over an existing ``CUstream`` (its address, an int); it is not destroyed on close."""
        h = as_int(handle, "handle")
        if h < 0:
            raise OverflowError("handle must be a stream's address (>= 0), got %d" % h)
        return Stream._wrap(h, False)

    # -- protocol and identity ------------------------------------------------------------------------------
    def __cuda_stream__(self):
        self._live()
        return (0, self._h)

    @property
    def handle(self):
        """The ``driver.CUstream`` (``int(stream.handle)`` is its address; 0 once closed)."""
        handle = self._handle
        return handle if handle is not None else _drv.CUstream(0)

    @property
    def is_closed(self):
        return self._handle is None

    def _value(self):
        return self._h if self._handle is not None else 0

    def __eq__(self, other):
        if not isinstance(other, Stream):
            return NotImplemented
        return other._value() == self._value()

    def __hash__(self):
        return hash(self._value())

    def __repr__(self):
        if self._handle is None:
            return "<Stream handle=0x0 context=0x0>"
        ctx = self._ctx
        if ctx is None:
            err, ctx = _drv.cuStreamGetCtx(self._handle)  # a default stream with no current context: none
            ctx = None if err else ctx
            self._ctx = ctx if self._owned else None  # a stream we created keeps its context
        return "<Stream handle=0x%x context=0x%x>" % (self._h, 0 if ctx is None else int(ctx))

    def __reduce__(self):
        raise TypeError("a Stream cannot be pickled: its handle is valid only in this process")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._handle is not None:
            try:
                self.sync()
            finally:
                self.close()

    def close(self):
        """Destroy the stream if this object created it; a stream wrapped from elsewhere is only let go. The
        object then reads ``handle == 0``. Closing twice is harmless."""
        _release.drain()
        handle = self._handle
        if handle is None:
            return
        self._handle = None
        self._foreign = None
        if self._owned:
            check(_drv.cuStreamDestroy(handle))

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release)
        handle = getattr(self, "_handle", None)  # (None where __init__ failed)
        if handle is not None and self._owned:
            self._handle = None
            _defer(_drv.cuStreamDestroy, handle)

    # -- facts -------------------------------------------------------------------------------------------
    @property
    def is_nonblocking(self):
        handle = self._live()
        if self._nonblocking is None:
            drv = _utils.driver()
            flags = check(drv.cuStreamGetFlags(handle))
            self._nonblocking = bool(int(flags) & int(drv.CUstream_flags.CU_STREAM_NON_BLOCKING))
        return self._nonblocking

    @property
    def priority(self):
        handle = self._live()
        if self._priority is None:
            self._priority = check(_utils.driver().cuStreamGetPriority(handle))
        return self._priority

    def _context_handle(self):
        ctx = self._ctx
        if ctx is None:
            ctx = check(_utils.driver().cuStreamGetCtx(self._live()))
            if self._owned:
                self._ctx = ctx
        return ctx

    @property
    def context(self):
        from ._device import Context

        self._live()
        ctx = self._context_handle()
        device = self._device
        return Context._from_ctx(ctx, device._id if device is not None else _device_of(ctx))

    @property
    def resources(self):
        """The DeviceResources of the context this stream runs in (a default stream: the current context)."""
        from ._green import stream_resources

        self._live()
        return stream_resources(self)

    @property
    def device(self):
        from ._device import Device

        self._live()
        if self._device is None:
            self._device = Device(_device_of(self._context_handle()))
        return self._device

    def _live(self):
        handle = self._handle
        if handle is None:
            raise RuntimeError("Stream has been closed")
        return handle

    # -- work ----------------------------------------------------------------------------------------------
    def sync(self):
        if self._handle is None:
            raise RuntimeError("Stream has been closed")
        if _queue or not _ready[0]:
            _utils.driver()
        status = _drv.cuStreamSynchronize(self._h)[0]
        if status:
            check((status,))

    def record(self, event=None, options=None):
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

    def create_graph_builder(self):
        """A GraphBuilder capturing on this stream (which stays this object's to close)."""
        self._live()
        if not _graph_builder:
            from .graph import GraphBuilder

            _graph_builder.append(GraphBuilder)
        return _graph_builder[0]._on(self, owned=False)

    def wait(self, event_or_stream):
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
                other = _utils.stream_handle(event_or_stream, "event_or_stream")
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


def _device_of(ctx):
    """The ordinal of the device a context belongs to."""
    drv = _utils.driver()
    check(drv.cuCtxPushCurrent(ctx))
    try:
        return int(check(drv.cuCtxGetDevice()))
    finally:
        drv.cuCtxPopCurrent()


def default_stream():
    """The stream ``Device.default_stream`` gives: per-thread where CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM
    is set to a non-zero value, else the legacy default stream."""
    if os.environ.get("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM", "0") not in ("", "0"):
        return PER_THREAD_DEFAULT_STREAM
    return LEGACY_DEFAULT_STREAM


class Event:
    """A marker in a stream. ``end - start`` gives the milliseconds between two timing-enabled events.

    A closed event reads ``handle == 0`` and ``is_closed``; anything else asked of it raises RuntimeError. Events
    compare and hash by handle and are weakly referenceable. Only an IPC-enabled event (one made by
    ``Stream.record(options=EventOptions(ipc_enabled=True))``) passes to another process: through
    multiprocessing (its queues, pipes and Process arguments) or as its ``ipc_descriptor``; ``pickle.dumps``
    itself refuses every event, as cuda.core does."""

    __slots__ = ("_handle", "_device", "_ctx", "_timing", "_blocking", "_ipc", "_ipc_desc", "__weakref__")

    def __new__(cls, *args, **kwargs):
        # A bare object is a closed event (as cuda.core's); __init__ refuses direct construction.
        self = object.__new__(cls)
        self._handle = self._device = self._ctx = self._ipc_desc = None
        self._timing = self._blocking = self._ipc = False
        return self

    def __init__(self, *args, **kwargs):
        raise RuntimeError("Event objects cannot be instantiated directly. Please use Stream APIs (record).")

    @classmethod
    def _create(cls, device, options, bound=False):
        """A new event in the current context; ``bound``: made by Stream.record (IPC-enabled events must be)."""
        opts = check_or_create_options(EventOptions, options, "Event options")
        drv = _utils.driver()
        flags = 0
        if not opts.timing_enabled:
            flags |= int(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING)
        if opts.blocking_sync:
            flags |= int(drv.CUevent_flags.CU_EVENT_BLOCKING_SYNC)
        if opts.ipc_enabled:
            if not bound:
                raise TypeError("IPC-enabled events must be bound; use Stream.record for creation.")
            if opts.timing_enabled:
                raise TypeError("IPC-enabled events cannot use timing.")
            flags |= int(drv.CUevent_flags.CU_EVENT_INTERPROCESS)
        self = object.__new__(cls)
        self._handle = check(drv.cuEventCreate(flags))
        self._ctx = check(drv.cuCtxGetCurrent())
        self._device = device
        self._timing = bool(opts.timing_enabled)
        self._blocking = bool(opts.blocking_sync)
        self._ipc = bool(opts.ipc_enabled)
        self._ipc_desc = None
        if self._ipc:
            # The descriptor is taken now, in this thread's context: multiprocessing pickles in a thread of its
            # own where no context is current, and cuIpcGetEventHandle would fail there.
            try:
                data = check(drv.cuIpcGetEventHandle(self._handle))
                self._ipc_desc = IPCEventDescriptor._init(bytes(data.reserved), self._blocking)
            except BaseException:
                self.close()
                raise
            _register_with_multiprocessing()
        return self

    def _live(self):
        handle = self._handle
        if handle is None:
            raise RuntimeError("Event has been closed")
        return handle

    @property
    def handle(self):
        """The ``driver.CUevent`` (``int(event.handle)`` is its address; 0 once closed)."""
        handle = self._handle
        return handle if handle is not None else _drv.CUevent(0)

    @property
    def is_closed(self):
        return self._handle is None

    @property
    def is_timing_enabled(self):
        self._live()
        return self._timing

    @property
    def is_blocking_sync(self):
        self._live()
        return self._blocking

    @property
    def is_ipc_enabled(self):
        self._live()
        return self._ipc

    @property
    def device(self):
        """The Device the event was made on (for an event opened from another process: the device whose context
        opened it)."""
        self._live()
        if self._device is None:
            from ._device import Device

            self._device = Device(_device_of(self._ctx)) if self._ctx is not None else Device()
        return self._device

    @property
    def context(self):
        """The Context the event was made in."""
        from ._device import Context

        device = self.device
        if self._ctx is None:
            return device.context
        return Context._from_ctx(self._ctx, device._id)

    def sync(self):
        handle = self._live()
        if _queue or not _ready[0]:
            _utils.driver()
        status = _drv.cuEventSynchronize(handle)[0]
        if status:
            check((status,))

    @property
    def is_done(self):
        handle = self._handle
        if handle is None:
            raise RuntimeError("Event has been closed")
        if _queue or not _ready[0]:
            _utils.driver()
        status = _drv.cuEventQuery(handle)[0]
        if status == _NOT_READY:
            return False
        if status:
            check((status,))
        return True

    def __sub__(self, other):
        """Milliseconds (a float) from ``other`` (recorded first) to this event; both must be timing-enabled,
        recorded and complete."""
        if not isinstance(other, Event):
            raise TypeError("Event expected, got %s" % type(other).__name__)
        end, start = self._live(), other._live()
        drv = _utils.driver()
        err, ms = drv.cuEventElapsedTime(start, end)
        if not err:
            return ms
        if err == drv.CUresult.CUDA_ERROR_INVALID_HANDLE:
            if not (self._timing and other._timing):
                raise RuntimeError("Both Events must be created with timing enabled in order to subtract them; use "
                                   "EventOptions(timing_enabled=True) when creating both events.")
            raise RuntimeError("Both Events must be recorded before they can be subtracted; use Stream.record() to "
                               "record both events to a stream.")
        if err == drv.CUresult.CUDA_ERROR_NOT_READY:
            raise RuntimeError("One or both events have not completed; use Event.sync(), Stream.sync(), or "
                               "Device.sync() to wait for the events to complete before subtracting them.")
        check((err,))

    def __rsub__(self, other):
        return NotImplemented

    def __isub__(self, other):
        return NotImplemented

    def close(self):
        """Destroy the event; the object then reads ``handle == 0``. Closing twice is harmless. A graph whose
        nodes record or wait for it keeps the CUDA event until it no longer needs it."""
        _release.drain()
        handle = self._handle
        if handle is not None:
            self._handle = None
            if not _graph_nodes.defer_close(self, lambda: _drv.cuEventDestroy(handle)):
                check(_drv.cuEventDestroy(handle))

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release); no graph keeps it now
        handle = getattr(self, "_handle", None)
        if handle is not None:
            self._handle = None
            _defer(_drv.cuEventDestroy, handle)

    def _value(self):
        handle = self._handle
        return int(handle) if handle is not None else 0

    def __eq__(self, other):
        if not isinstance(other, Event):
            return NotImplemented
        return other._value() == self._value()

    def __hash__(self):
        return hash(self._value())

    def __repr__(self):
        return "<Event handle=0x%x>" % self._value()

    # -- IPC -------------------------------------------------------------------------------------------------
    @property
    def ipc_descriptor(self):
        """The IPCEventDescriptor another process opens with ``Event.from_ipc_descriptor`` (RuntimeError for an
        event that is not IPC-enabled)."""
        self._live()
        if self._ipc_desc is None:
            raise RuntimeError("Event is not IPC-enabled: make it with stream.record(options=EventOptions("
                               "ipc_enabled=True))")
        return self._ipc_desc

    @classmethod
    def from_ipc_descriptor(cls, ipc_descriptor):
        """The event another process exported (its ``ipc_descriptor``), opened in the current device's context
        (made current where none is); waiting on it here waits for the other process's record."""
        if not isinstance(ipc_descriptor, IPCEventDescriptor):
            raise TypeError("ipc_descriptor must be an IPCEventDescriptor, not %s" % type(ipc_descriptor).__name__)
        _utils.check_not_forked()
        from ._device import Device

        dev = Device()
        dev._ensure_current()
        drv = _utils.driver()
        data = drv.CUipcEventHandle()
        data.reserved = ipc_descriptor._reserved
        handle = check(drv.cuIpcOpenEventHandle(data))
        self = object.__new__(cls)
        self._handle = handle
        self._device = dev
        self._ctx = check(drv.cuCtxGetCurrent())
        self._timing = False
        self._blocking = ipc_descriptor._blocking
        self._ipc = True
        self._ipc_desc = ipc_descriptor
        _register_with_multiprocessing()
        return self

    def __reduce__(self):
        raise TypeError("an Event cannot be pickled; an IPC-enabled event passes to another process through "
                        "multiprocessing (its queues, pipes and Process arguments), or send its ipc_descriptor")


def _reduce_event(event):
    """How multiprocessing sends an Event: as its IPC descriptor, opened again on the other side."""
    return Event.from_ipc_descriptor, (event.ipc_descriptor,)


_registered = [False]


def _register_with_multiprocessing():
    # Imported only once an IPC event exists: multiprocessing costs about 10 ms to import.
    if not _registered[0]:
        import multiprocessing.reduction

        multiprocessing.reduction.register(Event, _reduce_event)
        _registered[0] = True


class IPCEventDescriptor:
    """What another process needs to open an IPC-enabled event: 64 opaque bytes, and whether the event
    synchronizes by blocking. Picklable. Treat a descriptor from an untrusted peer as untrusted input."""

    __slots__ = ("_reserved", "_blocking")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("IPCEventDescriptor objects cannot be instantiated directly: use Event.ipc_descriptor")

    @staticmethod
    def _init(reserved, is_blocking_sync):
        if not isinstance(reserved, bytes) or len(reserved) != 64:
            raise ValueError("an IPC event descriptor holds 64 bytes, got %r" % (reserved,))
        self = object.__new__(IPCEventDescriptor)
        self._reserved = reserved
        self._blocking = bool(is_blocking_sync)
        return self

    def __reduce__(self):
        return (IPCEventDescriptor._init, (self._reserved, self._blocking))

    def __eq__(self, other):
        return isinstance(other, IPCEventDescriptor) and (other._reserved, other._blocking) == (self._reserved,
                                                                                              self._blocking)

    def __hash__(self):
        return hash((IPCEventDescriptor, self._reserved, self._blocking))

    def __repr__(self):
        return "<IPCEventDescriptor%s>" % (" blocking_sync" if self._blocking else "")


def _special(handle_int):
    """A Stream over CU_STREAM_LEGACY / CU_STREAM_PER_THREAD, made without loading the driver."""
    from .. import driver as drv

    self = object.__new__(Stream)
    self._handle = drv.CUstream(handle_int)
    self._h = handle_int
    self._owned = False
    self._foreign = None
    self._device = None
    self._nonblocking = False
    self._priority = self._ctx = None
    return self


_utils.Stream = _memory.Stream = Stream  # for stream_handle and Buffer.close, without an import per call

LEGACY_DEFAULT_STREAM = _special(1)
PER_THREAD_DEFAULT_STREAM = _special(2)
