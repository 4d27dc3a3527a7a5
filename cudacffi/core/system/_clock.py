"""Clocks and performance states: one clock domain (``ClockInfo``, from ``Device.get_clock``), why the clocks are
where they are, and the P-states (``Device.performance_state``, ``supported_pstates``, ``dynamic_pstates_info``)."""

from __future__ import annotations

from typing import List, Optional, Tuple, Union

from ._args import _bits, _enum_arg, _pstate_arg
from ._device_class import _DevicePart
from ._nvml import _c_struct, _nv
from ._records import MODULE, _field, _Record, _Sequence
from .typing import ClockId, ClocksEventReasons, ClockType

# NVML's numbers for the enums (header constants, most of them #defines the bindings do not carry)
_CLOCK_TYPE = {ClockType.GRAPHICS: 0, ClockType.SM: 1, ClockType.MEMORY: 2, ClockType.VIDEO: 3}
_CLOCK_ID = {ClockId.CURRENT: 0, ClockId.CUSTOMER_BOOST_MAX: 3}
_CLOCKS_EVENT_BITS = (
    (0x1, ClocksEventReasons.GPU_IDLE), (0x2, ClocksEventReasons.APPLICATIONS_CLOCKS_SETTING),
    (0x4, ClocksEventReasons.SW_POWER_CAP), (0x8, ClocksEventReasons.HW_SLOWDOWN),
    (0x10, ClocksEventReasons.SYNC_BOOST), (0x20, ClocksEventReasons.SW_THERMAL_SLOWDOWN),
    (0x40, ClocksEventReasons.HW_THERMAL_SLOWDOWN), (0x80, ClocksEventReasons.HW_POWER_BRAKE_SLOWDOWN),
    (0x100, ClocksEventReasons.DISPLAY_CLOCK_SETTING), (0x200, ClocksEventReasons.BOARD_LIMIT),
    (0x400, ClocksEventReasons.RELIABILITY))
_PSTATE_UNKNOWN = 32


class ClockOffsets(_Record):
    """A clock domain's current offset and its allowed range at one P-state, in MHz."""

    __slots__ = ("_clock_offset_mhz", "_max_offset_mhz", "_min_offset_mhz")
    __module__ = MODULE
    _fields = ("clock_offset_mhz", "max_offset_mhz", "min_offset_mhz")
    clock_offset_mhz, max_offset_mhz, min_offset_mhz = (_field(f) for f in _fields)


class GpuDynamicPstatesUtilization(_Record):
    """One utilization domain: busy percentage over the last second and the P-state change thresholds."""

    __slots__ = ("_is_present", "_percentage", "_inc_threshold", "_dec_threshold")
    __module__ = MODULE
    _fields = ("is_present", "percentage", "inc_threshold", "dec_threshold")
    is_present, percentage, inc_threshold, dec_threshold = (_field(f) for f in _fields)


class GpuDynamicPstatesInfo(_Sequence):
    """The utilization domains (GpuDynamicPstatesUtilization) that drive P-state changes."""

    __slots__ = ()
    __module__ = MODULE
    _out_of_range = "GPU dynamic P-states index out of range"


class ClockInfo:
    """One clock domain of a device (``Device.get_clock``); every reading is in MHz."""

    __slots__ = ("_handle", "_type")
    __module__ = MODULE

    def __init__(self, handle: int, clock_type: Union[ClockType, str]) -> None:
        self._handle = handle
        self._type = _CLOCK_TYPE[_enum_arg(ClockType, clock_type, "clock type")]

    def get_current_mhz(self, clock_id: Union[ClockId, str] = ClockId.CURRENT) -> int:
        """The clock's current value, or the value ``clock_id`` names (ClockId)."""
        return _nv.device_get_clock(self._handle, self._type, _CLOCK_ID[_enum_arg(ClockId, clock_id, "clock ID")])

    def get_max_mhz(self) -> int:
        return _nv.device_get_max_clock_info(self._handle, self._type)

    def get_max_customer_boost_mhz(self) -> int:
        return _nv.device_get_max_customer_boost_clock(self._handle, self._type)

    def get_min_max_clock_of_pstate_mhz(self, pstate: int) -> Tuple[int, int]:
        """(min, max) of this clock at P-state ``pstate`` (0 fastest .. 15)."""
        return tuple(_nv.device_get_min_max_clock_of_p_state(self._handle, self._type, _pstate_arg(pstate)))

    def get_offsets(self, pstate: int) -> ClockOffsets:
        """The ClockOffsets of this clock at P-state ``pstate``."""
        o = _nv.device_get_clock_offsets(self._handle, self._type, _pstate_arg(pstate))
        return ClockOffsets(o.clockOffsetMHz, o.maxClockOffsetMHz, o.minClockOffsetMHz)


class _Clocks(_DevicePart):
    """``system.Device``'s clocks and performance states."""

    __slots__ = ()

    def get_clock(self, clock_type: Union[ClockType, str]) -> ClockInfo:
        """The ClockInfo of clock domain ``clock_type`` (ClockType or its value)."""
        return ClockInfo(self._handle, clock_type)

    @property
    def is_auto_boosted_clocks_enabled(self) -> Tuple[bool, bool]:
        """(current, default) state of auto boosted clocks."""
        current, default = _nv.device_get_auto_boosted_clocks_enabled(self._handle)
        return (bool(current), bool(default))

    @property
    def current_clock_event_reasons(self) -> List[ClocksEventReasons]:
        """The ClocksEventReasons in effect now ([] where the clocks are unconstrained)."""
        return _bits(int(_nv.device_get_current_clocks_event_reasons(self._handle)), _CLOCKS_EVENT_BITS)

    @property
    def supported_clock_event_reasons(self) -> List[ClocksEventReasons]:
        return _bits(int(_nv.device_get_supported_clocks_event_reasons(self._handle)), _CLOCKS_EVENT_BITS)

    @property
    def performance_state(self) -> Optional[int]:
        """The current P-state, 0 (fastest) to 15; None where unknown."""
        state = int(_nv.device_get_performance_state(self._handle))
        return None if state == _PSTATE_UNKNOWN else state

    @property
    def supported_pstates(self) -> List[int]:
        """The P-states the device supports, fastest first."""
        states = _nv.device_get_supported_performance_states(self._handle)
        return [int(s) for s in states if int(s) != _PSTATE_UNKNOWN]

    @property
    def dynamic_pstates_info(self) -> GpuDynamicPstatesInfo:
        info = _nv.device_get_dynamic_pstates_info(self._handle)
        raw = _c_struct(info, "nvmlGpuDynamicPstatesInfo_t")
        return GpuDynamicPstatesInfo(
            GpuDynamicPstatesUtilization(bool(u.bIsPresent), int(u.percentage), int(u.incThreshold),
                                         int(u.decThreshold)) for u in raw.utilization)
