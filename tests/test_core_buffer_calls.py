"""The loop's ``Buffer.copy_to(dst, stream=s)`` and ``Buffer.fill(byte, stream=s)``, and ``Buffer.size`` /
``Buffer.handle``, are made in C on CPython (``_direct.handle_call_in_c``, ``_direct.getter_in_c``): against the
simulated GPUs of ``sim_libcuda.c`` they copy and fill the same bytes, return the same objects and raise the same
errors as the Python methods do (``CUDACFFI_FASTCALL=0``), and hand every other call to those methods."""

import sys

import pytest

from conftest import build_standin, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

CPYTHON = sys.implementation.name == "cpython"

PRELUDE = r"""
import cudacffi.core as core
from cudacffi import driver
from cudacffi.core import Buffer

def attempt(fn):
    try:
        r = fn()
    except Exception as e:
        return "%s: %s" % (type(e).__name__, e)
    return "ok %r" % (r,)

dev = core.Device(0)
dev.set_current()
"""

SCRIPT = PRELUDE + r"""
s, mr = dev.create_stream(), dev.memory_resource
a, b, small = mr.allocate(4096, stream=s), mr.allocate(4096, stream=s), mr.allocate(8, stream=s)
print(type(Buffer.__dict__["copy_to"]).__name__, type(Buffer.__dict__["fill"]).__name__,
      type(Buffer.__dict__["size"]).__name__)
print(a.fill(7, stream=s), a.copy_to(b, stream=s) is b, a.size, b.handle == b._ptr != 0)
host = bytearray(4096)
b.copy_to(host, stream=s)
s.sync()
print(set(host))
a.fill(255, stream=s)
b.fill(0, stream=s)
a.copy_to(b, stream=s)
b.copy_to(host, stream=s)
s.sync()
print(set(host))
for fn in (lambda: a.fill(256, stream=s), lambda: a.fill(-1, stream=s), lambda: a.fill(True, stream=s),
           lambda: a.fill(3, stream=5), lambda: a.fill(3, stream=None), lambda: a.copy_to(small, stream=s),
           lambda: a.copy_to(b, stream=s, options=None) is b, lambda: a.copy_to(5, stream=s), lambda: a.fill(1, 4, stream=s),
           lambda: a.fill(1, stream=s, width=None), lambda: Buffer.fill(a, 9, stream=s), lambda: a.fill(1, **{"stream": s})):
    print(attempt(fn))
b.close()
print(attempt(lambda: a.copy_to(b, stream=s)), attempt(lambda: b.fill(1, stream=s)), b.size, b.handle)
s.close()
print(attempt(lambda: a.fill(1, stream=s)), attempt(lambda: a.copy_to(small, stream=s)))
"""


@pytest.fixture(scope="module")
def sim(tmp_path_factory):
    return build_standin(tmp_path_factory, "sim_libcuda.c", "libcuda.so.1", "-lpthread", "-lrt")


def run(sim, fast):
    r = run_python(SCRIPT, env={"CUDACFFI_LIBDRIVER": sim, "CUDACFFI_FASTCALL": "1" if fast else "0"})
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.splitlines()


def test_copies_fills_and_reads_in_c_answer_as_the_python_methods(sim):
    fast, python = run(sim, True), run(sim, False)
    assert fast[0] == ("HandleCall HandleCall Getter" if CPYTHON else "function function property")
    assert python[0] == "function function property"
    assert fast[1:] == python[1:]
    assert fast[1:4] == ["None True 4096 True", "{7}", "{255}"]
    assert fast[4:12] == [
        "OverflowError: value must be an int in [0, 256) for a 1-byte fill, got 256",
        "OverflowError: value must be an int in [0, 256) for a 1-byte fill, got -1",
        "ok None",  # (a bool: the Python method's pattern)
        "TypeError: Stream or GraphBuilder expected, got int (stream takes a Stream, a GraphBuilder or an object "
        "with __cuda_stream__())",
        "ok None",  # (no stream: the default one)
        "ValueError: buffer sizes mismatch between src and dst (sizes are: src=4096, dst=8)",
        "ok True",
        "TypeError: dst must be a Buffer or a host buffer (bytearray, numpy array), not int"]
    assert fast[12:16] == ["ok None"] * 4
    assert fast[16] == "RuntimeError: Buffer has been closed RuntimeError: Buffer has been closed 0 0"
    assert fast[17] == "ValueError: stream is closed ValueError: stream is closed"


CLOSE_SCRIPT = PRELUDE + r"""
s, mr = dev.create_stream(), dev.memory_resource
print(type(Buffer.__dict__["close"]).__name__)
a = mr.allocate(4096, stream=s)
print(attempt(a.close), a.handle, a.size, attempt(lambda: a.fill(1, stream=s)), attempt(a.close))
b = mr.allocate(64, stream=s)
driver.cuMemFreeAsync(b.handle, s.handle)  # freed behind the buffer's back: the driver refuses the second free
print(attempt(b.close), b.handle != 0, b.size)
s2 = dev.create_stream()
c = mr.allocate(64, stream=s2)
s2.close()  # the allocation's stream closed since: freed on the legacy default stream
print(attempt(c.close), c.handle)
d = mr.allocate(64, stream=s)
print(attempt(lambda: d.close(stream=5)), d.handle != 0, attempt(lambda: d.close(stream=s)), d.handle)
e = mr.allocate(64, stream=s)
print(attempt(lambda: Buffer.close(e)), e.handle, attempt(lambda: e.close(None)))
with mr.allocate(64, stream=s) as f:
    pass
print(f.handle, attempt(lambda: f.copy_to(f, stream=s)))
"""


def test_close_of_a_pool_buffer_in_c_answers_as_the_python_method(sim):
    def close_run(fast):
        r = run_python(CLOSE_SCRIPT, env={"CUDACFFI_LIBDRIVER": sim, "CUDACFFI_FASTCALL": "1" if fast else "0"})
        assert r.returncode == 0, r.stdout + r.stderr
        return r.stdout.splitlines()

    fast, python = close_run(True), close_run(False)
    assert fast[0] == ("HandleCall" if CPYTHON else "function") and python[0] == "function"
    assert fast[1:] == python[1:]
    assert fast[1] == "ok None 0 0 RuntimeError: Buffer has been closed ok None"
    assert fast[2].startswith("CUDAError: CUDA_ERROR_") and fast[2].endswith(" True 64")
    assert fast[3:] == ["ok None 0", "TypeError: Stream or GraphBuilder expected, got int (stream takes a Stream, a "
                        "GraphBuilder or an object with __cuda_stream__()) True ok None 0", "ok None 0 ok None",
                        "0 RuntimeError: Buffer has been closed"]
