"""The examples and the main job as a newcomer runs them from a checkout: each example starts (no
ModuleNotFoundError) and, with no driver, says why in one line; the main job reports and ends cleanly."""

import glob
import os
import subprocess
import sys

import pytest

from conftest import ROOT

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

EXAMPLES = sorted(p for p in glob.glob(os.path.join(ROOT, "examples", "*.py"))
                  if not os.path.basename(p).startswith("_"))
NO_DRIVER = dict(os.environ, CUDACFFI_LIBDRIVER="/nonexistent/libcuda.so.1")
NO_DRIVER.pop("PYTHONPATH", None)  # as a newcomer runs them: nothing but the checkout


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_runs_from_a_checkout_and_says_why_it_cannot_in_one_line(path, tmp_path):
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, cwd=str(tmp_path), env=NO_DRIVER,
                       timeout=300)
    out = (r.stdout + r.stderr).strip()
    assert "ModuleNotFoundError" not in out and "Traceback" not in out, out
    assert len(out.splitlines()) == 1, out
    from cudacffi import driver

    if os.path.basename(path) == "saxpy.py" and driver.CUDA_VERSION >= 13000:  # says so before any call
        assert r.returncode != 0 and "12.x walkthrough" in out, out
        return
    if os.path.basename(path) == "fatbin.py" and driver.CUDA_VERSION < 12040:  # headers without nvFatbin
        assert r.returncode != 0 and "has no nvFatbin" in out, out
        return
    assert "/nonexistent/libcuda.so.1" in out or "InsufficientDriver" in out, out  # the whole reason


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
        assert r.returncode != 0 and "12.x walkthrough" in r.stderr and "Traceback" not in r.stderr
        return
    if os.path.basename(path) == "saxpy.py" and sys.implementation.name == "pypy":
        # the seed writes into bytes, which PyPy cannot: one line says to use bytearray(n)
        assert r.returncode != 0 and "bytearray(n)" in r.stderr and "Traceback" not in r.stderr, r.stderr
        return
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
