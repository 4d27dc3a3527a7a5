"""Fuzzing every public function of each family with bad arguments (tests/fuzz_calls.py), CPU only.

NVRTC, nvJitLink, NVVM, nvFatbin and the runtime run for real from the NVIDIA wheels (the runtime returns
cudaErrorInsufficientDriver without a driver); the driver, NVML and cuFile run against stand-ins compiled from
tests/fuzz_stub.py, which export every symbol the build binds and answer the status the fuzzer sets per call
(success included, so outputs are read back), writing or reading a caller's buffer only where the C contract
says how much and only inside the fuzzer's canaries. Each family runs in a child process, so a crash or a hang
is caught and reported with the call that made it (tests/fuzz_run.py). Asserted: no crash, no hang; every
exception is TypeError/ValueError/OverflowError naming the function and a parameter (or the family's own status
error: nvJitLinkError, nvvmError, nvFatbinError, NvmlError, cuFileError); no canary byte around a caller's buffer
changed, and no stand-in read past one.

CUDACFFI_FUZZ_CALLS sets the calls per family (default 20000: about 160 000 calls over the eight families, plus 3000
per family with exceptions held in cycles on CPython; about 20 s on CPython, 100 s on PyPy here).
``python tests/fuzz_run.py`` runs longer fuzzes (seeds, families, jobs).
"""

import json
import os
import subprocess
import sys

import pytest

import fuzz_run
from conftest import ROOT, SUMMARY, build_standin, script_env

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

CALLS = int(os.environ.get("CUDACFFI_FUZZ_CALLS", "20000"))
SEED = int(os.environ.get("CUDACFFI_FUZZ_SEED", "1"))
CPYTHON = sys.implementation.name == "cpython"


@pytest.fixture(scope="module")
def standins(tmp_path_factory):
    """{CUDACFFI_LIB...: path} of the stand-in libcuda, libnvidia-ml and libcufile."""
    return fuzz_run.standin_env(str(tmp_path_factory.mktemp("fuzzstub")))


def library_available(family):
    code = ("from cudacffi import %s as m\n"
            "from cudacffi._loader import LibraryNotFoundError\n"
            "try:\n    m._library.load()\nexcept LibraryNotFoundError:\n    print('missing')\n" % family)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=script_env())
    return r.returncode == 0 and "missing" not in r.stdout


def fuzz(family, tmp_path, env, calls=CALLS, cycles=False):
    if not fuzz_run.built(family):
        pytest.skip("this build has no cudacffi.%s" % family)
    result = fuzz_run.fuzz_seed(family, SEED, calls, script_env(**env), str(tmp_path), cycles=cycles, max_crashes=1)
    figures = fuzz_run.summarize([result])[0]
    print(fuzz_run.line(figures), "exceptions", figures["exceptions"], figures["counts"])
    SUMMARY.append(fuzz_run.line(figures) + ("" if cycles is False else " (exceptions held in cycles)"))
    if result["crashes"]:
        c = result["crashes"][0]
        located = ("\ncollecting after every call: %s at call %s: %s"
                   % (c["located"]["class"], c["located"]["call"], c["located"]["call_text"])
                   if "located" in c else "")
        pytest.fail("%s: %s at call %s: %s%s\nreproduce: CUDACFFI_FUZZ_CYCLES=%d python tests/fuzz_calls.py %s %d %d "
                    "LOG\n%s" % (family, c["class"], c["call"], c["call_text"], located, int(cycles), family, SEED,
                                 calls, c["stderr"][-1500:]), pytrace=False)
    assert result["calls"] >= calls
    assert result["overruns"] == [], json.dumps(result["overruns"][:20], indent=1)
    assert result["bad"] == [], json.dumps(result["bad"][:20], indent=1)
    return result


@pytest.mark.parametrize("family", ["driver", "nvml", "cufile"])
def test_fuzz_family_against_a_stand_in(family, standins, tmp_path):
    fuzz(family, tmp_path, standins)


@pytest.mark.parametrize("family", ["runtime", "nvrtc", "nvjitlink", "nvvm", "nvfatbin"])
def test_fuzz_family_against_the_real_library(family, standins, tmp_path):
    if not library_available(family):
        from conftest import library_missing

        library_missing("%s library not found" % family)
    fuzz(family, tmp_path, standins)


@pytest.mark.skipif(not CPYTHON, reason="CPython's collector (tp_clear) only: PyPy frees cycles otherwise")
@pytest.mark.parametrize("family", fuzz_run.FAMILIES)
def test_fuzz_with_exceptions_held_in_reference_cycles(family, standins, tmp_path):
    """Each call that raised is left as callers often leave one (the exception in a local of a frame on its own
    traceback: a cycle through the call's frames, which only the collector frees) and collected at once: the
    objects the call's frames held (buffers, views of them, cffi objects over them) must survive being freed
    by the collector in any order."""
    if family in ("runtime", "nvrtc", "nvjitlink", "nvvm", "nvfatbin") and not library_available(family):
        from conftest import library_missing

        library_missing("%s library not found" % family)
    fuzz(family, tmp_path, standins, calls=min(CALLS, 3000), cycles=True)


@pytest.fixture(scope="module")
def graph_libcuda(tmp_path_factory):
    return build_standin(tmp_path_factory, "graph_libcuda.c", "libcuda.so.1", "-pthread")


def test_finalizers_under_the_collector_while_another_thread_imports(graph_libcuda):
    """tests/fuzz_gc.py: handle-owning objects made and dropped (many in cycles) while another thread imports
    fresh modules, both collecting; a deadlock (the time limit) or a crash fails, as does a handle not released."""
    seconds = 3
    try:
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "fuzz_gc.py"), str(seconds)],
                           capture_output=True, text=True, env=script_env(CUDACFFI_LIBDRIVER=graph_libcuda),
                           timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("hang: tests/fuzz_gc.py did not finish in 120 s", pytrace=False)
    assert r.returncode == 0, "exit %d\n%s\n%s" % (r.returncode, r.stdout[-2000:], r.stderr[-3000:])
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    print("fuzz gc: %s" % summary)
    SUMMARY.append("fuzz gc: %d objects made and dropped, %d imports on another thread, %d collections in %s s"
                   % (summary["objects"], summary["imports"], summary["collections"], summary["seconds"]))
    assert summary["errors"] == []
    assert summary["imports"] > 0 and summary["objects"] > 0


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


def test_the_fuzzer_reports_an_overrun(tmp_path):
    """The harness itself: a call that writes past the buffer it was given is reported as an overrun."""
    code = ("import os, sys, ctypes; sys.path.insert(0, %r)\n"
            "import fuzz_calls, json\n"
            "fz = fuzz_calls.Fuzzer('nvvm', 3, os.open(os.devnull, os.O_WRONLY))\n"
            "c = fuzz_calls.Canary(8, 'memoryview')\n"
            "fz.canaries.append(c)\n"
            "def writes_nine(buf):\n"
            "    ctypes.memmove(ctypes.addressof((ctypes.c_char * 9).from_buffer(c.big, c.pre)), b'x' * 9, 9)\n"
            "fz.call(7, 'writes_nine', writes_nine, [c.value], ['buf'])\n"
            "print(json.dumps(fz.overruns))\n" % (os.path.join(ROOT, "tests"),))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=script_env())
    assert r.returncode == 0, r.stderr
    overruns = json.loads(r.stdout.strip().splitlines()[-1])
    assert [o["call"] for o in overruns] == [7] and "1 after it" in overruns[0]["overrun"][0]
