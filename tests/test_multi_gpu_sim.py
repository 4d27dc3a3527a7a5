"""The two-GPU tests and the NCCL sample without a GPU: they run against ``sim_libcuda.c``, a stand-in libcuda
simulating two devices on the host (memory, pools' too, in shared mappings, so IPC handles work between
processes; the tests' kernels run on the host), with a stand-in ``cupy.cuda.nccl`` that reduces on the host
and insists on raw ints for pointers and streams, and on grouped calls. This checks the argument plumbing, the
skip reasons, and that the sample fails on a wrong sum; the GPU run checks CUDA and NCCL themselves."""

import os
import re
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT, c_compiler, library_missing, script_env

HERE = os.path.dirname(os.path.abspath(__file__))
pytest.importorskip("numpy")
pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

FAKE_NCCL = textwrap.dedent('''
    """A stand-in for CuPy's NCCL wrapper: collectives run on the host over the simulated device memory."""
    import ctypes
    import os

    import numpy as np

    available = True
    NCCL_SUM, NCCL_PROD, NCCL_MAX, NCCL_MIN = 0, 1, 2, 3
    NCCL_INT32, NCCL_INT64, NCCL_FLOAT32, NCCL_FLOAT64 = 2, 4, 7, 8
    _TYPES = {NCCL_INT32: ctypes.c_int32, NCCL_INT64: ctypes.c_int64, NCCL_FLOAT32: ctypes.c_float,
              NCCL_FLOAT64: ctypes.c_double}
    _OPS = {NCCL_SUM: np.add, NCCL_PROD: np.multiply, NCCL_MAX: np.maximum, NCCL_MIN: np.minimum}
    _driver = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])
    _pending = None


    def get_version():
        return 22703


    def groupStart():
        global _pending
        _pending = []


    def _view(address, datatype, count):
        return np.ctypeslib.as_array((_TYPES[datatype] * count).from_address(address))


    def groupEnd():
        global _pending
        calls, _pending = _pending, None
        ranks = len({id(c[0]) for c in calls})
        for k in range(0, len(calls), ranks):  # the k-th collective of every rank
            group = calls[k:k + ranks]
            count, datatype, op = group[0][3:6]
            assert all(c[3:6] == (count, datatype, op) for c in group), group
            total = _view(group[0][1], datatype, count).copy()
            for c in group[1:]:
                total = _OPS[op](total, _view(c[1], datatype, count))
            if os.environ.get("SIM_NCCL_WRONG"):
                total[len(total) // 2] += 1
            for c in group:
                _view(c[2], datatype, count)[:] = total


    class NcclCommunicator:
        def __init__(self, device):
            self._device = device

        @staticmethod
        def initAll(devices):
            devices = list(range(devices)) if isinstance(devices, int) else devices
            _driver.cuCtxSetCurrent(ctypes.c_void_p(0x1000 + devices[-1]))  # NCCL leaves the thread elsewhere
            comms = [NcclCommunicator(d) for d in devices]
            for rank, c in enumerate(comms):
                c._rank = rank
            return comms

        def device_id(self):
            return self._device

        def rank_id(self):
            return self._rank

        def allReduce(self, sendbuf, recvbuf, count, datatype, op, stream):
            for name, value in (("sendbuf", sendbuf), ("recvbuf", recvbuf), ("stream", stream), ("count", count)):
                if type(value) is not int or not value:
                    raise TypeError("sim nccl: %s must be a nonzero int, not %r" % (name, value))
            if _pending is None:
                raise RuntimeError("sim nccl: one thread driving several devices must group its calls")
            _pending.append((self, sendbuf, recvbuf, count, datatype, op, stream))

        def destroy(self):
            self._device = None
''')


@pytest.fixture(scope="module")
def sim(tmp_path_factory):
    """(stand-in libcuda path, folder holding the stand-in cupy package)."""
    from cudacffi import nvrtc

    try:
        nvrtc.nvrtcVersion()
    except RuntimeError as e:  # the tests compile their kernels with the real NVRTC
        library_missing("libnvrtc: %s" % " ".join(str(e).split()))
    out = tmp_path_factory.mktemp("sim")
    lib = out / "libcuda.so.1"
    r = subprocess.run([c_compiler(), "-shared", "-fPIC", "-o", str(lib),
                        os.path.join(HERE, "sim_libcuda.c"), "-lpthread", "-lrt"], capture_output=True, text=True)
    if r.returncode:
        pytest.skip("cannot build the stand-in libcuda: %s" % r.stderr[-500:])
    cuda = out / "fake" / "cupy" / "cuda"
    cuda.mkdir(parents=True)
    (cuda.parent / "__init__.py").write_text("")
    (cuda / "__init__.py").write_text("")
    (cuda / "nccl.py").write_text(FAKE_NCCL)
    return str(lib), str(out / "fake")


def sim_env(sim, cupy=True, **extra):
    lib, fake = sim
    env = script_env(CUDACFFI_LIBDRIVER=lib, **extra)
    if cupy:
        env["PYTHONPATH"] = fake + os.pathsep + env["PYTHONPATH"]
    return env


def run_multi_gpu_tests(sim, **env):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           os.path.join(HERE, "test_multi_gpu.py")], capture_output=True, text=True,
                          env=sim_env(sim, **env), timeout=600, cwd=ROOT)


def test_the_driver_paths_of_the_two_gpu_tests_run_on_two_simulated_devices(sim):
    r = run_multi_gpu_tests(sim)
    assert r.returncode == 0 and "5 passed" in r.stdout, r.stdout[-4000:] + r.stderr[-2000:]


def test_the_two_gpu_tests_skip_saying_so_on_one_device(sim):
    r = run_multi_gpu_tests(sim, SIM_DEVICES="1")
    assert r.returncode == 0 and "5 skipped" in r.stdout, r.stdout[-4000:] + r.stderr[-2000:]
    skipped = re.findall(r"^SKIPPED \[(\d+)\] .*: needs two GPUs; 1 visible$", r.stdout, re.M)  # grouped by place
    assert sum(int(k) for k in skipped) == 5, r.stdout[-4000:]


def run_sample(sim, cupy=True, **env):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "nccl_allreduce.py")], capture_output=True,
                       text=True, env=sim_env(sim, cupy, **env), timeout=600)
    return r, (r.stdout.strip().splitlines() or [""])[-1]


def test_nccl_sample_sums_on_two_simulated_devices(sim):
    r, last = run_sample(sim)
    assert r.returncode == 0, r.stdout + r.stderr
    assert last == ("nccl_allreduce passed: NCCL 2.27.3 summed 1048579 ints across 2 GPUs on cudacffi memory and "
                    "streams"), r.stdout


def test_nccl_sample_fails_on_a_wrong_sum(sim):
    r, last = run_sample(sim, SIM_NCCL_WRONG="1")
    assert r.returncode == 1 and last == "nccl_allreduce FAILED", r.stdout + r.stderr
    assert "rank 0: 1 wrong elements, first at 524289" in r.stdout and "rank 1: 1 wrong" in r.stdout, r.stdout


def test_nccl_sample_skips_on_one_device(sim):
    r, last = run_sample(sim, SIM_DEVICES="1")
    assert r.returncode == 77, r.stdout + r.stderr  # examples/_checkout.py's CANNOT_RUN
    assert r.stderr.strip() == "nccl_allreduce: cannot run: 1 device(s); two are needed", r.stdout + r.stderr


def test_nccl_sample_skips_without_cupy(sim, tmp_path):
    blocker = tmp_path / "cupy"  # a cupy that cannot be imported, whether or not a real one is installed
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('no CuPy in this test')\n")
    r, last = run_sample(sim, cupy=False, PYTHONPATH=str(tmp_path) + os.pathsep + ROOT)
    assert r.returncode == 77, r.stdout + r.stderr
    assert r.stderr.strip() == ("nccl_allreduce: cannot run: CuPy's NCCL is not importable (ImportError: no CuPy in "
                                "this test)"), r.stdout + r.stderr


POOL_CALLS = """
import ctypes
from cudacffi import CUDAError
from cudacffi.core import Device, DeviceMemoryResource
from cudacffi.core._memory import _pool as m

dev = Device(0)
dev.set_current()
s = dev.create_stream()
mr = DeviceMemoryResource(0)
bufs = [mr.allocate(4096 * (i + 1), stream=s) for i in range(4)]
assert m._CALLS or type(m._MemPool.allocate).__name__ == "PoolAllocate", "allocate took neither fast path"
ptrs = [b.handle for b in bufs]
assert len(set(ptrs)) == 4 and all(ptrs), ptrs
ctypes.memmove(ptrs[3], b"pool", 4)  # the stand-in's device memory is host memory
assert ctypes.string_at(ptrs[3], 4) == b"pool"
for b in bufs:
    b.close()
try:
    mr.deallocate(ptrs[0], 4096, stream=s)  # freed already: the driver refuses, and the refusal is raised
except CUDAError as e:
    print("free:", e.args[0] if e.args else e)
try:
    mr.allocate(1 << 62, stream=s)  # more than the stand-in can map
except CUDAError as e:
    print("alloc:", e.args[0] if e.args else e)
print("again:", mr.allocate(64, stream=s).handle > 0)
"""


@pytest.mark.parametrize("fastcall", ["1", "0"])
def test_pool_allocations_and_frees_take_the_stubs_and_raise_the_drivers_refusals(sim, fastcall):
    """DeviceMemoryResource.allocate / deallocate call the driver's C stubs directly (the pointer by value; on
    CPython allocate itself in C, unless CUDACFFI_FASTCALL=0); a refusal is raised as every call's is, and the
    resource still works after."""
    r = subprocess.run([sys.executable, "-c", POOL_CALLS], capture_output=True, text=True,
                       env=sim_env(sim, CUDACFFI_FASTCALL=fastcall), timeout=120)
    assert r.returncode == 0, r.stderr
    free, alloc, again = r.stdout.splitlines()
    assert free.startswith("free:") and "INVALID_VALUE" in free, free
    assert alloc.startswith("alloc:") and "INVALID_VALUE" in alloc, alloc
    assert again == "again: True"
