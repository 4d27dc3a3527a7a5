"""The tuple-style families are typed for mypy as cuda.bindings' users write them: a call's outputs carry their
own types (the generated stubs do not make them Optional, since an output is None only beside an error status),
and ``cudacffi.check`` passes those types on (status alone -> None, one output -> its type, several -> a tuple).
So correct code passes mypy unchanged, and a handle of the wrong kind is still caught, in both styles: unpacking
the tuple (``err, dptr = cuMemAlloc(16)``) and ``check()``.

Each program is checked by mypy against the package as a user's project sees it (conftest's ``mypy_run``: it
skips on PyPy, where mypy does not run). A line with ``reveal_type(...)  # T`` must be inferred as type T; a line
marked ``# E`` must be rejected, and no other line may be.
"""

import re
import textwrap

import pytest

pytest.importorskip("cudacffi._gen.driver", reason="cudacffi is not built")

# cuda.bindings' style: every call's tuple unpacked, the status looked at (or not) by the caller
TUPLE_STYLE_GOOD = '''
from cudacffi import driver, nvrtc, runtime

err, = driver.cuInit(0)
err, dev = driver.cuDeviceGet(0)
err, ctx = driver.cuDevicePrimaryCtxRetain(dev)
err, = driver.cuCtxSetCurrent(ctx)
err, dptr = driver.cuMemAlloc(16)
err, = driver.cuMemFree(dptr)
err, stream = driver.cuStreamCreate(0)
err, = driver.cuStreamSynchronize(stream)
err, = driver.cuStreamDestroy(stream)
err, free, total = driver.cuMemGetInfo()
err, name = driver.cuDeviceGetName(256, dev)
err, = driver.cuDevicePrimaryCtxRelease(dev)
reveal_type(err)  # CUresult
reveal_type(dev)  # CUdevice
reveal_type(ctx)  # CUcontext
reveal_type(dptr)  # CUdeviceptr
reveal_type(stream)  # CUstream
reveal_type(free)  # int
reveal_type(name)  # bytes

rerr, rdev = runtime.cudaGetDevice()
rerr, rptr = runtime.cudaMalloc(16)
rerr, = runtime.cudaFree(rptr)
rerr, rstream = runtime.cudaStreamCreate()
rerr, = runtime.cudaStreamSynchronize(rstream)
reveal_type(rerr)  # cudaError_t
reveal_type(rdev)  # int
reveal_type(rptr)  # int
reveal_type(rstream)  # cudaStream_t

nerr, prog = nvrtc.nvrtcCreateProgram(b"", b"k.cu", 0, [], [])
nerr, size = nvrtc.nvrtcGetPTXSize(prog)
ptx = bytearray(size)
nerr, = nvrtc.nvrtcGetPTX(prog, ptx)
nerr, major, minor = nvrtc.nvrtcVersion()
reveal_type(prog)  # nvrtcProgram
reveal_type(size)  # int
reveal_type(minor)  # int
'''

TUPLE_STYLE_WRONG = '''
from cudacffi import driver

err, dptr = driver.cuMemAlloc(16)
err, stream = driver.cuStreamCreate(0)
err, dev = driver.cuDeviceGet(0)
err, ctx = driver.cuDevicePrimaryCtxRetain(dev)
driver.cuCtxSetCurrent(stream)  # E: a stream where a context is expected
driver.cuDevicePrimaryCtxRetain(dptr)  # E: a device pointer where a device is expected
driver.cuStreamSynchronize(ctx)  # E: a context where a stream is expected
driver.cuMemFree(stream)  # E: a stream where a device pointer is expected
err, a, b = driver.cuDeviceGet(0)  # E: one output, not two
'''

# README's style: check() returns the outputs or raises
CHECK_STYLE_GOOD = '''
from typing import Tuple

from cudacffi import check, driver, nvrtc, runtime

check(driver.cuInit(0))
dev = check(driver.cuDeviceGet(0))
ctx = check(driver.cuDevicePrimaryCtxRetain(dev))
check(driver.cuCtxSetCurrent(ctx))
buf = check(driver.cuMemAlloc(32 * 4))
stream = check(driver.cuStreamCreate(0))
check(driver.cuMemsetD8Async(buf, 0, 32 * 4, stream))
check(driver.cuStreamSynchronize(stream))
check(driver.cuMemFree(buf))
free, total = check(driver.cuMemGetInfo())
nothing = check(driver.cuCtxSynchronize())
info: Tuple[int, int] = check(driver.cuMemGetInfo())
prog = check(nvrtc.nvrtcCreateProgram(b"", b"k.cu", 0, [], []))
ptx = bytearray(check(nvrtc.nvrtcGetPTXSize(prog)))
check(nvrtc.nvrtcGetPTX(prog, ptx))
rptr = check(runtime.cudaMalloc(16))
check(runtime.cudaFree(rptr))
reveal_type(dev)  # CUdevice
reveal_type(ctx)  # CUcontext
reveal_type(buf)  # CUdeviceptr
reveal_type(stream)  # CUstream
reveal_type(free)  # int
reveal_type(nothing)  # None
reveal_type(check(nvrtc.nvrtcVersion()))  # tuple[int, int]
reveal_type(prog)  # nvrtcProgram
'''

CHECK_STYLE_WRONG = '''
from cudacffi import check, driver

dev = check(driver.cuDeviceGet(0))
stream = check(driver.cuStreamCreate(0))
buf = check(driver.cuMemAlloc(16))
check(driver.cuCtxSetCurrent(stream))  # E: a stream where a context is expected
check(driver.cuDevicePrimaryCtxRetain(buf))  # E: a device pointer where a device is expected
check(driver.cuStreamSynchronize(buf))  # E: a device pointer where a stream is expected
name: str = check(driver.cuDeviceGetCount())  # E: an int, not a str
a, b = check(driver.cuDeviceGet(0))  # E: one output is no pair
nothing: int = check(driver.cuCtxSynchronize())  # E: a status alone gives None
check(42)  # E: not a result tuple
'''


def reveals(output, filename):
    """{line number: the type mypy revealed there}."""
    return {int(n): t for n, t in re.findall(r"%s:(\d+): note: Revealed type is \"([^\"]+)\"" % filename, output)}


def check_program(mypy_run, tmp_path, name, source):
    """mypy over ``source``: each ``# E`` line rejected, no other line, each ``reveal_type`` as its comment says."""
    path = tmp_path / (name + ".py")
    path.write_text(textwrap.dedent(source))
    code, output = mypy_run(path)
    lines = source.splitlines()
    flagged = {int(n) for n in re.findall(r"%s\.py:(\d+): error:" % name, output)}
    expected = {n for n, line in enumerate(lines, 1) if "# E" in line}
    problems = ["line %d, rejected: %s" % (n, lines[n - 1].strip()) for n in sorted(flagged - expected)]
    problems += ["line %d, accepted: %s" % (n, lines[n - 1].strip()) for n in sorted(expected - flagged)]
    revealed = reveals(output, name + r"\.py")
    for n, line in enumerate(lines, 1):
        if "reveal_type(" in line:
            want = line.split("#")[1].strip()
            got = revealed.get(n, "(nothing revealed)")
            if got.rsplit(".", 1)[-1] != want and got != want:  # "cudacffi._gen.driver.CUdevice" -> "CUdevice"
                problems.append("line %d: mypy infers %s, not %s" % (n, got, want))
    if problems:
        pytest.fail("%s:\n  %s\n\nmypy said:\n%s" % (name, "\n  ".join(problems), textwrap.indent(output, "    ")),
                    pytrace=False)
    assert code == (1 if expected else 0), output  # 1: type errors found (2: a crash or a bad command line)


def test_mypy_accepts_correct_tuple_style_code_and_infers_each_output(mypy_run, tmp_path):
    check_program(mypy_run, tmp_path, "tuple_good", TUPLE_STYLE_GOOD)


def test_mypy_rejects_a_wrong_handle_in_the_tuple_style(mypy_run, tmp_path):
    check_program(mypy_run, tmp_path, "tuple_wrong", TUPLE_STYLE_WRONG)


def test_mypy_accepts_correct_check_style_code_and_check_carries_the_output_types(mypy_run, tmp_path):
    check_program(mypy_run, tmp_path, "check_good", CHECK_STYLE_GOOD)


def test_mypy_rejects_a_wrong_handle_through_check(mypy_run, tmp_path):
    check_program(mypy_run, tmp_path, "check_wrong", CHECK_STYLE_WRONG)


def test_mypy_accepts_the_readme_example(mypy_run, tmp_path):
    """README's example, the style this package shows first, passes mypy as written."""
    import os

    from conftest import ROOT

    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        code = f.read().split("```python\n", 1)[1].split("```", 1)[0]
    check_program(mypy_run, tmp_path, "readme_example", code)
