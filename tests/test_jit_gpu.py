"""nvJitLink and NVVM output, loaded by the driver and launched on a real GPU.

Marked `gpu` (tests/conftest.py skips the module with the reason where there is no driver or device);
each test also skips, naming the library, where nvJitLink, NVVM or NVRTC is not found.
"""

import ctypes
import importlib.util
from pathlib import Path

import numpy as np
import pytest

import cudacffi
from cudacffi import check, driver, nvjitlink, nvrtc, nvvm
from conftest import one_line

pytestmark = pytest.mark.gpu

ROOT = Path(__file__).resolve().parent.parent


def _require(name, call):
    try:
        return call()
    except cudacffi.LibraryNotFoundError as e:
        pytest.skip("%s library not found: %s" % (name, one_line(e)))
    except cudacffi.LibraryVersionError as e:  # e.g. a 13.5 build where the machine has nvJitLink 13.0
        pytest.skip("%s library older than the build: %s" % (name, e))


def _nvjitlink_usable():
    """nvJitLink's version, once a handle could be made (the versioned entry points are bound then). Asked at
    load time, since 12.0's headers have no nvJitLinkVersion; a library without it is 12.0 to 12.2."""
    library = _require("nvJitLink", nvjitlink._library.load)
    _require("nvJitLink", lambda: nvjitlink.destroy(nvjitlink.create(1, ["-arch=sm_80"])))
    return library.version or (12, 0)


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("example_lto", str(ROOT / "examples" / "lto.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def arch(device):
    attr = driver.CUdevice_attribute
    major = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    minor = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    return 10 * major + minor


@pytest.fixture
def lto_libraries():
    """Skip where NVRTC or nvJitLink is missing, or where their majors differ (LTO-IR is only guaranteed to
    link within one major version)."""
    rtc = _require("NVRTC", nvrtc.nvrtcVersion)[1:]
    jit = _nvjitlink_usable()
    if rtc[0] != jit[0]:
        pytest.skip("NVRTC %d.%d and nvJitLink %d.%d differ in major version: LTO-IR is only guaranteed "
                    "within one" % (rtc + jit))


def _run_float_kernel(cubin_or_ptx, name, args_of, n, *inputs):
    """Load the image, launch ``name`` over n threads on device copies of ``inputs`` (+ one output)."""
    module = check(driver.cuModuleLoadData(cubin_or_ptx))
    try:
        kernel = check(driver.cuModuleGetFunction(module, name))
        buffers = [check(driver.cuMemAlloc(max(a.nbytes, 4))) for a in inputs]
        try:
            for d, a in zip(buffers, inputs):
                check(driver.cuMemcpyHtoD(d, a, a.nbytes))
            threads = 128
            check(driver.cuLaunchKernel(kernel, (n + threads - 1) // threads, 1, 1, threads, 1, 1, 0, None,
                                        args_of(buffers), 0))
            check(driver.cuCtxSynchronize())
            results = []
            for d, a in zip(buffers, inputs):
                out = np.empty_like(a)
                check(driver.cuMemcpyDtoH(out, d, a.nbytes))
                results.append(out)
            return results
        finally:
            for d in buffers:
                check(driver.cuMemFree(d))
    finally:
        check(driver.cuModuleUnload(module))


def test_lto_of_two_nvrtc_units_runs_and_gives_the_right_answer(cuda_context, arch, lto_libraries, example):
    cubin = example.link([("apply.ltoir", example.lto_ir(example.KERNEL, b"apply.cu", arch)),
                          ("combine.ltoir", example.lto_ir(example.COMBINE, b"combine.cu", arch))], arch)
    assert cubin.startswith(b"\x7fELF")
    n = 1000
    x = np.arange(n, dtype=np.float32)
    y = np.full(n, 0.5, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    _, _, got = _run_float_kernel(
        cubin, b"apply", lambda b: ((b[2], b[0], b[1], n), (None, None, None, ctypes.c_int)), n, x, y, out)
    np.testing.assert_array_equal(got, 3.0 * x + y)


def test_lto_example_runs(cuda_context, lto_libraries, example):
    out, x, y = example.main(n=4096)
    np.testing.assert_allclose(out, 3.0 * x + y, rtol=1e-6)


def test_ptx_linked_by_nvjitlink_runs(cuda_context, arch):
    _nvjitlink_usable()
    src = b'extern "C" __global__ void scale(float *x, float a, int n)' \
          b'{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= a; }'
    prog = check(nvrtc.nvrtcCreateProgram(src, b"scale.cu", 0, [], []))
    check(nvrtc.nvrtcCompileProgram(prog, 1, [b"--gpu-architecture=compute_%d" % arch]))
    ptx = bytearray(check(nvrtc.nvrtcGetPTXSize(prog)))
    check(nvrtc.nvrtcGetPTX(prog, ptx))
    check(nvrtc.nvrtcDestroyProgram(prog))
    h = nvjitlink.create(1, ["-arch=sm_%d" % arch])
    try:
        nvjitlink.add_data(h, nvjitlink.InputType.PTX, ptx, len(ptx), "scale.ptx")
        nvjitlink.complete(h)
        cubin = bytearray(nvjitlink.get_linked_cubin_size(h))
        nvjitlink.get_linked_cubin(h, cubin)
    finally:
        nvjitlink.destroy(h)
    n = 300
    x = np.arange(n, dtype=np.float32)
    got, = _run_float_kernel(bytes(cubin), b"scale",
                             lambda b: ((b[0], 2.5, n), (None, ctypes.c_float, ctypes.c_int)), n, x)
    np.testing.assert_array_equal(got, 2.5 * x)


def test_nvvm_compiled_ptx_loads_and_runs(cuda_context, arch):
    _require("NVVM", nvvm.version)
    from test_nvvm import TWICE_IR

    prog = nvvm.create_program()
    try:
        nvvm.add_module_to_program(prog, TWICE_IR, len(TWICE_IR), "twice.ll")
        nvvm.compile_program(prog, 1, ["-arch=compute_%d" % arch])
        ptx = bytearray(nvvm.get_compiled_result_size(prog))
        nvvm.get_compiled_result(prog, ptx)
    finally:
        nvvm.destroy_program(prog)
    n = 64  # one block: the IR indexes by threadIdx.x alone
    x = np.arange(n, dtype=np.float32) - 10
    module = check(driver.cuModuleLoadData(bytes(ptx)))
    try:
        kernel = check(driver.cuModuleGetFunction(module, b"twice"))
        d = check(driver.cuMemAlloc(x.nbytes))
        try:
            check(driver.cuMemcpyHtoD(d, x, x.nbytes))
            check(driver.cuLaunchKernel(kernel, 1, 1, 1, n, 1, 1, 0, None, ((d,), (None,)), 0))
            check(driver.cuCtxSynchronize())
            got = np.empty_like(x)
            check(driver.cuMemcpyDtoH(got, d, x.nbytes))
        finally:
            check(driver.cuMemFree(d))
    finally:
        check(driver.cuModuleUnload(module))
    np.testing.assert_array_equal(got, 2 * x)
