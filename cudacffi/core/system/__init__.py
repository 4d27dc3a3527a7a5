"""cudacffi.core.system: the machine as NVML sees it (``from cudacffi.core import system``), cuda.core 1.2.2's
``cuda.core.system`` on cudacffi's own NVML bindings (``cudacffi.nvml``).

Module functions answer for the whole machine (``get_num_devices``, ``get_driver_branch``,
``get_kernel_mode_driver_version``, ``get_process_name``, ``get_p2p_status``, ``register_events`` ...);
``system.Device`` is one GPU as NVML sees it (name, UUID, PCI, memory, clocks, fans, temperatures, NVLinks,
CPU affinity, field values, events, MIG, InfoROM ...), ``Device.to_cuda_device()`` its ``cudacffi.core.Device``.
Importing loads nothing; NVML is initialised once per process, on the first call that needs it. Without an
NVIDIA driver every call raises ``LibraryNotFoundError`` (an ``NvmlError``), never crashes. NVML's errors are
``cudacffi.nvml``'s classes under cuda.core's names, here and in ``cudacffi.core.system.exceptions``.

The enums the signatures name (``GpuP2PStatus``, ``GpuTopologyLevel``, ``ClockType`` ...) are string enums,
defined in ``cudacffi.core.system.typing`` (with ``DeviceArch`` and ``FieldId``) and exported here too; wherever
one is asked for, its value string is accepted too.
Beyond cuda.core, and kept from cudacffi's earlier ``system`` object: ``system.num_devices``,
``system.driver_version`` ((major, minor) of the CUDA driver) and ``system.devices`` (every
``cudacffi.core.Device``), answered by the CUDA driver, not NVML.
"""

import os
import threading
import warnings

from cudacffi import _errors, check, nvml

from .. import _release, _utils
from .._device import Device as CudaDevice
from . import exceptions, typing
from .exceptions import *  # noqa: F401,F403 (NVML's errors, as cuda.core.system exports them)
from .exceptions import NotFoundError, NotSupportedError, NvmlError
from .typing import (AddressingMode, AffinityScope, ClockId, ClocksEventReasons, ClockType, CoolerControl,
                     CoolerTarget, DeviceArch, EventType, FanControlPolicy, FieldId, GpuP2PCapsIndex, GpuP2PStatus,
                     GpuTopologyLevel, InforomObject, SystemEventType, TemperatureThresholds, ThermalController,
                     ThermalTarget)


class _MissingFunction(nvml.FunctionNotFoundError, _errors.FunctionNotFoundError):
    """A function this process's libnvidia-ml lacks (an older driver): NVML's FunctionNotFoundError, an
    NvmlError as cuda.core.system raises it, and also cudacffi.FunctionNotFoundError, whose message it keeps."""

    def __new__(cls, message):
        return Exception.__new__(cls, message)

    def __init__(self, message):
        nvml.FunctionNotFoundError.__init__(self, nvml.Return.ERROR_FUNCTION_NOT_FOUND)
        self.args = (message,)

    def __str__(self):
        return self.args[0]


class _Bindings:
    """``cudacffi.nvml``'s functions, raising ``_MissingFunction`` for a function the library lacks."""

    def __getattr__(self, name):
        fn = getattr(nvml, name)

        def call(*args):
            try:
                return fn(*args)
            except _errors.FunctionNotFoundError as e:
                raise _MissingFunction(str(e)) from None

        call.__name__ = name
        setattr(self, name, call)
        return call


_nv = _Bindings()


def _nv_call(name, *args):
    """``_nv.<name>(*args)``, for a finalizer's deferred call (``_nv``'s lookup runs Python code: not there)."""
    return getattr(_nv, name)(*args)

CUDA_BINDINGS_NVML_IS_COMPATIBLE = True
"""Always True: cudacffi's NVML bindings are part of cudacffi itself."""

# -- NVML, initialised once -------------------------------------------------------------------------------------

_init_lock = threading.Lock()
_initialized = [0]  # the pid of the process that initialized NVML (a forked child initializes it again)


def _init():
    """nvmlInit once per process, as cuda.core does; a failure (no driver: LibraryNotFoundError) is raised and
    retried next time."""
    if _initialized[0] != os.getpid():
        with _init_lock:
            if _initialized[0] != os.getpid():
                nvml.init_v2()
                _initialized[0] = os.getpid()


def _raw(name, *args):
    """Call NVML's C function ``name`` with cffi arguments built here; raises the call's NvmlError.

    For the calls whose arrays this module builds itself (field values, system event buffers) and whose missing
    symbol must read as this module's own error."""
    from cudacffi._gen import nvml as gen

    _init()
    fn = getattr(gen._lib, "_cc_" + name)
    status = fn(*args)
    if status == gen._UNBOUND:
        try:
            gen._library.bind(name)
        except _errors.FunctionNotFoundError as e:
            raise _MissingFunction(str(e)) from None
        status = fn(*args)
    nvml.check_status(status)


def _ffi():
    from cudacffi._gen import nvml as gen

    return gen._ffi


def _c_struct(obj, ctype):
    """The C struct behind a binding's struct object (``obj`` must stay alive while it is read): the bindings'
    elements of a nested array of anonymous structs (thermal sensors, P-state utilizations) read no fields."""
    return _ffi().cast(ctype + " *", obj.getPtr())


def _version_of(ctype, version):
    """NVML's versioned-struct tag: sizeof(struct) | version << 24."""
    return _ffi().sizeof(ctype) | (version << 24)


def _enum_arg(cls, value, what):
    """``value`` (a member of the string enum ``cls`` or its value string) as the member; else cuda.core's
    ValueError, which names ``what`` the value was to be and the members it may be."""
    try:
        return cls._value2member_map_[value]  # members hash and compare as their value strings
    except KeyError:
        raise ValueError("Invalid %s: %s. Must be one of %s" % (what, value, list(cls.__members__.values()))) from None


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
_EVENT_BITS = (
    (0x1, EventType.SINGLE_BIT_ECC_ERROR), (0x2, EventType.DOUBLE_BIT_ECC_ERROR), (0x4, EventType.PSTATE),
    (0x8, EventType.XID_CRITICAL_ERROR), (0x10, EventType.CLOCK), (0x80, EventType.POWER_SOURCE_CHANGE),
    (0x100, EventType.MIG_CONFIG_CHANGE), (0x200, EventType.SINGLE_BIT_ECC_ERROR_STORM),
    (0x400, EventType.DRAM_RETIREMENT_EVENT), (0x800, EventType.DRAM_RETIREMENT_FAILURE),
    (0x1000, EventType.NON_FATAL_POISON_ERROR), (0x2000, EventType.FATAL_POISON_ERROR),
    (0x4000, EventType.GPU_UNAVAILABLE_ERROR), (0x8000, EventType.GPU_RECOVERY_ACTION))
_SYSTEM_EVENT_BITS = ((0x1, SystemEventType.UNBIND), (0x2, SystemEventType.BIND))
_COOLER_CONTROL = {1: CoolerControl.TOGGLE, 2: CoolerControl.VARIABLE}
_COOLER_TARGET_BITS = ((0x1, CoolerTarget.NONE), (0x2, CoolerTarget.GPU), (0x4, CoolerTarget.MEMORY),
                       (0x8, CoolerTarget.POWER_SUPPLY))
_FAN_POLICY = {0: FanControlPolicy.TEMPERATURE_CONTROLLED, 1: FanControlPolicy.MANUAL}
_INFOROM = {InforomObject.OEM: 0, InforomObject.ECC: 1, InforomObject.POWER: 2, InforomObject.DEN: 3}
_NVLINK_VERSION = {1: (1, 0), 2: (2, 0), 3: (2, 2), 4: (3, 0), 5: (3, 1), 6: (4, 0), 7: (5, 0), 8: (6, 0)}
_THRESHOLD = {m: i for i, m in enumerate(TemperatureThresholds)}
_FIELD_THRESHOLDS = (TemperatureThresholds.SHUTDOWN, TemperatureThresholds.SLOWDOWN, TemperatureThresholds.MEM_MAX,
                     TemperatureThresholds.GPU_MAX)
_THERMAL_CONTROLLER = dict(enumerate(list(ThermalController)[:-1], 1))
_THERMAL_TARGET = {ThermalTarget.NONE: 0, ThermalTarget.GPU: 1, ThermalTarget.MEMORY: 2,
                   ThermalTarget.POWER_SUPPLY: 4, ThermalTarget.BOARD: 8, ThermalTarget.VCD_BOARD: 9,
                   ThermalTarget.VCD_INLET: 10, ThermalTarget.VCD_OUTLET: 11, ThermalTarget.ALL: 15}
_ADDRESSING = {1: AddressingMode.HMM, 2: AddressingMode.ATS}
_AFFINITY = {AffinityScope.NODE: 0, AffinityScope.SOCKET: 1}
# by NVML brand number; 11 is both CLOUD_GAMING and VGAMING in nvml.h, and reads "NVIDIA vGaming" as in cuda.core
_BRANDS = ("Unknown", "Quadro", "Tesla", "NVS", "GRID", "GeForce", "Titan", "NVIDIA vApps", "NVIDIA VPC",
           "NVIDIA VCS", "NVIDIA VWS", "NVIDIA vGaming", "Quadro RTX", "NVIDIA RTX", "NVIDIA", "GeForce RTX",
           "Titan RTX")
_TOPOLOGY = {GpuTopologyLevel.INTERNAL: 0, GpuTopologyLevel.SINGLE: 10, GpuTopologyLevel.MULTIPLE: 20,
             GpuTopologyLevel.HOSTBRIDGE: 30, GpuTopologyLevel.NODE: 40, GpuTopologyLevel.SYSTEM: 50}
_P2P_INDEX = {GpuP2PCapsIndex.READ: 0, GpuP2PCapsIndex.WRITE: 1, GpuP2PCapsIndex.NVLINK: 2,
              GpuP2PCapsIndex.ATOMICS: 3, GpuP2PCapsIndex.PCI: 4, GpuP2PCapsIndex.PROP: 4,
              GpuP2PCapsIndex.UNKNOWN: 5}
_PSTATE_UNKNOWN = 32
_INVALID_ID = 0xFFFFFFFF  # an instance id outside MIG
_NVLINK_MAX_LINKS = 18
_FI_DEV_NVLINK_LINK_COUNT = 91
_VALUE_FIELDS = ("dVal", "uiVal", "ulVal", "ullVal", "sllVal", "siVal", "usVal")  # by nvmlValueType_t


def _bits(mask, table):
    """The members of ``table`` ((bit, member) pairs) whose bit is set in ``mask``."""
    return [member for bit, member in table if mask & bit]


def _mask(events, cls, table, name):
    """The bitmask of ``events`` (one member or value string of ``cls``, or a list of them)."""
    if isinstance(events, (str, cls)):
        events = [events]
    elif not isinstance(events, (list, tuple)):  # cuda.core's message (a tuple is taken here too)
        raise TypeError("%s must be an %s, str, or list of %s or str" % (name, cls.__name__, cls.__name__))
    bit_of = {member: bit for bit, member in table}
    mask = 0
    for e in events:
        mask |= bit_of.get(_enum_arg(cls, e, "event type"), 0)
    return mask


def _int_arg(value, name, low=0, high=None):
    """``value`` as an int within [low, high], through the number protocol (numpy integers, ``__index__``, bool)
    as cuda.core takes them; else TypeError/ValueError naming the parameter."""
    value = _utils.as_int(value, name)
    if value < low or (high is not None and value > high):
        raise ValueError("%s must be within [%d, %s], got %d" % (name, low, "inf" if high is None else high, value))
    return value


def _pstate_arg(pstate):
    """A P-state 0..15 as an int, with cuda.core's ValueError."""
    pstate = _utils.as_int(pstate, "pstate")
    if not 0 <= pstate <= 15:
        raise ValueError("Invalid P-state: %d. Must be between 0 and 15 inclusive." % pstate)
    return pstate


def _text_arg(value, name):
    """``value`` (str, or bytes of UTF-8) as a str NVML takes: errors name ``name`` (text that is no UTF-8, a lone
    surrogate, a NUL, which NVML would read the text up to)."""
    if isinstance(value, (bytes, bytearray)):
        try:
            value = bytes(value).decode()
        except UnicodeDecodeError as e:
            raise UnicodeDecodeError(e.encoding, e.object, e.start, e.end,
                                     "%s (%s must be UTF-8 text)" % (e.reason, name)) from None
    elif not isinstance(value, str):
        raise TypeError("%s must be str or bytes, not %s" % (name, type(value).__name__))
    _utils.encode_text(value, name)
    if "\0" in value:
        raise ValueError("%s must not hold a NUL character, got %r" % (name, value))
    return value


def _c_text(value):
    """A C char array's text (the bindings give some as NUL-padded bytes)."""
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).split(b"\0")[0].decode()
    return value


def _version_tuple(text):
    """'580.65.06' -> (580, 65, 6)."""
    return tuple(int(part) for part in text.strip().split("."))


# -- small read-only records ---------------------------------------------------------------------------------------

class _Record:
    """Values read once from NVML, as read-only attributes."""

    __slots__ = ()
    _fields = ()

    def __init__(self, *values):
        for field, value in zip(self._fields, values):
            object.__setattr__(self, "_" + field, value)

    def __setattr__(self, name, value):
        raise AttributeError("%s is read-only" % type(self).__name__)

    def __reduce__(self):
        return type(self), tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other):
        return type(other) is type(self) and all(getattr(self, f) == getattr(other, f) for f in self._fields)

    def __hash__(self):
        return hash(tuple(getattr(self, f) for f in self._fields))

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%r" % (f, getattr(self, f)) for f in self._fields))


def _record(name, fields, doc, base=_Record):
    ns = {"__slots__": tuple("_" + f for f in fields), "_fields": base._fields + tuple(fields), "__doc__": doc,
          "__module__": __name__}
    for f in fields:
        ns[f] = property(lambda self, attr="_" + f: getattr(self, attr))
    return type(name, (base,), ns)


MemoryInfo = _record("MemoryInfo", ("free", "total", "used", "reserved"),
                     "Device memory in bytes: free, total, used, and reserved by the driver and firmware.")
BAR1MemoryInfo = _record("BAR1MemoryInfo", (), "BAR1 memory in bytes (free, total, used; reserved is 0): the "
                         "window through which the CPU and peers reach device memory.", MemoryInfo)
Utilization = _record("Utilization", ("gpu", "memory"),
                      "Percent of the last sample period that kernels ran (gpu) and memory was read or written.")
DeviceAttributes = _record("DeviceAttributes", (
    "multiprocessor_count", "shared_copy_engine_count", "shared_decoder_count", "shared_encoder_count",
    "shared_jpeg_count", "shared_ofa_count", "gpu_instance_slice_count", "compute_instance_slice_count",
    "memory_size_mb"), "Engine and slice counts and memory size (MiB) of a device or MIG device.")
ClockOffsets = _record("ClockOffsets", ("clock_offset_mhz", "max_offset_mhz", "min_offset_mhz"),
                       "A clock domain's current offset and its allowed range at one P-state, in MHz.")
CoolerInfo = _record("CoolerInfo", ("signal_type", "target"),
                     "A cooler's control signal (CoolerControl, or None) and what it cools (list of CoolerTarget).")
RepairStatus = _record("RepairStatus", ("channel_repair_pending", "tpc_repair_pending"),
                       "Whether a channel or TPC repair is pending.")
GpuDynamicPstatesUtilization = _record("GpuDynamicPstatesUtilization", (
    "is_present", "percentage", "inc_threshold", "dec_threshold"),
    "One utilization domain: busy percentage over the last second and the P-state change thresholds.")
ThermalSensor = _record("ThermalSensor", ("controller", "default_min_temp", "default_max_temp", "current_temp",
                                          "target"), "One thermal sensor: its chip, limits and reading (Celsius).")


class ProcessInfo:
    """A process with a compute context on the device: ``pid``, ``used_gpu_memory`` (bytes) and, on MIG devices
    only, ``gpu_instance_id`` and ``compute_instance_id`` (elsewhere they raise NotSupportedError)."""

    __slots__ = ("pid", "used_gpu_memory", "_gpu_instance_id", "_compute_instance_id")

    def __init__(self, pid, used_gpu_memory, gpu_instance_id, compute_instance_id):
        self.pid, self.used_gpu_memory = pid, used_gpu_memory
        self._gpu_instance_id, self._compute_instance_id = gpu_instance_id, compute_instance_id

    @staticmethod
    def _mig_only(value):
        if value == _INVALID_ID:
            raise nvml.NotSupportedError(nvml.Return.ERROR_NOT_SUPPORTED)
        return value

    @property
    def gpu_instance_id(self):
        return self._mig_only(self._gpu_instance_id)

    @property
    def compute_instance_id(self):
        return self._mig_only(self._compute_instance_id)

    def __repr__(self):
        return "ProcessInfo(pid=%d, used_gpu_memory=%d)" % (self.pid, self.used_gpu_memory)


class _Sequence(tuple):
    """A tuple of records (``len`` and indexing), as several NVML answers are."""

    __slots__ = ()
    _out_of_range = "index out of range"

    def __getitem__(self, index):
        try:
            return tuple.__getitem__(self, index)
        except IndexError:  # the message cuda.core's gives
            raise IndexError(self._out_of_range) from None

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, list(self))


class GpuDynamicPstatesInfo(_Sequence):
    """The utilization domains (GpuDynamicPstatesUtilization) that drive P-state changes."""

    __slots__ = ()
    _out_of_range = "GPU dynamic P-states index out of range"


class ThermalSettings(_Sequence):
    """The thermal sensors (ThermalSensor) of one target."""

    __slots__ = ()
    _out_of_range = "Thermal sensor index out of range"


# -- module functions ------------------------------------------------------------------------------------------

def get_num_devices():
    """The number of GPUs NVML sees."""
    _init()
    return _nv.device_get_count_v2()


def get_driver_branch():
    """The driver's branch, e.g. 'r580_00'."""
    _init()
    return _c_text(_nv.system_get_driver_branch().branch)


def get_nvml_version():
    """NVML's version as a tuple of ints, e.g. (13, 580, 65, 6)."""
    _init()
    return _version_tuple(_nv.system_get_nvml_version())


def get_kernel_mode_driver_version():
    """The kernel-mode (GPU) driver's version, e.g. (580, 65, 6)."""
    _init()
    return _version_tuple(_nv.system_get_driver_version())


def get_user_mode_driver_version():
    """The user-mode (CUDA) driver's version as (major, minor), e.g. (13, 0); asks libcuda, not NVML."""
    v = check(_utils.driver().cuDriverGetVersion())
    return (v // 1000, (v % 1000) // 10)


def get_process_name(pid):
    """The name of process ``pid`` as NVML reports it (the path of its executable, on Linux)."""
    pid = _int_arg(pid, "pid", 0, 0xFFFFFFFF)
    _init()
    # NVML answers from a cache of names that listing a device's processes fills: list them first, as cuda.core
    # does, so that a process found there has its name
    for i in range(_nv.device_get_count_v2()):
        try:
            _nv.device_get_compute_running_processes_v3(_nv.device_get_handle_by_index_v2(i))
        except NvmlError:
            continue
    return _nv.system_get_process_name(pid)


def _device_arg(value, name):
    if not isinstance(value, Device):
        raise TypeError("%s must be a cudacffi.core.system.Device, not %s" % (name, type(value).__name__))
    return value._handle


def get_topology_common_ancestor(device1, device2):
    """The GpuTopologyLevel of the nearest common ancestor of two GPUs (Linux)."""
    h1, h2 = _device_arg(device1, "device1"), _device_arg(device2, "device2")
    level = _nv.device_get_topology_common_ancestor(h1, h2)
    return {v: k for k, v in _TOPOLOGY.items()}[int(level)]


def get_p2p_status(device1, device2, index):
    """The GpuP2PStatus of peer-to-peer capability ``index`` (GpuP2PCapsIndex or its value) between two GPUs."""
    h1, h2 = _device_arg(device1, "device1"), _device_arg(device2, "device2")
    caps = _P2P_INDEX[_enum_arg(GpuP2PCapsIndex, index, "P2P caps index")]
    status = int(_nv.device_get_p2p_status(h1, h2, caps))
    members = list(GpuP2PStatus)
    return members[status] if 0 <= status < len(members) else GpuP2PStatus.UNKNOWN


def register_events(events):
    """Start recording system events (SystemEventType, its value, or a list of them); wait for them with
    ``RegisteredSystemEvents.wait``. Linux only."""
    return RegisteredSystemEvents(events)


# -- system events ---------------------------------------------------------------------------------------------

def _pci_bus_id_from_gpu_id(gpu_id):
    """NVML's bus id of a system event's packed ``gpu_id`` (domain << 16 | bus << 8 | device; function 0)."""
    return "%08X:%02X:%02X.0" % (gpu_id >> 16, (gpu_id >> 8) & 0xFF, gpu_id & 0xFF)


class SystemEvent(_Record):
    """One system event: its ``event_type`` (SystemEventType) and ``gpu_id``, the GPU's packed PCI address;
    ``device`` finds the GPU."""

    __slots__ = ("_event_type", "_gpu_id")
    _fields = ("event_type", "gpu_id")
    event_type = property(lambda self: self._event_type)
    gpu_id = property(lambda self: self._gpu_id)

    @property
    def device(self):
        """The Device of the event's GPU, found by its PCI bus id."""
        return Device(pci_bus_id=_pci_bus_id_from_gpu_id(self.gpu_id))


class SystemEvents(_Sequence):
    """The system events (SystemEvent) one ``RegisteredSystemEvents.wait`` received."""

    __slots__ = ()


class RegisteredSystemEvents:
    """A set of system event types being recorded; ``wait`` for them, ``close`` (or drop) to stop."""

    def __init__(self, events):
        mask = _mask(events, SystemEventType, _SYSTEM_EVENT_BITS, "events")
        _init()
        self._set = _nv.system_event_set_create().set
        try:
            _nv.system_register_events(mask, self._set)
        except BaseException:
            self.close()
            raise

    def wait(self, timeout_ms=0, buffer_size=1):
        """The events received within ``timeout_ms`` ms (0: wait indefinitely), at most ``buffer_size`` of them;
        raises TimeoutError when none came."""
        timeout_ms = _int_arg(timeout_ms, "timeout_ms", 0, 0xFFFFFFFF)
        buffer_size = _int_arg(buffer_size, "buffer_size", 1, 1 << 20)
        if self._set is None:
            raise RuntimeError("these system events were closed")
        ffi = _ffi()
        data = ffi.new("nvmlSystemEventData_v1_t[]", buffer_size)
        request = ffi.new("nvmlSystemEventSetWaitRequest_t *")
        request.version = _version_of("nvmlSystemEventSetWaitRequest_v1_t", 1)
        request.timeoutms = timeout_ms
        request.set = ffi.cast("nvmlSystemEventSet_t", int(self._set))
        request.data = data
        request.dataSize = buffer_size
        _raw("nvmlSystemEventSetWait", request)
        members = {bit: member for bit, member in _SYSTEM_EVENT_BITS}
        return SystemEvents(SystemEvent(members.get(int(data[i].eventType)), int(data[i].gpuId))
                            for i in range(min(request.numEvent, buffer_size)))

    def close(self):
        """Stop recording and free the event set (idempotent)."""
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _nv.system_event_set_free(event_set)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see core/_release)
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _defer(_nv_call, "system_event_set_free", event_set)


# -- per-device helpers ------------------------------------------------------------------------------------------

class ClockInfo:
    """One clock domain of a device (``Device.get_clock``); every reading is in MHz."""

    __slots__ = ("_handle", "_type")

    def __init__(self, handle, clock_type):
        self._handle = handle
        self._type = _CLOCK_TYPE[_enum_arg(ClockType, clock_type, "clock type")]

    def get_current_mhz(self, clock_id=ClockId.CURRENT):
        """The clock's current value, or the value ``clock_id`` names (ClockId)."""
        return _nv.device_get_clock(self._handle, self._type, _CLOCK_ID[_enum_arg(ClockId, clock_id, "clock ID")])

    def get_max_mhz(self):
        return _nv.device_get_max_clock_info(self._handle, self._type)

    def get_max_customer_boost_mhz(self):
        return _nv.device_get_max_customer_boost_clock(self._handle, self._type)

    def get_min_max_clock_of_pstate_mhz(self, pstate):
        """(min, max) of this clock at P-state ``pstate`` (0 fastest .. 15)."""
        return tuple(_nv.device_get_min_max_clock_of_p_state(self._handle, self._type, _pstate_arg(pstate)))

    def get_offsets(self, pstate):
        """The ClockOffsets of this clock at P-state ``pstate``."""
        o = _nv.device_get_clock_offsets(self._handle, self._type, _pstate_arg(pstate))
        return ClockOffsets(o.clockOffsetMHz, o.maxClockOffsetMHz, o.minClockOffsetMHz)


class FanInfo:
    """One fan of a device (``Device.get_fan``); speeds in percent of the maximum unless they say RPM."""

    __slots__ = ("_handle", "_fan")

    def __init__(self, handle, fan):
        self._handle = handle
        self._fan = _int_arg(fan, "fan", 0, 0xFFFFFFFF)

    @property
    def speed(self):
        """The fan's intended speed; settable (needs root)."""
        return _nv.device_get_fan_speed_v2(self._handle, self._fan)

    @speed.setter
    def speed(self, speed):
        _nv.device_set_fan_speed_v2(self._handle, self._fan, _int_arg(speed, "speed", 0, 0xFFFFFFFF))

    @property
    def speed_rpm(self):
        return _nv.device_get_fan_speed_rpm(self._handle, self._fan).speed

    @property
    def target_speed(self):
        return _nv.device_get_target_fan_speed(self._handle, self._fan)

    @property
    def min_max_speed(self):
        return tuple(_nv.device_get_min_max_fan_speed(self._handle))

    @property
    def control_policy(self):
        return _FAN_POLICY[int(_nv.device_get_fan_control_policy_v2(self._handle, self._fan))]

    def set_default_speed(self):
        """Hand the fan back to the driver's default policy (needs root)."""
        _nv.device_set_default_fan_speed_v2(self._handle, self._fan)


class FieldValue:
    """One field of ``Device.get_field_values``: ``value`` raises the field's own NvmlError, if it had one."""

    __slots__ = ("field_id", "scope_id", "timestamp", "latency_usec", "_status", "_value")

    def __init__(self, raw):
        field_id = int(raw.fieldId)
        self.field_id = FieldId._by_value.get(field_id, field_id)  # a FieldId, as cuda.core's (an int if unnamed)
        self.scope_id = int(raw.scopeId)
        self.timestamp = int(raw.timestamp)
        self.latency_usec = int(raw.latencyUsec)
        self._status = int(raw.nvmlReturn)
        kind = int(raw.valueType)
        self._value = getattr(raw.value, _VALUE_FIELDS[kind]) if 0 <= kind < len(_VALUE_FIELDS) else None

    @property
    def value(self):
        nvml.check_status(self._status)
        return self._value

    def __repr__(self):
        shown = repr(self._value) if not self._status else type(NvmlError(self._status)).__name__
        return "FieldValue(field_id=%d, scope_id=%d, value=%s)" % (int(self.field_id), self.scope_id, shown)


class FieldValues(_Sequence):
    """The FieldValue of each field asked for, in order."""

    __slots__ = ()

    def validate(self):
        """Raise the first field's NvmlError, if any field failed."""
        for field in self:
            field.value

    def get_all_values(self):
        """Every field's value (raises the first field's NvmlError)."""
        return [field.value for field in self]


def _field_array(field_ids):
    """A cffi nvmlFieldValue_t[] asking for ``field_ids`` (ints or (field id, scope id) pairs)."""
    if not isinstance(field_ids, (list, tuple)):
        raise TypeError("field_ids must be a list of ints or (field id, scope id) pairs, not %s"
                        % type(field_ids).__name__)
    values = _ffi().new("nvmlFieldValue_t[]", max(len(field_ids), 1))
    for i, item in enumerate(field_ids):
        field, scope = item if isinstance(item, tuple) and len(item) == 2 else (item, 0)
        values[i].fieldId = _int_arg(field, "field_ids[%d]" % i, 0, 0xFFFFFFFF)
        values[i].scopeId = _int_arg(scope, "field_ids[%d] scope" % i, 0, 0xFFFFFFFF)
    return values


class InforomInfo:
    """The InfoROM of a device (``Device.inforom``)."""

    __slots__ = ("_handle",)

    def __init__(self, device):
        self._handle = device._handle

    def get_version(self, inforom):
        """The version of InfoROM object ``inforom`` (InforomObject or its value)."""
        inforom = _enum_arg(InforomObject, inforom, "InfoROM object")
        return _nv.device_get_inforom_version(self._handle, _INFOROM[inforom])

    @property
    def image_version(self):
        return _nv.device_get_inforom_image_version(self._handle)

    @property
    def configuration_checksum(self):
        return _nv.device_get_inforom_configuration_checksum(self._handle)

    def validate(self):
        """Read the InfoROM and check its checksums (raises CorruptedInforomError)."""
        _nv.device_validate_inforom(self._handle)

    @property
    def bbx_flush_time(self):
        """(timestamp, duration in microseconds) of the last flush of the black-box object."""
        return tuple(_nv.device_get_last_bbx_flush_time(self._handle))

    @property
    def board_part_number(self):
        return _nv.device_get_board_part_number(self._handle)


class MigInfo:
    """Multi-Instance GPU facts of a device (``Device.mig``)."""

    __slots__ = ("_handle",)

    def __init__(self, device):
        self._handle = device._handle

    @property
    def is_mig_device(self):
        """Whether this handle is a MIG device (a compute instance) rather than a whole GPU."""
        return bool(_nv.device_is_mig_device_handle(self._handle))

    @property
    def mode(self):
        """Whether MIG mode is on; settable (needs root, may need a GPU reset)."""
        return bool(_nv.device_get_mig_mode(self._handle)[0])

    @mode.setter
    def mode(self, mode):
        _nv.device_set_mig_mode(self._handle, 1 if mode else 0)

    @property
    def pending_mode(self):
        """The MIG mode after the next reset."""
        return bool(_nv.device_get_mig_mode(self._handle)[1])

    @property
    def device_count(self):
        """How many MIG devices this GPU can hold (NotSupportedError where MIG is not supported)."""
        return _nv.device_get_max_mig_device_count(self._handle)

    @property
    def parent(self):
        """The whole GPU of this MIG device."""
        return Device._from_handle(_nv.device_get_device_handle_from_mig_device_handle(self._handle))

    def get_device_by_index(self, index):
        """MIG device ``index`` (0 to ``device_count - 1``; NVML's error for any other)."""
        index = _int_arg(index, "index", 0, 0xFFFFFFFF)
        return Device._from_handle(_nv.device_get_mig_device_handle_by_index(self._handle, index))

    def get_all_devices(self):
        """The MIG devices that exist now under this GPU."""
        found = []
        for i in range(self.device_count):
            try:
                found.append(Device._from_handle(_nv.device_get_mig_device_handle_by_index(self._handle, i)))
            except NotFoundError:
                continue
        return found


class _NvlinkInfoMeta(type):
    @property
    def max_links(cls):
        """NVML_NVLINK_MAX_LINKS, the most links any device has. Deprecated (as in cuda.core): use
        ``Device.get_nvlink_count()``, how many links one device has."""
        warnings.warn("The `max_links` property is deprecated and will be removed in a future release. "
                      "Use `Device.get_nvlink_count` instead.", stacklevel=2)  # cuda.core's UserWarning
        return _NVLINK_MAX_LINKS


class NvlinkInfo(metaclass=_NvlinkInfoMeta):
    """One NVLink of a device (``Device.get_nvlink``)."""

    __slots__ = ("_handle", "_link")

    def __init__(self, device, link):
        if not isinstance(device, Device):
            raise TypeError("device must be a cudacffi.core.system.Device, not %s" % type(device).__name__)
        self._handle = device._handle
        self._link = _int_arg(link, "link", 0, 0xFFFFFFFF)  # newer NVML has more links than NVLINK_MAX_LINKS

    @property
    def version(self):
        """(major, minor) of the link's NVLink version."""
        v = int(_nv.device_get_nvlink_version(self._handle, self._link))
        if v == 0:
            raise RuntimeError("Invalid NvLink version returned for device")
        try:
            return _NVLINK_VERSION[v]
        except KeyError:
            raise RuntimeError("Unknown NvLink version %d returned for device" % v) from None

    @property
    def state(self):
        """Whether the link is active."""
        return int(_nv.device_get_nvlink_state(self._handle, self._link)) == 1


class PciInfo:
    """PCI facts of a device (``Device.pci_info``): identity read once, link figures read when asked."""

    __slots__ = ("_handle", "bus", "bus_id", "device", "domain", "vendor_id", "device_id", "subsystem_id",
                 "base_class", "sub_class")

    def __init__(self, pci, handle):
        self._handle = handle
        self.bus, self.device, self.domain = int(pci.bus), int(pci.device), int(pci.domain)
        self.bus_id = _c_text(pci.busId)
        self.vendor_id = int(pci.pciDeviceId) & 0xFFFF
        self.device_id = int(pci.pciDeviceId) >> 16
        self.subsystem_id = int(pci.pciSubSystemId)
        self.base_class, self.sub_class = int(pci.baseClass), int(pci.subClass)

    @property
    def link_generation(self):
        """The highest PCIe generation this device and system can run."""
        return _nv.device_get_max_pcie_link_generation(self._handle)

    @property
    def max_link_generation(self):
        """The highest PCIe generation the GPU supports."""
        return _nv.device_get_gpu_max_pcie_link_generation(self._handle)

    @property
    def max_link_width(self):
        return _nv.device_get_max_pcie_link_width(self._handle)

    @property
    def current_link_generation(self):
        return _nv.device_get_curr_pcie_link_generation(self._handle)

    @property
    def current_link_width(self):
        return _nv.device_get_curr_pcie_link_width(self._handle)

    @property
    def rx_throughput(self):
        """PCIe receive throughput over a 20 ms window, KB/s."""
        return _nv.device_get_pcie_throughput(self._handle, 1)

    @property
    def tx_throughput(self):
        """PCIe transmit throughput over a 20 ms window, KB/s."""
        return _nv.device_get_pcie_throughput(self._handle, 0)

    @property
    def replay_counter(self):
        return _nv.device_get_pcie_replay_counter(self._handle)

    def __repr__(self):
        return "PciInfo(bus_id=%r, vendor_id=0x%04x, device_id=0x%04x)" % (self.bus_id, self.vendor_id,
                                                                            self.device_id)


class Temperature:
    """Temperatures of a device (``Device.temperature``), in degrees Celsius."""

    __slots__ = ("_handle",)

    def __init__(self, handle):
        self._handle = handle

    def get_sensor(self):
        """The GPU's temperature sensor reading."""
        if hasattr(nvml, "device_get_temperature_v"):
            return _nv.device_get_temperature_v(self._handle, 0).temperature
        return _nv.device_get_temperature(self._handle, 0)

    def get_threshold(self, threshold_type):
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
    def margin(self):
        """Degrees left before the nearest slowdown threshold."""
        return _nv.device_get_margin_temperature(self._handle).marginTemperature

    def get_thermal_settings(self, sensor_index):
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


class EventData:
    """One device event: its ``device`` and ``event_type``; for XID_CRITICAL_ERROR also the Xid (``event_data``)
    and, on MIG devices, the instance ids (ValueError for other event types)."""

    __slots__ = ("device", "event_type", "_data", "_gpu_instance_id", "_compute_instance_id")

    def __init__(self, device, event_type, data, gpu_instance_id, compute_instance_id):
        self.device, self.event_type = device, event_type
        self._data, self._gpu_instance_id, self._compute_instance_id = data, gpu_instance_id, compute_instance_id

    def _xid_only(self, value, name):
        if self.event_type != EventType.XID_CRITICAL_ERROR:
            raise ValueError("%s is only available for Xid critical error events." % name)
        return value

    @property
    def event_data(self):
        return self._xid_only(self._data, "event_data")

    @property
    def gpu_instance_id(self):
        return self._xid_only(self._gpu_instance_id, "gpu_instance_id")

    @property
    def compute_instance_id(self):
        return self._xid_only(self._compute_instance_id, "compute_instance_id")

    def __repr__(self):
        return "EventData(device=%r, event_type=%s)" % (self.device, self.event_type.name)


class DeviceEvents:
    """A set of device event types being recorded (``Device.register_events``); ``wait`` for them, ``close`` (or
    drop) to stop."""

    def __init__(self, device_handle, events):
        mask = _mask(events, EventType, _EVENT_BITS, "events")
        _init()
        self._set = _nv.event_set_create()
        try:
            _nv.device_register_events(device_handle, mask, self._set)
        except BaseException:
            self.close()
            raise

    def wait(self, timeout_ms=0):
        """The next EventData, waiting up to ``timeout_ms`` ms (0: indefinitely); raises TimeoutError."""
        timeout_ms = _int_arg(timeout_ms, "timeout_ms", 0, 0xFFFFFFFF)
        if self._set is None:
            raise RuntimeError("these device events were closed")
        data = _nv.event_set_wait_v2(self._set, timeout_ms)
        kinds = {bit: member for bit, member in _EVENT_BITS}
        return EventData(Device._from_handle(int(data.device)), kinds.get(int(data.eventType), EventType.NONE),
                         int(data.eventData), int(data.gpuInstanceId), int(data.computeInstanceId))

    def close(self):
        """Stop recording and free the event set (idempotent)."""
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _nv.event_set_free(event_set)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see core/_release)
        event_set, self._set = getattr(self, "_set", None), None
        if event_set is not None:
            _defer(_nv_call, "event_set_free", event_set)


# -- Device --------------------------------------------------------------------------------------------------------

class Device:
    """A GPU as NVML sees it: ``Device(index)``, ``Device(uuid=...)`` or ``Device(pci_bus_id=...)`` (exactly one).

    NVML's index order need not be CUDA's; ``to_cuda_device()`` finds the ``cudacffi.core.Device`` by UUID. A UUID
    may be given with NVML's 'GPU-'/'MIG-' prefix or without it (as ``cudacffi.core.Device.uuid`` writes it).
    """

    __slots__ = ("_handle", "__weakref__")

    def __init__(self, index=None, *, uuid=None, pci_bus_id=None):
        given = [name for name, v in (("index", index), ("uuid", uuid), ("pci_bus_id", pci_bus_id)) if v is not None]
        if len(given) > 1:  # cuda.core's messages
            raise ValueError("Handle requires only one of `index`, `uuid`, or `pci_bus_id`.")
        if not given:
            raise ValueError("Handle requires either a device `index`, `uuid`, or `pci_bus_id`.")
        if index is not None:
            index = _int_arg(index, "index", 0, 0xFFFFFFFF)
            _init()
            self._handle = _nv.device_get_handle_by_index_v2(index)
        elif uuid is not None:
            self._handle = _handle_by_uuid(_text_arg(uuid, "uuid"))
        else:
            text = _text_arg(pci_bus_id, "pci_bus_id")
            _init()
            self._handle = _nv.device_get_handle_by_pci_bus_id_v2(text)

    @classmethod
    def _from_handle(cls, handle):
        self = object.__new__(cls)
        self._handle = int(handle)
        return self

    @classmethod
    def get_device_count(cls):
        return get_num_devices()

    @classmethod
    def get_all_devices(cls):
        """Every GPU NVML sees, in NVML's index order."""
        return [cls(i) for i in range(get_num_devices())]

    @classmethod
    def get_all_devices_with_cpu_affinity(cls, cpu_index):
        """The GPUs with affinity to CPU ``cpu_index`` (Linux)."""
        cpu_index = _int_arg(cpu_index, "cpu_index", 0, 0xFFFFFFFF)
        _init()
        return [cls._from_handle(h) for h in _nv.system_get_topology_gpu_set(cpu_index)]

    def __eq__(self, other):
        return isinstance(other, Device) and other._handle == self._handle

    def __hash__(self):
        return hash((Device, self._handle))

    def __repr__(self):
        return "<cudacffi.core.system.Device handle=0x%x>" % self._handle

    # -- identity ------------------------------------------------------------------------------------------------
    @property
    def index(self):
        """NVML's index of this device (not necessarily CUDA's ordinal)."""
        return _nv.device_get_index(self._handle)

    @property
    def uuid(self):
        """NVML's UUID, with its 'GPU-' or 'MIG-' prefix."""
        return _nv.device_get_uuid(self._handle)

    @property
    def uuid_without_prefix(self):
        """The UUID as CUDA writes it: NVML's without the 'GPU-'/'MIG-' prefix."""
        return _strip_prefix(self.uuid)

    @property
    def pci_bus_id(self):
        """NVML's PCI bus id, 'DDDDDDDD:BB:DD.F'."""
        return self.pci_info.bus_id

    @property
    def numa_node_id(self):
        return _nv.device_get_numa_node_id(self._handle)

    @property
    def arch(self):
        """The DeviceArch (UNKNOWN for an architecture newer than this list)."""
        value = int(_nv.device_get_architecture(self._handle))
        try:
            return DeviceArch(value)
        except ValueError:
            return DeviceArch.UNKNOWN

    @property
    def name(self):
        return _nv.device_get_name(self._handle)

    @property
    def brand(self):
        """The brand as a name ('Tesla', 'NVIDIA', 'GeForce RTX' ...; 'Unknown' where NVML knows none)."""
        value = int(_nv.device_get_brand(self._handle))
        return _BRANDS[value] if 0 <= value < len(_BRANDS) else "Unknown"

    @property
    def serial(self):
        return _nv.device_get_serial(self._handle)

    @property
    def module_id(self):
        return _nv.device_get_module_id(self._handle)

    @property
    def minor_number(self):
        """N of /dev/nvidiaN (Linux)."""
        return _nv.device_get_minor_number(self._handle)

    @property
    def is_c2c_enabled(self):
        return bool(_nv.device_get_c2c_mode_info_v(self._handle).isC2cEnabled)

    @property
    def is_persistence_mode_enabled(self):
        """Whether persistence mode is on; settable (needs root; Linux)."""
        return int(_nv.device_get_persistence_mode(self._handle)) == 1

    @is_persistence_mode_enabled.setter
    def is_persistence_mode_enabled(self, enabled):
        _nv.device_set_persistence_mode(self._handle, 1 if enabled else 0)

    @property
    def cuda_compute_capability(self):
        return tuple(_nv.device_get_cuda_compute_capability(self._handle))

    def to_cuda_device(self):
        """The cudacffi.core.Device of the same GPU (matched by UUID); RuntimeError where CUDA has none (a MIG
        parent, or a GPU that CUDA_VISIBLE_DEVICES hides)."""
        want = self.uuid_without_prefix.lower()
        for device in CudaDevice.get_all_devices():
            if device.uuid.lower() == want:
                return device
        raise RuntimeError("No corresponding CUDA device found for this NVML device (%s)." % self.uuid)

    # -- configuration -----------------------------------------------------------------------------------------
    @property
    def addressing_mode(self):
        """The AddressingMode (None where neither HMM nor ATS is active). Needs a build with CUDA 13.0+ headers."""
        mode = _needs_13("device_get_addressing_mode")(self._handle)
        return _ADDRESSING.get(int(mode.value))

    @property
    def mig(self):
        return MigInfo(self)

    @property
    def attributes(self):
        a = _nv.device_get_attributes_v2(self._handle)
        return DeviceAttributes(a.multiprocessorCount, a.sharedCopyEngineCount, a.sharedDecoderCount,
                                a.sharedEncoderCount, a.sharedJpegCount, a.sharedOfaCount, a.gpuInstanceSliceCount,
                                a.computeInstanceSliceCount, a.memorySizeMB)

    @property
    def is_display_connected(self):
        return int(_nv.device_get_display_mode(self._handle)) == 1

    @property
    def is_display_active(self):
        return int(_nv.device_get_display_active(self._handle)) == 1

    @property
    def repair_status(self):
        """The RepairStatus. Needs a build with CUDA 13.0+ headers."""
        status = _needs_13("device_get_repair_status")(self._handle)
        return RepairStatus(bool(status.bChannelRepairPending), bool(status.bTpcRepairPending))

    # -- CPU and memory affinity -------------------------------------------------------------------------------
    def get_memory_affinity(self, scope=AffinityScope.NODE):
        """The NUMA nodes (or CPU sockets, for AffinityScope.SOCKET) nearest the device's memory (Linux)."""
        return self._affinity(_nv.device_get_memory_affinity, scope)

    def get_cpu_affinity(self, scope=AffinityScope.NODE):
        """The CPUs nearest the device, within the NUMA node or CPU socket ``scope`` (Linux)."""
        return self._affinity(_nv.device_get_cpu_affinity_within_scope, scope)

    def _affinity(self, function, scope):
        code = _AFFINITY[_enum_arg(AffinityScope, scope, "affinity scope")]
        bits = _ffi().sizeof("unsigned long") * 8
        words = max(16, ((os.cpu_count() or 1) + bits - 1) // bits + 1)
        mask = function(self._handle, words, code)
        return [w * bits + b for w in range(words) for b in range(bits) if (mask[w] >> b) & 1]

    def set_cpu_affinity(self):
        """Bind the calling thread to the CPUs nearest the device (Linux)."""
        _nv.device_set_cpu_affinity(self._handle)

    def clear_cpu_affinity(self):
        """Undo ``set_cpu_affinity`` for the calling thread (Linux)."""
        _nv.device_clear_cpu_affinity(self._handle)

    # -- clocks, performance ------------------------------------------------------------------------------------
    def get_clock(self, clock_type):
        """The ClockInfo of clock domain ``clock_type`` (ClockType or its value)."""
        return ClockInfo(self._handle, clock_type)

    @property
    def is_auto_boosted_clocks_enabled(self):
        """(current, default) state of auto boosted clocks."""
        current, default = _nv.device_get_auto_boosted_clocks_enabled(self._handle)
        return (bool(current), bool(default))

    @property
    def current_clock_event_reasons(self):
        """The ClocksEventReasons in effect now ([] where the clocks are unconstrained)."""
        return _bits(int(_nv.device_get_current_clocks_event_reasons(self._handle)), _CLOCKS_EVENT_BITS)

    @property
    def supported_clock_event_reasons(self):
        return _bits(int(_nv.device_get_supported_clocks_event_reasons(self._handle)), _CLOCKS_EVENT_BITS)

    @property
    def performance_state(self):
        """The current P-state, 0 (fastest) to 15; None where unknown."""
        state = int(_nv.device_get_performance_state(self._handle))
        return None if state == _PSTATE_UNKNOWN else state

    @property
    def supported_pstates(self):
        """The P-states the device supports, fastest first."""
        states = _nv.device_get_supported_performance_states(self._handle)
        return [int(s) for s in states if int(s) != _PSTATE_UNKNOWN]

    @property
    def dynamic_pstates_info(self):
        info = _nv.device_get_dynamic_pstates_info(self._handle)
        raw = _c_struct(info, "nvmlGpuDynamicPstatesInfo_t")
        return GpuDynamicPstatesInfo(
            GpuDynamicPstatesUtilization(bool(u.bIsPresent), int(u.percentage), int(u.incThreshold),
                                         int(u.decThreshold)) for u in raw.utilization)

    # -- cooling, temperature ------------------------------------------------------------------------------------
    @property
    def cooler(self):
        info = _nv.device_get_cooler_info(self._handle)
        return CoolerInfo(_COOLER_CONTROL.get(int(info.signalType)), _bits(int(info.target), _COOLER_TARGET_BITS))

    def get_fan(self, fan=0):
        """The FanInfo of fan ``fan``; ValueError for a fan the device does not have."""
        fan = _int_arg(fan, "fan", 0)
        count = self.num_fans
        if fan >= count:
            raise ValueError("Fan index %d is out of range [0, %d)" % (fan, count))
        return FanInfo(self._handle, fan)

    @property
    def num_fans(self):
        return _nv.device_get_num_fans(self._handle)

    @property
    def temperature(self):
        return Temperature(self._handle)

    # -- events ----------------------------------------------------------------------------------------------------
    def register_events(self, events):
        """Start recording ``events`` (EventType, its value, or a list of them) on this device (Linux); raises
        NotSupportedError where none of them can be recorded."""
        return DeviceEvents(self._handle, events)

    def get_supported_event_types(self):
        return _bits(int(_nv.device_get_supported_event_types(self._handle)), _EVENT_BITS)

    # -- field values ------------------------------------------------------------------------------------------
    def get_field_values(self, field_ids):
        """The FieldValues of ``field_ids`` (NVML_FI_* ids, or (id, scope id) pairs); a failed field raises its
        own error when its ``value`` is read."""
        values = _field_array(field_ids)
        if field_ids:
            _raw("nvmlDeviceGetFieldValues", self._handle, len(field_ids), values)
        return FieldValues(FieldValue(values[i]) for i in range(len(field_ids)))

    def clear_field_values(self, field_ids):
        """Reset the counters behind ``field_ids`` (needs root)."""
        values = _field_array(field_ids)
        if field_ids:
            _raw("nvmlDeviceClearFieldValues", self._handle, len(field_ids), values)

    # -- memory, PCI, InfoROM, NVLink ----------------------------------------------------------------------------
    @property
    def memory_info(self):
        m = _nv.device_get_memory_info_v2(self._handle)
        return MemoryInfo(m.free, m.total, m.used, m.reserved)

    @property
    def bar1_memory_info(self):
        m = _nv.device_get_bar1_memory_info(self._handle)
        return BAR1MemoryInfo(m.bar1Free, m.bar1Total, m.bar1Used, 0)

    @property
    def pci_info(self):
        """The PciInfo; RuntimeError for a device without PCI attributes (a MIG device)."""
        try:
            pci = _nv.device_get_pci_info_ext(self._handle)
        except nvml.InvalidArgumentError:
            raise RuntimeError("This device does not have PCI attributes") from None
        return PciInfo(pci, self._handle)

    @property
    def inforom(self):
        return InforomInfo(self)

    def get_nvlink_count(self):
        """How many NVLinks the device has (NVML's NVLINK_LINK_COUNT field; NotSupportedError where the device
        has no NVLink)."""
        return int(self.get_field_values([_FI_DEV_NVLINK_LINK_COUNT])[0].value)

    def get_nvlink(self, link):
        """The NvlinkInfo of link ``link``; ValueError for a link the device does not have."""
        count = self.get_nvlink_count()
        link = _int_arg(link, "link", 0)
        if link >= count:
            raise ValueError("Link index %d is out of range [0, %d)" % (link, count))
        return NvlinkInfo(self, link)

    def get_nvlinks(self):
        return [NvlinkInfo(self, i) for i in range(self.get_nvlink_count())]

    # -- work ------------------------------------------------------------------------------------------------------
    @property
    def compute_running_processes(self):
        """The processes with a compute context on the device (ProcessInfo)."""
        return [ProcessInfo(p.pid, p.used_gpu_memory, p.gpu_instance_id, p.compute_instance_id)
                for p in _nv.device_get_compute_running_processes_v3(self._handle)]

    @property
    def utilization(self):
        u = _nv.device_get_utilization_rates(self._handle)
        return Utilization(u.gpu, u.memory)

    def get_topology_nearest_gpus(self, level):
        """The GPUs connected to this one at GpuTopologyLevel ``level`` (Linux)."""
        code = _TOPOLOGY[_enum_arg(GpuTopologyLevel, level, "topology level")]
        return [Device._from_handle(h) for h in _nv.device_get_topology_nearest_gpus(self._handle, code)]


def _strip_prefix(uuid):
    head, sep, rest = uuid.partition("-")
    return rest if sep and head.upper() in ("GPU", "MIG") else uuid


def _handle_by_uuid(text):
    """The NVML handle of UUID ``text``; without NVML's prefix, as a GPU and then as a MIG device."""
    _init()
    if _strip_prefix(text) != text:
        return _nv.device_get_handle_by_uuid(text)
    try:
        return _nv.device_get_handle_by_uuid("GPU-" + text)
    except NotFoundError:
        return _nv.device_get_handle_by_uuid("MIG-" + text)


def _needs_13(name):
    """The NVML binding ``name``, or NotImplementedError where this build's headers predate it."""
    if not hasattr(nvml, name):
        raise NotImplementedError("%s needs cudacffi built with CUDA 13.0 or newer headers (this build: CUDA %s)"
                                  % (name, nvml.CUDA_VERSION))
    return getattr(_nv, name)


# -- the driver-answered attributes of the earlier ``system`` object ---------------------------------------------

def _legacy_num_devices():
    return check(_utils.driver().cuDeviceGetCount())


def _legacy_devices():
    return CudaDevice.get_all_devices()


_LEGACY = {"num_devices": _legacy_num_devices, "driver_version": get_user_mode_driver_version,
           "devices": _legacy_devices}


def __getattr__(name):
    """``num_devices``, ``driver_version`` and ``devices``: the CUDA driver's answers, read when asked."""
    try:
        return _LEGACY[name]()
    except KeyError:
        raise AttributeError("module %r has no attribute %r" % (__name__, name)) from None


__all__ = ["CUDA_BINDINGS_NVML_IS_COMPATIBLE", "Device", "NvlinkInfo", "get_driver_branch",
           "get_kernel_mode_driver_version", "get_num_devices", "get_nvml_version", "get_p2p_status",
           "get_process_name", "get_topology_common_ancestor", "get_user_mode_driver_version", "register_events"]
__all__ += exceptions.__all__ + [name for name in typing.__all__ if name != "FieldId"]
