"""Host callbacks on a real GPU: Python callables fired by the driver in stream order, in graphs, as
user-object destructors and by the occupancy calculator."""

import ctypes
import threading

import pytest

from cudacffi import _callbacks, check, driver
from conftest import one_line

pytestmark = pytest.mark.gpu


@pytest.fixture
def pinned_and_device(cuda_context):
    host = check(driver.cuMemAllocHost(4))
    dev = check(driver.cuMemAlloc(4))
    yield host, dev
    check(driver.cuMemFreeHost(host))
    check(driver.cuMemFree(dev))


def test_host_functions_see_the_work_queued_before_them(stream, pinned_and_device):
    host, dev = pinned_and_device
    seen = []

    def look(label):
        seen.append((label, ctypes.c_uint32.from_address(host).value))

    for value in (11, 22, 33):
        check(driver.cuMemsetD32Async(dev, value, 1, stream))
        check(driver.cuMemcpyDtoHAsync(host, dev, 4, stream))
        check(driver.cuLaunchHostFunc(stream, look, "after %d" % value))
    check(driver.cuStreamSynchronize(stream))
    assert seen == [("after 11", 11), ("after 22", 22), ("after 33", 33)]
    assert not [r for r in _callbacks._armed if r.lifetime == "once"]


def test_stream_callbacks_and_host_functions_interleave_in_order(stream):
    order = []
    marker = object()

    def on_stream(hStream, status, user):
        order.append(("callback", int(hStream) == int(stream), status, user))

    check(driver.cuLaunchHostFunc(stream, order.append, "host 1"))
    check(driver.cuStreamAddCallback(stream, on_stream, marker, 0))
    check(driver.cuLaunchHostFunc(stream, order.append, "host 2"))
    check(driver.cuStreamSynchronize(stream))
    assert order == ["host 1", ("callback", True, driver.CUresult.CUDA_SUCCESS, marker), "host 2"]


def test_a_raising_callable_is_reported_and_the_stream_goes_on(stream, capsys):
    after = []

    def bad(user):
        raise RuntimeError("callback failure %s" % user)

    check(driver.cuLaunchHostFunc(stream, bad, 42))
    check(driver.cuLaunchHostFunc(stream, after.append, "still runs"))
    err, = driver.cuStreamSynchronize(stream)
    assert err == driver.CUresult.CUDA_SUCCESS
    assert after == ["still runs"]
    captured = capsys.readouterr()
    assert "exception in CUhostFn callback" in captured.err
    assert "RuntimeError: callback failure 42" in captured.err


def test_a_graph_host_node_calls_python_on_every_launch(stream, pinned_and_device):
    host, dev = pinned_and_device
    calls = []
    graph = check(driver.cuGraphCreate(0))
    memset = driver.CUDA_MEMSET_NODE_PARAMS()
    memset.dst = dev
    memset.value = 5
    memset.elementSize = 4
    memset.width = 1
    memset.height = 1
    err, ctx = driver.cuCtxGetCurrent()
    set_node = check(driver.cuGraphAddMemsetNode(graph, None, 0, memset, ctx))
    copy = driver.CUDA_MEMCPY3D()
    copy.srcMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_DEVICE
    copy.srcDevice = dev
    copy.dstMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_HOST
    copy.dstHost = host
    copy.WidthInBytes = 4
    copy.Height = 1
    copy.Depth = 1
    copy_node = check(driver.cuGraphAddMemcpyNode(graph, [set_node], 1, copy, ctx))
    params = driver.CUDA_HOST_NODE_PARAMS()
    params.fn = lambda user: calls.append((user, ctypes.c_uint32.from_address(host).value))
    params.userData = "node"
    check(driver.cuGraphAddHostNode(graph, [copy_node], 1, params))
    del params  # the graph holds a copy; the callable must outlive the struct
    exe = check(driver.cuGraphInstantiate(graph, 0))
    for _ in range(3):
        check(driver.cuGraphLaunch(exe, stream))
    check(driver.cuStreamSynchronize(stream))
    check(driver.cuGraphExecDestroy(exe))
    check(driver.cuGraphDestroy(graph))
    assert calls == [("node", 5)] * 3


def test_user_object_destructor_runs_once(cuda_context):
    done = threading.Event()
    freed = []

    def destroy(user):
        freed.append(user)
        done.set()

    obj = check(driver.cuUserObjectCreate("payload", destroy, 1,
                                          driver.CUuserObject_flags.CU_USER_OBJECT_NO_DESTRUCTOR_SYNC))
    check(driver.cuUserObjectRelease(obj, 1))
    assert done.wait(10), "destructor never ran"
    assert freed == ["payload"]


def test_occupancy_asks_the_python_callable(cuda_context, device):
    from test_driver_gpu import KERNELS, _arch_option, _ptx

    mod = check(driver.cuModuleLoadData(_ptx(KERNELS, _arch_option(device))))
    try:
        fn = check(driver.cuModuleGetFunction(mod, b"fill"))
        asked = []

        def smem(block_size):
            asked.append(block_size)
            return 0

        err, grid_cb, block_cb = driver.cuOccupancyMaxPotentialBlockSize(fn, smem, 0, 0)
        assert err == driver.CUresult.CUDA_SUCCESS
        err, grid, block = driver.cuOccupancyMaxPotentialBlockSize(fn, 0, 0, 0)
        assert (grid_cb, block_cb) == (grid, block) and block > 0
        assert asked and all(isinstance(b, int) and b > 0 for b in asked)
    finally:
        check(driver.cuModuleUnload(mod))


def test_runtime_host_function_and_stream_callback_call_python(cuda_context):
    from cudacffi import runtime

    try:
        runtime.cudaRuntimeGetVersion()
    except RuntimeError as e:  # no libcudart of this build's major here
        pytest.skip("no libcudart: %s" % one_line(e))
    stream = check(runtime.cudaStreamCreate())
    order = []
    try:
        check(runtime.cudaLaunchHostFunc(stream, order.append, "host"))
        check(runtime.cudaStreamAddCallback(stream, lambda s, status, user: order.append((status, user)), 7, 0))
        check(runtime.cudaStreamSynchronize(stream))
    finally:
        check(runtime.cudaStreamDestroy(stream))
    assert order == ["host", (runtime.cudaError_t.cudaSuccess, 7)]
