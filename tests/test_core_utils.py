"""cudacffi.core.utils with no GPU: CopyOptions and the memcpy enums, copy_batch and strided StridedMemoryView
copies against a stand-in driver that copies host memory (so every planned memcpy / 2-D / 3-D copy moves real
bytes, compared with numpy), StridedMemoryView.view, tensor-map validation and encoding arguments, the
TensorMapDescriptor launch rule, the program caches and make_program_cache_key."""

import ctypes
import dataclasses
import os
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cudacffi import FunctionNotFoundError
from cudacffi.core import _copy, _tensor_map, _utils
from cudacffi.core._file_cache import _HEADER as FILE_HEADER
from cudacffi.core.utils import (CopyOptions, FileStreamProgramCache, InMemoryProgramCache, MemcpyOverlapMode,
                                 MemcpySrcAccessOrder, ProgramCacheResource, StridedMemoryView, copy_batch,
                                 make_program_cache_key)

np = pytest.importorskip("numpy")


# -- CopyOptions and the enums ----------------------------------------------------------------------------------

def test_memcpy_enums_are_str_valued():
    assert MemcpySrcAccessOrder.STREAM == "stream" and isinstance(MemcpySrcAccessOrder.ANY, str)
    assert str(MemcpyOverlapMode.PREFER_OVERLAP_WITH_COMPUTE) == "prefer_overlap_with_compute"
    assert "%s" % MemcpySrcAccessOrder.DURING_API_CALL == "during_api_call"
    assert MemcpySrcAccessOrder("any") is MemcpySrcAccessOrder.ANY
    assert MemcpyOverlapMode.DEFAULT.upper() == "DEFAULT"
    assert [m.value for m in MemcpySrcAccessOrder] == ["stream", "during_api_call", "any"]


def test_copy_options_fields_defaults_and_normalisation():
    assert [f.name for f in dataclasses.fields(CopyOptions)] == ["src_access_order", "src_location_hint",
                                                                  "dst_location_hint", "overlap_mode"]
    o = CopyOptions()
    assert o.src_access_order is MemcpySrcAccessOrder.STREAM and o.overlap_mode is MemcpyOverlapMode.DEFAULT
    assert CopyOptions("any") == CopyOptions(MemcpySrcAccessOrder.ANY)
    assert hash(CopyOptions("any")) == hash(CopyOptions(src_access_order="any"))
    assert CopyOptions("any") != CopyOptions()
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.overlap_mode = "default"


@pytest.mark.parametrize("kwargs, error, word", [
    (dict(src_access_order="bogus"), ValueError, "src_access_order"),
    (dict(overlap_mode=5), ValueError, "overlap_mode"),
    (dict(src_location_hint=3), TypeError, "src_location_hint"),
    (dict(dst_location_hint="host"), TypeError, "dst_location_hint"),
])
def test_copy_options_refuse_bad_values_naming_the_field(kwargs, error, word):
    with pytest.raises(error, match=word):
        CopyOptions(**kwargs)


def test_options_broadcast_pair_and_collapse_into_runs():
    a, b = CopyOptions(), CopyOptions("any")
    assert _copy._normalize_options(None, 3) == (a, a, a)
    assert _copy._normalize_options(b, 2) == (b, b)
    with pytest.raises(ValueError, match="2 entries for 3"):
        _copy._normalize_options([a, b], 3)
    with pytest.raises(TypeError, match=r"options\[1\]"):
        _copy._normalize_options([a, "any"], 2)
    assert _copy._runs([a, a, b, b, a]) == ([a, b, a], [0, 2, 4])


# -- a stand-in driver over host memory --------------------------------------------------------------------------

class HostDriver:
    """The driver calls the copies make, performed on host addresses with ctypes.memmove, and recorded."""

    def __init__(self, batch=True):
        from cudacffi import driver as real

        self.real = real
        self.calls = []
        for name in ("CUDA_MEMCPY2D", "CUDA_MEMCPY3D", "CUmemorytype", "CUmemcpyAttributes", "CUmemcpySrcAccessOrder",
                     "CUmemcpyFlags", "CUmemLocationType", "CUstreamCaptureStatus", "CUtensorMap",
                     "CUtensorMapDataType", "CUtensorMapInterleave", "CUtensorMapSwizzle", "CUtensorMapL2promotion",
                     "CUtensorMapFloatOOBfill"):
            if hasattr(real, name):  # the batch's types are CUDA 12.8's
                setattr(self, name, getattr(real, name))
        if not hasattr(real, "cuMemcpyBatchAsync"):  # headers older than CUDA 12.8: not in the module at all
            self.cuMemcpyBatchAsync = None
        elif not batch:  # in the module, not in the driver
            self.cuMemcpyBatchAsync = self._missing

    def cuMemcpyAsync(self, dst, src, n, h):
        self.calls.append("1d")
        ctypes.memmove(int(dst), int(src), n)
        return (0,)

    def _addr(self, p, side):
        host = int(getattr(p, side + "MemoryType")) == int(self.CUmemorytype.CU_MEMORYTYPE_HOST)
        return int(getattr(p, side + ("Host" if host else "Device")))

    def cuMemcpy2DAsync(self, p, h):
        self.calls.append("2d")
        s, d = self._addr(p, "src"), self._addr(p, "dst")
        for row in range(p.Height):
            ctypes.memmove(d + row * p.dstPitch, s + row * p.srcPitch, p.WidthInBytes)
        return (0,)

    def cuMemcpy3DAsync(self, p, h):
        self.calls.append("3d")
        s, d = self._addr(p, "src"), self._addr(p, "dst")
        for z in range(p.Depth):
            for row in range(p.Height):
                ctypes.memmove(d + (z * p.dstHeight + row) * p.dstPitch, s + (z * p.srcHeight + row) * p.srcPitch,
                               p.WidthInBytes)
        return (0,)

    def cuStreamSynchronize(self, h):
        self.calls.append("sync")
        return (0,)

    def cuStreamIsCapturing(self, h):
        return (0, self.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE)

    def cuMemcpyBatchAsync(self, dsts, srcs, sizes, count, attrs, idxs, n_attrs, h):
        self.calls.append(("batch", count, n_attrs, list(idxs), [int(a.srcAccessOrder) for a in attrs],
                           [int(a.dstLocHint.type) for a in attrs]))
        for d, s, n in zip(dsts, srcs, sizes):
            ctypes.memmove(d, s, n)
        return (0,)

    def _missing(self, *args):
        raise FunctionNotFoundError("cuMemcpyBatchAsync")


class FakeStream:
    def __cuda_stream__(self):
        return (0, 0x5000)


@pytest.fixture
def host_driver(monkeypatch):
    def install(**kw):
        drv = HostDriver(**kw)
        monkeypatch.setattr(_utils, "driver", lambda: drv)
        monkeypatch.setattr(_copy, "_native", [])
        return drv
    return install


# -- strided copies ------------------------------------------------------------------------------------------

def _view(a):
    return StridedMemoryView.from_array_interface(a)


LAYOUTS = [
    # (shape, source slicing, destination slicing), both over bigger arrays
    ((6, 5), np.s_[:, :], np.s_[:, :]),
    ((6, 5), np.s_[::2, :], np.s_[:, :]),
    ((6, 5), np.s_[:, ::2], np.s_[::3, :]),
    ((4, 3, 5), np.s_[:, ::2, 1:], np.s_[:, :, :]),
    ((4, 3, 5), np.s_[::2, :, :], np.s_[:, 1:, ::2]),
    ((3, 4, 2, 5), np.s_[:, ::2, :, ::3], np.s_[::2, :, :, :]),
    ((7,), np.s_[::3], np.s_[:]),
    ((2, 1, 9), np.s_[:, :, ::2], np.s_[:, :, 1:]),
]


def _bigger(shape, sl, dtype, seed):
    """An array whose ``[sl]`` has ``shape``: each dimension made 3x longer, then sliced and cut to shape."""
    big = np.random.default_rng(seed).integers(0, 1 << 30, size=tuple(3 * n + 1 for n in shape)).astype(dtype)
    part = big[sl]
    return big, part[tuple(slice(0, n) for n in shape)]


@pytest.mark.parametrize("shape, src_sl, dst_sl", LAYOUTS)
@pytest.mark.parametrize("dtype", ["int32", "float64", "uint8"])
def test_strided_copy_moves_exactly_the_viewed_elements(host_driver, shape, src_sl, dst_sl, dtype):
    drv = host_driver()
    _, src = _bigger(shape, src_sl, dtype, 1)
    big_dst, dst = _bigger(shape, dst_sl, dtype, 2)
    before = big_dst.copy()
    expected = big_dst.copy()
    expected_part = expected[dst_sl][tuple(slice(0, n) for n in shape)]
    expected_part[...] = src
    _view(dst).copy_from(_view(src), FakeStream())
    assert np.array_equal(big_dst, expected)  # the viewed elements, and not one byte beside them
    assert not np.array_equal(before, expected)
    assert drv.calls[-1] == "sync"  # host memory on both sides: blocking by default


@st.composite
def copy_layouts(draw):
    """(shape, source (steps, axis order), destination (steps, axis order), dtype)."""
    rank = draw(st.integers(1, 4))
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=rank, max_size=rank)))

    def side():
        return (tuple(draw(st.lists(st.integers(1, 3), min_size=rank, max_size=rank))),
                tuple(draw(st.permutations(range(rank)))))
    return shape, side(), side(), draw(st.sampled_from(["uint8", "int16", "float32", "complex128"]))


def _layout_view(whole, shape, steps, order):
    """The view of ``whole`` with ``shape`` whose axes lie in memory in ``order`` (outermost first), ``steps``
    elements apart, starting one element in."""
    part = whole[tuple(slice(1, None, step) for step in steps)]
    return part.transpose(np.argsort(order))


def _layout_array(shape, steps, order, dtype):
    whole = np.zeros(tuple(shape[o] * step + 1 for o, step in zip(order, steps)), dtype=dtype)
    return whole, _layout_view(whole, shape, steps, order)


@settings(max_examples=150, deadline=None)
@given(copy_layouts())
def test_any_positive_layout_copies_like_numpy(layout):
    shape, (s_steps, s_order), (d_steps, d_order), dtype = layout
    _, src = _layout_array(shape, s_steps, s_order, dtype)
    assert src.shape == shape
    src[...] = (np.arange(src.size).reshape(shape) + 1).astype(dtype)
    whole, dst = _layout_array(shape, d_steps, d_order, dtype)
    expected = whole.copy()
    _layout_view(expected, shape, d_steps, d_order)[...] = src
    with pytest.MonkeyPatch.context() as mp:
        drv = HostDriver()
        mp.setattr(_utils, "driver", lambda: drv)
        _view(dst).copy_from(_view(src), FakeStream())
    assert whole.any() and np.array_equal(whole, expected)


def test_contiguous_copy_is_one_memcpy_and_matching_rows_one_2d_copy(host_driver):
    drv = host_driver()
    a = np.arange(24, dtype=np.int32).reshape(4, 6)
    b = np.zeros_like(a)
    _view(a).copy_to(_view(b), FakeStream(), blocking=False)
    assert drv.calls == ["1d"] and np.array_equal(a, b)
    big = np.zeros((4, 10), dtype=np.int32)
    _view(big[:, 2:8]).copy_from(_view(a), FakeStream(), blocking=False)
    assert drv.calls == ["1d", "2d"] and np.array_equal(big[:, 2:8], a) and not big[:, :2].any()


def test_3d_layout_is_one_3d_copy(host_driver):
    drv = host_driver()
    src = np.arange(4 * 5 * 6, dtype=np.int16).reshape(4, 5, 6)
    big = np.zeros((4, 7, 9), dtype=np.int16)
    _view(big[:, :5, :6]).copy_from(_view(src), FakeStream(), blocking=False)
    assert drv.calls == ["3d"] and np.array_equal(big[:, :5, :6], src) and big[:, 5:, :].sum() == 0


def test_copy_refuses_mismatches_and_uncopyable_layouts(host_driver):
    host_driver()
    a = np.zeros((4, 4), dtype=np.int32)
    with pytest.raises(ValueError, match="shapes differ"):
        _view(a).copy_from(_view(np.zeros((4, 5), dtype=np.int32)), FakeStream())
    with pytest.raises(ValueError, match="dtypes differ"):
        _view(a).copy_from(_view(np.zeros((4, 4), dtype=np.float32)), FakeStream())
    with pytest.raises(ValueError, match="negative or zero"):
        _view(a).copy_from(_view(np.zeros((4, 4), dtype=np.int32)[::-1]), FakeStream())
    with pytest.raises(ValueError, match="negative or zero"):
        _view(a).copy_from(_view(np.broadcast_to(np.zeros(4, dtype=np.int32), (4, 4))), FakeStream())
    ro = np.zeros((4, 4), dtype=np.int32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        _view(ro).copy_from(_view(a), FakeStream())
    with pytest.raises(TypeError, match="other must be a StridedMemoryView"):
        _view(a).copy_from(a, FakeStream())
    with pytest.raises(TypeError, match="allocator"):
        _view(a).copy_to(_view(a.copy()), FakeStream(), allocator="pool")
    with pytest.raises(TypeError, match="blocking"):
        _view(a).copy_to(_view(a.copy()), FakeStream(), blocking="yes")


def test_plan_merges_contiguous_dims_and_refuses_overlapping_rows():
    assert _copy.plan_copy((2, 3, 4), (48, 16, 4), (48, 16, 4), 4) == ([], (96, []))
    assert _copy.plan_copy((2, 3, 4), (96, 32, 4), (48, 16, 4), 4) == ([], (16, [(6, 32, 16)]))
    assert _copy.plan_copy((2, 3, 4), (100, 32, 4), (48, 16, 4), 4) == ([(2, 100, 48)], (16, [(3, 32, 16)]))
    # source rows of 16 bytes every 8 (a sliding window): element by element, never a row wider than its pitch
    assert _copy.plan_copy((3, 4), (8, 4), (16, 4), 4) == ([(3, 8, 16)], (4, [(4, 4, 4)]))
    with pytest.raises(ValueError, match="same bytes"):
        _copy.plan_copy((3, 4), (16, 4), (8, 4), 4)  # destination rows overlapping
    with pytest.raises(ValueError, match="driver copies"):
        _copy.plan_copy((300, 300, 2, 2), (4000000, 12000, 48, 8), (4000000, 12000, 48, 8), 4)


# -- copy_batch ----------------------------------------------------------------------------------------------

def _host_buffers(arrays):
    from cudacffi.core import Buffer

    return [Buffer.from_handle(a.ctypes.data, a.nbytes) for a in arrays]


def _batch_or_skip():
    from cudacffi import driver

    if not hasattr(driver, "cuMemcpyBatchAsync"):
        pytest.skip("this build's CUDA headers have no cuMemcpyBatchAsync (CUDA 12.8+)")


@pytest.mark.parametrize("batch", [True, False])
def test_copy_batch_copies_every_pair(host_driver, batch):
    if batch:
        _batch_or_skip()
    drv = host_driver(batch=batch)
    srcs = [np.arange(n, dtype=np.uint8) + n for n in (16, 40, 8)]
    dsts = [np.zeros_like(a) for a in srcs]
    copy_batch(FakeStream(), _host_buffers(srcs), _host_buffers(dsts), options=[CopyOptions(), CopyOptions(),
                                                                              CopyOptions("any")])
    assert all(np.array_equal(s, d) for s, d in zip(srcs, dsts))
    if batch:
        assert drv.calls == [("batch", 3, 2, [0, 2], [1, 3], [0, 0])]
    else:
        assert drv.calls == ["1d", "1d", "1d"]


class Host:
    """Shaped like cudacffi.core.Host: a host location, optionally a NUMA node."""

    def __init__(self, numa_id=None, is_numa_current=False):
        self.numa_id, self.is_numa_current = numa_id, is_numa_current


def test_copy_batch_location_hints_reach_the_attributes(host_driver):
    _batch_or_skip()
    drv = host_driver()
    t = drv.CUmemLocationType
    a, b = np.ones(8, dtype=np.uint8), np.zeros(8, dtype=np.uint8)
    opts = [CopyOptions(dst_location_hint=Host()), CopyOptions(dst_location_hint=Host(numa_id=1)),
            CopyOptions(dst_location_hint=Host(is_numa_current=True))]
    copy_batch(FakeStream(), _host_buffers([a] * 3), _host_buffers([b] * 3), options=opts)
    assert drv.calls[0][5] == [int(t.CU_MEM_LOCATION_TYPE_HOST), int(t.CU_MEM_LOCATION_TYPE_HOST_NUMA),
                               int(t.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT)] and b.all()


def test_copy_batch_fallback_refuses_during_api_call(host_driver):
    host_driver(batch=False)
    a, b = np.ones(8, dtype=np.uint8), np.zeros(8, dtype=np.uint8)
    with pytest.raises(RuntimeError, match=r"options\[0\].*DURING_API_CALL"):
        copy_batch(FakeStream(), _host_buffers([a]), _host_buffers([b]), options=CopyOptions("during_api_call"))
    assert not b.any()


def test_copy_batch_refuses_bad_arguments(host_driver):
    host_driver()
    a, b = np.ones(8, dtype=np.uint8), np.zeros(16, dtype=np.uint8)
    (ba,), (bb,) = _host_buffers([a]), _host_buffers([b])
    with pytest.raises(TypeError, match="single Buffer"):
        copy_batch(FakeStream(), ba, [bb])
    with pytest.raises(ValueError, match="sizes must match"):
        copy_batch(FakeStream(), [ba], [bb])
    with pytest.raises(ValueError, match="pair up"):
        copy_batch(FakeStream(), [ba, ba], [bb])
    with pytest.raises(TypeError, match=r"dsts\[0\]"):
        copy_batch(FakeStream(), [ba], [b])
    with pytest.raises(TypeError, match="stream must be a Stream"):
        copy_batch(None, [ba], [ba])
    from cudacffi.core import LEGACY_DEFAULT_STREAM

    with pytest.raises(TypeError, match="legacy default stream"):
        copy_batch(LEGACY_DEFAULT_STREAM, [ba], [ba])
    closed = _host_buffers([a])[0]
    closed.close()
    with pytest.raises(RuntimeError, match=r"srcs\[0\]: Buffer has been closed"):
        copy_batch(FakeStream(), [closed], [ba])


# -- DLPack producers: what from_dlpack hands them, and dtypes numpy lacks ------------------------------------

class Producer:
    """A DLPack producer of ``backing`` (a numpy array) claiming DLPack device ``device`` and dtype ``dl_dtype``;
    it records the keywords each __dlpack__ call got."""

    def __init__(self, backing, device=(2, 0), dl_dtype=None, versioned=True):
        from cudacffi.core import _dlpack

        self.backing, self.device, self.calls, self.versioned = backing, device, [], versioned
        self.dl_dtype = dl_dtype or (_dlpack.FLOAT, 32, 1)

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, **kwargs):
        from cudacffi.core import _dlpack

        self.calls.append(kwargs)
        stream = kwargs.get("stream")
        if stream is not None and (type(stream) is not int or not (stream == -1 or stream > 0)):
            raise BufferError("the valid stream for the DLPack protocol is -1, 1, 2, or any larger value, but %r "
                              "was provided" % (stream,))
        b = self.backing
        return _dlpack.export(b, b.ctypes.data, b.shape, [st // b.itemsize for st in b.strides], self.dl_dtype,
                              self.device, self.versioned and "max_version" in kwargs)


class CUstreamLike:
    """Like a driver CUstream: an int through __int__ and getPtr, no __index__."""

    def __init__(self, v):
        self.v = v

    def __int__(self):
        return self.v

    def getPtr(self):
        return 0


class StreamLike:
    def __cuda_stream__(self):
        return (0, 0x5000)


def test_from_dlpack_hands_device_producers_the_consumer_stream_as_an_int():
    """The DLPack protocol takes the consumer stream as an int: a CUstream (stream.handle), an int, a numpy
    integer or an object with __cuda_stream__ all reach the producer as one; 0 reaches it as None."""
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    for value, expected in ((CUstreamLike(0x1234), 0x1234), (0x1234, 0x1234), (np.uint64(0x1234), 0x1234),
                            (StreamLike(), 0x5000), (-1, -1), (1, 1), (2, 2), (0, None)):
        p = Producer(a)
        v = StridedMemoryView.from_dlpack(p, stream_ptr=value)
        assert p.calls == [{"stream": expected, "max_version": (1, 0)}] if expected is not None else \
            p.calls == [{"max_version": (1, 0)}], (value, p.calls)
        assert (v.ptr, v.shape, v.strides, v.dtype, v.device_id, v.is_device_accessible) == \
            (a.ctypes.data, (3, 4), (4, 1), np.float32, 0, True)
        assert v.__dlpack_device__() == (2, 0) and v.exporting_obj is p
    p = Producer(a)
    assert StridedMemoryView.from_any_interface(p, CUstreamLike(7)).ptr == a.ctypes.data
    assert p.calls == [{"stream": 7, "max_version": (1, 0)}]
    for call in (lambda: StridedMemoryView.from_dlpack(Producer(a)), lambda: StridedMemoryView.from_dlpack(
            Producer(a), None), lambda: StridedMemoryView.from_any_interface(Producer(a))):
        with pytest.raises(BufferError, match=r"stream=None is ambiguous with view\(\)"):
            call()
    with pytest.raises(TypeError, match="stream_ptr must be an int"):
        StridedMemoryView.from_dlpack(Producer(a), 1.5)
    with pytest.raises(BufferError, match="device not supported"):
        StridedMemoryView.from_dlpack(Producer(a, device=(10, 0)), -1)
    # pinned and managed memory: any stream, None included, passes through
    for device in ((3, 0), (13, 0)):
        p = Producer(a, device=device)
        v = StridedMemoryView.from_dlpack(p)
        assert p.calls == [{"max_version": (1, 0)}] and v.is_device_accessible and v.device_id == 0
        StridedMemoryView.from_dlpack(p, CUstreamLike(9))
        assert p.calls[-1] == {"stream": 9, "max_version": (1, 0)}


def test_args_viewable_proxy_passes_the_work_stream_handle():
    """NVIDIA's strided_memory_view_gpu.py: arr.view(work_stream.handle)."""
    from cudacffi.core.utils import args_viewable_as_strided_memory

    @args_viewable_as_strided_memory((0,))
    def f(arr, handle):
        assert arr.has_dlpack and type(arr).__name__ == "_StridedMemoryViewProxy"
        return arr.view(handle)

    p = Producer(np.arange(4, dtype=np.float32))
    assert f(p, CUstreamLike(0x77)).shape == (4,) and p.calls[-1]["stream"] == 0x77
    with pytest.raises(BufferError, match="does not support any data exchange protocol"):
        f(object(), -1)


def test_dlpack_dtypes_numpy_lacks_read_as_cuda_core():
    """bfloat16 and vector dtypes make a view (item size known); dtype raises as cuda.core's does, and the view
    exports the producer's dtype unchanged."""
    from cudacffi.core import _dlpack

    a = np.arange(8, dtype=np.uint16)
    v = StridedMemoryView.from_dlpack(Producer(a, dl_dtype=(_dlpack.BFLOAT, 16, 1)), -1)
    assert (v.shape, v.strides, v.ptr, v.size) == ((8,), (1,), a.ctypes.data, 8)
    try:
        import ml_dtypes  # noqa: F401
        assert v.dtype.name == "bfloat16"
    except ImportError:
        with pytest.raises(NotImplementedError, match="bfloat16 within cuda-core requires `ml_dtypes`"):
            v.dtype
        assert "dtype=DLPack(code=4, bits=16, lanes=1)" in repr(v) and "itemsize=2" in repr(v)
    assert _dlpack.read(v.__dlpack__(max_version=(1, 0))).dtype == (_dlpack.BFLOAT, 16, 1)
    vec = StridedMemoryView.from_dlpack(Producer(np.zeros(8, np.float32), dl_dtype=(_dlpack.FLOAT, 32, 2),
                                                 device=(1, 0)), -1)
    with pytest.raises(NotImplementedError, match=r"vector dtypes \(lanes=2\) is not supported"):
        vec.dtype
    odd = StridedMemoryView.from_dlpack(Producer(np.zeros(8, np.float32), dl_dtype=(_dlpack.FLOAT, 24, 1),
                                                 device=(1, 0)), -1)
    with pytest.raises(TypeError, match="float24 is not supported"):
        odd.dtype
    with pytest.raises(ValueError, match="must be a multiple of 8"):
        StridedMemoryView.from_dlpack(Producer(a, dl_dtype=(_dlpack.INT, 4, 1), device=(1, 0)), -1)


def test_from_buffer_checks_the_extent_of_allocations_only():
    """As cuda.core: a buffer from a memory resource must hold the layout (no negative offsets); memory wrapped
    by Buffer.from_handle is not checked (its size may be 0, its pointer inside a larger allocation)."""
    from cudacffi.core import Buffer, MemoryResource

    class Resource(MemoryResource):
        def allocate(self, size, stream=None):
            return Buffer.from_handle(0x10000, size, mr=self)

        def deallocate(self, ptr, size, stream=None):
            pass

        is_device_accessible = True
        is_host_accessible = False
        device_id = 0

    buf = Resource().allocate(64)
    assert StridedMemoryView.from_buffer(buf, (4, 4), dtype=np.float32).shape == (4, 4)
    with pytest.raises(ValueError, match="Buffer size is too small for the layout. Expected at least 80 bytes, "
                                         "got 64 bytes."):
        StridedMemoryView.from_buffer(buf, (5, 4), dtype=np.float32)
    with pytest.raises(ValueError, match="negative memory offsets is ambiguous. The layout's min_offset is -3."):
        StridedMemoryView.from_buffer(buf, (4,), (-1,), itemsize=4)


def test_bfloat16_views_encode_as_bfloat16_tensor_maps(monkeypatch):
    from cudacffi.core import _dlpack

    drv = TensorMapDriver()
    monkeypatch.setattr(_utils, "driver", lambda: drv)
    a = np.zeros((64, 32), dtype=np.uint16)
    a_ptr = a.ctypes.data
    if a_ptr % 16:
        pytest.skip("numpy gave an array that is not 16-byte aligned")
    v = StridedMemoryView.from_dlpack(Producer(a, dl_dtype=(_dlpack.BFLOAT, 16, 1)), -1)
    tm = v.as_tensor_map((16, 8), data_type=_tensor_map.TensorMapDataType.BFLOAT16)
    assert drv.calls[-1][:2] == ("encode", int(_tensor_map.TensorMapDataType.BFLOAT16))
    assert repr(tm) == "TensorMapDescriptor(tiled, rank=2, dtype=BFLOAT16, swizzle=NONE)"


# -- StridedMemoryView.view ----------------------------------------------------------------------------------

class Layout:
    def __init__(self, shape, strides, itemsize, slice_offset=0):
        self.shape, self.strides, self.itemsize, self.slice_offset = shape, strides, itemsize, slice_offset


def test_view_reshapes_and_reinterprets_within_the_extent():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    v = _view(a)
    w = v.view((4, 3))
    assert w.shape == (4, 3) and w.strides is None and w.ptr == v.ptr and w.dtype == np.float32
    assert v.view(dtype=np.int32).dtype == np.int32
    t = v.view(Layout((4, 3), (1, 4), 4))  # the transpose
    assert np.array_equal(np.from_dlpack(t), a.T)
    d = v.view(Layout((6,), None, 8), dtype=np.float64)
    assert d.dtype == np.float64 and np.array_equal(np.from_dlpack(d), a.view(np.float64).ravel())
    assert v.view(Layout((6,), None, 8)).dtype == np.uint64
    tail = v.view(Layout((2,), None, 4, slice_offset=10))
    assert tail.ptr == v.ptr + 40 and list(np.from_dlpack(tail)) == [10.0, 11.0]


def test_view_description_is_read_only():
    v = _view(np.zeros((3, 4), dtype=np.float32))
    for name, value in (("ptr", 0), ("shape", (12,)), ("readonly", True), ("exporting_obj", None)):
        with pytest.raises(AttributeError):
            setattr(v, name, value)
    assert v.shape == (3, 4) and v.readonly is False and v.ptr != 0


def test_view_refuses_what_leaves_the_memory_or_mismatches():
    v = _view(np.zeros((3, 4), dtype=np.float32))
    with pytest.raises(ValueError, match="outside"):
        v.view(Layout((13,), None, 4))
    with pytest.raises(ValueError, match="outside"):
        v.view(Layout((2,), None, 4, slice_offset=11))
    with pytest.raises(ValueError, match="8-byte items, the view's 4"):
        v.view(dtype=np.float64)
    with pytest.raises(ValueError, match="8-byte items, the layout 4"):
        v.view(Layout((3, 4), None, 4), dtype=np.float64)
    with pytest.raises(ValueError, match="reshape 12"):
        v.view((5, 3))
    with pytest.raises(ValueError, match="C-contiguous"):
        _view(np.zeros((4, 4), dtype=np.float32)[:, ::2]).view((8,))
    with pytest.raises(TypeError, match="layout must have"):
        v.view("3x4")


# -- tensor maps -----------------------------------------------------------------------------------------------

TMO = _tensor_map.TensorMapDescriptorOptions


def test_tensor_map_options_fields_and_checks():
    from cudacffi.core import TensorMapDescriptorOptions

    assert TensorMapDescriptorOptions is TMO
    assert [f.name for f in dataclasses.fields(TMO)] == ["box_dim", "element_strides", "data_type", "interleave",
                                                         "swizzle", "l2_promotion", "oob_fill"]
    o = TMO([16, 8], data_type="float32")  # as cuda.core: a numpy dtype is kept as one
    assert o.box_dim == (16, 8) and o.data_type == np.dtype(np.float32)
    assert o == TMO((16, 8), data_type=np.float32)
    assert TMO((np.int64(4),)).box_dim == (4,) and type(TMO((np.int64(4),)).box_dim[0]) is int
    assert TMO((8,), data_type=_tensor_map.TensorMapDataType.BFLOAT16).data_type is \
        _tensor_map.TensorMapDataType.BFLOAT16
    with pytest.raises(TypeError):
        hash(o)
    with pytest.raises(TypeError, match="box_dim must be a tuple of ints"):
        TMO(8)
    with pytest.raises(TypeError, match=r"box_dim\[1\] must be an int"):
        TMO((8, "8"))
    with pytest.raises(TypeError, match="swizzle must be a TensorMapSwizzle"):
        TMO((8,), swizzle=5)
    with pytest.raises(TypeError, match="interleave must be a TensorMapInterleave"):
        TMO((8,), interleave=None)
    with pytest.raises(TypeError, match="data_type must be a TensorMapDataType or a numpy"):
        TMO((8,), data_type=object())
    with pytest.raises(ValueError, match="Unsupported dtype complex64 for TMA"):  # refused when encoding
        _encode((64,), (16,), data_type=np.complex64)


def _encode(shape, box, dtype="f4", strides=None, ptr=0x10000, **kw):
    size = 4 if dtype is None else int(dtype[1:])
    return _tensor_map.encode_arguments(shape, strides, size, ptr, dtype, TMO(box, **kw))


def test_encode_arguments_are_in_the_drivers_order():
    dt, rank, dims, strides, box, elem = _encode((64, 32), (16, 8))
    assert (dt, rank, dims, strides, box, elem) == (_tensor_map.TensorMapDataType.FLOAT32, 2, (32, 64), (128,),
                                                     (8, 16), (1, 1))
    _, _, dims, strides, _, _ = _encode((4, 64, 32), (1, 16, 8), strides=(4096, 64, 1), dtype="u2")
    assert dims == (32, 64, 4) and strides == (128, 8192)


@pytest.mark.parametrize("kwargs, word", [
    (dict(shape=(2, 2, 2, 2, 2, 2), box=(1,) * 6), "Tensor rank must be between 1 and 5, got 6"),
    (dict(shape=(64, 32), box=(16,)), r"box_dim must have 2 elements \(same as tensor rank\), got 1"),
    (dict(shape=(64, 32), box=(16, 512)), r"box_dim\[1\] must be in \[1, 256\], got 512"),
    (dict(shape=(64, 32), box=(16, 0)), r"box_dim\[1\] must be in"),
    (dict(shape=(64, 32), box=(16, 2)), "multiple of 16 bytes"),
    (dict(shape=(64, 32), box=(16, 8), element_strides=(1, 9)), r"element_strides\[1\] must be in \[1, 8\]"),
    (dict(shape=(64, 32), box=(16, 8), element_strides=(1,)), "element_strides must have 2 elements, got 1"),
    (dict(shape=(64, 32), box=(16, 8), dtype="i1"), "Unsupported dtype int8 for TMA"),
    (dict(shape=(64, 32), box=(16, 8), dtype=None), "Cannot infer TMA data type"),
    (dict(shape=(64, 32), box=(16, 8), ptr=0x10008), "16-byte aligned"),
    (dict(shape=(64, 6), box=(16, 4)), "global strides"),
    (dict(shape=(64, 32), box=(16, 8), strides=(64, 2)), "innermost dimension must be contiguous"),
    (dict(shape=(64, 64), box=(16, 64), swizzle=_tensor_map.TensorMapSwizzle.SWIZZLE_128B), "swizzle"),
    (dict(shape=(64, 32), box=(16, 8), interleave=_tensor_map.TensorMapInterleave.INTERLEAVE_16B), "rank 3"),
    (dict(shape=(64, 32), box=(16, 16), dtype="i4",
          oob_fill=_tensor_map.TensorMapOOBFill.NAN_REQUEST_ZERO_FMA), "floating-point"),
    (dict(shape=(64, 32), box=(16, 8), data_type=np.float64), "8-byte elements"),
])
def test_encode_arguments_refuse_what_the_driver_would(kwargs, word):
    with pytest.raises(ValueError, match=word):
        _encode(kwargs.pop("shape"), kwargs.pop("box"), **kwargs)


def test_tensor_map_descriptor_is_made_by_as_tensor_map_only():
    from cudacffi.core import TensorMapDescriptor

    with pytest.raises(RuntimeError, match=r"cannot be instantiated directly. Use StridedMemoryView.as_tensor_map"):
        TensorMapDescriptor()
    host = _view(np.zeros((64, 32), dtype=np.float32))
    with pytest.raises(ValueError, match="The tensor must be device-accessible"):
        host.as_tensor_map((16, 8))
    with pytest.raises(TypeError, match="Specify either options or the individual tensor map arguments"):
        host.as_tensor_map((16, 8), options=TMO((16, 8)))
    with pytest.raises(TypeError, match="Specify either options or the individual tensor map arguments"):
        host.as_tensor_map(options=TMO((16, 8)), swizzle=_tensor_map.TensorMapSwizzle.SWIZZLE_32B)
    with pytest.raises(ValueError, match="The tensor must be device-accessible"):  # NONE modes: as not given
        host.as_tensor_map(options=TMO((16, 8)), swizzle=_tensor_map.TensorMapSwizzle.NONE)
    with pytest.raises(TypeError, match="box_dim is required unless options is provided"):
        host.as_tensor_map()


def test_tensor_map_launch_rule_is_128_bytes_by_value():
    from cudacffi.core import _kernel_args

    class K:
        _name = "k"
    assert _kernel_args._tensor_map_rule(K(), 0, None) == (None, None)
    assert _kernel_args._tensor_map_rule(K(), 0, 128) == (None, None)
    with pytest.raises(TypeError, match="128-byte CUtensorMap.*8 bytes"):
        _kernel_args._tensor_map_rule(K(), 0, 8)
    tm = object.__new__(_tensor_map.TensorMapDescriptor)
    assert _kernel_args._arg_rule(K(), 0, tm, 128) == (None, None)
    # the one-struct.pack launcher packs 8-byte values: a plan with a tensor map leaves it to the packer
    from cudacffi.core import Buffer

    assert _kernel_args._fast_launcher((_tensor_map.TensorMapDescriptor, Buffer), (None, None), None) is None
    from cudacffi import _driver

    if hasattr(_driver.lib, "_cc_launch_blob"):
        assert _kernel_args._fast_launcher((Buffer, Buffer), (None, None), None) is not None


def test_tensor_map_enums_match_the_driver():
    from cudacffi import driver

    pairs = [(_tensor_map.TensorMapDataType, driver.CUtensorMapDataType, "DATA_TYPE_", ""),
             (_tensor_map.TensorMapInterleave, driver.CUtensorMapInterleave, "", "INTERLEAVE_"),
             (_tensor_map.TensorMapSwizzle, driver.CUtensorMapSwizzle, "", "SWIZZLE_"),
             (_tensor_map.TensorMapL2Promotion, driver.CUtensorMapL2promotion, "L2_PROMOTION_", ""),
             (_tensor_map.TensorMapOOBFill, driver.CUtensorMapFloatOOBfill, "FLOAT_OOB_FILL_", "")]
    for ours, theirs, prefix, none_prefix in pairs:
        for m in ours:
            name = "CU_TENSOR_MAP_" + prefix + (none_prefix if m.name == "NONE" else "") + m.name
            assert int(getattr(theirs, name)) == int(m), name


# -- program caches ----------------------------------------------------------------------------------------------

@pytest.fixture(params=["memory", "file"])
def cache(request, tmp_path):
    return InMemoryProgramCache() if request.param == "memory" else FileStreamProgramCache(tmp_path / "c")


def test_cache_is_a_bytes_mapping(cache):
    from cudacffi.core import ObjectCode

    assert isinstance(cache, ProgramCacheResource)
    with cache as c:
        c["k"] = b"abc"
        assert c[b"k"] == b"abc" and c.get("k") == b"abc" and c.get("zz", b"d") == b"d" and len(c) == 1
        c.update({b"a": bytearray(b"1"), "b": memoryview(b"22")})
        c.update([("o", ObjectCode.from_ptx(b".version 8.0"))])
        assert (c["a"], c["b"], c["o"], len(c)) == (b"1", b"22", b".version 8.0", 4)
        c["k"] = b"new"
        assert c["k"] == b"new" and len(c) == 4
        del c["k"]
        with pytest.raises(KeyError):
            c["k"]
        with pytest.raises(KeyError):
            del c["k"]
        with pytest.raises(TypeError, match="cache values"):
            c["x"] = "text"
        with pytest.raises(TypeError, match="cache keys"):
            c[1] = b""
        with pytest.raises(TypeError):
            "a" in c
        c.clear()
        assert len(c) == 0 and c.get("a") is None


def test_path_backed_object_code_is_stored_as_its_content(cache, tmp_path):
    from cudacffi.core import ObjectCode

    p = tmp_path / "k.cubin"
    p.write_bytes(b"\x7fELF-ish")
    cache["p"] = ObjectCode.from_cubin(str(p))
    p.unlink()
    assert cache["p"] == b"\x7fELF-ish"


@pytest.mark.parametrize("kind", ["memory", "file"])
def test_size_cap_evicts_least_recently_used(kind, tmp_path):
    with pytest.raises(ValueError, match="positive"):
        InMemoryProgramCache(max_size_bytes=0)
    with pytest.raises(TypeError, match="max_size_bytes"):
        FileStreamProgramCache(tmp_path / "x", max_size_bytes="1k")
    if kind == "memory":
        c = InMemoryProgramCache(max_size_bytes=300)
        per_entry = 100
    else:
        c = FileStreamProgramCache(tmp_path / "c", max_size_bytes=3 * (100 + FILE_HEADER))
        per_entry = 100
    for k in "abc":
        c[k] = bytes(per_entry)
        if kind == "file":
            _age(c, k)
    c["a"]  # a is now the most recently used
    c["d"] = bytes(per_entry)
    assert c.get("b") is None and c.get("a") is not None and c.get("c") is not None and len(c) == 3
    c["huge"] = bytes(10 * per_entry)
    assert c.get("huge") is None


_clock = [1_000_000_000]


def _age(cache, key):
    """Give entries increasing modification times (file systems may not tell apart writes in one tick)."""
    _clock[0] += 10
    path = cache._path_for(key.encode())
    os.utime(path, (_clock[0], _clock[0]))


def test_file_cache_persists_across_instances_and_survives_corruption(tmp_path):
    FileStreamProgramCache(tmp_path)["k"] = b"payload"
    c = FileStreamProgramCache(tmp_path)
    assert c["k"] == b"payload"
    path = c._path_for(b"k")
    blob = open(path, "rb").read()
    for bad in (blob[:-1], blob[:-1] + b"X", b"garbage", b""):
        with open(path, "wb") as f:
            f.write(bad)
        assert c.get("k") is None and not os.path.exists(path)  # a miss, and the bad file is gone
    c["k"] = b"payload"
    os.makedirs(os.path.dirname(c._path_for(b"other")), exist_ok=True)
    os.replace(c._path_for(b"k"), c._path_for(b"other"))  # an entry under another key's name
    assert c.get("other") is None and not os.path.exists(c._path_for(b"other"))


def test_file_cache_concurrent_writers_never_expose_partial_entries(tmp_path):
    c = FileStreamProgramCache(tmp_path)
    values = [bytes([i]) * (50000 + i) for i in range(8)]
    errors = []

    def writer(i):
        try:
            mine = FileStreamProgramCache(tmp_path)
            for _ in range(20):
                mine["shared"] = values[i]
                mine["own%d" % i] = values[i]
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    def reader():
        for _ in range(200):
            v = c.get("shared")
            if v is not None and v not in values:
                errors.append(AssertionError("a torn entry of %d bytes" % len(v)))

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)] + [threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert c["shared"] in values and all(c["own%d" % i] == values[i] for i in range(8))
    assert os.listdir(os.path.join(str(tmp_path), "tmp")) == []


def test_file_cache_default_dir_and_stale_temporaries(tmp_path, monkeypatch):
    from cudacffi.core import _file_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    c = FileStreamProgramCache()
    assert c.path == os.path.join(str(tmp_path / "xdg"), "cudacffi", "program-cache")
    stale = os.path.join(c.path, "tmp", "entry-dead")
    open(stale, "wb").close()
    os.utime(stale, (1, 1))
    FileStreamProgramCache()
    assert not os.path.exists(stale)
    with pytest.raises(TypeError, match="path"):
        FileStreamProgramCache(42)
    assert _file_cache.default_cache_dir() == c.path


# -- make_program_cache_key ------------------------------------------------------------------------------------

def _key(**over):
    from cudacffi.core import ProgramOptions

    kw = dict(code='extern "C" __global__ void k() {}', code_type="c++", options=ProgramOptions(arch="sm_90"),
              target_type="cubin")
    kw.update(over)
    return make_program_cache_key(**kw)


def _nvrtc_or_skip():
    try:
        from cudacffi import nvrtc

        nvrtc.nvrtcVersion()
    except RuntimeError as e:
        pytest.skip("no NVRTC library: %s" % e)


def test_key_is_stable_and_sensitive_to_every_input():
    _nvrtc_or_skip()
    from cudacffi.core import ProgramOptions

    base = _key()
    assert isinstance(base, bytes) and base == _key()
    with pytest.raises(TypeError, match="code must be str for code_type='c\\+\\+'"):  # bytes: NVVM IR only
        _key(code='extern "C" __global__ void k() {}'.encode())
    assert _key(name_expressions=("a", "b")) == _key(name_expressions=["b", "a"])  # order does not matter
    variants = [_key(code="// other"), _key(target_type="ptx"), _key(options=ProgramOptions(arch="sm_80")),
                _key(options=ProgramOptions(arch="sm_90", use_fast_math=True)),
                _key(options=ProgramOptions(arch="sm_90", define_macro="N=4")),
                _key(name_expressions=("a",)), _key(name_expressions=(b"a",)), _key(extra_digest=b"h1"),
                _key(extra_digest=b"h2"), _key(code_type="ptx", code=".version 8.0", target_type="cubin")]
    assert len({base, *variants}) == len(variants) + 1


def test_key_depends_on_the_compiler_version(monkeypatch):
    _nvrtc_or_skip()
    from cudacffi.core import _cache_key

    base = _key()
    monkeypatch.setattr(_cache_key, "_compiler_versions", lambda code_type: b"nvrtc 99.9")
    assert _key() != base


@pytest.mark.parametrize("over, error, word", [
    (dict(code=3), TypeError, "code"),
    (dict(code_type="cuda"), ValueError, "code_type"),
    (dict(target_type="fatbin"), ValueError, "target_type"),
    (dict(options={"arch": "sm_90"}), TypeError, "ProgramOptions"),
    (dict(name_expressions="k"), TypeError, "name_expressions"),
    (dict(name_expressions=[bytearray(b"k")]), TypeError, "bytearray is not accepted"),
    (dict(extra_digest="h"), TypeError, "extra_digest"),
])
def test_key_refuses_bad_inputs(over, error, word):
    with pytest.raises(error, match=word):
        _key(**over)


def test_key_needs_extra_digest_for_file_inputs_and_refuses_side_effects():
    from cudacffi.core import ProgramOptions

    with pytest.raises(ValueError, match="include_path.*extra_digest"):
        _key(options=ProgramOptions(arch="sm_90", include_path="/inc"))
    with pytest.raises(ValueError, match="name"):
        _key(options=ProgramOptions(arch="sm_90", name="src/prog.cu"))
    with pytest.raises(ValueError, match="create_pch"):
        _key(options=ProgramOptions(arch="sm_90", create_pch="x.pch"), extra_digest=b"h")
    ptx = dict(code_type="ptx", code=".version 8.0")
    assert _key(name_expressions=("k",), **ptx) == _key(**ptx)  # only C++ takes name expressions
    _nvrtc_or_skip()
    assert _key(options=ProgramOptions(arch="sm_90", include_path="/inc"), extra_digest=b"h")


class TensorMapDriver(HostDriver):
    """Records cuTensorMapEncodeTiled / cuTensorMapReplaceAddress and writes recognisable words into the map."""

    def cuCtxGetDevice(self):
        return (0, 0)

    def cuTensorMapEncodeTiled(self, data_type, rank, address, dims, strides, box, elem, interleave, swizzle, l2, oob):
        self.calls.append(("encode", int(data_type), rank, address, dims, strides, box, elem, int(swizzle)))
        m = self.CUtensorMap()
        m.opaque = [address] + [i + 1 for i in range(15)]
        return (0, m)

    def cuTensorMapReplaceAddress(self, tensor_map, address):
        self.calls.append(("replace", address))
        tensor_map.opaque = [address] + list(tensor_map.opaque)[1:]
        return (0,)


def _device_view(ptr, shape, typestr="<f4", strides=None):
    """A view that says it is device memory (DLPack kCUDA) at ``ptr``, for the encoding path only."""
    return StridedMemoryView._new(ptr, shape, strides, typestr, False, None, 0, (2, 0))


def test_as_tensor_map_encodes_replaces_and_packs_128_bytes_by_value(monkeypatch):
    import cudacffi._kernel_params as params
    from cudacffi._driver import ffi

    drv = TensorMapDriver()
    monkeypatch.setattr(_utils, "driver", lambda: drv)
    view = _device_view(0x7000_0000, (64, 32))
    tm = view.as_tensor_map((16, 8), swizzle=_tensor_map.TensorMapSwizzle.SWIZZLE_32B)
    assert drv.calls == [("encode", 7, 2, 0x7000_0000, [32, 64], [128], [8, 16], [1, 1], 1)]
    assert tm._bytes()[:8] == (0x7000_0000).to_bytes(8, "little") and len(tm._bytes()) == 128
    assert repr(tm) == "TensorMapDescriptor(tiled, rank=2, dtype=FLOAT32, swizzle=SWIZZLE_32B)"
    same = view.as_tensor_map(options={"box_dim": (16, 8), "data_type": np.float32})
    assert drv.calls[-1][:4] == ("encode", 7, 2, 0x7000_0000)
    tm.replace_address(_device_view(0x7100_0000, (64, 32)))
    assert drv.calls[-1] == ("replace", 0x7100_0000) and tm._bytes()[:8] == (0x7100_0000).to_bytes(8, "little")
    with pytest.raises(ValueError, match="Global memory address must be 16-byte aligned, got address 0x71000008"):
        tm.replace_address(_device_view(0x7100_0008, (64, 32)))
    with pytest.raises(ValueError, match="shape"):
        tm.replace_address(_device_view(0x7100_0000, (32, 32)))
    with pytest.raises(ValueError, match="The tensor must be device-accessible"):
        tm.replace_address(np.zeros((64, 32), dtype=np.float32))
    # launch packs type None by getPtr(): the kernel's parameter slot points at the map's 128 bytes
    base, _ = params.kernel_params(ffi, ((tm, same), (None, None)), "cuLaunchKernel")
    table = ffi.cast("void **", base)
    assert [int(ffi.cast("uintptr_t", table[i])) for i in range(2)] == [tm.getPtr(), same.getPtr()]
    assert bytes(ffi.buffer(table[0], 128)) == tm._bytes()


# A stand-in libcuda with the tensor-map entry points, holding them to what the driver asks of their pointers:
# the CUtensorMap written or updated 64-byte aligned, and globalStrides non-NULL (a rank-1 map included).
TMA_LIBCUDA = r"""
#include <cuda.h>
#include <stdint.h>
CUresult cuInit(unsigned int flags) { (void)flags; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { *v = CUDA_VERSION; return CUDA_SUCCESS; }
CUresult cuCtxGetDevice(CUdevice *d) { *d = 0; return CUDA_SUCCESS; }
CUresult cuTensorMapEncodeTiled(CUtensorMap *m, CUtensorMapDataType t, cuuint32_t rank, void *address,
                                const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
                                const cuuint32_t *elem, CUtensorMapInterleave il, CUtensorMapSwizzle sw,
                                CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
    (void)il; (void)sw; (void)l2; (void)oob;
    if (((uintptr_t)m & 63) || !strides || !dims || !box || !elem || rank < 1 || rank > 5)
        return CUDA_ERROR_INVALID_VALUE;
    m->opaque[0] = (cuuint64_t)(uintptr_t)address;
    m->opaque[1] = t;
    m->opaque[2] = rank;
    for (cuuint32_t i = 0; i < rank; i++) {
        m->opaque[3 + i] = dims[i];
        m->opaque[8 + i] = box[i];
        if (i + 1 < rank) m->opaque[13 + i] = strides[i];
    }
    return CUDA_SUCCESS;
}
CUresult cuTensorMapReplaceAddress(CUtensorMap *m, void *address) {
    if ((uintptr_t)m & 63) return CUDA_ERROR_INVALID_VALUE;
    m->opaque[0] = (cuuint64_t)(uintptr_t)address;
    return CUDA_SUCCESS;
}
"""

TMA_SCRIPT = r"""
from cudacffi.core.utils import StridedMemoryView
words = lambda tm: [int.from_bytes(tm._bytes()[8 * i:8 * i + 8], "little") for i in range(16)]
keep = []
for i in range(64):  # many maps: each must land on a 64-byte boundary, whatever cffi's allocator gives
    v1 = StridedMemoryView._new(0x7000_0000, (1024,), (1,), "<f4", False, None, 0, (2, 0))
    tm = v1.as_tensor_map(box_dim=(128,))
    assert tm.getPtr() % 64 == 0, hex(tm.getPtr())
    assert words(tm)[:4] == [0x7000_0000, 7, 1, 1024] and words(tm)[8] == 128, words(tm)
    v2 = StridedMemoryView._new(0x7000_0000, (64, 32), None, "<u2", False, None, 0, (2, 0))
    tm2 = v2.as_tensor_map((16, 8))
    w = words(tm2)
    assert w[:5] == [0x7000_0000, 1, 2, 32, 64] and w[8:10] == [8, 16] and w[13] == 64, w
    tm2.replace_address(StridedMemoryView._new(0x7100_0000, (64, 32), None, "<u2", False, None, 0, (2, 0)))
    assert words(tm2)[0] == 0x7100_0000
    keep.append((tm, tm2))
print("OK")
"""


def test_tensor_maps_are_encoded_64_byte_aligned_with_strides_for_rank_1(tmp_path):
    """The driver writes a CUtensorMap only at a 64-byte aligned address (cffi allocates it 16-byte aligned)
    and reads globalStrides through a pointer even for a rank-1 tensor: NVIDIA's 1-D TMA example."""
    import subprocess
    import sys

    from conftest import ROOT, c_compiler, script_env
    from cudacffi import driver

    version = "%d.%d" % (driver.CUDA_VERSION // 1000, (driver.CUDA_VERSION % 1000) // 10)
    include = os.path.join(ROOT, "headers", "cuda-" + version, "include")
    if not os.path.isfile(os.path.join(include, "cuda.h")):
        pytest.skip("no headers/cuda-%s/include/cuda.h to build the stand-in libcuda against" % version)
    src = tmp_path / "tma_libcuda.c"
    src.write_text(TMA_LIBCUDA)
    lib = tmp_path / "libcuda.so.1"
    r = subprocess.run([c_compiler(), "-shared", "-fPIC", "-I", include, "-o", str(lib), str(src)],
                       capture_output=True, text=True)
    if r.returncode:
        pytest.skip("cannot build the stand-in libcuda: %s" % r.stderr[-500:])
    r = subprocess.run([sys.executable, "-c", TMA_SCRIPT], capture_output=True, text=True, timeout=120, cwd=ROOT,
                       env=script_env(CUDACFFI_LIBDRIVER=str(lib)))
    assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stdout[-3000:] + r.stderr[-3000:]


def test_tensor_map_refuses_memory_of_another_device(monkeypatch):
    drv = TensorMapDriver()
    monkeypatch.setattr(_utils, "driver", lambda: drv)
    other = StridedMemoryView._new(0x7000_0000, (64, 32), None, "<f4", False, None, 1, (2, 1))
    with pytest.raises(ValueError, match="TensorMapDescriptor._from_tiled expects tensor on device 0, got 1"):
        other.as_tensor_map((16, 8))
    tm = _device_view(0x7000_0000, (64, 32)).as_tensor_map((16, 8))
    with pytest.raises(ValueError, match="replace_address expects tensor on device 0, got 1"):
        tm.replace_address(other)
    pinned = StridedMemoryView._new(0x7100_0000, (64, 32), None, "<f4", False, None, 0, (3, 0))
    tm.replace_address(pinned)  # pinned host memory is reachable from every device
    assert drv.calls[-1] == ("replace", 0x7100_0000)


def test_ptx_key_names_the_linker_and_its_version(monkeypatch):
    from cudacffi.core import _cache_key, _linker

    class VersionDriver:
        def __init__(self, version):
            self.version = version

        def cuDriverGetVersion(self):
            return (0, self.version)

    def key_with_driver_linker(version):
        monkeypatch.setattr(_linker.Linker, "which_backend", classmethod(lambda cls: "driver"))
        monkeypatch.setattr(_cache_key, "_driver", lambda: VersionDriver(version))
        return _key(code_type="ptx", code=".version 8.0")

    a, b = key_with_driver_linker(12090), key_with_driver_linker(13000)
    assert a != b and a == key_with_driver_linker(12090)


LAUNCH_TENSOR_MAP = '''
import ctypes
from cudacffi import driver
from cudacffi.core import Buffer, LaunchConfig, Stream, launch
from cudacffi.core._kernel import Kernel, ParamInfo
from cudacffi.core._tensor_map import TensorMapDescriptor

standin = ctypes.CDLL(LIB)
tm = object.__new__(TensorMapDescriptor)
tm._map = driver.CUtensorMap()
words = [(0x0102030405060708 * (i + 1)) % (1 << 64) for i in range(16)]
tm._map.opaque = words
k = Kernel._from_kernel(0x1000, None, "k")
k._param_info = [ParamInfo(0, 128), ParamInfo(128, 8), ParamInfo(136, 4)]
standin.standin_expect(3, (ctypes.c_int * 3)(128, 8, 4))
for _ in range(3):  # the plan's first launch, then the launches that reuse it
    launch(Stream.from_handle(0x5000), LaunchConfig(grid=2, block=3), k, tm, Buffer._make(0xabc0, 256, None), 7)
    out = ctypes.create_string_buffer(8192)
    standin.standin_record(out, 8192)
    got = out.value.decode().partition(" |")[2].split()
    assert got[0] == b"".join(w.to_bytes(8, "little") for w in words).hex(), got[0]
    assert got[1:] == [(0xabc0).to_bytes(8, "little").hex(), (7).to_bytes(4, "little").hex()], got
small = Kernel._from_kernel(0x2000, None, "small")
small._param_info = [ParamInfo(0, 8)]
try:
    launch(Stream.from_handle(0x5000), LaunchConfig(grid=1, block=1), small, tm)
except TypeError as e:
    assert "128-byte CUtensorMap" in str(e), e
else:
    raise AssertionError("a tensor map for an 8-byte parameter was launched")
print("ok")
'''


def test_launch_passes_a_tensor_map_by_value(tmp_path_factory):
    """Through a stand-in libcuda recording what cuLaunchKernelEx receives (in a fresh interpreter)."""
    from conftest import build_standin, run_python

    lib = build_standin(tmp_path_factory, "launch_libcuda.c")
    r = run_python("LIB = %r\n" % lib + LAUNCH_TENSOR_MAP, env={"CUDACFFI_LIBDRIVER": lib})
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr


def test_compile_with_cache_compiles_once_then_hits(tmp_path):
    """NVRTC for real (no GPU needed): a miss compiles and stores, a hit returns the stored cubin."""
    _nvrtc_or_skip()
    from cudacffi.core import Program, ProgramOptions
    from cudacffi.core._program_cache import compile_with_cache

    source = 'extern "C" __global__ void k(int *p) { *p = 42; }'
    options = ProgramOptions(arch="sm_90")
    cache = FileStreamProgramCache(tmp_path)
    calls = []

    class Counting(Program):
        def compile(self, *args):
            calls.append(args)
            return Program.compile(self, *args)

    first = compile_with_cache(Counting(source, "c++", options), cache, source, "cubin")
    again = compile_with_cache(Counting(source, "c++", options), cache, source, "cubin")
    assert len(calls) == 1 and again.code == first.code and again.code[:4] == b"\x7fELF"
    assert again.code_type == "cubin" and len(cache) == 1
    other = source.replace("42", "43")
    compile_with_cache(Counting(other, "c++", options), cache, other, "cubin")
    assert len(calls) == 2 and len(cache) == 2
    with pytest.raises(TypeError, match="cache must be an instance of cudacffi.core.utils.ProgramCacheResource"):
        compile_with_cache(Program(source, "c++", options), {}, source, "cubin")


def test_program_compile_takes_a_cache(tmp_path):
    """``Program.compile(..., cache=...)``: the second program of the same source is served from the cache."""
    _nvrtc_or_skip()
    from cudacffi.core import Program, ProgramOptions

    source = 'extern "C" __global__ void k(int *p) { *p = 7; }'
    options = ProgramOptions(arch="sm_90")
    cache = InMemoryProgramCache()
    first = Program(source, "c++", options).compile("cubin", cache=cache)
    assert len(cache) == 1
    again = Program(source, "c++", options).compile("cubin", cache=cache)
    assert again.code == first.code and len(cache) == 1
    Program(source.replace("7", "8"), "c++", options).compile("cubin", cache=cache)
    assert len(cache) == 2
    with pytest.raises(TypeError, match="cache must be an instance of cudacffi.core.utils.ProgramCacheResource"):
        Program(source, "c++", options).compile("cubin", cache={})


def test_a_cache_hit_keeps_the_name_expressions_mangled_names():
    """A templated kernel compiled with name_expressions: the hit maps "f<float>" to the same mangled name (a
    names entry beside the code); with that entry gone the hit counts as a miss and both are written again."""
    _nvrtc_or_skip()
    from cudacffi.core import Program, ProgramOptions
    from cudacffi.core._program_cache import _symbols_key

    source = "template <typename T> __global__ void f(T *p) { *p = T(1); }"
    options = ProgramOptions(arch="sm_90")
    cache = InMemoryProgramCache()
    names = ("f<float>", b"f<double>")
    first = Program(source, "c++", options).compile("cubin", names, cache=cache)
    again = Program(source, "c++", options).compile("cubin", names, cache=cache)
    assert again.code == first.code and len(cache) == 2
    mapping = again.symbol_mapping
    assert mapping == first.symbol_mapping and set(mapping) == {"f<float>", b"f<double>"}
    assert mapping["f<float>"].startswith(b"_Z") and mapping["f<float>"] != mapping[b"f<double>"]
    key = make_program_cache_key(code=source, code_type="c++", options=options, target_type="cubin",
                                 name_expressions=names)
    del cache[_symbols_key(key)]
    assert len(cache) == 1
    third = Program(source, "c++", options).compile("cubin", names, cache=cache)
    assert third.symbol_mapping == mapping and len(cache) == 2


def test_views_and_tensor_maps_refuse_pickling_and_copying(monkeypatch):
    import copy
    import pickle

    v = StridedMemoryView.from_dlpack(np.arange(4, dtype=np.float32), -1)
    drv = TensorMapDriver()
    monkeypatch.setattr(_utils, "driver", lambda: drv)
    tm = _device_view(0x7000_0000, (64, 32)).as_tensor_map((16, 8))
    for obj, name in ((v, "StridedMemoryView"), (tm, "TensorMapDescriptor")):
        for action in (pickle.dumps, copy.copy):
            with pytest.raises(TypeError, match="cannot pickle '%s' object" % name):
                action(obj)


def test_from_any_interface_falls_back_to_the_array_interface_where_dlpack_refuses():
    """numpy before 2.1 refuses to export a read-only array by DLPack: from_any_interface then reads its
    __array_interface__ (beyond cuda.core); stream_ptr=None stays ambiguous."""

    class OldNumpy:
        def __init__(self, a):
            self.a = a
            self.__array_interface__ = a.__array_interface__

        def __dlpack_device__(self):
            return (1, 0)

        def __dlpack__(self, stream=None):
            raise BufferError("Cannot export readonly array since signalling readonly is unsupported by DLPack.")

    a = np.arange(5, dtype=np.int16)
    a.flags.writeable = False
    v = StridedMemoryView.from_any_interface(OldNumpy(a), -1)
    assert (v.ptr, v.shape, v.readonly, v.dtype) == (a.ctypes.data, (5,), True, np.int16)
    with pytest.raises(BufferError, match="Cannot export readonly"):
        StridedMemoryView.from_dlpack(OldNumpy(a), -1)
    with pytest.raises(BufferError, match="ambiguous"):
        StridedMemoryView.from_any_interface(OldNumpy(a))
