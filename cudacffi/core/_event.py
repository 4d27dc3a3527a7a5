"""Event (a marker in a stream; ``end - start`` in milliseconds), EventOptions and IPCEventDescriptor."""

from __future__ import annotations

import multiprocessing.reduction
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Tuple

from .. import _direct
from .. import driver as _drv
from . import _context, _holds, _release, _utils
from ._closeable import Closeable
from ._context import Context
from ._utils import check, check_or_create_options

if TYPE_CHECKING:
    from ._device import Device

__all__ = ["Event", "EventOptions", "IPCEventDescriptor"]

# The hot paths (sync, is_done) make their one driver call after what _utils.driver() does on every call: the
# one-time cuInit (or the forked-child error) and the queued releases.
_queue = _release._queue
_ready = _utils._initialized  # [False] before cuInit, and again in a forked child
_NOT_READY = 600  # CUDA_ERROR_NOT_READY


def fail(status: int) -> None:
    """Raise the CUDAError of a driver status (an int), as the driver module's result would."""
    try:
        member: Any = _drv.CUresult(status)
    except ValueError:  # a status these headers do not name
        member = status
    check((member,))


def _calls_in_c(cls: Any) -> Any:
    """On CPython, ``sync()``, ``is_done`` and ``end - start`` of live events made in C
    (``_direct.handle_call_in_c``: the one driver call, no Python frame); every other case, and a subtraction the
    driver refuses (the Python code explains why), is the Python code's. Chosen as the class is defined."""
    sync = _direct.handle_call_in_c("cuEventSynchronize", _direct.EVENT_SYNC, cls.__dict__["sync"], fail, cls, None,
                                    _queue, _ready)
    if sync is not None:
        cls.sync = sync
    getter = cls.__dict__["is_done"]
    done = _direct.handle_call_in_c("cuEventQuery", _direct.EVENT_DONE, getter.fget, fail, cls, None, _queue, _ready)
    if done is not None:
        cls.is_done = property(done, doc=getter.__doc__)
        cls.is_done = _direct.getter_in_c(cls, "is_done", done)
    sub = _direct.handle_call_in_c("cuEventElapsedTime", _direct.ELAPSED, cls.__dict__["__sub__"], fail, cls, cls,
                                   _queue, _ready)
    if sub is not None:
        cls.__sub__ = sub
    return cls


@dataclass
class EventOptions:
    """``timing_enabled`` (default False), ``blocking_sync`` (Event.sync yields the CPU), ``ipc_enabled``."""

    timing_enabled: Optional[bool] = False
    blocking_sync: Optional[bool] = False
    ipc_enabled: Optional[bool] = False


@_calls_in_c
class Event(Closeable):
    """A marker in a stream. ``end - start`` gives the milliseconds between two timing-enabled events.

    A closed event reads ``handle == 0`` and ``is_closed``; anything else asked of it raises RuntimeError. Events
    compare and hash by handle and are weakly referenceable. Only an IPC-enabled event (one made by
    ``Stream.record(options=EventOptions(ipc_enabled=True))``) passes to another process: through
    multiprocessing (its queues, pipes and Process arguments) or as its ``ipc_descriptor``; ``pickle.dumps``
    itself refuses every event, as cuda.core does."""

    __slots__ = ("_handle", "_device", "_ctx", "_timing", "_blocking", "_ipc", "_ipc_desc", "__weakref__")

    def __new__(cls, *args: Any, **kwargs: Any) -> "Event":
        # A bare object is a closed event (as cuda.core's); __init__ refuses direct construction.
        self = object.__new__(cls)
        self._handle = self._device = self._ctx = self._ipc_desc = None
        self._timing = self._blocking = self._ipc = False
        return self

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("Event objects cannot be instantiated directly. Please use Stream APIs (record).")

    @classmethod
    def _create(cls, device: Optional["Device"], options: Any, bound: bool = False) -> "Event":
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

    def _live(self) -> Any:
        handle = self._handle
        if handle is None:
            raise RuntimeError("Event has been closed")
        return handle

    @property
    def handle(self) -> _drv.CUevent:
        """The ``driver.CUevent`` (``int(event.handle)`` is its address; 0 once closed)."""
        handle = self._handle
        return handle if handle is not None else _drv.CUevent(0)

    @property
    def is_timing_enabled(self) -> bool:
        self._live()
        return self._timing

    @property
    def is_blocking_sync(self) -> bool:
        self._live()
        return self._blocking

    @property
    def is_ipc_enabled(self) -> bool:
        self._live()
        return self._ipc

    @property
    def device(self) -> "Device":
        """The Device the event was made on (for an event opened from another process: the device whose context
        opened it)."""
        self._live()
        if self._device is None:
            self._device = _context.device(_context.device_of(self._ctx) if self._ctx is not None else None)
        return self._device

    @property
    def context(self) -> Context:
        """The Context the event was made in."""
        device = self.device
        if self._ctx is None:
            return device.context
        return Context._from_ctx(self._ctx, device._id)

    def sync(self) -> None:
        handle = self._live()
        if _queue or not _ready[0]:
            _utils.driver()
        status = _drv.cuEventSynchronize(handle)[0]
        if status:
            check((status,))

    @property
    def is_done(self) -> bool:
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

    def __sub__(self, other: "Event") -> float:
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

    def __rsub__(self, other: Any) -> Any:
        return NotImplemented

    def __isub__(self, other: Any) -> Any:
        return NotImplemented

    def close(self) -> None:
        """Destroy the event; the object then reads ``handle == 0``. Closing twice is harmless. A graph whose
        nodes record or wait for it keeps the CUDA event until it no longer needs it."""
        _release.drain()
        handle = self._handle
        if handle is not None:
            self._handle = None
            if not _holds.defer_close(self, lambda: _drv.cuEventDestroy(handle)):
                check(_drv.cuEventDestroy(handle))

    _destroy = staticmethod(_drv.cuEventDestroy)  # (the finalizer's: no graph keeps an event it collects)

    def _value(self) -> int:
        handle = self._handle
        return int(handle) if handle is not None else 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return other._value() == self._value()

    def __hash__(self) -> int:
        return hash(self._value())

    def __repr__(self) -> str:
        return "<Event handle=0x%x>" % self._value()

    # -- IPC -------------------------------------------------------------------------------------------------
    @property
    def ipc_descriptor(self) -> "IPCEventDescriptor":
        """The IPCEventDescriptor another process opens with ``Event.from_ipc_descriptor`` (RuntimeError for an
        event that is not IPC-enabled)."""
        self._live()
        if self._ipc_desc is None:
            raise RuntimeError("Event is not IPC-enabled: make it with stream.record(options=EventOptions("
                               "ipc_enabled=True))")
        return self._ipc_desc

    @classmethod
    def from_ipc_descriptor(cls, ipc_descriptor: "IPCEventDescriptor") -> "Event":
        """The event another process exported (its ``ipc_descriptor``), opened in the current device's context
        (made current where none is); waiting on it here waits for the other process's record."""
        if not isinstance(ipc_descriptor, IPCEventDescriptor):
            raise TypeError("ipc_descriptor must be an IPCEventDescriptor, not %s" % type(ipc_descriptor).__name__)
        _utils.check_not_forked()
        dev = _context.device()
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

    def __reduce__(self) -> Any:
        raise TypeError("an Event cannot be pickled; an IPC-enabled event passes to another process through "
                        "multiprocessing (its queues, pipes and Process arguments), or send its ipc_descriptor")


def _reduce_event(event: Event) -> Tuple[Any, Tuple["IPCEventDescriptor"]]:
    """How multiprocessing sends an Event: as its IPC descriptor, opened again on the other side."""
    return Event.from_ipc_descriptor, (event.ipc_descriptor,)


_registered = [False]


def _register_with_multiprocessing() -> None:
    if not _registered[0]:
        multiprocessing.reduction.register(Event, _reduce_event)
        _registered[0] = True


class IPCEventDescriptor:
    """What another process needs to open an IPC-enabled event: 64 opaque bytes, and whether the event
    synchronizes by blocking. Picklable. Treat a descriptor from an untrusted peer as untrusted input."""

    __slots__ = ("_reserved", "_blocking")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("IPCEventDescriptor objects cannot be instantiated directly: use Event.ipc_descriptor")

    @staticmethod
    def _init(reserved: bytes, is_blocking_sync: bool) -> "IPCEventDescriptor":
        if not isinstance(reserved, bytes) or len(reserved) != 64:
            raise ValueError("an IPC event descriptor holds 64 bytes, got %r" % (reserved,))
        self = object.__new__(IPCEventDescriptor)
        self._reserved = reserved
        self._blocking = bool(is_blocking_sync)
        return self

    def __reduce__(self) -> Any:
        return (IPCEventDescriptor._init, (self._reserved, self._blocking))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IPCEventDescriptor) and (other._reserved, other._blocking) == (self._reserved,
                                                                                              self._blocking)

    def __hash__(self) -> int:
        return hash((IPCEventDescriptor, self._reserved, self._blocking))

    def __repr__(self) -> str:
        return "<IPCEventDescriptor%s>" % (" blocking_sync" if self._blocking else "")
