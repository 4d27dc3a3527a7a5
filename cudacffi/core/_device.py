"""Device, DeviceProperties and Context: cuda.core's entry point on the driver API.

A Device is a per-thread singleton per ordinal, as in cuda.core. Beyond cuda.core: a device used on a
thread where no context is current makes its primary context current (instead of raising), and
``total_memory`` is a property of the device.
"""

import threading

from .. import driver as _drv
from . import _release, _utils
from ._utils import ComputeCapability, check

# cuda.core's DeviceProperties answers bool for these attributes (every other attribute is an int)
_BOOL_PROPERTIES = frozenset("""
gpu_overlap kernel_exec_timeout integrated can_map_host_memory concurrent_kernels ecc_enabled tcc_driver
unified_addressing global_l1_cache_supported local_l1_cache_supported managed_memory multi_gpu_board
host_native_atomic_supported pageable_memory_access concurrent_managed_access compute_preemption_supported
can_use_host_pointer_for_registered_mem cooperative_launch pageable_memory_access_uses_host_page_tables
direct_managed_mem_access_from_host virtual_memory_management_supported
handle_type_posix_file_descriptor_supported handle_type_win32_handle_supported
handle_type_win32_kmt_handle_supported generic_compression_supported gpu_direct_rdma_with_cuda_vmm_supported
sparse_cuda_array_supported read_only_host_register_supported memory_pools_supported gpu_direct_rdma_supported
deferred_mapping_cuda_array_supported multicast_supported can_tex2d_gather stream_priorities_supported
can_flush_remote_writes host_register_supported timeline_semaphore_interop_supported cluster_launch
can_use_64_bit_stream_mem_ops can_use_stream_wait_value_nor dma_buf_supported ipc_event_supported
tensor_map_access_supported handle_type_fabric_supported unified_function_pointers mps_enabled
d3d12_cig_supported vulkan_cig_supported host_numa_virtual_memory_management_supported
host_numa_memory_pools_supported host_numa_multinode_ipc_supported host_memory_pools_supported
host_virtual_memory_management_supported host_alloc_dma_buf_supported only_partial_host_native_atomic_supported
can_use_stream_mem_ops_v1 can_use_64_bit_stream_mem_ops_v1 can_use_stream_wait_value_nor_v1
cooperative_multi_device_launch virtual_address_management_supported
""".split())

_PREFIX = "CU_DEVICE_ATTRIBUTE_"

# The attributes cuda.core's DeviceProperties reads that headers older than CUDA 12.9 (or 13.0) lack, by number: a
# build on such headers asks for them by number (the driver's numbering never changes), and a driver older than
# an attribute answers as for any attribute it does not know.
_LATER_ATTRIBUTES = {
    "handle_type_fabric_supported": 128, "numa_config": 130, "numa_id": 131, "multicast_supported": 132,
    "mps_enabled": 133, "host_numa_id": 134, "d3d12_cig_supported": 135, "mem_decompress_algorithm_mask": 136,
    "mem_decompress_maximum_length": 137, "vulkan_cig_supported": 138, "gpu_pci_device_id": 139,
    "gpu_pci_subsystem_id": 140, "host_numa_virtual_memory_management_supported": 141,
    "host_numa_memory_pools_supported": 142, "host_numa_multinode_ipc_supported": 143,
    "host_memory_pools_supported": 144, "host_virtual_memory_management_supported": 145,
    "host_alloc_dma_buf_supported": 146, "only_partial_host_native_atomic_supported": 147}

# What a property reads where the driver does not know its attribute (CUDA_ERROR_INVALID_VALUE), as cuda.core's
# does: 0 (False) but for these.
_DEFAULTS = {"mem_sync_domain_count": 1, "host_numa_id": -1}


def property_names():
    """{Python name: CUdevice_attribute member, or its number where this build's headers predate it} for every
    attribute of this build's headers and every one cuda.core's DeviceProperties reads."""
    from .. import driver

    names = dict(_LATER_ATTRIBUTES)
    for member_name, member in driver.CUdevice_attribute.__members__.items():
        if member_name.startswith(_PREFIX) and member_name != _PREFIX + "MAX":
            names[member_name[len(_PREFIX):].lower()] = member
    return names


class DeviceProperties:
    """Every ``CUdevice_attribute`` of a device as a lazy, cached property (``max_threads_per_block``, ...)."""

    __slots__ = ("_dev", "_cache")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("DeviceProperties cannot be instantiated directly: use Device().properties")

    @classmethod
    def _init(cls, dev):
        self = object.__new__(cls)
        self._dev = dev
        self._cache = {}
        return self

    def _get(self, name, attr):
        try:
            return self._cache[name]
        except KeyError:
            pass
        drv = _utils.driver()
        err, value = drv.cuDeviceGetAttribute(attr, self._dev)
        if err == drv.CUresult.CUDA_ERROR_INVALID_VALUE:  # an attribute this driver does not know
            value = _DEFAULTS.get(name, 0)
        else:
            value = check((err, value))
        if name in _BOOL_PROPERTIES:
            value = bool(value)
        self._cache[name] = value
        return value

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(property_names()))

    def __repr__(self):
        return "<DeviceProperties of device %d>" % int(self._dev)


def _make_property(name, attr):
    def get(self):
        return self._get(name, attr)
    get.__name__ = name
    kind = "bool" if name in _BOOL_PROPERTIES else "int"
    attr_name = getattr(attr, "name", _PREFIX + name.upper())
    return property(get, doc="%s: %s (cuDeviceGetAttribute, cached; %r where the driver does not know it)"
                    % (kind, attr_name, _DEFAULTS.get(name, 0) if kind == "int" else False))


for _name, _attr in property_names().items():
    setattr(DeviceProperties, _name, _make_property(_name, _attr))
del _name, _attr


class Context:
    """A CUDA context (a device's primary context, as Device.context gives it). Contexts compare and hash by
    handle and are weakly referenceable; a closed one reads ``handle`` None and ``is_closed``, and cannot be
    pickled."""

    __slots__ = ("_handle", "_h", "_device_id", "_owned", "__weakref__")

    def __new__(cls, *args, **kwargs):
        # A bare object is a closed context (as cuda.core's); __init__ refuses direct construction.
        self = object.__new__(cls)
        self._handle = None
        self._h = self._device_id = 0
        self._owned = False
        return self

    def __init__(self, *args, **kwargs):
        raise RuntimeError("Context objects cannot be instantiated directly. Please use Device or Stream APIs.")

    @classmethod
    def _from_ctx(cls, handle, device_id):
        self = object.__new__(cls)
        self._handle = handle
        self._h = int(handle)
        self._device_id = device_id
        self._owned = False
        return self

    def _live(self):
        handle = self._handle
        if handle is None:
            raise RuntimeError("Context has been closed")
        return handle

    @property
    def handle(self):
        """The ``driver.CUcontext`` (None once closed)."""
        return self._handle

    @property
    def is_closed(self):
        return self._handle is None

    @property
    def is_green(self):
        return False

    @property
    def resources(self):
        """The DeviceResources this context may use (a green context's partition, else the device's)."""
        from ._green import context_resources

        self._live()
        return context_resources(self)

    def close(self):
        """Let go of the context (a primary context stays retained by its Device for the process's life); as in
        cuda.core, not while it is current on this thread. Closing twice is harmless."""
        handle = self._handle
        if handle is None:
            return
        err, current = _utils.driver().cuCtxGetCurrent()
        if not err and current is not None and int(current) == self._h:
            raise RuntimeError("Cannot close a CUDA context while it is current. Restore a previous context before "
                               "closing this context.")
        self._handle = None

    def create_stream(self, options=None):
        """A new stream in this context (beyond cuda.core, which makes them from green contexts only)."""
        from ._stream import Stream

        self._live()
        return Stream._create(Device(self._device_id), options)

    def _value(self):
        return self._h if self._handle is not None else 0

    def __eq__(self, other):
        if not isinstance(other, Context):
            return NotImplemented
        return other._value() == self._value()

    def __hash__(self):
        return hash(self._value())

    def __repr__(self):
        return "<Context handle=0x%x device=%d>" % (self._value(), self._device_id)

    def __reduce__(self):
        raise TypeError("a Context cannot be pickled: its handle is valid only in this process")


_tls = threading.local()
_ready = _utils._initialized  # [False] before cuInit, and again in a forked child
_queue = _release._queue  # releases finalizers queued: made by _utils.driver() before the next call
_primary = {}  # device ordinal -> retained primary CUcontext (retained once per process, never released)
_primary_lock = threading.Lock()


def _retain_primary(device_id, cu_device):
    ctx = _primary.get(device_id)
    if ctx is None:
        drv = _utils.driver()  # (before the lock: it may make the releases finalizers queued)
        with _primary_lock:
            ctx = _primary.get(device_id)
            if ctx is None:
                ctx = _primary[device_id] = check(drv.cuDevicePrimaryCtxRetain(cu_device))
    return ctx


class Device:
    """A GPU: the entry point for contexts, streams, events, memory and launches.

    ``Device(device_id=None)`` returns this thread's object for that ordinal; None means the device of the
    current context (device 0 where there is none). Creating it initializes the driver but no context.
    """

    __slots__ = ("_id", "_cu", "_properties", "_uuid", "_context", "_inited", "_default_stream", "_mr", "_cc",
                 "_primary", "__weakref__")

    def __new__(cls, device_id=None):
        if device_id.__class__ is int and _ready[0]:  # this thread's object for an ordinal seen before
            devices = getattr(_tls, "devices", None)
            if devices is not None and 0 <= device_id < len(devices):
                self = devices[device_id]
                if self is not None:
                    return self
        if isinstance(device_id, Device):
            return device_id
        drv = _utils.driver()
        if device_id is None:
            err, dev = drv.cuCtxGetDevice()
            device_id = int(dev) if not err else 0
        else:
            try:
                number = _utils.as_int(device_id, "device_id")  # numpy integers, bools: as cuda.core takes them
            except TypeError:
                # a float (any real number with __int__) is truncated, as cuda.core's C int conversion does
                if isinstance(device_id, (str, bytes, bytearray)) or not hasattr(type(device_id), "__int__"):
                    raise TypeError("device_id must be an int, a Device or None, not %s"
                                    % type(device_id).__name__) from None
                number = None
            value = device_id if number is None else number
            if value < 0:
                raise ValueError("device_id must be >= 0, got %s" % value)
            device_id = int(value)
        devices = getattr(_tls, "devices", None)
        if devices is None:
            n = check(drv.cuDeviceGetCount())
            devices = _tls.devices = [None] * n
        if not 0 <= device_id < len(devices):
            raise ValueError("device_id must be within [0, %d), got %d" % (len(devices), device_id))
        self = devices[device_id]
        if self is None:
            self = devices[device_id] = object.__new__(cls)
            self._id = device_id
            self._cu = check(drv.cuDeviceGet(device_id))
            self._properties = self._uuid = self._context = self._default_stream = self._mr = None
            self._cc = self._primary = None
            self._inited = False
        return self

    @classmethod
    def get_all_devices(cls):
        """A tuple of every device, in ordinal order."""
        n = check(_utils.driver().cuDeviceGetCount())
        return tuple(cls(i) for i in range(n))

    # -- identity --------------------------------------------------------------------------------------------
    @property
    def device_id(self):
        return self._id

    def __int__(self):
        return self._id

    def __index__(self):
        return self._id

    def __eq__(self, other):
        if not isinstance(other, Device):
            return NotImplemented
        return other._id == self._id

    def __hash__(self):
        return hash((Device, self._id))

    def __reduce__(self):
        return Device, (self._id,)

    def __repr__(self):
        return "<Device %d (%s)>" % (self._id, self.name)

    # -- facts -----------------------------------------------------------------------------------------------
    @property
    def name(self):
        return check(_utils.driver().cuDeviceGetName(256, self._cu)).split(b"\0")[0].decode()

    @property
    def pci_bus_id(self):
        return check(_utils.driver().cuDeviceGetPCIBusId(32, self._cu)).split(b"\0")[0].decode()

    @property
    def uuid(self):
        """The device's UUID as cuda.core writes it: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'."""
        if self._uuid is None:
            drv = _utils.driver()
            getter = getattr(drv, "cuDeviceGetUuid_v2", None) or drv.cuDeviceGetUuid
            raw = bytes(bytearray(b & 0xFF for b in _uuid_bytes(check(getter(self._cu)))))
            h = raw.hex()
            self._uuid = "-".join((h[:8], h[8:12], h[12:16], h[16:20], h[20:32]))
        return self._uuid

    @property
    def properties(self):
        if self._properties is None:
            self._properties = DeviceProperties._init(self._cu)
        return self._properties

    @property
    def compute_capability(self):
        cc = self._cc
        if cc is None:  # constant for the device: asked once
            p = self.properties
            cc = self._cc = ComputeCapability(p.compute_capability_major, p.compute_capability_minor)
        return cc

    @property
    def arch(self):
        """Compute capability as a string: '90' for 9.0."""
        major, minor = self.compute_capability
        return "%d%d" % (major, minor)

    @property
    def total_memory(self):
        """Bytes of device memory (cuDeviceTotalMem). Beyond cuda.core."""
        return check(_utils.driver().cuDeviceTotalMem(self._cu))

    def can_access_peer(self, peer):
        peer = Device(peer)
        if peer._id == self._id:
            return True
        return bool(check(_utils.driver().cuDeviceCanAccessPeer(self._cu, peer._cu)))

    # -- contexts --------------------------------------------------------------------------------------------
    def set_current(self, ctx=None):
        """Make this device's primary context current on this thread (or ``ctx``: then the previous
        current context is popped and returned)."""
        primary = self._primary
        if ctx is None and primary is not None:  # the loop's case: the retained primary context, one driver call
            if _queue or not _ready[0]:
                _utils.driver()
            status = _drv.cuCtxSetCurrent(primary)[0]
            if status:
                check((status,))
            current = self._context
            if current is None or current._handle is not primary:
                if current is None or current._handle is None or current._h != int(primary):
                    self._context = Context._from_ctx(primary, self._id)
            self._inited = True
            return None
        drv = _utils.driver()
        if ctx is not None:
            if not isinstance(ctx, Context):
                raise TypeError("ctx must be a Context, not %s" % type(ctx).__name__)
            ctx._live()
            if ctx._device_id != self._id:
                raise RuntimeError("the provided context was created on the device with id=%d, which is different "
                                   "from the target id=%d" % (ctx._device_id, self._id))
            before = self._context if self._inited else None
            err, prev = drv.cuCtxPopCurrent()
            check(drv.cuCtxPushCurrent(ctx._handle))
            self._inited = True
            self._context = ctx  # Device.context is now this one, as in cuda.core
            if err or prev is None or int(prev) == 0:
                return None
            if before is not None and before._handle is not None and int(before._handle) == int(prev):
                return before
            return Context._from_ctx(prev, self._id)
        primary = self._primary
        if primary is None:
            primary = self._primary = _retain_primary(self._id, self._cu)
        status = drv.cuCtxSetCurrent(primary)[0]
        if status:
            check((status,))
        ctx = self._context
        if ctx is None or ctx._handle is None or ctx._h != int(primary):
            self._context = Context._from_ctx(primary, self._id)
        self._inited = True
        return None

    def _ensure_current(self):
        """Beyond cuda.core: where no context is current on this thread, make the primary one current."""
        if self._inited:
            return
        drv = _utils.driver()
        err, cur = drv.cuCtxGetCurrent()
        if not err and cur is not None and int(cur) != 0:
            dev = check(drv.cuCtxGetDevice())
            if int(dev) != self._id:
                raise RuntimeError("device %d is not current on this thread (device %d is): call "
                                   "Device(%d).set_current() first" % (self._id, int(dev), self._id))
            if self._context is None:
                self._context = Context._from_ctx(cur, self._id)
            self._inited = True
        else:
            self.set_current()

    @property
    def context(self):
        self._ensure_current()
        if self._context is None:
            self._context = Context._from_ctx(check(_utils.driver().cuCtxGetCurrent()), self._id)
        return self._context

    @property
    def default_stream(self):
        """The legacy default stream, or the per-thread one where CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM
        is set (as cuda.core)."""
        from ._stream import default_stream

        self._ensure_current()
        return default_stream()

    @property
    def memory_resource(self):
        """What ``allocate`` allocates from: the device's memory pool (a DeviceMemoryResource shared by the
        process; plain cuMemAlloc for a device without pools) until another MemoryResource is set (on this
        thread's Device object, as in cuda.core)."""
        if self._mr is None:
            from ._memory_resource import default_resource

            self._ensure_current()
            self._mr = default_resource(self)
        return self._mr

    @memory_resource.setter
    def memory_resource(self, mr):
        from ._memory import MemoryResource

        if not isinstance(mr, MemoryResource):
            raise TypeError("memory_resource must be a MemoryResource, not %s" % type(mr).__name__)
        self._mr = mr

    # -- work ------------------------------------------------------------------------------------------------
    def create_stream(self, obj=None, options=None):
        from ._stream import Stream

        if obj is not None:
            return Stream._from_foreign(obj, options)
        self._ensure_current()
        return Stream._create(self, options)

    def create_event(self, options=None):
        from ._stream import Event

        self._ensure_current()
        return Event._create(self, options, bound=False)

    def allocate(self, size, stream=None):
        """A Buffer of ``size`` bytes from ``memory_resource``, stream-ordered on ``stream``. Beyond cuda.core:
        ``stream`` may be omitted (the device's default stream) and may be passed by position."""
        mr = self._mr
        if mr is None:
            mr = self.memory_resource
        return mr.allocate(size, stream=stream)

    def create_graph_builder(self):
        """A GraphBuilder capturing on a new stream of this device."""
        from .graph import GraphBuilder

        self._ensure_current()
        return GraphBuilder._on(self.create_stream(), owned=True)

    def sync(self):
        self._ensure_current()
        check(_utils.driver().cuCtxSynchronize())

    # -- resources, green contexts, textures and surfaces (cudacffi.core._green, cudacffi.core.texture) ------
    @property
    def resources(self):
        """The device's DeviceResources (all its SMs and workqueues), to split for green contexts."""
        from ._green import device_resources

        return device_resources(self)

    def create_context(self, options=None):
        """A new context, not made current: a green context over ``options.resources`` (a ContextOptions),
        or with None a plain context of its own (cuCtxCreate). ``close()`` destroys it."""
        from ._green import create_context

        return create_context(self, options)

    def create_opaque_array(self, options):
        """A new OpaqueArray (a CUDA array) as ``options`` (an OpaqueArrayOptions) describes."""
        from .texture import OpaqueArray

        self._ensure_current()
        return OpaqueArray._create(self._id, options)

    def create_mipmapped_array(self, options):
        """A new MipmappedArray as ``options`` (a MipmappedArrayOptions) describes."""
        from .texture import MipmappedArray

        self._ensure_current()
        return MipmappedArray._create(self._id, options)

    def create_texture_object(self, *, resource, options=None):
        """A TextureObject reading ``resource`` (a ResourceDescriptor) as ``options`` (TextureObjectOptions,
        a dict of its fields, or None for the defaults) says."""
        from .texture import TextureObject

        self._ensure_current()
        return TextureObject._create(self._id, resource, options)

    def create_surface_object(self, *, resource):
        """A SurfaceObject over ``resource`` (ResourceDescriptor.from_opaque_array of an array made with
        ``is_surface_load_store=True``)."""
        from .texture import SurfaceObject

        self._ensure_current()
        return SurfaceObject._create(self._id, resource)

    # -- NVML (core-system) ----------------------------------------------------------------------------------
    def to_system_device(self):
        """The ``cudacffi.core.system.Device`` of this GPU (NVML's view of it, matched by UUID)."""
        from . import system

        return system.Device(uuid=self.uuid)


def _uuid_bytes(uuid):
    b = uuid.bytes
    return b if not isinstance(b, str) else b.encode("latin-1")
