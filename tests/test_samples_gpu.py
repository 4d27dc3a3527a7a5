"""The CUDA samples in examples/, each run as a user runs it (a child interpreter, the checkout's
examples folder) and checked by its exit status and its printed verdict; a kernel launched through
cudacffi appears under Nsight Compute where ncu is present and permitted."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

pytestmark = pytest.mark.gpu

SAMPLES = ["vector_add_drv", "vector_add_mmap", "clock", "simple_zero_copy", "system_wide_atomics",
           "stream_ordered_allocation", "simple_cuda_graphs", "simple_p2p", "conjugate_gradient_multi_block_cg"]


def run_example(name, *prefix, timeout=600):
    return subprocess.run(list(prefix) + [sys.executable, os.path.join(ROOT, "examples", name + ".py")],
                          capture_output=True, text=True, env=dict(os.environ), timeout=timeout)


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_runs_and_passes(name):
    r = run_example(name)
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith(name + " passed") or last.startswith(name + ": skipped"), r.stdout


def test_device_report_lists_every_device():
    from cudacffi import check, driver

    r = run_example("device_report")
    assert r.returncode == 0, r.stdout + r.stderr
    count = check(driver.cuDeviceGetCount())
    assert "%d device(s)" % count in r.stdout
    assert len([line for line in r.stdout.splitlines() if line[:1].isdigit()]) == count


def test_a_kernel_launched_through_cudacffi_shows_in_nsight_compute():
    ncu = shutil.which("ncu") or next((p for p in ("/usr/local/cuda/bin/ncu",) if os.path.exists(p)), None)
    if ncu is None:
        pytest.skip("ncu (Nsight Compute) is not installed here")
    r = run_example("vector_add_drv", ncu, "--target-processes", "all", "--kernel-name", "VecAdd_kernel",
                    "--metrics", "gpu__time_duration.sum")
    text = r.stdout + r.stderr
    if "ERR_NVGPUCTRPERM" in text or "permission" in text.lower():
        pytest.skip("ncu may not read the GPU's performance counters here: %s" % " ".join(text.split())[-200:])
    assert r.returncode == 0, text[-3000:]
    assert "VecAdd_kernel" in text and "gpu__time_duration.sum" in text, text[-3000:]
