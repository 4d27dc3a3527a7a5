"""Fuzzing every public function of each family with bad arguments (tests/fuzz_calls.py), CPU only.

NVRTC, nvJitLink, NVVM, nvFatbin and the runtime run for real from the NVIDIA wheels (the runtime returns
cudaErrorInsufficientDriver without a driver); the driver runs against a stand-in libcuda compiled from
tests/fuzz_stub.py, which exports every symbol the build binds and returns CUDA_ERROR_NOT_INITIALIZED.
Each family runs in a child process, so a crash is caught and reported with the call that made it.
Asserted: no crash; every exception is TypeError/ValueError/OverflowError naming the function and a
parameter (or the family's own status error, nvJitLinkError/nvvmError/nvFatbinError).

CUDACFFI_FUZZ_CALLS sets the calls per family (default 40000: about 240 000 calls in all; about 10 s on CPython, 60 s on PyPy here).
"""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, script_env

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

CALLS = int(os.environ.get("CUDACFFI_FUZZ_CALLS", "40000"))
SEED = int(os.environ.get("CUDACFFI_FUZZ_SEED", "1"))
FUZZ = os.path.join(ROOT, "tests", "fuzz_calls.py")


@pytest.fixture(scope="module")
def stub_libcuda(tmp_path_factory):
    d = tmp_path_factory.mktemp("fuzzstub")
    src = d / "stub.c"
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "fuzz_stub.py")], capture_output=True,
                       text=True, env=script_env(), check=True)
    src.write_text(r.stdout)
    out = d / "libcuda.so.1"
    subprocess.run([os.environ.get("CC", "cc"), "-shared", "-fPIC", "-w", "-o", str(out), str(src)], check=True)
    return str(out)


def library_available(family):
    code = ("from cudacffi import %s as m\n"
            "from cudacffi._loader import LibraryNotFoundError\n"
            "try:\n    m._library.load()\nexcept LibraryNotFoundError:\n    print('missing')\n" % family)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=script_env())
    return r.returncode == 0 and "missing" not in r.stdout


def fuzz(family, tmp_path, env=None):
    log = str(tmp_path / ("%s.log" % family))
    r = subprocess.run([sys.executable, FUZZ, family, str(SEED), str(CALLS), log], capture_output=True, text=True,
                       env=script_env(**(env or {})), timeout=600)
    if r.returncode != 0:
        with open(log) as f:
            numbers = f.read().split()
        number = int(numbers[-1]) if numbers else None
        code = ("import sys; sys.path.insert(0, %r)\nimport fuzz_calls\nprint(fuzz_calls.describe(%r, %d, %d, %r))"
                % (os.path.join(ROOT, "tests"), family, SEED, number, log + ".base"))
        d = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=script_env(**(env or {})))
        pytest.fail("%s crashed (exit %d) at call %s: %s\nreproduce: python tests/fuzz_calls.py %s %d %d LOG\n%s"
                    % (family, r.returncode, number, d.stdout.strip() or d.stderr[-500:], family, SEED, CALLS,
                       r.stderr[-1500:]), pytrace=False)
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    print("fuzz %s: %d calls over %d functions, exceptions %s"
          % (family, summary["calls"], summary["functions"], summary["exceptions"]))
    assert summary["calls"] >= CALLS
    assert summary["bad"] == [], json.dumps(summary["bad"][:20], indent=1)
    return summary


def test_fuzz_driver_against_a_stand_in_libcuda(stub_libcuda, tmp_path):
    fuzz("driver", tmp_path, {"CUDACFFI_LIBDRIVER": stub_libcuda})


@pytest.mark.parametrize("family", ["runtime", "nvrtc", "nvjitlink", "nvvm", "nvfatbin"])
def test_fuzz_family_against_the_real_library(family, tmp_path):
    if not library_available(family):
        from conftest import library_missing

        library_missing("%s library not found" % family)
    fuzz(family, tmp_path)


def test_the_fuzzer_reports_a_crash_with_its_call(tmp_path, monkeypatch):
    """The harness itself: a call that kills the child is reported with its number and arguments."""
    log = tmp_path / "x.log"
    code = ("import os, sys; sys.path.insert(0, %r)\n"
            "import fuzz_calls\n"
            "fz = fuzz_calls.Fuzzer('nvvm', 3, os.open(%r, os.O_WRONLY | os.O_CREAT))\n"
            "fz.call(41, 'abort', os.abort, [], [])\n" % (os.path.join(ROOT, "tests"), str(log)))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=script_env())
    assert r.returncode != 0
    assert log.read_text().split()[-1] == "41"
