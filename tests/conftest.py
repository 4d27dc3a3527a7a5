"""Shared fixtures. GPU tests carry the ``gpu`` marker and skip, with the reason, where no GPU is usable."""

import functools
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# tests load examples by path; each example imports _checkout from its own folder, as running it does
sys.path.insert(0, os.path.join(ROOT, "examples"))


def headers_version():
    """CUDA_VERSION of the headers this build was made from (12090 for 12.9), read without loading libcuda."""
    from cudacffi import driver

    return driver.CUDA_VERSION


def one_line(error):
    """An error's whole text on one line (a LibraryNotFoundError lists every place searched, one a line)."""
    return " ".join(str(error).split())


GPU_DETAIL = []  # the whole text behind a short reason (a library search), shown once in the summary


@functools.lru_cache(maxsize=None)
def gpu_unavailable_reason():
    """None if a CUDA driver and device are usable here, else why not, in one short line (each skipped GPU test
    carries it; the whole search for libcuda goes once into the run's summary)."""
    try:
        from cudacffi import driver
    except ImportError as e:  # not built
        return "cudacffi is not built (%s)" % e
    from cudacffi import LibraryNotFoundError

    try:
        err, = driver.cuInit(0)
    except LibraryNotFoundError as e:
        GPU_DETAIL.append(one_line(e))
        return "no CUDA driver (%s not found)" % driver_soname(driver)
    except RuntimeError as e:  # FunctionNotFoundError: a driver older than these headers
        GPU_DETAIL.append(one_line(e))
        return "the CUDA driver cannot run this build (%s)" % type(e).__name__
    if err:
        return "cuInit failed: %s" % err.name
    err, n = driver.cuDeviceGetCount()
    if err or not n:
        return "no CUDA device"
    return None


def driver_soname(driver):
    """The file name the driver's library is first looked for as (libcuda.so.1, or CUDACFFI_LIBDRIVER's)."""
    try:
        return os.path.basename(next(iter(driver._library.candidates()))[0])
    except Exception:  # only a label: never let it hide the reason
        return "libcuda.so.1"


SUMMARY = []  # lines tests report at the end of the run (e.g. what each CUDA version adds or lacks)


def pytest_terminal_summary(terminalreporter):
    lines = SUMMARY + ["GPU tests skipped: %s: %s" % (gpu_unavailable_reason(), d) for d in GPU_DETAIL]
    if lines:
        terminalreporter.section("cudacffi report")
        for line in lines:
            terminalreporter.write_line(line)


def tested_package():
    """The folder of the cudacffi this run imports (the checkout's, or an installed one)."""
    import importlib.util

    spec = importlib.util.find_spec("cudacffi")
    return os.path.dirname(os.path.realpath(spec.origin)) if spec and spec.origin else None


def from_checkout():
    """Whether this run tests the checkout's cudacffi/ (built in place), not an installed package."""
    package = tested_package()
    return package is not None and package == os.path.realpath(os.path.join(ROOT, "cudacffi"))


def pytest_configure(config):
    # the installed-wheel test (nox -s wheels) runs from a copy of the checkout without cudacffi/ in it
    if os.environ.get("CUDACFFI_TEST_INSTALLED", "") not in ("", "0") and (tested_package() is None or from_checkout()):
        raise pytest.UsageError("CUDACFFI_TEST_INSTALLED is set, but cudacffi comes from %s, not from an installed "
                                "package" % tested_package())


def c_compiler():
    """The C compiler the tests build their stand-in libraries with: CUDACFFI_TEST_CC (the installed-wheel test
    keeps the compiler off PATH and CC, where the package would see it), else CC, else cc."""
    return os.environ.get("CUDACFFI_TEST_CC") or os.environ.get("CC", "cc")


def pytest_collection_modifyitems(config, items):
    if not from_checkout():
        skip = pytest.mark.skip(reason="checkout: builds from the checkout (codegen, build_cffi.py, a C compiler); "
                                       "this run tests the package installed at %s" % tested_package())
        for item in items:
            if "checkout" in item.keywords:
                item.add_marker(skip)
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
    _SESSION_CONTEXT.append(ctx)
    yield ctx
    _SESSION_CONTEXT.clear()
    driver.cuDevicePrimaryCtxRelease(device)


_SESSION_CONTEXT = []


@pytest.fixture(autouse=True)
def _session_context_stays_current():
    """After each test, the session's context is current again on the main thread: a test that made another
    device's context current (two-GPU tests, ``Device(1).set_current()``) must not move the next test's
    allocations, modules and launches onto that device."""
    yield
    if _SESSION_CONTEXT:
        from cudacffi import driver

        driver.cuCtxSetCurrent(_SESSION_CONTEXT[0])


@pytest.fixture
def stream(cuda_context):
    """A new stream on the session's context, destroyed when the test ends."""
    from cudacffi import check, driver

    s = check(driver.cuStreamCreate(0))
    yield s
    check(driver.cuStreamDestroy(s))


@pytest.fixture
def alloc(cuda_context):
    """cuMemAlloc, zero-filled, freed when the test ends."""
    from cudacffi import check, driver

    allocations = []

    def _alloc(nbytes):
        dptr = check(driver.cuMemAlloc(nbytes))
        allocations.append(dptr)
        check(driver.cuMemsetD8(dptr, 0, nbytes))
        return dptr

    yield _alloc
    for dptr in allocations:
        check(driver.cuMemFree(dptr))



# -- cudacffi.core's GPU tests: the package, device 0 (current) and a stream on it --------------------------------
# The names say which layer they belong to: ``device``, ``cuda_context`` and ``stream`` above are the driver's
# (a CUdevice, a CUcontext, a CUstream); ``core_device`` and ``core_stream`` are cudacffi.core's objects.


@pytest.fixture
def core():
    """The cudacffi.core package."""
    import cudacffi.core as core

    return core


@pytest.fixture
def core_device(core):
    """cudacffi.core.Device(0), made current."""
    d = core.Device(0)
    d.set_current()
    return d


@pytest.fixture
def core_stream(core_device):
    """A new cudacffi.core.Stream on device 0, closed when the test ends."""
    s = core_device.create_stream()
    yield s
    s.close()


_CORE_MODULES = {}


def core_module(device, source, name_expressions=(), **options):
    """The ObjectCode of CUDA C++ ``source`` compiled to cubin by cudacffi.core's Program for ``device`` (a
    cudacffi.core.Device) with ProgramOptions ``options``, once per session."""
    key = (source, device.arch, tuple(name_expressions), tuple(sorted(options.items())))
    if key not in _CORE_MODULES:
        from cudacffi.core import Program, ProgramOptions

        program = Program(source, "c++", ProgramOptions(arch="sm_" + device.arch, **options))
        _CORE_MODULES[key] = program.compile("cubin", name_expressions=tuple(name_expressions))
    return _CORE_MODULES[key]


def core_kernel(device, source, name):
    """The kernel ``name`` of ``source`` compiled for ``device`` (see core_module)."""
    return core_module(device, source).get_kernel(name)

def compute_capability(device):
    """(major, minor) of a CUdevice."""
    from cudacffi import check, driver

    attr = driver.CUdevice_attribute
    return (check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device)),
            check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device)))


@functools.lru_cache(maxsize=None)
def compile_ptx(source, options, name=b"kernels.cu"):
    """PTX of CUDA C++ ``source`` compiled by NVRTC with ``options`` (a tuple of bytes), once per session."""
    from cudacffi import check, nvrtc

    prog = check(nvrtc.nvrtcCreateProgram(source, name, 0, [], []))
    try:
        err, = nvrtc.nvrtcCompileProgram(prog, len(options), list(options))
        if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
            check(nvrtc.nvrtcGetProgramLog(prog, log))
            raise AssertionError("NVRTC failed: %s\n%s" % (err.name, log.decode(errors="replace")))
        ptx = bytearray(check(nvrtc.nvrtcGetPTXSize(prog)))
        check(nvrtc.nvrtcGetPTX(prog, ptx))
        return bytes(ptx)
    finally:
        check(nvrtc.nvrtcDestroyProgram(prog))


def check_enum_values(gen, lib):
    """Assert every member of every enum of generated module ``gen`` has the value the compiler gave the
    C constant (``lib`` is the family's compiled module); returns how many members were checked."""
    checked = 0
    for name in dir(gen):
        cls = getattr(gen, name)
        if isinstance(cls, type) and hasattr(cls, "_by_value") and cls.__module__ == gen.__name__:
            for member in cls.__members__.values():
                assert getattr(lib, member.name) == member.value, (name, member.name)
                checked += 1
    return checked


def library_missing(message):
    """Skip a test whose CUDA library this machine lacks, or fail it where the run promised every library
    (CI sets CUDACFFI_REQUIRE_LIBRARIES=1, so a broken install cannot pass as skips)."""
    if os.environ.get("CUDACFFI_REQUIRE_LIBRARIES", "") not in ("", "0"):
        pytest.fail("required library missing: " + message, pytrace=False)
    pytest.skip(message)


def build_standin(tmp_path_factory, source, name="libcuda.so.1", *flags):
    """Compile ``tests/<source>`` with the system C compiler into the shared library ``name`` in a fresh
    temporary folder (a stand-in for a CUDA library); returns its path."""
    import subprocess

    out = tmp_path_factory.mktemp(os.path.splitext(source)[0]) / name
    subprocess.run([c_compiler(), "-shared", "-fPIC", *flags, "-o", str(out),
                    os.path.join(ROOT, "tests", source)], check=True)
    return str(out)


@pytest.fixture(scope="session")
def mypy_run(tmp_path_factory):
    """run(*paths) -> (returncode, output) of ``python -m mypy`` over ``paths``, the checkout on its path. mypy
    follows imports into cudacffi silently: what it checks is the code given, against the package's stubs and
    annotations as a user's project sees them. Skips on PyPy (mypy does not run there) and where mypy is not
    installed, except in CI (CUDACFFI_REQUIRE_LIBRARIES), whose CPython venv has it."""
    import importlib.util
    import platform
    import subprocess

    if platform.python_implementation() != "CPython":
        pytest.skip("mypy does not run on %s" % platform.python_implementation())
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CUDACFFI_REQUIRE_LIBRARIES", "") not in ("", "0"):  # a missing one must not pass as skips
            pytest.fail("mypy is not installed", pytrace=False)
        pytest.skip("mypy is not installed")
    cache = tmp_path_factory.mktemp("mypy_cache")

    def run(*paths):
        env = dict(os.environ)
        env["MYPYPATH"] = ROOT
        env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
        command = [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--follow-imports=silent",
                   "--ignore-missing-imports", "--check-untyped-defs", "--show-error-codes", "--no-color-output",
                   "--hide-error-context"] + [str(p) for p in paths]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
        return result.returncode, (result.stdout + result.stderr).strip()

    return run


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
