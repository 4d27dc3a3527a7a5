"""What graph nodes' parameters are made of: the checks of their arguments and the driver structs built from them,
shared by the nodes of a definition, the views of an instantiated graph's nodes and the builder's captured nodes;
and the driver calls whose form depends on the headers' CUDA version.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ... import _direct
from .. import _context, _registry, _utils
from .._event import Event
from .._kernel import Kernel
from .._kernel_args import prepare_arguments
from .._launch_config import LaunchConfig
from .._memory import Buffer
from .._utils import check
from ..typing import GraphMemoryType

__all__ = ["U32", "add_node", "address", "alloc_params", "as_uint", "current_context", "edges_call", "event_handle",
           "host_params", "kernel_params", "listed", "memcpy_params", "memory_kind", "memset_params", "needs"]

U32 = 1 << 32
U64 = 1 << 64


def as_uint(value: Any, name: str, lo: int = 0, hi: int = U64) -> int:
    """``value`` as an int through the number protocol (numpy integers, bools, anything with ``__index__``), as
    cuda.core's C-typed parameters take it: TypeError for anything else, OverflowError outside what the C type
    holds ([0, hi)), ValueError below ``lo`` (a minimum of ours, where the driver would refuse it)."""
    v = _utils.as_int(value, name)
    if not 0 <= v < hi:
        raise OverflowError("%s must be in [0, %d), got %d" % (name, hi, v))
    if v < lo:
        raise ValueError("%s must be >= %d, got %d" % (name, lo, v))
    return v


def needs(drv: Any, need: int, what: str) -> None:
    """RuntimeError where cudacffi was built with headers older than CUDA ``need`` (e.g. 12030), which ``what``
    needs."""
    if drv.CUDA_VERSION < need:
        raise RuntimeError("%s needs CUDA %d.%d+ headers; cudacffi was built with CUDA %d.%d's"
                           % (what, need // 1000, need % 1000 // 10, drv.CUDA_VERSION // 1000,
                              drv.CUDA_VERSION % 1000 // 10))


def current_context() -> Any:
    """The current context (the current device's primary one made current where none is)."""
    return _context.device().context.handle


# -- driver calls whose form depends on the headers' CUDA version ----------------------------------------------------

def _edge_data(drv: Any, n: int) -> Optional[List[Any]]:
    """The edge-data list CUDA 13 headers' calls take beside a list of ``n`` dependencies (None for none)."""
    return [drv.CUgraphEdgeData() for _ in range(n)] if n else None


def add_node(drv: Any, graph: Any, deps: List[Any], params: Any) -> Any:
    """cuGraphAddNode of ``params`` to ``graph`` after ``deps``: the new node."""
    if drv.CUDA_VERSION >= 13000:
        return check(drv.cuGraphAddNode(graph, deps, _edge_data(drv, len(deps)), len(deps), params))
    return check(drv.cuGraphAddNode(graph, deps, len(deps), params))


def edges_call(drv: Any, fn: Callable[..., Any], graph: Any, frm: List[Any], to: List[Any]) -> None:
    """cuGraphAddDependencies or cuGraphRemoveDependencies (``fn``) of the edges ``frm[i] -> to[i]``."""
    if drv.CUDA_VERSION >= 13000:
        check(fn(graph, frm, to, _edge_data(drv, len(frm)), len(frm)))
    else:
        check(fn(graph, frm, to, len(frm)))


def memory_kind(drv: Any, ptr: int) -> str:
    """"H" for host memory at ``ptr``, else "D" (what a memcpy node's repr says of its operands)."""
    err, kind = drv.cuPointerGetAttribute(drv.CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ptr)
    return "H" if not err and int(kind) == int(drv.CUmemorytype.CU_MEMORYTYPE_HOST) else "D"


def listed(fn: Callable[..., Any], handle: Any) -> List[Any]:
    """The list a two-call getter returns (count first, then the items); its count is its last output."""
    n = check(fn(handle))[-1]
    if not n:
        return []
    return list(check(fn(handle, n))[0])


# -- checked arguments ------------------------------------------------------------------------------------------------

def address(x: Any, owner: Any, name: str) -> Tuple[int, Any]:
    """(device address, object to keep alive) of a Buffer or int ``x``."""
    if isinstance(x, Buffer):
        if owner is not None:
            raise ValueError("%s_owner cannot be used when %s is a Buffer" % (name, name))
        return x.handle, x
    if hasattr(type(x), "__index__"):  # an address: an int, a numpy integer, ...
        return as_uint(x, name), owner
    raise TypeError("%s must be a Buffer or an int address, not %s" % (name, type(x).__name__))


def event_handle(event: Any) -> Any:
    """The CUevent of the Event ``event``."""
    if not isinstance(event, Event):
        raise TypeError("event must be an Event, not %s" % type(event).__name__)
    return event._live()


# -- node parameters --------------------------------------------------------------------------------------------------

def kernel_params(drv: Any, config: Any, kernel: Any, args: Any) -> Tuple[Any, Tuple[Any, Any, Tuple[Any, ...]]]:
    """(CUDA_KERNEL_NODE_PARAMS, objects to keep) for ``kernel`` launched with ``config`` and ``args``."""
    if not isinstance(config, LaunchConfig):
        raise TypeError("config must be a LaunchConfig, not %s" % type(config).__name__)
    if not isinstance(kernel, Kernel):
        raise TypeError("kernel must be a Kernel, not %s" % type(kernel).__name__)
    if config.cluster is not None or config.is_cooperative:
        raise ValueError("clustered and cooperative launch configurations are not supported for graph kernel nodes")
    if not isinstance(args, (tuple, list)):
        raise TypeError("args must be a tuple or list of kernel arguments, not %s" % type(args).__name__)
    args = tuple(args)
    values, types = prepare_arguments(kernel, args)
    current_context()
    p = drv.CUDA_KERNEL_NODE_PARAMS()
    p.func = check(drv.cuKernelGetFunction(kernel._handle))
    p.gridDimX, p.gridDimY, p.gridDimZ = config.grid
    p.blockDimX, p.blockDimY, p.blockDimZ = config.block
    p.sharedMemBytes = config.shmem_size
    p.kernelParams = (values, types)  # a block of the struct's own: the driver copies it, the struct keeps it too
    return p, (config, kernel, args)


def memcpy_params(drv: Any, dst: int, src: int, size: int) -> Any:
    """The CUDA_MEMCPY3D of a one-dimensional copy of ``size`` bytes."""
    p = drv.CUDA_MEMCPY3D()
    unified = drv.CUmemorytype.CU_MEMORYTYPE_UNIFIED  # the driver finds out where each pointer lives
    p.srcMemoryType = p.dstMemoryType = unified
    p.srcDevice = src
    p.dstDevice = dst
    p.WidthInBytes = size
    p.Height = p.Depth = 1
    return p


def _fill_value(value: Any) -> Tuple[int, int]:
    """(element size, value as an unsigned int) of a memset value: an int byte or 1, 2 or 4 bytes of a buffer."""
    if isinstance(value, int):  # (a bool too, as cuda.core takes it)
        return 1, as_uint(value, "value", 0, 256)
    try:
        raw = memoryview(value).tobytes()
    except TypeError:
        if not callable(getattr(value, "tobytes", None)):  # a numpy scalar where it has no buffer (PyPy)
            raise TypeError("a bytes-like object is required, not '%s'" % type(value).__name__) from None
        raw = bytes(value.tobytes())
    if len(raw) not in (1, 2, 4):
        raise ValueError("value must be 1, 2, or 4 bytes, got %d" % len(raw))
    return len(raw), int.from_bytes(raw, sys.byteorder)


def memset_params(drv: Any, dptr: int, value: Any, width: Any, height: Any, pitch: Any) -> Any:
    """The CUDA_MEMSET_NODE_PARAMS of a fill of ``height`` rows of ``width`` elements of ``value``."""
    size, v = _fill_value(value)
    width = as_uint(width, "width", 1)
    height = as_uint(height, "height", 1)
    pitch = as_uint(pitch, "pitch")
    if height > 1:
        if pitch == 0:
            pitch = width * size
        elif pitch < width * size:
            raise ValueError("pitch (%d) must be at least width * element size (%d) for height > 1"
                             % (pitch, width * size))
    p = drv.CUDA_MEMSET_NODE_PARAMS()
    p.dst = dptr
    p.value = v
    p.elementSize = size
    p.width = width
    p.height = height
    p.pitch = pitch
    return p


def _no_argument(fn: Callable[[], Any]) -> None:
    fn()


def _with_argument(pair: Tuple[Callable[[Any], Any], Any]) -> None:
    fn, user_data = pair
    fn(user_data)


def host_params(drv: Any, fn: Any, user_data: Any) -> Tuple[Any, Any, Tuple[Any, ...]]:
    """(CUDA_HOST_NODE_PARAMS, Python callable or None, objects to keep) for a callback node."""
    p = drv.CUDA_HOST_NODE_PARAMS()
    cfunc = _ctypes_function(fn)
    if cfunc is not None:
        p.fn = cfunc
        data, keep = _ctypes_user_data(user_data)
        p.userData = data
        return p, None, (fn, keep)
    if not callable(fn):
        raise TypeError("fn must be callable or a ctypes function pointer, not %s" % type(fn).__name__)
    p.fn = _no_argument if user_data is None else _with_argument
    p.userData = fn if user_data is None else (fn, user_data)
    # the record the struct armed for the callable: disarmed once the graphs using this node let go of it
    return p, fn, (fn, user_data, _direct.field_keepalive(p, ("callback", "fn")))


def _ctypes_function(fn: Any) -> Optional[int]:
    """The address of a ctypes function pointer ``fn`` declared as CUhostFn, void (*)(void *); None for others
    (ctypes is not imported here: where nobody imported it, ``fn`` is none of its objects)."""
    ctypes = sys.modules.get("ctypes")
    if ctypes is None or not isinstance(fn, ctypes._CFuncPtr):
        return None
    if fn.restype is not None or tuple(fn.argtypes or ()) != (ctypes.c_void_p,):
        raise TypeError("a ctypes callback must be declared as CUhostFn, ctypes.CFUNCTYPE(None, ctypes.c_void_p)")
    return ctypes.cast(fn, ctypes.c_void_p).value


def _ctypes_user_data(user_data: Any) -> Tuple[int, Any]:
    """(address, keepalive) for a ctypes callback's user data: None, an int address, or bytes copied here."""
    if user_data is None:
        return 0, None
    if isinstance(user_data, int) and not isinstance(user_data, bool):
        return as_uint(user_data, "user_data"), None
    ctypes = sys.modules["ctypes"]  # (a ctypes callback came with this user data)
    try:
        raw = memoryview(user_data).tobytes()
    except TypeError:
        raise TypeError("user_data for a ctypes callback must be an int address or bytes-like, not %s"
                        % type(user_data).__name__) from None
    copy = ctypes.create_string_buffer(raw, max(len(raw), 1))
    return ctypes.addressof(copy), copy


def _device_id(device: Any, name: str) -> int:
    device_class = _registry.lookup("Device")
    if isinstance(device, device_class):
        return device.device_id
    if isinstance(device, int) and not isinstance(device, bool):
        return device_class(device).device_id
    raise TypeError("%s must be a Device or an int device ordinal, not %s" % (name, type(device).__name__))


def alloc_params(drv: Any, size: Any, device: Any, memory_type: Any,
                 peer_access: Optional[Sequence[Any]]) -> Tuple[Any, Dict[str, Any]]:
    """(CUDA_MEM_ALLOC_NODE_PARAMS, what the node knows of it) of an allocation node."""
    size = as_uint(size, "size", 1)
    try:
        memory_type = GraphMemoryType(memory_type)
    except ValueError:
        raise ValueError("memory_type must be one of 'device', 'host', 'managed', not %r" % (memory_type,)) from None
    dev_id = _context.current_device_id() if device is None else _device_id(device, "device")
    peers = [] if peer_access is None else [_device_id(d, "peer_access[%d]" % i) for i, d in enumerate(peer_access)]
    current_context()
    p = drv.CUDA_MEM_ALLOC_NODE_PARAMS()
    props = p.poolProps
    if memory_type is GraphMemoryType.MANAGED:
        managed = getattr(drv.CUmemAllocationType, "CU_MEM_ALLOCATION_TYPE_MANAGED", None)
        if managed is None:
            raise RuntimeError("managed allocation nodes need CUDA 13.0+ headers; cudacffi was built with CUDA "
                               "%d.%d's" % (drv.CUDA_VERSION // 1000, drv.CUDA_VERSION % 1000 // 10))
        props.allocType = managed
    else:
        props.allocType = drv.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED
    loc = drv.CUmemLocationType
    if memory_type is GraphMemoryType.HOST:
        props.location.type = loc.CU_MEM_LOCATION_TYPE_HOST
        props.location.id = 0
    else:
        props.location.type = loc.CU_MEM_LOCATION_TYPE_DEVICE
        props.location.id = dev_id
    descs = []
    for peer in sorted(set(peers) - {dev_id} if memory_type is not GraphMemoryType.HOST else set(peers)):
        d = drv.CUmemAccessDesc()
        d.location.type = loc.CU_MEM_LOCATION_TYPE_DEVICE
        d.location.id = peer
        d.flags = drv.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE
        descs.append(d)
    if descs:
        p.accessDescs = descs
    p.accessDescCount = len(descs)
    p.bytesize = size
    return p, {"bytesize": size, "device_id": dev_id, "memory_type": memory_type, "peer_access": tuple(peers)}
