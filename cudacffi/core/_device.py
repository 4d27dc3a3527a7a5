"""Device: cuda.core's entry point, the façade on top of cudacffi.core's layers.

A Device is a per-thread singleton per ordinal, as in cuda.core. It is the one class that makes the objects of
every layer (streams, events, buffers, graph builders, green contexts, textures); no layer below imports it (they
ask ``_context`` for a device's id, context or capability, and for the Device object itself through
``_registry``). Beyond cuda.core: a device used on a thread where no context is current makes its primary context
current (instead of raising), and ``total_memory`` is a property of the device.
"""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING, Any, Optional, Tuple, Union

from .. import _direct
from .. import driver as _drv
from . import _registry, _release, _utils
from ._context import Context, primary_context
from ._device_properties import DeviceProperties
from ._event import Event, EventOptions, fail
from ._green_context import create_context
from ._green_resources import device_resources
from ._memory import Buffer, MemoryResource, default_resource
from ._stream import Stream, StreamOptions, default_stream
from ._utils import ComputeCapability, check
from .graph import GraphBuilder
from .texture import MipmappedArray, OpaqueArray, SurfaceObject, TextureObject

if TYPE_CHECKING:
    from ._green_context import ContextOptions
    from ._green_resources import DeviceResources
    from .system import Device as SystemDevice
    from .texture import MipmappedArrayOptions, OpaqueArrayOptions, ResourceDescriptor, TextureObjectOptions
    from .typing import IsStreamType

__all__ = ["Device"]

_tls = threading.local()
_ready = _utils._initialized  # [False] before cuInit, and again in a forked child
_queue = _release._queue  # releases finalizers queued: made by _utils.driver() before the next call


def _calls_in_c(cls: Any) -> Any:
    """On CPython, ``set_current()`` of a device whose primary context is retained and already its Context made in
    C (``_direct.handle_call_in_c``: the one driver call, no Python frame); every other case is the Python code's.
    Chosen as the class is defined."""
    made = _direct.handle_call_in_c("cuCtxSetCurrent", _direct.SET_CURRENT, cls.__dict__["set_current"], fail, cls,
                                    Context, _queue, _ready)
    if made is not None:
        cls.set_current = made
    return cls


@_registry.provides
@_calls_in_c
class Device:
    """A GPU: the entry point for contexts, streams, events, memory and launches.

    ``Device(device_id=None)`` returns this thread's object for that ordinal; None means the device of the
    current context (device 0 where there is none). Creating it initializes the driver but no context.
    """

    __slots__ = ("_id", "_cu", "_properties", "_uuid", "_context", "_inited", "_default_stream", "_mr", "_cc",
                 "_primary", "__weakref__")

    def __new__(cls, device_id: Union[int, "Device", None] = None) -> "Device":
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

    # CPython: Device(n) for an ordinal this thread has seen answered in C (chosen as the class is defined)
    __new__ = _direct.device_new_in_c(__new__, _tls, _ready) or __new__  # type: ignore[assignment]

    @classmethod
    def get_all_devices(cls) -> Tuple["Device", ...]:
        """A tuple of every device, in ordinal order."""
        n = check(_utils.driver().cuDeviceGetCount())
        return tuple(cls(i) for i in range(n))

    # -- identity --------------------------------------------------------------------------------------------
    @property
    def device_id(self) -> int:
        return self._id

    def __int__(self) -> int:
        return self._id

    def __index__(self) -> int:
        return self._id

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Device):
            return NotImplemented
        return other._id == self._id

    def __hash__(self) -> int:
        return hash((Device, self._id))

    def __reduce__(self) -> Any:
        return Device, (self._id,)

    def __repr__(self) -> str:
        return "<Device %d (%s)>" % (self._id, self.name)

    # -- facts -----------------------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return check(_utils.driver().cuDeviceGetName(256, self._cu)).split(b"\0")[0].decode()

    @property
    def pci_bus_id(self) -> str:
        return check(_utils.driver().cuDeviceGetPCIBusId(32, self._cu)).split(b"\0")[0].decode()

    @property
    def uuid(self) -> str:
        """The device's UUID as cuda.core writes it: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'."""
        if self._uuid is None:
            drv = _utils.driver()
            getter = getattr(drv, "cuDeviceGetUuid_v2", None) or drv.cuDeviceGetUuid
            raw = bytes(bytearray(b & 0xFF for b in _uuid_bytes(check(getter(self._cu)))))
            h = raw.hex()
            self._uuid = "-".join((h[:8], h[8:12], h[12:16], h[16:20], h[20:32]))
        return self._uuid

    @property
    def properties(self) -> DeviceProperties:
        if self._properties is None:
            self._properties = DeviceProperties._init(self._cu)
        return self._properties

    @property
    def compute_capability(self) -> ComputeCapability:
        cc = self._cc
        if cc is None:  # constant for the device: asked once
            p = self.properties
            cc = self._cc = ComputeCapability(p.compute_capability_major, p.compute_capability_minor)
        return cc

    @property
    def arch(self) -> str:
        """Compute capability as a string: '90' for 9.0."""
        major, minor = self.compute_capability
        return "%d%d" % (major, minor)

    @property
    def total_memory(self) -> int:
        """Bytes of device memory (cuDeviceTotalMem). Beyond cuda.core."""
        return check(_utils.driver().cuDeviceTotalMem(self._cu))

    def can_access_peer(self, peer: Union[int, "Device"]) -> bool:
        peer = Device(peer)
        if peer._id == self._id:
            return True
        return bool(check(_utils.driver().cuDeviceCanAccessPeer(self._cu, peer._cu)))

    # -- contexts --------------------------------------------------------------------------------------------
    def set_current(self, ctx: Optional[Context] = None) -> Optional[Context]:
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
            primary = self._primary = primary_context(self._id, self._cu)
        status = drv.cuCtxSetCurrent(primary)[0]
        if status:
            check((status,))
        ctx = self._context
        if ctx is None or ctx._handle is None or ctx._h != int(primary):
            self._context = Context._from_ctx(primary, self._id)
        self._inited = True
        return None

    def _ensure_current(self) -> None:
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
    def context(self) -> Context:
        self._ensure_current()
        if self._context is None:
            self._context = Context._from_ctx(check(_utils.driver().cuCtxGetCurrent()), self._id)
        return self._context

    @property
    def default_stream(self) -> Stream:
        """The legacy default stream, or the per-thread one where CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM
        is set (as cuda.core)."""
        self._ensure_current()
        return default_stream()

    @property
    def memory_resource(self) -> MemoryResource:
        """What ``allocate`` allocates from: the device's memory pool (a DeviceMemoryResource shared by the
        process; plain cuMemAlloc for a device without pools) until another MemoryResource is set (on this
        thread's Device object, as in cuda.core)."""
        if self._mr is None:
            self._ensure_current()
            self._mr = default_resource(self)
        return self._mr

    @memory_resource.setter
    def memory_resource(self, mr: MemoryResource) -> None:
        if not isinstance(mr, MemoryResource):
            raise TypeError("memory_resource must be a MemoryResource, not %s" % type(mr).__name__)
        self._mr = mr

    # -- work ------------------------------------------------------------------------------------------------
    def create_stream(self, obj: Optional["IsStreamType"] = None, options: Optional[StreamOptions] = None) -> Stream:
        if obj is not None:
            return Stream._from_foreign(obj, options)
        self._ensure_current()
        return Stream._create(self, options)

    def create_event(self, options: Optional[EventOptions] = None) -> Event:
        self._ensure_current()
        return Event._create(self, options, bound=False)

    def allocate(self, size: int, stream: Optional["IsStreamType"] = None) -> Buffer:
        """A Buffer of ``size`` bytes from ``memory_resource``, stream-ordered on ``stream``. Beyond cuda.core:
        ``stream`` may be omitted (the device's default stream) and may be passed by position."""
        mr = self._mr
        if mr is None:
            mr = self.memory_resource
        return mr.allocate(size, stream=stream)

    def create_graph_builder(self) -> GraphBuilder:
        """A GraphBuilder capturing on a new stream of this device."""
        self._ensure_current()
        return GraphBuilder._on(self.create_stream(), owned=True)

    def sync(self) -> None:
        self._ensure_current()
        check(_utils.driver().cuCtxSynchronize())

    # -- resources, green contexts, textures and surfaces (_green_resources, _green_context, texture) ------
    @property
    def resources(self) -> "DeviceResources":
        """The device's DeviceResources (all its SMs and workqueues), to split for green contexts."""
        return device_resources(self)

    def create_context(self, options: Optional["ContextOptions"] = None) -> Context:
        """A new context, not made current: a green context over ``options.resources`` (a ContextOptions),
        or with None a plain context of its own (cuCtxCreate). ``close()`` destroys it."""
        return create_context(self, options)

    def create_opaque_array(self, options: "OpaqueArrayOptions") -> OpaqueArray:
        """A new OpaqueArray (a CUDA array) as ``options`` (an OpaqueArrayOptions) describes."""
        self._ensure_current()
        return OpaqueArray._create(self._id, options)

    def create_mipmapped_array(self, options: "MipmappedArrayOptions") -> MipmappedArray:
        """A new MipmappedArray as ``options`` (a MipmappedArrayOptions) describes."""
        self._ensure_current()
        return MipmappedArray._create(self._id, options)

    def create_texture_object(self, *, resource: "ResourceDescriptor",
                              options: Optional["TextureObjectOptions"] = None) -> TextureObject:
        """A TextureObject reading ``resource`` (a ResourceDescriptor) as ``options`` (TextureObjectOptions,
        a dict of its fields, or None for the defaults) says."""
        self._ensure_current()
        return TextureObject._create(self._id, resource, options)

    def create_surface_object(self, *, resource: "ResourceDescriptor") -> SurfaceObject:
        """A SurfaceObject over ``resource`` (ResourceDescriptor.from_opaque_array of an array made with
        ``is_surface_load_store=True``)."""
        self._ensure_current()
        return SurfaceObject._create(self._id, resource)

    # -- NVML (core-system) ----------------------------------------------------------------------------------
    def to_system_device(self) -> "SystemDevice":
        """The ``cudacffi.core.system.Device`` of this GPU (NVML's view of it, matched by UUID)."""
        # cudacffi.core.system loads on first use, as the package's attribute does: it imports NVML's bindings
        return importlib.import_module(".system", "cudacffi.core").Device(uuid=self.uuid)


def _uuid_bytes(uuid: Any) -> bytes:
    b = uuid.bytes
    return b if not isinstance(b, str) else b.encode("latin-1")


