"""cudacffi.core memory on a GPU: every memory resource allocates, round-trips with numpy and fills; stream-ordered
allocation and frees; Device.memory_resource; graphs from builders (split, join, host callback, relaunch);
IPC between spawned processes (and the refusal under fork); on CPython, CuPy, PyTorch and numba-cuda see a
Buffer in place and a launch takes their arrays; the examples core_memory and core_graph."""

import array
import ctypes
import gc
import os
import subprocess
import sys

import pytest

from conftest import ROOT, core_kernel, script_env

pytestmark = pytest.mark.gpu

KERNELS = r"""
extern "C" __global__ void add_one(int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1;
}

extern "C" __global__ void twice(int *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] *= 2;
}

extern "C" __global__ void combine(const int *x, const int *y, int *z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = x[i] + 2 * y[i];
}

extern "C" __global__ void axpy(float a, const float *x, const float *y, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}
"""


def host_ints(buf, stream):
    out = array.array("i", bytes(buf.size))
    buf.copy_to(out, stream=stream)
    stream.sync()
    return list(out)


# -- memory resources ----------------------------------------------------------------------------------------

def _resources(core, dev):
    """(name, factory) of every resource this device supports; a factory may skip."""
    def own_pool():
        if not dev.properties.memory_pools_supported:
            pytest.skip("this device has no memory pools")
        return core.DeviceMemoryResource(dev, core.DeviceMemoryResourceOptions(max_size=1 << 30))

    def pinned():
        try:
            return core.PinnedMemoryResource()
        except core.CUDAError as e:
            pytest.skip("no host memory pools here: %s" % e)

    def managed():
        if not dev.properties.managed_memory:
            pytest.skip("this device has no managed memory")
        return core.ManagedMemoryResource(core.ManagedMemoryResourceOptions(preferred_location=dev.device_id))

    return {"default": lambda: dev.memory_resource, "own_pool": own_pool, "pinned": pinned, "managed": managed,
            "legacy_pinned": core.LegacyPinnedMemoryResource,
            "synchronous": lambda: core.SynchronousMemoryResource(dev)}


@pytest.mark.parametrize("name", ["default", "own_pool", "pinned", "managed", "legacy_pinned", "synchronous"])
def test_each_resource_allocates_round_trips_with_numpy_and_fills(core, core_device, core_stream, name):
    np = pytest.importorskip("numpy")
    mr = _resources(core, core_device)[name]()
    src = np.arange(4096, dtype=np.uint32) * 3
    buf = mr.allocate(src.nbytes, stream=core_stream)
    try:
        assert buf.size == src.nbytes and buf.memory_resource is mr and buf.handle != 0
        assert buf.is_device_accessible
        buf.copy_from(src, stream=core_stream)
        back = np.empty_like(src)
        buf.copy_to(back, stream=core_stream)
        core_stream.sync()
        assert (back == src).all()
        other = mr.allocate(src.nbytes, stream=core_stream)
        buf.copy_to(other, stream=core_stream)  # device to device
        other.fill(0xAB, stream=core_stream)
        buf.fill(0xBEEF, 2, stream=core_stream)
        core_stream.sync()
        u16 = np.empty(src.nbytes // 2, dtype=np.uint16)
        buf.copy_to(u16, stream=core_stream)
        u8 = np.empty(src.nbytes, dtype=np.uint8)
        other.copy_to(u8, stream=core_stream)
        core_stream.sync()
        assert (u16 == 0xBEEF).all() and (u8 == 0xAB).all()
        if buf.is_host_accessible:  # read in place by the host
            direct = np.frombuffer(ctypes.string_at(buf.handle, buf.size), dtype=np.uint16)
            assert (direct == 0xBEEF).all()
        expected_device = {"pinned": 3, "legacy_pinned": 3, "managed": 13}.get(name, 2)
        assert buf.__dlpack_device__()[0] == expected_device
        other.close(core_stream)
    finally:
        buf.close(core_stream)
        buf.close(core_stream)
    core_stream.sync()


@pytest.mark.parametrize("name", ["default", "own_pool", "pinned", "managed", "legacy_pinned", "synchronous"])
def test_each_resource_takes_numpy_sizes_and_reads_as_cuda_core_once_closed(core, core_device, core_stream, name):
    np = pytest.importorskip("numpy")
    mr = _resources(core, core_device)[name]()
    for size, want in ((np.uint64(128) * 8, 1024), (np.int32(64), 64), (True, 1)):
        buf = mr.allocate(size, stream=core_stream)
        assert type(buf.size) is int and buf.size == want and buf.handle != 0 and buf.memory_resource is mr
        assert repr(buf) == "<Buffer ptr=%#x size=%d>" % (buf.handle, want)
        buf.close(core_stream)
        # NVIDIA's memory_ops.py checks handle == 0 after close
        assert (buf.handle, buf.size, buf.memory_resource, buf.owner) == (0, 0, None, None)
        assert repr(buf) == "<Buffer ptr=0x0 size=0>"
    with pytest.raises(OverflowError, match="size must be >= 0"):
        mr.allocate(np.int64(-1), stream=core_stream)
    with pytest.raises(TypeError, match="size must be an int, not float"):
        mr.allocate(64.0, stream=core_stream)
    core_stream.sync()


def test_saxpy_on_a_buffer_allocated_with_a_numpy_size(core, core_device, core_stream):
    """NVIDIA's saxpy.py allocates ``dev.allocate(cp.uint64(128) * 8, stream=stream)``."""
    np = pytest.importorskip("numpy")
    n = np.uint64(128)
    x = np.arange(int(n), dtype=np.float32)
    y = np.ones(int(n), dtype=np.float32)
    bufs = [core_device.allocate(n * 4, stream=core_stream) for _ in range(3)]
    try:
        bufs[0].copy_from(x, stream=core_stream)
        bufs[1].copy_from(y, stream=core_stream)
        core.launch(core_stream, core.LaunchConfig(grid=1, block=128), core_kernel(core_device, KERNELS, "axpy"),
                    np.float32(2.0), bufs[0], bufs[1], bufs[2], np.int32(n))
        out = np.empty_like(x)
        bufs[2].copy_to(out, stream=core_stream)
        core_stream.sync()
        assert (out == 2 * x + y).all()
    finally:
        for b in bufs:
            b.close(core_stream)
    assert all(b.handle == 0 for b in bufs)
    core_stream.sync()


MEMORY_OPS = r"""
extern "C" __global__ void memory_ops(float *device_data, float *pinned_data, size_t n)
{
    size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x;
    if (i < n) {
        device_data[i] += 1.0f;
        pinned_data[i] *= 3.0f;
    }
}
"""


def test_memory_ops_example_without_cupy(core, core_device, core_stream):
    """NVIDIA's memory_ops.py, its arrays on numpy: a pinned buffer allocated without a stream and read in
    place through DLPack, a launch taking a numpy size, copies both ways, and handle == 0 after close."""
    np = pytest.importorskip("numpy")
    if tuple(int(p) for p in np.__version__.split(".")[:2]) < (2, 1):
        pytest.skip("numpy %s's from_dlpack gives read-only arrays (2.1 reads DLPack 1.0's flags)" % np.__version__)
    from cudacffi.core import Program, ProgramOptions

    kern = Program(MEMORY_OPS, "c++", ProgramOptions(arch="sm_" + core_device.arch)).compile("cubin").get_kernel(
        "memory_ops")
    size = 1024
    total = size * np.dtype(np.float32).itemsize
    device_buffer = core_device.memory_resource.allocate(total, stream=core_stream)
    pinned_buffer = core.LegacyPinnedMemoryResource().allocate(total)
    new_device_buffer = None
    try:
        pinned = np.from_dlpack(pinned_buffer).view(np.float32)
        pinned[:] = np.arange(size, dtype=np.float32)
        device_buffer.copy_from(np.ones(size, dtype=np.float32), stream=core_stream)
        core_stream.sync()
        core.launch(core_stream, core.LaunchConfig(grid=(size + 255) // 256, block=256), kern, device_buffer,
                    pinned_buffer, np.uint64(size))
        core_stream.sync()
        assert (pinned == 3 * np.arange(size, dtype=np.float32)).all()
        device_buffer.copy_to(pinned_buffer, stream=core_stream)
        core_stream.sync()
        assert (pinned == 2).all()
        new_device_buffer = core_device.memory_resource.allocate(total, stream=core_stream)
        pinned_buffer.copy_to(new_device_buffer, stream=core_stream)
        back = np.empty(size, dtype=np.float32)
        new_device_buffer.copy_to(back, stream=core_stream)
        core_stream.sync()
        assert (back == 2).all()
    finally:
        for b in (new_device_buffer, pinned_buffer, device_buffer):
            if b is not None:
                b.close(core_stream)
                assert b.handle == 0
    core_stream.sync()


def test_memory_pool_resources_example_managed_and_pinned_through_numpy(core, core_device, core_stream):
    """The memory parts of NVIDIA's memory_pool_resources.py: a managed pool preferring the device and a pinned
    pool on the device's host NUMA node, both read and written in place by numpy through DLPack."""
    np = pytest.importorskip("numpy")
    if tuple(int(p) for p in np.__version__.split(".")[:2]) < (2, 1):
        pytest.skip("numpy %s's from_dlpack gives read-only arrays (2.1 reads DLPack 1.0's flags)" % np.__version__)
    if not core_device.properties.managed_memory or not core_device.properties.memory_pools_supported:
        pytest.skip("this device has no managed memory or memory pools")
    managed_mr = core.ManagedMemoryResource(options=core.ManagedMemoryResourceOptions(
        preferred_location=core_device.device_id, preferred_location_type="device"))
    pinned_options = {"ipc_enabled": False}
    host_numa_id = getattr(core_device.properties, "host_numa_id", -1)
    if host_numa_id >= 0:
        pinned_options["numa_id"] = host_numa_id
    try:
        pinned_mr = core.PinnedMemoryResource(options=core.PinnedMemoryResourceOptions(**pinned_options))
    except core.CUDAError as e:
        pytest.skip("no host memory pools here: %s" % e)
    nbytes = 256 * 4
    managed_buffer = managed_mr.allocate(nbytes, stream=core_stream)
    pinned_buffer = pinned_mr.allocate(nbytes, stream=core_stream)
    try:
        assert managed_buffer.__dlpack_device__() == (13, 0) and pinned_buffer.__dlpack_device__() == (3, 0)
        managed = np.from_dlpack(managed_buffer).view(np.float32)
        pinned = np.from_dlpack(pinned_buffer).view(np.float32)
        managed[:] = np.arange(256, dtype=np.float32)
        core_stream.sync()
        managed_buffer.copy_to(pinned_buffer, stream=core_stream)
        core_stream.sync()
        assert np.array_equal(pinned, np.arange(256, dtype=np.float32))
        assert managed_mr.preferred_location == ("device", core_device.device_id)
        assert repr(managed_mr.preferred_location) == "(<ManagedMemoryLocationType.DEVICE: 'device'>, %d)" % (
            core_device.device_id)
    finally:
        managed_buffer.close(core_stream)
        pinned_buffer.close(core_stream)
        core_stream.sync()
        managed_mr.close()
        pinned_mr.close()


def test_closed_pool_resource_reads_as_cuda_core(core, core_device, core_stream):
    if not core_device.properties.memory_pools_supported:
        pytest.skip("this device has no memory pools")
    mr = core.DeviceMemoryResource(core_device, core.DeviceMemoryResourceOptions(ipc_enabled=True))
    assert mr.is_handle_owned and mr.is_ipc_enabled and int(mr.handle) != 0 and mr.uuid is not None
    buf = mr.allocate(256, stream=core_stream)
    mr.close()
    assert int(mr.handle) == 0 and not mr.is_handle_owned and not mr.is_ipc_enabled and mr.uuid is None
    for use in (lambda: mr.allocation_handle, lambda: mr.attributes, lambda: mr.allocate(8, stream=core_stream)):
        with pytest.raises(RuntimeError, match="DeviceMemoryResource has been closed"):
            use()
    buf.close(core_stream)  # a buffer still frees through its closed resource
    core_stream.sync()
    assert buf.handle == 0


def test_stream_ordered_allocations_and_frees_on_one_stream(core, core_device, core_stream):
    if not core_device.properties.memory_pools_supported:
        pytest.skip("this device has no memory pools")
    mr = core.DeviceMemoryResource(core_device, core.DeviceMemoryResourceOptions())
    n = 1 << 16
    keep = mr.allocate(4 * n, stream=core_stream)
    keep.fill(0, stream=core_stream)
    add = core_kernel(core_device, KERNELS, "add_one")
    config = core.LaunchConfig(grid=n // 256, block=256)
    for i in range(50):  # nothing synchronizes: each free is ordered after the work that used the buffer
        tmp = mr.allocate(4 * n, stream=core_stream)
        tmp.copy_from(keep, stream=core_stream)
        core.launch(core_stream, config, add, tmp, n)
        keep.copy_from(tmp, stream=core_stream)
        tmp.close()  # on its allocation stream
    assert host_ints(keep, core_stream) == [50] * n
    assert mr.attributes.used_mem_current >= 4 * n
    keep.close()
    core_stream.sync()
    assert mr.attributes.used_mem_current == 0
    assert mr.attributes.release_threshold == (1 << 64) - 1  # freed memory stays in the pool
    mr.close()
    mr.close()
    assert mr.is_closed


def test_garbage_collected_buffer_is_freed_on_its_allocation_stream(core, core_device, core_stream):
    if not core_device.properties.memory_pools_supported:
        pytest.skip("this device has no memory pools")
    import warnings

    mr = core.DeviceMemoryResource(core_device, core.DeviceMemoryResourceOptions())
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        buf = mr.allocate(1 << 20, stream=core_stream)
        buf.fill(1, stream=core_stream)
        del buf
        for _ in range(3):
            gc.collect()
        core_stream.sync()  # the collector only queued the free: this next call makes it, then waits for it
    assert mr.attributes.used_mem_current == 0
    assert any("freed by the garbage collector" in str(w.message) for w in seen)
    mr.close()


def test_device_memory_resource_is_settable(core, core_device, core_stream):
    default = core_device.memory_resource
    assert isinstance(default, (core.DeviceMemoryResource, core.SynchronousMemoryResource))
    assert default is core.Device(0).memory_resource
    with pytest.raises(TypeError, match="must be a MemoryResource"):
        core_device.memory_resource = object()
    core_device.memory_resource = core.LegacyPinnedMemoryResource()
    try:
        buf = core_device.allocate(64, stream=core_stream)
        assert buf.is_host_accessible and buf.is_device_accessible
        buf.close()
    finally:
        core_device.memory_resource = default
    assert core_device.allocate(8, stream=core_stream).memory_resource is default


def test_peer_access_of_a_pool(core, core_device):
    if not core_device.properties.memory_pools_supported:
        pytest.skip("this device has no memory pools")
    mr = core.DeviceMemoryResource(core_device, core.DeviceMemoryResourceOptions())
    assert len(mr.peer_accessible_by) == 0
    peers = [d for d in core.Device.get_all_devices() if d != core_device and core_device.can_access_peer(d)]
    if peers:
        mr.peer_accessible_by = peers[:1]
        assert peers[0] in mr.peer_accessible_by
        mr.peer_accessible_by = []
        assert len(mr.peer_accessible_by) == 0
    mr.close()


def test_views_of_buffers_and_dlpack_exports_on_the_device(core, core_device, core_stream):
    from cudacffi.core import _dlpack
    from cudacffi.core.utils import StridedMemoryView

    buf = core_device.allocate(64, stream=core_stream)
    v = StridedMemoryView(buf, stream_ptr=int(core_stream.handle))
    assert (v.ptr, v.shape, v.device_id, v.is_device_accessible) == (buf.handle, (64,), 0, True)
    t = _dlpack.read(buf.__dlpack__(stream=int(core_stream.handle), max_version=(1, 0)))
    assert (t.data, t.device_type, t.device_id, t.shape) == (buf.handle, 2, 0, (64,))
    cai = buf.__cuda_array_interface__
    assert cai["data"] == (buf.handle, False) and cai["stream"] == int(core_stream.handle)
    buf.close()


# -- graphs ----------------------------------------------------------------------------------------------------

def test_graph_from_a_split_builder_runs_and_relaunches(core, core_device, core_stream):
    from cudacffi.core.graph import GraphBuilder, GraphCompleteOptions

    n = 1024
    x, y, z = (core_device.allocate(4 * n, stream=core_stream) for _ in range(3))
    x.copy_from(array.array("i", range(n)), stream=core_stream)
    y.copy_from(array.array("i", range(n)), stream=core_stream)
    z.fill(0, stream=core_stream)
    core_stream.sync()
    config = core.LaunchConfig(grid=n // 256, block=256)
    fired = []
    gb = core_device.create_graph_builder().begin_building()
    assert gb.is_building
    left, right = gb.split(2)
    assert left is gb and right.is_join_required and not gb.is_join_required
    core.launch(left, config, core_kernel(core_device, KERNELS, "add_one"), x, n)
    core.launch(right, config, core_kernel(core_device, KERNELS, "twice"), y, n)
    with pytest.raises(RuntimeError, match="cannot end building"):
        right.end_building()
    joined = GraphBuilder.join(right, left)  # the builder that began building is the one returned
    assert joined is gb
    core.launch(joined, config, core_kernel(core_device, KERNELS, "combine"), x, y, z, n)
    joined.callback(lambda: fired.append("plain"))
    joined.callback(fired.append, user_data="with data")
    graph = joined.end_building().complete(GraphCompleteOptions(upload_stream=core_stream))
    assert not joined.is_building
    for _ in range(3):
        graph.launch(core_stream)
    core_stream.sync()
    assert host_ints(x, core_stream) == [i + 3 for i in range(n)]
    assert host_ints(y, core_stream) == [8 * i for i in range(n)]
    assert host_ints(z, core_stream) == [(i + 3) + 16 * i for i in range(n)]
    assert fired == ["plain", "with data"] * 3
    graph.close()
    graph.close()
    assert int(graph.handle) == 0
    with pytest.raises(RuntimeError, match="^Graph has been closed$"):  # as cuda.core 1.2.2
        graph.launch(core_stream)
    gb.close()
    for b in (x, y, z):
        b.close()


def test_two_builders_of_a_stream_and_a_device_make_graphs_that_relaunch(core, core_device, core_stream, tmp_path):
    n = 256
    x = core_device.allocate(4 * n, stream=core_stream)
    x.fill(0, stream=core_stream)
    core_stream.sync()
    config = core.LaunchConfig(grid=1, block=n)
    graphs = []
    for gb in (core_stream.create_graph_builder(), core_device.create_graph_builder()):
        gb.begin_building("thread_local")
        core.launch(gb, config, core_kernel(core_device, KERNELS, "add_one"), x, n)
        gb.end_building()
        gb.debug_dot_print(str(tmp_path / "g.dot"))
        graphs.append(gb.complete())
        gb.close()
    assert (tmp_path / "g.dot").read_text().startswith("digraph")
    assert not core_stream.is_closed  # the stream's builder does not own it
    for _ in range(2):
        for g in graphs:
            g.launch(core_stream)
    assert host_ints(x, core_stream) == [4] * n
    for g in graphs:
        g.close()
    x.close()


# -- IPC ---------------------------------------------------------------------------------------------------------

IPC_SCRIPT = r"""
import multiprocessing as mp
import sys

sys.path.insert(0, %(root)r)
import cudacffi.core as core

N = 1 << 20


def child(shared, queue):
    try:
        core.Device(0).set_current()
        if isinstance(shared, tuple):  # (mapped resource, descriptor): the explicit way
            mr, descriptor = shared
            buf = core.Buffer.from_ipc_descriptor(mr, descriptor, stream=core.Device(0).default_stream)
        else:  # a pickled Buffer: mapped through the registry
            buf = shared
            mr = buf.memory_resource
        out = bytearray(N)
        buf.copy_to(out)
        buf.fill(0x77, stream=core.Device(0).default_stream)  # written by the child, read by the parent
        core.Device(0).sync()
        queue.put(("ok", bytes(out[:8]), out.count(0x5A), buf.is_mapped, mr.is_mapped))
        buf.close()
    except Exception as e:
        queue.put(("error", repr(e)))


def forked_child(handle, queue):
    try:
        core.DeviceMemoryResource.from_allocation_handle(0, handle)
        queue.put("imported")
    except RuntimeError as e:
        queue.put(str(e))


if __name__ == "__main__":
    dev = core.Device(0)
    dev.set_current()
    mr = core.DeviceMemoryResource(dev, core.DeviceMemoryResourceOptions(ipc_enabled=True))
    assert mr.is_ipc_enabled and not mr.is_mapped and mr.uuid is not None
    buf = mr.allocate(N, stream=dev.default_stream)
    buf.fill(0x5A, stream=dev.default_stream)
    dev.sync()
    results = []
    for shared in ((mr, buf.ipc_descriptor), buf):  # two spawned processes, one after the other
        ctx = mp.get_context("spawn")
        q = ctx.Queue()
        p = ctx.Process(target=child, args=(shared, q))
        p.start()
        results.append(q.get(timeout=120))
        p.join(120)
        assert p.exitcode == 0, p.exitcode
        if shared is not buf:
            buf.fill(0x5A, stream=dev.default_stream)  # again, for the next child
            dev.sync()
    print("children", results)
    seen = bytearray(N)  # the last child filled it with 0x77
    buf.copy_to(seen)
    print("after_child_fill", seen.count(0x77) == N)
    if hasattr(__import__("os"), "fork"):
        fctx = mp.get_context("fork")
        fq = fctx.Queue()
        fp = fctx.Process(target=forked_child, args=(mr.allocation_handle.handle, fq))
        fp.start()
        print("fork", fq.get(timeout=120))
        fp.join(120)
    buf.close()
    mr.close()
"""


def test_ipc_between_spawned_processes_sees_the_same_bytes(tmp_path, core_device):
    properties = core_device.properties
    if not properties.memory_pools_supported or not properties.handle_type_posix_file_descriptor_supported:
        pytest.skip("this device cannot share memory pools through file descriptors")
    script = tmp_path / "ipc_script.py"
    script.write_text(IPC_SCRIPT % {"root": ROOT})
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=script_env(),
                       timeout=600, cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    lines = dict(line.split(" ", 1) for line in r.stdout.strip().splitlines())
    children = eval(lines["children"])
    for c in children:
        assert c[0] == "ok", c
        assert c[1] == b"\x5a" * 8 and c[2] == 1 << 20 and c[3] is True and c[4] is True
    assert lines["after_child_fill"] == "True"
    if "fork" in lines:
        assert "spawn" in lines["fork"] and "forked" in lines["fork"], lines["fork"]


# -- other libraries (CPython) ---------------------------------------------------------------------------------------

@pytest.fixture
def pattern(core_device, core_stream):
    buf = core_device.allocate(256, stream=core_stream)
    buf.copy_from(bytes(range(256)), stream=core_stream)
    core_stream.sync()
    yield buf
    buf.close()


def test_cupy_sees_a_buffer_in_place(pattern, core_stream):
    cupy = pytest.importorskip("cupy")
    a = cupy.asarray(pattern)
    assert a.data.ptr == pattern.handle and a.dtype == cupy.uint8 and a.shape == (256,)
    assert cupy.asnumpy(a).tolist() == list(range(256))
    a[0] = 200  # the same memory
    cupy.cuda.runtime.deviceSynchronize()
    assert bytes(pattern.copy_to(bytearray(256), stream=core_stream))[0] == 200
    if hasattr(cupy, "from_dlpack"):
        b = cupy.from_dlpack(pattern)
        assert b.data.ptr == pattern.handle


def test_torch_sees_a_buffer_in_place(pattern):
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch without CUDA")
    t = torch.as_tensor(pattern, device="cuda")
    assert t.data_ptr() == pattern.handle and t.dtype == torch.uint8 and t.shape == (256,)
    d = torch.from_dlpack(pattern)
    assert d.data_ptr() == pattern.handle and d.device.type == "cuda" and d.device.index == 0
    assert d.cpu().tolist() == list(range(256))


def test_numba_sees_a_buffer_in_place(pattern):
    try:
        from numba import cuda as numba_cuda
    except ImportError:
        pytest.skip("numba is not installed")
    if not numba_cuda.is_available():
        pytest.skip("numba sees no CUDA device")
    arr = numba_cuda.as_cuda_array(pattern)
    assert arr.__cuda_array_interface__["data"][0] == pattern.handle and arr.shape == (256,)
    assert arr.copy_to_host().tolist() == list(range(256))


def test_a_launch_takes_a_cupy_array_a_torch_tensor_and_views_of_both(core, core_device, core_stream):
    cupy = pytest.importorskip("cupy")
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch without CUDA")
    from cudacffi.core.utils import StridedMemoryView

    n = 512
    x = cupy.arange(n, dtype=cupy.float32)
    y = torch.ones(n, dtype=torch.float32, device="cuda")
    torch.cuda.synchronize()
    cupy.cuda.runtime.deviceSynchronize()
    out = core_device.allocate(4 * n, stream=core_stream)
    config = core.LaunchConfig(grid=2, block=256)
    core.launch(core_stream, config, core_kernel(core_device, KERNELS, "axpy"), 2.0, x, y, out, n)
    got = array.array("f", bytes(4 * n))
    out.copy_to(got, stream=core_stream)
    core_stream.sync()
    assert list(got) == [2.0 * i + 1.0 for i in range(n)]
    vx = StridedMemoryView(x, stream_ptr=int(core_stream.handle))
    vy = StridedMemoryView(y, stream_ptr=int(core_stream.handle))
    assert (vx.ptr, vx.shape, vx.device_id, str(vx.dtype)) == (x.data.ptr, (n,), 0, "float32")
    assert (vy.ptr, vy.shape, vy.device_id, str(vy.dtype)) == (y.data_ptr(), (n,), 0, "float32")
    axpy = core_kernel(core_device, KERNELS, "axpy")
    core.launch(core_stream, config, axpy, 1.0, vx, vy, out, n)  # the views, unwrapped
    out.copy_to(got, stream=core_stream)
    core_stream.sync()
    assert list(got) == [i + 1.0 for i in range(n)]
    out.close()


# -- the examples ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["core_memory", "core_graph"])
def test_example_runs_and_passes(name):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", name + ".py")], capture_output=True,
                       text=True, env=dict(os.environ), timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith(name + ":") and last.endswith("passed"), r.stdout

