"""The driver API on a real GPU, called the way cuda.bindings 12.x code calls it.

Every test here needs a device: the module is marked `gpu`, and tests/conftest.py skips it with a
reason where there is no driver or no GPU. `cuda_context` (a current primary context on device 0)
and `device` (the CUdevice of device 0) come from conftest.
"""

import ctypes
import importlib.util
import platform
import subprocess
import sys
import traceback
from pathlib import Path

import numpy as np
import pytest
from conftest import compile_ptx, compute_capability

import cudacffi
from cudacffi import check, driver

pytestmark = pytest.mark.gpu

ROOT = Path(__file__).resolve().parent.parent
IS_PYPY = platform.python_implementation() == "PyPy"
CUresult = driver.CUresult

KERNELS = b"""\
__device__ unsigned int counter;

extern "C" __global__ void bump()
{
    atomicAdd(&counter, 1u);
}

extern "C" __global__ void fill(unsigned int *out, unsigned int value, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = value;
    }
}

typedef struct {
    int value;
} testStruct;

extern "C" __global__
void testkernel(int i, int *pi,
                float f, float *pf,
                testStruct s, testStruct *ps)
{
    *pi = i;
    *pf = f;
    ps->value = s.value;
}
"""


# -- helpers ---------------------------------------------------------------------------------------


def _arch_option(device):
    return b"--gpu-architecture=compute_%d%d" % compute_capability(device)


def _ptx(source, arch_option):
    """PTX of `source` for `arch_option`, compiled once per session (NVRTC needs no context)."""
    return compile_ptx(source, (arch_option,))


def _read_u32(dptr, count):
    out = np.empty(count, dtype=np.uint32)
    check(driver.cuMemcpyDtoH(out, dptr, out.nbytes))
    return out


def _fill_kernel_values(dptr, value, count):
    """The fill kernel's arguments as the seed prepares them: one numpy array per argument."""
    return (
        np.array([int(dptr)], dtype=np.uint64),
        np.array(value, dtype=np.uint32),
        np.array(count, dtype=np.uint64),
    )


def _pointer_array(values):
    return np.array([v.ctypes.data for v in values], dtype=np.uint64)


def _launch_1d(function, stream, blocks, threads, kernelParams, extra=0):
    check(driver.cuLaunchKernel(function, blocks, 1, 1, threads, 1, 1, 0, stream, kernelParams, extra))
    check(driver.cuStreamSynchronize(stream))


def _load_example(name):
    spec = importlib.util.spec_from_file_location("example_" + name, str(ROOT / "examples" / (name + ".py")))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _raised_at(exc, text):
    """Whether the traceback of `exc` passes through a source line containing `text`."""
    return any(text in (frame.line or "") for frame in traceback.extract_tb(exc.__traceback__))


# -- fixtures --------------------------------------------------------------------------------------


@pytest.fixture
def module(cuda_context, device):
    mod = check(driver.cuModuleLoadData(_ptx(KERNELS, _arch_option(device))))
    yield mod
    check(driver.cuModuleUnload(mod))


@pytest.fixture
def counter(module):
    """The device global `counter`, zeroed."""
    dptr, numbytes = check(driver.cuModuleGetGlobal(module, b"counter"))
    assert numbytes == 4
    check(driver.cuMemsetD32(dptr, 0, 1))
    return dptr


# -- the examples ----------------------------------------------------------------------------------


def test_saxpy_example_runs_end_to_end(cuda_context, capsys):
    if driver.CUDA_VERSION >= 13000:
        pytest.skip("the seed is written for the 12.x API: cuCtxCreate(flags, dev) is cuCtxCreate(params, flags, "
                    "dev) in a 13.x build")
    saxpy = _load_example("saxpy")
    try:
        saxpy.main()
    except (TypeError, ValueError) as e:
        # The seed fills an immutable `b" " * n` through nvrtcGetPTX: promised on CPython only.
        if IS_PYPY and _raised_at(e, "nvrtcGetPTX("):
            pytest.skip("PyPy: nvrtcGetPTX refuses the seed's bytes buffer: {}".format(e))
        raise
    finally:
        # The example creates and destroys its own context; put the session's back.
        check(driver.cuCtxSetCurrent(cuda_context))
    assert "SAXPY passed" in capsys.readouterr().out


def test_device_query_example_describes_device_0(cuda_context, capsys):
    assert _load_example("device_query").main() == 0
    out = capsys.readouterr().out
    assert "Device 0:" in out
    assert "CUDA capability" in out
    assert "GPU-" in out


# -- memory copies and sets ------------------------------------------------------------------------


def test_memcpy_htod_dtoh_round_trip_with_numpy_arrays(alloc):
    host = np.arange(1024, dtype=np.uint32)
    dptr = alloc(host.nbytes)
    check(driver.cuMemcpyHtoD(dptr, host, host.nbytes))
    assert np.array_equal(_read_u32(dptr, host.size), host)


def test_memcpy_htod_dtoh_round_trip_with_bytearrays(alloc):
    src = bytearray(range(256))
    dst = bytearray(256)
    dptr = alloc(len(src))
    check(driver.cuMemcpyHtoD(dptr, src, len(src)))
    check(driver.cuMemcpyDtoH(dst, dptr, len(dst)))
    assert dst == src


def test_memcpy_htod_dtoh_round_trip_with_int_addresses(alloc):
    host = np.arange(1024, dtype=np.uint32)
    out = np.zeros_like(host)
    dptr = alloc(host.nbytes)
    check(driver.cuMemcpyHtoD(dptr, host.ctypes.data, host.nbytes))
    check(driver.cuMemcpyDtoH(out.ctypes.data, dptr, out.nbytes))
    assert np.array_equal(out, host)


def test_memcpy_device_pointer_params_accept_plain_ints(alloc):
    host = np.arange(64, dtype=np.uint32)
    address = int(alloc(host.nbytes))
    check(driver.cuMemcpyHtoD(address, host, host.nbytes))
    assert np.array_equal(_read_u32(address, host.size), host)


def test_memcpy_async_round_trip_on_a_stream(alloc, stream):
    host = np.arange(4096, dtype=np.uint32)
    out = np.zeros_like(host)
    dptr = alloc(host.nbytes)
    check(driver.cuMemcpyHtoDAsync(dptr, host, host.nbytes, stream))
    check(driver.cuMemcpyDtoHAsync(out, dptr, out.nbytes, stream))
    check(driver.cuStreamSynchronize(stream))
    assert np.array_equal(out, host)


def test_memcpy_dtod_copies_between_allocations(alloc):
    host = np.arange(1024, dtype=np.uint32)
    src, dst = alloc(host.nbytes), alloc(host.nbytes)
    check(driver.cuMemcpyHtoD(src, host, host.nbytes))
    check(driver.cuMemcpyDtoD(dst, src, host.nbytes))
    assert np.array_equal(_read_u32(dst, host.size), host)


def test_memset_d8_sets_every_byte(alloc):
    dptr = alloc(100)
    check(driver.cuMemsetD8(dptr, 0xAB, 100))
    out = bytearray(100)
    check(driver.cuMemcpyDtoH(out, dptr, 100))
    assert out == b"\xab" * 100


def test_memset_d32_sets_every_word(alloc):
    dptr = alloc(4 * 100)
    check(driver.cuMemsetD32(dptr, 0xDEADBEEF, 100))
    assert (_read_u32(dptr, 100) == 0xDEADBEEF).all()


# -- streams and events ----------------------------------------------------------------------------


def test_stream_query_of_an_idle_stream_is_success(stream):
    assert driver.cuStreamQuery(stream) == (CUresult.CUDA_SUCCESS,)


def test_stream_params_accept_wrapper_int_and_none(stream):
    for handle in (stream, int(stream), driver.CUstream(int(stream)), None, 0):
        assert driver.cuStreamQuery(handle) == (CUresult.CUDA_SUCCESS,), handle


def test_event_elapsed_time_around_work_is_a_nonnegative_float(alloc, stream):
    nbytes = 64 << 20
    dptr = alloc(nbytes)
    start = check(driver.cuEventCreate(driver.CUevent_flags.CU_EVENT_DEFAULT))
    end = check(driver.cuEventCreate(driver.CUevent_flags.CU_EVENT_DEFAULT))
    try:
        check(driver.cuEventRecord(start, stream))
        check(driver.cuMemsetD8Async(dptr, 1, nbytes, stream))
        check(driver.cuEventRecord(end, stream))
        check(driver.cuEventSynchronize(end))
        assert driver.cuEventQuery(end) == (CUresult.CUDA_SUCCESS,)
        err, ms = driver.cuEventElapsedTime(start, end)
        assert err == CUresult.CUDA_SUCCESS
        assert isinstance(ms, float)
        assert ms >= 0.0
    finally:
        check(driver.cuEventDestroy(start))
        check(driver.cuEventDestroy(end))


# -- modules and functions -------------------------------------------------------------------------


def test_module_load_data_of_nvrtc_ptx_gives_a_module(module):
    assert isinstance(module, driver.CUmodule)
    assert int(module) != 0


def test_module_get_function_gives_a_cufunction(module):
    err, function = driver.cuModuleGetFunction(module, b"fill")
    assert err == CUresult.CUDA_SUCCESS
    assert isinstance(function, driver.CUfunction)
    assert int(function) != 0


def test_module_get_function_of_a_missing_name_is_not_found_with_none(module):
    assert driver.cuModuleGetFunction(module, b"no_such_kernel") == (CUresult.CUDA_ERROR_NOT_FOUND, None)


# -- errors as results -----------------------------------------------------------------------------


def test_mem_alloc_of_zero_bytes_returns_invalid_value_and_none(cuda_context):
    result = driver.cuMemAlloc(0)
    assert type(result) is tuple
    assert result == (CUresult.CUDA_ERROR_INVALID_VALUE, None)
    assert result[0] is CUresult.CUDA_ERROR_INVALID_VALUE


def test_check_raises_cuda_error_naming_the_result(cuda_context):
    with pytest.raises(cudacffi.CUDAError) as info:
        check(driver.cuMemAlloc(0))
    assert "CUDA_ERROR_INVALID_VALUE" in str(info.value)
    assert info.value.result == CUresult.CUDA_ERROR_INVALID_VALUE


# -- handles ---------------------------------------------------------------------------------------


def test_pointer_handle_repr_is_hex(stream):
    assert repr(driver.CUstream(5)) == "<CUstream 0x5>"
    assert repr(stream) == "<CUstream {}>".format(hex(int(stream)))


def test_integer_handle_repr_is_decimal(alloc):
    dptr = alloc(16)
    assert repr(driver.CUdeviceptr(1234)) == "<CUdeviceptr 1234>"
    assert repr(dptr) == "<CUdeviceptr {}>".format(int(dptr))


def test_streams_wrapping_the_same_value_are_equal_and_hash_equal(stream):
    same = driver.CUstream(int(stream))
    assert same == stream
    assert hash(same) == hash(stream)
    assert driver.CUstream(5) == driver.CUstream(5)
    assert driver.CUstream(5) != driver.CUstream(6)
    assert len({driver.CUstream(5), driver.CUstream(5)}) == 1


def test_contexts_compare_by_value(cuda_context):
    current = check(driver.cuCtxGetCurrent())
    assert current == cuda_context
    assert driver.CUcontext(int(cuda_context)) == cuda_context
    assert hash(driver.CUcontext(int(cuda_context))) == hash(cuda_context)


def test_deviceptrs_compare_by_identity_only():
    a, b = driver.CUdeviceptr(5), driver.CUdeviceptr(5)
    assert a == a
    assert a != b


def test_devices_compare_by_identity_only():
    a, b = driver.CUdevice(0), driver.CUdevice(0)
    assert a == a
    assert a != b


def test_handle_constructors_take_init_value_keyword():
    assert int(driver.CUstream(init_value=5)) == 5
    assert int(driver.CUdeviceptr(init_value=1234)) == 1234
    assert int(driver.CUstream()) == 0


def test_getptr_is_the_address_of_the_handle_value(alloc, stream, module, cuda_context):
    handles = [
        stream,
        alloc(16),
        module,
        check(driver.cuModuleGetFunction(module, b"fill")),
        cuda_context,
        driver.CUstream(0x1234),
        driver.CUdeviceptr(2**64 - 1),
    ]
    for handle in handles:
        assert ctypes.c_uint64.from_address(handle.getPtr()).value == int(handle), repr(handle)


def test_deviceptr_from_mem_alloc_is_the_allocation_address(alloc):
    dptr = alloc(4096)
    base, size = check(driver.cuMemGetAddressRange(dptr))
    assert int(base) == int(dptr)
    assert size >= 4096


# -- device and context queries --------------------------------------------------------------------


def test_device_get_name_gives_nonempty_bytes(device):
    name = check(driver.cuDeviceGetName(256, device))
    assert isinstance(name, bytes)
    assert name.split(b"\0", 1)[0].strip()


def test_ctx_get_current_is_the_current_context(cuda_context):
    err, ctx = driver.cuCtxGetCurrent()
    assert err == CUresult.CUDA_SUCCESS
    assert isinstance(ctx, driver.CUcontext)
    assert int(ctx) == int(cuda_context) != 0


def test_ctx_get_device_is_device_0(cuda_context, device):
    err, dev = driver.cuCtxGetDevice()
    assert err == CUresult.CUDA_SUCCESS
    assert isinstance(dev, driver.CUdevice)
    assert int(dev) == int(device) == 0


def test_mem_get_info_free_is_at_most_total(cuda_context):
    err, free, total = driver.cuMemGetInfo()
    assert err == CUresult.CUDA_SUCCESS
    assert 0 < free <= total


# -- cuLaunchKernel: the kernelParams forms --------------------------------------------------------


@pytest.mark.parametrize("null_params", [None, 0], ids=["None", "zero"])
def test_launch_without_kernel_params_runs_a_parameterless_kernel(module, counter, stream, null_params):
    bump = check(driver.cuModuleGetFunction(module, b"bump"))
    _launch_1d(bump, stream, 4, 32, null_params)
    assert _read_u32(counter, 1)[0] == 4 * 32


def test_launch_with_kernel_params_as_an_int_address(module, alloc, stream):
    fill = check(driver.cuModuleGetFunction(module, b"fill"))
    n = 1000
    dptr = alloc(4 * n)
    values = _fill_kernel_values(dptr, 7, n)
    args = _pointer_array(values)
    _launch_1d(fill, stream, 4, 256, args.ctypes.data)
    assert (_read_u32(dptr, n) == 7).all()


def test_launch_with_kernel_params_as_a_numpy_array_object(module, alloc, stream):
    fill = check(driver.cuModuleGetFunction(module, b"fill"))
    n = 1000
    dptr = alloc(4 * n)
    values = _fill_kernel_values(dptr, 9, n)
    args = _pointer_array(values)
    _launch_1d(fill, stream, 4, 256, args)
    assert (_read_u32(dptr, n) == 9).all()


def _seed_testkernel_results(pInt, pFloat, pStruct):
    i = np.zeros(1, dtype=np.int32)
    f = np.zeros(1, dtype=np.float32)
    s = np.zeros(1, dtype=np.int32)
    check(driver.cuMemcpyDtoH(i, pInt, 4))
    check(driver.cuMemcpyDtoH(f, pFloat, 4))
    check(driver.cuMemcpyDtoH(s, pStruct, 4))
    return int(i[0]), float(f[0]), int(s[0])


def test_launch_seed_testkernel_with_numpy_kernel_values(module, alloc, stream):
    # "Preparing kernel arguments", Using NumPy: one array per argument, a custom dtype for the
    # struct passed by value, np.intp for pointers, and the array of pointers passed directly.
    kernel = check(driver.cuModuleGetFunction(module, b"testkernel"))
    testStruct = np.dtype([("value", np.int32)], align=True)
    pInt = alloc(np.dtype(np.int32).itemsize)
    pFloat = alloc(np.dtype(np.float32).itemsize)
    pStruct = alloc(testStruct.itemsize)
    kernelValues = (
        np.array(1, dtype=np.uint32),
        np.array([int(pInt)], dtype=np.intp),
        np.array(123.456, dtype=np.float32),
        np.array([int(pFloat)], dtype=np.intp),
        np.array([5], testStruct),
        np.array([int(pStruct)], dtype=np.intp),
    )
    kernelParams = np.array([arg.ctypes.data for arg in kernelValues], dtype=np.intp)
    check(driver.cuLaunchKernel(
        kernel,
        1, 1, 1,  # grid dim
        1, 1, 1,  # block dim
        0, stream,  # shared mem and stream
        kernelParams=kernelParams,
        extra=0,
    ))
    check(driver.cuStreamSynchronize(stream))
    i, f, s = _seed_testkernel_results(pInt, pFloat, pStruct)
    assert (i, s) == (1, 5)
    assert f == pytest.approx(np.float32(123.456))


class _SeedTestStruct(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int)]


def test_launch_seed_testkernel_with_ctypes_values_and_types(module, alloc, stream):
    # "Preparing kernel arguments", Using ctypes: (kernelValues, kernelTypes), None for the
    # ctypes.Structure passed by value; device pointers as plain ints with c_void_p.
    kernel = check(driver.cuModuleGetFunction(module, b"testkernel"))
    pInt = alloc(ctypes.sizeof(ctypes.c_int))
    pFloat = alloc(ctypes.sizeof(ctypes.c_float))
    pStruct = alloc(ctypes.sizeof(_SeedTestStruct))
    kernelValues = (1, int(pInt), 123.456, int(pFloat), _SeedTestStruct(5), int(pStruct))
    kernelTypes = (ctypes.c_int, ctypes.c_void_p, ctypes.c_float, ctypes.c_void_p, None, ctypes.c_void_p)
    check(driver.cuLaunchKernel(
        kernel,
        1, 1, 1,  # grid dim
        1, 1, 1,  # block dim
        0, stream,  # shared mem and stream
        kernelParams=(kernelValues, kernelTypes),
        extra=0,
    ))
    check(driver.cuStreamSynchronize(stream))
    i, f, s = _seed_testkernel_results(pInt, pFloat, pStruct)
    assert (i, s) == (1, 5)
    assert f == pytest.approx(np.float32(123.456))


def test_launch_ctypes_form_with_none_type_passes_a_deviceptr_by_getptr(module, alloc, stream):
    # "CUDA objects": a wrapper with getPtr() and type None passes the handle's own 8-byte value.
    fill = check(driver.cuModuleGetFunction(module, b"fill"))
    n = 300
    dptr = alloc(4 * n)
    _launch_1d(fill, stream, 2, 256, ((dptr, 11, n), (None, ctypes.c_uint, ctypes.c_size_t)))
    assert (_read_u32(dptr, n) == 11).all()


def test_launch_with_extra_buffer_pointer_block_as_int_address(module, alloc, stream):
    fill = check(driver.cuModuleGetFunction(module, b"fill"))
    n = 500
    dptr = alloc(4 * n)

    class FillArgs(ctypes.Structure):  # the kernel's parameters, laid out as in C
        _fields_ = [("out", ctypes.c_uint64), ("value", ctypes.c_uint32), ("n", ctypes.c_size_t)]

    buf = FillArgs(int(dptr), 13, n)
    size = ctypes.c_size_t(ctypes.sizeof(buf))
    extra = np.array([
        int(driver.CU_LAUNCH_PARAM_BUFFER_POINTER), ctypes.addressof(buf),
        int(driver.CU_LAUNCH_PARAM_BUFFER_SIZE), ctypes.addressof(size),
        int(driver.CU_LAUNCH_PARAM_END),
    ], dtype=np.uint64)
    _launch_1d(fill, stream, 2, 256, None, extra.ctypes.data)
    assert (_read_u32(dptr, n) == 13).all()


# -- the default stream, legacy and per-thread -----------------------------------------------------

_DEFAULT_STREAM_SCRIPT = r'''
import numpy as np
from cudacffi import check, driver, nvrtc

SOURCE = b"""
extern "C" __global__ void fill(unsigned int *out, unsigned int value, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}
"""
attr = driver.CUdevice_attribute
check(driver.cuInit(0))
dev = check(driver.cuDeviceGet(0))
ctx = check(driver.cuDevicePrimaryCtxRetain(dev))
check(driver.cuCtxSetCurrent(ctx))
major = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev))
minor = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev))
prog = check(nvrtc.nvrtcCreateProgram(SOURCE, b"fill.cu", 0, [], []))
check(nvrtc.nvrtcCompileProgram(prog, 1, ["--gpu-architecture=compute_{}{}".format(major, minor).encode()]))
ptx = bytearray(check(nvrtc.nvrtcGetPTXSize(prog)))
check(nvrtc.nvrtcGetPTX(prog, ptx))
module = check(driver.cuModuleLoadData(bytes(ptx)))
fill = check(driver.cuModuleGetFunction(module, b"fill"))

n = 4096
streams = [("0", 0), ("None", None), ("CUstream(0)", driver.CUstream(0)),
           ("CU_STREAM_LEGACY", driver.CU_STREAM_LEGACY), ("CU_STREAM_PER_THREAD", driver.CU_STREAM_PER_THREAD)]
for name, stream in streams:
    host = np.arange(n, dtype=np.uint32)
    out = np.zeros_like(host)
    dptr = check(driver.cuMemAlloc(host.nbytes))
    values = (np.array([int(dptr)], dtype=np.uint64), np.array(7, dtype=np.uint32), np.array(n // 2, dtype=np.uint64))
    args = np.array([v.ctypes.data for v in values], dtype=np.uint64)
    check(driver.cuMemcpyHtoDAsync(dptr, host, host.nbytes, stream))
    check(driver.cuLaunchKernel(fill, n // 256, 1, 1, 256, 1, 1, 0, stream, args, 0))
    check(driver.cuMemcpyDtoHAsync(out, dptr, out.nbytes, stream))
    check(driver.cuStreamSynchronize(stream))
    expected = host.copy()
    expected[: n // 2] = 7
    assert np.array_equal(out, expected), name
    check(driver.cuMemFree(dptr))
check(driver.cuModuleUnload(module))
check(driver.cuDevicePrimaryCtxRelease(dev))
print("default stream ok")
'''


@pytest.mark.parametrize("per_thread", ["0", "1"], ids=["legacy", "per-thread"])
def test_work_on_the_default_stream_succeeds(per_thread):
    from conftest import script_env

    env = script_env(CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM=per_thread)
    proc = subprocess.run(
        [sys.executable, "-c", _DEFAULT_STREAM_SCRIPT],
        cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        universal_newlines=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout
    assert "default stream ok" in proc.stdout


# -- bad input that needs a context to get past the library ----------------------------------------


def test_memcpy_htod_non_contiguous_source_raises_naming_srcHost(alloc):
    dptr = alloc(40)
    with pytest.raises(ValueError, match="srcHost"):
        driver.cuMemcpyHtoD(dptr, np.arange(20, dtype=np.uint32)[::2], 40)


def _read_only_numpy():
    array = np.zeros(16, dtype=np.uint8)
    array.flags.writeable = False
    return array


@pytest.mark.parametrize(
    "make_destination",
    [_read_only_numpy, lambda: memoryview(bytearray(16)).toreadonly()],
    ids=["numpy-read-only", "memoryview-read-only"],
)
def test_memcpy_dtoh_read_only_destination_raises_naming_dstHost(alloc, make_destination):
    dptr = alloc(16)
    destination = make_destination()
    with pytest.raises((ValueError, TypeError), match="dstHost"):
        driver.cuMemcpyDtoH(destination, dptr, 16)
    assert bytes(destination) == bytes(16)
