"""Stream and Event, with cuda.core's options and the ``__cuda_stream__`` protocol both ways."""

import os
from dataclasses import dataclass
from typing import Optional

from . import _memory, _utils
from ._utils import check, check_or_create_options


@dataclass
class StreamOptions:
    """``nonblocking``: the stream does not synchronize with the legacy default stream (default True);
    ``priority``: lower is higher priority (default: the lowest)."""

    nonblocking: bool = True
    priority: Optional[int] = None


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
    synchronizes and closes it."""

    __slots__ = ("_handle", "_h", "_owned", "_foreign", "_device", "_nonblocking", "_priority", "__weakref__")

    def __new__(cls, *args, **kwargs):
        if args or kwargs:
            raise TypeError("Stream() takes no arguments: use Device.create_stream(obj, options) or "
                            "Stream.from_handle(handle)")
        from ._device import Device

        dev = Device()
        dev._ensure_current()
        return cls._create(dev, None)

    @classmethod
    def _wrap(cls, handle_int, owned, foreign=None, device=None):
        drv = _utils.driver()
        self = object.__new__(cls)
        self._handle = drv.CUstream(handle_int)
        self._h = handle_int
        self._owned = owned
        self._foreign = foreign
        self._device = device
        self._nonblocking = self._priority = None
        return self

    @classmethod
    def _create(cls, device, options):
        opts = check_or_create_options(StreamOptions, options, "Stream options")
        drv = _utils.driver()
        flags = drv.CUstream_flags.CU_STREAM_NON_BLOCKING if opts.nonblocking else drv.CUstream_flags.CU_STREAM_DEFAULT
        if opts.priority is None:
            priority = check(drv.cuCtxGetStreamPriorityRange())[0]  # (least, greatest): the lowest priority
        else:
            priority = opts.priority
        handle = check(drv.cuStreamCreateWithPriority(flags, priority))
        self = cls._wrap(int(handle), True, device=device)
        self._handle = handle
        self._nonblocking = bool(opts.nonblocking)
        return self

    @classmethod
    def _from_foreign(cls, obj, options=None):
        if options is not None:
            raise ValueError("options cannot be given with a foreign stream object")
        return cls._wrap(_utils.stream_handle(obj, "obj"), False, foreign=obj)

    @staticmethod
    def from_handle(handle):
        """A Stream over an existing ``CUstream`` (an int address); it is not destroyed on close."""
        if not isinstance(handle, int) or isinstance(handle, bool):
            raise TypeError("handle must be an int, not %s" % type(handle).__name__)
        return Stream._wrap(handle, False)

    # -- protocol and identity ------------------------------------------------------------------------------
    def __cuda_stream__(self):
        return (0, self._h)

    @property
    def handle(self):
        """The ``driver.CUstream`` (``int(stream.handle)`` is its address)."""
        return self._handle

    @property
    def is_closed(self):
        return self._handle is None

    def __eq__(self, other):
        return isinstance(other, Stream) and other._h == self._h

    def __hash__(self):
        return hash((Stream, self._h))

    def __repr__(self):
        return "<Stream handle=0x%x%s>" % (self._h, " closed" if self._handle is None else "")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._handle is not None:
            try:
                self.sync()
            finally:
                self.close()

    def close(self):
        """Destroy the stream if this object created it (idempotent)."""
        if self._handle is None:
            return
        if self._owned:
            from .. import driver as drv

            handle, self._handle = self._handle, None
            check(drv.cuStreamDestroy(handle))
        self._handle = None
        self._foreign = None

    def __del__(self):
        try:
            if self._owned and self._handle is not None:
                self.close()
        except Exception:  # interpreter shutdown or a lost context: nothing to report to
            pass

    # -- facts -------------------------------------------------------------------------------------------
    @property
    def is_nonblocking(self):
        if self._nonblocking is None:
            drv = _utils.driver()
            flags = check(drv.cuStreamGetFlags(self._live()))
            self._nonblocking = bool(int(flags) & int(drv.CUstream_flags.CU_STREAM_NON_BLOCKING))
        return self._nonblocking

    @property
    def priority(self):
        if self._priority is None:
            self._priority = check(_utils.driver().cuStreamGetPriority(self._live()))
        return self._priority

    @property
    def context(self):
        from ._device import Context

        drv = _utils.driver()
        ctx = check(drv.cuStreamGetCtx(self._live()))
        check(drv.cuCtxPushCurrent(ctx))
        try:
            dev = int(check(drv.cuCtxGetDevice()))
        finally:
            drv.cuCtxPopCurrent()
        return Context._from_ctx(ctx, dev)

    @property
    def resources(self):
        """The DeviceResources of the context this stream runs in (a default stream: the current context)."""
        from ._green import stream_resources

        return stream_resources(self)

    @property
    def device(self):
        from ._device import Device

        if self._device is None:
            self._device = Device(self.context._device_id)
        return self._device

    def _live(self):
        if self._handle is None:
            raise RuntimeError("the stream is closed")
        return self._handle

    # -- work ----------------------------------------------------------------------------------------------
    def sync(self):
        check(_utils.driver().cuStreamSynchronize(self._live()))

    def record(self, event=None, options=None):
        """Record ``event`` (a new one made with ``options`` where None) on this stream; returns it."""
        if event is None:
            event = Event._create(self._device, options)
        elif not isinstance(event, Event):
            raise TypeError("event must be an Event or None, not %s" % type(event).__name__)
        check(_utils.driver().cuEventRecord(event._live(), self._live()))
        return event

    def create_graph_builder(self):
        """A GraphBuilder capturing on this stream (which stays this object's to close)."""
        from .graph import GraphBuilder

        self._live()
        return GraphBuilder._on(self, owned=False)

    def wait(self, event_or_stream):
        """Make future work on this stream wait for an Event, or for all work now queued on a stream."""
        drv = _utils.driver()
        if isinstance(event_or_stream, Event):
            check(drv.cuStreamWaitEvent(self._live(), event_or_stream._live(), 0))
            return
        other = _utils.stream_handle(event_or_stream, "event_or_stream")
        if other == self._h:
            return
        ev = check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
        try:
            check(drv.cuEventRecord(ev, other))
            check(drv.cuStreamWaitEvent(self._live(), ev, 0))
        finally:
            check(drv.cuEventDestroy(ev))


def default_stream():
    """The stream ``Device.default_stream`` gives: per-thread where CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM
    is set to a non-zero value, else the legacy default stream."""
    if os.environ.get("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM", "0") not in ("", "0"):
        return PER_THREAD_DEFAULT_STREAM
    return LEGACY_DEFAULT_STREAM


class Event:
    """A marker in a stream. ``end - start`` gives the milliseconds between two timing-enabled events."""

    __slots__ = ("_handle", "_device", "_timing", "_blocking", "_ipc", "_ipc_desc", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("Event objects cannot be instantiated directly: use Device.create_event() or "
                           "Stream.record()")

    @classmethod
    def _create(cls, device, options):
        opts = check_or_create_options(EventOptions, options, "Event options")
        drv = _utils.driver()
        flags = 0
        if not opts.timing_enabled:
            flags |= int(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING)
        if opts.blocking_sync:
            flags |= int(drv.CUevent_flags.CU_EVENT_BLOCKING_SYNC)
        if opts.ipc_enabled:
            if opts.timing_enabled:
                raise TypeError("IPC-enabled events cannot use timing")
            flags |= int(drv.CUevent_flags.CU_EVENT_INTERPROCESS)
        self = object.__new__(cls)
        self._handle = check(drv.cuEventCreate(flags))
        self._device = device
        self._timing = bool(opts.timing_enabled)
        self._blocking = bool(opts.blocking_sync)
        self._ipc = bool(opts.ipc_enabled)
        self._ipc_desc = None
        return self

    def _live(self):
        if self._handle is None:
            raise RuntimeError("the event is closed")
        return self._handle

    @property
    def handle(self):
        return self._handle

    @property
    def is_closed(self):
        return self._handle is None

    @property
    def is_timing_enabled(self):
        return self._timing

    @property
    def is_blocking_sync(self):
        return self._blocking

    @property
    def is_ipc_enabled(self):
        return self._ipc

    @property
    def device(self):
        if self._device is None:
            from ._device import Device

            self._device = Device()
        return self._device

    @property
    def context(self):
        return self.device.context

    def sync(self):
        check(_utils.driver().cuEventSynchronize(self._live()))

    @property
    def is_done(self):
        drv = _utils.driver()
        err, = drv.cuEventQuery(self._live())
        if err == drv.CUresult.CUDA_ERROR_NOT_READY:
            return False
        check((err,))
        return True

    def __sub__(self, other):
        """Milliseconds from ``other`` (recorded first) to this event."""
        if not isinstance(other, Event):
            return NotImplemented
        if not (self._timing and other._timing):
            raise RuntimeError("Timing capability must be enabled in order to subtract two Events; timing is "
                               "disabled by default (EventOptions(timing_enabled=True))")
        drv = _utils.driver()
        err, ms = drv.cuEventElapsedTime(other._live(), self._live())
        if err == drv.CUresult.CUDA_ERROR_NOT_READY:
            raise RuntimeError("One or both events have not completed yet: call Event.sync() first")
        check((err,))
        return ms

    def close(self):
        if self._handle is not None:
            handle, self._handle = self._handle, None
            check(_utils.driver().cuEventDestroy(handle))

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __eq__(self, other):
        return isinstance(other, Event) and self._handle is not None and other._handle == self._handle

    # -- IPC -------------------------------------------------------------------------------------------------
    @property
    def ipc_descriptor(self):
        """An IPCEventDescriptor another process opens with ``Event.from_ipc_descriptor`` (the event must be
        made with ``EventOptions(ipc_enabled=True)``). Events pickle as their descriptor, so an IPC-enabled
        event passes to a process started with the 'spawn' method or through its queues."""
        handle = self._live()
        if not self._ipc:
            raise RuntimeError("this Event is not IPC-enabled: create it with EventOptions(ipc_enabled=True)")
        if self._ipc_desc is None:
            data = check(_utils.driver().cuIpcGetEventHandle(handle))
            self._ipc_desc = IPCEventDescriptor._init(bytes(data.reserved), self._blocking)
        return self._ipc_desc

    @classmethod
    def from_ipc_descriptor(cls, ipc_descriptor):
        """The event another process exported (its ``ipc_descriptor``), opened in the current device's context;
        recording and waiting on either side is seen by both."""
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
        self._timing = False
        self._blocking = ipc_descriptor._blocking
        self._ipc = True
        self._ipc_desc = ipc_descriptor
        return self

    def __reduce__(self):
        if self._handle is None:
            raise ValueError("a closed Event cannot be pickled")
        if not self._ipc:
            raise TypeError("only an IPC-enabled Event can be pickled (it is sent as its IPC descriptor): create it "
                            "with EventOptions(ipc_enabled=True)")
        return (Event.from_ipc_descriptor, (self.ipc_descriptor,))

    def __hash__(self):
        return hash((Event, int(self._handle) if self._handle is not None else id(self)))

    def __repr__(self):
        return "<Event %s>" % ("closed" if self._handle is None else "0x%x" % int(self._handle))


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
    self._priority = None
    return self


_utils.Stream = _memory.Stream = Stream  # for stream_handle and Buffer.close, without an import per call

LEGACY_DEFAULT_STREAM = _special(1)
PER_THREAD_DEFAULT_STREAM = _special(2)
