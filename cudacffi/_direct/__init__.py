"""The one seam between ``cudacffi.core`` and the family layer's internals.

``cudacffi.core`` calls the public family modules (``cudacffi.driver``, ``cudacffi.nvml``, ...) and, for the few
hot or raw paths those cannot serve, this module alone. Everything here is owned by the family layer: core never
imports ``cudacffi._gen``, a compiled ``_<family>`` module, ``_support``, ``_kernel_params``, ``_buffers`` or
``_callbacks`` itself (``tests/test_layers.py`` holds it to that).

What it offers, by purpose:

Launch
    ``launch_blob``: the C launcher of a packed argument blob (``_cc_launch_blob``) or None in a build without it;
    ``launch_blob_address``: its entry address for the CPython C launcher; ``LAUNCH_UNBOUND``: the status a C
    stub answers before its symbol is bound; ``uint32_array``: a C ``uint32_t[]`` of offsets;
    ``value_type``: let a class pack as a kernel argument by its ``_v``; ``struct_code``: a C scalar's ``struct``
    code.
Fast calls (CPython)
    ``fastcall``: ``cudacffi._fastcall`` or None (PyPy, or not built); ``plain_call``: a generated function as a
    C callable answering plain ints; ``pool_calls``: cuMemAllocFromPoolAsync / cuMemFreeAsync as
    ``(status, ptr)`` / ``(status,)`` of plain ints; ``pool_allocate_in_c``: a memory pool's ``allocate`` made
    in C, or None; ``handle_call_in_c``: a stream's or event's one-call method (record, wait, sync, is_done) made
    in C, or None; ``device_new_in_c``: ``Device.__new__``'s per-thread lookup made in C, or None;
    ``builder_call_in_c``: an empty graph capture's calls made in C, or None.
Raw driver calls
    ``driver_call``: an entry point called on cffi arguments (bound on first use), answering its status;
    ``driver_new``, ``driver_address``: the cffi objects it takes; ``aligned_tensor_map``: a zeroed, 64-byte
    aligned ``CUtensorMap``.
NVML (``cudacffi._direct.nvml``, apart so that core's import does not load NVML's module)
    ``nvml.call``, ``nvml.new``, ``nvml.cast``, ``nvml.sizeof``: the same for NVML.
Buffers, structs and callbacks
    ``held``: the keepalive of ``ffi.from_buffer``; ``pin``: a host buffer's address, held in place (PyPy moves
    objects) while the object it returns lives; ``host_memory``: a memoryview of host-accessible memory at an
    address; ``collector_guard`` / ``drop_collector_guard``: a destructor the
    garbage collector runs on an address (PyPy's backstop for unclosed Buffers); ``struct_pointer``: the C pointer
    of a generated struct object, for ``driver_call``; ``field_keepalive``: what a struct holds for one of its
    fields; ``CallbackRecord``: the class of a host callback's record; ``capsule``: ``cudacffi._capsule`` (DLPack
    capsules in C), or the ImportError saying why not.
"""

import _cffi_backend

from .. import _buffers, _callbacks, _driver, _fast_calls, _kernel_params
from .._gen import driver as _gen_driver

__all__ = ["aligned_tensor_map", "BEGIN_BUILDING", "builder_call_in_c", "CallbackRecord", "CLOSE", "CLOSE_BUILDER", "capsule", "collector_guard", "COPY_TO", "device_new_in_c",
           "driver_address", "driver_call", "driver_new", "drop_collector_guard", "ELAPSED", "END_BUILDING", "EVENT_DONE",
           "EVENT_SYNC", "fastcall", "field_keepalive", "FILL", "getter_in_c", "handle_call_in_c", "held",
           "host_memory", "launch_blob", "launch_blob_address", "LAUNCH_UNBOUND", "NEW_BUILDER", "pin", "plain_call",
           "pool_allocate_in_c", "pool_calls", "raw_call", "RECORD", "SET_CURRENT", "STREAM_SYNC", "struct_code",
           "struct_pointer", "uint32_array", "value_type", "WAIT"]

_dffi, _dlib = _driver.ffi, _driver.lib

# -- launch --------------------------------------------------------------------------------------------------------

LAUNCH_UNBOUND = _dlib._CC_UNBOUND
launch_blob = getattr(_dlib, "_cc_launch_blob", None)  # (None in a build older than the launcher)
value_type = _kernel_params.value_type
struct_code = _kernel_params.struct_code


def launch_blob_address():
    """The entry address of ``_cc_launch_blob``, as an int (for ``fastcall().launcher``)."""
    return int(_dffi.cast("uintptr_t", _dffi.addressof(_dlib, "_cc_launch_blob")))


def uint32_array(values):
    """A C ``uint32_t[]`` holding ``values`` (NULL for none)."""
    return _dffi.new("uint32_t[]", values) if values else _dffi.NULL


# -- fast calls ----------------------------------------------------------------------------------------------------

fastcall = _fast_calls._fastcall_module  # () -> cudacffi._fastcall, or None


def plain_call(name):
    """``cudacffi.driver``'s function ``name`` as a C callable answering ``(status, *outputs)`` as plain ints, or
    None where there is none (PyPy, the module not built, a function it cannot make)."""
    return _fast_calls.plain_call(_gen_driver, name)


_FAILED = (1 << 64) - 1  # the C stub's pointer on a failure (its status then in _cc_status())


def pool_calls(alloc_wrapper, free_wrapper):
    """``[alloc(size, pool, stream) -> (status, ptr), free(ptr, stream) -> (status,)]`` of plain ints for
    cuMemAllocFromPoolAsync and cuMemFreeAsync: the fastcall callables on CPython; on PyPy the C stubs, which
    its JIT inlines, falling back to the wrappers given (which bind the symbol, and read a failure)."""
    alloc, free = plain_call("cuMemAllocFromPoolAsync"), plain_call("cuMemFreeAsync")
    if alloc is not None and free is not None:
        return [alloc, free]
    value, stub, status = _dlib._cv_cuMemAllocFromPoolAsync, _dlib._cc_cuMemFreeAsync, _dlib._cc_status

    def alloc(size, pool, stream):
        ptr = value(size, pool, stream)
        if ptr == _FAILED and status():
            err, ptr = alloc_wrapper(size, pool, stream)
            return int(err), None if ptr is None else int(ptr)
        return 0, ptr

    def free(ptr, stream):
        if stub(ptr, stream):
            return int(free_wrapper(ptr, stream)[0]),
        return 0,

    return [alloc, free]


def _fast_entry(name):
    """``(cudacffi._fastcall, the address of the driver function's C entry, its not-bound-yet status)``, or None
    where there is no such entry (PyPy, the module not built, a function without one)."""
    module = fastcall()
    spec = getattr(_gen_driver, "_fast_specs", {}).get(name)
    if module is None or spec is None:
        return None
    entry, index, _, _, unbound = spec
    return module, entry(index), unbound


def pool_allocate_in_c(allocate, stream_type, new_buffer, raise_status):
    """On CPython, a memory pool's ``allocate`` method whose common case (a positive int size and a live stream of
    ``stream_type`` on a pool that allocates) is made in C by ``cudacffi._fastcall.pool_allocate``; every other
    call goes to ``allocate``. None where there is no such path (PyPy, the module not built)."""
    fast = _fast_entry("cuMemAllocFromPoolAsync")
    if fast is None:
        return None
    module, address, unbound = fast
    return module.pool_allocate(address, unbound, allocate, stream_type, new_buffer, raise_status)


# what handle_call_in_c makes
RECORD, WAIT, STREAM_SYNC, EVENT_SYNC, EVENT_DONE, SET_CURRENT, ELAPSED, COPY_TO, FILL, CLOSE = range(10)


def handle_call_in_c(name, op, method, fail, self_type, arg_type, queue, ready, reset=None):
    """On CPython, ``method`` (one of ``op``: Stream.record(event), Stream.wait(event), Stream.sync(),
    Event.sync(), the getter of Event.is_done, Device.set_current(), Event.__sub__, Buffer.copy_to(dst,
    stream=s), Buffer.fill(value, stream=s), Buffer.close() -- a pool's buffer freed on its own stream, then
    ``reset(buffer)``) as a C method descriptor that makes the driver's ``name`` call itself,
    with the GIL released: where the object is a live ``self_type`` (its ``_handle`` slot not None; a Device: its
    ``_primary`` context retained and ``_context`` already the ``arg_type`` Context over it, then ``_inited`` set
    True; a Buffer: its ``_ptr`` not None, ``arg_type`` the Stream class), the event argument a live ``arg_type``
    (not IPC-enabled, for record), ``queue`` (the releases finalizers queued, a deque) is empty and ``ready[0]`` (CUDA initialized) is
    True. A failure calls ``fail(status)``, which raises (``end - start``: ``method`` explains it); every other call
    is ``method``'s. None where there is no such path (PyPy, the module not built)."""
    fast = _fast_entry(name)
    if fast is None:
        return None
    module, address, unbound = fast
    if reset is not None:
        return module.handle_call(address, unbound, op, method, fail, self_type, arg_type, queue, ready, reset)
    return module.handle_call(address, unbound, op, method, fail, self_type, arg_type, queue, ready)


def getter_in_c(cls, name, call=None, value=None, guard=None):
    """On CPython, the property ``name`` of ``cls`` read in C (``cudacffi._fastcall.getter``) on an instance of
    ``cls`` itself: ``call(obj)`` (a ``handle_call_in_c`` made for its getter), or with ``call`` None the object in
    slot ``value`` where slot ``guard`` is not None, else 0. Assignment, deletion, subclasses' instances and the
    class itself get the property. ``cls``'s own property where there is no such path (PyPy, the module not
    built)."""
    prop = cls.__dict__[name]
    module = fastcall()
    if module is None:
        return prop
    return module.getter(prop, cls, call, value, guard)


# what builder_call_in_c makes, and the driver calls each makes
NEW_BUILDER, BEGIN_BUILDING, END_BUILDING, CLOSE_BUILDER = range(4)
_BUILDER_CALLS = ((), ("cuStreamBeginCapture",), ("cuStreamIsCapturing", "cuStreamEndCapture"), ("cuGraphDestroy",))


def builder_call_in_c(op, method, fail, destroy, drain, builder_type, stream_type, guards):
    """On CPython, ``method`` (one of ``op``: Stream.create_graph_builder(), GraphBuilder.begin_building(),
    end_building(), close()) as a C method descriptor (``cudacffi._fastcall.builder_call``) that makes an empty
    capture's plain case itself: a primary ``builder_type`` on a live ``stream_type`` it does not own, no fork, no
    conditional body, no GraphDefinition taken; begin_building() in relaxed mode. A failure calls
    ``fail(status)``; close() hands a graph to ``destroy(graph)`` before its driver entry is bound, and calls
    ``drain()`` where a guard deque filled. ``guards``: (queue, ready, exiting, released, retired) (see
    _fastcall.c). Every other call is ``method``'s. None where there is no such path (PyPy, the module not
    built)."""
    module = fastcall()
    if module is None:
        return None
    entries, unbound = [], 0
    for name in _BUILDER_CALLS[op]:
        fast = _fast_entry(name)
        if fast is None:
            return None
        entries.append(fast[1])
        unbound = fast[2]
    mode = int(_gen_driver.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED)
    return module.builder_call(op, tuple(entries), unbound, method, fail, destroy, drain, builder_type, stream_type,
                               _gen_driver.CUgraph, mode, tuple(guards))


def device_new_in_c(new, tls, ready):
    """On CPython, a ``__new__`` for cudacffi.core.Device that answers ``Device(n)`` (``n`` a plain int, CUDA
    initialized: ``ready[0]``) with ``tls.devices[n]`` where this thread has made it; every other call is ``new``'s
    (the Python ``__new__``). None where there is no such path (PyPy, the module not built)."""
    module = fastcall()
    return None if module is None else module.device_new(new, tls, ready)


# -- raw calls -----------------------------------------------------------------------------------------------------

def raw_call(lib, bind, unbound, name, args):
    """C stub ``_cc_<name>`` of ``lib`` called on ``args``; on ``unbound`` the symbol is bound (``bind(name)``,
    FunctionNotFoundError where the library lacks it) and the call made again. The status, as an int."""
    fn = getattr(lib, "_cc_" + name)
    status = fn(*args)
    if status == unbound:
        bind(name)
        status = fn(*args)
    return status


def driver_call(name, *args):
    """The driver's ``name`` called on cffi arguments (bound on first use): its CUresult as an int."""
    return raw_call(_dlib, _gen_driver._bind, _dlib._CC_UNBOUND, name, args)


driver_new = _dffi.new


def driver_address(cdata):
    """The address of a cffi object of the driver's ffi, as an int."""
    return int(_dffi.cast("uintptr_t", cdata))


def aligned_tensor_map(tensor_map_type):
    """A zeroed ``tensor_map_type`` (``driver.CUtensorMap``) at a 64-byte aligned address, as the driver requires
    of the map it writes (cffi allocates with less alignment than the struct declares)."""
    backing = _dffi.new("char[]", 128 + 64)
    address = (int(_dffi.cast("uintptr_t", backing)) + 63) & ~63
    return tensor_map_type._view(_dffi.cast("CUtensorMap *", address), backing)


# -- buffers and callbacks -----------------------------------------------------------------------------------------

held = _buffers.held
CallbackRecord = _callbacks.Record
_own_ffi = _cffi_backend.FFI()  # apart from the families' (a from_buffer and a gc of its own)
_UINTPTR = _own_ffi.typeof("uintptr_t")  # (looked up once: a cast by name parses the type on every call)


def pin(buffer):
    """``(address, keepalive)`` of a C-contiguous host buffer (a memoryview or any buffer-protocol object): the
    address stays valid, the memory pinned in place (PyPy), for as long as ``keepalive`` lives."""
    cdata = _own_ffi.from_buffer(buffer)
    return int(_own_ffi.cast(_UINTPTR, cdata)), cdata


def host_memory(address, size):
    """A writable memoryview (format "B") of ``size`` bytes of host-accessible memory at ``address``."""
    return memoryview(_own_ffi.buffer(_own_ffi.cast("char *", address), size)).cast("B")


def collector_guard(address, destructor):
    """An object whose collection by the garbage collector calls ``destructor(guard)`` (PyPy's backstop: cheaper
    to collect than an object with ``__del__``); ``drop_collector_guard`` detaches it."""
    return _own_ffi.gc(_own_ffi.cast("void *", address), destructor)


def drop_collector_guard(guard):
    """Detach the destructor of a ``collector_guard`` (the memory was released another way)."""
    _own_ffi.gc(guard, None)


def struct_pointer(obj):
    """The C pointer (a cffi object) of a generated struct object, to pass to ``driver_call``."""
    return obj._ptr


def field_keepalive(obj, key):
    """What a generated struct object holds alive for field ``key`` (a path tuple such as ``("callback", "fn")``),
    or None."""
    return obj._held(key)


def capsule():
    """``cudacffi._capsule``; ImportError saying how to build it where it is missing."""
    try:
        from .. import _capsule  # optional: a build may lack the C extension
    except ImportError as e:
        raise ImportError("cudacffi._capsule is not built (%s): run 'python build_cffi.py' or reinstall cudacffi"
                          % e) from None
    return _capsule

