"""Explicit graphs: GraphDefinition (cuGraphCreate and the cuGraphAdd*Node calls), its nodes, condition
variables for conditional nodes, and the views of an instantiated graph's nodes that update their parameters.

    g = GraphDefinition()
    fill = g.memset(buf, 0, buf.size)                  # an entry node (no dependencies)
    k = fill.launch(config, kernel, buf, n)            # depends on fill
    done = k.callback(lambda: print("done"))
    graph = g.instantiate()
    graph.launch(stream)
    graph[k].update(config=config, kernel=kernel, args=(other, n))   # the instantiated graph's node

A builder method on the definition adds an entry node; the same method on a node adds a node that depends on
it; ``join`` adds an empty node depending on several. What a node uses (Buffers, kernel argument blocks, events,
callables, embedded definitions) lives as long as a graph using it does: the definition, its clones (even made
with ``driver.cuGraphClone``), the graphs embedding it, every Graph instantiated from it and the launches in
flight; CUDA user objects carry those references (see ``attach``). Node objects are light: ``pred``, ``succ``,
``nodes()`` and ``edges()`` give back objects equal to (and as capable as) those the builder methods returned,
since what a node knows lives with its graph.

Conditional nodes (``if_then``, ``if_else``, ``while_loop``, ``switch``) need CUDA 12.3+ headers and driver
(if/else and switch 12.8+). Device code sets the condition with ``cudaGraphSetConditional(handle, value)``; a
GraphCondition passes to ``launch`` as that handle.
"""

import atexit
import collections
import collections.abc
import enum
import itertools
import sys
import threading
import weakref

from .. import _callbacks, _params
from . import _release, _utils
from ._utils import check

__all__ = ["AllocNode", "ChildGraphNode", "ConditionalNode", "EmptyNode", "EventRecordNode", "EventWaitNode",
           "ExecutableChildGraphNode", "ExecutableEventRecordNode", "ExecutableEventWaitNode", "ExecutableGraphNode",
           "ExecutableHostCallbackNode", "ExecutableKernelNode", "ExecutableMemcpyNode", "ExecutableMemsetNode",
           "FreeNode", "GraphCondition", "GraphConditionalType", "GraphDefinition", "GraphMemoryType", "GraphNode",
           "HostCallbackNode", "IfElseNode", "IfNode", "KernelNode", "MemcpyNode", "MemsetNode", "SwitchNode",
           "WhileNode"]

_U32 = 1 << 32
_U64 = 1 << 64


class GraphMemoryType(str, enum.Enum):
    """Where an allocation node's memory lives: "device", "host" (pinned) or "managed"."""

    DEVICE = "device"
    HOST = "host"
    MANAGED = "managed"

    def __str__(self):
        return self.value


class GraphConditionalType(str, enum.Enum):
    """The kind of a conditional node: "if" (also if/else), "while" or "switch"."""

    IF = "if"
    WHILE = "while"
    SWITCH = "switch"

    def __str__(self):
        return self.value


# -- what nodes use, kept alive by CUDA user objects -----------------------------------------------------------------
#
# A node that uses Python objects (an Event, Buffers, a Kernel and its arguments, a callable) attaches them to its
# graph through a user object: an entry of ``_attached`` under a key, and a user object whose destructor is
# ``_released_by_driver(key)``, retained by the graph (CU_GRAPH_USER_OBJECT_MOVE). The driver copies the graph's
# references into its clones, the child-graph nodes embedding it, the executable graphs instantiated or updated
# from it and their launches in flight, and runs the destructor once the last of them lets go. Updating a node
# attaches its new parameters and releases the graph's reference to the old ones; destroying a node releases its.
#
# The destructor runs on a driver thread, where CUDA may not be called: it moves the entry to ``_released`` and
# nothing more (a dict pop and a deque append, both atomic; no lock, no import, no finalizer run there). What it
# moved is dropped later on a Python thread, by ``_drain`` at the next graph call (attaching, closing, destroying),
# where an Event's or a Buffer's finalizer may call CUDA.
#
# An object closed explicitly while a user object keeps it (``Event.close()``) asks ``defer_close`` first: its
# CUDA handle is then released once the last user object keeping it is (``_holding`` counts them per object).

_attached = {}  # key -> the tuple of objects a user object keeps alive
_released = collections.deque()  # tuples whose user object the driver destroyed, to drop on a Python thread
_keys = itertools.count(1)
_exiting = _release._exiting  # set at interpreter exit: graphs are then left to the process's end, not destroyed
_holding = {}  # id(object) -> [how many live user objects keep it, closers deferred until none does]
_holding_lock = threading.Lock()  # (Python threads only: the destructor never takes it)


_PLAIN = (int, float, str, bytes, bool)  # values, not resources: never closed, not counted

# A finalizer (``__del__`` of a GraphDefinition, Graph or GraphBuilder) may run on a thread Python did not start (a
# driver thread running a host callback or a user object's destructor) or inside another import: it only hands its
# handle to the release queue (``_release``), whose calls ``_drain`` makes on a Python thread (at the next graph call).
_deferred = _release._queue
_on_foreign_thread = _release.on_foreign_thread
_defer = _release.defer


# What an instantiated graph's node updates use (``graph[node].update(...)``) is not in any user object: the Graph
# keeps it. Replaced by a later update, or let go of when the Graph closes, it may still be used by launches in
# flight; ``retire`` records an event on every stream the graph was launched on, and ``_drain`` drops the objects
# once those events completed. Where no event can tell (a stream capturing the launch, no context), they are kept
# for the rest of the process: a leak, never memory or a callback freed under running work.
_retired = collections.deque()  # (events, objects)
_kept = []  # objects whose last use cannot be known


def retire(streams, objects):
    """Let go of ``objects`` once the work queued now on ``streams`` ({CUstream int: the object launched on}, those
    a graph was launched on) has run."""
    if not objects:
        return
    if not streams:  # never launched: nothing can be using them
        _release_all(objects)
        return
    drv = _utils.driver()
    events = []
    try:
        none = drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE
        for h, stream in streams.items():
            if getattr(stream, "is_closed", False):  # its handle is no longer one to give the driver
                raise LookupError(h)
            err, status = drv.cuStreamIsCapturing(h)
            if err or status != none:
                raise LookupError(h)
            err, ev = drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING)
            if err:
                raise LookupError(h)
            events.append(ev)
            if drv.cuEventRecord(ev, h)[0]:
                raise LookupError(h)
    except LookupError:
        for ev in events:
            drv.cuEventDestroy(ev)
        _kept.append(objects)
        return
    _retired.append((events, objects))


def _release_all(objects):
    """Disarm the callback records among ``objects`` (nested in tuples and dicts too); the rest just goes."""
    stack = [objects]
    while stack:
        x = stack.pop()
        if isinstance(x, _callbacks.Record):
            x.release()
        elif isinstance(x, (tuple, list)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())


def _drop_retired():
    """Drop what ``retire`` kept whose events completed (on a Python thread)."""
    if not _retired:
        return
    drv = _utils.driver()
    not_ready = drv.CUresult.CUDA_ERROR_NOT_READY
    for _ in range(len(_retired)):
        try:
            events, objects = _retired.popleft()
        except IndexError:
            return
        if any(drv.cuEventQuery(ev)[0] == not_ready for ev in events):
            _retired.append((events, objects))
            continue
        for ev in events:
            drv.cuEventDestroy(ev)
        _release_all(objects)
        del objects


def _hold(objects):
    with _holding_lock:
        for x in objects:
            if x is not None and not isinstance(x, _PLAIN):
                entry = _holding.get(id(x))
                if entry is None:
                    _holding[id(x)] = [1, []]
                else:
                    entry[0] += 1


def _unhold(objects):
    """Count ``objects`` as kept by one user object fewer; run the closers of those no user object keeps now."""
    closers = []
    with _holding_lock:
        for x in objects:
            entry = _holding.get(id(x)) if x is not None and not isinstance(x, _PLAIN) else None
            if entry is not None:
                entry[0] -= 1
                if entry[0] == 0:
                    del _holding[id(x)]
                    closers += entry[1]
    for closer in closers:
        try:
            closer()
        except Exception:  # as a finalizer's: nothing to hand it to
            pass


def defer_close(obj, closer):
    """For ``obj.close()``: where a graph's user object keeps ``obj``, run ``closer()`` (which releases its CUDA
    handle) once the last of them is released, and return True; else return False (close now)."""
    with _holding_lock:
        entry = _holding.get(id(obj))
        if entry is None:
            return False
        entry[1].append(closer)
        return True


def _released_by_driver(key):
    """A user object's destructor (a driver thread): hand what it kept to a Python thread to drop."""
    _released.append(_attached.pop(key, None))


def _drain():
    """Drop what the driver released (on this Python thread): callback records are disarmed, objects let go; and
    make the CUDA calls finalizers on driver threads deferred. Nothing happens on a driver thread."""
    if _on_foreign_thread():
        return
    _release.drain()
    if _retired and not _exiting[0]:
        try:
            _drop_retired()
        except Exception:  # no driver to ask (a lost context): they stay
            pass
    while _released:
        try:
            item = _released.popleft()
        except IndexError:
            return
        for x in item or ():
            if isinstance(x, _callbacks.Record):
                x.release()
        _unhold(item or ())
        del item


@atexit.register
def _at_exit():
    # A destructor fired while the interpreter finalizes could not take the GIL: graphs still alive then are not
    # destroyed (the process's end frees them), so the driver has nothing to call back into.
    _release.at_exit()
    _drain()


def attach(drv, graph, objects):
    """A user object keeping the tuple ``objects`` alive, retained by ``graph`` (a CUgraph); None where there is
    nothing to keep."""
    _drain()
    objects = tuple(objects)
    if all(x is None for x in objects):
        return None
    key = next(_keys)
    _attached[key] = objects
    _hold(objects)
    flags = int(drv.CUuserObject_flags.CU_USER_OBJECT_NO_DESTRUCTOR_SYNC)
    err, obj = drv.cuUserObjectCreate(key, _released_by_driver, 1, flags)
    if err:
        _attached.pop(key, None)
        _unhold(objects)
        check((err,))
    err, = drv.cuGraphRetainUserObject(graph, obj, 1, int(drv.CUuserObjectRetain_flags.CU_GRAPH_USER_OBJECT_MOVE))
    if err:
        drv.cuUserObjectRelease(obj, 1)  # the destructor hands the objects back
        check((err,))
    return obj


def detach(drv, graph, obj):
    """Release ``graph``'s reference to the user object ``obj`` (from ``attach``; None: nothing)."""
    if obj is not None:
        check(drv.cuGraphReleaseUserObject(graph, obj, 1))
    _drain()


def _detach_quietly(drv, graph, obj):
    """``detach`` while another error is on its way (that one is what the caller sees)."""
    try:
        detach(drv, graph, obj)
    except Exception:
        pass


# -- small checks and driver calls whose form depends on the headers' CUDA version -----------------------------------

def _uint(value, name, lo=0, hi=_U64):
    """``value`` as an int through the number protocol (numpy integers, bools, anything with ``__index__``), as
    cuda.core's C-typed parameters take it: TypeError for anything else, OverflowError outside what the C type
    holds ([0, hi)), ValueError below ``lo`` (a minimum of ours, where the driver would refuse it)."""
    v = _utils.as_int(value, name)
    if not 0 <= v < hi:
        raise OverflowError("%s must be in [0, %d), got %d" % (name, hi, v))
    if v < lo:
        raise ValueError("%s must be >= %d, got %d" % (name, lo, v))
    return v


def _edge_data(drv, n):
    """The edge-data list CUDA 13 headers' calls take beside a list of ``n`` dependencies (None for none)."""
    return [drv.CUgraphEdgeData() for _ in range(n)] if n else None


def _add_node(drv, graph, deps, params):
    if drv.CUDA_VERSION >= 13000:
        return check(drv.cuGraphAddNode(graph, deps, _edge_data(drv, len(deps)), len(deps), params))
    return check(drv.cuGraphAddNode(graph, deps, len(deps), params))


def _edges_call(drv, fn, graph, frm, to):
    if drv.CUDA_VERSION >= 13000:
        check(fn(graph, frm, to, _edge_data(drv, len(frm)), len(frm)))
    else:
        check(fn(graph, frm, to, len(frm)))


def _memory_kind(drv, ptr):
    """"H" for host memory at ``ptr``, else "D" (what a memcpy node's repr says of its operands)."""
    err, kind = drv.cuPointerGetAttribute(drv.CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ptr)
    return "H" if not err and int(kind) == int(drv.CUmemorytype.CU_MEMORYTYPE_HOST) else "D"


def _listed(fn, handle):
    """The list a two-call getter returns (count first, then the items); its count is its last output."""
    n = check(fn(handle))[-1]
    if not n:
        return []
    return list(check(fn(handle, n))[0])


def _context():
    """The current context (the current device's primary one made current where none is)."""
    from ._device import Device

    return Device().context.handle


def _needs(drv, need, what):
    """RuntimeError where cudacffi was built with headers older than CUDA ``need`` (e.g. 12030), which ``what``
    needs."""
    if drv.CUDA_VERSION < need:
        raise RuntimeError("%s needs CUDA %d.%d+ headers; cudacffi was built with CUDA %d.%d's"
                           % (what, need // 1000, need % 1000 // 10, drv.CUDA_VERSION // 1000,
                              drv.CUDA_VERSION % 1000 // 10))


def _address(x, owner, name):
    """(device address, object to keep alive) of a Buffer or int ``x``."""
    from ._memory import Buffer

    if isinstance(x, Buffer):
        if owner is not None:
            raise ValueError("%s_owner cannot be used when %s is a Buffer" % (name, name))
        return x.handle, x
    if hasattr(type(x), "__index__"):  # an address: an int, a numpy integer, ...
        return _uint(x, name), owner
    raise TypeError("%s must be a Buffer or an int address, not %s" % (name, type(x).__name__))


def _event(event):
    from ._stream import Event

    if not isinstance(event, Event):
        raise TypeError("event must be an Event, not %s" % type(event).__name__)
    return event._live()


def _definition(child, name="child"):
    if not isinstance(child, GraphDefinition):
        raise TypeError("%s must be a GraphDefinition, not %s" % (name, type(child).__name__))
    return child._live()


def _condition(condition):
    if not isinstance(condition, GraphCondition):
        raise TypeError("Argument 'condition' has incorrect type (expected %s.GraphCondition, got %s)"
                        % (GraphCondition.__module__, type(condition).__name__))
    return condition


# -- what a node's parameters are made of ---------------------------------------------------------------------------

def _kernel_params(drv, config, kernel, args):
    """(CUDA_KERNEL_NODE_PARAMS, objects to keep) for ``kernel`` launched with ``config`` and ``args``."""
    from ._launch import LaunchConfig, prepare_arguments
    from ._module import Kernel

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
    _context()
    p = drv.CUDA_KERNEL_NODE_PARAMS()
    p.func = check(drv.cuKernelGetFunction(kernel._handle))
    p.gridDimX, p.gridDimY, p.gridDimZ = config.grid
    p.blockDimX, p.blockDimY, p.blockDimZ = config.block
    p.sharedMemBytes = config.shmem_size
    p.kernelParams = (values, types)  # a block of the struct's own: the driver copies it, the struct keeps it too
    return p, (config, kernel, args)


def _memcpy_params(drv, dst, src, size):
    p = drv.CUDA_MEMCPY3D()
    unified = drv.CUmemorytype.CU_MEMORYTYPE_UNIFIED  # the driver finds out where each pointer lives
    p.srcMemoryType = p.dstMemoryType = unified
    p.srcDevice = src
    p.dstDevice = dst
    p.WidthInBytes = size
    p.Height = p.Depth = 1
    return p


def _fill_value(value):
    """(element size, value as an unsigned int) of a memset value: an int byte or 1, 2 or 4 bytes of a buffer."""
    if isinstance(value, int):  # (a bool too, as cuda.core takes it)
        return 1, _uint(value, "value", 0, 256)
    try:
        raw = memoryview(value).tobytes()
    except TypeError:
        if not callable(getattr(value, "tobytes", None)):  # a numpy scalar where it has no buffer (PyPy)
            raise TypeError("a bytes-like object is required, not '%s'" % type(value).__name__) from None
        raw = bytes(value.tobytes())
    if len(raw) not in (1, 2, 4):
        raise ValueError("value must be 1, 2, or 4 bytes, got %d" % len(raw))
    return len(raw), int.from_bytes(raw, sys.byteorder)


def _memset_params(drv, dptr, value, width, height, pitch):
    size, v = _fill_value(value)
    width = _uint(width, "width", 1)
    height = _uint(height, "height", 1)
    pitch = _uint(pitch, "pitch")
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


def _host_params(drv, fn, user_data):
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
    from .graph import _no_argument, _with_argument

    p.fn = _no_argument if user_data is None else _with_argument
    p.userData = fn if user_data is None else (fn, user_data)
    # the record the struct armed for the callable: disarmed once the graphs using this node let go of it
    return p, fn, (fn, user_data, p._held(("callback", "fn")))


def _ctypes_function(fn):
    """The address of a ctypes function pointer ``fn`` declared as CUhostFn, void (*)(void *); None for others."""
    ctypes = sys.modules.get("ctypes")
    if ctypes is None or not isinstance(fn, ctypes._CFuncPtr):
        return None
    if fn.restype is not None or tuple(fn.argtypes or ()) != (ctypes.c_void_p,):
        raise TypeError("a ctypes callback must be declared as CUhostFn, ctypes.CFUNCTYPE(None, ctypes.c_void_p)")
    return ctypes.cast(fn, ctypes.c_void_p).value


def _ctypes_user_data(user_data):
    """(address, keepalive) for a ctypes callback's user data: None, an int address, or bytes copied here."""
    if user_data is None:
        return 0, None
    if isinstance(user_data, int) and not isinstance(user_data, bool):
        return _uint(user_data, "user_data"), None
    import ctypes

    try:
        raw = memoryview(user_data).tobytes()
    except TypeError:
        raise TypeError("user_data for a ctypes callback must be an int address or bytes-like, not %s"
                        % type(user_data).__name__) from None
    copy = ctypes.create_string_buffer(raw, max(len(raw), 1))
    return ctypes.addressof(copy), copy


def _device_id(device, name):
    from ._device import Device

    if isinstance(device, Device):
        return device.device_id
    if isinstance(device, int) and not isinstance(device, bool):
        return Device(device).device_id
    raise TypeError("%s must be a Device or an int device ordinal, not %s" % (name, type(device).__name__))


def _alloc_params(drv, size, device, memory_type, peer_access):
    size = _uint(size, "size", 1)
    try:
        memory_type = GraphMemoryType(memory_type)
    except ValueError:
        raise ValueError("memory_type must be one of 'device', 'host', 'managed', not %r" % (memory_type,)) from None
    if device is None:
        from ._device import Device

        dev_id = Device().device_id
    else:
        dev_id = _device_id(device, "device")
    peers = [] if peer_access is None else [_device_id(d, "peer_access[%d]" % i) for i, d in enumerate(peer_access)]
    _context()
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


# -- the builder methods shared by GraphDefinition (entry nodes) and GraphNode (nodes depending on it) ---------------

class _Builder:
    """Methods that add a node: to ``_target()``, depending on ``_deps()``."""

    __slots__ = ()

    def _add(self, cls, add, keep=(), info=None):
        graph = self._target()
        deps = self._deps()
        drv = _utils.driver()
        obj = attach(drv, graph._h, keep)  # before the node: it never exists without what it uses
        try:
            handle = add(drv, graph._h, deps, len(deps))
        except BaseException:
            _detach_quietly(drv, graph._h, obj)
            raise
        return graph._register(cls, handle, info, obj, keep)

    def launch(self, config, kernel, *args):
        """A kernel node: ``kernel`` launched with ``config`` and ``args`` (what ``launch()`` takes), packed
        once; the driver copies the arguments, and the node keeps them alive too."""
        drv = _utils.driver()
        params, used = _kernel_params(drv, config, kernel, args)
        return self._add(KernelNode, lambda d, g, deps, n: check(d.cuGraphAddKernelNode(g, deps, n, params)),
                         (params, config, kernel) + tuple(args), {"launch": used})

    def memcpy(self, dst, src, size, *, dst_owner=None, src_owner=None):
        """A node copying ``size`` bytes from ``src`` to ``dst`` (Buffers or int addresses of device or pinned
        host memory). Buffers are kept alive; for an int, ``*_owner`` is kept alive in its place."""
        dptr, dkeep = _address(dst, dst_owner, "dst")
        sptr, skeep = _address(src, src_owner, "src")
        size = _uint(size, "size")
        drv = _utils.driver()
        params = _memcpy_params(drv, dptr, sptr, size)
        ctx = _context()
        return self._add(MemcpyNode, lambda d, g, deps, n: check(d.cuGraphAddMemcpyNode(g, deps, n, params, ctx)),
                         (dkeep, skeep), {"memcpy": (dptr, sptr, size)})

    def memset(self, dst, value, width, height=1, pitch=0, *, dst_owner=None):
        """A node filling ``height`` rows of ``width`` elements at ``dst`` (``pitch`` bytes apart) with ``value``:
        an int in [0, 256) fills bytes, a buffer of 1, 2 or 4 bytes fills elements of its size."""
        dptr, dkeep = _address(dst, dst_owner, "dst")
        drv = _utils.driver()
        params = _memset_params(drv, dptr, value, width, height, pitch)
        ctx = _context()
        return self._add(MemsetNode, lambda d, g, deps, n: check(d.cuGraphAddMemsetNode(g, deps, n, params, ctx)),
                         (dkeep,))

    def callback(self, fn, *, user_data=None):
        """A host node running ``fn()`` (``fn(user_data)`` where user_data is given) on a host thread; or a ctypes
        function pointer declared as CUhostFn, given ``user_data`` (an int address, or bytes copied and kept).
        ``fn`` must not call CUDA. It and its user data stay alive as long as a graph using this node does
        (clones, instantiations and launches in flight included)."""
        drv = _utils.driver()
        params, pyfn, keep = _host_params(drv, fn, user_data)
        return self._add(HostCallbackNode, lambda d, g, deps, n: check(d.cuGraphAddHostNode(g, deps, n, params)),
                         keep, {"callback": pyfn})

    def record(self, event):
        """A node recording ``event``."""
        ev = _event(event)
        return self._add(EventRecordNode, lambda d, g, deps, n: check(d.cuGraphAddEventRecordNode(g, deps, n, ev)),
                         (event,), {"event": event})

    def wait(self, event):
        """A node waiting for ``event``."""
        ev = _event(event)
        return self._add(EventWaitNode, lambda d, g, deps, n: check(d.cuGraphAddEventWaitNode(g, deps, n, ev)),
                         (event,), {"event": event})

    def embed(self, child):
        """A node running a copy of the definition ``child`` (which must hold no allocation, free or conditional
        nodes); ``child`` is kept alive for what its nodes use."""
        h = _definition(child)
        return self._add(ChildGraphNode, lambda d, g, deps, n: check(d.cuGraphAddChildGraphNode(g, deps, n, h)),
                         (child,))

    def allocate(self, size, *, device=None, memory_type=GraphMemoryType.DEVICE, peer_access=None):
        """A node allocating ``size`` bytes (``dptr`` is the address, fixed for the graph's lifetime) on ``device``
        (the current one by default), of ``memory_type`` "device", "host" or "managed", accessible from the
        devices in ``peer_access`` too."""
        drv = _utils.driver()
        params, info = _alloc_params(drv, size, device, memory_type, peer_access)

        def add(d, g, deps, n):
            h = check(d.cuGraphAddMemAllocNode(g, deps, n, params))
            info["dptr"] = int(params.dptr)
            return h
        return self._add(AllocNode, add, (), info)

    def deallocate(self, dptr):
        """A node freeing ``dptr`` (an allocation node's address)."""
        from ._memory import Buffer

        ptr = dptr.handle if isinstance(dptr, Buffer) else _uint(dptr, "dptr", 1)
        return self._add(FreeNode, lambda d, g, deps, n: check(d.cuGraphAddMemFreeNode(g, deps, n, ptr)))

    def join(self, *nodes):
        """An empty node depending on this node (if it is one) and on all ``nodes``."""
        target = self._target()
        for i, node in enumerate(nodes):
            if not isinstance(node, GraphNode):
                raise TypeError("nodes[%d] must be a GraphNode, not %s" % (i, type(node).__name__))
            if node._live_graph() != target:
                raise ValueError("nodes[%d] belongs to another graph definition" % i)
        deps = self._deps() + [n._live() for n in nodes]
        return target._register(EmptyNode, check(_utils.driver().cuGraphAddEmptyNode(target._h, deps, len(deps))))

    # -- conditional nodes -----------------------------------------------------------------------------------------
    def if_then(self, condition):
        """An if node: its ``then`` body runs when the condition is non-zero."""
        return self._conditional(IfNode, condition, "CU_GRAPH_COND_TYPE_IF", 1)

    def if_else(self, condition):
        """An if/else node: ``then`` runs when the condition is non-zero, ``else_`` when it is zero."""
        return self._conditional(IfElseNode, condition, "CU_GRAPH_COND_TYPE_IF", 2, 12080)

    def while_loop(self, condition):
        """A while node: its ``body`` runs again and again while the condition is non-zero (checked first)."""
        return self._conditional(WhileNode, condition, "CU_GRAPH_COND_TYPE_WHILE", 1)

    def switch(self, condition, count):
        """A switch node with ``count`` branches: the branch the condition's value indexes runs (none where
        the value is ``count`` or more)."""
        count = _uint(count, "count", 1, _U32)
        return self._conditional(SwitchNode, condition, "CU_GRAPH_COND_TYPE_SWITCH", count, 12080)

    def _conditional(self, cls, condition, kind, size, need=12030):
        _condition(condition)
        drv = _utils.driver()
        _needs(drv, need, cls.__name__)
        target = self._target()
        deps = self._deps()
        ctx = _context()
        handle, bodies = _add_conditional(drv, target._h, deps, condition, kind, size, ctx)
        return target._register(cls, handle, {"condition": condition, "branches": tuple(bodies)})


def _add_conditional(drv, graph, deps, condition, kind, size, ctx):
    """(node, [body CUgraph]) of a conditional node added to ``graph`` after ``deps``."""
    p = drv.CUgraphNodeParams()
    p.type = drv.CUgraphNodeType.CU_GRAPH_NODE_TYPE_CONDITIONAL
    c = p.conditional
    c.handle = condition._v
    c.type = getattr(drv.CUgraphConditionalNodeType, kind)
    c.size = size
    c.ctx = ctx
    node = _add_node(drv, graph, deps, p)
    return node, list(p.conditional.phGraph_out)  # the driver's array of bodies, as long as the node lives


# -- GraphCondition --------------------------------------------------------------------------------------------------

@_params.value_type  # launch() passes a condition as its CUgraphConditionalHandle value (its _v)
class GraphCondition:
    """A condition variable of a graph (``create_condition()``), for conditional nodes. Device code sets its
    value with ``cudaGraphSetConditional``: pass the GraphCondition to ``launch`` as the kernel's
    ``cudaGraphConditionalHandle`` argument."""

    __slots__ = ("_v", "_handle", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("GraphCondition objects cannot be instantiated directly: use create_condition()")

    @classmethod
    def _create(cls, graph, default_value):
        if default_value is not None:
            default_value = _uint(default_value, "default_value", 0, _U32)
        drv = _utils.driver()
        _needs(drv, 12030, "a graph condition")
        ctx = _context()
        flags = 0 if default_value is None else int(drv.CU_GRAPH_COND_ASSIGN_DEFAULT)
        handle = check(drv.cuGraphConditionalHandleCreate(graph, ctx, default_value or 0, flags))
        self = object.__new__(cls)
        self._handle = handle
        self._v = int(handle)
        return self

    @property
    def handle(self):
        """The ``CUgraphConditionalHandle``'s value, an int (as cuda.core gives it)."""
        return self._v

    def getPtr(self):
        """Address of 8 bytes holding the handle (what a kernel argument of this condition points to)."""
        return self._handle.getPtr()

    def __eq__(self, other):
        if not isinstance(other, GraphCondition):
            return NotImplemented
        return other._v == self._v

    def __hash__(self):
        return hash(self._v)

    def __repr__(self):
        return "<GraphCondition handle=0x%x>" % self._v


# -- GraphDefinition -------------------------------------------------------------------------------------------------

class _State:
    """What the nodes of one graph hierarchy (a graph and its bodies and children) know beyond the driver: per
    node handle, a dict of its Python objects ("uobj": the user object keeping what its parameters use alive;
    "uses": those objects; "class"; "launch"; "event"; "callback"; "condition"; "branches"), the handles of
    nodes destroyed, and the node objects alive (one per node: the builder method's result is the object
    ``nodes()``, ``edges()``, ``pred`` and ``succ`` give back, as cuda.core's are)."""

    __slots__ = ("info", "destroyed", "objects")

    def __init__(self):
        self.info = {}
        self.destroyed = set()
        self.objects = weakref.WeakValueDictionary()  # node handle -> its node object


class GraphDefinition(_Builder):
    """A graph built node by node. ``GraphDefinition()`` makes an empty one; the bodies of conditional nodes,
    child graphs and ``GraphBuilder.graph_definition`` are definitions too (views of a graph that something
    else owns). ``instantiate()`` gives a Graph to launch."""

    __slots__ = ("_h", "_owner", "_state", "__weakref__")

    def __init__(self):
        self._h = None
        self._owner = True  # this object destroys the graph
        self._state = _State()
        self._h = check(_utils.driver().cuGraphCreate(0))

    @classmethod
    def _view(cls, handle, owner, state=None):
        """A definition of a graph that ``owner`` (the node or builder it belongs to, kept alive) holds."""
        self = object.__new__(cls)
        self._h = handle
        self._owner = owner
        self._state = _State() if state is None else state
        return self

    @classmethod
    def _owning(cls, handle):
        """A definition that destroys the graph ``handle`` when it goes."""
        return cls._view(handle, True)

    def _live(self):
        if self._h is None:
            raise RuntimeError("the graph definition is no longer valid")
        owner = self._owner
        if owner is not True and owner is not None and not owner._holds_graphs():
            raise RuntimeError("the graph definition is no longer valid: the %s that holds it is gone"
                               % ("node" if isinstance(owner, GraphNode) else "graph builder"))
        return self._h

    def _target(self):
        self._live()
        return self

    def _deps(self):
        return []

    @property
    def handle(self):
        """The ``driver.CUgraph``."""
        return self._h

    @property
    def is_valid(self):
        try:
            self._live()
        except RuntimeError:
            return False
        return True

    def empty(self):
        """An entry empty node."""
        return self._register(EmptyNode, check(_utils.driver().cuGraphAddEmptyNode(self._live(), [], 0)))

    def create_condition(self, default_value=None):
        """A condition variable of this graph, for its conditional nodes; ``default_value`` (0 <= value < 2**32)
        is set at the start of every launch where given."""
        return GraphCondition._create(self._live(), default_value)

    def instantiate(self, options=None):
        """A Graph of this definition to launch (``options``: GraphCompleteOptions)."""
        from .graph import _instantiate

        return _instantiate(self._live(), options)

    def debug_dot_print(self, path, options=None):
        """Write this graph as a DOT file to ``path``."""
        from .graph import GraphDebugPrintOptions, _dot_print

        if options is not None and not isinstance(options, GraphDebugPrintOptions):
            raise TypeError("options must be a GraphDebugPrintOptions instance")
        _dot_print(self._live(), path, options)

    def nodes(self):
        """The set of this graph's nodes."""
        drv = _utils.driver()
        h = self._live()
        n = check(drv.cuGraphGetNodes(h))[-1]
        handles = list(check(drv.cuGraphGetNodes(h, n))[0]) if n else []
        return {self._wrap(x) for x in handles}

    def edges(self):
        """The set of this graph's edges, as (from node, to node) pairs."""
        drv = _utils.driver()
        h = self._live()
        n = check(drv.cuGraphGetEdges(h))[-1]
        if not n:
            return set()
        out = check(drv.cuGraphGetEdges(h, n))
        return {(self._wrap(a), self._wrap(b)) for a, b in zip(out[0], out[1])}

    # -- the registry of node objects --------------------------------------------------------------------------------
    def _register(self, cls, handle, info=None, uobj=None, uses=()):
        hv = int(handle)
        record = dict(info or {})
        record["uobj"] = uobj
        record["uses"] = tuple(uses)
        record["class"] = cls
        self._state.info[hv] = record
        self._state.destroyed.discard(hv)
        self._state.objects.pop(hv, None)  # a node destroyed before at this address: not this one
        return GraphNode._make(cls, self, handle)

    def _wrap(self, handle):
        """A node object for a driver node of this graph: of the class it was made as, else by its type."""
        record = self._state.info.get(int(handle))
        if record is not None:
            return GraphNode._make(record["class"], self, handle)
        kind = check(_utils.driver().cuGraphNodeGetType(handle))
        return GraphNode._make(_NODE_CLASSES.get(getattr(kind, "name", None), GraphNode), self, handle)

    def __eq__(self, other):
        if not isinstance(other, GraphDefinition):
            return NotImplemented
        return self._h is not None and other._h is not None and int(other._h) == int(self._h)

    def __hash__(self):
        return hash(0 if self._h is None else int(self._h))

    def __repr__(self):
        return "<GraphDefinition handle=0x%x>" % (0 if self._h is None else int(self._h))

    def __del__(self, _exiting=_exiting, _defer=_release.defer):  # (bound here: globals may be gone at exit)
        if self._owner is True and self._h is not None:
            h, self._h = self._h, None
            if not _exiting[0]:
                _defer(_destroy_graph, h)  # a finalizer only queues (see _release)


def _destroy_graph(h):
    _utils.driver().cuGraphDestroy(h)
    _drain()


# -- nodes -----------------------------------------------------------------------------------------------------------

class AdjacencySetProxy(collections.abc.MutableSet):
    """A node's predecessors (or successors) as a set; adding and removing adds and removes edges."""

    __slots__ = ("_node", "_forward")

    def __init__(self, node, forward):
        self._node = node
        self._forward = forward

    def _members(self):
        drv = _utils.driver()
        fn = drv.cuGraphNodeGetDependentNodes if self._forward else drv.cuGraphNodeGetDependencies
        graph = self._node._graph
        return [graph._wrap(h) for h in _listed(fn, self._node._live())]

    def __contains__(self, x):
        return isinstance(x, GraphNode) and x in self._members()

    def __iter__(self):
        return iter(self._members())

    def __len__(self):
        return len(self._members())

    def _handles(self, others):
        """The handles of ``others``, checked to be live GraphNodes (all checked before any edge changes)."""
        self._node._live()
        hs = []
        for other in others:
            if not isinstance(other, GraphNode):
                raise TypeError("expected GraphNode, got %s" % type(other).__name__)
            hs.append(other._live())  # one of another graph: the driver refuses the edge (CUDAError)
        return hs

    def _edges(self, fn_name, others):
        me = self._node._live()
        graph = self._node._graph
        hs = self._handles(others)
        if not hs:
            return
        frm, to = ([me] * len(hs), hs) if self._forward else (hs, [me] * len(hs))
        drv = _utils.driver()
        _edges_call(drv, getattr(drv, fn_name), graph._h, frm, to)

    def add(self, value):
        if not isinstance(value, GraphNode):
            raise TypeError("expected GraphNode, got %s" % type(value).__name__)
        if value not in self:
            self._edges("cuGraphAddDependencies", [value])

    def discard(self, value):
        if not isinstance(value, GraphNode):
            raise TypeError("Argument 'value' has incorrect type (expected %s.GraphNode, got %s)"
                            % (GraphNode.__module__, type(value).__name__))
        if value in self:
            self._edges("cuGraphRemoveDependencies", [value])

    def clear(self):
        self._edges("cuGraphRemoveDependencies", self._members())

    def update(self, *others):
        """Add edges to every node of ``others`` (nodes, or iterables of nodes) in one driver call."""
        have = self._members()
        new = []
        for it in others:
            for x in ((it,) if isinstance(it, GraphNode) else it):
                if not isinstance(x, GraphNode):
                    raise TypeError("expected GraphNode, got %s" % type(x).__name__)
                if x not in have and x not in new:
                    new.append(x)
        self._edges("cuGraphAddDependencies", new)

    def __ior__(self, it):
        self.update(it)
        return self

    def __isub__(self, it):
        have = self._members()
        gone = have if it is self else [x for x in set(it) if isinstance(x, GraphNode) and x in have]
        self._edges("cuGraphRemoveDependencies", gone)
        return self

    @classmethod
    def _from_iterable(cls, it):  # what the set operators (&, |, -, ^) give back: a plain set
        return set(it)

    def __repr__(self):
        return "{%s}" % ", ".join(map(repr, self._members()))


class GraphNode(_Builder):
    """A node of a graph definition. Its builder methods add nodes that depend on it."""

    __slots__ = ("_h", "_hv", "_graph", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("graph nodes cannot be instantiated directly: use a GraphDefinition's or a node's "
                           "builder methods")

    @staticmethod
    def _make(cls, graph, handle):
        hv = int(handle)
        objects = graph._state.objects
        self = objects.get(hv)
        if self is None:
            self = object.__new__(cls)
            self._h = handle
            self._hv = hv
            self._graph = graph
            objects[hv] = self
        return self

    @property
    def _info(self):
        """What this node knows beyond the driver (see _State)."""
        return self._graph._state.info.setdefault(self._hv, {"class": type(self)})

    def _set_params(self, keep, set_params):
        """Call ``set_params(driver, node)``; the objects ``keep`` then replace those the node's old parameters
        used (which the graph lets go of: its clones and instantiations keep theirs)."""
        drv = _utils.driver()
        h = self._live()
        graph = self._graph._h
        obj = attach(drv, graph, keep)
        try:
            set_params(drv, h)
        except BaseException:
            _detach_quietly(drv, graph, obj)
            raise
        info = self._info
        old, info["uobj"], info["uses"] = info.get("uobj"), obj, tuple(keep)
        detach(drv, graph, old)

    def _live(self):
        if self._h is None or self._hv in self._graph._state.destroyed:
            raise RuntimeError("the graph node was destroyed")
        self._graph._live()
        return self._h

    def _live_graph(self):
        self._live()
        return self._graph

    def _target(self):
        return self._live_graph()

    def _deps(self):
        return [self._live()]

    @property
    def graph(self):
        """The GraphDefinition this node belongs to."""
        return self._graph

    @property
    def handle(self):
        """The ``driver.CUgraphNode``; None once destroyed, as cuda.core's."""
        return self._h if self.is_valid else None

    @property
    def type(self):
        """The node's ``driver.CUgraphNodeType``."""
        return check(_utils.driver().cuGraphNodeGetType(self._live()))

    @property
    def is_valid(self):
        return self._h is not None and self._hv not in self._graph._state.destroyed and self._graph.is_valid

    def _holds_graphs(self):  # the bodies and child graph it holds live as long as it does
        return self.is_valid

    @property
    def pred(self):
        """The nodes this one depends on: a set whose changes add and remove edges."""
        self._live()
        return AdjacencySetProxy(self, False)

    @pred.setter
    def pred(self, nodes):
        adj = self.pred
        nodes = list(nodes)
        adj._handles(nodes)  # all checked before any edge goes
        adj.clear()
        adj.update(nodes)

    @property
    def succ(self):
        """The nodes that depend on this one: a set whose changes add and remove edges."""
        self._live()
        return AdjacencySetProxy(self, True)

    @succ.setter
    def succ(self, nodes):
        adj = self.succ
        nodes = list(nodes)
        adj._handles(nodes)  # all checked before any edge goes
        adj.clear()
        adj.update(nodes)

    def destroy(self):
        """Remove this node and its edges from the graph (nothing happens for a node already destroyed)."""
        if not self.is_valid:
            self._h = None
            return
        drv = _utils.driver()
        check(drv.cuGraphDestroyNode(self._h))
        self._graph._state.destroyed.add(self._hv)
        self._graph._state.objects.pop(self._hv, None)
        self._h = None
        info = self._graph._state.info.get(self._hv)
        if info is not None:  # what it used: released by this graph (its clones and instantiations keep theirs)
            info.pop("uses", None)
            detach(drv, self._graph._h, info.pop("uobj", None))

    def _params(self, getter):
        return check(getattr(_utils.driver(), getter)(self._live()))

    def __eq__(self, other):
        if not isinstance(other, GraphNode):
            return NotImplemented
        return other._hv == self._hv and other._graph._h == self._graph._h

    def __hash__(self):
        return hash((GraphNode, self._hv))

    def _describe(self):
        """What the repr says beyond the handle (each class its own, as cuda.core's reprs do)."""
        return ""

    def __repr__(self):
        try:
            extra = self._describe()
        except Exception:  # a destroyed node or graph: the driver can no longer say
            extra = ""
        return "<%s handle=0x%x%s>" % (type(self).__name__, self._hv if self.is_valid else 0, extra)


class EmptyNode(GraphNode):
    """An empty node: orders the nodes before it before those after it."""

    __slots__ = ()


class KernelNode(GraphNode):
    """A kernel launch."""

    __slots__ = ()

    def _describe(self):
        used = self._info.get("launch")
        kernel = int(used[1]._handle) if used is not None else int(self._kp().func)
        return " kernel=0x%x" % kernel

    def _kp(self):
        return self._params("cuGraphKernelNodeGetParams")

    @property
    def grid(self):
        p = self._kp()
        return (p.gridDimX, p.gridDimY, p.gridDimZ)

    @property
    def block(self):
        p = self._kp()
        return (p.blockDimX, p.blockDimY, p.blockDimZ)

    @property
    def shmem_size(self):
        return self._kp().sharedMemBytes

    @property
    def kernel(self):
        """The Kernel launched (None for a node this library did not make)."""
        used = self._info.get("launch")
        return None if used is None else used[1]

    @property
    def config(self):
        """A LaunchConfig of the node's grid, block and shared memory size."""
        from ._launch import LaunchConfig

        p = self._kp()
        return LaunchConfig(grid=(p.gridDimX, p.gridDimY, p.gridDimZ), block=(p.blockDimX, p.blockDimY, p.blockDimZ),
                            shmem_size=p.sharedMemBytes)

    def update(self, *, config=None, kernel=None, args=None):
        """Change the launch: what is not given stays (a new ``kernel`` needs its ``args``, ``()`` for none)."""
        if kernel is not None and args is None:
            raise ValueError("changing the kernel needs its args (args=() for a kernel without parameters)")
        used = self._info.get("launch")
        if used is None and (config is None or kernel is None or args is None):
            raise ValueError("this kernel node was not made here: give config, kernel and args")
        config = used[0] if config is None else config
        kernel = used[1] if kernel is None else kernel
        args = used[2] if args is None else args
        params, used = _kernel_params(_utils.driver(), config, kernel, args)
        self._set_params((params, used[0], used[1]) + used[2],
                         lambda d, h: check(d.cuGraphKernelNodeSetParams(h, params)))
        self._info["launch"] = used


class MemcpyNode(GraphNode):
    """A one-dimensional copy."""

    __slots__ = ()

    def _describe(self):
        dst, src, size = self._cp()
        drv = _utils.driver()
        return " dst=0x%x(%s) src=0x%x(%s) size=%d" % (dst, _memory_kind(drv, dst), src, _memory_kind(drv, src), size)

    def _cp(self):
        got = self._info.get("memcpy")
        if got is None:
            p = self._params("cuGraphMemcpyNodeGetParams")
            got = (int(p.dstDevice), int(p.srcDevice), p.WidthInBytes)
        return got

    dst = property(lambda self: self._cp()[0], doc="The destination address.")
    src = property(lambda self: self._cp()[1], doc="The source address.")
    size = property(lambda self: self._cp()[2], doc="The number of bytes copied.")

    def update(self, *, dst=None, src=None, size=None, dst_owner=None, src_owner=None):
        """Change the copy: what is not given stays."""
        old = self._cp()
        dptr, dkeep = (old[0], None) if dst is None else _address(dst, dst_owner, "dst")
        sptr, skeep = (old[1], None) if src is None else _address(src, src_owner, "src")
        size = old[2] if size is None else _uint(size, "size")
        uses = self._info.get("uses") or (None, None)  # what the old parameters used and the new still use
        dkeep = uses[0] if dst is None else dkeep
        skeep = uses[1] if src is None else skeep
        drv = _utils.driver()
        _context()
        params = _memcpy_params(drv, dptr, sptr, size)
        self._set_params((dkeep, skeep), lambda d, h: check(d.cuGraphMemcpyNodeSetParams(h, params)))
        self._info["memcpy"] = (dptr, sptr, size)


class MemsetNode(GraphNode):
    """A fill of rows of 1-, 2- or 4-byte elements."""

    __slots__ = ()

    def _describe(self):
        p = self._mp()
        return " dptr=0x%x value=%d" % (int(p.dst), p.value)

    def _mp(self):
        return self._params("cuGraphMemsetNodeGetParams")

    dptr = property(lambda self: int(self._mp().dst), doc="The destination address.")
    value = property(lambda self: self._mp().value, doc="The fill value.")
    element_size = property(lambda self: self._mp().elementSize, doc="The element size (1, 2 or 4 bytes).")
    width = property(lambda self: self._mp().width, doc="The row width in elements.")
    height = property(lambda self: self._mp().height, doc="The number of rows.")
    pitch = property(lambda self: self._mp().pitch, doc="The bytes between rows.")

    def update(self, *, dst=None, value=None, width=None, height=None, pitch=None, dst_owner=None):
        """Change the fill: what is not given stays (``value`` keeps its element size where it is an int of a
        node filling wider elements)."""
        p = self._mp()
        if dst is None:  # the old destination and what it keeps stay
            dptr, dkeep = int(p.dst), (self._info.get("uses") or (None,))[0]
        else:
            dptr, dkeep = _address(dst, dst_owner, "dst")
        if value is None:
            value = p.value.to_bytes(p.elementSize, sys.byteorder)
        elif isinstance(value, int) and not isinstance(value, bool) and p.elementSize != 1:
            _uint(value, "value", 0, 1 << (8 * p.elementSize))
            value = value.to_bytes(p.elementSize, sys.byteorder)
        drv = _utils.driver()
        params = _memset_params(drv, dptr, value, p.width if width is None else width,
                                p.height if height is None else height, p.pitch if pitch is None else pitch)
        _context()
        self._set_params((dkeep,), lambda d, h: check(d.cuGraphMemsetNodeSetParams(h, params)))


class HostCallbackNode(GraphNode):
    """A host callback."""

    __slots__ = ()

    def _describe(self):
        fn = self._info.get("callback")
        if fn is not None:
            return " callback=%s" % getattr(fn, "__name__", "?")
        return " cfunc=0x%x" % int(self._params("cuGraphHostNodeGetParams").fn)

    @property
    def callback(self):
        """The Python callable (None for a ctypes function pointer, or a node not made here)."""
        return self._info.get("callback")

    def update(self, fn, *, user_data=None):
        """Run ``fn`` instead (the forms ``callback()`` takes)."""
        drv = _utils.driver()
        params, pyfn, keep = _host_params(drv, fn, user_data)
        self._set_params(keep, lambda d, h: check(d.cuGraphHostNodeSetParams(h, params)))
        self._info["callback"] = pyfn


class EventRecordNode(GraphNode):
    """An event record."""

    __slots__ = ()

    def _describe(self):
        return " event=0x%x" % int(self._params("cuGraphEventRecordNodeGetEvent"))

    event = property(lambda self: self._info.get("event"), doc="The Event recorded (None for a node not made here).")

    def update(self, event):
        """Record ``event`` instead."""
        ev = _event(event)
        self._set_params((event,), lambda d, h: check(d.cuGraphEventRecordNodeSetEvent(h, ev)))
        self._info["event"] = event


class EventWaitNode(GraphNode):
    """A wait for an event."""

    __slots__ = ()

    def _describe(self):
        return " event=0x%x" % int(self._params("cuGraphEventWaitNodeGetEvent"))

    event = property(lambda self: self._info.get("event"), doc="The Event waited for (None for a node not made here).")

    def update(self, event):
        """Wait for ``event`` instead."""
        ev = _event(event)
        self._set_params((event,), lambda d, h: check(d.cuGraphEventWaitNodeSetEvent(h, ev)))
        self._info["event"] = event


class ChildGraphNode(GraphNode):
    """A copy of another definition, run as one node."""

    __slots__ = ()

    def _describe(self):
        return " child=0x%x" % int(self._params("cuGraphChildGraphNodeGetGraph"))

    @property
    def child_graph(self):
        """The embedded graph (a view of this node's copy)."""
        return GraphDefinition._view(self._params("cuGraphChildGraphNodeGetGraph"), self, self._graph._state)

    def update(self, child):
        """Run a copy of ``child`` instead (same topology as the current child)."""
        h = _definition(child)
        drv = _utils.driver()
        _needs(drv, 12020, "ChildGraphNode.update")
        p = drv.CUgraphNodeParams()
        p.type = drv.CUgraphNodeType.CU_GRAPH_NODE_TYPE_GRAPH
        p.graph.graph = h
        self._set_params((child,), lambda d, node: check(d.cuGraphNodeSetParams(node, p)))


class AllocNode(GraphNode):
    """A memory allocation; ``dptr`` is its address, the same on every launch."""

    __slots__ = ()

    def _describe(self):
        return " dptr=0x%x size=%d" % (self.dptr, self.bytesize)

    def _ap(self, key):
        if "dptr" not in self._info:
            p = self._params("cuGraphMemAllocNodeGetParams")
            loc = p.poolProps.location
            host = loc.type == _utils.driver().CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST
            self._info.update(dptr=int(p.dptr), bytesize=p.bytesize, device_id=-1 if host else loc.id,
                              memory_type=GraphMemoryType.HOST if host else GraphMemoryType.DEVICE,
                              peer_access=tuple(d.location.id for d in p.accessDescs[:p.accessDescCount]))
        return self._info[key]

    dptr = property(lambda self: self._ap("dptr"), doc="The allocation's address.")
    bytesize = property(lambda self: self._ap("bytesize"), doc="The allocation's size in bytes.")
    device_id = property(lambda self: self._ap("device_id"), doc="The device allocated on.")
    memory_type = property(lambda self: str(self._ap("memory_type")), doc='"device", "host" or "managed".')
    peer_access = property(lambda self: self._ap("peer_access"), doc="The other devices given access.")


class FreeNode(GraphNode):
    """A free of a graph allocation."""

    __slots__ = ()

    def _describe(self):
        return " dptr=0x%x" % self.dptr

    dptr = property(lambda self: int(self._params("cuGraphMemFreeNodeGetParams")), doc="The address freed.")


class ConditionalNode(GraphNode):
    """A conditional node (an IfNode, IfElseNode, WhileNode or SwitchNode where made here)."""

    __slots__ = ()
    _kind = None

    def _describe(self):
        condition = self._info.get("condition")
        return "" if type(self) is ConditionalNode or condition is None else " condition=0x%x" % condition._v

    @property
    def condition(self):
        """The GraphCondition (None for a node not made here)."""
        return self._info.get("condition")

    @property
    def cond_type(self):
        """GraphConditionalType IF, WHILE or SWITCH (None for a node not made here)."""
        return self._kind

    @property
    def branches(self):
        """The bodies, as GraphDefinitions (empty for a node not made here)."""
        self._live()
        return tuple(GraphDefinition._view(h, self, self._graph._state) for h in self._info.get("branches", ()))


class IfNode(ConditionalNode):
    """Runs ``then`` when the condition is non-zero."""

    __slots__ = ()
    _kind = GraphConditionalType.IF
    then = property(lambda self: self.branches[0], doc="The body run when the condition is non-zero.")


class IfElseNode(ConditionalNode):
    """Runs ``then`` when the condition is non-zero, ``else_`` when it is zero."""

    __slots__ = ()
    _kind = GraphConditionalType.IF
    then = property(lambda self: self.branches[0], doc="The body run when the condition is non-zero.")
    else_ = property(lambda self: self.branches[1], doc="The body run when the condition is zero.")


class WhileNode(ConditionalNode):
    """Runs ``body`` while the condition is non-zero."""

    __slots__ = ()
    _kind = GraphConditionalType.WHILE
    body = property(lambda self: self.branches[0], doc="The loop body.")


class SwitchNode(ConditionalNode):
    """Runs the branch the condition's value indexes."""

    __slots__ = ()
    _kind = GraphConditionalType.SWITCH


_NODE_CLASSES = {
    "CU_GRAPH_NODE_TYPE_KERNEL": KernelNode, "CU_GRAPH_NODE_TYPE_MEMCPY": MemcpyNode,
    "CU_GRAPH_NODE_TYPE_MEMSET": MemsetNode, "CU_GRAPH_NODE_TYPE_HOST": HostCallbackNode,
    "CU_GRAPH_NODE_TYPE_GRAPH": ChildGraphNode, "CU_GRAPH_NODE_TYPE_EMPTY": EmptyNode,
    "CU_GRAPH_NODE_TYPE_WAIT_EVENT": EventWaitNode, "CU_GRAPH_NODE_TYPE_EVENT_RECORD": EventRecordNode,
    "CU_GRAPH_NODE_TYPE_MEM_ALLOC": AllocNode, "CU_GRAPH_NODE_TYPE_MEM_FREE": FreeNode,
    "CU_GRAPH_NODE_TYPE_CONDITIONAL": ConditionalNode,
}


# -- views of an instantiated graph's nodes --------------------------------------------------------------------------

class ExecutableGraphNode:
    """A node of an instantiated Graph (``graph[node]``, ``node`` from the definition it was instantiated from):
    ``update`` changes its parameters for the graph's next launches."""

    __slots__ = ("_exec", "_node")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("executable node views cannot be instantiated directly: use graph[node]")

    @classmethod
    def _of(cls, graph, node):
        self = object.__new__(cls)
        self._exec = graph
        self._node = node
        return self

    def _handles(self):
        return self._exec._live(), self._node._live()

    def _keep(self, what):
        """``what`` the node's update uses, kept by the Graph; what the previous update used goes once the
        launches that may use it ran."""
        graph = self._exec
        old = graph._keep.get(self._node._hv)
        graph._keep[self._node._hv] = what
        if old is not None:
            retire(dict(graph._streams), (old,))

    def __repr__(self):
        return "<%s of %r>" % (type(self).__name__, self._node)


class _Switchable(ExecutableGraphNode):
    __slots__ = ()

    @property
    def is_enabled(self):
        """Whether the node runs in the graph's launches."""
        return bool(check(_utils.driver().cuGraphNodeGetEnabled(*self._handles())))

    def enable(self):
        check(_utils.driver().cuGraphNodeSetEnabled(*self._handles(), 1))

    def disable(self):
        check(_utils.driver().cuGraphNodeSetEnabled(*self._handles(), 0))


class ExecutableKernelNode(_Switchable):
    """A kernel node of an instantiated graph."""

    __slots__ = ()

    def update(self, *, config, kernel, args):
        """Launch ``kernel`` with ``config`` and ``args`` (all given; ``args=()`` for none) from now on."""
        drv = _utils.driver()
        params, used = _kernel_params(drv, config, kernel, args)
        check(drv.cuGraphExecKernelNodeSetParams(*self._handles(), params))
        self._keep((params, used))


class ExecutableMemsetNode(_Switchable):
    """A memset node of an instantiated graph."""

    __slots__ = ()

    def update(self, *, dst, value, width, height=1, pitch=0):
        """Fill this instead from now on (as ``memset()`` takes it)."""
        dptr, dkeep = _address(dst, None, "dst")
        drv = _utils.driver()
        params = _memset_params(drv, dptr, value, width, height, pitch)
        check(drv.cuGraphExecMemsetNodeSetParams(*self._handles(), params, _context()))
        self._keep(dkeep)


class ExecutableMemcpyNode(_Switchable):
    """A memcpy node of an instantiated graph."""

    __slots__ = ()

    def update(self, *, dst, src, size):
        """Copy this instead from now on (as ``memcpy()`` takes it)."""
        dptr, dkeep = _address(dst, None, "dst")
        sptr, skeep = _address(src, None, "src")
        size = _uint(size, "size")
        drv = _utils.driver()
        check(drv.cuGraphExecMemcpyNodeSetParams(*self._handles(), _memcpy_params(drv, dptr, sptr, size),
                                                 _context()))
        self._keep((dkeep, skeep))


class ExecutableChildGraphNode(ExecutableGraphNode):
    """A child graph node of an instantiated graph."""

    __slots__ = ()

    def update(self, child):
        """Run ``child`` (same topology) from now on."""
        h = _definition(child)
        check(_utils.driver().cuGraphExecChildGraphNodeSetParams(*self._handles(), h))
        self._keep(child)


class ExecutableEventRecordNode(ExecutableGraphNode):
    """An event record node of an instantiated graph."""

    __slots__ = ()

    def update(self, event):
        """Record ``event`` from now on."""
        check(_utils.driver().cuGraphExecEventRecordNodeSetEvent(*self._handles(), _event(event)))
        self._keep(event)


class ExecutableEventWaitNode(ExecutableGraphNode):
    """An event wait node of an instantiated graph."""

    __slots__ = ()

    def update(self, event):
        """Wait for ``event`` from now on."""
        check(_utils.driver().cuGraphExecEventWaitNodeSetEvent(*self._handles(), _event(event)))
        self._keep(event)


class ExecutableHostCallbackNode(ExecutableGraphNode):
    """A host callback node of an instantiated graph."""

    __slots__ = ()

    def update(self, fn, *, user_data=None):
        """Run ``fn`` (the forms ``callback()`` takes) from now on."""
        drv = _utils.driver()
        params, _, keep = _host_params(drv, fn, user_data)
        check(drv.cuGraphExecHostNodeSetParams(*self._handles(), params))
        self._keep(keep)


_EXECUTABLE = {KernelNode: ExecutableKernelNode, MemsetNode: ExecutableMemsetNode, MemcpyNode: ExecutableMemcpyNode,
               ChildGraphNode: ExecutableChildGraphNode, EventRecordNode: ExecutableEventRecordNode,
               EventWaitNode: ExecutableEventWaitNode, HostCallbackNode: ExecutableHostCallbackNode}


def executable_view(graph, node):
    """``graph[node]``: the view of ``node`` in the instantiated ``graph``."""
    if not isinstance(node, GraphNode):
        raise TypeError("a Graph is indexed by a GraphNode, not %s" % type(node).__name__)
    cls = _EXECUTABLE.get(type(node))
    if cls is None:
        raise TypeError("%s has no executable view: only kernel, memcpy, memset, child graph, event record, "
                        "event wait and host callback nodes can be updated in an instantiated graph"
                        % type(node).__name__)
    node._live()
    if graph._exec is None:
        raise RuntimeError("the graph is closed")
    return cls._of(graph, node)
