"""``python -m cudacffi``'s command line: ``--help`` prints the usage, an unknown flag is argparse's error (exit
2) before any report, ``--no-demo`` reports without running the SAXPY demo, and the report of an installed
package (no ``build_cffi.py`` beside it) names the install command instead of the checkout's build script. A
stand-in libcuda with one device (``onedevice_libcuda.c``) gives the report a device without a GPU."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, build_standin, script_env

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


def cli(*args, env=None, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "cudacffi"] + list(args), capture_output=True, text=True,
                          env=env or script_env(), cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def one_device(tmp_path_factory):
    return build_standin(tmp_path_factory, "onedevice_libcuda.c")


def test_help_prints_the_usage_and_runs_nothing():
    r = cli("--help")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: python -m cudacffi [-h] [--no-demo]"), r.stdout
    assert "--no-demo" in r.stdout and "SAXPY" in r.stdout
    assert "interpreter:" not in r.stdout and "\nlibraries\n" not in r.stdout  # no report


def test_an_unknown_flag_is_refused_with_exit_2_before_any_report():
    r = cli("--bogus")
    assert r.returncode == 2, r.stdout + r.stderr
    assert "python -m cudacffi: error: unrecognized arguments: --bogus" in r.stderr, r.stderr
    assert r.stdout == "", r.stdout


def test_no_demo_reports_the_device_and_does_not_run_the_demo(one_device):
    r = cli("--no-demo", env=script_env(CUDACFFI_LIBDRIVER=one_device))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "device 0:              Stand-in GPU, compute capability 9.0, 80.0 GiB" in r.stdout, r.stdout
    assert r.stdout.rstrip().splitlines()[-1] == "SAXPY demo: not run (--no-demo)", r.stdout
    assert "running examples/" not in r.stdout


def installed_copy(tmp_path, built=True):
    """The package alone in a folder, as pip installs it: no build_cffi.py, no examples/ beside it."""
    site = tmp_path / "site-packages"
    ignore = shutil.ignore_patterns("__pycache__", *(() if built else ("_gen", "*.so")))
    shutil.copytree(os.path.join(ROOT, "cudacffi"), str(site / "cudacffi"), ignore=ignore)
    env = script_env(CUDACFFI_LIBDRIVER="/nonexistent/libcuda.so.1")
    env["PYTHONPATH"] = str(site)  # the copy, not the checkout
    return env


@pytest.mark.checkout  # copies or reports the checkout's cudacffi/
def test_an_installed_packages_report_names_the_install_command_not_build_cffi(tmp_path):
    from cudacffi import driver

    env = installed_copy(tmp_path)
    r = cli("--no-demo", env=env, cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert str(tmp_path) in subprocess.run([sys.executable, "-c", "import cudacffi; print(cudacffi.__file__)"],
                                           capture_output=True, text=True, env=env, cwd=str(tmp_path)).stdout
    assert "build_cffi.py" not in r.stdout, r.stdout
    other = 13 if driver.CUDA_VERSION < 13000 else 12
    assert 'other headers:         the other CUDA major: pip install "cudacffi-cu%d[all]"' % other in r.stdout, \
        r.stdout


@pytest.mark.checkout  # copies or reports the checkout's cudacffi/
def test_an_installed_package_without_its_build_says_to_reinstall(tmp_path):
    r = cli(env=installed_copy(tmp_path, built=False), cwd=str(tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "not built" in r.stdout and "build_cffi.py" not in r.stdout, r.stdout
    assert 'reinstall it: pip install "cudacffi-cu12[all]" (CUDA 12) or "cudacffi-cu13[all]" (CUDA 13)' in r.stdout, \
        r.stdout


@pytest.mark.checkout  # copies or reports the checkout's cudacffi/
def test_an_older_library_is_met_with_what_fits_a_checkout_or_an_installed_package(monkeypatch):
    import cudacffi.__main__ as cli_main
    from cudacffi import nvrtc

    lib = nvrtc._library
    build = lib.version_text()
    checkout = cli_main._older_than_headers(lib, (12, 0))
    assert "OLDER than this build's CUDA %s headers" % build in checkout
    assert "build with headers no newer than 12.0 (CUDACFFI_CUDA_VERSION=X.Y python build_cffi.py)" in checkout
    monkeypatch.setattr(cli_main, "from_checkout", lambda: False)
    installed = cli_main._older_than_headers(lib, (12, 0))
    assert "build_cffi.py" not in installed and "OLDER than" in installed, installed
    older_major = cli_main._older_than_headers(lib, (12, 8) if build.startswith("13.") else (11, 8))
    if build.startswith("13."):  # a 12.x library: cudacffi's CUDA 12 build fits it
        assert cli_main.install_command(12) in older_major, older_major
    else:  # an 11.x library: no cudacffi build for it, only the library's update
        assert "cudacffi-cu" not in older_major and "pip install" in older_major, older_major


@pytest.mark.checkout  # copies or reports the checkout's cudacffi/
def test_a_checkouts_report_names_build_cffi():
    r = cli("--no-demo", env=script_env(CUDACFFI_LIBDRIVER="/nonexistent/libcuda.so.1"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "CUDACFFI_CUDA_VERSION=X.Y python build_cffi.py" in r.stdout and "cudacffi-cu" not in r.stdout, r.stdout


@pytest.mark.gpu
def test_no_demo_on_a_gpu_runs_no_kernel():
    r = cli("--no-demo")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.rstrip().splitlines()[-1] == "SAXPY demo: not run (--no-demo)", r.stdout
    assert "passed" not in r.stdout
