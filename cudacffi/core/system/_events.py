"""Device events: the event types a device can record, a set of them being recorded (``DeviceEvents``, from
``Device.register_events``) and one event received (``EventData``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Union

from .. import _release
from ._args import _bits, _int_arg, _mask
from ._device_class import _DevicePart, from_handle
from ._nvml import _init, _nv, _nv_call
from ._records import MODULE
from .typing import EventType

if TYPE_CHECKING:
    from ._device import Device

_EVENT_BITS = (
    (0x1, EventType.SINGLE_BIT_ECC_ERROR), (0x2, EventType.DOUBLE_BIT_ECC_ERROR), (0x4, EventType.PSTATE),
    (0x8, EventType.XID_CRITICAL_ERROR), (0x10, EventType.CLOCK), (0x80, EventType.POWER_SOURCE_CHANGE),
    (0x100, EventType.MIG_CONFIG_CHANGE), (0x200, EventType.SINGLE_BIT_ECC_ERROR_STORM),
    (0x400, EventType.DRAM_RETIREMENT_EVENT), (0x800, EventType.DRAM_RETIREMENT_FAILURE),
    (0x1000, EventType.NON_FATAL_POISON_ERROR), (0x2000, EventType.FATAL_POISON_ERROR),
    (0x4000, EventType.GPU_UNAVAILABLE_ERROR), (0x8000, EventType.GPU_RECOVERY_ACTION))

_EventTypes = Union[EventType, str, List[Union[EventType, str]]]


class EventData:
    """One device event: its ``device`` and ``event_type``; for XID_CRITICAL_ERROR also the Xid (``event_data``)
    and, on MIG devices, the instance ids (ValueError for other event types)."""

    __slots__ = ("device", "event_type", "_data", "_gpu_instance_id", "_compute_instance_id")
    __module__ = MODULE

    def __init__(self, device: Device, event_type: EventType, data: int, gpu_instance_id: int,
                 compute_instance_id: int) -> None:
        self.device, self.event_type = device, event_type
        self._data, self._gpu_instance_id, self._compute_instance_id = data, gpu_instance_id, compute_instance_id

    def _xid_only(self, value, name):
        if self.event_type != EventType.XID_CRITICAL_ERROR:
            raise ValueError("%s is only available for Xid critical error events." % name)
        return value

    @property
    def event_data(self) -> int:
        return self._xid_only(self._data, "event_data")

    @property
    def gpu_instance_id(self) -> int:
        return self._xid_only(self._gpu_instance_id, "gpu_instance_id")

    @property
    def compute_instance_id(self) -> int:
        return self._xid_only(self._compute_instance_id, "compute_instance_id")

    def __repr__(self):
        return "EventData(device=%r, event_type=%s)" % (self.device, self.event_type.name)


class DeviceEvents:
    """A set of device event types being recorded (``Device.register_events``); ``wait`` for them, ``close`` (or
    drop) to stop."""

    __module__ = MODULE

    def __init__(self, device_handle: int, events: _EventTypes) -> None:
        mask = _mask(events, EventType, _EVENT_BITS, "events")
        _init()
        self._set = _nv.event_set_create()
        try:
            _nv.device_register_events(device_handle, mask, self._set)
        except BaseException:
            self.close()
            raise

    def wait(self, timeout_ms: int = 0) -> EventData:
        """The next EventData, waiting up to ``timeout_ms`` ms (0: indefinitely); raises TimeoutError."""
        timeout_ms = _int_arg(timeout_ms, "timeout_ms", 0, 0xFFFFFFFF)
        if self._set is None:
            raise RuntimeError("these device events were closed")
        data = _nv.event_set_wait_v2(self._set, timeout_ms)
        kinds = {bit: member for bit, member in _EVENT_BITS}
        return EventData(from_handle(int(data.device)), kinds.get(int(data.eventType), EventType.NONE),
                         int(data.eventData), int(data.gpuInstanceId), int(data.computeInstanceId))

    def close(self) -> None:
        """Stop recording and free the event set (idempotent)."""
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _nv.event_set_free(event_set)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see core/_release)
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _defer(_nv_call, "event_set_free", event_set)


class _Events(_DevicePart):
    """``system.Device``'s events."""

    __slots__ = ()

    def register_events(self, events: _EventTypes) -> DeviceEvents:
        """Start recording ``events`` (EventType, its value, or a list of them) on this device (Linux); raises
        NotSupportedError where none of them can be recorded."""
        return DeviceEvents(self._handle, events)

    def get_supported_event_types(self) -> List[EventType]:
        return _bits(int(_nv.device_get_supported_event_types(self._handle)), _EVENT_BITS)
