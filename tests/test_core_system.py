"""cudacffi.core.system and cudacffi.core.checkpoint on the CPU: the names and kinds of the contract table, the
enums, the errors without a driver, argument checking, and every system.Device property against a stand-in
libnvidia-ml (``system_libnvml.c``, compiled here against the snapshot's nvml.h) that answers with values
derived from the device index.

Loading is process-global, so the cases that load a library run in a fresh interpreter with
``CUDACFFI_LIBNVML`` naming it (or a path where none is).
"""

import inspect
import json
import os

import pytest

from conftest import ROOT, build_standin, run_python

from cudacffi.core import checkpoint, system

NO_DRIVER = {"CUDACFFI_LIBNVML": "/nonexistent/libnvidia-ml.so.1", "CUDACFFI_LIBDRIVER": "/nonexistent/libcuda.so.1"}
TABLE = "/work/shared/reference/cuda-core-1.2.2/api.tsv"


def run(code, env):
    r = run_python("from cudacffi.core import system\nimport json\n" + code, env=env)
    assert r.returncode == 0, r.stderr  # never a crash, whatever the call
    return r.stdout


# -- the contract ----------------------------------------------------------------------------------------------

def contract_rows():
    if not os.path.exists(TABLE):
        pytest.skip("the contract table is not on this machine")
    rows = []
    with open(TABLE, encoding="utf-8") as f:
        for line in f:
            module, cls, member, kind, signature = line.rstrip("\n").split("\t")[:5]
            if module in ("cuda.core.system", "cuda.core.checkpoint") or (cls, member) == ("Device",
                                                                                           "to_system_device"):
                rows.append((module, cls, member, kind, signature))
    return rows


def test_every_row_of_the_table_exists_with_its_kind():
    import cudacffi.core as core

    modules = {"cuda.core": core, "cuda.core.system": system, "cuda.core.checkpoint": checkpoint}
    rows = contract_rows()
    assert len(rows) >= 78
    for module, cls, member, kind, signature in rows:
        where = modules[module]
        if kind in ("function", "constant"):  # module level: the name is in the class column
            obj = getattr(where, cls)
            assert {"function": inspect.isfunction(obj), "constant": repr(obj) == signature}[kind], cls
            continue
        owner = getattr(where, cls)
        if not member:
            assert inspect.isclass(owner), cls
            continue
        attr = inspect.getattr_static(owner, member)
        expected = {"property": isinstance(attr, property), "classmethod": isinstance(attr, classmethod),
                    "method": inspect.isfunction(attr)}[kind]
        assert expected, (cls, member, kind)


def test_signatures_follow_the_table():
    sig = inspect.signature(system.Device)
    assert list(sig.parameters) == ["index", "uuid", "pci_bus_id"]
    assert sig.parameters["uuid"].kind is inspect.Parameter.KEYWORD_ONLY
    assert all(p.default is None for p in sig.parameters.values())
    assert inspect.signature(system.Device.get_cpu_affinity).parameters["scope"].default is system.AffinityScope.NODE
    assert inspect.signature(system.Device.get_fan).parameters["fan"].default == 0
    assert list(inspect.signature(system.get_p2p_status).parameters) == ["device1", "device2", "index"]
    assert list(inspect.signature(system.RegisteredSystemEvents.wait).parameters) == ["self", "timeout_ms",
                                                                                       "buffer_size"]
    assert inspect.signature(checkpoint.Process.lock).parameters["timeout_ms"].default == 0
    assert inspect.signature(checkpoint.Process.restore).parameters["gpu_mapping"].default is None


ENUMS = {
    "AddressingMode": "HMM ATS",
    "AffinityScope": "NODE SOCKET",
    "ClockId": "CURRENT CUSTOMER_BOOST_MAX",
    "ClockType": "GRAPHICS SM MEMORY VIDEO",
    "ClocksEventReasons": "NONE GPU_IDLE APPLICATIONS_CLOCKS_SETTING SW_POWER_CAP HW_SLOWDOWN SYNC_BOOST "
                          "SW_THERMAL_SLOWDOWN HW_THERMAL_SLOWDOWN HW_POWER_BRAKE_SLOWDOWN DISPLAY_CLOCK_SETTING "
                          "BOARD_LIMIT RELIABILITY",
    "CoolerControl": "TOGGLE VARIABLE",
    "CoolerTarget": "NONE GPU MEMORY POWER_SUPPLY",
    "EventType": "NONE SINGLE_BIT_ECC_ERROR DOUBLE_BIT_ECC_ERROR PSTATE XID_CRITICAL_ERROR CLOCK POWER_SOURCE_CHANGE "
                 "MIG_CONFIG_CHANGE SINGLE_BIT_ECC_ERROR_STORM DRAM_RETIREMENT_EVENT DRAM_RETIREMENT_FAILURE "
                 "NON_FATAL_POISON_ERROR FATAL_POISON_ERROR GPU_UNAVAILABLE_ERROR GPU_RECOVERY_ACTION",
    "FanControlPolicy": "TEMPERATURE_CONTROLLED MANUAL",
    "GpuP2PCapsIndex": "READ WRITE NVLINK ATOMICS PCI PROP UNKNOWN",
    "GpuP2PStatus": "OK CHIPSET_NOT_SUPPORTED GPU_NOT_SUPPORTED IOH_TOPOLOGY_NOT_SUPPORTED DISABLED_BY_REGKEY "
                    "NOT_SUPPORTED UNKNOWN",
    "GpuTopologyLevel": "INTERNAL SINGLE MULTIPLE HOSTBRIDGE NODE SYSTEM",
    "InforomObject": "OEM ECC POWER DEN",
    "SystemEventType": "UNBIND BIND",
    "TemperatureThresholds": "SHUTDOWN SLOWDOWN MEM_MAX GPU_MAX ACOUSTIC_MIN ACOUSTIC_CURR ACOUSTIC_MAX GPS_CURR",
    "ThermalController": "GPU_INTERNAL ADM1032 ADT7461 MAX6649 MAX1617 LM99 LM89 LM64 G781 ADT7473 SBMAX6649 "
                         "VBIOSEVT OS NVSYSCON_CANOAS NVSYSCON_E551 MAX6649R ADT7473S UNKNOWN",
    "ThermalTarget": "NONE GPU MEMORY POWER_SUPPLY BOARD VCD_BOARD VCD_INLET VCD_OUTLET ALL",
    "DeviceArch": "KEPLER MAXWELL PASCAL VOLTA TURING AMPERE ADA HOPPER BLACKWELL UNKNOWN",
}


@pytest.mark.parametrize("name", sorted(ENUMS))
def test_enums_have_cuda_cores_members(name):
    from cudacffi.core.system import typing

    cls = getattr(system, name)
    assert getattr(typing, name) is cls
    assert list(cls.__members__) == ENUMS[name].split()
    if name != "DeviceArch":  # string enums: the value is what a str argument names, and what str() gives
        for member in cls:
            assert isinstance(member, str) and str(member) == member.value and cls(member.value) is member
    else:
        assert system.DeviceArch.HOPPER > system.DeviceArch.AMPERE and int(system.DeviceArch.HOPPER) == 9


def test_typing_is_importable_as_a_module():
    out = run("import cudacffi.core.system.typing as t\nfrom cudacffi.core.system.typing import GpuP2PStatus\n"
              "print(t.GpuP2PStatus is GpuP2PStatus is system.GpuP2PStatus, t is system.typing,\n"
              "      t.FieldId is __import__('cudacffi').nvml.FieldId, t.DeviceArch.__module__ == t.__name__)\n"
              "print(' '.join(sorted(t.__all__)))", {})
    lines = out.splitlines()
    assert lines[0].split() == ["True"] * 4
    assert lines[1].split() == ["AddressingMode", "AffinityScope", "ClockId", "ClockType", "ClocksEventReasons",
                                "CoolerControl", "CoolerTarget", "DeviceArch", "EventType", "FanControlPolicy",
                                "FieldId", "GpuP2PCapsIndex", "GpuP2PStatus", "GpuTopologyLevel", "InforomObject",
                                "SystemEventType", "TemperatureThresholds", "ThermalController", "ThermalTarget"]


def test_errors_are_nvmls():
    from cudacffi import nvml

    for name in ("NvmlError", "NotSupportedError", "NotFoundError", "TimeoutError", "LibraryNotFoundError",
                 "UninitializedError", "NoPermissionError", "InvalidArgumentError"):
        assert getattr(system, name) is getattr(nvml, name) and name in system.__all__
    assert system.CUDA_BINDINGS_NVML_IS_COMPATIBLE is True


def test_exceptions_module_names_and_hierarchy_are_cuda_cores():
    from cudacffi import nvml
    from cudacffi.core.system import exceptions

    assert system.exceptions is exceptions and set(exceptions.__all__) <= set(system.__all__)
    assert len(exceptions.__all__) == 32
    for name in exceptions.__all__:
        cls = getattr(exceptions, name)
        assert getattr(system, name) is cls and issubclass(cls, nvml.NvmlError), name
        assert name == "NvmlError" or cls.__bases__ == (nvml.NvmlError,) or name == "LibraryNotFoundError", name
    # NVML's own TimeoutError and MemoryError, not the builtins; a status raises its class
    assert exceptions.TimeoutError is nvml.NvmlTimeoutError and exceptions.MemoryError is nvml.NvmlMemoryError
    assert type(nvml.NvmlError(int(nvml.Return.ERROR_NOT_SUPPORTED))) is exceptions.NotSupportedError
    e = exceptions.ResetTypeNotSupportedError(30)
    assert isinstance(e, exceptions.NvmlError) and int(e.status) == 30
    assert str(e) == "ERROR_RESET_TYPE_NOT_SUPPORTED (30)"
    try:
        import cuda.core.system.exceptions as theirs
    except ImportError:
        return
    assert sorted(theirs.__all__) == sorted(exceptions.__all__)
    for name in theirs.__all__:  # the same tree: each class's base has the same name as cuda.core's
        ours_base = [b.__name__ for b in getattr(exceptions, name).__mro__[1:] if b.__name__ != "StatusError"]
        their_base = [b.__name__ for b in getattr(theirs, name).__mro__[1:]]
        assert ours_base[0] == their_base[0] or name == "LibraryNotFoundError", name


# -- without a driver --------------------------------------------------------------------------------------------

def test_importing_loads_nothing():
    out = run("from cudacffi import nvml\nimport cudacffi.core.checkpoint\nprint(nvml._library.loaded)", NO_DRIVER)
    assert out.strip() == "False"


def test_without_a_driver_every_call_is_a_clear_error():
    out = run("""
import cudacffi
from cudacffi.core.checkpoint import Process
calls = {"get_num_devices": system.get_num_devices, "get_driver_branch": system.get_driver_branch,
         "get_nvml_version": system.get_nvml_version, "kmd": system.get_kernel_mode_driver_version,
         "get_process_name": lambda: system.get_process_name(1), "Device": lambda: system.Device(0),
         "by_uuid": lambda: system.Device(uuid="GPU-0"), "get_all_devices": system.Device.get_all_devices,
         "register_events": lambda: system.register_events("bind"), "again": system.get_num_devices,
         "umd": system.get_user_mode_driver_version, "num_devices": lambda: system.num_devices,
         "devices": lambda: system.devices, "checkpoint": lambda: Process(1).state}
r = {}
for name, call in calls.items():
    try:
        call()
        r[name] = "returned"
    except cudacffi.LibraryNotFoundError as e:
        r[name] = [type(e).__name__, isinstance(e, system.NvmlError), "CUDACFFI_LIB" in str(e)]
    except NotImplementedError as e:  # checkpoints on a build whose headers are older than CUDA 12.8
        r[name] = [type(e).__name__, "CUDA 12.8" in str(e)]
print(json.dumps(r))
""", NO_DRIVER)
    r = json.loads(out)
    from cudacffi import driver

    if not hasattr(driver, "cuCheckpointProcessGetState"):
        assert r.pop("checkpoint") == ["NotImplementedError", True]
    for name in ("get_num_devices", "get_driver_branch", "get_nvml_version", "kmd", "get_process_name", "Device",
                 "by_uuid", "get_all_devices", "register_events", "again"):
        assert r[name] == ["LibraryNotFoundError", True, True], name  # NVML's: also an NvmlError
    for name in ("umd", "num_devices", "devices", "checkpoint"):  # the CUDA driver's answers
        assert r.get(name, ["LibraryNotFoundError", False, True]) == ["LibraryNotFoundError", False, True], name


def test_unknown_module_attribute():
    with pytest.raises(AttributeError, match="no_such_thing"):
        system.no_such_thing


# -- argument checking (before anything is loaded) -------------------------------------------------------------

@pytest.mark.parametrize("call, exc, name", [
    (lambda: system.Device(), ValueError, "index"),
    (lambda: system.Device(0, uuid="GPU-x"), ValueError, "uuid"),
    (lambda: system.Device(uuid="GPU-x", pci_bus_id="0:1:0.0"), ValueError, "pci_bus_id"),
    (lambda: system.Device("0"), TypeError, "index"),
    (lambda: system.Device(1.5), TypeError, "index"),
    (lambda: system.Device(-1), ValueError, "index"),
    (lambda: system.Device(1 << 40), ValueError, "index"),
    (lambda: system.Device(uuid=7), TypeError, "uuid"),
    (lambda: system.Device(pci_bus_id=1.5), TypeError, "pci_bus_id"),
    (lambda: system.get_process_name("1"), TypeError, "pid"),
    (lambda: system.get_process_name(-1), ValueError, "pid"),
    (lambda: system.get_p2p_status(None, None, "read"), TypeError, "device1"),
    (lambda: system.get_topology_common_ancestor(None, None), TypeError, "device1"),
    (lambda: system.register_events(3), TypeError, "events"),
    (lambda: system.register_events(["bind", "rebind"]), ValueError, "event type"),
    (lambda: system.Device.get_all_devices_with_cpu_affinity(-2), ValueError, "cpu_index"),
    (lambda: system.NvlinkInfo(0, 0), TypeError, "device"),
    (lambda: checkpoint.Process("12"), TypeError, "pid"),
    (lambda: checkpoint.Process(0), ValueError, "pid"),
    (lambda: checkpoint.Process(True), TypeError, "pid"),
    (lambda: checkpoint.Process(1 << 40), ValueError, "pid"),
    (lambda: checkpoint.Process(5).lock(-1), ValueError, "timeout_ms"),
    (lambda: checkpoint.Process(5).lock(None), TypeError, "timeout_ms"),
    (lambda: checkpoint.Process(5).restore(["GPU-0"]), TypeError, "gpu_mapping"),
], ids=lambda v: "" if callable(v) else str(v))
def test_bad_input_names_the_parameter(call, exc, name):
    with pytest.raises(exc, match=r"\b%s\b" % name):
        call()


def test_checkpoint_process_basics():
    p = checkpoint.Process(4321)
    assert p.pid == 4321 and repr(p) == "<Process pid=4321>"
    with pytest.raises(AttributeError):
        p.pid = 5
    uuid = checkpoint._uuid("GPU-00010203-0405-0607-0809-0a0b0c0d0e0f", "key")
    assert bytes(bytearray(b & 0xFF for b in _raw_bytes(uuid))) == bytes(range(16))
    for bad in ("0001", "zz" * 16, "00010203-0405-0607-0809-0a0b0c0d0e0f00"):
        with pytest.raises(ValueError, match="gpu_mapping key"):
            checkpoint._uuid(bad, "gpu_mapping key")


def _raw_bytes(uuid):
    b = uuid.bytes
    return b.encode("latin-1") if isinstance(b, str) else b


def test_checkpoint_needs_the_api_in_the_build():
    out = run("""
from cudacffi import driver
from cudacffi.core.checkpoint import Process
if hasattr(driver, "cuCheckpointProcessGetState"):  # (a build from CUDA 12.8+ headers: as if it were older)
    del driver.cuCheckpointProcessGetState
try:
    Process(1).state
except NotImplementedError as e:
    print(json.dumps([isinstance(e, RuntimeError), str(e)]))
""", NO_DRIVER)
    is_runtime_error, message = json.loads(out)
    assert is_runtime_error and "CUDA 12.8" in message and "cuCheckpointProcessGetState" in message


# -- every property against the stand-in -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    from cudacffi._gen import SOURCE

    version = SOURCE.split("cuda-")[-1] if SOURCE.startswith("snapshot") else "12.9"
    if tuple(map(int, version.split("."))) < (12, 9):
        pytest.skip("the stand-in NVML answers with the structs of nvml.h 12.9 and later; this build's nvml.h is "
                    "CUDA %s's" % version)
    include = os.path.join(ROOT, "headers", "cuda-%s" % version, "include")
    path = build_standin(tmp_path_factory, "system_libnvml.c", "libnvidia-ml.so.1", "-I", include)
    return {"CUDACFFI_LIBNVML": path, "CUDACFFI_LIBDRIVER": "/nonexistent/libcuda.so.1"}


ANSWERS = r"""
from cudacffi import nvml
S = lambda v: [S(x) for x in v] if isinstance(v, (list, tuple)) else str(v) if isinstance(v, str) else v
def rec(r):
    return {f: S(getattr(r, f)) for f in r._fields}
def attempt(f):
    try:
        return S(f())
    except Exception as e:
        return "raised " + type(e).__name__
r = {"count": system.get_num_devices(), "branch": system.get_driver_branch(), "nvml": system.get_nvml_version(),
     "kmd": system.get_kernel_mode_driver_version(), "pname": system.get_process_name(4242),
     "all": [d.index for d in system.Device.get_all_devices()], "count_cls": system.Device.get_device_count(),
     "devices": []}
for i in range(2):
    d = system.Device(i)
    pci = d.pci_info
    clock = d.get_clock("sm")
    temp = d.temperature
    r["devices"].append({
        "index": d.index, "uuid": d.uuid, "bare": d.uuid_without_prefix, "bus_id": d.pci_bus_id,
        "numa": d.numa_node_id, "arch": [d.arch.name, type(d.arch).__name__], "name": d.name, "brand": d.brand,
        "serial": d.serial, "module": d.module_id, "minor": d.minor_number, "c2c": d.is_c2c_enabled,
        "persist": d.is_persistence_mode_enabled, "cc": d.cuda_compute_capability, "attrs": rec(d.attributes),
        "display": [d.is_display_connected, d.is_display_active], "boost": d.is_auto_boosted_clocks_enabled,
        "reasons": S(d.current_clock_event_reasons), "supported_reasons": S(d.supported_clock_event_reasons),
        "pstate": d.performance_state, "pstates": d.supported_pstates,
        "dyn": [rec(u) for u in d.dynamic_pstates_info][:3], "dyn_len": len(d.dynamic_pstates_info),
        "cooler": rec(d.cooler), "fans": d.num_fans, "mem": rec(d.memory_info), "bar1": rec(d.bar1_memory_info),
        "mem_type": [type(d.memory_info).__name__, isinstance(d.bar1_memory_info, system.MemoryInfo)],
        "pci": {k: getattr(pci, k) for k in ("bus", "bus_id", "device", "domain", "vendor_id", "device_id",
                                            "subsystem_id", "base_class", "sub_class", "link_generation",
                                            "max_link_generation", "max_link_width", "current_link_generation",
                                            "current_link_width", "rx_throughput", "tx_throughput",
                                            "replay_counter")},
        "procs": [[p.pid, p.used_gpu_memory, attempt(lambda: p.gpu_instance_id),
                   attempt(lambda: p.compute_instance_id)] for p in d.compute_running_processes],
        "util": rec(d.utilization),
        "mem_aff": [d.get_memory_affinity(), d.get_memory_affinity("socket")],
        "cpu_aff": [d.get_cpu_affinity(), d.get_cpu_affinity(system.AffinityScope.SOCKET)],
        "clock": [clock.get_current_mhz(), clock.get_current_mhz("customer_boost_max"), clock.get_max_mhz(),
                  clock.get_min_max_clock_of_pstate_mhz(2), attempt(lambda: rec(clock.get_offsets(3)))],
        "mem_clock": d.get_clock(system.ClockType.MEMORY).get_current_mhz(),
        "temp": [temp.get_sensor(), temp.get_threshold("slowdown"), temp.get_threshold(system.TemperatureThresholds.SHUTDOWN),
                 attempt(lambda: temp.margin)],
        "thermal": [rec(s) for s in temp.get_thermal_settings("all")],
        "thermal_none": attempt(lambda: temp.get_thermal_settings("board")),
        "fan": attempt(lambda: [d.get_fan(1).speed, d.get_fan(1).control_policy, d.get_fan(0).control_policy,
                                d.get_fan().min_max_speed]),
        "nvlinks": attempt(lambda: [d.get_nvlink_count(), [[l.version, l.state] for l in d.get_nvlinks()]]),
        "nvlink_4": attempt(lambda: d.get_nvlink(4)),
        "events": S(d.get_supported_event_types()),
        "inforom": [d.inforom.get_version("ecc"), d.inforom.get_version(system.InforomObject.OEM),
                    d.inforom.image_version, d.inforom.board_part_number, d.inforom.configuration_checksum,
                    attempt(d.inforom.validate)],
        "mig": [attempt(lambda: d.mig.mode), attempt(lambda: d.mig.pending_mode), attempt(lambda: d.mig.device_count),
                d.mig.is_mig_device, attempt(d.mig.get_all_devices)],
        "by_uuid": [system.Device(uuid=d.uuid) == d, system.Device(uuid=d.uuid_without_prefix.encode()) == d,
                    system.Device(pci_bus_id=d.pci_bus_id) == d, system.Device(index=i) == d,
                    hash(system.Device(i)) == hash(d)],
        "nearest": [x.index for x in d.get_topology_nearest_gpus("system")],
        "nearest_internal": d.get_topology_nearest_gpus(system.GpuTopologyLevel.INTERNAL),
    })
d0, d1 = system.Device(0), system.Device(1)
fv = d0.get_field_values([91, (186, 3), 9999])
r["fields"] = [len(fv), fv[0].value, fv[1].value, fv[1].scope_id, fv[2].field_id, attempt(lambda: fv[2].value),
               attempt(fv.validate), fv[0].timestamp, fv[0].latency_usec,
               d0.get_field_values([91, (186, 3)]).get_all_values(), len(d0.get_field_values([])),
               [repr(fv[0].field_id), fv[0].field_id is system.typing.FieldId.DEV_NVLINK_LINK_COUNT,
                type(fv[2].field_id).__name__]]
r["topology"] = [S(system.get_topology_common_ancestor(d0, d1)), S(system.get_topology_common_ancestor(d0, d0)),
                 S(system.get_p2p_status(d0, d1, "nvlink")), S(system.get_p2p_status(d0, d1, system.GpuP2PCapsIndex.READ))]
r["affinity_gpus"] = [[x.index for x in system.Device.get_all_devices_with_cpu_affinity(c)] for c in (0, 5, 9)]
events = d0.register_events([system.EventType.XID_CRITICAL_ERROR, "pstate"])
e = events.wait(timeout_ms=10)
r["event"] = [e.device == d0, e.event_type.name, e.event_data, e.gpu_instance_id]
events.close()
events.close()
r["event_closed"] = attempt(lambda: events.wait(1))
quiet = d0.register_events("pstate")
r["event_timeout"] = attempt(lambda: quiet.wait(1))
r["event_unsupported"] = attempt(lambda: d0.register_events(["clock"]))
pe = system.EventData(d0, system.EventType.PSTATE, 0, 0, 0)
r["event_pstate"] = attempt(lambda: pe.event_data)
sysev = system.register_events([system.SystemEventType.BIND, "unbind"])
got = sysev.wait(timeout_ms=5, buffer_size=2)
r["system_events"] = [len(got), [g.event_type.name for g in got], [g.gpu_id for g in got], [g.device.index for g in got],
                      len(sysev.wait(buffer_size=8))]
sysev.close()
r["system_events_timeout"] = attempt(lambda: system.register_events("unbind").wait(1))
r["bad_wait"] = attempt(lambda: system.register_events("bind").wait(buffer_size=0))
d1.is_persistence_mode_enabled = True
r["persist_set"] = d1.is_persistence_mode_enabled
r["persist_truthy"] = attempt(lambda: setattr(d1, "is_persistence_mode_enabled", 1))  # as cuda.core: any truth value
r["not_found"] = [attempt(lambda: system.Device(uuid="GPU-ffffffff-0000-0000-0000-000000000000")),
                  attempt(lambda: system.Device(uuid="ffffffff-0000-0000-0000-000000000000")),
                  attempt(lambda: system.Device(pci_bus_id="00000000:99:00.0")), attempt(lambda: system.Device(5))]
r["bad_enum"] = [attempt(lambda: d0.get_clock("fast")), attempt(lambda: d0.get_cpu_affinity("rack")),
                 attempt(lambda: d0.temperature.get_threshold(3)), attempt(lambda: d0.get_fan(-1)), attempt(lambda: d0.get_fan(2)),
                 attempt(lambda: d0.get_field_values([(91, -1)])), attempt(lambda: d0.get_field_values(91)),
                 attempt(lambda: d0.get_clock("sm").get_min_max_clock_of_pstate_mhz(16)),
                 attempt(lambda: system.get_p2p_status(d0, d1, "sideways"))]
try:
    d0.get_clock("sm").get_max_customer_boost_mhz()
except Exception as e:
    import cudacffi
    r["missing_function"] = [isinstance(e, system.FunctionNotFoundError), isinstance(e, system.NvmlError),
                             isinstance(e, cudacffi.FunctionNotFoundError), "nvmlDeviceGetMaxCustomerBoostClock" in str(e)]
r["needs_13"] = [attempt(lambda: [S(d0.addressing_mode), d1.addressing_mode]),
                 attempt(lambda: [rec(d0.repair_status), rec(d1.repair_status)]),
                 hasattr(nvml, "device_get_repair_status")]
r["to_cuda"] = attempt(d0.to_cuda_device)
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    r["warned"] = [d0.temperature.get_threshold("acoustic_min"), len(caught), d0.temperature.get_threshold("gpu_max"),
                   len(caught), system.NvlinkInfo.max_links, len(caught),
                   sorted(set(w.category.__name__ for w in caught)),
                   str(caught[0].message).startswith("gpu_max is no longer recommended for Ada")]
r["nvml_was_initialised_once"] = nvml.device_get_count_v2()
print(json.dumps(r))
"""


@pytest.fixture(scope="module")
def answers(standin):
    return json.loads(run(ANSWERS, standin))


def test_module_functions(answers):
    assert answers["count"] == answers["count_cls"] == 2 and answers["all"] == [0, 1]
    assert answers["branch"] == "r580_00"  # NUL padding gone
    assert answers["nvml"] == [13, 580, 65, 6] and answers["kmd"] == [580, 65, 6]
    assert answers["pname"] == "/usr/bin/process-4242"


def test_identity(answers):
    for i, d in enumerate(answers["devices"]):
        assert d["index"] == i and d["name"] == "Stand-in H100 %d" % i
        assert d["uuid"] == "GPU-00112233-4455-6677-8899-aabbccddee%02x" % i and d["bare"] == d["uuid"][4:]
        assert d["bus_id"] == d["pci"]["bus_id"] == "00000000:%02X:00.0" % (0x17 + 0x4E * i)
        assert d["numa"] == i and d["module"] == 3 + i and d["minor"] == 10 + i and d["serial"].endswith(str(i))
        assert d["cc"] == [9, i] and d["c2c"] is (i == 1) and d["persist"] is (i == 0)
        assert d["by_uuid"] == [True] * 5
    assert answers["devices"][0]["arch"] == ["HOPPER", "DeviceArch"]
    assert answers["devices"][1]["arch"] == ["UNKNOWN", "DeviceArch"]  # a code newer than the list
    assert [d["brand"] for d in answers["devices"]] == ["NVIDIA", "GeForce RTX"]


def test_memory_pci_processes(answers):
    d0, d1 = answers["devices"]
    assert d0["mem"] == {"total": 80 << 30, "reserved": 512 << 20, "used": 512 << 20,
                         "free": (80 << 30) - (512 << 20)}
    assert d1["mem"]["used"] == (512 << 20) + (1 << 30)
    assert d0["bar1"] == {"total": 128 << 30, "used": 1 << 20, "free": (128 << 30) - (1 << 20), "reserved": 0}
    assert d0["mem_type"] == ["MemoryInfo", True]
    pci = d1["pci"]
    assert (pci["bus"], pci["device"], pci["domain"]) == (0x65, 0, 0)
    assert (pci["vendor_id"], pci["device_id"], pci["subsystem_id"]) == (0x10DE, 0x2330, 0x16C110DF)
    assert (pci["base_class"], pci["sub_class"]) == (3, 2)
    assert (pci["link_generation"], pci["max_link_generation"], pci["max_link_width"]) == (5, 5, 16)
    assert (pci["current_link_generation"], pci["current_link_width"], pci["replay_counter"]) == (5, 16, 7)
    assert (pci["rx_throughput"], pci["tx_throughput"]) == (1001, 2001)
    # outside MIG the instance ids are NVML's "none" (0xFFFFFFFF), which reads as NotSupportedError
    assert d0["procs"] == [[5000 + k, (k + 1) << 24, "raised NotSupportedError", "raised NotSupportedError"]
                           for k in range(2)]
    assert d1["procs"] == []
    assert d0["util"] == {"gpu": 70, "memory": 30} and d1["util"] == {"gpu": 71, "memory": 31}
    assert d1["attrs"]["multiprocessor_count"] == 131 and d1["attrs"]["memory_size_mb"] == 81559


def test_clocks_and_performance(answers):
    d0, d1 = answers["devices"]
    current, boost, top, (lo, hi), offsets = d0["clock"]
    assert (current, boost, top, lo, hi) == (1100, 4100, 1981, 201, 1998)  # SM is NVML clock type 1
    if offsets != "raised _MissingFunction":
        assert offsets == {"clock_offset_mhz": 31, "max_offset_mhz": 300, "min_offset_mhz": -200}
    assert d0["mem_clock"] == 1200
    assert d0["reasons"] == ["gpu_idle", "sw_power_cap", "hw_thermal_slowdown"] and d1["reasons"] == []
    assert len(d0["supported_reasons"]) == 9
    assert d0["pstate"] == 2 and d1["pstate"] is None  # NVML_PSTATE_UNKNOWN
    assert d0["pstates"] == [0, 2, 8] and d1["pstates"] == [0, 2, 9]
    assert d0["dyn_len"] == 8
    assert d1["dyn"][1] == {"is_present": True, "percentage": 11, "inc_threshold": 80, "dec_threshold": 31}
    assert d1["dyn"][2]["is_present"] is False
    assert d0["boost"] == [False, True] and d1["boost"] == [True, True]
    assert d0["display"] == [False, False] and d1["display"] == [True, False]


def test_cooling_and_temperature(answers):
    d0, d1 = answers["devices"]
    assert d0["cooler"] == {"signal_type": "variable", "target": ["gpu", "memory", "power_supply"]}
    assert d1["cooler"] == {"signal_type": "variable", "target": ["none"]}
    assert d0["fans"] == 2 and d1["fans"] == 0
    assert d0["fan"] == [41, "manual", "temperature_controlled", [30, 100]]
    assert d1["fan"] == "raised ValueError"  # no fans: every index is out of range
    assert d0["temp"] == [35, 81, 80, 40] and d1["temp"] == [36, 82, 81, 39]  # (deprecated ones warn)
    assert d0["thermal"] == [
        {"controller": "gpu_internal", "default_min_temp": 0, "default_max_temp": 90, "current_temp": 35,
         "target": "gpu"},
        {"controller": "unknown", "default_min_temp": 0, "default_max_temp": 85, "current_temp": 30,
         "target": "memory"}]
    assert d0["thermal_none"] == "raised NotSupportedError"


def test_affinity_and_topology(answers):
    d0, d1 = answers["devices"]
    assert d0["cpu_aff"] == [[0, 1, 2, 3, 64], list(range(8))]  # a bit in the mask's second word
    assert d1["cpu_aff"] == [[4, 5, 6, 7], list(range(8))]
    assert d0["mem_aff"] == [[0], [0]] and d1["mem_aff"] == [[1], [0]]
    assert d0["nearest"] == [1] and d1["nearest"] == [0] and d0["nearest_internal"] == []
    assert answers["topology"] == ["hostbridge", "internal", "not supported", "ok"]
    assert answers["affinity_gpus"] == [[0], [1], []]


def test_field_values_and_nvlinks(answers):
    n, count, power, scope, bad_id, bad, validate, stamp, latency, both, empty, kinds = answers["fields"]
    # a FieldId, as cuda.core's field_id; an id no FieldId names stays an int
    assert kinds == ["<FieldId.DEV_NVLINK_LINK_COUNT: 91>", True, "int"]
    assert (n, count, power, scope, bad_id) == (3, 4, 100003, 3, 9999)
    assert bad == validate == "raised InvalidArgumentError"  # each field raises its own error, when read
    assert stamp == 1700000000000000 and latency == 5 and both == [4, 100003] and empty == 0
    d0, d1 = answers["devices"]
    assert d0["nvlinks"] == [4, [[[4, 0], True], [[4, 0], True], [[4, 0], False], [[4, 0], False]]]
    assert d1["nvlinks"] == "raised NotSupportedError"  # the count field's own error
    assert d0["nvlink_4"] == "raised ValueError" and d1["nvlink_4"] == "raised NotSupportedError"


def test_device_events(answers):
    assert answers["event"] == [True, "XID_CRITICAL_ERROR", 79, 0xFFFFFFFF]
    assert answers["event_closed"] == "raised RuntimeError"
    assert answers["event_timeout"] == "raised NvmlTimeoutError"  # system.TimeoutError
    assert answers["event_unsupported"] == "raised NotSupportedError"
    assert answers["event_pstate"] == "raised ValueError"  # the Xid is only for Xid events
    assert answers["devices"][0]["events"] == ["double_bit_ecc_error", "pstate", "xid_critical_error"]


def test_system_events(answers):
    n, kinds, gpu_ids, devices, all_three = answers["system_events"]
    assert n == 2 and kinds == ["BIND", "BIND"] and gpu_ids == [0x17 << 8, 0x65 << 8] and devices == [0, 1]
    assert all_three == 3  # a larger buffer gets every event
    assert answers["system_events_timeout"] == "raised NvmlTimeoutError"  # system.TimeoutError
    assert answers["bad_wait"] == "raised ValueError"


def test_inforom_mig_and_setters(answers):
    d0, d1 = answers["devices"]
    assert d0["inforom"] == ["G520.0001.00.00", "G520.0000.00.00", "G520.0200.00.05", "692-2G520-0200-000",
                             0xC0FFEE, None]
    assert d1["inforom"][-1] == "raised CorruptedInforomError"
    assert d0["mig"] == [False, True, 7, False, []]
    assert d1["mig"] == ["raised NotSupportedError", "raised NotSupportedError", 0, False, []]
    assert answers["persist_set"] is True and answers["persist_truthy"] is None


def test_errors_through_the_stand_in(answers):
    assert answers["not_found"] == ["raised NotFoundError", "raised NotFoundError", "raised NotFoundError",
                                    "raised InvalidArgumentError"]
    assert answers["bad_enum"] == ["raised ValueError", "raised ValueError", "raised ValueError", "raised ValueError",
                                   "raised ValueError", "raised ValueError", "raised TypeError", "raised ValueError", "raised ValueError"]
    # the stand-in lacks it: NVML's FunctionNotFoundError (an NvmlError) and cudacffi's, naming the function
    assert answers["missing_function"] == [True, True, True, True]
    addressing, repair, has_13 = answers["needs_13"]
    if not has_13:
        assert addressing == repair == "raised NotImplementedError"
    else:
        assert addressing == ["ats", None]
        assert repair == [{"channel_repair_pending": False, "tpc_repair_pending": True},
                          {"channel_repair_pending": True, "tpc_repair_pending": False}]
    assert answers["to_cuda"] == "raised LibraryNotFoundError"  # finding the CUDA device needs libcuda
    assert answers["nvml_was_initialised_once"] == 2


def test_deprecations_warn(answers):
    """The four thresholds that NVML's field values replace on Ada and newer (device 0 is a Hopper), and
    NvlinkInfo.max_links."""
    assert answers["warned"] == [84, 0, 83, 1, 18, 2, ["DeprecationWarning", "UserWarning"], True]


# -- with a stand-in libcuda too: the two Device kinds, the driver-answered attributes, checkpointing ----------------

@pytest.fixture(scope="module")
def with_cuda(standin, tmp_path_factory):
    return dict(standin, CUDACFFI_LIBDRIVER=build_standin(tmp_path_factory, "system_libcuda.c"))


CUDA_ANSWERS = r"""
import ctypes, os
from cudacffi import CUDAError, driver
from cudacffi.core import Device
from cudacffi.core.checkpoint import Process
lib = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])
lib.system_libcuda_last_call.restype = ctypes.c_char_p
last = lambda: lib.system_libcuda_last_call().decode()
def attempt(f):
    try:
        return f()
    except Exception as e:
        return "raised %s: %s" % (type(e).__name__, e)
d0, d1 = Device(0), Device(1)
r = {"to_system": [d0.to_system_device().index, d1.to_system_device().index],
     "to_cuda": [system.Device(0).to_cuda_device().device_id, system.Device(1).to_cuda_device().device_id],
     "round_trip": [d.to_system_device().to_cuda_device() is d for d in (d0, d1)],
     "names": [d0.to_system_device().name == d0.name, d1.to_system_device().name == d1.name],
     "legacy": [system.num_devices, list(system.driver_version), [d.device_id for d in system.devices]],
     "umd": list(system.get_user_mode_driver_version()),
     "states": [attempt(lambda: Process(pid).state) for pid in (100, 101, 102, 103, 104, 200, 5)],
     "thread": Process(103).restore_thread_id, "calls": []}
p = Process(101)
for step in (lambda: p.lock(), lambda: p.lock(timeout_ms=250), p.checkpoint, p.unlock, Process(102).restore,
             lambda: Process(102).restore({})):
    step()
    r["calls"].append(last())
has_pairs = hasattr(driver, "CUcheckpointGpuPair")
mapping = {d0.uuid: d1.uuid, "GPU-" + d1.uuid: driver.CUuuid()}
r["remap"] = [has_pairs, attempt(lambda: Process(102).restore(mapping)), last()]
r["bad_uuid"] = attempt(lambda: Process(102).restore({"GPU-12": d0.uuid}))
r["bad_uuid_type"] = attempt(lambda: Process(102).restore({d0.uuid: 5}))
r["unsupported"] = attempt(lambda: Process(200).lock())
print(json.dumps(r))
"""


@pytest.fixture(scope="module")
def cuda_answers(with_cuda):
    return json.loads(run(CUDA_ANSWERS, with_cuda))


def test_devices_map_by_uuid_not_by_index(cuda_answers):
    assert cuda_answers["to_system"] == [1, 0] and cuda_answers["to_cuda"] == [1, 0]
    assert cuda_answers["round_trip"] == [True, True] and cuda_answers["names"] == [True, True]


def test_the_earlier_attributes_are_the_drivers(cuda_answers):
    assert cuda_answers["legacy"] == [2, [13, 0], [0, 1]] and cuda_answers["umd"] == [13, 0]


def test_checkpoint_states_and_calls(cuda_answers):
    states = cuda_answers["states"]
    assert states[:4] == ["running", "locked", "checkpointed", "failed"]
    assert states[4] == "raised RuntimeError: unknown CUDA checkpoint process state: 42"
    assert states[5].startswith("raised NotImplementedError:") and "CUDA 12.8" in states[5]
    assert states[6].startswith("raised CUDAError:") and "CUDA_ERROR_INVALID_VALUE" in states[6]
    assert cuda_answers["thread"] == 1031
    assert cuda_answers["calls"] == ["lock 101 0", "lock 101 250", "checkpoint 101 null", "unlock 101 null",
                                     "restore 102", "restore 102"]
    assert cuda_answers["unsupported"].startswith("raised NotImplementedError:")


def test_checkpoint_restore_onto_other_gpus(cuda_answers):
    has_pairs, outcome, call = cuda_answers["remap"]
    if has_pairs:  # CUDA 13 headers: each pair reaches the driver (the UUIDs' last bytes, old > new)
        assert outcome is None and call == "restore 102 01>00 00>00"
    else:
        assert outcome.startswith("raised NotImplementedError:") and "13.0" in outcome
    if has_pairs:
        assert cuda_answers["bad_uuid"].startswith("raised ValueError: gpu_mapping key")
        assert cuda_answers["bad_uuid_type"].startswith("raised TypeError: gpu_mapping value")


@pytest.mark.parametrize("gpu_id, bus_id", [(0x0000_0200, "00000000:02:00.0"), (0x0000_C100, "00000000:C1:00.0"),
                                            (0x0001_0A0F, "00000001:0A:0F.0")])
def test_system_event_gpu_ids_unpack_to_bus_ids(gpu_id, bus_id):
    """A system event's gpu_id packs domain << 16 | bus << 8 | device; the function is always 0."""
    from cudacffi.core.system._system_events import _pci_bus_id_from_gpu_id

    assert _pci_bus_id_from_gpu_id(gpu_id) == bus_id


def test_integers_through_the_number_protocol(standin):
    """numpy integers, objects with ``__index__`` and bools are taken wherever an int is, as cuda.core does."""
    out = run("""
class Index:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
r = [system.Device(Index(1)).index, system.Device(True).index]
try:
    import numpy
    r.append(system.Device(numpy.int64(1)).index)
    r.append(system.Device(0).get_fan(numpy.uint8(0)).speed == system.Device(0).get_fan(0).speed)
except ImportError:
    r += [1, True]
print(json.dumps(r))
""", standin)
    assert json.loads(out) == [1, 1, 1, True]


def test_a_forked_child_initializes_nvml_again(standin):
    """NVML is initialized once per process, as cuda.core does it: a child forked after the parent initialized it
    initializes it again (the stand-in counts nvmlInit calls; each nvmlShutdown undoes one)."""
    out = run("""
import os
from cudacffi import nvml
system.get_num_devices()
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    system.get_num_devices()
    nvml.shutdown()
    try:
        nvml.shutdown()  # a second init in this child: a second shutdown succeeds
        os.write(w, b"again")
    except nvml.UninitializedError:
        os.write(w, b"once")
    os._exit(0)
os.waitpid(pid, 0)
print(os.read(r, 16).decode())
""", standin)
    assert out.strip() == "again"


def test_sequences_index_as_cuda_cores():
    import pickle

    sensors = system.ThermalSettings([1, 2])
    assert sensors[1] == sensors[-1] == 2 and len(sensors) == 2
    with pytest.raises(IndexError, match="^Thermal sensor index out of range$"):
        sensors[2]
    with pytest.raises(IndexError, match="^GPU dynamic P-states index out of range$"):
        system.GpuDynamicPstatesInfo([])[0]
    e = pickle.loads(pickle.dumps(system.ResetTypeNotSupportedError(30)))
    assert type(e) is system.ResetTypeNotSupportedError and int(e.status) == 30


def test_records_pickle():
    import pickle

    for record in (system.MemoryInfo(1, 2, 3, 4), system.BAR1MemoryInfo(1, 2, 3, 0),
                   system.SystemEvent(system.SystemEventType.BIND, 7),
                   system.ThermalSensor(system.ThermalController.OS, 1, 2, 3, system.ThermalTarget.GPU)):
        again = pickle.loads(pickle.dumps(record))
        assert again == record and type(again) is type(record) and repr(again) == repr(record)
    assert pickle.loads(pickle.dumps(system.Device._from_handle(1234)))._handle == 1234
