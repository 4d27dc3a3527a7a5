"""A device's temperatures (``Temperature``, from ``Device.temperature``): the sensor, the thresholds, the margin
and the thermal sensors of each target."""

from __future__ import annotations

import warnings
from typing import Union

from cudacffi import nvml

from ._args import _enum_arg
from ._device_class import _DevicePart
from ._nvml import _c_struct, _nv
from ._records import MODULE, _field, _Record, _Sequence
from .exceptions import NvmlError
from .typing import DeviceArch, TemperatureThresholds, ThermalController, ThermalTarget

_THRESHOLD = {m: i for i, m in enumerate(TemperatureThresholds)}
_FIELD_THRESHOLDS = (TemperatureThresholds.SHUTDOWN, TemperatureThresholds.SLOWDOWN, TemperatureThresholds.MEM_MAX,
                     TemperatureThresholds.GPU_MAX)
_THERMAL_CONTROLLER = dict(enumerate(list(ThermalController)[:-1], 1))
_THERMAL_TARGET = {ThermalTarget.NONE: 0, ThermalTarget.GPU: 1, ThermalTarget.MEMORY: 2,
                   ThermalTarget.POWER_SUPPLY: 4, ThermalTarget.BOARD: 8, ThermalTarget.VCD_BOARD: 9,
                   ThermalTarget.VCD_INLET: 10, ThermalTarget.VCD_OUTLET: 11, ThermalTarget.ALL: 15}


class ThermalSensor(_Record):
    """One thermal sensor: its chip, limits and reading (Celsius)."""

    __slots__ = ("_controller", "_default_min_temp", "_default_max_temp", "_current_temp", "_target")
    __module__ = MODULE
    _fields = ("controller", "default_min_temp", "default_max_temp", "current_temp", "target")
    controller, default_min_temp, default_max_temp, current_temp, target = (_field(f) for f in _fields)


class ThermalSettings(_Sequence):
    """The thermal sensors (ThermalSensor) of one target."""

    __slots__ = ()
    __module__ = MODULE
    _out_of_range = "Thermal sensor index out of range"


class Temperature:
    """Temperatures of a device (``Device.temperature``), in degrees Celsius."""

    __slots__ = ("_handle",)
    __module__ = MODULE

    def __init__(self, handle: int) -> None:
        self._handle = handle

    def get_sensor(self) -> int:
        """The GPU's temperature sensor reading."""
        if hasattr(nvml, "device_get_temperature_v"):
            return _nv.device_get_temperature_v(self._handle, 0).temperature
        return _nv.device_get_temperature(self._handle, 0)

    def get_threshold(self, threshold_type: Union[TemperatureThresholds, str]) -> int:
        """The temperature of threshold ``threshold_type`` (TemperatureThresholds or its value). On Ada and newer
        GPUs NVML deprecates SHUTDOWN, SLOWDOWN, MEM_MAX and GPU_MAX here (DeprecationWarning): the field values
        NVML_FI_DEV_TEMPERATURE_* replace them."""
        threshold = _enum_arg(TemperatureThresholds, threshold_type, "temperature threshold type")
        if threshold in _FIELD_THRESHOLDS and self._ada_or_newer():
            warnings.warn("%s is no longer recommended for Ada and later architectures. Use get_field_values with "
                          "NVML_FI_DEV_TEMPERATURE_* fields to retrieve this threshold on these architectures."
                          % threshold.value, DeprecationWarning, stacklevel=2)  # cuda.core's words
        return _nv.device_get_temperature_threshold(self._handle, _THRESHOLD[threshold])

    def _ada_or_newer(self):
        try:
            return int(_nv.device_get_architecture(self._handle)) >= DeviceArch.ADA
        except NvmlError:
            return False

    @property
    def margin(self) -> int:
        """Degrees left before the nearest slowdown threshold."""
        return _nv.device_get_margin_temperature(self._handle).marginTemperature

    def get_thermal_settings(self, sensor_index: Union[ThermalTarget, str]) -> ThermalSettings:
        """The ThermalSettings (sensors) of target ``sensor_index`` (ThermalTarget or its value)."""
        target = _THERMAL_TARGET[_enum_arg(ThermalTarget, sensor_index, "thermal sensor index")]
        settings = _nv.device_get_thermal_settings(self._handle, target)
        raw = _c_struct(settings, "nvmlGpuThermalSettings_t")
        targets = {v: k for k, v in _THERMAL_TARGET.items()}
        sensors = [raw.sensor[i] for i in range(min(int(raw.count), len(raw.sensor)))]
        return ThermalSettings(
            ThermalSensor(_THERMAL_CONTROLLER.get(int(s.controller), ThermalController.UNKNOWN), int(s.defaultMinTemp),
                          int(s.defaultMaxTemp), int(s.currentTemp), targets.get(int(s.target), ThermalTarget.NONE))
            for s in sensors)


class _Thermal(_DevicePart):
    """``system.Device``'s temperatures."""

    __slots__ = ()

    @property
    def temperature(self) -> Temperature:
        return Temperature(self._handle)
