"""Fuzzing cudacffi.core's public API that needs no GPU with bad arguments (tests/fuzz_core.py), CPU only.

The fuzzer runs in a child process (a crash is caught and reported with the call that made it), with no driver
library (what needs one ends in LibraryNotFoundError, after the argument checks made before it): StridedMemoryView
and its protocols, LaunchConfig and launch, the occupancy queries, ProgramOptions, Program and compile (NVRTC from
the wheels), LinkerOptions and Linker (nvJitLink), ObjectCode, Buffer.from_handle, the options dataclasses of the
memory resources, streams, events, graphs, green contexts, tensor maps and textures, the program caches and keys,
Host, Device without a driver, the typing enums. Asserted: no crash, and no odd exception (see fuzz_core's docstring:
only TypeError/ValueError/OverflowError naming the parameter or the class, BufferError, and the libraries' status
errors; never an AttributeError, KeyError, IndexError or UnboundLocalError from inside, nor a message that cannot
be printed).

CUDACFFI_CORE_FUZZ_CALLS sets the calls (default 20000: about 4 s on CPython, 8 s on PyPy here);
CUDACFFI_CORE_FUZZ_SEED the seed (default 1).
"""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, script_env

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")
pytest.importorskip("numpy")

CALLS = int(os.environ.get("CUDACFFI_CORE_FUZZ_CALLS", "20000"))
SEED = int(os.environ.get("CUDACFFI_CORE_FUZZ_SEED", "1"))
FUZZ = os.path.join(ROOT, "tests", "fuzz_core.py")


def nvrtc_available():
    code = ("from cudacffi import nvrtc\nfrom cudacffi import LibraryNotFoundError\n"
            "try:\n    nvrtc.nvrtcVersion()\nexcept LibraryNotFoundError:\n    print('missing')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=script_env())
    return r.returncode == 0 and "missing" not in r.stdout


def test_core_api_with_bad_arguments(tmp_path):
    if not nvrtc_available():
        pytest.skip("NVRTC is not installed (the fuzzer compiles its PTX with it)")
    log = str(tmp_path / "fuzz_core.log")
    r = subprocess.run([sys.executable, FUZZ, str(SEED), str(CALLS), log], capture_output=True, text=True,
                       env=script_env(), timeout=900, cwd=str(tmp_path))
    if r.returncode != 0:
        with open(log) as f:
            numbers = f.read().split()
        number = int(numbers[-1]) if numbers else 0
        code = ("import sys; sys.path.insert(0, %r)\nimport fuzz_core\nprint(fuzz_core.describe(%d, %d))"
                % (os.path.join(ROOT, "tests"), SEED, number))
        d = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=script_env(),
                           timeout=300, cwd=str(tmp_path))
        pytest.fail("the core fuzzer died (%s) at or after call %d:\n%s\n%s\n%s"
                    % (r.returncode, number, d.stdout[-3000:], d.stderr[-2000:], r.stderr[-3000:]))
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["calls"] == CALLS
    odd = ["call %(number)d %(target)s [%(stage)s] %(args)s: %(raised)s (%(why)s): %(message)s" % o
           for o in summary["odd"]]
    assert not odd, "odd exceptions (%d kinds); rebuild one with fuzz_core.describe(%d, number):\n%s" % (
        len(odd), SEED, "\n".join(odd[:40]))
    import conftest

    conftest.SUMMARY.append("core fuzzer (%s): %d calls, seed %d, %.1f s: %s" % (
        sys.implementation.name, summary["calls"], SEED, summary["seconds"],
        ", ".join("%s %d" % kv for kv in sorted(summary["outcomes"].items(), key=lambda kv: -kv[1]))))
