"""cuda.bindings behaviours on a real GPU: attribute-typed values, handle-array fields the driver fills,
integral floats. Where cuda.bindings of the build's major is importable, each value is compared with
what it returns for the same call in the same process."""

import importlib

import pytest

from cudacffi import check, driver, runtime

pytestmark = pytest.mark.gpu

P = driver.CUpointer_attribute


def bindings():
    """cuda.bindings' driver of this build's major, or None."""
    try:
        theirs = importlib.import_module("cuda.bindings.driver")
        version = importlib.import_module("cuda.bindings").__version__
    except ImportError:
        return None
    return theirs if int(version.split(".")[0]) == driver.CUDA_VERSION // 1000 else None


@pytest.fixture
def allocation(cuda_context):
    ptr = check(driver.cuMemAlloc(1 << 20))
    yield ptr
    check(driver.cuMemFree(ptr))


def test_pointer_attributes_of_a_device_allocation(cuda_context, allocation):
    assert check(driver.cuPointerGetAttribute(P.CU_POINTER_ATTRIBUTE_CONTEXT, allocation)) == cuda_context
    assert check(driver.cuPointerGetAttribute(P.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, allocation)) == \
        driver.CUmemorytype.CU_MEMORYTYPE_DEVICE
    assert check(driver.cuPointerGetAttribute(P.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, allocation)) == 0
    assert check(driver.cuPointerGetAttribute(P.CU_POINTER_ATTRIBUTE_IS_MANAGED, allocation)) is False
    start = check(driver.cuPointerGetAttribute(P.CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, allocation))
    assert isinstance(start, driver.CUdeviceptr) and int(start) == int(allocation)
    assert check(driver.cuPointerGetAttribute(P.CU_POINTER_ATTRIBUTE_RANGE_SIZE, allocation)) >= 1 << 20
    err, values = driver.cuPointerGetAttributes(3, [P.CU_POINTER_ATTRIBUTE_CONTEXT, P.CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                                    P.CU_POINTER_ATTRIBUTE_BUFFER_ID], allocation)
    assert err == driver.CUresult.CUDA_SUCCESS
    assert values[0] == cuda_context and isinstance(values[1], bool) and values[2] > 0
    assert check(driver.cuPointerSetAttribute(True, P.CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, allocation)) is None
    assert check(driver.cuPointerGetAttribute(P.CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, allocation)) is True
    err, values = driver.cuPointerGetAttributes(1, [P.CU_POINTER_ATTRIBUTE_MEMORY_TYPE], 0)
    assert err == driver.CUresult.CUDA_SUCCESS and isinstance(values, list)  # a list even for a null pointer


def test_pointer_attributes_match_cuda_bindings(cuda_context, allocation):
    theirs = bindings()
    if theirs is None:
        pytest.skip("cuda.bindings of this build's major is not installed")
    for name in ("CONTEXT", "MEMORY_TYPE", "DEVICE_POINTER", "DEVICE_ORDINAL", "IS_MANAGED", "BUFFER_ID",
                 "RANGE_START_ADDR", "RANGE_SIZE", "MAPPED", "ALLOWED_HANDLE_TYPES", "ACCESS_FLAGS",
                 "MEMORY_BLOCK_ID", "IS_LEGACY_CUDA_IPC_CAPABLE", "SYNC_MEMOPS"):
        attr = "CU_POINTER_ATTRIBUTE_" + name
        mine = driver.cuPointerGetAttribute(getattr(P, attr), allocation)
        try:
            other = theirs.cuPointerGetAttribute(getattr(theirs.CUpointer_attribute, attr), int(allocation))
        except TypeError:  # an attribute that release of cuda.bindings does not type (MEMORY_BLOCK_ID in 13.3)
            continue
        assert int(mine[0]) == int(other[0]), attr
        if mine[0]:
            continue
        assert type(mine[1]).__name__ == type(other[1]).__name__, (attr, mine[1], other[1])
        assert int(mine[1]) == int(other[1]), (attr, mine[1], other[1])


def test_managed_memory_range_attributes(cuda_context):
    ptr = check(driver.cuMemAllocManaged(1 << 16, driver.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL))
    try:
        R = driver.CUmem_range_attribute
        assert check(driver.cuMemRangeGetAttribute(4, R.CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, ptr, 1 << 16)) == 0
        location = check(driver.cuMemRangeGetAttribute(4, R.CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, ptr, 1 << 16))
        assert location == -2  # CU_DEVICE_INVALID: signed, not 4294967294
        accessed = check(driver.cuMemRangeGetAttribute(12, R.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, ptr, 1 << 16))
        assert isinstance(accessed, list) and len(accessed) == 3
        err, both = driver.cuMemRangeGetAttributes([4, 8], [R.CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY,
                                                            R.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY], 2, ptr, 1 << 16)
        assert err == driver.CUresult.CUDA_SUCCESS and both[0] == 0 and len(both[1]) == 2
    finally:
        check(driver.cuMemFree(ptr))


def test_coredump_attributes_in_their_types(cuda_context):
    C = driver.CUcoredumpSettings
    err, flag = driver.cuCoredumpGetAttributeGlobal(C.CU_COREDUMP_ENABLE_ON_EXCEPTION)
    if err == driver.CUresult.CUDA_ERROR_NOT_SUPPORTED:
        pytest.skip("coredump attributes are not supported here")
    assert err == driver.CUresult.CUDA_SUCCESS and isinstance(flag, bool)
    err, name = driver.cuCoredumpGetAttribute(C.CU_COREDUMP_FILE)
    assert err == driver.CUresult.CUDA_SUCCESS and isinstance(name, bytes)
    assert check(driver.cuCoredumpSetAttribute(C.CU_COREDUMP_FILE, b"/tmp/cudacffi-core.%p")) is None
    assert check(driver.cuCoredumpGetAttribute(C.CU_COREDUMP_FILE)) == b"/tmp/cudacffi-core.%p"


def test_mempool_attributes(cuda_context, device):
    pool = check(driver.cuDeviceGetDefaultMemPool(device))
    M = driver.CUmemPool_attribute
    check(driver.cuMemPoolSetAttribute(pool, M.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, driver.cuuint64_t(1 << 30)))
    assert check(driver.cuMemPoolGetAttribute(pool, M.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD)) == 1 << 30
    check(driver.cuMemPoolSetAttribute(pool, M.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, 0))
    assert check(driver.cuMemPoolGetAttribute(pool, M.CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC)) in (0, 1)
    assert check(runtime.cudaMemPoolGetAttribute(pool, runtime.cudaMemPoolAttr.cudaMemPoolAttrReleaseThreshold)) == 0


def test_conditional_node_graphs_read_as_a_list_after_add_node(cuda_context):
    if not hasattr(driver, "cuGraphConditionalHandleCreate"):
        pytest.skip("this build's headers have no conditional nodes")
    graph = check(driver.cuGraphCreate(0))
    try:
        handle = check(driver.cuGraphConditionalHandleCreate(graph, cuda_context, 0, 0))
        params = driver.CUgraphNodeParams()
        params.type = driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_CONDITIONAL
        params.conditional.handle = handle
        params.conditional.type = driver.CUgraphConditionalNodeType.CU_GRAPH_COND_TYPE_IF
        params.conditional.size = 1
        params.conditional.ctx = cuda_context
        assert [int(g) for g in params.conditional.phGraph_out] == [0]  # size 1, not yet filled: one null graph
        check(driver.cuGraphAddNode(graph, None, 0, params) if driver.CUDA_VERSION < 13000
              else driver.cuGraphAddNode(graph, None, None, 0, params))
        body = params.conditional.phGraph_out
        assert len(body) == 1 and isinstance(body[0], driver.CUgraph) and int(body[0]) != 0
        assert check(driver.cuGraphGetNodes(graph, 0))[1] == 1
    finally:
        check(driver.cuGraphDestroy(graph))


def test_integral_float_sizes_are_taken(cuda_context):
    ptr = check(driver.cuMemAlloc(4096.0))
    check(driver.cuMemsetD8(ptr, 1, 4096.0))
    check(driver.cuMemFree(ptr))
    assert runtime.sizeof(runtime.dim3) == 12


@pytest.mark.parametrize("library", ["cupy", "torch"])
def test_foreign_streams_are_taken_where_a_stream_is(cuda_context, library):
    lib = pytest.importorskip(library)
    stream = lib.cuda.Stream()
    if not hasattr(stream, "__cuda_stream__"):
        pytest.skip("this %s has no __cuda_stream__" % library)
    handle = stream.__cuda_stream__()[1]
    assert int(driver.CUstream(stream)) == handle
    assert driver.cuStreamQuery(stream)[0] == driver.CUresult.CUDA_SUCCESS
    ptr = check(driver.cuMemAllocAsync(1 << 20, stream))
    check(driver.cuMemsetD8Async(ptr, 7, 1 << 20, stream))
    check(driver.cuMemFreeAsync(ptr, stream))
    check(driver.cuStreamSynchronize(stream))
