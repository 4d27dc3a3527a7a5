"""Kernel arguments on a real GPU: what the kernel receives is exactly what was packed.

Every test needs a device (module marked `gpu`; conftest skips it with the reason elsewhere). Kernels
are compiled with cudacffi.nvrtc at test time. Covers every scalar type (ctypes, cffi names, numpy
dtypes) with 16 device pointers, structs by value, a texture object, the no-argument forms, `extra`,
cuLaunchKernelEx with attributes (cluster dimension on compute capability 9.0+, cooperative, priority),
cuLaunchCooperativeKernel with a grid-wide barrier, and a graph kernel node given `(values, types)`.
"""

import ctypes
import gc

import numpy as np
import pytest
from conftest import compile_ptx, compute_capability

from cudacffi import check, driver

pytestmark = pytest.mark.gpu

CU = driver.CUresult
ATTR = driver.CUdevice_attribute
LAUNCH_ATTR = driver.CUlaunchAttributeID

# (ctypes type, cffi name, numpy dtype, C parameter type, a value to pass)
SCALARS = [
    (ctypes.c_bool, "_Bool", np.bool_, "bool", True),
    (ctypes.c_char, "char", np.int8, "char", b"Z"),
    (ctypes.c_wchar, "wchar_t", np.int32, "wchar_t", "\u00e9"),
    (ctypes.c_byte, "signed char", np.int8, "signed char", -100),
    (ctypes.c_ubyte, "unsigned char", np.uint8, "unsigned char", 200),
    (ctypes.c_short, "short", np.int16, "short", -30000),
    (ctypes.c_ushort, "unsigned short", np.uint16, "unsigned short", 60000),
    (ctypes.c_int, "int", np.int32, "int", -2000000000),
    (ctypes.c_uint, "unsigned int", np.uint32, "unsigned int", 4000000000),
    (ctypes.c_long, "long", np.int64, "long", -(2**62)),
    (ctypes.c_ulong, "unsigned long", np.uint64, "unsigned long", 2**63 + 5),
    (ctypes.c_longlong, "long long", np.int64, "long long", -(2**40) - 3),
    (ctypes.c_ulonglong, "unsigned long long", np.uint64, "unsigned long long", 2**64 - 2),
    (ctypes.c_size_t, "size_t", np.uint64, "size_t", 2**50 + 1),
    (ctypes.c_float, "float", np.float32, "float", 123.456),
    (ctypes.c_double, "double", np.float64, "double", -1e-300),
]
NPTR = 16


def _echo_source():
    params = ["%s a%d" % (c, k) for k, (_, _, _, c, _) in enumerate(SCALARS)]
    params += ["unsigned long long *p%d" % k for k in range(NPTR)]
    puts = "".join("    put(out, %d, a%d);\n" % (k, k) for k in range(len(SCALARS)))
    ptrs = ", ".join("p%d" % k for k in range(NPTR))
    return ("""
template <typename T> __device__ void put(unsigned char *out, int k, T v)
{
    const unsigned char *b = (const unsigned char *)&v;
    for (int j = 0; j < (int)sizeof(T); ++j) out[8 * k + j] = b[j];
}

extern "C" __global__ void echo(%s, unsigned char *out)
{
%s    unsigned long long *p[%d] = {%s};
    for (int k = 0; k < %d; ++k) *p[k] = (unsigned long long)p[k] ^ k;
}
""" % (", ".join(params), puts, NPTR, ptrs, NPTR)).encode()


KERNELS = _echo_source() + b"""
__device__ unsigned int counter;

extern "C" __global__ void bump()
{
    atomicAdd(&counter, 1u);
}

extern "C" __global__ void fill(unsigned int *out, unsigned int value, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}

struct S { int a; double b; char c; };

extern "C" __global__ void put_int(int v, int *out)
{
    *out = v;
}

extern "C" __global__ void take_dim3(dim3 d, unsigned int *out)
{
    out[0] = d.x; out[1] = d.y; out[2] = d.z;
}

extern "C" __global__ void through_pointer(const unsigned long long *p, unsigned long long v, unsigned long long *out)
{
    out[0] = *p;  /* what the host-mapped cell holds, read by the kernel through the pointer */
    out[1] = v;   /* the value packed by value */
}

extern "C" __global__ void take_struct(S s, S *out)
{
    *out = s;
}

struct ArrayDescriptor { size_t width, height; int format; unsigned int channels; };

extern "C" __global__ void take_descriptor(ArrayDescriptor d, ArrayDescriptor *out)
{
    *out = d;
}

extern "C" __global__ void read_texture(float *out, int n, cudaTextureObject_t tex)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(tex, i);
}

extern "C" __global__ void grid_barrier_sum(unsigned int *data, unsigned int nblocks, unsigned int *arrived)
{
    /* Every block publishes a value, waits at a grid-wide barrier, then sums what all blocks
       published: right only if all blocks were resident at once, which a cooperative launch promises. */
    if (threadIdx.x == 0) {
        data[blockIdx.x] = blockIdx.x + 1;
        __threadfence();
        atomicAdd(arrived, 1u);
        while (atomicAdd(arrived, 0u) < nblocks) { }
        __threadfence();
        unsigned int s = 0;
        for (unsigned int b = 0; b < nblocks; ++b) s += ((volatile unsigned int *)data)[b];
        data[nblocks + blockIdx.x] = s;
    }
}
"""

CLUSTER_KERNEL = b"""
extern "C" __global__ void cluster_shape(unsigned int *out)
{
    unsigned int size, rank;
    asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(size));
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = size;
        out[2 * blockIdx.x + 1] = rank;
    }
}
"""


# -- helpers and fixtures -----------------------------------------------------------------------------------


def _ptx(source, arch):
    return compile_ptx(source, (b"--gpu-architecture=compute_%d%d" % arch, b"-std=c++17"), b"kernel_params.cu")


@pytest.fixture
def module(cuda_context, device):
    mod = check(driver.cuModuleLoadData(_ptx(KERNELS, compute_capability(device))))
    yield mod
    check(driver.cuModuleUnload(mod))


def _fn(module, name):
    return check(driver.cuModuleGetFunction(module, name))


def _read(dptr, nbytes):
    out = bytearray(nbytes)
    check(driver.cuMemcpyDtoH(out, dptr, nbytes))
    return bytes(out)


def _u32(dptr, count):
    out = np.empty(count, dtype=np.uint32)
    check(driver.cuMemcpyDtoH(out, dptr, out.nbytes))
    return out


def _launch(f, stream, kernelParams, grid=1, block=1, extra=0):
    check(driver.cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, stream, kernelParams, extra))
    check(driver.cuStreamSynchronize(stream))


# -- every scalar type, plus 16 device pointers ----------------------------------------------------------------


def _expected_scalar_bytes(flavour, k, value):
    ct, _, dt, _, _ = SCALARS[k]
    if flavour == "numpy":
        return np.asarray(value, dtype=dt).tobytes()
    return bytes(ct(value))


def _numpy_value(k, value):
    """The value a numpy dtype takes for SCALARS[k] (numpy has no char or wchar_t)."""
    if isinstance(value, bytes):
        return value[0]
    if isinstance(value, str):
        return ord(value)
    return value


@pytest.mark.parametrize("flavour", ["ctypes", "cffi", "numpy"])
def test_every_scalar_type_and_16_pointers_arrive_exactly(module, alloc, stream, flavour):
    echo = _fn(module, b"echo")
    out = alloc(8 * len(SCALARS))
    ptrs = [alloc(8) for _ in range(NPTR)]
    column = {"ctypes": 0, "cffi": 1, "numpy": 2}[flavour]
    scalar_types = tuple(row[column] for row in SCALARS)
    for round_ in range(2):  # twice, so the second launch reuses the plan's block with new values
        values = [row[4] for row in SCALARS]
        if round_:
            values = [v if isinstance(v, (bytes, str, bool)) else v // 3 if isinstance(v, int) else v * 0.5
                      for v in values]
        if flavour == "numpy":
            values = [_numpy_value(k, v) for k, v in enumerate(values)]
        kp = (tuple(values) + tuple(ptrs) + (out,), scalar_types + (None,) * NPTR + (None,))
        check(driver.cuMemsetD8(out, 0, 8 * len(SCALARS)))
        _launch(echo, stream, kp)
        got = _read(out, 8 * len(SCALARS))
        for k, v in enumerate(values):
            expected = _expected_scalar_bytes(flavour, k, v)
            assert got[8 * k:8 * k + len(expected)] == expected, (k, SCALARS[k][3], v)
        for k, p in enumerate(ptrs):
            assert int.from_bytes(_read(p, 8), "little") == int(p) ^ k


def test_scalars_given_as_ctypes_instances(module, alloc, stream):
    echo = _fn(module, b"echo")
    out = alloc(8 * len(SCALARS))
    ptrs = [alloc(8) for _ in range(NPTR)]
    values = tuple(row[0](row[4]) for row in SCALARS)  # ctypes instances
    types = tuple(row[0] for row in SCALARS)
    _launch(echo, stream, (values + tuple(ptrs) + (out,), types + (None,) * (NPTR + 1)))
    got = _read(out, 8 * len(SCALARS))
    for k, v in enumerate(values):
        assert got[8 * k:8 * k + ctypes.sizeof(v)] == bytes(v)


def test_pointers_as_ints_under_c_void_p(module, alloc, stream):
    fill = _fn(module, b"fill")
    n = 1000
    dptr = alloc(4 * n)
    _launch(fill, stream, ((int(dptr), 21, n), (ctypes.c_void_p, ctypes.c_uint, ctypes.c_size_t)), grid=4, block=256)
    assert (_u32(dptr, n) == 21).all()


# -- structs by value ----------------------------------------------------------------------------------------


class S(ctypes.Structure):
    _fields_ = [("a", ctypes.c_int), ("b", ctypes.c_double), ("c", ctypes.c_char)]


def test_ctypes_structure_by_value(module, alloc, stream):
    out = alloc(ctypes.sizeof(S))
    s = S(-7, 2.5, b"q")
    _launch(_fn(module, b"take_struct"), stream, ((s, out), (None, None)))
    assert _read(out, ctypes.sizeof(S)) == bytes(s)


def test_numpy_structured_dtype_by_value(module, alloc, stream):
    dt = np.dtype([("a", np.int32), ("b", np.float64), ("c", np.int8)], align=True)
    assert dt.itemsize == ctypes.sizeof(S)
    out = alloc(dt.itemsize)
    v = np.array([(11, -0.25, 66)], dtype=dt)
    _launch(_fn(module, b"take_struct"), stream, ((v, out), (dt, None)))
    got = np.frombuffer(_read(out, dt.itemsize), dtype=dt)  # fields only: padding bytes are not copied
    assert got.tolist() == v.tolist()


def test_struct_wrapper_by_value_through_getptr(module, alloc, stream):
    desc = driver.CUDA_ARRAY_DESCRIPTOR()
    desc.Width = 640
    desc.Height = 480
    desc.Format = driver.CUarray_format.CU_AD_FORMAT_FLOAT
    desc.NumChannels = 4
    size = 24
    out = alloc(size)
    _launch(_fn(module, b"take_descriptor"), stream, ((desc, out), (None, None)))
    assert _read(out, size) == ctypes.string_at(desc.getPtr(), size)


@pytest.mark.parametrize("cls", ["runtime.cudaSurfaceObject_t", "driver.CUdeviceptr", "driver.CUstream"])
def test_a_handle_made_with_ptr_on_host_mapped_memory_is_that_memory(module, alloc, stream, cls):
    """``cls(_ptr=mapped)`` is the host-mapped cell: under ``c_void_p`` the kernel gets the cell's address and
    reads the value there; under None it gets the value. A pointer to storage of the binding's own (unmapped)
    was an illegal address that poisoned the context."""
    from cudacffi import runtime

    klass = getattr({"runtime": runtime, "driver": driver}[cls.split(".")[0]], cls.split(".")[1])
    host = check(driver.cuMemHostAlloc(8, driver.CU_MEMHOSTALLOC_DEVICEMAP))
    try:
        cell = ctypes.c_uint64.from_address(int(host))
        cell.value = 0xC0FFEE
        view = klass(_ptr=int(host))
        assert view.getPtr() == int(host)
        out = alloc(16)
        f = _fn(module, b"through_pointer")
        for value in (0xC0FFEE, 0xBEEF):
            cell.value = value
            _launch(f, stream, ((view, view, out), (ctypes.c_void_p, None, None)))
            assert np.frombuffer(_read(out, 16), dtype=np.uint64).tolist() == [value, value]
        assert driver.cuCtxSynchronize()[0] == CU.CUDA_SUCCESS  # the context is healthy
    finally:
        check(driver.cuMemFreeHost(host))


@pytest.mark.parametrize("form", ["numpy intp array", "ctypes c_void_p array", "int address"])
def test_kernel_params_as_a_buffer_of_pointers(module, alloc, stream, form):
    """kernelParams form 3: any C-contiguous buffer holding the argument addresses (the values are the caller's)."""
    n = 300
    out = alloc(4 * n)
    values = [np.array([int(out)], dtype=np.uint64), np.array([0xABCD1234], dtype=np.uint32),
              np.array([n], dtype=np.uint64)]
    addresses = [v.ctypes.data for v in values]
    if form == "numpy intp array":
        kp = np.array(addresses, dtype=np.intp)
    elif form == "ctypes c_void_p array":
        kp = (ctypes.c_void_p * 3)(*addresses)
    else:
        table = np.array(addresses, dtype=np.intp)
        kp = table.ctypes.data
    _launch(_fn(module, b"fill"), stream, kp, grid=2, block=256)
    assert (_u32(out, n) == 0xABCD1234).all()


def test_an_enum_member_by_value_and_a_dim3_struct_by_value(module, alloc, stream):
    from cudacffi import runtime

    out = alloc(4)
    _launch(_fn(module, b"put_int"), stream, ((driver.CUresult.CUDA_ERROR_NOT_READY, out), (None, None)))
    assert _u32(out, 1)[0] == 600
    d = runtime.dim3()
    d.x, d.y, d.z = 7, 8, 9
    out3 = alloc(12)
    _launch(_fn(module, b"take_dim3"), stream, ((d, out3), (None, None)))
    assert _u32(out3, 3).tolist() == [7, 8, 9]
    box = ctypes.c_void_p(int(out))  # a c_void_p instance under c_void_p
    _launch(_fn(module, b"put_int"), stream, ((-5, box), (ctypes.c_int, ctypes.c_void_p)))
    assert int(np.int32(_u32(out, 1)[0].astype(np.int32))) == -5


# -- a texture object -----------------------------------------------------------------------------------------


def test_texture_object_as_a_kernel_argument(module, alloc, stream):
    n = 256
    host = np.arange(n, dtype=np.float32) * 1.5
    data = alloc(host.nbytes)
    check(driver.cuMemcpyHtoD(data, host, host.nbytes))
    res = driver.CUDA_RESOURCE_DESC()
    res.resType = driver.CUresourcetype.CU_RESOURCE_TYPE_LINEAR
    res.res.linear.devPtr = data
    res.res.linear.format = driver.CUarray_format.CU_AD_FORMAT_FLOAT
    res.res.linear.numChannels = 1
    res.res.linear.sizeInBytes = host.nbytes
    tex_desc = driver.CUDA_TEXTURE_DESC()
    tex = check(driver.cuTexObjectCreate(res, tex_desc, None))
    try:
        read = _fn(module, b"read_texture")
        out = alloc(host.nbytes)
        # the ctypes way: the CUDA object under None
        _launch(read, stream, ((out, n, tex), (None, ctypes.c_int, None)), grid=1, block=n)
        assert (np.frombuffer(_read(out, host.nbytes), dtype=np.float32) == host).all()
        # the NumPy way: int(tex) in an np.intp array, the array of pointers passed directly
        check(driver.cuMemsetD8(out, 0, host.nbytes))
        values = (np.array([int(out)], dtype=np.intp), np.array(n, dtype=np.int32),
                  np.array([int(tex)], dtype=np.intp))
        args = np.array([v.ctypes.data for v in values], dtype=np.intp)
        _launch(read, stream, args, grid=1, block=n)
        assert (np.frombuffer(_read(out, host.nbytes), dtype=np.float32) == host).all()
    finally:
        check(driver.cuTexObjectDestroy(tex))


# -- no arguments, and extra -------------------------------------------------------------------------------------


@pytest.mark.parametrize("kp", [None, ((), ()), 0], ids=["None", "empty-tuples", "zero"])
def test_no_argument_kernel(module, stream, kp):
    dptr, _ = check(driver.cuModuleGetGlobal(module, b"counter"))
    check(driver.cuMemsetD32(dptr, 0, 1))
    _launch(_fn(module, b"bump"), stream, kp, grid=3, block=32)
    assert _u32(dptr, 1)[0] == 96


def _extra_block(dptr, value, n):
    """A CU_LAUNCH_PARAM_BUFFER_POINTER block for fill(out, value, n), with what it points to."""
    args = np.zeros(1, dtype=np.dtype([("out", np.uint64), ("value", np.uint32), ("n", np.uint64)], align=True))
    args[0] = (int(dptr), value, n)
    size = np.array([args.nbytes], dtype=np.uint64)
    extra = np.array([driver.CU_LAUNCH_PARAM_BUFFER_POINTER, args.ctypes.data,
                      driver.CU_LAUNCH_PARAM_BUFFER_SIZE, size.ctypes.data,
                      driver.CU_LAUNCH_PARAM_END], dtype=np.uint64)
    return extra, (args, size)


def test_extra_buffer_launch(module, alloc, stream):
    n = 700
    dptr = alloc(4 * n)
    extra, keep = _extra_block(dptr, 31, n)
    _launch(_fn(module, b"fill"), stream, None, grid=3, block=256, extra=extra.ctypes.data)
    assert (_u32(dptr, n) == 31).all()


def _config(stream, grid, block, attrs=()):
    config = driver.CUlaunchConfig()
    config.gridDimX, config.gridDimY, config.gridDimZ = grid, 1, 1
    config.blockDimX, config.blockDimY, config.blockDimZ = block, 1, 1
    config.sharedMemBytes = 0
    config.hStream = stream
    config.attrs = list(attrs)
    config.numAttrs = len(attrs)
    return config


def _attribute(attr_id, **values):
    a = driver.CUlaunchAttribute()
    a.id = attr_id
    for k, v in values.items():
        setattr(a.value, k, v)
    return a


def test_launch_kernel_ex_with_values_types_and_with_extra(module, alloc, stream):
    fill = _fn(module, b"fill")
    n = 600
    dptr = alloc(4 * n)
    kp = ((dptr, 41, n), (None, ctypes.c_uint, ctypes.c_size_t))
    check(driver.cuLaunchKernelEx(_config(stream, 3, 256), fill, kp, 0))
    check(driver.cuStreamSynchronize(stream))
    assert (_u32(dptr, n) == 41).all()
    extra, keep = _extra_block(dptr, 42, n)
    check(driver.cuLaunchKernelEx(_config(stream, 3, 256), fill, None, extra.ctypes.data))
    check(driver.cuStreamSynchronize(stream))
    assert (_u32(dptr, n) == 42).all()


def test_launch_kernel_ex_with_priority_attribute(module, alloc, stream):
    fill = _fn(module, b"fill")
    n = 256
    dptr = alloc(4 * n)
    prio = _attribute(LAUNCH_ATTR.CU_LAUNCH_ATTRIBUTE_PRIORITY, priority=-1)
    kp = ((dptr, 43, n), (None, "unsigned int", "size_t"))
    check(driver.cuLaunchKernelEx(_config(stream, 1, 256, [prio]), fill, kp, 0))
    check(driver.cuStreamSynchronize(stream))
    assert (_u32(dptr, n) == 43).all()


def test_launch_kernel_ex_with_cluster_dimension(cuda_context, device, alloc, stream):
    cc = compute_capability(device)
    if cc < (9, 0):
        pytest.skip("thread block clusters need compute capability 9.0, this device has %d.%d" % cc)
    mod = check(driver.cuModuleLoadData(_ptx(CLUSTER_KERNEL, cc)))
    try:
        f = _fn(mod, b"cluster_shape")
        grid, cluster = 8, 2
        out = alloc(8 * grid)
        attr = _attribute(LAUNCH_ATTR.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
        attr.value.clusterDim.x, attr.value.clusterDim.y, attr.value.clusterDim.z = cluster, 1, 1
        check(driver.cuLaunchKernelEx(_config(stream, grid, 32, [attr]), f, ((out,), (None,)), 0))
        check(driver.cuStreamSynchronize(stream))
        got = _u32(out, 2 * grid).reshape(grid, 2)
        assert (got[:, 0] == cluster).all()
        assert list(got[:, 1]) == [b % cluster for b in range(grid)]
    finally:
        check(driver.cuModuleUnload(mod))


# -- cooperative launches --------------------------------------------------------------------------------------


def _cooperative_setup(module, device, alloc):
    if not check(driver.cuDeviceGetAttribute(ATTR.CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, device)):
        pytest.skip("the device does not support cooperative launches")
    f = _fn(module, b"grid_barrier_sum")
    sms = check(driver.cuDeviceGetAttribute(ATTR.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device))
    per_sm = check(driver.cuOccupancyMaxActiveBlocksPerMultiprocessor(f, 32, 0))
    nblocks = min(sms * per_sm, 64)
    data = alloc(8 * nblocks)
    arrived = alloc(4)
    return f, nblocks, data, arrived


def _check_barrier_sums(data, nblocks):
    got = _u32(data, 2 * nblocks)
    assert list(got[:nblocks]) == list(range(1, nblocks + 1))
    assert (got[nblocks:] == nblocks * (nblocks + 1) // 2).all()


def test_cooperative_kernel_with_grid_barrier(module, device, alloc, stream):
    f, nblocks, data, arrived = _cooperative_setup(module, device, alloc)
    kp = ((data, nblocks, arrived), (None, ctypes.c_uint, None))
    check(driver.cuLaunchCooperativeKernel(f, nblocks, 1, 1, 32, 1, 1, 0, stream, kp))
    check(driver.cuStreamSynchronize(stream))
    _check_barrier_sums(data, nblocks)


def test_launch_kernel_ex_with_cooperative_attribute(module, device, alloc, stream):
    f, nblocks, data, arrived = _cooperative_setup(module, device, alloc)
    coop = _attribute(LAUNCH_ATTR.CU_LAUNCH_ATTRIBUTE_COOPERATIVE, cooperative=1)
    check(driver.cuLaunchKernelEx(_config(stream, nblocks, 32, [coop]), f,
                                  ((data, nblocks, arrived), (None, np.uint32, None)), 0))
    check(driver.cuStreamSynchronize(stream))
    _check_barrier_sums(data, nblocks)


# -- a graph kernel node -------------------------------------------------------------------------------------------


def _kernel_node_params(params, fill, dptr, value, n):
    params.func = fill
    params.gridDimX, params.gridDimY, params.gridDimZ = 2, 1, 1
    params.blockDimX, params.blockDimY, params.blockDimZ = 256, 1, 1
    params.sharedMemBytes = 0
    params.kernelParams = ((driver.CUdeviceptr(int(dptr)), value, n), (None, ctypes.c_uint, ctypes.c_size_t))
    params.extra = 0


def _run_graph(graph, stream):
    exe = check(driver.cuGraphInstantiate(graph, 0))
    try:
        check(driver.cuGraphLaunch(exe, stream))
        check(driver.cuStreamSynchronize(stream))
    finally:
        check(driver.cuGraphExecDestroy(exe))


@pytest.mark.parametrize("params_class", ["CUDA_KERNEL_NODE_PARAMS", "CUDA_KERNEL_NODE_PARAMS_v2"])
def test_graph_kernel_node_given_values_and_types(module, alloc, stream, params_class):
    fill = _fn(module, b"fill")
    n = 500
    dptr = alloc(4 * n)
    params = getattr(driver, params_class)()
    _kernel_node_params(params, fill, dptr, 51, n)
    # launches with the same types reuse the thread's launch block; the node's block is its own
    other = alloc(4 * n)
    _launch(fill, stream, ((other, 1, n), (None, ctypes.c_uint, ctypes.c_size_t)), grid=2, block=256)
    gc.collect()
    graph = check(driver.cuGraphCreate(0))
    try:
        check(driver.cuGraphAddKernelNode(graph, None, 0, params))
        _run_graph(graph, stream)
    finally:
        check(driver.cuGraphDestroy(graph))
    assert (_u32(dptr, n) == 51).all()
    assert (_u32(other, n) == 1).all()


def test_graph_node_params_v3_kernel_given_values_and_types(module, alloc, stream):
    if not hasattr(driver, "CUgraphNodeParams"):
        pytest.skip("this build's headers (before CUDA 12.2) have no CUgraphNodeParams")
    fill = _fn(module, b"fill")
    n = 300
    dptr = alloc(4 * n)
    node = driver.CUgraphNodeParams()
    node.type = driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_KERNEL
    _kernel_node_params(node.kernel, fill, dptr, 52, n)  # a view: the block lives with `node`
    gc.collect()
    graph = check(driver.cuGraphCreate(0))
    try:
        if driver.CUDA_VERSION >= 13000:  # 13.x: cuGraphAddNode takes the edge data beside the dependencies
            check(driver.cuGraphAddNode(graph, None, None, 0, node))
        else:
            check(driver.cuGraphAddNode(graph, None, 0, node))
        _run_graph(graph, stream)
    finally:
        check(driver.cuGraphDestroy(graph))
    assert (_u32(dptr, n) == 52).all()


# -- the examples ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["kernel_params_numpy", "kernel_params_ctypes", "kernel_params_no_ctypes",
                                  "kernel_params_cubemap_texture"])
def test_kernel_params_example_runs(cuda_context, name, capsys):
    import importlib.util
    import os

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", name + ".py")
    spec = importlib.util.spec_from_file_location("example_" + name, path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    example.main()
    assert "%s passed" % name in capsys.readouterr().out
