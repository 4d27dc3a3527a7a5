"""cudacffi.core on a GPU: devices and properties against the driver, streams and events, buffers,
compile -> load -> launch (templated, via name_expressions), checked arguments, cluster and cooperative
launches, __cuda_stream__ with CuPy and PyTorch, and the seed's snippets as written."""

import struct
import threading

import pytest

from conftest import compute_capability, core_module, run_python

import cudacffi
from cudacffi import check, driver

pytestmark = pytest.mark.gpu

KERNELS = r"""
template <typename T>
__global__ void saxpy(T a, const T *x, const T *y, T *out, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}

extern "C" __global__ void sizes(signed char a, short b, int c, long long d, unsigned int e, float f, double g,
                                 bool h, long long *out)
{
    out[0] = a; out[1] = b; out[2] = c; out[3] = d; out[4] = e;
    out[5] = (long long)(f * 4.0f); out[6] = (long long)(g * 4.0); out[7] = h ? 1 : 0;
}

extern "C" __global__ void count(unsigned int *counter) { atomicAdd(counter, 1u); }

extern "C" __global__ void spin(long long cycles)
{
    long long t0 = clock64();
    while (clock64() - t0 < cycles) {}
}
"""

CLUSTER_KERNEL = r"""
extern "C" __global__ void cluster_ids(unsigned int *out)
{
    unsigned int rank, n;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
    if (threadIdx.x == 0) out[blockIdx.x] = n * 100 + rank;
}
"""


def kernels(device):
    """The module of KERNELS compiled for this device, once per session."""
    return core_module(device, KERNELS, ("saxpy<float>", "saxpy<double>"), std="c++17")


def read(buf, stream, fmt):
    out = bytearray(buf.size)
    buf.copy_to(out, stream=stream)
    stream.sync()
    return struct.unpack("<" + fmt * (buf.size // struct.calcsize(fmt)), bytes(out))


# -- devices -------------------------------------------------------------------------------------------------

def test_device_facts_match_the_driver(core, core_device):
    cu = check(driver.cuDeviceGet(0))
    assert core_device.device_id == 0 and int(core_device) == 0
    assert core_device.name == check(driver.cuDeviceGetName(256, cu)).split(b"\0")[0].decode()
    cc = compute_capability(cu)
    assert tuple(core_device.compute_capability) == cc and core_device.compute_capability.major == cc[0]
    assert core_device.arch == "%d%d" % cc
    assert core_device.total_memory == check(driver.cuDeviceTotalMem(cu))
    assert len(core_device.uuid) == 36 and core_device.uuid.count("-") == 4
    assert core_device.pci_bus_id == check(driver.cuDeviceGetPCIBusId(32, cu)).split(b"\0")[0].decode()
    assert core_device.can_access_peer(0) is True
    n = check(driver.cuDeviceGetCount())
    assert len(core.Device.get_all_devices()) == n == core.system.num_devices
    v = check(driver.cuDriverGetVersion())
    assert core.system.driver_version == (v // 1000, v % 1000 // 10)
    assert [d.device_id for d in core.system.devices] == list(range(n))


def test_every_property_matches_the_driver(core_device):
    from cudacffi.core._device_properties import _BOOL_PROPERTIES, property_names

    props = core_device.properties
    checked = 0
    for name, attr in property_names().items():
        err, want = driver.cuDeviceGetAttribute(attr, 0)
        if err:
            continue  # an attribute this driver does not know
        got = getattr(props, name)
        assert int(got) == want, name
        assert isinstance(got, bool) == (name in _BOOL_PROPERTIES), name
        checked += 1
    assert checked > 100
    assert props.max_threads_per_block >= 512 and props.warp_size == 32


def test_device_is_a_per_thread_singleton_and_makes_its_context_current(core, core_device):
    assert core.Device(0) is core_device and core.Device() is core_device
    other = {}

    def worker():
        try:
            d = core.Device(0)
            other["device"] = d
            s = d.create_stream()  # no set_current on this thread: the primary context is made current
            s.sync()
            other["ctx"] = int(check(driver.cuCtxGetCurrent()))
            s.close()
        except Exception as e:  # reported below
            other["error"] = e

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert "error" not in other, other.get("error")
    assert other["device"] is not core_device and other["device"] == core_device
    assert other["ctx"] == int(core_device.context.handle)


def test_context_is_the_primary_context(core_device):
    ctx = core_device.context
    assert int(ctx.handle) == int(check(driver.cuCtxGetCurrent()))
    assert ctx == core_device.context and not ctx.is_green
    core_device.sync()


# -- streams and events --------------------------------------------------------------------------------------

def test_stream_options_and_facts(core, core_device):
    low, high = check(driver.cuCtxGetStreamPriorityRange())
    s = core_device.create_stream(options=core.StreamOptions(nonblocking=False, priority=high))
    try:
        assert s.is_nonblocking is False and s.priority == high
        assert s.device == core_device and s.context == core_device.context
        assert s.__cuda_stream__() == (0, int(s.handle))
        s.sync()
    finally:
        s.close()
    s.close()
    assert s.is_closed
    d = core_device.create_stream()
    assert d.is_nonblocking is True and d.priority == low
    d.close()


def test_stream_from_handle_and_foreign_objects(core, core_device, core_stream):
    raw = check(driver.cuStreamCreate(0))
    try:
        wrapped = core.Stream.from_handle(int(raw))
        assert int(wrapped.handle) == int(raw)
        wrapped.close()  # not ours: not destroyed
        check(driver.cuStreamSynchronize(raw))

        class Foreign:
            def __cuda_stream__(self):
                return (0, int(raw))

        s = core_device.create_stream(Foreign())
        assert int(s.handle) == int(raw)
        s.wait(core_stream)
        core_stream.wait(s)
        s.close()
    finally:
        check(driver.cuStreamDestroy(raw))


def test_default_streams(core, core_device):
    assert core_device.default_stream in (core.LEGACY_DEFAULT_STREAM, core.PER_THREAD_DEFAULT_STREAM)
    core.LEGACY_DEFAULT_STREAM.sync()
    core.PER_THREAD_DEFAULT_STREAM.sync()


def test_with_stream_syncs_and_closes(core, core_device):
    with core.Stream() as s:
        assert not s.is_closed
    assert s.is_closed


def test_event_timing_in_milliseconds(core, core_device, core_stream):
    spin = kernels(core_device).get_kernel("spin")
    opts = core.EventOptions(timing_enabled=True)
    start = core_stream.record(options=opts)
    clock_khz = core_device.properties.clock_rate
    core.launch(core_stream, core.LaunchConfig(grid=1, block=1), spin, clock_khz * 20)  # about 20 ms
    end = core_stream.record(options=opts)
    end.sync()
    assert end.is_done and start.is_done
    ms = end - start
    assert isinstance(ms, float) and 5.0 < ms < 2000.0, ms
    plain = core_device.create_event()
    core_stream.record(plain)
    plain.sync()
    assert not plain.is_timing_enabled
    with pytest.raises(RuntimeError, match="Both Events must be created with timing enabled"):
        plain - start
    for e in (start, end, plain):
        e.close()
        e.close()


def test_event_wait_orders_streams(core, core_device, core_stream):
    other = core_device.create_stream()
    counter = core_device.allocate(4, stream=core_stream)
    counter.fill(0, stream=core_stream)
    ev = core_stream.record()
    other.wait(ev)
    core.launch(other, core.LaunchConfig(grid=4, block=32), kernels(core_device).get_kernel("count"), counter)
    other.sync()
    assert read(counter, other, "I") == (128,)
    counter.close(other)
    other.close()


# -- buffers -------------------------------------------------------------------------------------------------

def test_buffer_copies_and_fill(core_device, core_stream):
    a = core_device.allocate(16, stream=core_stream)
    b = core_device.allocate(16, stream=core_stream)
    a.copy_from(bytes(range(16)), stream=core_stream)
    a.copy_to(b, stream=core_stream)
    assert bytes(read(b, core_stream, "B")) == bytes(range(16))
    b.fill(7, stream=core_stream)
    assert read(b, core_stream, "B") == (7,) * 16
    b.fill(struct.pack("<I", 0xDEADBEEF), stream=core_stream)
    assert read(b, core_stream, "I") == (0xDEADBEEF,) * 4
    c = a.copy_to(stream=core_stream)
    assert c.size == 16 and bytes(read(c, core_stream, "B")) == bytes(range(16))
    assert a.device_id == 0 and a.handle != 0
    for buf in (a, b, c):
        buf.close()
        buf.close()
    d = core_device.allocate(8)  # beyond cuda.core: the default stream
    d.copy_from(b"12345678")
    assert d.copy_to(bytearray(8)) == bytearray(b"12345678")
    d.close()


# -- compile, load, launch ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("expr,fmt", [("saxpy<float>", "f"), ("saxpy<double>", "d")])
def test_templated_kernel_through_name_expressions(core, core_device, core_stream, expr, fmt):
    kernel = kernels(core_device).get_kernel(expr)
    n = 1000
    size = struct.calcsize(fmt)
    x = struct.pack("<%d%s" % (n, fmt), *[0.5 * i for i in range(n)])
    y = struct.pack("<%d%s" % (n, fmt), *[1.0] * n)
    dx, dy, dout = (core_device.allocate(n * size, stream=core_stream) for _ in range(3))
    dx.copy_from(x, stream=core_stream)
    dy.copy_from(y, stream=core_stream)
    core.launch(core_stream, core.LaunchConfig(grid=(n + 127) // 128, block=128), kernel, 2.0, dx, dy, dout, n)
    assert read(dout, core_stream, fmt) == tuple(2.0 * 0.5 * i + 1.0 for i in range(n))
    info = kernel.arguments_info
    assert [p.size for p in info] == [size, 8, 8, 8, 8] and kernel.num_arguments == 5
    for b in (dx, dy, dout):
        b.close()


def test_ints_and_floats_are_packed_at_each_parameters_size(core, core_device, core_stream):
    kernel = kernels(core_device).get_kernel("sizes")
    assert [p.size for p in kernel.arguments_info] == [1, 2, 4, 8, 4, 4, 8, 1, 8]
    out = core_device.allocate(8 * 8, stream=core_stream)
    core.launch(core_stream, core.LaunchConfig(grid=1, block=1), kernel, -3, -300, -70000, -(1 << 40), 4000000000,
                1.5, 2.25, True, out)
    assert read(out, core_stream, "q") == (-3, -300, -70000, -(1 << 40), 4000000000, 6, 9, 1)
    out.close()


def test_checked_arguments_name_the_argument(core, core_device, core_stream):
    kernel = kernels(core_device).get_kernel("saxpy<float>")
    buf = core_device.allocate(64, stream=core_stream)
    config = core.LaunchConfig(grid=1, block=1)
    with pytest.raises(TypeError, match="takes 5 arguments, 4 given"):
        core.launch(core_stream, config, kernel, 1.0, buf, buf, buf)
    # a complex for the 4-byte float a (a value of a pointer's size for a pointer is the caller's promise:
    # sizes cannot tell them apart, so only size mismatches are caught, and nothing here may launch)
    with pytest.raises(TypeError, match=r"argument 0 \(kernel_args\[0\]\) is a complex"):
        core.launch(core_stream, config, kernel, 1 + 2j, buf, buf, buf, 1)
    with pytest.raises(TypeError, match=r"argument 0 \(kernel_args\[0\]\) is a Buffer"):
        core.launch(core_stream, config, kernel, buf, buf, buf, buf, 1)
    with pytest.raises(OverflowError, match=r"argument 4 \(kernel_args\[4\]\)"):
        core.launch(core_stream, config, kernel, 1.0, buf, buf, buf, -(1 << 70))
    closed = core_device.allocate(64, stream=core_stream)
    closed.close()
    with pytest.raises(ValueError, match=r"argument 1 \(kernel_args\[1\]\) is a closed Buffer"):
        core.launch(core_stream, config, kernel, 1.0, closed, buf, buf, 1)
    core_stream.sync()  # nothing was launched: the stream is healthy
    buf.close()


def test_kernel_attributes_and_occupancy(core, core_device):
    kernel = kernels(core_device).get_kernel("saxpy<float>")
    attrs = kernel.attributes
    assert attrs.max_threads_per_block > 0 and attrs.num_regs > 0
    assert attrs[0].num_regs == attrs.num_regs
    assert attrs.binary_version == int(core_device.arch)
    occ = kernel.occupancy
    assert occ.max_active_blocks_per_multiprocessor(128, 0) >= 1
    r = occ.max_potential_block_size(0, 0)
    assert r.max_block_size > 0 and r.min_grid_size > 0
    assert occ.available_dynamic_shared_memory_per_block(1, 128) > 0
    same = core.Kernel.from_handle(int(kernel.handle), kernels(core_device))
    assert same == kernel


def test_ptx_object_code_loads_and_launches(core, core_device, core_stream):
    from cudacffi.core import Program, ProgramOptions

    ptx = Program('extern "C" __global__ void seven(int *x) { *x = 7; }', "c++",
                  ProgramOptions(arch="compute_" + core_device.arch)).compile("ptx")
    kernel = core.ObjectCode.from_ptx(ptx.code).get_kernel(b"seven")
    out = core_device.allocate(4, stream=core_stream)
    core.launch(core_stream, core.LaunchConfig(grid=1, block=1), kernel, out)
    assert read(out, core_stream, "i") == (7,)
    out.close()


def test_lto_link_then_launch(core, core_device, core_stream):
    from cudacffi.core import Linker, LinkerOptions, Program, ProgramOptions

    arch = "sm_" + core_device.arch
    opts = ProgramOptions(arch=arch, relocatable_device_code=True, link_time_optimization=True)
    caller = Program('extern __device__ int answer(); extern "C" __global__ void k(int *x) { *x = answer(); }',
                     "c++", opts).compile("ltoir")
    callee = Program("__device__ int answer() { return 42; }", "c++", opts).compile("ltoir")
    cubin = Linker(caller, callee, options=LinkerOptions(arch=arch, link_time_optimization=True)).link("cubin")
    out = core_device.allocate(4, stream=core_stream)
    core.launch(core_stream, core.LaunchConfig(grid=1, block=1), cubin.get_kernel("k"), out)
    assert read(out, core_stream, "i") == (42,)
    out.close()


def test_cluster_launch(core, core_device, core_stream):
    if core_device.compute_capability < (9, 0):
        pytest.skip("cluster launches need compute capability 9.0, this device is %d.%d"
                    % core_device.compute_capability)
    from cudacffi.core import Program, ProgramOptions

    kernel = Program(CLUSTER_KERNEL, "c++", ProgramOptions(arch="sm_" + core_device.arch)).compile("cubin") \
        .get_kernel("cluster_ids")
    out = core_device.allocate(4 * 4, stream=core_stream)
    core.launch(core_stream, core.LaunchConfig(grid=2, cluster=2, block=32), kernel, out)  # 2 clusters of 2 blocks
    assert read(out, core_stream, "I") == (200, 201, 200, 201)
    out.close()


def test_cooperative_launch(core, core_device, core_stream):
    if core_device.compute_capability < (9, 0):
        pytest.skip("this test runs on compute capability 9.0 and newer, this device is %d.%d"
                    % core_device.compute_capability)
    assert core_device.properties.cooperative_launch
    kernel = kernels(core_device).get_kernel("count")
    counter = core_device.allocate(4, stream=core_stream)
    counter.fill(0, stream=core_stream)
    blocks = core_device.properties.multiprocessor_count
    core.launch(core_stream, core.LaunchConfig(grid=blocks, block=64, is_cooperative=True), kernel, counter)
    assert read(counter, core_stream, "I") == (blocks * 64,)
    counter.close()


def test_sixteen_buffers_many_launches_reuse_one_plan(core, core_device, core_stream):
    kernel = kernels(core_device).get_kernel("saxpy<float>")
    buf = core_device.allocate(4 * 256, stream=core_stream)
    config = core.LaunchConfig(grid=2, block=128)
    core.launch(core_stream, config, kernel, 1.0, buf, buf, buf, 256)
    plans = dict(kernel._arg_plans)
    for i in range(200):
        core.launch(core_stream, config, kernel, 1.0, buf, buf, buf, 256)
    core_stream.sync()
    assert kernel._arg_plans == plans and len(config._natives) == 1
    buf.close()


# -- other libraries' streams and arrays (CPython) ------------------------------------------------------------

def test_cupy_streams_and_arrays(core, core_device, core_stream):
    cupy = pytest.importorskip("cupy")
    ours_in_cupy = cupy.cuda.ExternalStream(int(core_stream.handle))
    with ours_in_cupy:
        a = cupy.arange(256, dtype=cupy.float32)
    core_stream.sync()  # the array is ready before another stream uses it
    theirs = cupy.cuda.Stream(non_blocking=True)
    if not hasattr(theirs, "__cuda_stream__"):
        pytest.skip("this CuPy's streams lack __cuda_stream__")
    s = core_device.create_stream(theirs)
    assert int(s.handle) == theirs.ptr
    kernel = kernels(core_device).get_kernel("saxpy<float>")
    core.launch(theirs, core.LaunchConfig(grid=2, block=128), kernel, 2.0, a, a, a, 256)  # CAI arrays
    theirs.synchronize()
    assert cupy.asnumpy(a).tolist() == [3.0 * i for i in range(256)]


def test_torch_streams_and_tensors(core, core_device, core_stream):
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch without CUDA")
    ts = torch.cuda.ExternalStream(int(core_stream.handle))
    with torch.cuda.stream(ts):
        t = torch.arange(256, dtype=torch.float32, device="cuda")
    kernel = kernels(core_device).get_kernel("saxpy<float>")

    class OnlyDLPack:  # the DLPack path: no __cuda_array_interface__
        def __init__(self, tensor):
            self.tensor = tensor

        def __dlpack__(self, **kwargs):
            return self.tensor.__dlpack__(**kwargs)

        def __dlpack_device__(self):
            return self.tensor.__dlpack_device__()

    core.launch(core_stream, core.LaunchConfig(grid=2, block=128), kernel, 2.0, t, OnlyDLPack(t), t, 256)
    core_stream.sync()
    assert t.cpu().tolist() == [3.0 * i for i in range(256)]
    theirs = torch.cuda.Stream()
    if not hasattr(theirs, "__cuda_stream__"):
        pytest.skip("this PyTorch's streams lack __cuda_stream__ (2.10 and newer have it)")
    s = core_device.create_stream(theirs)
    assert int(s.handle) == theirs.cuda_stream


# -- the seed's snippets, as written, in a fresh process ------------------------------------------------------

def test_seed_snippets_run_as_written():
    code = (
        "import cudacffi.core as cuda\n"
        "device = cuda.Device()\n"
        "print(f'Device: {device.name}')\n"
        "print(f'Compute capability: {device.compute_capability}')\n"
        "print(f'Total memory: {device.total_memory / 1e9:.2f} GB')\n"
        "with cuda.Stream() as stream:\n"
        "    pass\n"
        "nbytes = 1 << 20\n"
        "device = cuda.Device()\n"
        "mem_handle = device.allocate(nbytes)\n"
        "assert mem_handle.size == nbytes\n"
        "mem_handle.close()\n"
        "print('seed ok')\n")
    r = run_python(code)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Compute capability: ComputeCapability(major=" in r.stdout and "seed ok" in r.stdout


def test_cuda_error_on_a_failing_call(core, core_device):
    with pytest.raises(cudacffi.CUDAError):
        core_device.allocate(1 << 62)
