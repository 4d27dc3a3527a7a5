"""cudacffi.core managed, virtual and graph memory and event IPC on the CPU: Host and locations, the options
(field by field against the contract table), argument checks that come before any CUDA call; then the
driver calls themselves against the stand-in libcuda of ``managed_libcuda.c`` (in fresh interpreters, since
loading is process-global): advice set and read back, prefetches and their batches, managed resources with
and without pools, virtual memory grown in place and by remapping (with nothing leaked, and every step
undone when one fails), graph memory during capture, and IPC event descriptors."""

import dataclasses
import os
import pickle

import pytest

from conftest import build_standin, headers_version, run_python

import cudacffi.core as core
from cudacffi.core import Buffer, Host, ManagedBuffer, VirtualMemoryResourceOptions
from cudacffi.core import _event, _memory
from cudacffi.core._memory import _managed, _managed_resource, _vmm
from cudacffi.core.utils import discard_batch, discard_prefetch_batch, prefetch_batch


TABLE = "/work/shared/reference/cuda-core-1.2.2/api.tsv"


class FakeStream:
    def __init__(self, handle):
        self.handle = handle

    def __cuda_stream__(self):
        return (0, self.handle)


# -- Host --------------------------------------------------------------------------------------------------------

def test_host_is_one_object_per_location_and_pickles_to_it():
    assert Host() is Host() and Host(numa_id=2) is Host(2) and Host.numa_current() is Host(is_numa_current=True)
    assert Host() != Host(0) and Host(0) != Host.numa_current() and Host() != "host"
    assert len({Host(), Host(), Host(1), Host.numa_current()}) == 3
    assert (Host().numa_id, Host().is_numa_current) == (None, False)
    assert (Host(3).numa_id, Host.numa_current().numa_id, Host.numa_current().is_numa_current) == (3, None, True)
    for h in (Host(), Host(5), Host.numa_current()):
        assert pickle.loads(pickle.dumps(h)) is h
    assert [repr(h) for h in (Host(), Host(numa_id=4), Host.numa_current())] == [
        "Host()", "Host(numa_id=4)", "Host.numa_current()"]


@pytest.mark.parametrize("args, kwargs, exc, match", [
    ((-1,), {}, ValueError, "numa_id must be a non-negative int, got -1"),
    ((1.0,), {}, ValueError, "numa_id must be a non-negative int, got 1.0"),
    ((True,), {}, ValueError, "numa_id must be a non-negative int, got True"),
    (("0",), {}, ValueError, "numa_id must be a non-negative int, got '0'"),
    ((1,), {"is_numa_current": True}, ValueError, "mutually exclusive"),
])
def test_host_refuses_bad_arguments(args, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        Host(*args, **kwargs)


def test_host_takes_integers_by_the_number_protocol_and_flags_by_truth():
    class Index:
        def __index__(self):
            return 2

    np = pytest.importorskip("numpy")
    assert Host(np.int64(3)) is Host(3) and Host(numa_id=np.uint8(0)) is Host(0) and Host(Index()) is Host(2)
    with pytest.raises(ValueError, match="non-negative"):
        Host(np.int32(-1))
    assert Host(is_numa_current=1) is Host.numa_current() and Host(is_numa_current=0) is Host()
    assert Host(is_numa_current=None) is Host() and Host(None, is_numa_current=[]) is Host()


def test_locations_are_hosts_or_devices():
    assert _managed.location_of(Host()) == ("host", 0)
    assert _managed.location_of(Host(7)) == ("host_numa", 7)
    assert _managed.location_of(Host.numa_current()) == ("host_numa_current", 0)
    with pytest.raises(ValueError, match="location is required"):
        _managed.location_of(None)
    for bad in (0, "host", -1, object()):
        with pytest.raises(TypeError, match="location must be a Device or a Host"):
            _managed.location_of(bad)
    with pytest.raises(TypeError, match="preferred_location must be a Device or a Host, not int"):
        _managed.location_of(3, "preferred_location")


# -- options against the contract table --------------------------------------------------------------------------

def _table_fields(cls):
    """[(name, default text)] of the ``field`` rows of ``cls`` in the contract table."""
    if not os.path.exists(TABLE):
        pytest.skip("the contract table is not on this machine")
    out = []
    with open(TABLE, encoding="utf-8") as f:
        for line in f:
            module, name, member, kind, signature = line.rstrip("\n").split("\t")[:5]
            if (module, name, kind) == ("cuda.core", cls, "field"):
                out.append((member, signature))
    assert out, cls
    return out


@pytest.mark.parametrize("cls", ["VirtualMemoryResourceOptions", "ManagedMemoryResourceOptions", "EventOptions"])
def test_option_fields_and_defaults_are_the_tables(cls):
    want = _table_fields(cls)
    ours = dataclasses.fields(getattr(core, cls))
    assert [f.name for f in ours] == [name for name, _ in want]
    defaults = getattr(core, cls)()
    for name, signature in want:
        if " = " not in signature:  # a factory: an empty iterable
            assert list(getattr(defaults, name)) == [], name
            continue
        text = signature.split(" = ", 1)[1]  # an enum member reads <VirtualMemoryAllocationType.PINNED: 'pinned'>
        assert repr(getattr(defaults, name)) == text, name


def test_virtual_memory_options_are_checked_by_field():
    from cudacffi import driver

    plan = _vmm._Plan(driver, VirtualMemoryResourceOptions(), 3)
    assert plan.location == "device" and plan.location_id == 3 and plan.self_access is not None
    import enum

    class Access(str, enum.Enum):  # a str enum member counts as its value
        READ = "r"

    plan = _vmm._Plan(driver, VirtualMemoryResourceOptions(self_access=Access.READ, peer_access=None,
                                                           handle_type=None, peers=[1, 2]), 0)
    assert int(plan.self_access) == int(driver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READ)
    assert plan.peer_access is None and plan.peers == (1, 2)
    np = pytest.importorskip("numpy")
    plan = _vmm._Plan(driver, VirtualMemoryResourceOptions(addr_hint=np.uint64(1 << 40), addr_align=np.int32(1 << 21),
                                                           peers=np.arange(2)), 0)
    assert (plan.addr_hint, plan.addr_align, plan.peers) == (1 << 40, 1 << 21, (0, 1))
    assert all(type(v) is int for v in (plan.addr_hint, plan.addr_align) + plan.peers)
    bad = [({"allocation_type": "device"}, ValueError, "allocation_type must be one of"),
           ({"location_type": None}, ValueError, "location_type must be one of"),
           ({"handle_type": "win32"}, ValueError, "handle_type must be one of"),
           ({"granularity": 4096}, ValueError, "granularity must be one of"),
           ({"self_access": "w"}, ValueError, "self_access must be one of"),
           ({"peer_access": ["rw"]}, ValueError, "peer_access must be one of"),
           ({"gpu_direct_rdma": 1}, TypeError, "gpu_direct_rdma must be a bool"),
           ({"addr_hint": -4096}, ValueError, "addr_hint must be >= 0"),
           ({"addr_hint": 1.5}, TypeError, "addr_hint must be an int or None"),
           ({"addr_align": 3 << 20}, ValueError, "addr_align must be a power of two"),
           ({"peers": 1}, TypeError, "peers must be an iterable"),
           ({"peers": "01"}, TypeError, "peers must be an iterable"),
           ({"peers": [0, -1]}, ValueError, "peers must hold device ordinals"),
           ({"peers": [True]}, ValueError, "peers must hold device ordinals"),
           ({"addr_align": True}, TypeError, "addr_align must be an int or None")]
    if driver.CUDA_VERSION < 13000:
        bad.append(({"allocation_type": "managed"}, ValueError, "needs a build from newer CUDA headers"))
    for fields, exc, match in bad:
        with pytest.raises(exc, match=match):
            _vmm._Plan(driver, VirtualMemoryResourceOptions(**fields), 0)


@pytest.mark.parametrize("location, kind, expected", [
    (None, None, None), (-1, None, ("host", None)), (2, None, ("device", 2)), (0, "device", ("device", 0)),
    (None, "host", ("host", None)), (3, "host_numa", ("host_numa", 3)), (None, "host_numa", ("host_numa", None)),
])
def test_managed_preferences(location, kind, expected):
    opts = core.ManagedMemoryResourceOptions(preferred_location=location, preferred_location_type=kind)
    assert _managed_resource._managed_preference(opts) == expected


@pytest.mark.parametrize("location, kind, exc, match", [
    (-2, None, ValueError, r"device ordinal \(>= 0\), -1 for host, or None for no preference, got -2"),
    (None, "device", ValueError, "when preferred_location_type is 'device', got None"),
    (-1, "device", ValueError, "when preferred_location_type is 'device', got -1"),
    (0, "host", ValueError, "must be None when preferred_location_type is 'host', got 0"),
    (-1, "host_numa", ValueError, "when preferred_location_type is 'host_numa', got -1"),
    (0, "gpu", ValueError, "'gpu' is not a valid preferred_location_type"),
])
def test_managed_preferences_refused(location, kind, exc, match):
    opts = core.ManagedMemoryResourceOptions(preferred_location=location, preferred_location_type=kind)
    with pytest.raises(exc, match=match):
        _managed_resource._managed_preference(opts)


def test_pool_options_convert_their_fields_as_cuda_core_does():
    np = pytest.importorskip("numpy")
    opts = core.DeviceMemoryResourceOptions(ipc_enabled=1, max_size=np.uint64(1 << 20))
    assert opts.ipc_enabled is True and type(opts.max_size) is int and opts.max_size == 1 << 20
    assert repr(opts) == "DeviceMemoryResourceOptions(ipc_enabled=True, max_size=1048576)"
    assert core.DeviceMemoryResourceOptions(release_threshold=np.int64(5)).release_threshold == 5
    pinned = core.PinnedMemoryResourceOptions(numa_id=np.int32(1))
    assert type(pinned.numa_id) is int and pinned.numa_id == 1
    managed = core.ManagedMemoryResourceOptions(True)
    assert managed.preferred_location == 1 and type(managed.preferred_location) is int
    for make, match in [(lambda: core.DeviceMemoryResourceOptions(max_size="1"), "max_size must be an int, not str"),
                        (lambda: core.DeviceMemoryResourceOptions(max_size=1.5), "max_size must be an int, not float"),
                        (lambda: core.PinnedMemoryResourceOptions(numa_id="a"), "numa_id must be an int"),
                        (lambda: core.ManagedMemoryResourceOptions(preferred_location="0"), "preferred_location")]:
        with pytest.raises(TypeError, match=match):
            make()
    opts.max_size = np.int16(3)
    assert type(opts.max_size) is int
    with pytest.raises(TypeError, match="max_size must be an int"):
        opts.max_size = None
    with pytest.raises(AttributeError, match="no attribute 'maxsize'"):
        opts.maxsize = 3
    assert pickle.loads(pickle.dumps(opts)) == opts
    with pytest.raises(TypeError, match="unhashable"):
        hash(opts)


# -- argument checks before any CUDA call -------------------------------------------------------------------------

def test_batches_check_buffers_locations_and_stream_first():
    a, b = Buffer.from_handle(0x10000, 64), Buffer.from_handle(0x20000, 64)
    s = FakeStream(0x5000)
    for fn, extra in ((prefetch_batch, (Host(),)), (discard_batch, ()), (discard_prefetch_batch, (Host(),))):
        name = fn.__name__
        with pytest.raises(ValueError, match=name + ": empty buffers sequence"):
            fn(s, [], *extra)
        with pytest.raises(TypeError, match=name + r": buffers\[1\] must be a Buffer, not int"):
            fn(s, [a, 5], *extra)
        with pytest.raises(TypeError, match="for a single buffer use the ManagedBuffer instance method"):
            fn(s, a, *extra)
        with pytest.raises(TypeError, match="buffers must be a sequence of Buffer, got int"):
            fn(s, 7, *extra)
        with pytest.raises(TypeError, match="stream is required and must not be None"):
            fn(None, [a, b], *extra)
        with pytest.raises(TypeError, match="Stream or GraphBuilder expected"):
            fn(object(), [a, b], *extra)
    for fn in (prefetch_batch, discard_prefetch_batch):
        with pytest.raises(ValueError, match="2 locations for 3 buffers"):
            fn(s, [a, b, a], [Host(), Host()])
        with pytest.raises(TypeError, match=r"locations\[1\] must be a Device or a Host, not int"):
            fn(s, [a, b], [Host(), 0])
        with pytest.raises(ValueError, match="location is required"):
            fn(s, [a, b], None)
        with pytest.raises(TypeError, match="locations must be a Device, a Host or a sequence"):
            fn(s, [a, b], 3)
    closed = Buffer.from_handle(0x30000, 8)
    closed.close()
    with pytest.raises(RuntimeError, match=r"buffers\[0\]: Buffer has been closed"):
        prefetch_batch(s, [closed], Host())


def test_managed_buffer_wraps_handles_like_buffer_and_refuses_when_closed():
    with pytest.raises(OverflowError, match="size must be >= 0"):
        ManagedBuffer.from_handle(0x1000, -1)
    with pytest.raises(TypeError, match="size must be an int"):
        ManagedBuffer.from_handle(0x1000, "8")
    with pytest.raises(ValueError, match="mr and owner cannot both be given"):
        ManagedBuffer.from_handle(0x1000, 8, mr=core.MemoryResource(), owner=object())
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        ManagedBuffer()
    keep = object()
    buf = ManagedBuffer.from_handle(0x4000, 256, owner=keep)
    assert isinstance(buf, Buffer) and buf.owner is keep and buf.size == 256 and buf.handle == 0x4000
    assert repr(buf) == "<Buffer ptr=0x4000 size=256>"  # as cuda.core's ManagedBuffer reads
    buf.close()
    assert buf.is_closed and repr(buf) == "<Buffer ptr=0x0 size=0>" and buf.handle == 0
    s = FakeStream(0x5000)
    for action in (lambda: buf.read_mostly, lambda: buf.preferred_location, lambda: buf.accessed_by,
                   lambda: setattr(buf, "read_mostly", True), lambda: setattr(buf, "preferred_location", None),
                   lambda: setattr(buf, "accessed_by", []), lambda: buf.prefetch(Host(), stream=s),
                   lambda: buf.discard(stream=s), lambda: buf.discard_prefetch(Host(), stream=s)):
        with pytest.raises(RuntimeError, match="^Buffer has been closed$"):
            action()
    open_buf = ManagedBuffer.from_handle(0x4000, 256)
    with pytest.raises(TypeError, match="stream is required and must not be None"):
        open_buf.prefetch(Host(), stream=None)
    with pytest.raises(TypeError, match="location must be a Device or a Host"):
        open_buf.prefetch("cpu", stream=s)
    with pytest.raises(TypeError, match="accessed_by must be an iterable"):
        open_buf.accessed_by = "cpu"


def test_launch_packs_a_managed_buffer_as_its_pointer():
    from cudacffi import _kernel_params

    assert ManagedBuffer in _kernel_params._VALUE_TYPES
    assert ManagedBuffer.from_handle(0xABC000, 8)._v == 0xABC000


def test_ipc_event_descriptors_are_64_bytes_and_pickle():
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        _event.IPCEventDescriptor()
    for bad in (b"x" * 63, bytearray(64), "x" * 64):
        with pytest.raises(ValueError, match="64 bytes"):
            _event.IPCEventDescriptor._init(bad, False)
    d = _event.IPCEventDescriptor._init(bytes(range(64)), True)
    back = pickle.loads(pickle.dumps(d))
    assert back == d and hash(back) == hash(d) and back._blocking is True
    assert d != _event.IPCEventDescriptor._init(bytes(range(64)), False)
    with pytest.raises(TypeError, match="ipc_descriptor must be an IPCEventDescriptor, not bytes"):
        core.Event.from_ipc_descriptor(bytes(64))


def test_graph_memory_attributes_cannot_be_made_directly():
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        _memory.GraphMemoryResourceAttributes()


# -- against the stand-in libcuda ---------------------------------------------------------------------------------

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

PRELUDE = r"""
import ctypes, os, pickle
import cudacffi.core as core
from cudacffi import driver
from cudacffi.core import Device, Host, ManagedBuffer
from cudacffi.core.utils import prefetch_batch, discard_batch, discard_prefetch_batch
lib = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])
dev = Device(0)
dev.set_current()
stream = dev.create_stream()
R = driver.CUmem_range_attribute


def raises(exc, fn, match):
    try:
        fn()
    except exc as e:
        assert match in str(e), str(e)
        return
    raise AssertionError("no %s raised (%s)" % (exc.__name__, match))


def last_prefetch(buf):
    return driver.cuMemRangeGetAttribute(4, R.CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, buf.handle, buf.size)[1]


def managed(size=4096):
    ptr = int(driver.cuMemAllocManaged(size, 1)[1])
    return ManagedBuffer.from_handle(ptr, size, owner=ptr)
"""


@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    try:
        return build_standin(tmp_path_factory, "managed_libcuda.c")
    except Exception as e:  # no C compiler here
        pytest.skip("cannot build the stand-in libcuda: %s" % e)


def run(standin, code, **env):
    """Run ``code`` after PRELUDE against the stand-in, whose driver is by default as new as this build."""
    from cudacffi import driver

    env.setdefault("STANDIN_DRIVER", str(driver.CUDA_VERSION))
    r = run_python(PRELUDE + code + "\nprint('done')\n", env=dict(CUDACFFI_LIBDRIVER=standin, **env))
    assert r.returncode == 0 and r.stdout.endswith("done\n"), r.stdout + r.stderr
    return r.stdout


ADVICE = r"""
buf = managed()
assert buf.read_mostly is False and buf.preferred_location is None and len(buf.accessed_by) == 0
buf.read_mostly = True
assert buf.read_mostly is True
buf.read_mostly = False
assert buf.read_mostly is False
buf.preferred_location = Device(1)
assert buf.preferred_location is Device(1)
buf.preferred_location = Host()
assert buf.preferred_location is Host()
buf.preferred_location = None
assert buf.preferred_location is None
buf.accessed_by.add(Device(1))
buf.accessed_by.add(Host())
assert set(buf.accessed_by) == {Device(1), Host()} and Device(1) in buf.accessed_by and Device(0) not in buf.accessed_by
assert buf.accessed_by == {Host(), Device(1)} and (buf.accessed_by | {Device(0)}) == {Device(0), Device(1), Host()}
buf.accessed_by.discard(Device(1))
buf.accessed_by.discard(Host(3))  # cannot hold the advice: ignored
assert list(buf.accessed_by) == [Host()]
buf.accessed_by = [Device(0), Device(1)]
assert set(buf.accessed_by) == {Device(0), Device(1)}
raises(ValueError, lambda: setattr(buf, "accessed_by", [Device(0), Host(2)]), "no NUMA node")
assert set(buf.accessed_by) == {Device(0), Device(1)}  # nothing applied: every entry is checked first
raises(ValueError, lambda: buf.accessed_by.add(Host.numa_current()), "no NUMA node")
buf.accessed_by.clear()
assert len(buf.accessed_by) == 0
buf.prefetch(Device(1), stream=stream)
assert last_prefetch(buf) == 1
buf.prefetch(Host(), stream=stream)
assert last_prefetch(buf) == -1
"""


def test_advice_is_set_and_read_back_through_the_location_entry_points(standin):
    from cudacffi import driver

    if not hasattr(driver, "cuMemAdvise_v2"):
        pytest.skip("this build's CUDA headers have no cuMemAdvise_v2 (CUDA 12.2+): device ordinals only")
    run(standin, ADVICE + r"""
buf.preferred_location = Host(numa_id=2)
if driver.CUDA_VERSION >= 13000:  # read back by location type and id
    assert buf.preferred_location is Host(numa_id=2)
    buf.preferred_location = Host.numa_current()
    assert buf.preferred_location is Host.numa_current()
else:  # the v2 entry point carries the node; the 12.x attribute cannot
    assert buf.preferred_location is Host()
buf.prefetch(Host.numa_current(), stream=stream)
""")


def test_advice_on_an_old_driver_goes_through_device_ordinals(standin):
    from cudacffi import driver

    if driver.CUDA_VERSION >= 13000:
        pytest.skip("a CUDA 13 build has only the location entry points")
    run(standin, ADVICE + r"""
raises(TypeError, lambda: setattr(buf, "preferred_location", Host(numa_id=2)), "Host(numa_id=...)")
raises(TypeError, lambda: buf.prefetch(Host.numa_current(), stream=stream), "use Host()")
""", STANDIN_DRIVER="12000")


def test_batches_prefetch_each_buffer_and_discards_need_cuda_13(standin):
    run(standin, r"""
bufs = [managed(256) for _ in range(3)]
prefetch_batch(stream, bufs, Device(1))
assert [last_prefetch(b) for b in bufs] == [1, 1, 1]
prefetch_batch(stream, bufs, [Host(), Device(0), Device(1)])
assert [last_prefetch(b) for b in bufs] == [-1, 0, 1]
prefetch_batch(stream.create_graph_builder(), bufs[:1], Device(0))  # a GraphBuilder is a stream too
assert last_prefetch(bufs[0]) == 0
if driver.CUDA_VERSION < 13000:
    for action in (lambda: discard_batch(stream, bufs), lambda: discard_prefetch_batch(stream, bufs, Host()),
                   lambda: bufs[0].discard(stream=stream), lambda: bufs[0].discard_prefetch(Host(), stream=stream)):
        raises(NotImplementedError, action, "needs a build from CUDA 13.0 or newer headers")
else:
    discarded = lambda: [lib.standin_discarded(ctypes.c_ulonglong(b.handle)) for b in bufs]
    discard_batch(stream, bufs[:2])
    assert discarded() == [1, 1, 0]
    discard_prefetch_batch(stream, bufs[1:], [Device(1), Host()])
    assert discarded() == [1, 2, 2] and [last_prefetch(b) for b in bufs] == [0, 1, -1]
    bufs[0].discard_prefetch(Device(1), stream=stream)
    assert discarded()[0] == 2 and last_prefetch(bufs[0]) == 1
    bufs[2].discard(stream=stream)
    assert discarded()[2] == 1
    raises(core.CUDAError, lambda: discard_batch(core.LEGACY_DEFAULT_STREAM, bufs), "INVALID_VALUE")
    prefetch_batch(core.LEGACY_DEFAULT_STREAM, bufs, Host())  # one prefetch each: the batch call refuses it
    assert [last_prefetch(b) for b in bufs] == [-1, -1, -1]
raises(core.CUDAError, lambda: ManagedBuffer.from_handle(0x1000, 64).prefetch(Device(0), stream=stream), "INVALID_VALUE")
""")


def test_managed_resource_without_pools_allocates_managed_buffers_with_its_advice(standin):
    run(standin, r"""
mr = core.ManagedMemoryResource()
assert mr.handle is None and not mr.is_handle_owned and not mr.is_mapped and mr.uuid is None and not mr.is_closed
assert not mr.is_ipc_enabled and mr.is_managed and mr.is_host_accessible and mr.is_device_accessible
assert mr.preferred_location is None and mr.device_id == -1
raises(RuntimeError, lambda: mr.attributes, "has no memory pool")
buf = mr.allocate(4096, stream=stream)
assert type(buf) is ManagedBuffer and buf.memory_resource is mr and buf.is_managed and buf.size == 4096
buf.copy_from(bytes(range(256)) * 16, stream=stream)
out = bytearray(4096)
buf.copy_to(out, stream=stream)
assert out == bytes(range(256)) * 16
other = buf.copy_to(stream=stream)
assert type(other) is ManagedBuffer and ctypes.string_at(other.handle, 4) == bytes(range(4))
buf.fill(7, stream=stream)
assert ctypes.string_at(buf.handle, 4096) == b"\x07" * 4096
raises(RuntimeError, lambda: buf.ipc_descriptor, "not IPC-enabled")
raises(TypeError, lambda: pickle.dumps(mr), "only an IPC-enabled memory resource")
buf.close()
other.close()
on_device = core.ManagedMemoryResource(core.ManagedMemoryResourceOptions(preferred_location=1))
assert on_device.preferred_location == ("device", 1) and on_device.device_id == 1
assert repr(on_device.preferred_location) == "(<ManagedMemoryLocationType.DEVICE: 'device'>, 1)"  # as cuda.core
b1 = on_device.allocate(64)
assert b1.preferred_location is Device(1)
on_host = core.ManagedMemoryResource({"preferred_location_type": "host"})
assert on_host.allocate(64).preferred_location is Host()
numa = core.ManagedMemoryResource(core.ManagedMemoryResourceOptions(preferred_location_type="host_numa"))
assert numa.preferred_location == ("host_numa", 0)  # the device's host NUMA node
assert mr.allocate(0).size == 0
mr.close()
assert mr.is_closed
raises(RuntimeError, lambda: mr.allocate(8), "closed")
raises(TypeError, lambda: core.ManagedMemoryResource(5), "ManagedMemoryResource options must be")
""", STANDIN_NO_MANAGED_POOLS="1")


def test_pool_resources_take_sizes_by_the_number_protocol_and_read_as_cuda_core_once_closed(standin):
    if headers_version() < 12020:
        pytest.skip('pool max_size needs a build from CUDA 12.2+ headers')
    run(standin, r"""
import numpy as np

class Index:
    def __index__(self):
        return 32

mr = core.DeviceMemoryResource(dev, core.DeviceMemoryResourceOptions(max_size=np.uint64(1 << 20)))
size = np.uint64(64)  # what NVIDIA's saxpy.py passes: cp.uint64(128) * 8
for n, want in ((size, 64), (size * 8, 512), (np.int32(16), 16), (Index(), 32), (True, 1)):
    buf = dev.allocate(n, stream=stream)
    assert type(buf.size) is int and buf.size == want and buf.memory_resource is dev.memory_resource
    buf.close()
    with mr.allocate(n, stream=stream) as buf:
        assert buf.size == want and buf.memory_resource is mr
raises(OverflowError, lambda: mr.allocate(-1, stream=stream), "size must be >= 0")
raises(OverflowError, lambda: mr.allocate(np.int64(-1), stream=stream), "size must be >= 0")
raises(OverflowError, lambda: mr.allocate(1 << 64, stream=stream), "")  # the binding's own message on the fast path
raises(TypeError, lambda: mr.allocate(64.0, stream=stream), "size must be an int, not float")
raises(TypeError, lambda: mr.allocate("64", stream=stream), "size must be an int, not str")
raises(OverflowError, lambda: core.DeviceMemoryResource(dev, {"max_size": -1}), "max_size must be >= 0")
managed = core.ManagedMemoryResource()
with managed.allocate(np.uint32(48), stream=stream) as buf:
    assert type(buf) is ManagedBuffer and buf.size == 48
from cudacffi.core.utils import CopyOptions
src, dst = mr.allocate(64, stream=stream), mr.allocate(64, stream=stream)
ctypes.memmove(src.handle, bytes(range(64)), 64)
syncs = []
real_sync = driver.cuStreamSynchronize
driver.cuStreamSynchronize = lambda h: syncs.append(h) or real_sync(h)
for order, waited in (("stream", 0), ("any", 0), ("during_api_call", 1)):
    del syncs[:]
    src.copy_to(dst, stream=stream, options=CopyOptions(src_access_order=order))
    dst.copy_from(src, stream=stream, options=CopyOptions(src_access_order=order))
    assert len(syncs) == 2 * waited, order  # DURING_API_CALL: the source is read before the call returns
    assert ctypes.string_at(dst.handle, 64) == bytes(range(64))
driver.cuStreamSynchronize = real_sync
src.close()
dst.close()
buf = mr.allocate(256, stream=stream)
assert mr.is_handle_owned and int(mr.handle) != 0
assert mr.attributes is mr.attributes and type(mr.attributes).__name__ == "_MemPoolAttributes"  # as cuda.core
mr.close()
# as cuda.core: a closed resource has handle 0 and owns nothing; its buffers still free through it
assert int(mr.handle) == 0 and isinstance(mr.handle, driver.CUmemoryPool) and not mr.is_handle_owned
assert not mr.is_ipc_enabled and not mr.is_mapped and mr.uuid is None and mr.is_closed
for closed_use in (lambda: mr.allocation_handle, lambda: mr.allocate(8, stream=stream), lambda: mr.attributes,
                   lambda: pickle.dumps(mr)):
    raises(RuntimeError, closed_use, "DeviceMemoryResource has been closed")
buf.close()
assert (buf.handle, buf.size, buf.memory_resource, repr(buf)) == (0, 0, None, "<Buffer ptr=0x0 size=0>")
""")


@pytest.fixture(scope="module")
def two_device_sim(tmp_path_factory):
    """The two-device stand-in libcuda of ``sim_libcuda.c`` (pools with per-device access)."""
    try:
        return build_standin(tmp_path_factory, "sim_libcuda.c", "libcuda.so.1", "-lpthread", "-lrt")
    except Exception as e:  # no C compiler here
        pytest.skip("cannot build the stand-in libcuda: %s" % e)


def test_peer_accessible_by_is_a_live_set_as_cuda_cores(two_device_sim):
    r = run_python(r"""
import cudacffi.core as core
from cudacffi.core import Device

dev0, dev1 = Device(0), Device(1)
dev0.set_current()
mr = core.DeviceMemoryResource(dev0, core.DeviceMemoryResourceOptions())
peers = mr.peer_accessible_by
assert len(peers) == 0 and list(peers) == [] and repr(peers) == "PeerAccessibleBySetProxy(set())"
peers.add(1)
assert 1 in peers and dev1 in peers and 0 not in peers and "x" not in peers and list(peers) == [dev1]
assert peers | {dev0} == {dev0, dev1} and type(peers & {dev1}) is set  # operators give plain sets
peers.add(dev0)  # the pool's own device: ignored
assert len(peers) == 1
peers.discard("not a device")  # ignored, as a set's discard
peers -= {dev1}
assert len(mr.peer_accessible_by) == 0
peers |= [1]
assert list(mr.peer_accessible_by) == [dev1]
peers ^= {1}
assert len(peers) == 0
peers.update([dev1])
peers.clear()
assert len(peers) == 0
mr.peer_accessible_by = [0, 1]
assert list(mr.peer_accessible_by) == [dev1]
mr.peer_accessible_by = []
assert len(mr.peer_accessible_by) == 0
try:
    peers.add(5)
except ValueError as e:
    assert "device" in str(e).lower(), e
else:
    raise AssertionError("device 5 was added")
mr.close()
try:
    len(peers)
except RuntimeError as e:
    assert str(e) == "DeviceMemoryResource has been closed", e
else:
    raise AssertionError("a closed pool was read")
print("done")
""", env=dict(CUDACFFI_LIBDRIVER=two_device_sim))
    assert r.returncode == 0 and r.stdout.endswith("done\n"), r.stdout + r.stderr


def test_managed_resource_on_a_managed_pool(standin):
    from cudacffi import driver

    if driver.CUDA_VERSION < 13000:
        pytest.skip("managed pools need a CUDA 13 build")
    run(standin, r"""
mr = core.ManagedMemoryResource()
assert mr.handle is not None and not mr.is_handle_owned and not mr.is_mapped and mr.uuid is None
assert mr.attributes.release_threshold == (1 << 64) - 1  # freed memory stays in the pool
buf = mr.allocate(4096, stream=stream)
assert type(buf) is ManagedBuffer and buf.memory_resource is mr
buf.preferred_location = Device(1)
assert buf.preferred_location is Device(1)
buf.close()
own = core.ManagedMemoryResource({"preferred_location": 0})
assert own.handle is not None and own.is_handle_owned and own.preferred_location == ("device", 0)
own.allocate(64, stream=stream).close()
own.close()
assert own.is_closed
raises(RuntimeError, lambda: own.allocate(64, stream=stream), "closed")
raises(RuntimeError, lambda: own.attributes, "closed")
""")


def test_managed_resource_falls_back_where_the_driver_refuses_managed_pools(standin):
    run(standin, r"""
mr = core.ManagedMemoryResource(core.ManagedMemoryResourceOptions(preferred_location=0))
assert mr.handle is None and type(mr.allocate(16)) is ManagedBuffer
""", STANDIN_NO_MANAGED_POOLS="1", STANDIN_DRIVER="13000")


VMM = r"""
def live():
    return (lib.standin_live_chunks(), lib.standin_live_reservations())

mr = core.VirtualMemoryResource(dev, core.VirtualMemoryResourceOptions(granularity="minimum"))
assert mr.device_id == 0 and mr.is_device_accessible and not mr.is_host_accessible and not mr.is_managed
buf = mr.allocate(1000, stream=stream)
assert buf.size == 64 * 1024 and buf.memory_resource is mr and live() == (1, 1)  # rounded to the granularity
ctypes.memset(buf.handle, 0x5A, buf.size)
base = buf.handle
grown = mr.modify_allocation(buf, 200 * 1024)
assert grown is buf and buf.size == 200 * 1024
assert ctypes.string_at(buf.handle, 64 * 1024) == b"\x5A" * (64 * 1024)  # the contents stay
ctypes.memset(buf.handle + 64 * 1024, 0x33, 136 * 1024)  # the new part is mapped and writable
MOVED = buf.handle != base
same = mr.modify_allocation(buf, 100)  # smaller: nothing changes
assert same is buf and buf.size == 200 * 1024
assert mr.modify_allocation(buf, 250 * 1024).size == 250 * 1024  # within the mapped 256 KiB: no new chunk
print("moved", MOVED, live())
buf.close()
assert live() == (0, 0)
recommended = core.VirtualMemoryResource(0)
for size, rounded in ((1, 128 * 1024), (0, 0), (128 * 1024 + 1, 256 * 1024)):
    with recommended.allocate(size) as b:
        assert b.size == rounded
assert live() == (0, 0)
raises(ValueError, lambda: recommended.modify_allocation(core.Buffer.from_handle(0x1000, 8), 10), "not allocated by")
b = recommended.allocate(10)
raises(OverflowError, lambda: recommended.modify_allocation(b, -1), "new_size must be >= 0")
raises(TypeError, lambda: recommended.modify_allocation(b"", 10), "buf must be a Buffer")
raises(ValueError, lambda: mr.modify_allocation(b, 10), "not allocated by")
raises(ValueError, lambda: mr.deallocate(b.handle, b.size), "not a live allocation")
b.close()
raises(ValueError, lambda: recommended.modify_allocation(b, 10), "closed")
raises(ValueError, lambda: core.VirtualMemoryResource(0, {"location_type": "gpu"}), "location_type must be one of")
before = live()
failing = core.VirtualMemoryResource(0, core.VirtualMemoryResourceOptions(peers=[5]))  # no device 5: access fails
raises(core.CUDAError, lambda: failing.allocate(10), "CUDA_ERROR_INVALID_VALUE")
assert live() == before  # the chunk, its mapping and the reservation were undone
c = recommended.allocate(10)
raises(core.CUDAError, lambda: recommended.modify_allocation(c, 1 << 20, {"peers": [5]}), "INVALID_VALUE")
assert live() == (1, 1) and c.size == 128 * 1024  # the growth was undone, the buffer is as it was
c.close()
assert live() == (0, 0)
"""


def test_virtual_memory_grows_in_place_where_the_range_extends(standin):
    assert "moved False (2, 2)" in run(standin, VMM)


def test_virtual_memory_grows_by_remapping_where_it_cannot_extend(standin):
    assert "moved True (2, 1)" in run(standin, VMM, STANDIN_NO_EXTEND="1")


def test_graph_memory_allocates_only_during_capture(standin):
    run(standin, r"""
gmr = core.GraphMemoryResource(0)
assert gmr is core.GraphMemoryResource(dev) and gmr.device_id == 0
assert gmr.is_device_accessible and not gmr.is_host_accessible and not gmr.is_managed
raises(RuntimeError, lambda: gmr.allocate(64, stream=stream), "non-capturing stream")
raises(TypeError, lambda: gmr.allocate(64, stream=None), "must not be None")
raises(OverflowError, lambda: gmr.allocate(-1, stream=stream), "size must be >= 0")
a = gmr.attributes
assert (a.used_mem_current, a.used_mem_high, a.reserved_mem_current) == (0, 0, 0)
driver.cuStreamBeginCapture(stream.handle, driver.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED)
buf = gmr.allocate(4096, stream=stream)
assert buf.memory_resource is gmr and buf.size == 4096 and buf.device_id == 0
assert (a.used_mem_current, a.used_mem_high, a.reserved_mem_high) == (4096, 4096, 4096)
buf.close()
driver.cuStreamEndCapture(stream.handle)
assert (a.used_mem_current, a.used_mem_high) == (0, 4096)
a.used_mem_high = 0
assert a.used_mem_high == 0 and a.reserved_mem_current == 4096
raises(AttributeError, lambda: setattr(a, "reserved_mem_high", 5), "may only be set to zero")
raises(AttributeError, lambda: setattr(a, "used_mem_current", 0), "")
gmr.trim()
assert a.reserved_mem_current == 0
gmr.close()
""")


def test_ipc_events_give_descriptors_and_pickle_as_them(standin):
    run(standin, r"""
from multiprocessing.reduction import ForkingPickler
ev = stream.record(options=core.EventOptions(ipc_enabled=True, blocking_sync=True))
assert ev.is_ipc_enabled and not ev.is_timing_enabled
d = ev.ipc_descriptor
assert d is ev.ipc_descriptor and d._reserved.startswith(b"standin-event:")
opened = core.Event.from_ipc_descriptor(pickle.loads(pickle.dumps(d)))
assert opened.is_ipc_enabled and opened.is_blocking_sync and not opened.is_timing_enabled and opened != ev
again = pickle.loads(ForkingPickler.dumps(ev))  # as multiprocessing sends it
assert type(again) is core.Event and again.ipc_descriptor == d
raises(TypeError, lambda: stream.record(again), "should not be re-recorded")
again.sync()
plain = dev.create_event()
raises(RuntimeError, lambda: plain.ipc_descriptor, "not IPC-enabled")
raises(TypeError, lambda: pickle.dumps(plain), "cannot be pickled")
raises(TypeError, lambda: pickle.dumps(ev), "cannot be pickled")
raises(TypeError, lambda: stream.record(options={"ipc_enabled": True, "timing_enabled": True}), "cannot use timing")
raises(TypeError, lambda: dev.create_event({"ipc_enabled": True}), "must be bound")
ev.close()
raises(RuntimeError, lambda: ev.ipc_descriptor, "closed")
""")


# -- every row of the contract table for these classes ------------------------------------------------------------

CLASSES = ("ManagedBuffer", "ManagedMemoryResource", "Host", "VirtualMemoryResource", "VirtualMemoryResourceOptions",
           "GraphMemoryResource", "Event")
FUNCTIONS = ("prefetch_batch", "discard_batch", "discard_prefetch_batch")


def _rows():
    if not os.path.exists(TABLE):
        pytest.skip("the contract table is not on this machine")
    with open(TABLE, encoding="utf-8") as f:
        for line in f:
            yield line.rstrip("\n").split("\t")


def _parameters(signature):
    """[(name, keyword-only)] of a signature's text, such as "(self, x: 'a, b' = 1, *, y) -> 'None'"."""
    text = signature[1:signature.rindex(")")] if " -> " not in signature else signature[1:signature.rindex(") -> ")]
    parts, depth, quote, start = [], 0, None, 0
    for i, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[(<":
            depth += 1
        elif ch in "])>":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    out, keyword_only = [], False
    for part in (p.strip() for p in parts if p.strip()):
        name = part.split(":")[0].split("=")[0].strip()
        if name == "*" or name.startswith("*"):
            keyword_only = True
        out.append((name, keyword_only and name != "*"))
    return out


def test_every_member_of_the_table_exists_with_its_kind():
    import inspect

    import cudacffi.core.utils as utils

    seen = 0
    for module, cls, member, kind, signature, _summary in _rows():
        if module == "cuda.core.utils" and cls in FUNCTIONS:
            params = list(inspect.signature(getattr(utils, cls)).parameters)
            assert params == [p.split(":")[0] for p in signature.strip("()").split(" -> ")[0].strip("()").split(", ")]
            seen += 1
            continue
        if module != "cuda.core" or cls not in CLASSES or not member or member.startswith("__"):
            continue
        ours = getattr(core, cls)
        if kind == "field":
            assert member in {f.name for f in dataclasses.fields(ours)}, (cls, member)
            seen += 1
            continue
        raw = inspect.getattr_static(ours, member)
        if kind == "property":  # (or read in C on CPython, _direct.getter_in_c: the property on the class)
            assert isinstance(raw, property) or isinstance(getattr(ours, member), property), (cls, member)
        elif kind == "classmethod":
            assert isinstance(raw, (classmethod, staticmethod)), (cls, member)
        elif kind == "method":
            assert callable(raw) and not isinstance(raw, property), (cls, member)
        if kind in ("method", "classmethod") and signature.startswith("("):
            ours_params = inspect.signature(getattr(ours, member)).parameters
            for name, keyword_only in _parameters(signature):
                if name in ("self", "cls", "/") or name.startswith("*"):
                    continue
                assert name in ours_params, (cls, member, name)
                assert (ours_params[name].kind == inspect.Parameter.KEYWORD_ONLY) == keyword_only, (cls, member, name)
        seen += 1
    assert seen > 80
