"""Loading: no library touched at import, clear errors, exact versioned symbols, per-thread variants.

Loading is global to a process, so each case runs in a fresh interpreter. A stand-in libcuda compiled
from ``fake_libcuda.c`` answers with codes that say which symbol was called.
"""

import os
import subprocess
import sys

import pytest

from conftest import ROOT, run_python, script_env

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


@pytest.fixture(scope="module")
def fake_libcuda(tmp_path_factory):
    out = tmp_path_factory.mktemp("fake") / "libcuda.so.1"
    src = os.path.join(ROOT, "tests", "fake_libcuda.c")
    subprocess.run([os.environ.get("CC", "cc"), "-shared", "-fPIC", "-o", str(out), src], check=True)
    return str(out)


def test_import_touches_no_library_and_first_call_raises():
    r = run_python(
        "import sys\n"
        "from cudacffi import driver, LibraryNotFoundError\n"
        "assert not driver._library.loaded\n"
        "try:\n"
        "    driver.cuInit(0)\n"
        "except LibraryNotFoundError as e:\n"
        "    print('RAISED', e)\n",
        env={"CUDACFFI_LIBDRIVER": "/nonexistent/libcuda.so.1"})
    assert r.returncode == 0, r.stderr
    assert "RAISED" in r.stdout and "/nonexistent/libcuda.so.1" in r.stdout


def test_name_bound_to_the_symbol_the_header_maps(fake_libcuda):
    import cudacffi.driver as driver

    expected = {12: ("cuCtxCreate_v2", "0x2"), 13: ("cuCtxCreate_v4", "0x4")}[driver.CUDA_VERSION // 1000]
    args = "0, 0" if driver.CUDA_VERSION < 13000 else "None, 0, 0"
    r = run_python(
        "from cudacffi import driver\n"
        "err, ctx = driver.cuCtxCreate(%s)\n"
        "print(int(err), ctx, driver._library.symbol('cuCtxCreate'))\n" % args,
        env={"CUDACFFI_LIBDRIVER": fake_libcuda})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["0", "<CUcontext", expected[1] + ">", expected[0]]


@pytest.mark.parametrize("per_thread,code,symbol", [("", 600, "cuStreamQuery"), ("1", 0, "cuStreamQuery_ptsz")])
def test_per_thread_default_stream_variant(fake_libcuda, per_thread, code, symbol):
    r = run_python(
        "from cudacffi import driver\n"
        "err, = driver.cuStreamQuery(None)\n"
        "print(int(err), driver._library.symbol('cuStreamQuery'))\n",
        env={"CUDACFFI_LIBDRIVER": fake_libcuda, "CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM": per_thread})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [str(code), symbol]


def test_missing_function_raises_function_not_found(fake_libcuda):
    r = run_python(
        "from cudacffi import driver, FunctionNotFoundError\n"
        "print(driver.available('cuInit'), driver.available('cuStreamSynchronize'))\n"
        "try:\n"
        "    driver.cuStreamSynchronize(None)\n"
        "except FunctionNotFoundError as e:\n"
        "    print('RAISED', e)\n",
        env={"CUDACFFI_LIBDRIVER": fake_libcuda})
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("True False") and "RAISED cuStreamSynchronize" in r.stdout


def test_python_m_cudacffi_reports_without_driver():
    r = subprocess.run([sys.executable, "-m", "cudacffi"], capture_output=True, text=True, cwd=ROOT,
                       env=script_env(CUDACFFI_LIBDRIVER="/nonexistent/libcuda.so.1"))
    assert r.returncode == 0, r.stderr
    assert "build" in r.stdout.lower() and "not found" in r.stdout.lower()
