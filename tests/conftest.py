"""Shared fixtures. GPU tests carry the ``gpu`` marker and skip, with the reason, where no GPU is usable."""

import functools
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@functools.lru_cache(maxsize=None)
def gpu_unavailable_reason():
    """None if a CUDA driver and device are usable here, else why not."""
    try:
        from cudacffi import driver
    except ImportError as e:  # not built
        return "cudacffi is not built (%s)" % e
    try:
        err, = driver.cuInit(0)
    except RuntimeError as e:  # LibraryNotFoundError / FunctionNotFoundError
        return "no CUDA driver: %s" % str(e).splitlines()[0]
    if err:
        return "cuInit failed: %s" % err.name
    err, n = driver.cuDeviceGetCount()
    if err or not n:
        return "no CUDA device"
    return None


SUMMARY = []  # lines tests report at the end of the run (e.g. what each CUDA version adds or lacks)


def pytest_terminal_summary(terminalreporter):
    if SUMMARY:
        terminalreporter.section("cudacffi report")
        for line in SUMMARY:
            terminalreporter.write_line(line)


def pytest_collection_modifyitems(config, items):
    reason = None
    for item in items:
        if "gpu" in item.keywords:
            if reason is None:
                reason = gpu_unavailable_reason() or ""
            if reason:
                item.add_marker(pytest.mark.skip(reason="gpu: " + reason))


@pytest.fixture(scope="session")
def device():
    from cudacffi import driver
    import cudacffi

    cudacffi.check(driver.cuInit(0))
    return cudacffi.check(driver.cuDeviceGet(0))


@pytest.fixture(scope="session")
def cuda_context(device):
    """The primary context of device 0, current for the whole session."""
    from cudacffi import driver
    import cudacffi

    ctx = cudacffi.check(driver.cuDevicePrimaryCtxRetain(device))
    cudacffi.check(driver.cuCtxSetCurrent(ctx))
    yield ctx
    driver.cuDevicePrimaryCtxRelease(device)


def library_missing(message):
    """Skip a test whose CUDA library this machine lacks, or fail it where the run promised every library
    (CI sets CUDACFFI_REQUIRE_LIBRARIES=1, so a broken install cannot pass as skips)."""
    if os.environ.get("CUDACFFI_REQUIRE_LIBRARIES", "") not in ("", "0"):
        pytest.fail("required library missing: " + message, pytrace=False)
    pytest.skip(message)


def run_python(code, env=None, timeout=120):
    """Run ``code`` in a fresh interpreter (loading is process-global); returns CompletedProcess."""
    import subprocess

    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=script_env(**(env or {})), timeout=timeout)


def script_env(**extra):
    """The environment for a child interpreter: this checkout first on its path, then the caller's."""
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env
