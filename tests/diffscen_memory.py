"""Differential scenarios: Buffer, the memory resources, their options, Host and IPC objects (see diffharness.py).

The CPU scenarios build buffers with ``Buffer.from_handle`` over a memory resource written in Python (nothing
is dereferenced, nothing reaches the driver); the GPU ones allocate on device 0 and free what they allocate.
"""

import os
import pickle
import weakref

from diffharness import driver_of, scenario, submodule


def _host_resource(core):
    """A memory resource written in Python, as users subclass it: addresses from a counter, frees recorded."""

    class HostResource(core.MemoryResource):
        def __init__(self):
            self.freed = []

        def allocate(self, size, *, stream=None):
            return core.Buffer.from_handle(0x10000, size, mr=self)

        def deallocate(self, ptr, size, *, stream=None):
            self.freed.append((int(ptr), int(size)))

        @property
        def is_device_accessible(self):
            return False

        @property
        def is_host_accessible(self):
            return True

        @property
        def device_id(self):
            return -1

    return HostResource()


def _collect():
    """Collect garbage until done (PyPy frees nothing at ``del``)."""
    import gc

    for _ in range(3):
        gc.collect()


def _ipc_class(core, name):
    found = getattr(core, name, None)
    return found if found is not None else getattr(submodule(core, "_memory._ipc"), name)


def _np():
    import numpy

    return numpy


# -- Buffer on the CPU -------------------------------------------------------------------------------------------

@scenario(gpu=False)
def buffer_from_handle_reads_its_resource(core):
    mr = _host_resource(core)
    buf = core.Buffer.from_handle(0x10000, 64, mr=mr)
    out = [repr(buf), buf.handle, buf.size, buf.device_id, buf.is_device_accessible, buf.is_host_accessible,
           buf.is_mapped, buf.owner, buf.memory_resource is mr, buf.__dlpack_device__()]
    buf.close()
    return out + [mr.freed]


@scenario(gpu=False)
def buffer_closed_reads_handle_zero(core):
    mr = _host_resource(core)
    buf = core.Buffer.from_handle(0x10000, 64, mr=mr)
    buf.close()
    buf.close()  # idempotent: freed once
    return [buf.handle, buf.size, buf.memory_resource, buf.owner, buf.is_mapped, repr(buf), mr.freed]


@scenario(gpu=False)
def buffer_with_owner_forgets_it_when_closed(core):
    owner = bytearray(8)
    buf = core.Buffer.from_handle(0x2000, 8, owner=owner)
    before = [buf.owner is owner, buf.memory_resource, repr(buf)]
    buf.close()
    return before + [buf.owner, buf.handle, buf.size, repr(buf)]


@scenario(gpu=False)
def buffer_as_context_manager_frees_on_exit(core):
    mr = _host_resource(core)
    with core.Buffer.from_handle(0x10000, 32, mr=mr) as buf:
        inside = buf.handle
    return [inside, buf.handle, mr.freed]


@scenario(gpu=False)
def buffer_sizes_and_pointers_take_numpy_integers(core):
    np = _np()
    out = []
    for ptr, size in ((0x1000, np.uint64(64)), (np.uint64(0x2000), np.int32(8)), (np.intp(0x30), np.uint8(3))):
        buf = core.Buffer.from_handle(ptr, size)
        out.append([buf.handle, buf.size, type(buf.size).__name__, type(buf.handle).__name__, repr(buf)])
    return out


@scenario(gpu=False)
def buffer_size_takes_a_bool(core):
    buf = core.Buffer.from_handle(0x1000, True)
    return [buf.size, repr(buf)]


@scenario(gpu=False, differs="ours names the parameter and its range; cuda.core's is Cython's size_t message")
def buffer_negative_size(core):
    return repr(core.Buffer.from_handle(0x1000, -1))


@scenario(gpu=False, differs="ours names the parameter and its range; cuda.core's is Cython's size_t message")
def buffer_size_past_size_t(core):
    return repr(core.Buffer.from_handle(0x1000, 1 << 64))


@scenario(gpu=False, differs="ours names the parameter and its range; cuda.core's is Cython's uintptr_t message")
def buffer_negative_pointer(core):
    return repr(core.Buffer.from_handle(-16, 8))


@scenario(gpu=False, differs="ours names the parameter; cuda.core's says 'an integer is required'")
def buffer_size_of_text(core):
    return repr(core.Buffer.from_handle(0x1000, "8"))


@scenario(gpu=False, differs="ours says what each of mr and owner does")
def buffer_mr_and_owner_both(core):
    return repr(core.Buffer.from_handle(0x1000, 8, mr=_host_resource(core), owner=object()))


@scenario(gpu=False, differs="ours names the ways to get a Buffer")
def buffer_direct_instantiation(core):
    return repr(core.Buffer())


@scenario(gpu=False)
def buffer_equality_and_hash(core):
    a, b, c = (core.Buffer.from_handle(16, 2), core.Buffer.from_handle(16, 2), core.Buffer.from_handle(16, 3))
    return [a == b, a != c, a == 1, a != "x", hash(a) == hash(b), hash(a) == hash((16, 2)), len({a, b, c})]


@scenario(gpu=False)
def buffer_weak_references(core):
    buf = core.Buffer.from_handle(0x1000, 8)
    ref = weakref.ref(buf)
    alive = ref() is buf
    del buf
    _collect()
    return [alive, ref() is None]


@scenario(gpu=False)
def buffer_set_deallocation_stream_none(core):
    return core.Buffer.from_handle(0x1000, 8).set_deallocation_stream(None)


@scenario(gpu=False, differs="ours also names what the parameter takes")
def buffer_close_with_a_wrong_stream(core):
    return core.Buffer.from_handle(0x1000, 8).close(stream=5)


def _dlpack_of_host_buffer(core, **kwargs):
    buf = core.Buffer.from_handle(0x10000, 8, mr=_host_resource(core))
    try:
        return buf.__dlpack__(**kwargs)
    finally:
        buf.close()


@scenario(gpu=False)
def buffer_dlpack_max_version_not_a_tuple(core):
    return _dlpack_of_host_buffer(core, max_version=1)


@scenario(gpu=False)
def buffer_dlpack_max_version_of_three(core):
    return _dlpack_of_host_buffer(core, max_version=(1, 0, 0))


@scenario(gpu=False, differs="ours adds that the tensor is exported in place")
def buffer_dlpack_copy(core):
    return _dlpack_of_host_buffer(core, copy=True)


@scenario(gpu=False)
def buffer_copies_check_sizes_and_resource_first(core):
    b6, b4 = core.Buffer.from_handle(0x1000, 6), core.Buffer.from_handle(0x2000, 4)
    out = []
    for call in (lambda: b6.copy_to(b4, stream=core.LEGACY_DEFAULT_STREAM),
                 lambda: b6.copy_from(b4, stream=core.LEGACY_DEFAULT_STREAM),
                 lambda: b6.copy_to(stream=core.LEGACY_DEFAULT_STREAM)):
        try:
            call()
            out.append("copied")
        except ValueError as e:
            out.append(str(e))
    return out


@scenario(gpu=False)
def buffer_copy_options_must_be_copy_options(core):
    b = core.Buffer.from_handle(0x1000, 6)
    return b.copy_to(core.Buffer.from_handle(0x2000, 6), stream=core.LEGACY_DEFAULT_STREAM, options=5)


@scenario(gpu=False)
def buffer_fill_checks_the_pattern_first(core):
    np = _np()
    out = []
    for value in (b"abc", b"abcd", np.int64(1), bytearray(8)):
        try:
            core.Buffer.from_handle(0x1000, 6).fill(value, stream=core.LEGACY_DEFAULT_STREAM)
            out.append("filled")
        except ValueError as e:
            out.append(str(e))
    return out


@scenario(gpu=False, differs="ours says what value takes; cuda.core's is Python's 'a bytes-like object is required'")
def buffer_fill_of_text(core):
    return core.Buffer.from_handle(0x1000, 6).fill("x", stream=core.LEGACY_DEFAULT_STREAM)


@scenario(gpu=False, differs="ours names the range; cuda.core's is Cython's uint8_t message")
def buffer_fill_out_of_byte_range(core):
    return core.Buffer.from_handle(0x1000, 6).fill(256, stream=core.LEGACY_DEFAULT_STREAM)


@scenario(gpu=False, differs="ours also names what the parameter takes")
def buffer_fill_wrong_stream(core):
    return core.Buffer.from_handle(0x1000, 6).fill(1, stream=5)


@scenario(gpu=False)
def buffer_closed_refuses_work(core):
    S = core.LEGACY_DEFAULT_STREAM
    mr = _host_resource(core)
    buf = core.Buffer.from_handle(0x10000, 8, mr=mr)
    live = core.Buffer.from_handle(0x20000, 8)
    buf.close()
    out = []
    for call in (lambda: buf.device_id, lambda: buf.is_device_accessible, lambda: buf.is_host_accessible,
                 lambda: buf.is_managed, lambda: buf.ipc_descriptor, lambda: buf.__dlpack_device__(),
                 lambda: buf.__dlpack__(), lambda: buf.copy_from(live, stream=S), lambda: live.copy_from(buf, stream=S),
                 lambda: live.copy_to(buf, stream=S), lambda: buf.copy_to(stream=S), lambda: buf.fill(1, stream=S),
                 lambda: buf.set_deallocation_stream(S), lambda: pickle.dumps(buf)):
        try:
            out.append(repr(call()))
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            out.append("%s: %s" % (type(e).__name__, e))
    buf.close(S)  # closing again does nothing
    return out + [buf.is_mapped, buf.handle]


@scenario(gpu=False, differs="ours names which buffer of the batch is closed")
def copy_batch_of_a_closed_buffer(core):
    a, b = core.Buffer.from_handle(0x1000, 8), core.Buffer.from_handle(0x2000, 8)
    a.close()
    return submodule(core, "utils").copy_batch(core.PER_THREAD_DEFAULT_STREAM, [a], [b])


@scenario(gpu=False)
def managed_buffer_from_handle(core):
    buf = core.ManagedBuffer.from_handle(0x40, 8)
    out = [repr(buf), type(buf).__name__, isinstance(buf, core.Buffer)]
    buf.close()
    return out + [repr(buf), buf.handle]


# -- managed memory batches (argument checks come before any driver call) ------------------------------------------

_BATCHES = ("prefetch_batch", "discard_batch", "discard_prefetch_batch")


def _batch_outcomes(core, make_args):
    utils = submodule(core, "utils")
    out = []
    for name in _BATCHES:
        try:
            getattr(utils, name)(*make_args(core, name))
            out.append("ran")
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            out.append("%s: %s" % (type(e).__name__, e))
    return out


def _batch_args(stream, buffers):
    def make(core, name):
        return (stream(core), buffers(core)) + (() if name == "discard_batch" else (core.Host(),))
    return make


@scenario(gpu=False)
def managed_batches_refuse_a_single_buffer(core):
    return _batch_outcomes(core, _batch_args(lambda c: c.PER_THREAD_DEFAULT_STREAM,
                                             lambda c: c.Buffer.from_handle(0x1000, 64)))


@scenario(gpu=False)
def managed_batches_refuse_no_buffers(core):
    return _batch_outcomes(core, _batch_args(lambda c: c.PER_THREAD_DEFAULT_STREAM, lambda c: []))


@scenario(gpu=False)
def managed_batches_refuse_a_non_sequence(core):
    return _batch_outcomes(core, _batch_args(lambda c: c.PER_THREAD_DEFAULT_STREAM, lambda c: 5))


@scenario(gpu=False)
def managed_batches_refuse_a_missing_stream(core):
    return _batch_outcomes(core, _batch_args(lambda c: None, lambda c: [c.Buffer.from_handle(0x1000, 64)]))


@scenario(gpu=False, differs="ours names the buffer's index in the sequence")
def managed_batches_refuse_a_closed_buffer(core):
    def closed(c):
        b = c.Buffer.from_handle(0x1000, 64)
        b.close()
        return [b]
    return submodule(core, "utils").prefetch_batch(core.PER_THREAD_DEFAULT_STREAM, closed(core), core.Host())


@scenario(gpu=False, differs="ours says how many locations were given for how many buffers")
def managed_batches_refuse_too_few_locations(core):
    bufs = [core.Buffer.from_handle(0x1000, 64), core.Buffer.from_handle(0x2000, 64)]
    return submodule(core, "utils").prefetch_batch(core.PER_THREAD_DEFAULT_STREAM, bufs, [core.Host()])


@scenario(gpu=False, differs="ours says what a location is")
def managed_batches_refuse_a_missing_location(core):
    bufs = [core.Buffer.from_handle(0x1000, 64)]
    return submodule(core, "utils").prefetch_batch(core.PER_THREAD_DEFAULT_STREAM, bufs, None)


# -- MemoryResource, the base ------------------------------------------------------------------------------------

@scenario(gpu=False)
def memory_resource_base_allocate(core):
    return core.MemoryResource().allocate(1, stream=None)


@scenario(gpu=False)
def memory_resource_base_deallocate(core):
    return core.MemoryResource().deallocate(0, 1, stream=None)


@scenario(gpu=False)
def memory_resource_base_properties(core):
    out = []
    for name in ("is_device_accessible", "is_host_accessible", "device_id", "is_managed"):
        try:
            out.append(getattr(core.MemoryResource(), name))
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            out.append("%s: %s" % (type(e).__name__, e))
    return out


@scenario(gpu=False)
def memory_resource_subclass_weak_references(core):
    mr = _host_resource(core)
    ref = weakref.ref(mr)
    alive = ref() is mr
    del mr
    _collect()
    return [alive, ref() is None]


@scenario(gpu=False)
def legacy_pinned_resource_facts(core):
    mr = core.LegacyPinnedMemoryResource()
    try:
        device = mr.device_id
    except RuntimeError as e:
        device = "RuntimeError: %s" % e
    return [device, mr.is_device_accessible, mr.is_host_accessible, mr.is_managed, weakref.ref(mr)() is mr,
            mr == core.LegacyPinnedMemoryResource()]


@scenario(gpu=False, differs="ours names the parameter and its range; cuda.core's is Cython's size_t message")
def legacy_pinned_negative_size(core):
    return core.LegacyPinnedMemoryResource().allocate(-1)


# -- options -----------------------------------------------------------------------------------------------------

_POOL_OPTIONS = ("DeviceMemoryResourceOptions", "PinnedMemoryResourceOptions", "ManagedMemoryResourceOptions")


@scenario(gpu=False)
def options_defaults_and_equality(core):
    out = []
    for name in _POOL_OPTIONS:
        cls = getattr(core, name)
        out.append([repr(cls()), cls() == cls(), repr(cls(True)), repr(pickle.loads(pickle.dumps(cls(1))))])
    return out


@scenario(gpu=False)
def options_convert_numpy_integers_and_flags(core):
    np = _np()
    d = core.DeviceMemoryResourceOptions(ipc_enabled=1, max_size=np.uint64(1 << 20))
    p = core.PinnedMemoryResourceOptions(ipc_enabled="x", max_size=np.int8(3), numa_id=np.int32(1))
    m = core.ManagedMemoryResourceOptions(preferred_location=np.int64(0), preferred_location_type="device")
    return [repr(d), repr(p), repr(m), type(d.max_size).__name__, type(p.numa_id).__name__,
            type(m.preferred_location).__name__]


@scenario(gpu=False)
def options_keep_ranges_for_the_resource(core):
    # negative sizes and NUMA ids, and unknown location types, are refused where the resource is made
    return [repr(core.DeviceMemoryResourceOptions(max_size=-1)), repr(core.PinnedMemoryResourceOptions(numa_id=-1)),
            repr(core.ManagedMemoryResourceOptions(preferred_location_type="bogus"))]


@scenario(gpu=False)
def options_assignment_converts(core):
    np = _np()
    opts = core.DeviceMemoryResourceOptions()
    opts.max_size = np.uint32(7)
    opts.ipc_enabled = 2
    return [repr(opts), type(opts.max_size).__name__]


@scenario(gpu=False, differs="ours names the field; cuda.core's says 'Expected int, got str'")
def options_size_of_text(core):
    return repr(core.DeviceMemoryResourceOptions(max_size="1"))


@scenario(gpu=False, differs="ours names the field; cuda.core's says 'Expected int, got str'")
def options_numa_id_of_text(core):
    return repr(core.PinnedMemoryResourceOptions(numa_id="a"))


@scenario(gpu=False, differs="cuda.core's message names the class by its module path")
def options_unknown_attribute(core):
    opts = core.DeviceMemoryResourceOptions()
    opts.maxsize = 3
    return repr(opts)


@scenario(gpu=False, differs="cuda.core's message names the class by its module path")
def options_are_unhashable(core):
    return hash(core.PinnedMemoryResourceOptions())


@scenario(gpu=False)
def virtual_memory_options_defaults_are_enum_members(core):
    C = core.VirtualMemoryResourceOptions
    d = C()
    return [repr(d), repr(C(granularity="minimum", peers=[1])), repr(pickle.loads(pickle.dumps(d))), d == C(),
            str(d.allocation_type), "%s" % d.handle_type, d.self_access == "rw", d.location_type == "device"]


# -- Host --------------------------------------------------------------------------------------------------------

@scenario(gpu=False)
def host_singletons_reprs_and_equality(core):
    H = core.Host
    return [repr(H()), repr(H(numa_id=2)), repr(H(3)), repr(H.numa_current()), H() is H(), H(1) is H(numa_id=1),
            H(is_numa_current=True) is H.numa_current(), H() == H(), H() == 1, H() != H(1), H(0) != H.numa_current(),
            hash(H(2)) == hash((H, 2, False)), (H(4).numa_id, H(4).is_numa_current),
            (H.numa_current().numa_id, H.numa_current().is_numa_current)]


@scenario(gpu=False)
def host_pickles_to_the_same_object(core):
    return [pickle.loads(pickle.dumps(h)) is h for h in (core.Host(), core.Host(5), core.Host.numa_current())]


@scenario(gpu=False)
def host_weak_references_and_no_new_attributes(core):
    h = core.Host(6)
    alive = weakref.ref(h)() is h
    try:
        h.other = 1
        assigned = True
    except AttributeError:
        assigned = False
    return [alive, assigned]


@scenario(gpu=False)
def host_is_numa_current_by_truth(core):
    H = core.Host
    return [repr(H(is_numa_current=1)), repr(H(is_numa_current=0)), repr(H(is_numa_current=None))]


@scenario(gpu=False)
def host_refuses_bad_numa_ids(core):
    out = []
    for bad in (-1, True, 1.0, "1"):
        try:
            out.append(repr(core.Host(numa_id=bad)))
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            out.append("%s: %s" % (type(e).__name__, e))
    return out


@scenario(gpu=False)
def host_numa_id_and_numa_current_together(core):
    return repr(core.Host(1, is_numa_current=True))


# -- IPC objects -------------------------------------------------------------------------------------------------

@scenario(gpu=False)
def ipc_buffer_descriptor_pickles(core):
    cls = _ipc_class(core, "IPCBufferDescriptor")
    d = cls._init(bytes(range(64)), 4096)
    back = pickle.loads(pickle.dumps(d))
    return [d.size, back.size, type(back).__name__]


@scenario(gpu=False)
def ipc_buffer_descriptor_direct_instantiation(core):
    return repr(_ipc_class(core, "IPCBufferDescriptor")())


@scenario(gpu=False)
def ipc_allocation_handle_direct_instantiation(core):
    return repr(_ipc_class(core, "IPCAllocationHandle")())


@scenario(gpu=False)
def ipc_allocation_handle_negative_fd(core):
    return repr(_ipc_class(core, "IPCAllocationHandle")._init(-1, None))


@scenario(gpu=False)
def ipc_allocation_handle_closes_its_descriptor(core):
    r, w = os.pipe()
    os.close(w)
    h = _ipc_class(core, "IPCAllocationHandle")._init(r, None)
    out = [int(h) == r, h.handle == r, h.uuid]
    h.close()
    h.close()
    try:
        os.fstat(r)
        closed = False
    except OSError:
        closed = True
    try:
        int(h)
        refused = None
    except Exception as e:  # noqa: BLE001 - its type and the message up to the handle's id
        refused = "%s: %s" % (type(e).__name__, str(e).split(" (id=")[0])
    return out + [closed, h.handle, refused]


@scenario(gpu=False)
def memory_resource_registry_miss(core):
    import uuid

    out = []
    for cls in (core.DeviceMemoryResource, core.PinnedMemoryResource):
        try:
            out.append(repr(cls.from_registry(uuid.UUID(int=12345))))
        except RuntimeError as e:
            out.append(str(e))
    return out


# -- on a GPU ----------------------------------------------------------------------------------------------------

def _device(core):
    dev = core.Device(0)
    dev.set_current()
    return dev


@scenario(gpu=True)
def gpu_device_allocate_takes_numpy_sizes(core):
    np = _np()
    dev = _device(core)
    s = dev.create_stream()
    size = np.uint64(128)  # NVIDIA's saxpy.py: dev.allocate(size * 8, stream=stream)
    out = []
    try:
        for n in (size * 8, np.int32(16), True):
            buf = dev.allocate(n, stream=s)
            out.append([buf.size, type(buf.size).__name__, buf.memory_resource is dev.memory_resource,
                        buf.device_id, buf.is_device_accessible, buf.is_host_accessible, buf.is_mapped,
                        buf.__dlpack_device__()])
            buf.close(s)
            out.append([buf.handle, buf.size, buf.memory_resource, repr(buf)])
    finally:
        s.close()
    return out


@scenario(gpu=True, differs="ours names the parameter and its range; cuda.core's is Cython's size_t message")
def gpu_allocate_negative_size(core):
    dev = _device(core)
    return repr(dev.allocate(-1, stream=dev.default_stream))


@scenario(gpu=True)
def gpu_copies_check_sizes(core):
    dev = _device(core)
    s = dev.create_stream()
    a, b = dev.allocate(64, stream=s), dev.allocate(32, stream=s)
    out = []
    try:
        for call in (lambda: a.copy_to(b, stream=s), lambda: a.copy_from(b, stream=s)):
            try:
                call()
                out.append("copied")
            except ValueError as e:
                out.append(str(e))
        c = a.copy_to(stream=s)
        out.append([c.size, c.memory_resource is a.memory_resource])
        c.close(s)
    finally:
        a.close(s)
        b.close(s)
        s.sync()
        s.close()
    return out


@scenario(gpu=True)
def gpu_fill_patterns_and_bad_values(core):
    import ctypes

    np = _np()
    dev = _device(core)
    s = dev.create_stream()
    pinned = core.LegacyPinnedMemoryResource()
    buf = pinned.allocate(6)
    out = []
    try:
        buf.fill(7, stream=s)
        s.sync()
        out.append(ctypes.string_at(buf.handle, 6).hex())
        buf.fill(np.uint16(0x0102), stream=s)
        s.sync()
        out.append(ctypes.string_at(buf.handle, 6).hex())
        buf.fill(True, stream=s)
        s.sync()
        out.append(ctypes.string_at(buf.handle, 6).hex())
        for bad in (b"abc", b"abcd", "x", np.int64(1)):
            try:
                buf.fill(bad, stream=s)
                out.append("filled")
            except ValueError as e:
                out.append("ValueError: %s" % e)
            except TypeError:  # the messages differ (see buffer_fill_of_text)
                out.append("TypeError")
        # (buf.device_id: cuda.core raises where the resource has no device; ours reads -1)
        out.append([buf.__dlpack_device__(), buf.is_device_accessible, buf.is_host_accessible])
    finally:
        buf.close(s)
        s.close()
    return out


@scenario(gpu=True, differs="ours names the range; cuda.core's is Cython's uint8_t message")
def gpu_fill_out_of_byte_range(core):
    dev = _device(core)
    buf = dev.allocate(8, stream=dev.default_stream)
    try:
        return buf.fill(256, stream=dev.default_stream)
    finally:
        buf.close(dev.default_stream)


@scenario(gpu=True)
def gpu_device_memory_resource_facts_and_close(core):
    dev = _device(core)
    shared = core.DeviceMemoryResource(dev)
    own = core.DeviceMemoryResource(dev, core.DeviceMemoryResourceOptions(max_size=1 << 24))
    out = [shared.is_handle_owned, own.is_handle_owned, own.device_id, own.is_device_accessible,
           own.is_host_accessible, own.is_ipc_enabled, own.is_mapped, own.uuid, own.is_managed]
    buf = own.allocate(256, stream=dev.default_stream)
    own.close()
    buf.close(dev.default_stream)  # a buffer still frees through its closed resource
    dev.sync()
    out += [int(own.handle), own.is_handle_owned, own.is_ipc_enabled, own.uuid, own.is_closed, buf.handle]
    for use in (lambda: own.attributes, lambda: own.allocate(8, stream=dev.default_stream),
                lambda: own.allocation_handle, lambda: pickle.dumps(own)):
        try:
            use()
            out.append("used")
        except RuntimeError as e:
            out.append(str(e))
    own.close()  # closing again does nothing
    return out


@scenario(gpu=True)
def gpu_pool_attributes(core):
    """A resource over the device's pool raises a release threshold of 0 to the most, and keeps any other: the
    threshold is set through the driver first, so that what earlier code in the process did does not count."""
    dev = _device(core)
    drv = driver_of(core)
    err, pool = drv.cuDeviceGetMemPool(0)
    assert not err, err
    most = (1 << 64) - 1
    thresholds = []
    for before in (0, 1 << 30, most):
        err, = drv.cuMemPoolSetAttribute(pool, drv.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                         drv.cuuint64_t(before))
        assert not err, err
        thresholds.append(core.DeviceMemoryResource(dev).attributes.release_threshold)
    a = core.DeviceMemoryResource(dev).attributes
    text = repr(a)
    names = [part.split("=")[0] for part in text[text.index("(") + 1:-1].split(", ")]
    return [type(a).__name__, text[:text.index("(")], names, thresholds == [most, 1 << 30, most],
            a.reuse_follow_event_dependencies, a.reuse_allow_opportunistic, a.reuse_allow_internal_dependencies]


@scenario(gpu=True)
def gpu_ipc_resource_and_descriptor(core):
    dev = _device(core)
    mr = core.DeviceMemoryResource(dev, {"ipc_enabled": True})
    buf = mr.allocate(1024, stream=dev.default_stream)
    try:
        handle = mr.allocation_handle
        d = buf.ipc_descriptor
        back = pickle.loads(pickle.dumps(d))
        return [mr.is_ipc_enabled, mr.is_mapped, type(mr.uuid).__name__, type(handle).__name__,
                int(handle) >= 0, handle.uuid == mr.uuid, d.size, back.size, buf.is_mapped]
    finally:
        buf.close(dev.default_stream)
        dev.sync()
        mr.close()


@scenario(gpu=True, differs="ours says how to make a resource that is")
def gpu_not_ipc_enabled(core):
    dev = _device(core)
    return core.DeviceMemoryResource(dev).allocation_handle


@scenario(gpu=True)
def gpu_managed_resource_allocates_managed_buffers(core):
    np = _np()
    dev = _device(core)
    mr = core.ManagedMemoryResource()
    s = dev.create_stream()
    buf = mr.allocate(np.uint64(4096), stream=s)
    try:
        return [type(buf).__name__, buf.size, repr(buf).split(" ")[2], buf.is_managed, buf.is_host_accessible,
                buf.is_device_accessible, mr.preferred_location, mr.is_managed, mr.device_id]
    finally:
        buf.close(s)
        s.sync()
        s.close()


@scenario(gpu=True)
def gpu_managed_resource_preferred_locations(core):
    _device(core)
    out = []
    for opts in ({"preferred_location": 0}, {"preferred_location": -1}, {"preferred_location_type": "host"},
                 {"preferred_location_type": "device", "preferred_location": 0}):
        mr = core.ManagedMemoryResource(opts)
        try:
            p = mr.preferred_location
            # (is_handle_owned: a build from CUDA 12 headers has no managed pools, and allocates without one)
            out.append([repr(p), p == (p[0].value, p[1]), mr.device_id])
        finally:
            mr.close()
    return out


@scenario(gpu=True)
def gpu_legacy_pinned_resource(core):
    np = _np()
    dev = _device(core)
    mr = core.LegacyPinnedMemoryResource()
    buf = mr.allocate(np.int64(64))  # NVIDIA's memory_ops.py allocates without a stream
    try:
        return [buf.size, buf.is_host_accessible, buf.is_device_accessible, buf.__dlpack_device__(),
                mr.is_device_accessible, mr.is_host_accessible]
    finally:
        buf.close(dev.default_stream)
        dev.sync()


@scenario(gpu=True)
def gpu_legacy_pinned_device_id(core):
    return core.LegacyPinnedMemoryResource().device_id


# -- bad input (issue 25 item 7) ----------------------------------------------------------------------------------

@scenario(gpu=False)
def buffer_mr_of_a_wrong_type(core):
    return [_raised(lambda: core.Buffer.from_handle(0x1000, 8, mr=mr)) for mr in (object(), 5, "x", True)]


@scenario(gpu=False)
def buffer_mr_with_deallocate_but_no_memory_resource(core):
    """A resource must be a MemoryResource (a subclass written in Python is one): an object with deallocate() alone
    is refused up front, as cuda.core refuses it, not taken and failed on at close()."""

    class Duck:
        def deallocate(self, ptr, size, stream=None):
            raise AssertionError("never called")

    return repr(core.Buffer.from_handle(0x1000, 8, mr=Duck()))


@scenario(gpu=False, differs="ours names ptr and what it takes; cuda.core's is Python's __index__ message")
def buffer_pointer_with_a_broken_index(core):
    class BadIndex:
        def __index__(self):
            return "x"

    return repr(core.Buffer.from_handle(BadIndex(), 8))


def _raised(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return [type(e).__name__, str(e)]
    return "no error"
