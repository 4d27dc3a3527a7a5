"""cudacffi.nvml's enums and constants against cuda.bindings 13.5's nvml (the reference table
/work/shared/reference/cuda-bindings-13.5.0/enums.tsv): every name cuda.core.system reads, the enums nvml.h spells
as #define groups (DeviceArch, FieldId, EventType, ClocksEventReasons ...) and the member aliases, with the same
values. Members a newer nvml.h adds are absent from a build on older headers; the generator's rule is checked on
every snapshot's model, the built module on this build's.
"""

import os

import pytest

from cudacffi import driver, nvml

if driver.CUDA_VERSION < 12090:  # cuda.bindings 13.5's names, checked where the build's nvml.h has them all
    pytest.skip("nvml.h before CUDA 12.9 lacks names cuda.core's system module reads (this build: CUDA %d.%d)"
                % (driver.CUDA_VERSION // 1000, driver.CUDA_VERSION % 1000 // 10), allow_module_level=True)

REFERENCE = "/work/shared/reference/cuda-bindings-13.5.0/enums.tsv"

# The enum members and constants that cuda.core 1.2's system module reads from cuda.bindings.nvml (and that exist
# in CUDA 12.9's nvml.h, this build's oldest supported for them)
READ_BY_CUDA_CORE = {
    "AffinityScope": ("NODE", "SOCKET"),
    "BrandType": ("BRAND_UNKNOWN", "BRAND_QUADRO", "BRAND_TESLA", "BRAND_NVS", "BRAND_GRID", "BRAND_GEFORCE",
                  "BRAND_TITAN", "BRAND_NVIDIA_VAPPS", "BRAND_NVIDIA_VPC", "BRAND_NVIDIA_VCS", "BRAND_NVIDIA_VWS",
                  "BRAND_NVIDIA_CLOUD_GAMING", "BRAND_NVIDIA_VGAMING", "BRAND_QUADRO_RTX", "BRAND_NVIDIA_RTX",
                  "BRAND_NVIDIA", "BRAND_GEFORCE_RTX", "BRAND_TITAN_RTX"),
    "ClockId": ("CURRENT", "CUSTOMER_BOOST_MAX"),
    "ClockType": ("CLOCK_GRAPHICS", "CLOCK_MEM", "CLOCK_SM", "CLOCK_VIDEO"),
    "ClocksEventReasons": ("EVENT_REASON_NONE", "EVENT_REASON_GPU_IDLE", "EVENT_REASON_APPLICATIONS_CLOCKS_SETTING",
                           "EVENT_REASON_SW_POWER_CAP", "THROTTLE_REASON_HW_SLOWDOWN", "EVENT_REASON_SYNC_BOOST",
                           "EVENT_REASON_SW_THERMAL_SLOWDOWN", "THROTTLE_REASON_HW_THERMAL_SLOWDOWN",
                           "THROTTLE_REASON_HW_POWER_BRAKE_SLOWDOWN", "EVENT_REASON_DISPLAY_CLOCK_SETTING"),
    "CoolerControl": ("THERMAL_COOLER_SIGNAL_TOGGLE", "THERMAL_COOLER_SIGNAL_VARIABLE"),
    "CoolerTarget": ("THERMAL_NONE", "THERMAL_GPU", "THERMAL_MEMORY", "THERMAL_POWER_SUPPLY"),
    "DeviceArch": ("KEPLER", "MAXWELL", "PASCAL", "VOLTA", "TURING", "AMPERE", "ADA", "HOPPER", "BLACKWELL",
                   "UNKNOWN"),
    "EnableState": ("FEATURE_DISABLED", "FEATURE_ENABLED"),
    "EventType": ("NONE", "SINGLE_BIT_ECC_ERROR", "DOUBLE_BIT_ECC_ERROR", "PSTATE", "XID_CRITICAL_ERROR", "CLOCK",
                  "POWER_SOURCE_CHANGE", "MIG_CONFIG_CHANGE", "SINGLE_BIT_ECC_ERROR_STORM", "DRAM_RETIREMENT_EVENT",
                  "DRAM_RETIREMENT_FAILURE", "NON_FATAL_POISON_ERROR", "FATAL_POISON_ERROR", "GPU_UNAVAILABLE_ERROR",
                  "GPU_RECOVERY_ACTION"),
    "FanControlPolicy": ("TEMPERATURE_CONTINUOUS_SW", "MANUAL"),
    "GpuP2PCapsIndex": ("P2P_CAPS_INDEX_READ", "P2P_CAPS_INDEX_WRITE", "P2P_CAPS_INDEX_NVLINK",
                        "P2P_CAPS_INDEX_ATOMICS", "P2P_CAPS_INDEX_PCI", "P2P_CAPS_INDEX_PROP",
                        "P2P_CAPS_INDEX_UNKNOWN"),
    "GpuP2PStatus": ("P2P_STATUS_OK", "P2P_STATUS_CHIPSET_NOT_SUPPORTED", "P2P_STATUS_GPU_NOT_SUPPORTED",
                     "P2P_STATUS_IOH_TOPOLOGY_NOT_SUPPORTED", "P2P_STATUS_DISABLED_BY_REGKEY",
                     "P2P_STATUS_NOT_SUPPORTED", "P2P_STATUS_UNKNOWN"),
    "GpuTopologyLevel": ("TOPOLOGY_INTERNAL", "TOPOLOGY_SINGLE", "TOPOLOGY_MULTIPLE", "TOPOLOGY_HOSTBRIDGE",
                         "TOPOLOGY_NODE", "TOPOLOGY_SYSTEM"),
    "InforomObject": ("INFOROM_OEM", "INFOROM_ECC", "INFOROM_POWER", "INFOROM_DEN"),
    "NvlinkVersion": ("VERSION_INVALID", "VERSION_1_0", "VERSION_2_0", "VERSION_2_2", "VERSION_3_0", "VERSION_3_1",
                      "VERSION_4_0", "VERSION_5_0"),
    "PcieUtilCounter": ("PCIE_UTIL_RX_BYTES", "PCIE_UTIL_TX_BYTES"),
    "Pstates": ("PSTATE_0", "PSTATE_UNKNOWN"),
    "SystemEventType": ("GPU_DRIVER_BIND", "GPU_DRIVER_UNBIND"),
    "TemperatureSensors": ("TEMPERATURE_GPU",),
    "TemperatureThresholds": ("TEMPERATURE_THRESHOLD_SHUTDOWN", "TEMPERATURE_THRESHOLD_SLOWDOWN",
                              "TEMPERATURE_THRESHOLD_MEM_MAX", "TEMPERATURE_THRESHOLD_GPU_MAX",
                              "TEMPERATURE_THRESHOLD_ACOUSTIC_MIN", "TEMPERATURE_THRESHOLD_ACOUSTIC_CURR",
                              "TEMPERATURE_THRESHOLD_ACOUSTIC_MAX", "TEMPERATURE_THRESHOLD_GPS_CURR"),
    "ThermalController": ("GPU_INTERNAL", "ADM1032", "ADT7461", "MAX6649", "MAX1617", "LM99", "LM89", "LM64",
                          "G781", "ADT7473", "SBMAX6649", "VBIOSEVT", "OS", "NVSYSCON_CANOAS", "NVSYSCON_E551",
                          "MAX6649R", "ADT7473S", "UNKNOWN"),
    "ThermalTarget": ("NONE", "GPU", "MEMORY", "POWER_SUPPLY", "BOARD", "VCD_BOARD", "VCD_INLET", "VCD_OUTLET",
                      "ALL"),
}
# The #define enums (codegen.emit_py_exception.DEFINE_ENUMS)
DEFINE_ENUMS = ("AffinityScope", "ClocksEventReasons", "DeviceArch", "EventType", "FanControlPolicy", "FieldId",
                "SystemEventType")


def reference():
    if not os.path.exists(REFERENCE):
        pytest.skip("the cuda-bindings reference table is not on this machine")
    table = {}
    with open(REFERENCE, encoding="utf-8") as f:
        for line in f:
            module, name, _, members = line.rstrip("\n").split("\t")[:4]
            if module == "nvml":
                table[name] = {k: int(v) for k, v in (m.rsplit("=", 1) for m in members.split(";"))}
    return table


@pytest.mark.parametrize("enum_name", sorted(READ_BY_CUDA_CORE))
def test_every_name_cuda_core_reads_exists_with_its_value(enum_name):
    ref = reference()[enum_name]
    cls = getattr(nvml, enum_name)
    for member in READ_BY_CUDA_CORE[enum_name]:
        assert int(getattr(cls, member)) == ref[member], (enum_name, member)


def test_constants_and_errors_cuda_core_reads():
    import re

    from cudacffi import _gen

    # the value of the build's nvml.h: 18 links up to CUDA 13.0's, 36 in 13.5's
    links = 36 if re.search(r"cuda-13\.[5-9]|cuda-1[4-9]\.", _gen.SOURCE) else 18
    assert nvml.NVLINK_MAX_LINKS == links and nvml.MAX_GPU_UTILIZATIONS == 8
    for name in ("FieldValue", "ProcessInfo", "EventData", "Utilization", "Memory_v2", "BAR1Memory", "PciInfoExt_v1",
                 "DeviceAttributes", "GpuDynamicPstatesInfo", "SystemEventData_v1", "ValueType"):
        assert hasattr(nvml, name), name


def test_define_enums_are_int_enums_with_the_references_values():
    ref = reference()
    for enum_name in DEFINE_ENUMS:
        cls = getattr(nvml, enum_name)
        members = {k: int(v) for k, v in cls.__members__.items()}
        if enum_name == "FieldId" and nvml.CUDA_VERSION < 13000:  # CUDA 13's nvml.h renumbered some field ids
            members = {k: v for k, v in members.items() if not k.startswith(("PWR_SMOOTHING", "DEV_CLOCKS_EVENT",
                                                                            "DEV_POWER_SYNC"))}
        assert all(ref[enum_name][k] == v for k, v in members.items() if k in ref[enum_name]), enum_name
        assert isinstance(next(iter(cls)), int)
    assert nvml.DeviceArch(7) is nvml.DeviceArch.AMPERE and nvml.DeviceArch.HOPPER > nvml.DeviceArch.AMPERE
    assert nvml.FieldId.DEV_ECC_CURRENT == 1 and nvml.FieldId.DEV_NVLINK_LINK_COUNT == 91
    assert nvml.DeviceArch._by_value[0xFFFFFFFF] is nvml.DeviceArch.UNKNOWN
    # nvml.h's older spellings of the clock reasons are no members of their own
    assert not hasattr(nvml.ClocksEventReasons, "THROTTLE_REASON_GPU_IDLE")
    assert not hasattr(nvml.ClocksEventReasons, "EVENT_REASON_ALL") and not hasattr(nvml.EventType, "ALL")


def test_the_generator_rule_matches_the_reference_on_every_snapshot():
    """The #define enums of every snapshot's model: each member the reference has is named and valued as there;
    the newest snapshot has every member of the reference."""
    from codegen import snapshot
    from codegen.emit_py_exception import ExcWriter

    ref = reference()
    versions = [v for v in snapshot.available_versions() if "nvml" in snapshot.families_in(v)]
    for v in versions:
        enums = dict(ExcWriter(snapshot.load_model(v, "nvml")).define_enums())
        assert set(enums) <= set(DEFINE_ENUMS) and {"DeviceArch", "FieldId", "EventType"} <= set(enums), v
        for enum_name, members in enums.items():
            if enum_name == "FieldId" and not v.startswith("13."):  # renumbered in CUDA 13's nvml.h
                continue
            for name, value in members:
                assert ref[enum_name].get(name, value) == value, (v, enum_name, name)
    newest = dict(ExcWriter(snapshot.load_model("13.5", "nvml")).define_enums())
    for enum_name in DEFINE_ENUMS:
        assert set(ref[enum_name]) <= {n for n, _ in newest[enum_name]}, enum_name


def test_define_enum_members_rule():
    """codegen's rule for a #define enum, on made-up macros: prefix off, camel case to upper snake, renames and
    left-out suffixes, extra macros, the first name of a value only where asked, sorted by value."""
    from codegen.emit_py_exception import define_enum_members

    constants = [("xEvtNone", 0), ("xEvtXidCriticalError", 8), ("xEvtPState", 4), ("xEvtAll", 12),
                 ("xEvtOldPState", 4), ("xOtherMig", 256), ("X_ARCH_T23X", 11)]
    assert define_enum_members(constants, "xEvt", {"All": None}, (("MIG", "xOtherMig"), ("GONE", "xMissing")),
                               False) == [("NONE", 0), ("PSTATE", 4), ("OLD_PSTATE", 4), ("XID_CRITICAL_ERROR", 8),
                                          ("MIG", 256)]
    assert define_enum_members(constants, "xEvt", {"All": None}, (), True) == [
        ("NONE", 0), ("PSTATE", 4), ("XID_CRITICAL_ERROR", 8)]
    assert define_enum_members(constants, "X_ARCH_", {}, (), False) == [("T23X", 11)]  # upper case kept as is
    assert define_enum_members(constants, "X_ARCH_", {"T23X": "ORIN"}, (), False) == [("ORIN", 11)]
