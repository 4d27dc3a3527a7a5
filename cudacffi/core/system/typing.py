"""cudacffi.core.system.typing: the enums that cudacffi.core.system's signatures name, as cuda.core.system.typing
has them.

The string enums (``ClockType``, ``GpuP2PStatus`` ...) compare equal to their value strings, and wherever
cudacffi.core.system asks for one, the value string is accepted too. ``DeviceArch`` is an int enum, ordered, with
``cudacffi.nvml.DeviceArch``'s values; ``FieldId`` is ``cudacffi.nvml.FieldId``. Nothing here loads NVML.
"""

import enum

from cudacffi import nvml

class _StrEnum(str, enum.Enum):
    """A string enum whose ``str()`` is its value."""

    def __str__(self):
        return self.value


def _str_enum(name, members, doc):
    cls = _StrEnum(name, [(m, v) for m, v in members], module=__name__)
    cls.__doc__ = doc
    return cls


AddressingMode = _str_enum("AddressingMode", [("HMM", "hmm"), ("ATS", "ats")],
                           "How the GPU addresses system-allocated memory (software mirroring or ATS).")
AffinityScope = _str_enum("AffinityScope", [("NODE", "node"), ("SOCKET", "socket")],
                          "Scope of a CPU or memory affinity query: NUMA node (the default) or CPU socket.")
ClockId = _str_enum("ClockId", [("CURRENT", "current"), ("CUSTOMER_BOOST_MAX", "customer_boost_max")],
                    "Which value of a clock: the current one or the OEM-defined boost maximum.")
ClocksEventReasons = _str_enum("ClocksEventReasons", [
    ("NONE", "none"), ("GPU_IDLE", "gpu_idle"), ("APPLICATIONS_CLOCKS_SETTING", "applications_clocks_setting"),
    ("SW_POWER_CAP", "sw_power_cap"), ("HW_SLOWDOWN", "hw_slowdown"), ("SYNC_BOOST", "sync_boost"),
    ("SW_THERMAL_SLOWDOWN", "sw_thermal_slowdown"), ("HW_THERMAL_SLOWDOWN", "hw_thermal_slowdown"),
    ("HW_POWER_BRAKE_SLOWDOWN", "hw_power_brake_slowdown"), ("DISPLAY_CLOCK_SETTING", "display_clock_setting"),
    ("BOARD_LIMIT", "board_limit"), ("RELIABILITY", "reliability")],
    "Why the clocks are where they are (NVML's clocks event reasons).")
ClockType = _str_enum("ClockType", [("GRAPHICS", "graphics"), ("SM", "sm"), ("MEMORY", "memory"), ("VIDEO", "video")],
                      "Clock domains; all speeds are in MHz.")
CoolerControl = _str_enum("CoolerControl", [("TOGGLE", "toggle"), ("VARIABLE", "variable")],
                          "A cooler's control signal: on/off, or a variable level.")
CoolerTarget = _str_enum("CoolerTarget", [("NONE", "none"), ("GPU", "gpu"), ("MEMORY", "memory"),
                                          ("POWER_SUPPLY", "power_supply")], "What a cooler cools.")
EventType = _str_enum("EventType", [
    ("NONE", "none"), ("SINGLE_BIT_ECC_ERROR", "single_bit_ecc_error"),
    ("DOUBLE_BIT_ECC_ERROR", "double_bit_ecc_error"), ("PSTATE", "pstate"),
    ("XID_CRITICAL_ERROR", "xid_critical_error"), ("CLOCK", "clock"), ("POWER_SOURCE_CHANGE", "power_source_change"),
    ("MIG_CONFIG_CHANGE", "mig_config_change"), ("SINGLE_BIT_ECC_ERROR_STORM", "single_bit_ecc_error_storm"),
    ("DRAM_RETIREMENT_EVENT", "dram_retirement_event"), ("DRAM_RETIREMENT_FAILURE", "dram_retirement_failure"),
    ("NON_FATAL_POISON_ERROR", "non_fatal_poison_error"), ("FATAL_POISON_ERROR", "fatal_poison_error"),
    ("GPU_UNAVAILABLE_ERROR", "gpu_unavailable_error"), ("GPU_RECOVERY_ACTION", "gpu_recovery_action")],
    "Device events that ``Device.register_events`` can record.")
FanControlPolicy = _str_enum("FanControlPolicy", [("TEMPERATURE_CONTROLLED", "temperature_controlled"),
                                                  ("MANUAL", "manual")], "Who drives a fan: the driver or the user.")
GpuP2PCapsIndex = _str_enum("GpuP2PCapsIndex", [
    ("READ", "read"), ("WRITE", "write"), ("NVLINK", "nvlink"), ("ATOMICS", "atomics"), ("PCI", "pci"),
    ("PROP", "prop"), ("UNKNOWN", "unknown")], "The peer-to-peer capability ``get_p2p_status`` asks about.")
GpuP2PStatus = _str_enum("GpuP2PStatus", [
    ("OK", "ok"), ("CHIPSET_NOT_SUPPORTED", "chipset not supported"), ("GPU_NOT_SUPPORTED", "GPU not supported"),
    ("IOH_TOPOLOGY_NOT_SUPPORTED", "IOH topology not supported"), ("DISABLED_BY_REGKEY", "disabled by regkey"),
    ("NOT_SUPPORTED", "not supported"), ("UNKNOWN", "unknown")], "Peer-to-peer status between two GPUs.")
GpuTopologyLevel = _str_enum("GpuTopologyLevel", [
    ("INTERNAL", "internal"), ("SINGLE", "single"), ("MULTIPLE", "multiple"), ("HOSTBRIDGE", "hostbridge"),
    ("NODE", "node"), ("SYSTEM", "system")], "How closely two GPUs are connected, nearest first.")
InforomObject = _str_enum("InforomObject", [("OEM", "oem"), ("ECC", "ecc"), ("POWER", "power"), ("DEN", "den")],
                          "InfoROM objects whose version ``InforomInfo.get_version`` reads.")
SystemEventType = _str_enum("SystemEventType", [("UNBIND", "unbind"), ("BIND", "bind")],
                            "System events that ``register_events`` can record: a GPU's driver unbound or bound.")
TemperatureThresholds = _str_enum("TemperatureThresholds", [
    ("SHUTDOWN", "shutdown"), ("SLOWDOWN", "slowdown"), ("MEM_MAX", "mem_max"), ("GPU_MAX", "gpu_max"),
    ("ACOUSTIC_MIN", "acoustic_min"), ("ACOUSTIC_CURR", "acoustic_curr"), ("ACOUSTIC_MAX", "acoustic_max"),
    ("GPS_CURR", "gps_curr")], "Temperature thresholds that ``Temperature.get_threshold`` reads.")
ThermalController = _str_enum("ThermalController", [
    ("GPU_INTERNAL", "gpu_internal"), ("ADM1032", "adm1032"), ("ADT7461", "adt7461"), ("MAX6649", "max6649"),
    ("MAX1617", "max1617"), ("LM99", "lm99"), ("LM89", "lm89"), ("LM64", "lm64"), ("G781", "g781"),
    ("ADT7473", "adt7473"), ("SBMAX6649", "sbmax6649"), ("VBIOSEVT", "vbiosevt"), ("OS", "os"),
    ("NVSYSCON_CANOAS", "nvsyscon_canoas"), ("NVSYSCON_E551", "nvsyscon_e551"), ("MAX6649R", "max6649r"),
    ("ADT7473S", "adt7473s"), ("UNKNOWN", "unknown")], "The chip behind a thermal sensor.")
ThermalTarget = _str_enum("ThermalTarget", [
    ("NONE", "none"), ("GPU", "gpu"), ("MEMORY", "memory"), ("POWER_SUPPLY", "power_supply"), ("BOARD", "board"),
    ("VCD_BOARD", "vcd_board"), ("VCD_INLET", "vcd_inlet"), ("VCD_OUTLET", "vcd_outlet"), ("ALL", "all")],
    "What a thermal sensor measures.")


class _IntEnum(enum.IntEnum):
    """An int enum that prints as its repr (``<DeviceArch.AMPERE: 7>``), as cuda.core's does; a format spec
    formats the number."""

    def __str__(self):
        return repr(self)

    def __format__(self, spec):
        return int.__format__(int(self), spec) if spec else str(self)


def _arch(name, value):
    """NVML's number of architecture ``name`` (nvml.h's NVML_DEVICE_ARCH_*; ``value``, CUDA 13's, where this build's
    nvml.h predates it)."""
    return int(getattr(nvml.DeviceArch, name, value))


class DeviceArch(_IntEnum):
    """A GPU's architecture (UNKNOWN for one this list does not name)."""

    # ordered by value, so that ``arch >= DeviceArch.AMPERE`` reads as "Ampere or newer"
    KEPLER = _arch("KEPLER", 2)
    MAXWELL = _arch("MAXWELL", 3)
    PASCAL = _arch("PASCAL", 4)
    VOLTA = _arch("VOLTA", 5)
    TURING = _arch("TURING", 6)
    AMPERE = _arch("AMPERE", 7)
    ADA = _arch("ADA", 8)
    HOPPER = _arch("HOPPER", 9)
    BLACKWELL = _arch("BLACKWELL", 10)
    UNKNOWN = _arch("UNKNOWN", 0xFFFFFFFF)


FieldId = nvml.FieldId

__all__ = ["AddressingMode", "AffinityScope", "ClockId", "ClockType", "ClocksEventReasons", "CoolerControl",
           "CoolerTarget", "EventType", "FanControlPolicy", "GpuP2PCapsIndex", "GpuP2PStatus", "GpuTopologyLevel",
           "InforomObject", "SystemEventType", "TemperatureThresholds", "ThermalController", "ThermalTarget",
           "DeviceArch", "FieldId"]
