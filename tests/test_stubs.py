"""The shipped type stubs (``cudacffi/py.typed`` + the generated ``.pyi``) catch wrong arguments under mypy."""

import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")
pytest.importorskip("mypy", reason="mypy is not installed for this interpreter (pip install mypy; none on PyPy)")

RIGHT = """
    from cudacffi import driver, nvrtc, runtime, nvjitlink

    err, ctx = driver.cuCtxGetCurrent()
    err, stream = driver.cuStreamCreate(0)
    (err,) = driver.cuCtxSetCurrent(ctx)
    (err,) = driver.cuCtxSetCurrent(None)
    (err,) = driver.cuStreamSynchronize(stream)
    (rt_err,) = runtime.cudaStreamSynchronize(stream)  # a driver stream is a runtime stream too
    rc, prog = nvrtc.nvrtcCreateProgram(b"__global__ void k() {}", b"k.cu", 0, [], [])
    rc, ptx_size = nvrtc.nvrtcGetPTXSize(prog)
    buf = bytearray(ptx_size)
    (rc,) = nvrtc.nvrtcGetPTX(prog, buf)
    handle: int = nvjitlink.create(1, ["-arch=sm_80"])
"""

WRONG = """
    from cudacffi import driver, nvrtc

    err, stream = driver.cuStreamCreate(0)
    driver.cuCtxSetCurrent(stream)
    nvrtc.nvrtcCreateProgram("__global__ void k() {}", b"k.cu", 0, [], [])
"""


def mypy(tmp_path, source):
    path = tmp_path / "user.py"
    path.write_text(textwrap.dedent(source))
    env = dict(os.environ, MYPYPATH="", PYTHONPATH=ROOT)
    r = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
                        "--python-version", "%d.%d" % sys.version_info[:2], "--follow-imports=silent",
                        str(path)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    return r.returncode, r.stdout + r.stderr


def test_a_correct_script_passes(tmp_path):
    rc, out = mypy(tmp_path, RIGHT)
    assert rc == 0, out


def test_a_stream_for_a_context_and_str_for_bytes_are_reported(tmp_path):
    rc, out = mypy(tmp_path, WRONG)
    assert rc == 1, out
    # an output is its own type, not Optional (tests/test_bindings_typing.py has both calling styles)
    assert 'Argument 1 to "cuCtxSetCurrent" has incompatible type "CUstream"; expected "CUcontext | int | None"' \
        in out or 'Argument 1 to "cuCtxSetCurrent" has incompatible type "CUstream"; expected ' \
        '"Union[CUcontext, int, None]"' in out, out
    assert 'Argument 1 to "nvrtcCreateProgram" has incompatible type "str"; expected "bytes | None"' in out or \
        'Argument 1 to "nvrtcCreateProgram" has incompatible type "str"; expected "Optional[bytes]"' in out, out
