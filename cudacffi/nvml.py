"""NVML, the NVIDIA Management Library, with cuda.bindings' calling conventions (``from cudacffi import nvml``).

Exception style, as ``cuda.bindings.nvml``: snake_case functions, device and other handles as plain ints,
outputs returned directly (structs as readable objects, strings as ``str``, counted lists whole), failures
raised as the ``NvmlError`` subclass of their status (``UninitializedError``, ``NotSupportedError`` ...).
Everything but ``check_status``, ``LibraryNotFoundError`` and the functions below comes from the generated layer
(``cudacffi/_gen/nvml.py``), written from ``nvml.h`` by codegen; the functions below take and return what
cuda.bindings' do where no rule of the header decides it (field-value and PRM counter lists filled in place, arrays
sized from NVML's count, metadata of the size NVML reports, the UUID request from its type and value).

The library, ``libnvidia-ml.so.1``, comes with the NVIDIA driver (``CUDACFFI_LIBNVML`` names another). Where
it cannot be loaded, every call raises ``LibraryNotFoundError``: an ``NvmlError`` with status
``ERROR_LIBRARY_NOT_FOUND`` and also ``cudacffi.LibraryNotFoundError``, whose message says where it looked.
"""

from cudacffi import _exceptions
from cudacffi import _nvml_calls as _c
from cudacffi import _support as _s
from cudacffi._gen import nvml as _g
from cudacffi._gen.nvml import *  # noqa: F401,F403
from cudacffi._gen.nvml import _library, LibraryNotFoundError as _NotFound, NvmlError, Return
from cudacffi._nvml import ffi as _ffi
from cudacffi._nvml_calls import check_status, check_status_size  # noqa: F401 (public here)


class LibraryNotFoundError(_NotFound, _exceptions.LibraryNotFoundError):
    """libnvidia-ml could not be loaded (no NVIDIA driver here): ``status`` is ``Return.ERROR_LIBRARY_NOT_FOUND``
    and ``str(e)`` says where the library was searched."""

    def __init__(self, message):
        _NotFound.__init__(self, Return.ERROR_LIBRARY_NOT_FOUND)
        if not isinstance(message, str):  # the status itself, from a call that returned it
            message = "ERROR_LIBRARY_NOT_FOUND (%d)" % int(Return.ERROR_LIBRARY_NOT_FOUND)
        self.args = (message,)

    def __new__(cls, message, *args):
        return Exception.__new__(cls, message)

    def __str__(self):
        return self.args[0]


NvmlError._by_status[int(Return.ERROR_LIBRARY_NOT_FOUND)] = LibraryNotFoundError
_library.not_found = LibraryNotFoundError


def available(name):
    """Whether the installed library exports the C function ``name`` (loads the library; calls nothing)."""
    return _library.available(name)


# -- the functions written here, not generated (codegen.decisions.coverage.HAND_WRITTEN) -------------------------
# Their C stubs are generated as every other's; what no header rule decides is done below (with the calls of
# cudacffi._nvml_calls): the caller's list of FieldValue structs taken whole and written back, versioned requests
# holding an array sized from a first call (NVML answers ERROR_INSUFFICIENT_SIZE with the count it needs), and
# buffers whose size the library reports.

_UINT = (0, (1 << 32) - 1)
_GSP_FIRMWARE_VERSION_BUF_SIZE = 0x40  # NVML_GSP_FIRMWARE_VERSION_BUF_SIZE, the same in every nvml.h
_MAX_GPU_PERF_PSTATES = 16  # NVML_MAX_GPU_PERF_PSTATES, the same in every nvml.h
_PSTATE_UNKNOWN = 32  # NVML_PSTATE_UNKNOWN


if _c.present("nvmlDeviceGetFieldValues"):
    def device_get_field_values(device, values) -> None:
        """Read the fields that ``values`` names (a ``FieldValue`` or a sequence of them, each with ``field_id``
        and ``scope_id`` set): NVML writes each one's value, ``value_type``, timestamps and ``nvml_return`` into
        it, as into cuda.bindings' FieldValue array; the count is the list's length. Returns None.

        C: nvmlDeviceGetFieldValues
        """
        _c.field_values("nvmlDeviceGetFieldValues", "device_get_field_values", device, values)


if _c.present("nvmlDeviceClearFieldValues"):
    def device_clear_field_values(device, values) -> None:
        """Clear the fields that ``values`` names (a ``FieldValue`` or a sequence of them, ``field_id`` set);
        NVML reports each one's outcome in its ``nvml_return``. Returns None.

        C: nvmlDeviceClearFieldValues
        """
        _c.field_values("nvmlDeviceClearFieldValues", "device_clear_field_values", device, values)


if _c.present("nvmlDeviceGetProcessesUtilizationInfo"):
    def device_get_processes_utilization_info(
            device, last_seen_time_stamp) -> "ProcessesUtilizationInfo_v1":  # noqa: F405
        """The recent utilisation of each process on ``device``, sampled after ``last_seen_time_stamp`` (µs; 0:
        every sample NVML holds): a ``ProcessesUtilizationInfo_v1`` whose ``procUtilArray`` lists
        ``processSamplesCount`` samples (the binding sizes the array from NVML's count).

        C: nvmlDeviceGetProcessesUtilizationInfo
        """
        return _c.sized_request("nvmlDeviceGetProcessesUtilizationInfo", "device_get_processes_utilization_info",
                                device, "nvmlProcessesUtilizationInfo_t",
                                [("lastSeenTimeStamp", "last_seen_time_stamp", last_seen_time_stamp)],
                                "processSamplesCount", "procUtilArray", "nvmlProcessUtilizationInfo_v1_t")


if _c.present("nvmlDeviceGetVgpuProcessesUtilizationInfo"):
    def device_get_vgpu_processes_utilization_info(
            device, last_seen_time_stamp) -> "VgpuProcessesUtilizationInfo":  # noqa: F405
        """The recent utilisation of the processes in vGPU instances on ``device``, sampled after
        ``last_seen_time_stamp`` (µs; 0: every sample): a ``VgpuProcessesUtilizationInfo`` whose
        ``vgpuProcUtilArray`` lists ``vgpuProcessCount`` samples.

        C: nvmlDeviceGetVgpuProcessesUtilizationInfo
        """
        return _c.sized_request("nvmlDeviceGetVgpuProcessesUtilizationInfo",
                                "device_get_vgpu_processes_utilization_info", device,
                                "nvmlVgpuProcessesUtilizationInfo_t",
                                [("lastSeenTimeStamp", "last_seen_time_stamp", last_seen_time_stamp)],
                                "vgpuProcessCount", "vgpuProcUtilArray", "nvmlVgpuProcessUtilizationInfo_v1_t")


if _c.present("nvmlDeviceGetVgpuTypeSupportedPlacements"):
    def device_get_vgpu_type_supported_placements(device, vgpu_type_id, mode) -> "VgpuPlacementList_v2":  # noqa: F405
        """The placement ids of vGPU type ``vgpu_type_id`` on ``device`` (``mode``: 0 heterogeneous, 1
        homogeneous): a ``VgpuPlacementList`` with ``placementSize``, ``count`` and ``placement_ids`` (a list).

        C: nvmlDeviceGetVgpuTypeSupportedPlacements
        """
        func = "device_get_vgpu_type_supported_placements"
        args = (_s.handle_value(device, func, "device"), _s.handle_value(vgpu_type_id, func, "vgpu_type_id", *_UINT))
        return _c.placements("nvmlDeviceGetVgpuTypeSupportedPlacements", func, args, "nvmlVgpuPlacementList_t",
                             [("mode", "mode", mode)])

if _c.present("nvmlDeviceGetVgpuTypeCreatablePlacements"):
    def device_get_vgpu_type_creatable_placements(device, vgpu_type_id, mode) -> "VgpuPlacementList_v2":  # noqa: F405
        """The placement ids at which a vGPU of type ``vgpu_type_id`` can be created on ``device`` now (``mode``:
        0 heterogeneous, 1 homogeneous): a ``VgpuPlacementList`` with ``placement_ids`` as a list.

        C: nvmlDeviceGetVgpuTypeCreatablePlacements
        """
        func = "device_get_vgpu_type_creatable_placements"
        args = (_s.handle_value(device, func, "device"), _s.handle_value(vgpu_type_id, func, "vgpu_type_id", *_UINT))
        return _c.placements("nvmlDeviceGetVgpuTypeCreatablePlacements", func, args, "nvmlVgpuPlacementList_t",
                             [("mode", "mode", mode)])

if _c.present("nvmlGpuInstanceGetVgpuTypeCreatablePlacements"):
    def gpu_instance_get_vgpu_type_creatable_placements(
            gpu_instance, vgpu_type_id) -> "VgpuCreatablePlacementInfo":  # noqa: F405
        """The placement ids at which a vGPU of type ``vgpu_type_id`` can be created in ``gpu_instance``: a
        ``VgpuCreatablePlacementInfo`` with ``placementSize``, ``count`` and ``placement_ids`` (a list).

        C: nvmlGpuInstanceGetVgpuTypeCreatablePlacements
        """
        func = "gpu_instance_get_vgpu_type_creatable_placements"
        args = (_s.handle_value(gpu_instance, func, "gpu_instance"),)
        return _c.placements("nvmlGpuInstanceGetVgpuTypeCreatablePlacements", func, args,
                             "nvmlVgpuCreatablePlacementInfo_t", [("vgpuTypeId", "vgpu_type_id", vgpu_type_id)])


if _c.present("nvmlEventSetGetContextData_v1"):
    def event_set_get_context_data_v1(set, index) -> bytes:
        """The raw payload of context record ``index`` of the last event ``event_set_wait_v3`` returned from
        ``set``, as bytes (sized by NVML's answer to a first call).

        C: nvmlEventSetGetContextData_v1
        """
        func = "event_set_get_context_data_v1"
        set_ = _s.handle_value(set, func, "set")
        params = _g.nvmlEventSetGetContextData_v1_t()
        _s.set_field(params, "index", index, func, "index")
        held = []

        def resize(status):
            n = params._ptr.dataSize
            if status == 0 and (held or n == 0):
                return False
            held[:] = [_ffi.new("char[]", max(n, 1))]
            params._ptr.data = held[0]
            return True

        _c.sized_call("nvmlEventSetGetContextData_v1", (set_, params._ptr), resize)
        return _ffi.unpack(held[0], params._ptr.dataSize) if held else b""


if _c.present("nvmlSystemEventSetWait"):
    def system_event_set_wait(event_set, timeout_ms, buffer_size) -> list:
        """Wait up to ``timeout_ms`` (0: do not wait) for events of ``event_set``: the list of at most
        ``buffer_size`` ``SystemEventData_v1`` records that came (``eventType``, ``gpuId``).

        C: nvmlSystemEventSetWait
        """
        func = "system_event_set_wait"
        n = _s.check_integer(func, "buffer_size", buffer_size, *_UINT)
        request = _g.nvmlSystemEventSetWaitRequest_t()
        request.version = _c.version("nvmlSystemEventSetWaitRequest_t")
        _s.set_field(request, "set", event_set, func, "event_set")
        _s.set_field(request, "timeoutms", timeout_ms, func, "timeout_ms")
        data = _ffi.new("nvmlSystemEventData_v1_t[]", max(n, 1))
        request._ptr.data = data
        request._ptr.dataSize = n
        check_status(_c.call("nvmlSystemEventSetWait", request._ptr))
        return _s.unpack_array(_ffi, data, min(request._ptr.numEvent, n),
                               ("struct", "nvmlSystemEventData_v1_t", _g.nvmlSystemEventData_v1_t))


if _c.present("nvmlDeviceGetVgpuMetadata"):
    def device_get_vgpu_metadata(device) -> "VgpuPgpuMetadata":  # noqa: F405
        """The vGPU metadata of the physical GPU ``device``: a ``VgpuPgpuMetadata`` (host driver version,
        supported vGPU range, ``opaque_data_size`` bytes of opaque data after it).

        C: nvmlDeviceGetVgpuMetadata
        """
        func = "device_get_vgpu_metadata"
        return _c.metadata("nvmlDeviceGetVgpuMetadata", func, _s.handle_value(device, func, "device"),
                           "nvmlVgpuPgpuMetadata_t")


if _c.present("nvmlVgpuInstanceGetMetadata"):
    def vgpu_instance_get_metadata(vgpu_instance) -> "VgpuMetadata":  # noqa: F405
        """The metadata of the running vGPU ``vgpu_instance``: a ``VgpuMetadata`` (guest and host driver
        versions, guest state, ``opaque_data_size`` bytes of opaque data after it).

        C: nvmlVgpuInstanceGetMetadata
        """
        func = "vgpu_instance_get_metadata"
        return _c.metadata("nvmlVgpuInstanceGetMetadata", func, _s.handle_value(vgpu_instance, func, "vgpu_instance",
                           *_UINT), "nvmlVgpuMetadata_t")


if _c.present("nvmlDeviceGetGspFirmwareVersion"):
    def device_get_gsp_firmware_version(device) -> str:
        """The GSP firmware version of ``device``, as str (NVML writes it into a buffer of
        NVML_GSP_FIRMWARE_VERSION_BUF_SIZE bytes, whose size the call does not take).

        C: nvmlDeviceGetGspFirmwareVersion
        """
        device_ = _s.handle_value(device, "device_get_gsp_firmware_version", "device")
        buf = _ffi.new("char[]", _GSP_FIRMWARE_VERSION_BUF_SIZE)
        check_status(_c.call("nvmlDeviceGetGspFirmwareVersion", device_, int(_ffi.cast("uintptr_t", buf))))
        return _ffi.string(buf, _GSP_FIRMWARE_VERSION_BUF_SIZE).decode(errors="replace")


if _c.present("nvmlDeviceGetRunningProcessDetailList"):
    def device_get_running_process_detail_list(device, mode) -> "ProcessDetailList_v1":  # noqa: F405
        """The processes running on ``device`` (or a MIG device) in ``mode`` (``ProcessMode``: 0 compute, 1
        graphics, 2 MPS, 3 all): a ``ProcessDetailList_v1`` whose ``procArray`` lists ``numProcArrayEntries``
        ``ProcessDetail_v1`` (the binding sizes the array from NVML's count).

        C: nvmlDeviceGetRunningProcessDetailList
        """
        return _c.sized_request("nvmlDeviceGetRunningProcessDetailList", "device_get_running_process_detail_list",
                                device, "nvmlProcessDetailList_t", [("mode", "mode", mode)], "numProcArrayEntries",
                                "procArray", "nvmlProcessDetail_v1_t")


if _c.present("nvmlDeviceGetSupportedPerformanceStates"):
    def device_get_supported_performance_states(device) -> list:
        """The performance states ``device`` supports, as NVML_MAX_GPU_PERF_PSTATES ints: the supported ones
        first, then ``Pstates.PSTATE_UNKNOWN`` (32) in the rest (the binding gives the array and its byte size).

        C: nvmlDeviceGetSupportedPerformanceStates
        """
        device_ = _s.handle_value(device, "device_get_supported_performance_states", "device")
        # the unsupported entries read PSTATE_UNKNOWN whether NVML writes them or not
        pstates = _ffi.new("nvmlPstates_t[]", [_PSTATE_UNKNOWN] * _MAX_GPU_PERF_PSTATES)
        check_status(_c.call("nvmlDeviceGetSupportedPerformanceStates", device_, pstates, _ffi.sizeof(pstates)))
        return list(pstates)


if _c.present("nvmlDeviceSetTemperatureThreshold"):
    def device_set_temperature_threshold(device, threshold_type, temp) -> None:
        """Set the temperature threshold ``threshold_type`` (``TemperatureThresholds``) of ``device`` to ``temp``
        degrees C (NVML reads it by address). Returns None.

        C: nvmlDeviceSetTemperatureThreshold
        """
        func = "device_set_temperature_threshold"
        device_ = _s.handle_value(device, func, "device")
        kind = _s.enum_value(threshold_type, _g.TemperatureThresholds, func, "threshold_type")
        value = _ffi.new("int *", _s.check_integer(func, "temp", temp, -(1 << 31), (1 << 31) - 1))
        check_status(_c.call("nvmlDeviceSetTemperatureThreshold", device_, kind, value))


if _c.present("nvmlDeviceGetHandleByUUIDV"):
    def device_get_handle_by_uuidv(type, uuid) -> int:
        """The handle of the device (or MIG device) whose UUID is ``uuid``, in the format ``type`` (``UUIDType``):
        ``ASCII`` takes str or bytes (``"GPU-..."``, at most NVML_DEVICE_UUID_ASCII_LEN - 1 characters),
        ``BINARY`` exactly NVML_DEVICE_UUID_BINARY_LEN (16) bytes. The binding builds the versioned request.

        C: nvmlDeviceGetHandleByUUIDV
        """
        func = "device_get_handle_by_uuidv"
        kind = _s.check_integer(func, "type", _s.enum_value(type, _g.UUIDType, func, "type"), 0, (1 << 32) - 1)
        request = _ffi.new("nvmlUUID_t *")
        request.version = _c.version("nvmlUUID_t")
        request.type = kind
        value = uuid.encode() if isinstance(uuid, str) else uuid
        if not isinstance(value, (bytes, bytearray)):
            raise _s.argument_error(func, "uuid", "must be str or bytes, not %s" % _c.type_name(uuid))
        if kind == _g.UUIDType.BINARY:
            if len(value) != len(request.value.bytes):
                raise _s.argument_error(func, "uuid", "must be %d bytes for UUIDType.BINARY, not %d"
                                        % (len(request.value.bytes), len(value)), ValueError)
            request.value.bytes = list(value)
        elif kind == _g.UUIDType.ASCII:
            if len(value) >= len(request.value.str) or b"\0" in value:
                raise _s.argument_error(func, "uuid", "must be at most %d characters without NUL for UUIDType.ASCII"
                                        % (len(request.value.str) - 1), ValueError)
            request.value.str = bytes(value)
        else:
            raise _s.argument_error(func, "type", "must be UUIDType.ASCII or UUIDType.BINARY, not %d" % kind,
                                    ValueError)
        handle = _ffi.new("nvmlDevice_t *")
        check_status(_c.call("nvmlDeviceGetHandleByUUIDV", request, handle))
        return int(_ffi.cast("uintptr_t", handle[0]))


if _c.present("nvmlDeviceReadWritePRM_v1"):
    def device_read_write_prm_v1(device, in_data) -> tuple[int, bytes]:
        """Read or write a PRM register of ``device``: ``in_data`` is the request in TLV format (bytes, network
        byte order, at most NVML_PRM_DATA_MAX_SIZE); returns (the PRM status, the reply's TLV bytes, as long as
        the request).

        C: nvmlDeviceReadWritePRM_v1
        """
        func = "device_read_write_prm_v1"
        device_ = _s.handle_value(device, func, "device")
        if not isinstance(in_data, (bytes, bytearray, memoryview)):
            raise _s.argument_error(func, "in_data", "must be bytes, not %s" % _c.type_name(in_data))
        data = bytes(in_data)
        tlv = _ffi.new("nvmlPRMTLV_v1_t *")
        if len(data) > len(tlv.inData):
            raise _s.argument_error(func, "in_data", "holds %d bytes, more than the %d a PRM request takes"
                                    % (len(data), len(tlv.inData)), ValueError)
        tlv.dataSize = len(data)
        _ffi.memmove(tlv.inData, data, len(data))
        check_status(_c.call("nvmlDeviceReadWritePRM_v1", device_, tlv))
        return tlv.status, _ffi.unpack(_ffi.cast("char *", tlv.outData), min(tlv.dataSize, len(tlv.outData)))


if _c.present("nvmlDeviceReadPRMCounters_v1"):
    def device_read_prm_counters_v1(device, counters) -> None:
        """Read the PRM counters that ``counters`` names (a ``PRMCounter_v1`` or a sequence of them, each with
        ``counterId`` and ``inData`` set): NVML writes each one's ``counterValue`` (its status, type and value)
        into it, as into cuda.bindings' PRMCounter_v1 array; the count is the list's length. Returns None.

        C: nvmlDeviceReadPRMCounters_v1
        """
        func = "device_read_prm_counters_v1"
        device_ = _s.handle_value(device, func, "device")
        items = _c.struct_list(counters, _g.nvmlPRMCounter_v1_t, func, "counters")
        arr = _c.copy_in(items, "nvmlPRMCounter_v1_t", func, "counters")
        request = _ffi.new("nvmlPRMCounterList_v1_t *", {"numCounters": len(items), "counters": arr})
        check_status(_c.call("nvmlDeviceReadPRMCounters_v1", device_, request))
        _c.copy_back(items, arr)


# -- affinity masks: the caller's size, in unsigned longs ------------------------------------------------------

if _c.present("nvmlDeviceGetCpuAffinity"):
    def device_get_cpu_affinity(device, cpu_set_size) -> list:
        """The CPUs close to ``device``, as ``cpu_set_size`` unsigned longs of bits (a list of ints).

        C: nvmlDeviceGetCpuAffinity
        """
        return _c.affinity("device_get_cpu_affinity", "nvmlDeviceGetCpuAffinity", device, "cpu_set_size",
                           cpu_set_size)


if _c.present("nvmlDeviceGetCpuAffinityWithinScope"):
    def device_get_cpu_affinity_within_scope(device, cpu_set_size, scope) -> list:
        """The CPUs close to ``device`` within ``scope`` (``AffinityScope``: NODE or SOCKET), as ``cpu_set_size``
        unsigned longs of bits (a list of ints).

        C: nvmlDeviceGetCpuAffinityWithinScope
        """
        func = "device_get_cpu_affinity_within_scope"
        scope_ = _s.handle_value(scope, func, "scope", *_UINT)
        return _c.affinity(func, "nvmlDeviceGetCpuAffinityWithinScope", device, "cpu_set_size", cpu_set_size, scope_)


if _c.present("nvmlDeviceGetMemoryAffinity"):
    def device_get_memory_affinity(device, node_set_size, scope) -> list:
        """The NUMA nodes close to ``device`` within ``scope`` (``AffinityScope``), as ``node_set_size`` unsigned
        longs of bits (a list of ints).

        C: nvmlDeviceGetMemoryAffinity
        """
        func = "device_get_memory_affinity"
        scope_ = _s.handle_value(scope, func, "scope", *_UINT)
        return _c.affinity(func, "nvmlDeviceGetMemoryAffinity", device, "node_set_size", node_set_size, scope_)
