"""The CUDA samples in examples/, each run as a user runs it (a child interpreter, the checkout's
examples folder) and checked by its exit status and its printed verdict; a kernel launched through
cudacffi, and an NVTX range around it, appear under Nsight Compute and Nsight Systems where they are
present and permitted."""

import glob
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT

pytestmark = pytest.mark.gpu

SAMPLES = ["vector_add_drv", "vector_add_mmap", "clock", "simple_zero_copy", "system_wide_atomics",
           "stream_ordered_allocation", "simple_cuda_graphs", "simple_p2p", "conjugate_gradient_multi_block_cg",
           "global_to_shmem_async_copy", "simple_cubemap_texture", "kernel_params_cubemap_texture",
           "iso_fd_modelling", "jit_program", "numba_emm_plugin", "interop_cupy_torch", "nccl_allreduce"]


def run_example(name, *prefix, timeout=600):
    return subprocess.run(list(prefix) + [sys.executable, os.path.join(ROOT, "examples", name + ".py")],
                          capture_output=True, text=True, env=dict(os.environ), timeout=timeout)


CANNOT_RUN = 77  # examples/_checkout.py: the sample cannot run here (too few GPUs, no such feature, no CuPy)


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_runs_and_passes(name):
    r = run_example(name)
    if r.returncode == CANNOT_RUN:
        reason = r.stderr.strip().splitlines()[-1]
        assert reason.startswith(name + ": cannot run: ") and "Traceback" not in r.stderr, r.stdout + r.stderr
        pytest.skip(reason)
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith(name + " passed"), r.stdout


def test_device_report_lists_every_device():
    from cudacffi import check, driver

    r = run_example("device_report")
    assert r.returncode == 0, r.stdout + r.stderr
    count = check(driver.cuDeviceGetCount())
    assert "%d device(s)" % count in r.stdout
    assert len([line for line in r.stdout.splitlines() if line[:1].isdigit()]) == count


def last_line(r):
    lines = r.stdout.strip().splitlines()
    return lines[-1] if lines else ""


def test_device_query_describes_every_device():
    from cudacffi import check, driver

    r = run_example("device_query")
    assert r.returncode == 0, r.stdout + r.stderr
    count = check(driver.cuDeviceGetCount())
    assert "Detected %d CUDA capable device(s)" % count in r.stdout, r.stdout
    assert [int(n) for n in re.findall(r'^Device (\d+): "', r.stdout, re.M)] == list(range(count)), r.stdout


def toolkit_has_libcuxx():
    root = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH") or "/usr/local/cuda"
    return any(os.path.isfile(os.path.join(root, "include", sub, "cuda", "pipeline")) for sub in ("cccl", ""))


def test_async_copy_runs_where_the_toolkit_has_libcuxx():
    """Where the toolkit has <cuda/pipeline> and the GPU is sm_80 or newer, the sample must run, not skip."""
    from conftest import compute_capability
    from cudacffi import check, driver

    if not toolkit_has_libcuxx():
        pytest.skip("no cuda/pipeline under CUDA_HOME / CUDA_PATH / /usr/local/cuda")
    check(driver.cuInit(0))
    if compute_capability(check(driver.cuDeviceGet(0))) < (8, 0):
        pytest.skip("device 0 is older than sm_80")
    r = run_example("global_to_shmem_async_copy")
    assert r.returncode == 0 and last_line(r).startswith("global_to_shmem_async_copy passed"), r.stdout + r.stderr


def test_iso_fd_modelling_uses_every_device():
    from cudacffi import check, driver

    r = run_example("iso_fd_modelling")
    assert r.returncode == 0, r.stdout + r.stderr
    check(driver.cuInit(0))
    count = check(driver.cuDeviceGetCount())
    assert "in %d slabs on %d device(s)" % (max(2, count), count) in last_line(r), r.stdout


def has_module(name):
    return importlib.util.find_spec(name) is not None


@pytest.mark.skipif(not has_module("numba"), reason="numba-cuda is not installed for this interpreter")
def test_numba_runs_a_kernel_on_memory_from_the_emm_plugin():
    r = run_example("numba_emm_plugin")
    assert r.returncode == 0, r.stdout + r.stderr
    assert last_line(r).startswith("numba_emm_plugin passed"), r.stdout + r.stderr


@pytest.mark.skipif(not (has_module("cupy") and has_module("torch")),
                    reason="CuPy and PyTorch are not both installed for this interpreter")
def test_a_cudacffi_kernel_runs_on_cupy_and_torch_memory_on_their_streams():
    r = run_example("interop_cupy_torch")
    assert r.returncode == 0, r.stdout + r.stderr
    assert last_line(r).startswith("interop_cupy_torch passed: a cudacffi kernel on CuPy and PyTorch memory"), r.stdout


# -- profilers ----------------------------------------------------------------------------------------------------

# Two kernels, the second inside an NVTX range: a profiler that sees the range can tell them apart.
PROFILED = textwrap.dedent(r"""
    import sys
    sys.path.insert(0, EXAMPLES)
    import _checkout
    from _sample import init_device, load_module
    from cudacffi import check, driver, nvtx

    SOURCE = b'''
    extern "C" __global__ void outside_range(int *p) { p[threadIdx.x] += 1; }
    extern "C" __global__ void inside_range(int *p) { p[threadIdx.x] += 2; }
    '''
    device, _ = init_device()
    module = load_module(SOURCE, device)
    buf = check(driver.cuMemAlloc(128))
    check(driver.cuMemsetD8(buf, 0, 128))


    def launch(name):
        kernel = check(driver.cuModuleGetFunction(module, name))
        check(driver.cuLaunchKernel(kernel, 1, 1, 1, 32, 1, 1, 0, None, ((buf,), (None,)), 0))


    launch(b"outside_range")
    with nvtx.range("cudacffi_nvtx_range"):
        launch(b"inside_range")
    check(driver.cuCtxSynchronize())
    print("nvtx enabled:", nvtx.enabled(), nvtx.library_path())
""").replace("EXAMPLES", repr(os.path.join(ROOT, "examples")))


def find_tool(name, *patterns):
    """The profiler ``name`` on PATH, in the toolkit, or at one of ``patterns`` (globs); None if absent."""
    found = shutil.which(name)
    roots = [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH")] + ["/usr/local/cuda"]
    candidates = [os.path.join(r, "bin", name) for r in roots if r] + [p for pat in patterns for p in glob.glob(pat)]
    return found or next((p for p in candidates if os.access(p, os.X_OK)), None)


def where_looked(name, *patterns):
    return "%s is not on PATH, nor in $CUDA_HOME/bin, $CUDA_PATH/bin, /usr/local/cuda/bin%s" % (
        name, "".join(", " + p for p in patterns))


NCU_PLACES = ("/opt/nvidia/nsight-compute/*/ncu",)
NSYS_PLACES = ("/opt/nvidia/nsight-systems/*/bin/nsys", "/usr/local/cuda/nsight-systems-*/bin/nsys")


def skip_if_not_permitted(text):
    if "ERR_NVGPUCTRPERM" in text or "permission" in text.lower():
        pytest.skip("ncu may not read the GPU's performance counters here: %s" % " ".join(text.split())[-300:])


def test_a_kernel_launched_through_cudacffi_shows_in_nsight_compute():
    ncu = find_tool("ncu", *NCU_PLACES)
    if ncu is None:
        pytest.skip(where_looked("ncu (Nsight Compute)", *NCU_PLACES))
    r = run_example("vector_add_drv", ncu, "--target-processes", "all", "--kernel-name", "VecAdd_kernel",
                    "--metrics", "gpu__time_duration.sum")
    text = r.stdout + r.stderr
    skip_if_not_permitted(text)
    assert r.returncode == 0, text[-3000:]
    assert "VecAdd_kernel" in text and "gpu__time_duration.sum" in text, text[-3000:]
    assert "vector_add_drv passed" in text, text[-3000:]


def test_nsight_compute_sees_an_nvtx_range_from_cudacffi_nvtx():
    """ncu profiles only the kernels inside the NVTX range it is told to include: the range reached it."""
    ncu = find_tool("ncu", *NCU_PLACES)
    if ncu is None:
        pytest.skip(where_looked("ncu (Nsight Compute)", *NCU_PLACES))
    r = subprocess.run([ncu, "--target-processes", "all", "--nvtx", "--nvtx-include", "cudacffi_nvtx_range/",
                        "--metrics", "gpu__time_duration.sum", sys.executable, "-c", PROFILED],
                       capture_output=True, text=True, env=dict(os.environ), timeout=600)
    text = r.stdout + r.stderr
    skip_if_not_permitted(text)
    assert r.returncode == 0, text[-3000:]
    assert "nvtx enabled: True" in text, text[-3000:]       # ncu named its tool; cudacffi.nvtx opened NVTX
    assert "inside_range" in text and "outside_range" not in text, text[-3000:]


def test_nsight_systems_shows_the_kernel_and_the_nvtx_range(tmp_path):
    nsys = find_tool("nsys", *NSYS_PLACES)
    if nsys is None:
        pytest.skip(where_looked("nsys (Nsight Systems)", *NSYS_PLACES))
    report = str(tmp_path / "cudacffi")
    r = subprocess.run([nsys, "profile", "--trace=cuda,nvtx", "--force-overwrite=true", "-o", report,
                        sys.executable, "-c", PROFILED], capture_output=True, text=True, env=dict(os.environ),
                       timeout=600)
    assert r.returncode == 0 and "nvtx enabled: True" in r.stdout, (r.stdout + r.stderr)[-3000:]
    stats = ""
    for names in (("nvtx_sum", "cuda_gpu_kern_sum"), ("nvtxsum", "gpukernsum")):  # newer, then older names
        s = subprocess.run([nsys, "stats", "--format", "csv", "--report", ",".join(names), report + ".nsys-rep"],
                           capture_output=True, text=True, timeout=600)
        stats = s.stdout + s.stderr
        if s.returncode == 0 and "inside_range" in stats:
            break
    assert "cudacffi_nvtx_range" in stats and "inside_range" in stats and "outside_range" in stats, stats[-3000:]
