"""cudacffi.core memory on the CPU: Buffer over memory resources written in Python (host memory, and device
pointers that are never dereferenced), DLPack capsules and ``__cuda_array_interface__`` dicts field by field,
StridedMemoryView from numpy and hand-made interfaces, graph-builder and IPC argument checks, the fork guard,
and bad inputs. No GPU needed; nothing here calls the driver."""

import ctypes
import gc
import pickle
import warnings

import pytest

from conftest import run_python

from cudacffi.core import Buffer, MemoryResource, _dlpack, _kernel_args, _release
from cudacffi.core.utils import StridedMemoryView, args_viewable_as_strided_memory

from test_core import fake_kernel, le, packed


class HostResource(MemoryResource):
    """Host memory from ctypes: a memory resource written in Python, as users subclass it."""

    def __init__(self):
        self.live = {}
        self.freed = []

    def allocate(self, size, *, stream=None):
        block = ctypes.create_string_buffer(max(size, 1))
        ptr = ctypes.addressof(block)
        self.live[ptr] = block
        return Buffer.from_handle(ptr, size, mr=self, stream=stream)

    def deallocate(self, ptr, size, *, stream=None):
        self.freed.append((ptr, size, stream))
        del self.live[ptr]

    is_device_accessible = property(lambda self: False)
    is_host_accessible = property(lambda self: True)
    device_id = property(lambda self: -1)


class FakeDeviceResource(MemoryResource):
    """Device pointers handed out from a counter: never dereferenced on the CPU, only exported."""

    def __init__(self, device_id=0, managed=False):
        self._id = device_id
        self._managed = managed
        self.next = 0x7f0000000000
        self.freed = []

    def allocate(self, size, *, stream=None):
        ptr, self.next = self.next, self.next + ((size + 255) // 256 + 1) * 256
        return Buffer.from_handle(ptr, size, mr=self, stream=stream)

    def deallocate(self, ptr, size, *, stream=None):
        self.freed.append((ptr, size, stream))

    is_device_accessible = property(lambda self: True)
    is_host_accessible = property(lambda self: self._managed)
    is_managed = property(lambda self: self._managed)
    device_id = property(lambda self: self._id)


class FakeStream:
    """A foreign stream: anything with __cuda_stream__ is one."""

    def __init__(self, handle):
        self.handle = handle

    def __cuda_stream__(self):
        return (0, self.handle)


# -- Buffer: properties, lifetime ------------------------------------------------------------------------------

def test_buffer_takes_its_properties_from_its_resource():
    mr = FakeDeviceResource(device_id=3)
    buf = mr.allocate(100)
    assert (buf.device_id, buf.is_device_accessible, buf.is_host_accessible, buf.is_managed) == (3, True, False, False)
    assert buf.memory_resource is mr and buf.size == 100 and buf.handle == 0x7f0000000000
    assert not buf.is_mapped and not buf.is_closed
    host = HostResource().allocate(8)
    assert (host.device_id, host.is_device_accessible, host.is_host_accessible) == (-1, False, True)


def test_close_is_idempotent_frees_once_on_the_allocation_stream_and_with_closes():
    mr = FakeDeviceResource()
    s = FakeStream(0x5000)
    buf = mr.allocate(64, stream=s)
    buf.close()
    buf.close()
    assert mr.freed == [(0x7f0000000000, 64, s)] and buf.is_closed
    other = FakeStream(0x6000)
    with mr.allocate(32, stream=s) as b2:
        b2.set_deallocation_stream(other)
    assert mr.freed[-1][1:] == (32, other)
    b3 = mr.allocate(16, stream=s)
    b3.close(stream=FakeStream(0x7000))
    assert mr.freed[-1][2].handle == 0x7000


def test_closed_buffer_reads_as_cuda_core_and_refuses_work_clearly():
    mr = FakeDeviceResource()
    buf = mr.allocate(64)
    buf.close()
    # as cuda.core: handle 0, size 0, no resource, no owner (NVIDIA's memory_ops.py checks handle == 0)
    assert (buf.handle, buf.size, buf.memory_resource, buf.owner, buf.is_mapped) == (0, 0, None, None, False)
    assert repr(buf) == "<Buffer ptr=0x0 size=0>" and buf.is_closed
    other = mr.allocate(8)
    other.close()
    assert buf == other and hash(buf) == hash(other) == hash((0, 0))
    live = mr.allocate(64)
    s = FakeStream(0x10)
    # any work on a closed buffer: RuntimeError("Buffer has been closed"), as cuda.core raises
    for action in (lambda: buf.__dlpack__(), lambda: buf.__dlpack_device__(), lambda: buf.__cuda_array_interface__,
                   lambda: buf.fill(1), lambda: buf.copy_from(bytes(64)), lambda: buf.copy_to(bytearray(64)),
                   lambda: buf.copy_to(live, stream=s), lambda: live.copy_to(buf, stream=s),
                   lambda: live.copy_from(buf, stream=s), lambda: buf.copy_to(stream=s), lambda: buf.ipc_descriptor,
                   lambda: pickle.dumps(buf), lambda: buf.device_id, lambda: buf.is_device_accessible,
                   lambda: buf.is_host_accessible, lambda: buf.is_managed, lambda: buf.set_deallocation_stream(s)):
        with pytest.raises(RuntimeError, match="^Buffer has been closed$"):
            action()
    with pytest.raises(ValueError, match="closed"):  # what a launch of it by the bindings' packer says
        buf.getPtr()
    buf.close(s)  # closing again does nothing


def test_from_handle_checks_its_arguments():
    with pytest.raises(OverflowError, match="size must be >= 0"):  # cuda.core's type for a negative size_t
        Buffer.from_handle(0x1000, -1)
    with pytest.raises(OverflowError, match="size must be >= 0 and < 2"):
        Buffer.from_handle(0x1000, 1 << 64)
    with pytest.raises(OverflowError, match="ptr must be an address >= 0"):
        Buffer.from_handle(-8, 8)
    with pytest.raises(TypeError, match="size must be an int, not float"):
        Buffer.from_handle(0x1000, 1.5)
    with pytest.raises(TypeError, match="size must be an int, not str"):
        Buffer.from_handle(0x1000, "8")
    with pytest.raises(ValueError, match="mr and owner cannot both be given"):
        Buffer.from_handle(0x1000, 8, mr=FakeDeviceResource(), owner=object())
    with pytest.raises(TypeError, match=r"Stream or GraphBuilder expected, got object \(stream takes"):
        Buffer.from_handle(0x1000, 8, stream=object())
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        Buffer()
    owner = bytearray(8)
    b = Buffer.from_handle(0x1000, 8, owner=owner)
    assert b.owner is owner
    b.close()  # neither mr nor anything to free: only forgets the owner
    assert b.owner is None


def test_bad_fills_copies_and_streams_raise_before_any_driver_call():
    buf = FakeDeviceResource().allocate(6)
    with pytest.raises(OverflowError, match=r"\[0, 256\)"):
        buf.fill(256)
    with pytest.raises(OverflowError, match=r"\[0, 65536\)"):
        buf.fill(-1, 2)
    with pytest.raises(ValueError, match="width must be 1, 2 or 4"):
        buf.fill(1, 3)
    with pytest.raises(ValueError, match="value must be 1, 2, or 4 bytes, got 3"):
        buf.fill(b"abc")
    with pytest.raises(ValueError, match="width 2 differs"):
        buf.fill(b"abcd", 2)
    with pytest.raises(ValueError, match=r"buffer size \(6\) must be divisible by 4"):
        buf.fill(b"abcd")
    with pytest.raises(TypeError, match="value must be an int or support the buffer protocol"):
        buf.fill("x")
    with pytest.raises(ValueError, match="value must be 1, 2, or 4 bytes, got 8"):  # a numpy scalar is its bytes
        buf.fill(memoryview(bytes(8)))
    with pytest.raises(ValueError, match=r"buffer sizes mismatch between src and dst \(sizes are: src=6, dst=4\)"):
        buf.copy_to(bytearray(4), stream=FakeStream(0x10))
    with pytest.raises(ValueError, match=r"buffer sizes mismatch between src and dst \(sizes are: src=4, dst=6\)"):
        buf.copy_from(bytes(4), stream=FakeStream(0x10))
    with pytest.raises(ValueError, match="a destination buffer must be provided"):
        Buffer.from_handle(0x1000, 6).copy_to(stream=FakeStream(0x10))
    with pytest.raises(TypeError, match="copy_to: options must be CopyOptions, got int"):
        buf.copy_to(buf, stream=FakeStream(0x10), options=5)
    with pytest.raises(TypeError, match="copy_from: options must be CopyOptions, got dict"):
        buf.copy_from(buf, stream=FakeStream(0x10), options={})
    with pytest.raises(TypeError, match=r"Stream or GraphBuilder expected, got int \(stream takes"):
        buf.fill(1, stream=42)
    with pytest.raises(TypeError, match=r"Stream or GraphBuilder expected, got str"):
        buf.copy_from(bytes(6), stream="default")
    with pytest.raises(TypeError, match="dst must be a Buffer or a host buffer"):
        buf.copy_to(object(), stream=FakeStream(0x10))


def test_closed_stream_is_refused():
    from cudacffi.core._stream import _special

    s = _special(0x1234)
    s._handle = None  # what close() leaves
    buf = FakeDeviceResource().allocate(8)
    with pytest.raises(ValueError, match="stream is closed"):
        buf.fill(0, stream=s)


def test_garbage_collected_buffer_is_freed_on_its_stream_with_an_opt_in_warning():
    mr = FakeDeviceResource()
    s = FakeStream(0x9000)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        buf = mr.allocate(128, stream=s)
        del buf
        for _ in range(3):
            gc.collect()
        _release.drain()  # the collector only queued it (see _release): the next call frees it
    assert mr.freed == [(0x7f0000000000, 128, s)]
    ours = [w for w in seen if "128 bytes at 0x7f0000000000" in str(w.message)]  # (PyPy may collect others now)
    assert len(ours) == 1 and ours[0].category is ResourceWarning
    assert "freed by the garbage collector" in str(ours[0].message)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("ignore", ResourceWarning)  # Python's default for ResourceWarning
        buf = mr.allocate(8)
        buf.close()  # closed: nothing to report
        del buf
        gc.collect()
    assert seen == []


# -- export: __cuda_array_interface__ and DLPack, field by field ---------------------------------------------------

def test_cuda_array_interface_v3_fields():
    mr = FakeDeviceResource()
    buf = mr.allocate(40, stream=FakeStream(0xABC0))
    cai = buf.__cuda_array_interface__
    assert cai == {"shape": (40,), "strides": None, "typestr": "|u1", "data": (0x7f0000000000, False),
                   "version": 3, "stream": 0xABC0}
    assert mr.allocate(1).__cuda_array_interface__["stream"] is None  # no stream known: nothing to sync on
    assert mr.allocate(1, stream=FakeStream(0)).__cuda_array_interface__["stream"] == 1  # 0 is ambiguous
    host = HostResource().allocate(8)
    assert not hasattr(host, "__cuda_array_interface__")  # host-only memory is no device array


def check_capsule(capsule, versioned, data, size, device):
    t = _dlpack.read(capsule)
    assert t.version == ((1, 0) if versioned else None)
    assert t.flags == 0  # writable
    assert (t.data, t.byte_offset) == (data, 0)
    assert (t.device_type, t.device_id) == device
    assert t.dtype == (_dlpack.UINT, 8, 1)
    assert t.shape == (size,) and t.strides == (1,)


def test_dlpack_capsules_field_by_field():
    mr = FakeDeviceResource(device_id=2)
    buf = mr.allocate(24)
    assert buf.__dlpack_device__() == (_dlpack.CUDA, 2)
    check_capsule(buf.__dlpack__(), False, buf.handle, 24, (2, 2))
    check_capsule(buf.__dlpack__(max_version=(1, 0)), True, buf.handle, 24, (2, 2))
    check_capsule(buf.__dlpack__(max_version=(0, 8)), False, buf.handle, 24, (2, 2))
    check_capsule(buf.__dlpack__(stream=-1, max_version=(1, 2), dl_device=(2, 2)), True, buf.handle, 24, (2, 2))
    # managed and pinned memory are device 0 of their kind, as cuda.core exports them
    assert FakeDeviceResource(1, managed=True).allocate(8).__dlpack_device__() == (_dlpack.CUDA_MANAGED, 0)
    assert HostResource().allocate(8).__dlpack_device__() == (_dlpack.CPU, 0)
    pinned = FakeDeviceResource()
    pinned.__class__ = type("Pinned", (FakeDeviceResource,), {"is_host_accessible": property(lambda self: True)})
    assert pinned.allocate(8).__dlpack_device__() == (_dlpack.CUDA_HOST, 0)
    nowhere = HostResource()
    nowhere.__class__ = type("Nowhere", (HostResource,), {"is_host_accessible": property(lambda self: False)})
    with pytest.raises(BufferError, match="neither device-accessible nor host-accessible"):
        nowhere.allocate(8).__dlpack_device__()


def test_dlpack_capsule_keeps_the_buffer_alive_and_is_read_on_both_interpreters():
    import weakref

    buf = FakeDeviceResource().allocate(8)
    ref = weakref.ref(buf)
    capsule = buf.__dlpack__(max_version=(1, 0))
    del buf
    gc.collect()
    assert ref() is not None  # the capsule's tensor holds it
    del capsule
    for _ in range(3):
        gc.collect()
    assert ref() is None


@pytest.mark.parametrize("kwargs,message", [
    ({"copy": True}, "Sorry, not supported: copy=True"),
    ({"dl_device": (1, 0)}, "Sorry, not supported: dl_device other than None"),
    ({"stream": 0}, "stream must be None, -1, 1, 2"),
    ({"stream": "s"}, "stream must be None"),
    ({"max_version": (1,)}, "Expected max_version tuple"),
    ({"max_version": 1}, "Argument 'max_version' has incorrect type"),
])
def test_dlpack_requests_that_cannot_be_honoured_raise_buffer_error(kwargs, message):
    buf = FakeDeviceResource().allocate(8)
    with pytest.raises(TypeError if kwargs.get("max_version") == 1 else BufferError, match=message):
        buf.__dlpack__(**kwargs)


def test_host_buffer_round_trips_through_numpy_from_dlpack():
    np = pytest.importorskip("numpy")
    if not hasattr(np, "from_dlpack"):
        pytest.skip("numpy without from_dlpack")
    mr = HostResource()
    buf = mr.allocate(16)
    ctypes.memmove(buf.handle, bytes(range(16)), 16)
    arr = np.from_dlpack(buf)
    assert arr.dtype == np.uint8 and arr.shape == (16,) and arr.tolist() == list(range(16))
    assert arr.ctypes.data == buf.handle  # a view, not a copy
    if arr.flags.writeable:  # (numpy before 2.1 makes every DLPack import read-only)
        arr[3] = 99
        assert ctypes.string_at(buf.handle + 3, 1) == b"\x63"
    del arr
    buf.close()
    assert mr.freed and not mr.live


def test_launch_takes_buffers_views_and_interfaces_from_one_hook():
    k = fake_kernel([8, 8, 8])

    class CAI:
        __cuda_array_interface__ = {"data": (0x5000, False), "shape": (2,), "typestr": "<f4", "version": 3}

    view = StridedMemoryView.from_cuda_array_interface(CAI(), -1)
    buf = FakeDeviceResource().allocate(8)
    assert packed(k, buf, view, CAI()) == [le(buf.handle, 8), le(0x5000, 8), le(0x5000, 8)]
    host_view = StridedMemoryView.from_any_interface(bytearray(8), -1)
    with pytest.raises(TypeError, match="not GPU-accessible"):
        _kernel_args.prepare_arguments(fake_kernel([8]), (host_view,))
    assert _kernel_args.array_pointer(3) is None and _kernel_args.array_pointer(view) is not None


# -- StridedMemoryView ----------------------------------------------------------------------------------------

def test_view_of_numpy_arrays_contiguous_strided_readonly_and_0d():
    np = pytest.importorskip("numpy")
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    v = StridedMemoryView.from_any_interface(a, -1)
    assert (v.ptr, v.shape, v.dtype, v.device_id, v.is_device_accessible, v.readonly, v.size) == \
        (a.ctypes.data, (4, 6), np.dtype(np.float32), -1, False, False, 24)
    assert v.strides in (None, (6, 1)) and v.exporting_obj is a
    s = a[::2, 1::3]
    vs = StridedMemoryView.from_dlpack(s, -1)
    assert vs.ptr == a.ctypes.data + 4 and vs.shape == (2, 2) and vs.strides == (12, 3)
    ai = StridedMemoryView.from_array_interface(s)
    assert (ai.ptr, ai.shape, ai.strides) == (vs.ptr, vs.shape, vs.strides)
    r = np.arange(5, dtype=np.int16)
    r.flags.writeable = False
    for view in (StridedMemoryView.from_any_interface(r, -1), StridedMemoryView.from_array_interface(r)):
        assert view.readonly and view.dtype == np.int16 and view.shape == (5,)
    z = np.array(2.5)
    for view in (StridedMemoryView.from_dlpack(z, -1), StridedMemoryView.from_array_interface(z)):
        assert view.shape == () and view.size == 1 and view.dtype == np.float64 and view.ptr == z.ctypes.data
    c = np.zeros(3, dtype=np.complex64)
    assert StridedMemoryView.from_dlpack(c, -1).dtype == np.complex64
    assert StridedMemoryView.from_dlpack(np.zeros(2, dtype=bool), -1).dtype == np.bool_
    with pytest.raises(BufferError, match="stream=None is ambiguous"):  # as cuda.core: -1 opts out
        StridedMemoryView.from_dlpack(c)


def test_view_exports_dlpack_back_to_numpy():
    np = pytest.importorskip("numpy")
    a = np.arange(12, dtype=np.int32).reshape(3, 4)[:, ::2]
    v = StridedMemoryView.from_array_interface(a)
    b = np.from_dlpack(v)
    assert b.tolist() == a.tolist() and b.ctypes.data == a.ctypes.data
    t = _dlpack.read(v.__dlpack__(max_version=(1, 0)))
    assert t.dtype == (_dlpack.INT, 32, 1) and t.shape == (3, 2) and t.strides == (4, 2)


def test_view_of_hand_made_cuda_array_interface():
    class Dev:
        __cuda_array_interface__ = {"data": (0x10000, True), "shape": (3, 4), "typestr": "<f8",
                                    "strides": (64, 8), "version": 3, "stream": None}

    v = StridedMemoryView.from_any_interface(Dev(), -1)
    assert (v.ptr, v.shape, v.strides, v._typestr, v.readonly, v.is_device_accessible) == \
        (0x10000, (3, 4), (8, 1), "<f8", True, True)
    Dev.__cuda_array_interface__ = dict(Dev.__cuda_array_interface__, strides=None, typestr="|u1", stream=7)
    v = StridedMemoryView.from_cuda_array_interface(Dev(), stream_ptr=-1)  # -1: no ordering, no driver call
    assert v.strides is None and v._typestr == "|u1"


def test_view_of_hand_made_array_interface_and_buffer_objects():
    backing = bytearray(range(32))

    class Host:
        def __init__(self, iface):
            self.__array_interface__ = iface

    addr = ctypes.addressof((ctypes.c_char * 32).from_buffer(backing))
    v = StridedMemoryView.from_any_interface(Host({"data": (addr, False), "shape": (4,), "typestr": "<u2",
                                                   "strides": (4,), "version": 3}))
    assert (v.ptr, v.shape, v.strides, v._typestr, v.device_id) == (addr, (4,), (2,), "<u2", -1)
    b = StridedMemoryView(bytes(range(10)))
    assert b.readonly and b.shape == (10,) and b._typestr == "|u1"
    assert ctypes.string_at(b.ptr, 10) == bytes(range(10))
    ba = StridedMemoryView(bytearray(b"xyz"))
    assert not ba.readonly and ctypes.string_at(ba.ptr, 3) == b"xyz"
    f = StridedMemoryView(memoryview(bytearray(8)).cast("f"))
    assert f.shape == (2,) and f._typestr == "<f4"


@pytest.mark.parametrize("iface,error,message", [
    ({"data": (1, False), "shape": (2,), "typestr": "|O8"}, TypeError, "unsupported dtype"),
    ({"data": (1, False), "shape": (2,), "typestr": "<M8"}, TypeError, "unsupported dtype"),
    ({"data": (1, False), "shape": (2,), "typestr": "<f16"}, TypeError, "unsupported dtype"),
    ({"data": (1, False), "shape": (2,), "typestr": "float"}, TypeError, "typestr must look like"),
    ({"data": (1, False), "shape": (-2,), "typestr": "<f4"}, ValueError, "must not be negative"),
    ({"data": (1, False), "shape": (2,), "typestr": "<f4", "strides": (6,)}, ValueError, "not multiples"),
    ({"data": (1, False), "shape": (2, 2), "typestr": "<f4", "strides": (4,)}, ValueError, "do not match"),
    ({"data": (1, False), "shape": (2,), "typestr": "<f4", "mask": object()}, BufferError, "mask"),
    ({"data": (1, False), "shape": (2,), "typestr": "<f4", "version": 2}, BufferError, "v3 or above"),
    ({"data": 1, "shape": (2,), "typestr": "<f4"}, TypeError, "data must be a"),
    ({"shape": (2,), "typestr": "<f4"}, TypeError, "has no 'data'"),
])
def test_bad_interfaces_raise_clear_errors(iface, error, message):
    class Dev:
        __cuda_array_interface__ = iface

    with pytest.raises(error, match=message):
        StridedMemoryView.from_cuda_array_interface(Dev(), -1)


def test_objects_without_a_protocol_and_unsupported_formats():
    with pytest.raises(BufferError, match="does not support any data exchange protocol"):
        StridedMemoryView(object())
    with pytest.raises(TypeError, match="unsupported buffer format"):
        StridedMemoryView(memoryview(bytearray(16)).cast("P"))
    np = pytest.importorskip("numpy")
    with pytest.raises((TypeError, BufferError)):
        StridedMemoryView(np.zeros(2, dtype="datetime64[s]"))


def test_view_of_a_buffer_and_from_buffer_extents():
    np = pytest.importorskip("numpy")
    buf = FakeDeviceResource(device_id=1).allocate(64)
    v = StridedMemoryView.from_any_interface(buf, -1)
    assert (v.ptr, v.shape, v._typestr, v.device_id, v.is_device_accessible) == (buf.handle, (64,), "|u1", 1, True)
    w = StridedMemoryView.from_buffer(buf, (4, 4), dtype=np.float32)
    assert w.shape == (4, 4) and w.dtype == np.float32 and w.strides is None and w.exporting_obj is buf
    assert StridedMemoryView.from_buffer(buf, (8,), (2,), itemsize=4).shape == (8,)
    with pytest.raises(ValueError, match="Buffer size is too small for the layout. Expected at least 80 bytes"):
        StridedMemoryView.from_buffer(buf, (5, 4), dtype=np.float32)
    with pytest.raises(ValueError, match="Either itemsize or dtype must be specified"):
        StridedMemoryView.from_buffer(buf, (4,))
    with pytest.raises(ValueError, match="must not be negative"):
        StridedMemoryView.from_buffer(buf, (-1,), itemsize=1)
    with pytest.raises(TypeError, match="buffer must be a Buffer"):
        StridedMemoryView.from_buffer(bytearray(4), (4,), itemsize=1)


def test_args_viewable_as_strided_memory():
    @args_viewable_as_strided_memory((1,))
    def f(a, b):
        return a, b.view(-1)

    a, v = f("x", bytearray(4))
    assert a == "x" and isinstance(v, StridedMemoryView) and v.shape == (4,)


# -- graphs, IPC, fork: what is refused before the driver is asked ---------------------------------------------

def test_graph_builder_refuses_misuse_before_touching_the_driver():
    from cudacffi.core import LEGACY_DEFAULT_STREAM
    from cudacffi.core.graph import Graph, GraphBuilder, GraphCompleteOptions, GraphDebugPrintOptions

    with pytest.raises(NotImplementedError, match="directly creating a GraphBuilder object can be ambiguous"):
        GraphBuilder()
    with pytest.raises(RuntimeError, match="directly constructing a Graph instance is not supported"):
        Graph()
    gb = GraphBuilder._on(LEGACY_DEFAULT_STREAM, owned=False)
    assert gb.__cuda_stream__() == (0, 1) and not gb.is_building and not gb.is_join_required
    with pytest.raises(ValueError, match="Unsupported build mode: sometimes"):
        gb.begin_building("sometimes")
    with pytest.raises(RuntimeError, match="Graph builder is not building"):
        gb.end_building()
    with pytest.raises(RuntimeError, match="Graph has not finished building"):
        gb.complete()
    with pytest.raises(RuntimeError, match="must be building before it can be split"):
        gb.split(2)
    with pytest.raises(ValueError, match="Invalid split count: expecting >= 2, got 1"):
        gb.split(1)
    with pytest.raises(ValueError, match="at least two"):
        GraphBuilder.join(gb)
    with pytest.raises(RuntimeError, match="Cannot add callback when graph is not being built"):
        gb.callback(print)
    with pytest.raises(TypeError, match="fn must be callable"):
        gb.callback(3)
    gb.close()
    gb.close()
    with pytest.raises(RuntimeError, match="GraphBuilder has been closed"):
        gb.__cuda_stream__()
    assert [f.name for f in __import__("dataclasses").fields(GraphCompleteOptions)] == [
        "auto_free_on_launch", "upload_stream", "device_launch", "use_node_priority"]
    assert len(__import__("dataclasses").fields(GraphDebugPrintOptions)) == 16


def test_ipc_descriptor_pickles_and_buffers_of_other_resources_do_not():
    from cudacffi.core import IPCBufferDescriptor

    d = IPCBufferDescriptor._init(bytes(range(64)), 4096)
    back = pickle.loads(pickle.dumps(d))
    assert back == d and back.size == 4096 and back._reserved == bytes(range(64))
    with pytest.raises(ValueError, match="64 bytes"):
        IPCBufferDescriptor._init(b"short", 1)
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        IPCBufferDescriptor()
    buf = FakeDeviceResource().allocate(8)
    with pytest.raises(RuntimeError, match="Memory resource is not IPC-enabled: only a Buffer"):
        pickle.dumps(buf)
    with pytest.raises(RuntimeError, match="not IPC-enabled"):
        buf.ipc_descriptor
    with pytest.raises(TypeError, match="mr must be a DeviceMemoryResource or PinnedMemoryResource"):
        Buffer.from_ipc_descriptor(FakeDeviceResource(), d)


def test_allocation_handle_closes_its_descriptor_once():
    import os

    from cudacffi.core import IPCAllocationHandle

    r, w = os.pipe()
    os.close(w)
    h = IPCAllocationHandle._init(r, None)
    assert int(h) == r and h.handle == r and not h.is_closed
    h.close()
    h.close()
    assert h.is_closed
    with pytest.raises(OSError):
        os.fstat(r)
    with pytest.raises(ValueError, match="Cannot convert IPCAllocationHandle to int: the handle .* is closed"):
        int(h)
    assert h.handle == -1  # as cuda.core reads a closed handle
    with pytest.raises(ValueError, match="must be non-negative"):
        IPCAllocationHandle._init(-1, None)


def test_a_forked_child_is_told_to_use_spawn():
    code = (
        "import os, sys\n"
        "from cudacffi.core import _utils\n"
        "if not hasattr(os, 'fork'):\n    print('no fork'); sys.exit(0)\n"
        "_utils._initialized[0] = True  # as after cuInit in this process\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    try:\n        _utils.driver()\n    except RuntimeError as e:\n"
        "        os._exit(0 if 'spawn' in str(e) and 'forked' in str(e) else 3)\n"
        "    os._exit(4)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "assert _utils._initialized[0]  # the parent is untouched\n"
        "print('child', os.WEXITSTATUS(status))\n")
    r = run_python(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() in ("child 0", "no fork"), r.stdout


def test_allocation_handle_travels_to_a_spawned_process(tmp_path):
    from conftest import ROOT

    script = tmp_path / "send_handle.py"
    script.write_text(
        "import multiprocessing as mp, os, sys\n"
        "sys.path.insert(0, %r)\n"
        "from cudacffi.core import IPCAllocationHandle\n"
        "def child(h, q):\n"
        "    q.put((os.read(int(h), 5), h.uuid))\n"
        "if __name__ == '__main__':\n"
        "    r, w = os.pipe()\n"
        "    os.write(w, b'hello')\n"
        "    h = IPCAllocationHandle._init(r, 'the-uuid')\n"
        "    ctx = mp.get_context('spawn')\n"
        "    q = ctx.Queue()\n"
        "    p = ctx.Process(target=child, args=(h, q))\n"
        "    p.start()\n"
        "    print(q.get(timeout=120))\n"
        "    p.join(120)\n"
        "    print(p.exitcode)\n" % ROOT)
    import subprocess
    import sys

    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["(b'hello',", "'the-uuid')", "0"], r.stdout


def test_option_fields_begin_with_the_contract_tables():
    import dataclasses
    import os

    table = os.path.join("/work/shared/reference/cuda-core-1.2.2", "api.tsv")
    if not os.path.exists(table):
        pytest.skip("the contract table is not on this machine")
    import cudacffi.core as core
    from cudacffi.core import graph

    fields = {}
    with open(table, encoding="utf-8") as f:
        for line in f:
            module, cls, member, kind = line.split("\t")[:4]
            if kind == "field":
                fields.setdefault((module, cls), []).append(member)
    for module, cls, ours in [("cuda.core", "DeviceMemoryResourceOptions", core),
                              ("cuda.core", "PinnedMemoryResourceOptions", core),
                              ("cuda.core", "ManagedMemoryResourceOptions", core),
                              ("cuda.core.graph", "GraphCompleteOptions", graph),
                              ("cuda.core.graph", "GraphDebugPrintOptions", graph)]:
        names = [f.name for f in dataclasses.fields(getattr(ours, cls))]
        want = fields[(module, cls)]
        assert names[:len(want)] == want, cls  # ours may add fields after cuda.core's (release_threshold)
