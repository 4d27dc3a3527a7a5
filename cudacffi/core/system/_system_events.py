"""System events: a GPU's driver bound or unbound (``register_events``, ``RegisteredSystemEvents.wait``), each
event naming its GPU by PCI address (``SystemEvent.device``)."""

from __future__ import annotations

from typing import List, Union

from .. import _release
from ._args import _int_arg, _mask
from ._device import Device
from ._nvml import _init, _nv, _nv_call, _raw, _version_of, c_cast, c_new
from ._records import MODULE, _Record, _Sequence
from .typing import SystemEventType

_SYSTEM_EVENT_BITS = ((0x1, SystemEventType.UNBIND), (0x2, SystemEventType.BIND))

_SystemEventTypes = Union[SystemEventType, str, List[Union[SystemEventType, str]]]


def _pci_bus_id_from_gpu_id(gpu_id):
    """NVML's bus id of a system event's packed ``gpu_id`` (domain << 16 | bus << 8 | device; function 0)."""
    return "%08X:%02X:%02X.0" % (gpu_id >> 16, (gpu_id >> 8) & 0xFF, gpu_id & 0xFF)


class SystemEvent(_Record):
    """One system event: its ``event_type`` (SystemEventType) and ``gpu_id``, the GPU's packed PCI address;
    ``device`` finds the GPU."""

    __slots__ = ("_event_type", "_gpu_id")
    __module__ = MODULE
    _fields = ("event_type", "gpu_id")
    event_type = property(lambda self: self._event_type)
    gpu_id = property(lambda self: self._gpu_id)

    @property
    def device(self) -> Device:
        """The Device of the event's GPU, found by its PCI bus id."""
        return Device(pci_bus_id=_pci_bus_id_from_gpu_id(self.gpu_id))


class SystemEvents(_Sequence):
    """The system events (SystemEvent) one ``RegisteredSystemEvents.wait`` received."""

    __slots__ = ()
    __module__ = MODULE


class RegisteredSystemEvents:
    """A set of system event types being recorded; ``wait`` for them, ``close`` (or drop) to stop."""

    __module__ = MODULE

    def __init__(self, events: _SystemEventTypes) -> None:
        mask = _mask(events, SystemEventType, _SYSTEM_EVENT_BITS, "events")
        _init()
        self._set = _nv.system_event_set_create().set
        try:
            _nv.system_register_events(mask, self._set)
        except BaseException:
            self.close()
            raise

    def wait(self, timeout_ms: int = 0, buffer_size: int = 1) -> SystemEvents:
        """The events received within ``timeout_ms`` ms (0: wait indefinitely), at most ``buffer_size`` of them;
        raises TimeoutError when none came."""
        timeout_ms = _int_arg(timeout_ms, "timeout_ms", 0, 0xFFFFFFFF)
        buffer_size = _int_arg(buffer_size, "buffer_size", 1, 1 << 20)
        if self._set is None:
            raise RuntimeError("these system events were closed")
        data = c_new("nvmlSystemEventData_v1_t[]", buffer_size)
        request = c_new("nvmlSystemEventSetWaitRequest_t *")
        request.version = _version_of("nvmlSystemEventSetWaitRequest_v1_t", 1)
        request.timeoutms = timeout_ms
        request.set = c_cast("nvmlSystemEventSet_t", int(self._set))
        request.data = data
        request.dataSize = buffer_size
        _raw("nvmlSystemEventSetWait", request)
        members = {bit: member for bit, member in _SYSTEM_EVENT_BITS}
        return SystemEvents(SystemEvent(members.get(int(data[i].eventType)), int(data[i].gpuId))
                            for i in range(min(request.numEvent, buffer_size)))

    def close(self) -> None:
        """Stop recording and free the event set (idempotent)."""
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _nv.system_event_set_free(event_set)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see core/_release)
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _defer(_nv_call, "system_event_set_free", event_set)


def register_events(events: _SystemEventTypes) -> RegisteredSystemEvents:
    """Start recording system events (SystemEventType, its value, or a list of them); wait for them with
    ``RegisteredSystemEvents.wait``. Linux only."""
    return RegisteredSystemEvents(events)
