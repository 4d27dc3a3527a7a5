"""The profiler and the graphics interop on a real GPU (``gpu`` marker, skipped with a reason elsewhere).

Profiling starts and stops on a current context. The EGL, OpenGL and VDPAU calls run where there is no
display or graphics context: the driver must answer with an error code (or, for a call the driver does
not export, such as the Tegra-only cuEventCreateFromEGLSync, raise FunctionNotFoundError). Each runs in a
fresh interpreter, so that a crash in the driver shows as a failed test instead of ending the run.
"""

import pytest

import cudacffi
from cudacffi import driver
from conftest import run_python

rt = pytest.importorskip("cudacffi.runtime", reason="cudacffi is not built")

pytestmark = pytest.mark.gpu


def test_driver_profiler_start_and_stop_succeed(cuda_context):
    assert driver.cuProfilerStart() == (driver.CUresult.CUDA_SUCCESS,)
    assert driver.cuProfilerStop() == (driver.CUresult.CUDA_SUCCESS,)


def test_runtime_profiler_start_and_stop_succeed(cuda_context):
    try:
        rt._library.load()
    except cudacffi.LibraryNotFoundError as e:
        pytest.skip("no libcudart: %s" % str(e).splitlines()[0])
    assert rt.cudaSetDevice(0) == (rt.cudaError_t.cudaSuccess,)
    assert rt.cudaProfilerStart() == (rt.cudaError_t.cudaSuccess,)
    assert rt.cudaProfilerStop() == (rt.cudaError_t.cudaSuccess,)


# Calls that need a display or a graphics API's object, with none given: (module, call, outputs).
NO_DISPLAY = [
    ("driver", "cuGLGetDevices(1, driver.CUGLDeviceList.CU_GL_DEVICE_LIST_ALL)", 2),
    ("driver", "cuGraphicsGLRegisterBuffer(0, 0)", 1),
    ("driver", "cuGraphicsGLRegisterImage(0, 0x0DE1, 0)", 1),  # GL_TEXTURE_2D
    ("driver", "cuVDPAUGetDevice(0, 0)", 1),
    ("driver", "cuGraphicsVDPAURegisterVideoSurface(0, 0)", 1),
    ("driver", "cuGraphicsEGLRegisterImage(None, 0)", 1),
    ("driver", "cuEventCreateFromEGLSync(None, 0)", 1),
    ("runtime", "cudaGLGetDevices(1, runtime.cudaGLDeviceList.cudaGLDeviceListAll)", 2),
    ("runtime", "cudaGraphicsGLRegisterBuffer(0, 0)", 1),
    ("runtime", "cudaVDPAUGetDevice(0, 0)", 1),
    ("runtime", "cudaGraphicsEGLRegisterImage(None, 0)", 1),
]


@pytest.mark.parametrize("module,call,n_out", NO_DISPLAY, ids=[c[1].split("(")[0] for c in NO_DISPLAY])
def test_graphics_calls_without_a_display_return_an_error(module, call, n_out):
    r = run_python(
        "import cudacffi\n"
        "from cudacffi import check, driver, runtime\n"
        "check(driver.cuInit(0))\n"
        "dev = check(driver.cuDeviceGet(0))\n"
        "check(driver.cuCtxSetCurrent(check(driver.cuDevicePrimaryCtxRetain(dev))))\n"
        "if %r == 'runtime':\n"
        "    check(runtime.cudaSetDevice(0))\n"
        "try:\n"
        "    result = %s.%s\n"
        "except cudacffi.FunctionNotFoundError:\n"
        "    print('ABSENT')\n"
        "else:\n"
        "    print(len(result) - 1, int(result[0]), result[0].name, all(x is None for x in result[1:]))\n"
        % (module, module, call))
    assert r.returncode == 0, "crashed or raised (%d): %s" % (r.returncode, r.stderr[-2000:])
    if r.stdout.strip() == "ABSENT":  # the EGL sync calls exist on Tegra drivers only; the call is refused
        assert module == "driver" and "EGL" in call
        return
    n, code, name, nones = r.stdout.split()
    print(call, "->", name)
    assert int(n) == n_out
    assert int(code) != 0, "%s succeeded without a display" % call
    assert nones == "True", "outputs on error must be None"
