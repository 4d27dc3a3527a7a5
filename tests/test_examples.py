"""The examples and the main job as a newcomer runs them from a checkout: each example starts (no
ModuleNotFoundError) and, with no driver or no device, says why in one line and exits 77 (examples/_checkout.py's
CANNOT_RUN: it cannot run here), never 1, which is a wrong result's; the main job reports and ends cleanly."""

import glob
import os
import subprocess
import sys

import pytest

from conftest import ROOT, build_standin

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

EXAMPLES = sorted(p for p in glob.glob(os.path.join(ROOT, "examples", "*.py"))
                  if not os.path.basename(p).startswith("_"))
NO_DRIVER = dict(os.environ, CUDACFFI_LIBDRIVER="/nonexistent/libcuda.so.1")
NO_DRIVER.pop("PYTHONPATH", None)  # as a newcomer runs them: nothing but the checkout
CANNOT_RUN = 77  # examples/_checkout.py


def cannot_run_line(r):
    """The one line an example that cannot run here prints (on stderr)."""
    lines = r.stderr.strip().splitlines()
    return lines[-1] if lines else ""


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_runs_from_a_checkout_and_says_why_it_cannot_in_one_line(path, tmp_path):
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, cwd=str(tmp_path), env=NO_DRIVER,
                       timeout=300)
    out = (r.stdout + r.stderr).strip()
    assert "ModuleNotFoundError" not in out and "Traceback" not in out, out
    assert len(out.splitlines()) == 1, out
    assert r.returncode == CANNOT_RUN, (r.returncode, out)
    name = os.path.basename(path)[:-3]
    assert out.startswith(name + ": cannot run: "), out
    from cudacffi import driver

    if name == "saxpy" and driver.CUDA_VERSION >= 13000:  # says so before any call
        assert "12.x walkthrough" in out, out
        return
    if name == "fatbin" and driver.CUDA_VERSION < 12040:  # headers without nvFatbin
        assert "has no nvFatbin" in out, out
        return
    assert "/nonexistent/libcuda.so.1" in out or "InsufficientDriver" in out, out  # the whole reason


@pytest.fixture(scope="module")
def no_device_driver(tmp_path_factory):
    """A stand-in libcuda whose cuInit says what a driver with no GPU says: CUDA_ERROR_NO_DEVICE."""
    return build_standin(tmp_path_factory, "nodevice_libcuda.c")


# one of each way an example meets a driver without a device: its own check (device_query, runtime_graph), the
# seed's checkCudaErrors (saxpy), cudacffi.check through _sample.py, cudacffi.core, NVML, a device count
NO_DEVICE_EXAMPLES = ["device_query", "runtime_graph", "saxpy", "vector_add_drv", "kernel_params_numpy", "core_saxpy",
                      "nvidia_smi", "simple_p2p"]


@pytest.mark.parametrize("path", [os.path.join(ROOT, "examples", n + ".py") for n in NO_DEVICE_EXAMPLES],
                         ids=NO_DEVICE_EXAMPLES)
def test_example_without_a_device_says_so_and_exits_77(path, tmp_path, no_device_driver):
    env = dict(NO_DRIVER, CUDACFFI_LIBDRIVER=no_device_driver)
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, cwd=str(tmp_path), env=env,
                       timeout=300)
    out = (r.stdout + r.stderr).strip()
    assert r.returncode == CANNOT_RUN and "Traceback" not in out, (r.returncode, out)
    from cudacffi import driver

    if os.path.basename(path) == "saxpy.py" and driver.CUDA_VERSION >= 13000:
        assert "12.x walkthrough" in cannot_run_line(r), out
    elif os.path.basename(path) == "runtime_graph.py":  # libcudart's own view of the stand-in: too old a driver
        assert "cannot run: no " in cannot_run_line(r), out
    elif not (os.path.basename(path) == "fatbin.py" and driver.CUDA_VERSION < 12040):
        assert "NO_DEVICE" in cannot_run_line(r), out


HOOK = """
import sys
sys.path.insert(0, %r)
import _checkout
from cudacffi import CUDAError, driver
status = driver.CUresult.%s
raise CUDAError(status, status.name, "")
"""


@pytest.mark.parametrize("status,code", [("CUDA_ERROR_NO_DEVICE", 77), ("CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", 77),
                                         ("CUDA_ERROR_INVALID_VALUE", 1), ("CUDA_ERROR_ILLEGAL_ADDRESS", 1)])
def test_an_examples_cuda_error_is_a_failure_unless_it_says_there_is_no_gpu(status, code, tmp_path):
    """No driver or device: one line, 77. Any other CUDA error is the example failing: 1, with its traceback."""
    script = tmp_path / "example.py"
    script.write_text(HOOK % (os.path.join(ROOT, "examples"), status))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=NO_DRIVER, timeout=120)
    assert r.returncode == code, r.stderr
    if code == CANNOT_RUN:
        from cudacffi import driver

        assert r.stderr.strip() == "example: cannot run: %s (%d)" % (status, getattr(driver.CUresult, status)), \
            r.stderr
    else:
        assert "Traceback" in r.stderr and status in r.stderr, r.stderr


@pytest.mark.checkout  # a checkout's report (build_cffi.py)
def test_main_job_reports_the_headers_and_ends_cleanly_without_a_gpu():
    r = subprocess.run([sys.executable, "-m", "cudacffi"], capture_output=True, text=True, cwd=ROOT, env=NO_DRIVER,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "CUDA headers:" in r.stdout and "CUDACFFI_CUDA_VERSION=X.Y" in r.stdout
    assert "SAXPY demo: skipped" in r.stdout


@pytest.mark.gpu
def test_main_job_runs_its_saxpy_demo_to_the_end():
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-m", "cudacffi"], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "passed" in r.stdout.splitlines()[-1], r.stdout


@pytest.mark.gpu
@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_runs_on_a_gpu(path, tmp_path):
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, cwd=str(tmp_path),
                       env=dict(os.environ), timeout=600)
    from cudacffi import driver

    if os.path.basename(path) == "saxpy.py" and driver.CUDA_VERSION >= 13000:
        assert r.returncode == CANNOT_RUN and "12.x walkthrough" in r.stderr and "Traceback" not in r.stderr
        return
    if os.path.basename(path) == "saxpy.py" and sys.implementation.name == "pypy":
        # the seed writes into bytes, which PyPy cannot: one line says to use bytearray(n)
        assert r.returncode == CANNOT_RUN and "bytearray(n)" in r.stderr and "Traceback" not in r.stderr, r.stderr
        return
    if r.returncode == CANNOT_RUN:  # too few GPUs, a device without the feature, no CuPy/PyTorch/Numba here
        assert "Traceback" not in r.stderr, r.stderr
        pytest.skip(cannot_run_line(r))
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.gpu
def test_the_readme_example_runs_on_a_gpu():
    """The README's example, as a newcomer pastes it: the same code on 12.x and 13.x builds."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        code = f.read().split("```python\n", 1)[1].split("```", 1)[0]
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
