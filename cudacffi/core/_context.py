"""Contexts and the device's identity: the bottom of cudacffi.core's device-facing layers.

``Context`` (a CUDA context; a device's primary context as ``Device.context`` gives it), the primary contexts this
process retains, and what lower layers ask of "the device" without the ``Device`` façade (which sits on top and
imports every layer): the current device's ordinal, a context's device, a device's compute capability, and the
per-thread ``Device`` object itself (through ``_registry``) where a Device is the answer.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Dict, Optional

from .. import driver as _drv
from . import _registry, _utils
from ._utils import ComputeCapability, check

if TYPE_CHECKING:
    from ._device import Device
    from ._green_resources import DeviceResources
    from ._stream import Stream
    from .typing import IsStreamType  # noqa: F401

__all__ = ["Context", "compute_capability", "current_device_id", "device", "device_of", "primary_context"]


class Context:
    """A CUDA context (a device's primary context, as Device.context gives it). Contexts compare and hash by
    handle and are weakly referenceable; a closed one reads ``handle`` None and ``is_closed``, and cannot be
    pickled."""

    __slots__ = ("_handle", "_h", "_device_id", "_owned", "__weakref__")

    def __new__(cls, *args: Any, **kwargs: Any) -> "Context":
        # A bare object is a closed context (as cuda.core's); __init__ refuses direct construction.
        self = object.__new__(cls)
        self._handle = None
        self._h = self._device_id = 0
        self._owned = False
        return self

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("Context objects cannot be instantiated directly. Please use Device or Stream APIs.")

    @classmethod
    def _from_ctx(cls, handle: Any, device_id: int) -> "Context":
        self = object.__new__(cls)
        self._handle = handle
        self._h = int(handle)
        self._device_id = device_id
        self._owned = False
        return self

    def _live(self) -> Any:
        handle = self._handle
        if handle is None:
            raise RuntimeError("Context has been closed")
        return handle

    @property
    def handle(self) -> Optional[_drv.CUcontext]:
        """The ``driver.CUcontext`` (None once closed)."""
        return self._handle

    @property
    def is_closed(self) -> bool:
        return self._handle is None

    @property
    def is_green(self) -> bool:
        return False

    @property
    def resources(self) -> "DeviceResources":
        """The DeviceResources this context may use (a green context's partition, else the device's)."""
        self._live()
        return _registry.lookup("context_resources")(self)

    def close(self) -> None:
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

    def create_stream(self, options: Any = None) -> "Stream":
        """A new stream in this context (beyond cuda.core, which makes them from green contexts only)."""
        self._live()
        return _registry.lookup("Stream")._create(device(self._device_id), options)

    def _value(self) -> int:
        return self._h if self._handle is not None else 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Context):
            return NotImplemented
        return other._value() == self._value()

    def __hash__(self) -> int:
        return hash(self._value())

    def __repr__(self) -> str:
        return "<Context handle=0x%x device=%d>" % (self._value(), self._device_id)

    def __reduce__(self) -> Any:
        raise TypeError("a Context cannot be pickled: its handle is valid only in this process")


_primary: Dict[int, Any] = {}  # device ordinal -> retained primary CUcontext (retained once per process, kept)
_primary_lock = threading.Lock()


def primary_context(device_id: int, cu_device: Any = None) -> Any:
    """The primary ``CUcontext`` of device ``device_id``, retained on first use (once per process, never released);
    ``cu_device``: its ``CUdevice`` where the caller has it."""
    ctx = _primary.get(device_id)
    if ctx is None:
        drv = _utils.driver()  # (before the lock: it may make the releases finalizers queued)
        with _primary_lock:
            ctx = _primary.get(device_id)
            if ctx is None:
                if cu_device is None:
                    cu_device = check(drv.cuDeviceGet(device_id))
                ctx = _primary[device_id] = check(drv.cuDevicePrimaryCtxRetain(cu_device))
    return ctx


def device_of(ctx: Any) -> int:
    """The ordinal of the device context ``ctx`` (a CUcontext) belongs to."""
    drv = _utils.driver()
    check(drv.cuCtxPushCurrent(ctx))
    try:
        return int(check(drv.cuCtxGetDevice()))
    finally:
        drv.cuCtxPopCurrent()


def device(device_id: Any = None) -> "Device":
    """This thread's ``Device`` object for ``device_id`` (None: the current context's device, 0 where none is)."""
    return _registry.lookup("Device")(device_id)


def current_device_id() -> int:
    """The ordinal of the current context's device (0 where no context is current), as ``Device().device_id``."""
    return device(None)._id


def compute_capability(device_id: int) -> ComputeCapability:
    """Device ``device_id``'s compute capability (asked once per device and thread)."""
    return device(device_id).compute_capability
