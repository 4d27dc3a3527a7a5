"""Outputs returned by value (``codegen.lowering.ByValue``): failures, values equal to the sentinels, and
threads, against the stand-in libcuda of ``value_libcuda.c`` (in fresh interpreters: loading is global)."""


import pytest

from conftest import build_standin, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


@pytest.fixture(scope="module")
def value_libcuda(tmp_path_factory):
    return build_standin(tmp_path_factory, "value_libcuda.c")


def run(code, lib):
    """``code`` through the Python wrappers and their _cv_ stubs (CUDACFFI_FASTCALL=0: on CPython the same calls
    are otherwise made in C, which tests/test_fastcall.py covers)."""
    r = run_python("from cudacffi import driver as d\nd.cuInit(0)\n" + code,
                   env={"CUDACFFI_LIBDRIVER": lib, "CUDACFFI_FASTCALL": "0"})
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_the_stubs_that_return_by_value_are_the_ones_benchmarked():
    from cudacffi import _driver

    for name in ("cuCtxGetCurrent", "cuDeviceGetAttribute", "cuMemAlloc", "cuCtxGetApiVersion"):
        assert hasattr(_driver.lib, "_cv_" + name), name
    assert not hasattr(_driver.lib, "_cv_cuMemGetInfo")  # two outputs: through the scratch slots


def test_values_failures_and_sentinel_values(value_libcuda):
    out = run(
        "E = d.CUresult\n"
        "print(d.cuDeviceGetAttribute(3, 5))\n"
        "print(d.cuDeviceGetAttribute(7, 0))\n"  # INT_MIN is a value
        "print(d.cuDeviceGetAttribute(9999, 0))\n"
        "print(d.cuMemAlloc(0))\n"  # fails: status 2, the scribbled output is not returned
        "err, p = d.cuMemAlloc(1)\n"  # UINT64_MAX is a value, right after a failure left a status behind
        "print(repr(err), hex(int(p)), type(p).__name__)\n"
        "print(d.cuMemAlloc(4096)[1])\n"
        "print(d.cuCtxGetApiVersion(None))\n"
        "d.cuCtxSetCurrent(0xBAD)\n"
        "print(d.cuCtxGetCurrent())\n"
        "d.cuCtxSetCurrent(0xFFFFFFFFFFFFFFFF)\n"
        "print(d.cuCtxGetCurrent())\n", value_libcuda)
    assert out.splitlines() == [
        "(<CUresult.CUDA_SUCCESS: 0>, 3005)",
        "(<CUresult.CUDA_SUCCESS: 0>, -2147483648)",
        "(<CUresult.CUDA_ERROR_INVALID_VALUE: 1>, None)",
        "(<CUresult.CUDA_ERROR_OUT_OF_MEMORY: 2>, None)",
        "<CUresult.CUDA_SUCCESS: 0> 0xffffffffffffffff CUdeviceptr",
        "<CUdeviceptr 4096>",
        "(<CUresult.CUDA_SUCCESS: 0>, 4294967295)",
        "(<CUresult.CUDA_ERROR_INVALID_CONTEXT: 201>, None)",
        "(<CUresult.CUDA_SUCCESS: 0>, <CUcontext 0xffffffffffffffff>)",
    ]


def test_each_thread_sees_its_own_values_and_failures(value_libcuda):
    """8 threads call concurrently (the GIL is released in every C call); each thread's context, attribute
    values and failures are its own, and a failure on one thread never shows as another's status."""
    out = run(
        "import threading\n"
        "E = d.CUresult\n"
        "bad = []\n"
        "def work(i):\n"
        "    ctx = 0x1000 * (i + 1)\n"
        "    d.cuCtxSetCurrent(ctx)\n"
        "    for k in range(3000):\n"
        "        err, c = d.cuCtxGetCurrent()\n"
        "        if err != E.CUDA_SUCCESS or int(c) != ctx: bad.append(('ctx', i, err, c))\n"
        "        err, v = d.cuDeviceGetAttribute(10 + k % 50, i)\n"
        "        if err != E.CUDA_SUCCESS or v != (10 + k % 50) * 1000 + i: bad.append(('attr', i, err, v))\n"
        "        n = (i + k) % 2\n"  # half the threads fail while the other half return the sentinel as a value
        "        err, p = d.cuMemAlloc(n)\n"
        "        want = (E.CUDA_ERROR_OUT_OF_MEMORY, None) if n == 0 else (E.CUDA_SUCCESS, 0xFFFFFFFFFFFFFFFF)\n"
        "        if (err, p if p is None else int(p)) != want: bad.append(('alloc', i, err, p))\n"
        "threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]\n"
        "[t.start() for t in threads]\n"
        "[t.join() for t in threads]\n"
        "print('BAD', len(bad), bad[:3])\n", value_libcuda)
    assert "BAD 0 []" in out, out
