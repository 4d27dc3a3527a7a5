"""The runtime API on a real GPU, called the way cuda.bindings code calls it, beside the driver API.

Needs a device (``gpu`` marker, skipped with a reason by tests/conftest.py) and a libcudart of the
build's major version (the ``nvidia-cuda-runtime-cu12`` wheel for a 12.x build). The runtime works on
the primary context of device 0, the same context ``cuda_context`` makes current for the driver.
"""

import os
import sys

import numpy as np
import pytest

import cudacffi
from cudacffi import check, driver
from conftest import ROOT, one_line, run_python, script_env

rt = pytest.importorskip("cudacffi.runtime", reason="cudacffi is not built")

pytestmark = pytest.mark.gpu

cudaError_t = rt.cudaError_t
Kind = rt.cudaMemcpyKind


@pytest.fixture(scope="module", autouse=True)
def runtime_device(cuda_context):
    """Device 0 for the runtime, on the driver's current primary context; skips without libcudart."""
    try:
        rt._library.load()
    except cudacffi.LibraryNotFoundError as e:
        pytest.skip("no libcudart: %s" % one_line(e))
    check(rt.cudaSetDevice(0))
    check(rt.cudaFree(0))  # initializes the runtime on the primary context
    return 0


@pytest.fixture
def runtime_stream():
    s = check(rt.cudaStreamCreateWithFlags(rt.cudaStreamNonBlocking))
    yield s
    check(rt.cudaStreamDestroy(s))


@pytest.fixture
def device_buffer():
    """cudaMalloc'd buffers freed after the test: device_buffer(nbytes) -> int address."""
    ptrs = []

    def alloc(nbytes):
        ptr = check(rt.cudaMalloc(nbytes))
        ptrs.append(ptr)
        return ptr

    yield alloc
    for p in ptrs:
        check(rt.cudaFree(p))


# -- device -------------------------------------------------------------------------------------------------

def test_device_properties_match_the_driver(device):
    prop = check(rt.cudaGetDeviceProperties(0))
    assert isinstance(prop, rt.cudaDeviceProp)
    name = check(driver.cuDeviceGetName(256, device))
    assert prop.name.split(b"\0")[0] == name.split(b"\0")[0] and prop.name.split(b"\0")[0]
    attr = driver.CUdevice_attribute
    assert prop.major == check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    assert prop.minor == check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    assert prop.totalGlobalMem == check(driver.cuDeviceTotalMem(device))
    assert prop.multiProcessorCount == check(rt.cudaDeviceGetAttribute(
        rt.cudaDeviceAttr.cudaDevAttrMultiProcessorCount, 0))
    assert prop.warpSize == 32 and prop.maxThreadsDim[0] >= 1024
    assert bytes(prop.uuid.bytes) == bytes(check(driver.cuDeviceGetUuid(device)).bytes)


def test_versions_and_counts_agree_with_the_driver():
    assert check(rt.cudaGetDeviceCount()) == check(driver.cuDeviceGetCount())
    assert check(rt.cudaDriverGetVersion()) == check(driver.cuDriverGetVersion())
    version = check(rt.cudaRuntimeGetVersion())
    assert version // 1000 == rt.CUDA_VERSION // 1000 and check(rt.getLocalRuntimeVersion()) == version
    assert check(rt.cudaGetDevice()) == 0


def test_errors_are_returned_with_none_outputs():
    err, ptr = rt.cudaMalloc(1 << 62)
    assert err == cudaError_t.cudaErrorMemoryAllocation and ptr is None
    rt.cudaGetLastError()  # reset the last error, which the runtime keeps per thread
    err, prop = rt.cudaGetDeviceProperties(10_000)
    assert err == cudaError_t.cudaErrorInvalidDevice and prop is None
    rt.cudaGetLastError()
    with pytest.raises(cudacffi.CUDAError, match="cudaErrorInvalidDevice"):
        check(rt.cudaSetDevice(10_000))
    rt.cudaGetLastError()


# -- memory -----------------------------------------------------------------------------------------------

def test_malloc_memcpy_memset_round_trip(device_buffer):
    n = 1 << 16
    host = np.arange(n, dtype=np.uint32)
    nbytes = host.nbytes
    ptr = device_buffer(nbytes)
    assert type(ptr) is int and ptr
    check(rt.cudaMemcpy(ptr, host, nbytes, Kind.cudaMemcpyHostToDevice))
    out = np.zeros_like(host)
    check(rt.cudaMemcpy(out, ptr, nbytes, Kind.cudaMemcpyDeviceToHost))
    np.testing.assert_array_equal(out, host)

    check(rt.cudaMemset(ptr, 0x7F, nbytes))
    check(rt.cudaMemcpy(out, ptr, nbytes, Kind.cudaMemcpyDefault))
    assert (out == 0x7F7F7F7F).all()

    other = device_buffer(nbytes)
    check(rt.cudaMemcpy(other, host, nbytes, Kind.cudaMemcpyDefault))
    check(rt.cudaMemcpy(ptr, other, nbytes, Kind.cudaMemcpyDeviceToDevice))
    raw = bytearray(nbytes)
    check(rt.cudaMemcpy(raw, ptr, nbytes, Kind.cudaMemcpyDeviceToHost))
    assert bytes(raw) == host.tobytes()

    attrs = check(rt.cudaPointerGetAttributes(ptr))
    assert attrs.type == rt.cudaMemoryType.cudaMemoryTypeDevice and attrs.device == 0
    assert attrs.devicePointer == ptr
    free, total = check(rt.cudaMemGetInfo())
    assert 0 < free <= total


def test_memcpy_2d_and_3d_with_pitched_memory(device_buffer):
    rows, width = 8, 100
    host = np.arange(rows * width, dtype=np.uint8).reshape(rows, width)
    dptr, pitch = check(rt.cudaMallocPitch(width, rows))
    try:
        assert pitch >= width
        check(rt.cudaMemcpy2D(dptr, pitch, host, width, width, rows, Kind.cudaMemcpyHostToDevice))
        out = np.zeros_like(host)
        parms = rt.cudaMemcpy3DParms()
        parms.srcPtr = rt.make_cudaPitchedPtr(dptr, pitch, width, rows)
        parms.dstPtr = rt.make_cudaPitchedPtr(out, width, width, rows)
        parms.extent = rt.make_cudaExtent(width, rows, 1)
        parms.srcPos = rt.make_cudaPos(0, 0, 0)
        parms.kind = Kind.cudaMemcpyDeviceToHost
        check(rt.cudaMemcpy3D(parms))
        np.testing.assert_array_equal(out, host)
    finally:
        check(rt.cudaFree(dptr))


def test_pinned_host_memory():
    n = 4096
    p = check(rt.cudaHostAlloc(n, rt.cudaHostAllocDefault))
    try:
        assert type(p) is int and p
        # with unified addressing the library may report the allocation as mapped/portable too
        assert check(rt.cudaHostGetFlags(p)) & rt.cudaHostAllocWriteCombined == 0
        d = check(rt.cudaMalloc(n))
        check(rt.cudaMemset(d, 3, n))
        check(rt.cudaMemcpy(p, d, n, Kind.cudaMemcpyDeviceToHost))
        check(rt.cudaFree(d))
        import ctypes

        assert ctypes.string_at(p, n) == b"\x03" * n
    finally:
        check(rt.cudaFreeHost(p))


# -- streams and events ------------------------------------------------------------------------------------

def test_streams_events_and_elapsed_time(runtime_stream, device_buffer):
    assert isinstance(runtime_stream, rt.cudaStream_t) and isinstance(runtime_stream, driver.CUstream)
    assert int(runtime_stream)
    assert check(rt.cudaStreamGetFlags(runtime_stream)) == rt.cudaStreamNonBlocking
    low, high = check(rt.cudaDeviceGetStreamPriorityRange())
    assert low >= high

    start = check(rt.cudaEventCreate())
    end = check(rt.cudaEventCreateWithFlags(rt.cudaEventDefault))
    assert isinstance(start, rt.cudaEvent_t) and isinstance(start, driver.CUevent)
    n = 64 << 20
    ptr = device_buffer(n)
    check(rt.cudaEventRecord(start, runtime_stream))
    for _ in range(4):
        check(rt.cudaMemsetAsync(ptr, 1, n, runtime_stream))
    check(rt.cudaEventRecord(end, runtime_stream))
    check(rt.cudaEventSynchronize(end))
    assert rt.cudaEventQuery(end) == (cudaError_t.cudaSuccess,)
    ms = check(rt.cudaEventElapsedTime(start, end))
    assert isinstance(ms, float) and ms > 0.0
    check(rt.cudaStreamSynchronize(runtime_stream))
    assert rt.cudaStreamQuery(runtime_stream) == (cudaError_t.cudaSuccess,)
    # the legacy and per-thread default streams are accepted as ints and as None
    check(rt.cudaStreamSynchronize(None))
    check(rt.cudaStreamSynchronize(rt.cudaStreamPerThread))
    check(rt.cudaEventDestroy(start))
    check(rt.cudaEventDestroy(end))


def test_stream_ordered_allocation_and_pool_attribute(runtime_stream):
    pool = check(rt.cudaDeviceGetDefaultMemPool(0))
    assert isinstance(pool, rt.cudaMemPool_t) and isinstance(pool, driver.CUmemoryPool)
    Attr = rt.cudaMemPoolAttr
    old = check(rt.cudaMemPoolGetAttribute(pool, Attr.cudaMemPoolAttrReleaseThreshold))
    check(rt.cudaMemPoolSetAttribute(pool, Attr.cudaMemPoolAttrReleaseThreshold, 1 << 30))
    try:
        assert check(rt.cudaMemPoolGetAttribute(pool, Attr.cudaMemPoolAttrReleaseThreshold)) == 1 << 30
        # a 4-byte attribute read after an 8-byte one: only the library's value comes back
        assert check(rt.cudaMemPoolGetAttribute(pool, Attr.cudaMemPoolReuseAllowOpportunistic)) in (0, 1)

        n = 1 << 20
        ptr = check(rt.cudaMallocAsync(n, runtime_stream))
        assert type(ptr) is int and ptr
        check(rt.cudaMemsetAsync(ptr, 0x11, n, runtime_stream))
        host = np.zeros(n, dtype=np.uint8)
        check(rt.cudaMemcpyAsync(host, ptr, n, Kind.cudaMemcpyDeviceToHost, runtime_stream))
        check(rt.cudaFreeAsync(ptr, runtime_stream))
        check(rt.cudaStreamSynchronize(runtime_stream))
        assert (host == 0x11).all()
        assert check(rt.cudaMemPoolGetAttribute(pool, Attr.cudaMemPoolAttrReservedMemCurrent)) >= n
    finally:
        check(rt.cudaMemPoolSetAttribute(pool, Attr.cudaMemPoolAttrReleaseThreshold, old))


# -- graphs ---------------------------------------------------------------------------------------------------

def test_graph_by_stream_capture(runtime_stream, device_buffer):
    n = 1 << 20
    a, b = device_buffer(n), device_buffer(n)
    check(rt.cudaMemset(b, 0, n))
    check(rt.cudaStreamBeginCapture(runtime_stream, rt.cudaStreamCaptureMode.cudaStreamCaptureModeGlobal))
    status = check(rt.cudaStreamIsCapturing(runtime_stream))
    assert status == rt.cudaStreamCaptureStatus.cudaStreamCaptureStatusActive
    check(rt.cudaMemsetAsync(a, 0x5A, n, runtime_stream))
    check(rt.cudaMemcpyAsync(b, a, n, Kind.cudaMemcpyDeviceToDevice, runtime_stream))
    graph = check(rt.cudaStreamEndCapture(runtime_stream))
    assert isinstance(graph, rt.cudaGraph_t) and isinstance(graph, driver.CUgraph)
    try:
        _, count = check(rt.cudaGraphGetNodes(graph))
        assert count == 2
        nodes, count = check(rt.cudaGraphGetNodes(graph, count))
        assert len(nodes) == 2 and all(isinstance(x, rt.cudaGraphNode_t) for x in nodes)
        types = sorted(check(rt.cudaGraphNodeGetType(x)).name for x in nodes)
        assert types == ["cudaGraphNodeTypeMemcpy", "cudaGraphNodeTypeMemset"]
        roots, nroots = check(rt.cudaGraphGetRootNodes(graph, 2))
        assert nroots == 1 and check(rt.cudaGraphNodeGetType(roots[0])).name == "cudaGraphNodeTypeMemset"
        # the same graph through the driver module
        _, dcount = check(driver.cuGraphGetNodes(graph))
        assert dcount == 2

        graph_exec = check(rt.cudaGraphInstantiate(graph, 0))
        assert isinstance(graph_exec, rt.cudaGraphExec_t)
        try:
            check(rt.cudaGraphLaunch(graph_exec, runtime_stream))
            check(rt.cudaStreamSynchronize(runtime_stream))
            out = np.zeros(n, dtype=np.uint8)
            check(rt.cudaMemcpy(out, b, n, Kind.cudaMemcpyDeviceToHost))
            assert (out == 0x5A).all()
            # launched again after b is cleared: the graph does the copy again
            check(rt.cudaMemset(b, 0, n))
            check(rt.cudaGraphLaunch(graph_exec, runtime_stream))
            check(rt.cudaStreamSynchronize(runtime_stream))
            check(rt.cudaMemcpy(out, b, n, Kind.cudaMemcpyDeviceToHost))
            assert (out == 0x5A).all()
        finally:
            check(rt.cudaGraphExecDestroy(graph_exec))
    finally:
        check(rt.cudaGraphDestroy(graph))


def test_graph_built_by_hand_with_dependencies(device_buffer):
    n = 4096
    a = device_buffer(n)
    graph = check(rt.cudaGraphCreate(0))
    try:
        params = rt.cudaMemsetParams(dst=a, pitch=0, value=7, elementSize=1, width=n, height=1)
        memset = check(rt.cudaGraphAddMemsetNode(graph, None, 0, params))
        empty = check(rt.cudaGraphAddEmptyNode(graph, None, 0))
        if rt.CUDA_VERSION >= 13000:  # 13.x: edge data beside the nodes, as the 12.x _v2 forms
            check(rt.cudaGraphAddDependencies(graph, [memset], [empty], [rt.cudaGraphEdgeData()], 1))
        else:
            check(rt.cudaGraphAddDependencies(graph, [memset], [empty], 1))
        deps = check(rt.cudaGraphNodeGetDependencies(empty, 4))
        assert deps[0] == [memset] and deps[-1] == 1
        edges = check(rt.cudaGraphGetEdges(graph, 4))
        assert edges[:2] == ([memset], [empty]) and edges[-1] == 1
        if rt.CUDA_VERSION < 13000 and hasattr(rt, "cudaGraphNodeGetDependencies_v2"):  # 12.3 and later
            deps, edge_data, ndeps = check(rt.cudaGraphNodeGetDependencies_v2(empty, 4))
            assert deps == [memset] and ndeps == 1 and len(edge_data) == 1
            assert edge_data[0].type == rt.cudaGraphDependencyType.cudaGraphDependencyTypeDefault
        graph_exec = check(rt.cudaGraphInstantiate(graph, 0))
        check(rt.cudaGraphLaunch(graph_exec, None))
        check(rt.cudaDeviceSynchronize())
        check(rt.cudaGraphExecDestroy(graph_exec))
        out = bytearray(n)
        check(rt.cudaMemcpy(out, a, n, Kind.cudaMemcpyDeviceToHost))
        assert out == b"\x07" * n
    finally:
        check(rt.cudaGraphDestroy(graph))


# -- driver <-> runtime -------------------------------------------------------------------------------------

def test_driver_and_runtime_share_one_context(cuda_context, runtime_stream):
    assert check(driver.cuCtxGetCurrent()) == cuda_context
    n = 1 << 12
    dptr = check(driver.cuMemAlloc(n))  # a CUdeviceptr from the driver, used by the runtime
    try:
        host = np.arange(n, dtype=np.uint8)
        check(rt.cudaMemcpy(dptr, host, n, Kind.cudaMemcpyHostToDevice))
        out = np.zeros_like(host)
        check(driver.cuMemcpyDtoH(out, dptr, n))
        np.testing.assert_array_equal(out, host)
        attrs = check(rt.cudaPointerGetAttributes(dptr))
        assert attrs.type == rt.cudaMemoryType.cudaMemoryTypeDevice
    finally:
        check(driver.cuMemFree(dptr))

    # a cudaStream_t in the driver, a CUstream in the runtime
    assert driver.cuStreamQuery(runtime_stream) == (driver.CUresult.CUDA_SUCCESS,)
    assert check(driver.cuStreamGetCtx(runtime_stream)) == cuda_context
    dstream = check(driver.cuStreamCreate(0))
    event = check(driver.cuEventCreate(0))
    try:
        check(rt.cudaStreamSynchronize(dstream))
        check(rt.cudaEventRecord(event, dstream))
        check(driver.cuEventSynchronize(event))
        assert rt.cudaEventQuery(event) == (cudaError_t.cudaSuccess,)
        check(rt.cudaStreamWaitEvent(runtime_stream, event, 0))
    finally:
        check(driver.cuEventDestroy(event))
        check(driver.cuStreamDestroy(dstream))
    # runtime memory through the driver
    ptr = check(rt.cudaMalloc(n))
    try:
        check(driver.cuMemsetD8(ptr, 9, n))
        out = bytearray(n)
        check(rt.cudaMemcpy(out, ptr, n, Kind.cudaMemcpyDeviceToHost))
        assert out == b"\x09" * n
    finally:
        check(rt.cudaFree(ptr))


# -- per-thread default stream, example ------------------------------------------------------------------------

def test_per_thread_default_stream_calls_work():
    r = run_python(
        "import numpy as np\n"
        "from cudacffi import runtime as rt, check\n"
        "check(rt.cudaSetDevice(0))\n"
        "p = check(rt.cudaMalloc(64))\n"
        "check(rt.cudaMemset(p, 1, 64))\n"
        "out = bytearray(64)\n"
        "check(rt.cudaMemcpy(out, p, 64, rt.cudaMemcpyKind.cudaMemcpyDeviceToHost))\n"
        "check(rt.cudaStreamSynchronize(None))\n"
        "print(out == b'\\x01' * 64, rt._library.symbol('cudaMemcpy'))\n",
        env={"CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM": "1"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True", "cudaMemcpy_ptds"]


def test_runtime_example_runs_as_a_script():
    import subprocess

    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "runtime_graph.py")], capture_output=True,
                       text=True, timeout=120, env=script_env())
    assert r.returncode == 0, r.stderr
    assert "graph launched" in r.stdout and "device 0" in r.stdout
