"""Loading: no library touched at import, clear errors, exact versioned symbols, per-thread variants.

Loading is global to a process, so each case runs in a fresh interpreter. A stand-in libcuda compiled
from ``fake_libcuda.c`` answers with codes that say which symbol was called.
"""

import os
import subprocess
import sys

import pytest

from conftest import ROOT, build_standin, run_python, script_env

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


@pytest.fixture(scope="module")
def fake_libcuda(tmp_path_factory):
    return build_standin(tmp_path_factory, "fake_libcuda.c")


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


def test_import_parses_no_c():
    """Importing every family (and using kernel arguments) needs no C parser: pycparser is not imported
    and no bare cffi.FFI() is made (its first type lookup would import pycparser)."""
    r = run_python(
        "import sys\n"
        "import cudacffi\n"
        "from cudacffi import driver, runtime, nvrtc, nvjitlink, nvvm\n"
        "import cudacffi._kernel_params, cudacffi._attribute_values, cudacffi._callbacks\n"
        "print('PARSER', sorted(m for m in sys.modules if m.startswith(('pycparser', 'cffi.cparser'))))\n")
    assert r.returncode == 0, r.stderr
    assert "PARSER []" in r.stdout, r.stdout


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


# -- what a missing library's error says -------------------------------------------------------------------------

# the wheel each family's library comes in, per major version of the build
WHEELS = {"runtime": {12: "nvidia-cuda-runtime-cu12==12.*", 13: "nvidia-cuda-runtime==13.*"},
          "nvrtc": {12: "nvidia-cuda-nvrtc-cu12==12.*", 13: "nvidia-cuda-nvrtc==13.*"}}


def without_library_env(**extra):
    """script_env() with no CUDA_PATH/CUDA_HOME and no CUDACFFI_LIB* override, plus ``extra``."""
    env = script_env()
    for name in list(env):
        if name in ("CUDA_PATH", "CUDA_HOME") or name.startswith("CUDACFFI_LIB"):
            del env[name]
    env.update(extra)
    return env


def missing_library_messages(families, env):
    """Each family's LibraryNotFoundError, one line, with the NVIDIA wheels off the path ('LOADED' where the
    library was found anyway, in a toolkit or by the system loader)."""
    code = ("import os, sys\n"
            "from cudacffi import LibraryNotFoundError, %s\n"
            "sys.path[:] = [p for p in sys.path if not os.path.isdir(os.path.join(p or '.', 'nvidia'))]\n"
            "for module in (%s):\n"
            "    try:\n"
            "        module._library.load()\n"
            "        print('LOADED')\n"
            "    except LibraryNotFoundError as e:\n"
            "        print(' '.join(str(e).split()))\n" % (", ".join(families), ", ".join(families) + ","))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return dict(zip(families, r.stdout.splitlines()))


def test_a_missing_library_names_the_wheel_and_a_library_of_another_major_left_alone(tmp_path):
    from cudacffi import driver

    major = driver.CUDA_VERSION // 1000
    other = 13 if major == 12 else 12
    toolkit = tmp_path / "cuda"
    (toolkit / "lib64").mkdir(parents=True)
    (toolkit / "lib64" / ("libcudart.so.%d" % other)).write_bytes(b"")  # found, but of the other major
    messages = missing_library_messages(["runtime", "nvrtc"], without_library_env(CUDA_HOME=str(toolkit)))
    for family, message in messages.items():
        if message == "LOADED":
            continue  # this machine has it outside the wheels (a toolkit, the system)
        assert 'pip install "%s"' % WHEELS[family][major] in message, message
        if os.environ.get("CUDACFFI_TEST_INSTALLED", "") not in ("", "0"):  # a cudacffi-cu<major> wheel: its extra
            assert 'or pip install "cudacffi-cu%d[all]" for every library' % major in message, message
        else:  # a checkout: the major's wheels, every one
            assert ('or pip install "%s" "%s" ' % (WHEELS["runtime"][major], WHEELS["nvrtc"][major])) in message, message
            assert ('"nvidia-cufile-cu12" "nvidia-nvtx-cu12==12.*"' if major == 12 else
                    '"nvidia-cufile" "nvidia-nvtx==13.*"') in message, message
    if messages["runtime"] == "LOADED":
        pytest.skip("libcudart.so.%d is found here outside the wheels" % major)
    assert ("Not used: %s/lib64/libcudart.so.%d is CUDA %d's; a %d.x build needs libcudart.so.%d"
            % (toolkit, other, other, major, major)) in messages["runtime"]
    assert "structs differ" in messages["runtime"]


def test_a_missing_driver_says_it_comes_with_the_nvidia_driver():
    messages = missing_library_messages(["driver"], without_library_env())
    if messages["driver"] == "LOADED":
        pytest.skip("a CUDA driver is installed here")
    assert "comes with the NVIDIA driver" in messages["driver"] and "CUDACFFI_LIBDRIVER" in messages["driver"]
    wrong = missing_library_messages(["driver"], without_library_env(CUDACFFI_LIBDRIVER="/nonexistent/libcuda.so.1"))
    assert "CUDACFFI_LIBDRIVER names a library that cannot be loaded" in wrong["driver"]


def test_each_major_has_its_own_set_of_library_wheels():
    """library_wheels(major), what the extras all/cu<major> pull and the errors name: one wheel per library of
    that major alone, CUDA-numbered ones held to the major, cuFile (numbered 1.x) by its name."""
    from cudacffi._families import FAMILIES, library_wheels

    for major, other in ((12, 13), (13, 12)):
        wheels = library_wheels(major)
        assert len(wheels) == len(set(wheels))
        for family in ("runtime", "nvrtc", "nvjitlink", "nvvm", "nvfatbin", "cufile"):
            assert FAMILIES[family].requirement(major) in wheels, family
            assert FAMILIES[family].requirement(other) not in wheels, family
        assert WHEELS["nvrtc"][major] in wheels and ("nvidia-nvtx-cu12==12.*" in wheels) == (major == 12)
        assert ("nvidia-cufile-cu12" if major == 12 else "nvidia-cufile") in wheels
        assert all(w.startswith("nvidia-cufile") or w.endswith("==%d.*" % major) for w in wheels), wheels
