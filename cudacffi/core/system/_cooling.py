"""A device's cooling: its cooler (``Device.cooler``) and fans (``FanInfo``, from ``Device.get_fan``)."""

from __future__ import annotations

from typing import Tuple

from ._args import _bits, _int_arg
from ._device_class import _DevicePart
from ._nvml import _nv
from ._records import MODULE, _field, _Record
from .typing import CoolerControl, CoolerTarget, FanControlPolicy

_COOLER_CONTROL = {1: CoolerControl.TOGGLE, 2: CoolerControl.VARIABLE}
_COOLER_TARGET_BITS = ((0x1, CoolerTarget.NONE), (0x2, CoolerTarget.GPU), (0x4, CoolerTarget.MEMORY),
                       (0x8, CoolerTarget.POWER_SUPPLY))
_FAN_POLICY = {0: FanControlPolicy.TEMPERATURE_CONTROLLED, 1: FanControlPolicy.MANUAL}


class CoolerInfo(_Record):
    """A cooler's control signal (CoolerControl, or None) and what it cools (list of CoolerTarget)."""

    __slots__ = ("_signal_type", "_target")
    __module__ = MODULE
    _fields = ("signal_type", "target")
    signal_type, target = (_field(f) for f in _fields)


class FanInfo:
    """One fan of a device (``Device.get_fan``); speeds in percent of the maximum unless they say RPM."""

    __slots__ = ("_handle", "_fan")
    __module__ = MODULE

    def __init__(self, handle: int, fan: int) -> None:
        self._handle = handle
        self._fan = _int_arg(fan, "fan", 0, 0xFFFFFFFF)

    @property
    def speed(self) -> int:
        """The fan's intended speed; settable (needs root)."""
        return _nv.device_get_fan_speed_v2(self._handle, self._fan)

    @speed.setter
    def speed(self, speed: int) -> None:
        _nv.device_set_fan_speed_v2(self._handle, self._fan, _int_arg(speed, "speed", 0, 0xFFFFFFFF))

    @property
    def speed_rpm(self) -> int:
        return _nv.device_get_fan_speed_rpm(self._handle, self._fan).speed

    @property
    def target_speed(self) -> int:
        return _nv.device_get_target_fan_speed(self._handle, self._fan)

    @property
    def min_max_speed(self) -> Tuple[int, int]:
        return tuple(_nv.device_get_min_max_fan_speed(self._handle))

    @property
    def control_policy(self) -> FanControlPolicy:
        return _FAN_POLICY[int(_nv.device_get_fan_control_policy_v2(self._handle, self._fan))]

    def set_default_speed(self) -> None:
        """Hand the fan back to the driver's default policy (needs root)."""
        _nv.device_set_default_fan_speed_v2(self._handle, self._fan)


class _Cooling(_DevicePart):
    """``system.Device``'s cooler and fans."""

    __slots__ = ()

    @property
    def cooler(self) -> CoolerInfo:
        info = _nv.device_get_cooler_info(self._handle)
        return CoolerInfo(_COOLER_CONTROL.get(int(info.signalType)), _bits(int(info.target), _COOLER_TARGET_BITS))

    def get_fan(self, fan: int = 0) -> FanInfo:
        """The FanInfo of fan ``fan``; ValueError for a fan the device does not have."""
        fan = _int_arg(fan, "fan", 0)
        count = self.num_fans
        if fan >= count:
            raise ValueError("Fan index %d is out of range [0, %d)" % (fan, count))
        return FanInfo(self._handle, fan)

    @property
    def num_fans(self) -> int:
        return _nv.device_get_num_fans(self._handle)
