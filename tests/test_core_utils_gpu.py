"""cudacffi.core.utils on a GPU: strided StridedMemoryView copies host <-> device and device <-> device checked
against numpy, copy_batch (batched and one copy at a time), a TMA tensor map read by a kernel (sm_90+) and
moved with replace_address, and a program cache in front of Program.compile."""

import pytest

pytestmark = pytest.mark.gpu

np = pytest.importorskip("numpy")


def _device_array(dev, stream, shape, dtype, strides=None):
    """(Buffer, StridedMemoryView) of a device allocation big enough for ``shape``/``strides`` (elements)."""
    from cudacffi.core.utils import StridedMemoryView

    dt = np.dtype(dtype)
    if strides is None:
        n = int(np.prod(shape))
    else:
        n = 1 + sum((s - 1) * st for s, st in zip(shape, strides))
    buf = dev.allocate(max(n, 1) * dt.itemsize, stream=stream)
    return buf, StridedMemoryView.from_buffer(buf, shape, strides, dtype=dt)


def _host(a):
    from cudacffi.core.utils import StridedMemoryView

    return StridedMemoryView.from_array_interface(a)


def _download(buf, dtype, stream):
    out = np.empty(buf.size // np.dtype(dtype).itemsize, dtype=dtype)
    buf.copy_to(out, stream=stream)
    stream.sync()
    return out


def test_contiguous_round_trip_host_device_host(core_device, core_stream):
    a = np.arange(3 * 5 * 7, dtype=np.float32).reshape(3, 5, 7)
    buf, view = _device_array(core_device, core_stream, a.shape, a.dtype)
    with buf:
        view.copy_from(_host(a), core_stream)
        back = np.zeros_like(a)
        view.copy_to(_host(back), core_stream)
        assert np.array_equal(a, back)


def test_strided_host_source_lands_in_a_strided_device_view(core_device, core_stream):
    big = np.arange(6 * 9 * 11, dtype=np.int32).reshape(6, 9, 11)
    src = big[::2, 1:7, 2:10:3]  # shape (3, 6, 3), strided in every dimension
    shape = src.shape
    strides = (6 * 8 * 2, 8 * 2, 2)  # every other element of a (3, 6, 8)-shaped region per row
    buf, view = _device_array(core_device, core_stream, shape, np.int32, strides)
    with buf:
        buf.fill(0, stream=core_stream)
        view.copy_from(_host(src), core_stream)
        flat = _download(buf, np.int32, core_stream)
        expected = np.zeros_like(flat)
        np.lib.stride_tricks.as_strided(expected, shape, tuple(4 * s for s in strides))[...] = src
        assert np.array_equal(flat, expected)
        # and back into a strided host array
        out_big = np.full((4, 7, 9), -1, dtype=np.int32)
        out = out_big[1:, ::1, 1:8:3][:, :6, :3]
        view.copy_to(_host(out), core_stream)
        assert np.array_equal(out, src)
        untouched = out_big.copy()
        untouched[1:, :6, 1:8:3] = -1
        assert (untouched == -1).all()  # nothing written beside the view


def test_device_to_device_strided_copy(core_device, core_stream):
    a = np.arange(8 * 32, dtype=np.int16).reshape(8, 32)
    sbuf, src = _device_array(core_device, core_stream, (8, 32), np.int16)
    dbuf, dst = _device_array(core_device, core_stream, (8, 16), np.int16, strides=(64, 2))
    with sbuf, dbuf:
        dbuf.fill(0, stream=core_stream)
        src.copy_from(_host(a), core_stream)
        from cudacffi.core.utils import StridedMemoryView

        half = StridedMemoryView.from_buffer(sbuf, (8, 16), (32, 2), dtype=np.int16)  # even columns of a
        dst.copy_from(half, core_stream)
        core_stream.sync()
        flat = _download(dbuf, np.int16, core_stream)
        expected = np.zeros(dbuf.size // 2, dtype=np.int16)
        np.lib.stride_tricks.as_strided(expected, (8, 16), (128, 4))[...] = a[:, ::2]
        assert np.array_equal(flat, expected)


@pytest.mark.parametrize("native", [True, False])
def test_copy_batch_copies_several_buffers(core, core_device, core_stream, native, monkeypatch):
    from cudacffi.core import _copy
    from cudacffi.core.utils import CopyOptions, copy_batch

    if not native:
        monkeypatch.setattr(_copy, "_native", [False])
    sizes = (256, 4096, 12, 1 << 20)
    hosts = [np.random.default_rng(i).integers(0, 255, size=n, dtype=np.uint8) for i, n in enumerate(sizes)]
    srcs = [core_device.allocate(n, stream=core_stream) for n in sizes]
    dsts = [core_device.allocate(n, stream=core_stream) for n in sizes]
    try:
        for h, s in zip(hosts, srcs):
            s.copy_from(h, stream=core_stream)
        for d in dsts:
            d.fill(0, stream=core_stream)
        copy_batch(core_stream, srcs, dsts,
                   options=[CopyOptions(), CopyOptions("any"), CopyOptions("any"), CopyOptions()])
        for h, d in zip(hosts, dsts):
            assert np.array_equal(_download(d, np.uint8, core_stream), h)
    finally:
        for b in srcs + dsts:
            b.close(core_stream)
        core_stream.sync()


TMA_KERNEL = r"""
struct alignas(64) TensorMap { unsigned long long opaque[16]; };

extern "C" __global__ void load_tile(const __grid_constant__ TensorMap tmap, float *out, int x0, int y0)
{
    __shared__ alignas(128) float tile[16 * 8];
    __shared__ alignas(8) unsigned long long bar;
    unsigned bar_addr = (unsigned)__cvta_generic_to_shared(&bar);
    unsigned tile_addr = (unsigned)__cvta_generic_to_shared(tile);
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(bar_addr) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("{\n .reg .b64 state;\n mbarrier.arrive.expect_tx.shared::cta.b64 state, [%0], %1;\n}"
                     :: "r"(bar_addr), "r"((unsigned)sizeof(tile)) : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3}], [%4];"
                     :: "r"(tile_addr), "l"((unsigned long long)&tmap), "r"(x0), "r"(y0), "r"(bar_addr) : "memory");
    }
    unsigned done = 0;
    while (!done) {
        asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     " selp.u32 %0, 1, 0, p;\n}" : "=r"(done) : "r"(bar_addr), "r"(0u) : "memory");
    }
    for (int i = threadIdx.x; i < 16 * 8; i += blockDim.x)
        out[i] = tile[i];
}
"""


def test_tensor_map_tile_load_and_replace_address(core, core_device, core_stream):
    from cudacffi.core import LaunchConfig, Program, ProgramOptions, TensorMapDescriptor, launch

    if int(core_device.arch) < 90:
        pytest.skip("TMA needs compute capability 9.0 or newer, this device is sm_%s" % core_device.arch)
    program = Program(TMA_KERNEL, "c++", ProgramOptions(arch="sm_" + core_device.arch))
    kernel = program.compile("cubin").get_kernel("load_tile")
    first = np.arange(64 * 32, dtype=np.float32).reshape(64, 32)
    second = -first
    abuf, a = _device_array(core_device, core_stream, (64, 32), np.float32)
    bbuf, b = _device_array(core_device, core_stream, (64, 32), np.float32)
    out = core_device.allocate(16 * 8 * 4, stream=core_stream)
    try:
        a.copy_from(_host(first), core_stream)
        b.copy_from(_host(second), core_stream)
        tm = a.as_tensor_map((16, 8))
        assert isinstance(tm, TensorMapDescriptor) and tm.device.device_id == core_device.device_id
        config = LaunchConfig(grid=1, block=128)
        launch(core_stream, config, kernel, tm, out, 8, 16)  # x (column) 8, y (row) 16
        assert np.array_equal(_download(out, np.float32, core_stream).reshape(16, 8), first[16:32, 8:16])
        tm.replace_address(b)
        launch(core_stream, config, kernel, tm, out, 0, 48)
        assert np.array_equal(_download(out, np.float32, core_stream).reshape(16, 8), second[48:64, 0:8])
    finally:
        for buf in (abuf, bbuf, out):
            buf.close(core_stream)
        core_stream.sync()


def test_tensor_map_encodes_on_any_device_that_has_the_call(core, core_device, core_stream):
    """cuTensorMapEncodeTiled needs no sm_90 to encode; the result is 128 bytes holding the address."""
    buf, view = _device_array(core_device, core_stream, (32, 64), np.uint16)
    with buf:
        tm = view.as_tensor_map(box_dim=(8, 16), l2_promotion=None)
        assert len(tm._bytes()) == 128 and tm.device is not None
        with pytest.raises(ValueError, match=r"box_dim\[1\] must be in \[1, 256\], got 512"):
            view.as_tensor_map((8, 512))
        assert repr(tm) == "TensorMapDescriptor(tiled, rank=2, dtype=UINT16, swizzle=NONE)"


TMA_1D_KERNEL = r"""
struct alignas(64) TensorMap { unsigned long long opaque[16]; };

extern "C" __global__ void copy_1d(const __grid_constant__ TensorMap tmap, float *out, int n)
{
    __shared__ alignas(128) float tile[128];
    __shared__ alignas(8) unsigned long long bar;
    unsigned bar_addr = (unsigned)__cvta_generic_to_shared(&bar);
    unsigned tile_addr = (unsigned)__cvta_generic_to_shared(tile);
    int start = blockIdx.x * 128;
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(bar_addr) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("{\n .reg .b64 state;\n mbarrier.arrive.expect_tx.shared::cta.b64 state, [%0], %1;\n}"
                     :: "r"(bar_addr), "r"((unsigned)sizeof(tile)) : "memory");
        asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2}], [%3];"
                     :: "r"(tile_addr), "l"((unsigned long long)&tmap), "r"(start), "r"(bar_addr) : "memory");
    }
    unsigned done = 0;
    while (!done) {
        asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     " selp.u32 %0, 1, 0, p;\n}" : "=r"(done) : "r"(bar_addr), "r"(0u) : "memory");
    }
    if (start + (int)threadIdx.x < n)
        out[start + threadIdx.x] = tile[threadIdx.x];
}
"""


def test_rank_1_tensor_maps_encode_every_time_and_copy(core, core_device, core_stream):
    """NVIDIA's tma_tensor_map.py: a 1-D map with a 128-element box. The driver writes a map only at a 64-byte
    aligned address and reads globalStrides even at rank 1: many maps in a row must all encode."""
    from cudacffi.core import LaunchConfig, Program, ProgramOptions, launch

    n = 1024
    src_buf, src = _device_array(core_device, core_stream, (n,), np.float32)
    alt_buf, alt = _device_array(core_device, core_stream, (n,), np.float32)
    out = core_device.allocate(n * 4, stream=core_stream)
    try:
        maps = [src.as_tensor_map(box_dim=(128,)) for _ in range(32)]
        assert all(m.getPtr() % 64 == 0 for m in maps)
        assert repr(maps[0]) == "TensorMapDescriptor(tiled, rank=1, dtype=FLOAT32, swizzle=NONE)"
        if int(core_device.arch) < 90:
            pytest.skip("TMA loads need compute capability 9.0 or newer, this device is sm_%s" % core_device.arch)
        kernel = Program(TMA_1D_KERNEL, "c++", ProgramOptions(arch="sm_" + core_device.arch)).compile(
            "cubin").get_kernel("copy_1d")
        data = np.arange(n, dtype=np.float32)
        src.copy_from(_host(data), core_stream)
        alt.copy_from(_host(np.full(n, 42.0, dtype=np.float32)), core_stream)
        tm = maps[-1]
        launch(core_stream, LaunchConfig(grid=n // 128, block=128), kernel, tm, out, np.int32(n))
        assert np.array_equal(_download(out, np.float32, core_stream), data)
        tm.replace_address(alt)
        launch(core_stream, LaunchConfig(grid=n // 128, block=128), kernel, tm, out, np.int32(n))
        assert np.array_equal(_download(out, np.float32, core_stream), np.full(n, 42.0, dtype=np.float32))
    finally:
        for b in (src_buf, alt_buf, out):
            b.close(core_stream)
        core_stream.sync()


# -- StridedMemoryView of device arrays: the consumer stream reaches the producer as an int ------------------

def test_views_of_device_buffers_describe_themselves_as_cuda_core(core, core_device, core_stream):
    from cudacffi.core.utils import StridedMemoryView

    buf = core_device.allocate(48, stream=core_stream)
    try:
        v = StridedMemoryView.from_buffer(buf, (3, 4), (4, 1), dtype=np.dtype(np.float32))
        assert repr(v) == ("StridedMemoryView(ptr=%d,\n" % int(buf.handle)
                           + "                  shape=(3, 4),\n                  strides=(4, 1),\n"
                           + "                  itemsize=4,\n                  dtype=%s.%s,\n"
                           % (type(np.dtype(np.float32)).__module__, type(np.dtype(np.float32)).__name__)
                           + "                  device_id=%d,\n" % core_device.device_id
                           + "                  is_device_accessible=True,\n                  readonly=False,\n"
                           + "                  exporting_obj=%s.Buffer)" % type(buf).__module__)
        w = StridedMemoryView.from_buffer(buf, (12,), itemsize=4)
        assert w.dtype is None and "dtype=NoneType" in repr(w)
        with pytest.raises(BufferError, match="without dtype information"):
            w.__dlpack__()
        d = StridedMemoryView.from_any_interface(buf, core_stream.handle)  # a Buffer speaks DLPack
        assert (d.ptr, d.shape, d.device_id, d.__dlpack_device__()) == (int(buf.handle), (48,), core_device.device_id,
                                                                         (2, core_device.device_id))
        with pytest.raises(BufferError, match="stream=None is ambiguous"):
            StridedMemoryView.from_any_interface(buf)
        # memory wrapped by from_handle is not checked against the layout (size 0, negative strides: as cuda.core)
        external = core.Buffer.from_handle(int(buf.handle) + 44, 0, owner=buf)
        e = StridedMemoryView.from_buffer(external, (3, 4), (-4, 1), itemsize=4)
        assert (e.ptr, e.strides, e.dtype, e.device_id) == (int(buf.handle) + 44, (-4, 1), None, core_device.device_id)
        host = StridedMemoryView.from_array_interface(np.zeros(3))
        # as cuda.core: the current device
        assert host.device_id == core_device.device_id and not host.is_device_accessible
    finally:
        buf.close(core_stream)
        core_stream.sync()


def test_cupy_arrays_viewed_with_a_stream_handle(core, core_device, core_stream):
    """NVIDIA's strided_memory_view_gpu/constructors examples: stream_ptr=stream.handle (a CUstream) reaches
    CuPy's __dlpack__ as an int; __cuda_array_interface__ orders the consumer stream after CuPy's."""
    cp = pytest.importorskip("cupy")
    from cudacffi.core.utils import StridedMemoryView, args_viewable_as_strided_memory

    a = cp.arange(12, dtype=cp.float32).reshape(3, 4)
    for v in (StridedMemoryView.from_dlpack(a, stream_ptr=core_stream.handle),
              StridedMemoryView.from_dlpack(a, stream_ptr=int(core_stream.handle)),
              StridedMemoryView.from_any_interface(a, stream_ptr=core_stream.handle),
              StridedMemoryView.from_dlpack(a, stream_ptr=-1),
              StridedMemoryView.from_cuda_array_interface(a, stream_ptr=core_stream.handle)):
        assert (v.ptr, v.shape, v.dtype, v.device_id, v.is_device_accessible) == \
            (a.data.ptr, (3, 4), np.dtype(np.float32), core_device.device_id, True)
        cp.testing.assert_array_equal(cp.from_dlpack(v), a)
    with pytest.raises(BufferError, match="stream=None is ambiguous"):
        StridedMemoryView.from_dlpack(a)

    @args_viewable_as_strided_memory((0,))
    def view_of(arr, work_stream):
        return arr.view(work_stream.handle if work_stream else -1)

    for s in (core_stream, None):
        v = view_of(cp.arange(8, dtype=cp.int32), s)
        assert v.dtype == np.int32 and v.is_device_accessible and v.shape == (8,)
    core_stream.sync()


PROGRAM = r"""
extern "C" __global__ void store(int *p, int v) { p[threadIdx.x] = v + threadIdx.x; }
"""


def test_program_cache_in_front_of_compile(core, core_device, core_stream, tmp_path):
    from cudacffi.core import LaunchConfig, ObjectCode, Program, ProgramOptions, launch
    from cudacffi.core._program_cache import compile_with_cache
    from cudacffi.core.utils import FileStreamProgramCache, InMemoryProgramCache, make_program_cache_key

    options = ProgramOptions(arch="sm_" + core_device.arch)
    for cache in (FileStreamProgramCache(tmp_path / "cache"), InMemoryProgramCache()):
        with cache:
            key = make_program_cache_key(code=PROGRAM, code_type="c++", options=options, target_type="cubin")
            assert cache.get(key) is None
            compiled = compile_with_cache(Program(PROGRAM, "c++", options), cache, PROGRAM, "cubin")
            assert cache.get(key) == compiled.code
            hit = Program(PROGRAM, "c++", options).compile("cubin", cache=cache)
            assert hit.code == compiled.code and hit is not compiled
            for obj in (hit, ObjectCode.from_cubin(cache[key])):
                buf = core_device.allocate(32 * 4, stream=core_stream)
                try:
                    launch(core_stream, LaunchConfig(grid=1, block=32), obj.get_kernel("store"), buf, 7)
                    assert list(_download(buf, np.int32, core_stream)) == [7 + i for i in range(32)]
                finally:
                    buf.close(core_stream)
    core_stream.sync()


def test_torch_takes_a_device_view_through_dlpack(core, core_device, core_stream):
    """torch.from_dlpack of a StridedMemoryView of device memory: the same memory, the same values (torch may read
    the view through its C exchange API, __dlpack_c_exchange_api__, or through __dlpack__)."""
    torch = pytest.importorskip("torch")
    from cudacffi.core.utils import StridedMemoryView

    buf = core_device.allocate(64, stream=core_stream)
    try:
        buf.copy_from(np.arange(16, dtype=np.float32), stream=core_stream)
        core_stream.sync()
        view = StridedMemoryView.from_buffer(buf, (4, 4), dtype=np.dtype(np.float32))
        t = torch.from_dlpack(view)
        assert t.data_ptr() == int(buf.handle) and t.device.type == "cuda" and tuple(t.shape) == (4, 4)
        assert t.cpu().numpy().ravel().tolist() == list(range(16))
        t.mul_(2)
        torch.cuda.synchronize()
        assert _download(buf, np.float32, core_stream).tolist() == [2.0 * i for i in range(16)]
        del t
    finally:
        buf.close(core_stream)
        core_stream.sync()
