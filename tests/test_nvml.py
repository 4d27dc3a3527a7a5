"""cudacffi.nvml on the CPU: the error paths without a driver, and the marshalling against a stand-in
libnvidia-ml (``fake_libnvml.c``, compiled here against the snapshot's nvml.h) answering a handful of calls.

Loading is process-global, so each case runs in a fresh interpreter with ``CUDACFFI_LIBNVML`` naming the
library (or a path where none is). Exception style, as cuda.bindings.nvml: handles are ints, structs come
back as objects, strings as str, counted lists whole; failures raise the NvmlError subclass of their status.
"""

import json
import os
import subprocess

import pytest

from conftest import ROOT, build_standin, run_python

from cudacffi import nvml

NO_LIBRARY = {"CUDACFFI_LIBNVML": "/nonexistent/libnvidia-ml.so.1"}


@pytest.fixture(scope="module")
def fake_nvml(tmp_path_factory):
    """The stand-in library, built against the nvml.h of the build's own snapshot."""
    from cudacffi._gen import SOURCE

    version = SOURCE.split("cuda-")[-1] if SOURCE.startswith("snapshot") else "12.9"
    include = os.path.join(ROOT, "headers", "cuda-%s" % version, "include")
    with open(os.path.join(include, "nvml.h"), encoding="utf-8") as f:
        header = f.read()
    extra = ["-D" + flag for name, flag in (("nvmlEventSetGetContextData_v1", "WITH_CONTEXT_DATA"),
                                            ("nvmlDeviceReadPRMCounters_v1", "WITH_PRM_COUNTERS")) if name in header]
    return {"CUDACFFI_LIBNVML": build_standin(tmp_path_factory, "fake_libnvml.c", "libnvidia-ml.so.1", "-I", include,
                                              *extra)}


def run(code, env):
    r = run_python("from cudacffi import nvml\nimport json\n" + code, env=env)
    assert r.returncode == 0, r.stderr  # never a crash, whatever the call
    return r.stdout


# -- errors -------------------------------------------------------------------------------------------------

def test_each_status_raises_its_own_subclass():
    for status, name in ((1, "UninitializedError"), (9, "DriverNotLoadedError"), (3, "NotSupportedError"),
                         (7, "InsufficientSizeError"), (999, "UnknownError")):
        e = nvml.NvmlError(status)
        assert type(e).__name__ == name and isinstance(e, nvml.NvmlError)
        assert e.status == status and str(e) == "%s (%d)" % (nvml.Return(status).name, status)
    # cuda.bindings' names for the two that would hide Python's own errors, and their short aliases
    assert type(nvml.NvmlError(20)) is nvml.NvmlMemoryError is nvml.MemoryError
    assert type(nvml.NvmlError(10)) is nvml.NvmlTimeoutError is nvml.TimeoutError
    assert nvml.check_status(0) == 0 and nvml.check_status_size(7) == 0
    with pytest.raises(nvml.NoPermissionError):
        nvml.check_status(4)


def test_without_a_driver_every_call_raises_library_not_found():
    out = run("""
import cudacffi
try:
    nvml.init_v2()
except nvml.NvmlError as e:
    print(json.dumps([type(e).__name__, int(e.status), isinstance(e, cudacffi.LibraryNotFoundError), str(e)]))
for f in (nvml.device_get_count_v2, lambda: nvml.device_get_name(0), nvml.shutdown):
    try:
        f()
    except nvml.LibraryNotFoundError as e:
        print("raised", int(e.status))
""", NO_LIBRARY)
    first, *rest = out.splitlines()
    name, status, also_ours, message = json.loads(first)
    assert (name, status, also_ours) == ("LibraryNotFoundError", 12, True)
    assert "libnvidia-ml" in message and "CUDACFFI_LIBNVML" in message and "/nonexistent" in message
    assert rest == ["raised 12"] * 3


def test_every_call_before_init_is_a_clear_error(fake_nvml):
    """Every function of the module, called with zeros before nvmlInit: NVML's ERROR_UNINITIALIZED, a function
    the stand-in lacks (FunctionNotFoundError), or an argument refused by name; never a crash."""
    out = run("""
import inspect, cudacffi
kinds = {}
for name, f in sorted(vars(nvml).items()):
    if not inspect.isfunction(f) or f.__module__ not in ("cudacffi._gen.nvml", "cudacffi.nvml") \
            or name.startswith("_") or name in ("error_string", "check_status", "check_status_size", "available"):
        continue
    if name.startswith(("init", "shutdown")):
        continue
    try:
        f(*[0] * len(inspect.signature(f).parameters))
        kinds[name] = "returned"
    except nvml.NvmlError as e:
        kinds[name] = type(e).__name__
    except cudacffi.FunctionNotFoundError:
        kinds[name] = "not in the stand-in"
    except (TypeError, ValueError, OverflowError) as e:
        kinds[name] = "argument"
print(json.dumps(kinds))
""", fake_nvml)
    kinds = json.loads(out)
    assert len(kinds) > 250  # 12.0 headers: 282 functions; 13.5: 410
    assert set(kinds.values()) <= {"UninitializedError", "not in the stand-in", "argument"}, kinds
    for name in ("device_get_count_v2", "device_get_name", "device_get_memory_info_v2",
                 "device_get_compute_running_processes_v3", "system_get_driver_version"):
        assert kinds[name] == "UninitializedError", name


# -- the stand-in: values through every kind of output ------------------------------------------------------

@pytest.fixture(scope="module")
def answers(fake_nvml):
    out = run("""
nvml.init_v2()
r = {"driver": nvml.system_get_driver_version(), "nvml": nvml.system_get_nvml_version(),
     "count": nvml.device_get_count_v2(), "devices": []}
for i in range(r["count"]):
    d = nvml.device_get_handle_by_index_v2(i)
    m = nvml.device_get_memory_info_v2(d)
    u = nvml.device_get_utilization_rates(d)
    pci = nvml.device_get_pci_info_v3(d)
    procs = nvml.device_get_compute_running_processes_v3(d)
    r["devices"].append({
        "handle": d, "name": nvml.device_get_name(d), "memory": [m.total, m.free, m.used, m.reserved],
        "version": m.version, "version_wanted": nvml._library.ffi.sizeof("nvmlMemory_v2_t") | (2 << 24),
        "memory_class": type(m).__name__, "util": [u.gpu, u.memory],
        "temp": nvml.device_get_temperature(d, nvml.TemperatureSensors.GPU),
        "bus_id": pci.bus_id, "bus": pci.bus, "pci_device_id": pci.pci_device_id,
        "procs": [[p.pid, p.used_gpu_memory, p.gpu_instance_id] for p in procs],
        "proc_class": [type(p).__name__ for p in procs]})
d = nvml.device_get_handle_by_index_v2(1)
if hasattr(nvml, "device_get_fan_speed_rpm"):  # versioned requests: 12.4 and newer headers
    r["fans"] = [nvml.device_get_fan_speed_rpm(d, fan).speed for fan in (0, 1)]
    nvml.device_set_power_management_limit_v2(d, 0, 250000)  # NVML_POWER_SCOPE_GPU
    r["limit"] = nvml.device_get_power_management_limit(d)
    try:
        nvml.device_set_power_management_limit_v2(d, 0, -5)
    except OverflowError as e:
        r["bad_field"] = str(e)
try:
    nvml.device_get_handle_by_index_v2(7)
except nvml.InvalidArgumentError as e:
    r["bad_index"] = int(e.status)
nvml.shutdown()
try:
    nvml.device_get_count_v2()
except nvml.UninitializedError:
    r["after_shutdown"] = "UninitializedError"
print(json.dumps(r))
""", fake_nvml)
    return json.loads(out)


def test_strings_and_counts(answers):
    assert answers["driver"] == "580.65.06" and answers["nvml"] == "12.580.65.06"
    assert answers["count"] == 3
    assert [d["name"] for d in answers["devices"]] == ["Stand-in GPU %d" % i for i in range(3)]
    assert [d["handle"] for d in answers["devices"]] == [0x1000, 0x1100, 0x1200]  # handles are ints


def test_structs_are_readable_objects(answers):
    for i, d in enumerate(answers["devices"]):
        total, free, used, reserved = d["memory"]
        assert total == (i + 1) << 34 and free + used == total and reserved == 1 << 28
        assert d["util"] == [40 + i, 10 + i] and d["temp"] == 50 + i
        assert d["bus"] == 0x17 + i and d["bus_id"] == "00000000:%02X:00.0" % (0x17 + i)  # char arrays as str
        assert d["pci_device_id"] == 0x233010DE


def test_versioned_structs_are_set_up(answers):
    """nvmlMemory_v2_t carries sizeof | 2 << 24; the stand-in refuses any other version, as NVML does."""
    for d in answers["devices"]:
        assert d["version"] == d["version_wanted"]


def test_counted_lists_come_back_whole(answers):
    procs = [d["procs"] for d in answers["devices"]]
    assert procs[0] == [[4000, 1 << 20, 0xFFFFFFFF], [4001, 2 << 20, 0xFFFFFFFF]]
    assert procs[1] == []  # NVML_SUCCESS with a count of 0: no second call, an empty list
    # device 2's count grows between the query and the read: the binding asks again until it fits
    assert [p[0] for p in procs[2]] == [4020, 4021, 4022, 4023, 4024]


def test_request_fields_are_arguments(answers):
    """cuda.bindings' form of NVML's versioned requests: the caller's fields as arguments, the struct's
    version and the rest filled by the binding (the stand-in checks the version)."""
    if "fans" not in answers:
        pytest.skip("this build's nvml.h has no versioned requests (12.4 and newer)")
    assert answers["fans"] == [1001, 1101]
    assert answers["limit"] == 250000
    assert "power_value_mw" in answers["bad_field"] and "device_set_power_management_limit_v2" in answers["bad_field"]


def test_errors_and_shutdown(answers):
    assert answers["bad_index"] == 2
    assert answers["after_shutdown"] == "UninitializedError"


@pytest.mark.parametrize("call, exc, name", [
    (lambda: nvml.device_get_name("gpu0"), TypeError, "device"),
    (lambda: nvml.device_get_handle_by_index_v2(-1), OverflowError, "index"),
    (lambda: nvml.device_get_temperature(0, "GPU"), TypeError, "sensor_type"),
], ids=["handle", "index", "enum"])
def test_bad_input_names_the_parameter(call, exc, name):
    with pytest.raises(exc, match=r"\b%s\b" % name):
        call()


def test_struct_names_follow_cuda_bindings():
    m = nvml.Memory()
    assert (m.total, m.free, m.used) == (0, 0, 0)
    assert nvml.Memory_v2 is nvml.nvmlMemory_v2_t and nvml.ProcessInfo is nvml.nvmlProcessInfo_t
    p = nvml.PciInfo()
    p.bus_id = "0000:01:00.0"
    assert p.bus_id == "0000:01:00.0" and p.busId.startswith(b"0000:01:00.0\0")


def test_the_report_lists_nvml(fake_nvml):
    r = subprocess.run([os.sys.executable, "-m", "cudacffi"], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=ROOT, **fake_nvml), timeout=120)
    line = next(x for x in r.stdout.splitlines() if "libnvidia-ml" in x)
    assert fake_nvml["CUDACFFI_LIBNVML"] in line and "NVML 12.580.65.06, driver 580.65.06" in line


# -- the hand-written functions (cuda.bindings' forms that no header rule gives) --------------------------------

@pytest.fixture(scope="module")
def hand_written(fake_nvml):
    out = run("""
def attempt(f):
    try:
        return f()
    except Exception as e:
        return [type(e).__name__, str(e)]

nvml.init_v2()
d = nvml.device_get_handle_by_index_v2(1)
r = {}
values = [nvml.FieldValue(fieldId=3), nvml.FieldValue(fieldId=0), nvml.FieldValue(fieldId=7, scopeId=2)]
r["get"] = nvml.device_get_field_values(d, values)
r["values"] = [[v.field_id, int(v.nvml_return), v.value_type, v.value.ullVal, v.latency_usec] for v in values]
one = nvml.FieldValue(fieldId=5)
nvml.device_get_field_values(d, one)
r["one"] = one.value.ullVal
nvml.device_get_field_values(d, [])
clear = [nvml.FieldValue(fieldId=3), nvml.FieldValue(fieldId=101)]
r["clear"] = [nvml.device_clear_field_values(d, clear), [int(v.nvml_return) for v in clear]]
r["bad_values"] = [attempt(lambda: nvml.device_get_field_values(d, x)) for x in (None, 5, "abc", [values[0], 3])]
r["bad_device"] = attempt(lambda: nvml.device_get_field_values("gpu", values))
r["gsp"] = nvml.device_get_gsp_firmware_version(d)
if hasattr(nvml, "device_get_processes_utilization_info"):
    u = [nvml.device_get_processes_utilization_info(nvml.device_get_handle_by_index_v2(2), t) for t in (0, 100, 300)]
    r["util"] = [[type(x).__name__, x.processSamplesCount, [[p.pid, p.smUtil, p.timeStamp] for p in x.procUtilArray]]
                 for x in u]
    r["util_bad"] = [attempt(lambda: nvml.device_get_processes_utilization_info(d, -1)),
                     attempt(lambda: nvml.device_get_processes_utilization_info(d, "0"))]
if hasattr(nvml, "device_get_vgpu_type_supported_placements"):
    p = [nvml.device_get_vgpu_type_supported_placements(d, 5, mode) for mode in (0, 1)]
    r["placements"] = [[x.placementSize, x.count, x.placement_ids, x.mode, isinstance(x, nvml.VgpuPlacementList_v2)]
                       for x in p]
    r["placements_bad"] = [attempt(lambda: nvml.device_get_vgpu_type_supported_placements(d, -1, 0)),
                           attempt(lambda: nvml.device_get_vgpu_type_supported_placements(d, 5, 1 << 40))]
if hasattr(nvml, "device_get_vgpu_type_creatable_placements"):
    r["device_creatable"] = [nvml.device_get_vgpu_type_creatable_placements(d, 5, mode).placement_ids
                             for mode in (0, 1)]
if hasattr(nvml, "device_get_vgpu_processes_utilization_info"):
    v = [nvml.device_get_vgpu_processes_utilization_info(nvml.device_get_handle_by_index_v2(i), 7) for i in (0, 2)]
    r["vgpu_util"] = [[x.vgpuProcessCount, [[int(p.vgpuInstance), p.pid, p.timeStamp] for p in x.vgpuProcUtilArray]]
                      for x in v]
    r["vgpu_util_bad"] = attempt(lambda: nvml.device_get_vgpu_processes_utilization_info(d, -1))
if hasattr(nvml, "gpu_instance_get_vgpu_type_creatable_placements"):
    c = [nvml.gpu_instance_get_vgpu_type_creatable_placements(g, 9) for g in (7, 8)]
    r["creatable"] = [[x.count, x.placement_ids, x.placementSize] for x in c]
m = nvml.device_get_vgpu_metadata(d)
r["metadata"] = [type(m).__name__, m.host_driver_version, m.opaque_data_size,
                 nvml._library.ffi.unpack(nvml._library.ffi.cast("char *", m.getPtr() + nvml._library.ffi.offsetof(
                     "nvmlVgpuPgpuMetadata_t", "opaqueData")), m.opaque_data_size).decode()]
ffi = nvml._library.ffi
vm = [nvml.vgpu_instance_get_metadata(k) for k in (2, 30)]
r["vgpu_metadata"] = [[type(x).__name__, x.guest_driver_version, x.opaque_data_size,
                       ffi.unpack(ffi.cast("char *", x.getPtr() + ffi.offsetof("nvmlVgpuMetadata_t", "opaqueData")),
                                  x.opaque_data_size).decode()] for x in vm]
r["vgpu_metadata_bad"] = [attempt(lambda: nvml.vgpu_instance_get_metadata(x)) for x in (-1, "1", 99)]
r["affinity"] = [nvml.device_get_cpu_affinity(d, 3), nvml.device_get_cpu_affinity_within_scope(d, 2, 1),
                 nvml.device_get_memory_affinity(nvml.device_get_handle_by_index_v2(0), 1, 0)]
r["affinity_bad"] = [attempt(lambda: nvml.device_get_cpu_affinity(d, x)) for x in (0, -1, 1 << 40, "2", None)]
r["affinity_bad"].append(attempt(lambda: nvml.device_get_memory_affinity(d, 2, -1)))
r["pstates"] = [nvml.device_get_supported_performance_states(nvml.device_get_handle_by_index_v2(i)) for i in (0, 2)]
gpu_max = nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_GPU_MAX
r["threshold"] = [nvml.device_set_temperature_threshold(d, gpu_max, 85),
                  nvml.device_get_temperature_threshold(d, gpu_max)]
nvml.device_set_temperature_threshold(d, 1, -3)
r["threshold"].append(nvml.device_get_temperature_threshold(d, 1))
r["threshold_bad"] = [attempt(lambda: nvml.device_set_temperature_threshold(d, 1, x)) for x in (1 << 31, "85", 85.5)]
r["threshold_bad"].append(attempt(lambda: nvml.device_set_temperature_threshold(d, "GPU_MAX", 85)))
if hasattr(nvml, "device_get_running_process_detail_list"):
    lists = [nvml.device_get_running_process_detail_list(nvml.device_get_handle_by_index_v2(0), m) for m in (0, 1, 3)]
    lists.append(nvml.device_get_running_process_detail_list(d, 0))
    r["detail"] = [[x.mode, x.numProcArrayEntries, [[p.pid, p.usedGpuMemory] for p in x.procArray]] for x in lists]
    r["detail_bad"] = attempt(lambda: nvml.device_get_running_process_detail_list(d, -1))
if hasattr(nvml, "device_get_handle_by_uuidv"):
    T = nvml.UUIDType
    r["uuid"] = [nvml.device_get_handle_by_uuidv(T.ASCII, "GPU-00000000-0000-0000-0000-000000000002"),
                 nvml.device_get_handle_by_uuidv(1, b"GPU-00000000-0000-0000-0000-000000000000"),
                 nvml.device_get_handle_by_uuidv(T.BINARY, bytes(15) + b"\\x01")]
    r["uuid_bad"] = [attempt(lambda: nvml.device_get_handle_by_uuidv(*a)) for a in (
        (T.BINARY, bytes(15)), (T.ASCII, "x" * 41), (T.ASCII, 5), (0, "GPU-1"), (-1, "GPU-1"), ("ASCII", "GPU-1"),
        (T.ASCII, "GPU-nothing"))]
if hasattr(nvml, "device_read_write_prm_v1"):
    r["prm"] = [list(x) if isinstance(x, bytes) else x for x in nvml.device_read_write_prm_v1(d, b"\\x01\\x02\\x03")]
    status, reply = nvml.device_read_write_prm_v1(d, bytearray())
    r["prm_empty"] = [status, list(reply)]
    r["prm_bad"] = [attempt(lambda: nvml.device_read_write_prm_v1(d, x)) for x in ("abc", bytes(497), None)]
if hasattr(nvml, "device_read_prm_counters_v1"):
    counters = [nvml.PRMCounter_v1(counterId=3), nvml.PRMCounter_v1(counterId=0)]
    counters[0].inData.localPort = 4
    r["counters_return"] = nvml.device_read_prm_counters_v1(d, counters)
    r["counters"] = [[int(c.counterValue.status), int(c.counterValue.outputType), c.counterValue.outputValue.ullVal]
                     for c in counters]
    r["counters_bad"] = [attempt(lambda: nvml.device_read_prm_counters_v1(d, x)) for x in (
        [nvml.FieldValue()], nvml.FieldValue(), None)]
if hasattr(nvml, "system_event_set_wait"):
    r["events"] = [[[int(e.eventType), e.gpuId] for e in nvml.system_event_set_wait(0x5E7, t, n)]
                   for t, n in ((0, 5), (4, 1), (0, 0))]
    r["events_bad"] = [attempt(lambda: nvml.system_event_set_wait(0x5E7, 0, -1)),
                       attempt(lambda: nvml.system_event_set_wait(0x5E7, None, 2)),
                       attempt(lambda: nvml.system_event_set_wait(0x123, 0, 2))]
if hasattr(nvml, "event_set_get_context_data_v1"):
    r["context"] = [list(nvml.event_set_get_context_data_v1(0x5E7, k)) for k in (0, 2)]
    r["context_bad"] = [attempt(lambda: nvml.event_set_get_context_data_v1(0x5E7, 9)),
                        attempt(lambda: nvml.event_set_get_context_data_v1(0x5E7, -2))]
print(json.dumps(r))
""", fake_nvml)
    return json.loads(out)


def test_field_values_are_filled_in_place(hand_written):
    """cuda.bindings' device_get_field_values(device, values): the caller's FieldValue structs, their count the
    list's length, each written back (a field NVML does not support reports it in its own nvml_return)."""
    assert hand_written["get"] is None
    assert hand_written["values"] == [[3, 0, 3, 31, 5], [0, 3, 3, 1, 5], [7, 0, 3, 2071, 5]]
    assert hand_written["one"] == 51  # one FieldValue, as cuda.bindings' FieldValue() of one
    assert hand_written["clear"] == [None, [0, 3]]


def test_field_values_refuse_what_is_no_field_value(hand_written):
    none, number, text, mixed = hand_written["bad_values"]
    for kind, message in (none, number, text):
        assert kind == "TypeError" and "device_get_field_values" in message and "'values'" in message
    assert mixed[0] == "TypeError" and "'values[1]'" in mixed[1] and "FieldValue" in mixed[1]
    assert hand_written["bad_device"][0] == "TypeError" and "'device'" in hand_written["bad_device"][1]


def test_gsp_firmware_version_is_a_string(hand_written):
    assert hand_written["gsp"] == "580.65.01"


def test_utilization_samples_are_sized_by_the_library(hand_written):
    """The sample array is asked its count first (ERROR_INSUFFICIENT_SIZE with the count), then read whole; the
    caller gives only the timestamp, as in cuda.bindings."""
    if "util" not in hand_written:
        pytest.skip("this build's nvml.h has no nvmlDeviceGetProcessesUtilizationInfo")
    first, later, none = hand_written["util"]
    assert first == ["nvmlProcessesUtilizationInfo_t", 3, [[5020, 20, 100], [5021, 21, 200], [5022, 22, 300]]]
    assert later == ["nvmlProcessesUtilizationInfo_t", 2, [[5020, 20, 200], [5021, 21, 300]]]
    assert none[1:] == [0, []]  # nothing newer: no array at all
    negative, text = hand_written["util_bad"]
    assert negative[0] == "OverflowError" and "'last_seen_time_stamp'" in negative[1]
    assert text[0] == "TypeError" and "'last_seen_time_stamp'" in text[1]


def test_placements_come_back_as_lists(hand_written):
    if "placements" not in hand_written:
        pytest.skip("this build's nvml.h has no vGPU placement lists")
    assert hand_written["placements"] == [[2, 3, [5, 7, 9], 0, True], [2, 2, [5, 7], 1, True]]
    assert hand_written["creatable"] == [[1, [10], 1], [0, [], 1]]
    bad_type, bad_mode = hand_written["placements_bad"]
    assert bad_type[0] == "OverflowError" and "'vgpu_type_id'" in bad_type[1]
    assert bad_mode[0] == "OverflowError" and "'mode'" in bad_mode[1]


def test_metadata_takes_the_size_the_library_asks(hand_written):
    """The opaque data outgrows the header's 4 bytes: the binding gives the size NVML reported and keeps it."""
    assert hand_written["metadata"] == ["nvmlVgpuPgpuMetadata_t", "580.65.01", 16, "abcdefghijklmnop"]


def test_system_events_fill_the_callers_room(hand_written):
    if "events" not in hand_written:
        pytest.skip("this build's nvml.h has no system event sets")
    assert hand_written["events"] == [[[2, 0x17], [1, 0x18]], [[2, 0x1B]], []]
    negative, none, bad_set = hand_written["events_bad"]
    assert negative[0] == "OverflowError" and "'buffer_size'" in negative[1]
    assert none[0] == "TypeError" and "'timeout_ms'" in none[1]
    assert bad_set[0] == "InvalidArgumentError"


def test_context_data_is_bytes(hand_written):
    if "context" not in hand_written:
        pytest.skip("this build's nvml.h has no nvmlEventSetGetContextData_v1 (13.5 and newer)")
    assert hand_written["context"] == [[0, 1, 2], [0, 1, 2, 3, 4]]
    not_found, negative = hand_written["context_bad"]
    assert not_found[0] == "NotFoundError"
    assert negative[0] == "OverflowError" and "'index'" in negative[1]


def test_other_vgpu_lists_and_metadata(hand_written):
    """The vGPU process samples and creatable placements (the same protocols as above), and a vGPU instance's
    metadata with opaque data of the size NVML asks for."""
    if "vgpu_util" in hand_written:
        assert hand_written["vgpu_util"] == [[0, []], [2, [[40, 6000, 8], [41, 6001, 9]]]]
        kind, message = hand_written["vgpu_util_bad"]
        assert kind == "OverflowError" and "'last_seen_time_stamp'" in message
    if "device_creatable" in hand_written:
        assert hand_written["device_creatable"] == [[7, 9], [7]]
    small, large = hand_written["vgpu_metadata"]
    assert small == ["nvmlVgpuMetadata_t", "guest-2", 2, "AB"]
    assert large == ["nvmlVgpuMetadata_t", "guest-30", 30, "ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^"]
    negative, text, refused = hand_written["vgpu_metadata_bad"]
    assert negative[0] == "OverflowError" and "'vgpu_instance'" in negative[1]
    assert text[0] == "TypeError" and "'vgpu_instance'" in text[1]
    assert refused[0] == "InvalidArgumentError"


def test_supported_performance_states_fill_the_array(hand_written):
    """All NVML_MAX_GPU_PERF_PSTATES entries, the unsupported ones PSTATE_UNKNOWN (32), as cuda.bindings; the
    stand-in refuses an array whose byte size is short (the call's size is in bytes)."""
    zero, two = hand_written["pstates"]
    assert zero == [0, 2] + [32] * 14 and two == [0, 2, 4, 6] + [32] * 12


def test_affinity_masks_are_as_long_as_asked(hand_written):
    """Every word of the caller's size comes back (the stand-in writes them all: a one-word buffer would be
    overrun), and a size of 0, negative, huge or not an int is refused naming the parameter."""
    cpus, scoped, nodes = hand_written["affinity"]
    d = cpus[0] & ~0xFFF
    assert cpus == [d, d + 1, d + 2] and scoped == [d + 0x100, d + 0x101] and nodes == [0x1000]
    *sizes, scope = hand_written["affinity_bad"]
    assert [s[0] for s in sizes] == ["OverflowError"] * 3 + ["TypeError"] * 2
    assert all("'cpu_set_size'" in s[1] for s in sizes), sizes
    assert "'scope'" in scope[1], scope


def test_temperature_threshold_is_an_input(hand_written):
    assert hand_written["threshold"] == [None, 85, (1 << 32) - 3]  # read back as NVML's unsigned int
    huge, text, fraction, enum_text = hand_written["threshold_bad"]
    assert huge[0] == "OverflowError" and "'temp'" in huge[1]
    assert text[0] == "TypeError" and "'temp'" in text[1]
    assert fraction[0] == "TypeError" and "'temp'" in fraction[1]
    assert enum_text[0] == "TypeError" and "'threshold_type'" in enum_text[1]


def test_running_process_detail_list(hand_written):
    if "detail" not in hand_written:
        pytest.skip("this build's nvml.h has no nvmlDeviceGetRunningProcessDetailList")
    compute, graphics, every, idle = hand_written["detail"]
    assert compute == [0, 2, [[7000, 1 << 20], [7001, 2 << 20]]]
    assert graphics == [1, 1, [[7002, 3 << 20]]]
    assert every[:2] == [3, 3] and [p[0] for p in every[2]] == [7000, 7001, 7002]
    assert idle == [0, 0, []]
    kind, message = hand_written["detail_bad"]
    assert kind == "OverflowError" and "'mode'" in message


def test_handle_by_uuid_takes_type_and_value(hand_written):
    """cuda.bindings' device_get_handle_by_uuidv(type, uuid): the versioned nvmlUUID_t built here."""
    if "uuid" not in hand_written:
        pytest.skip("this build's nvml.h has no nvmlDeviceGetHandleByUUIDV")
    assert hand_written["uuid"] == [0x1200, 0x1000, 0x1100]
    short, long_, number, none_type, negative, text_type, unknown = hand_written["uuid_bad"]
    assert short[0] == "ValueError" and "'uuid'" in short[1] and "16 bytes" in short[1]
    assert long_[0] == "ValueError" and "'uuid'" in long_[1] and "40" in long_[1]
    assert number[0] == "TypeError" and "'uuid'" in number[1]
    assert none_type[0] == "ValueError" and "'type'" in none_type[1]
    assert negative[0] == "OverflowError" and "'type'" in negative[1]
    assert text_type[0] == "TypeError" and "'type'" in text_type[1]
    assert unknown[0] == "NotFoundError"


def test_prm_requests(hand_written):
    """device_read_write_prm_v1(device, in_data) -> (status, reply bytes); device_read_prm_counters_v1 fills the
    caller's PRMCounter_v1 structs and returns None."""
    if "prm" not in hand_written:
        pytest.skip("this build's nvml.h has no PRM requests")
    assert hand_written["prm"] == [3, [3, 2, 1]] and hand_written["prm_empty"] == [0, []]
    text, large, none = hand_written["prm_bad"]
    assert text[0] == none[0] == "TypeError" and "'in_data'" in text[1] and "'in_data'" in none[1]
    assert large[0] == "ValueError" and "'in_data'" in large[1] and "496" in large[1]
    if "counters" in hand_written:
        assert hand_written["counters_return"] is None
        assert hand_written["counters"] == [[0, 3, 305], [3, 3, 1]]
        wrong_list, wrong_one, none = hand_written["counters_bad"]
        assert wrong_list[0] == "TypeError" and "'counters[0]'" in wrong_list[1]
        assert wrong_one[0] == none[0] == "TypeError" and "'counters'" in wrong_one[1]


@pytest.mark.gpu
def test_hand_written_functions_on_a_driver():
    """Field values, P-states, the GSP firmware string and the UUID lookup against the real libnvidia-ml. Fields
    the GPU does not report say so in their own nvml_return; the call itself succeeds."""
    from cudacffi import FunctionNotFoundError

    from conftest import one_line

    try:
        nvml.init_v2()
    except nvml.LibraryNotFoundError as e:
        pytest.skip("libnvidia-ml not loadable: %s" % one_line(e))
    try:
        d = nvml.device_get_handle_by_index_v2(0)
        energy, power = 83, 186  # NVML_FI_DEV_TOTAL_ENERGY_CONSUMPTION, NVML_FI_DEV_POWER_INSTANT
        values = [nvml.FieldValue(fieldId=energy), nvml.FieldValue(fieldId=power)]
        assert nvml.device_get_field_values(d, values) is None
        assert [v.fieldId for v in values] == [energy, power]
        for v in values:
            assert int(v.nvmlReturn) in {int(m) for m in nvml.Return}
            if v.nvmlReturn == nvml.Return.SUCCESS:
                assert v.timestamp > 0
        pstates = nvml.device_get_supported_performance_states(d)
        assert len(pstates) == 16 and all(0 <= p <= 15 or p == 32 for p in pstates)
        try:
            assert nvml.device_get_gsp_firmware_version(d).strip()
        except nvml.NotSupportedError:
            pass
        if hasattr(nvml, "device_get_handle_by_uuidv"):
            try:
                assert nvml.device_get_handle_by_uuidv(nvml.UUIDType.ASCII, nvml.device_get_uuid(d)) == d
            except FunctionNotFoundError:
                pass  # a driver older than the headers
    finally:
        nvml.shutdown()
