"""cudacffi.nvtx without a GPU or a profiler: with no tool named, no library is opened and every call checks
its arguments and does nothing; with one named (a stand-in injection library, ``nvtx_standin.c``, loaded by
the real NVTX library as a profiler's would be), each range, mark and domain reaches it as NVTX passes it.
Whether a tool is named is decided once per process, so those runs are child interpreters."""

import os
import subprocess
import textwrap

import pytest

from conftest import ROOT, c_compiler, run_python

from cudacffi import nvtx


@pytest.fixture
def no_tool():
    if os.environ.get("NVTX_INJECTION64_PATH"):
        pytest.skip("this run is under a profiler (NVTX_INJECTION64_PATH is set)")


def test_without_a_tool_every_call_is_empty(no_tool):
    assert not nvtx.enabled() and nvtx.library_path() is None
    assert nvtx.push_range("outer", color=0xFF00FF00, payload=3) == nvtx.NO_TOOL_LEVEL
    nvtx.mark(b"bytes too", payload=2.5, category=7)
    assert nvtx.pop_range() == nvtx.NO_TOOL_LEVEL
    assert nvtx.start_range("across threads") == 0
    nvtx.end_range(0)
    domain = nvtx.Domain("solver")
    assert domain.handle is None and domain.name == "solver"
    with domain.range("in a domain"):
        domain.mark("here")
    domain.destroy()


def test_without_a_tool_no_library_is_opened():
    r = run_python(textwrap.dedent("""
        from cudacffi import nvtx
        with nvtx.range("work"):
            nvtx.mark("here")
        maps = open("/proc/self/maps").read()
        print(nvtx.enabled(), "nvtx3interop" in maps or "nvToolsExt" in maps)
    """), env={"NVTX_INJECTION64_PATH": "", "CUDACFFI_LIBNVTX": ""})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False", "False"]


def test_range_decorates_a_function_and_keeps_what_it_returns(no_tool):
    @nvtx.range()
    def scaled(x, factor=2):
        """doc"""
        return x * factor

    assert scaled(4, factor=3) == 12 and scaled.__name__ == "scaled" and scaled.__doc__ == "doc"

    @nvtx.range("named", color=0xFFFF0000)
    def fails():
        raise KeyError("inside")

    with pytest.raises(KeyError):
        fails()


@pytest.mark.parametrize("call, exc, text", [
    (lambda: nvtx.push_range(5), TypeError, "'message' must be str or bytes, not int"),
    (lambda: nvtx.mark("a\0b"), ValueError, "'message' must not contain a NUL"),
    (lambda: nvtx.mark("x", color=1 << 32), OverflowError, "'color' must be in [0, 0xFFFFFFFF]"),
    (lambda: nvtx.mark("x", color="red"), TypeError, "'color' must be an int, not str"),
    (lambda: nvtx.mark("x", color=True), TypeError, "'color' must be an int, not bool"),
    (lambda: nvtx.mark("x", category=-1), OverflowError, "'category' must be in [0, 0xFFFFFFFF]"),
    (lambda: nvtx.mark("x", payload="1"), TypeError, "'payload' must be an int or a float, not str"),
    (lambda: nvtx.mark("x", payload=1 << 64), OverflowError, "'payload' must fit in 64 bits"),
    (lambda: nvtx.start_range("x", payload=-(1 << 63) - 1), OverflowError, "'payload' must fit in 64 bits"),
    (lambda: nvtx.pop_range(domain="solver"), TypeError, "'domain' must be a cudacffi.nvtx.Domain or None"),
    (lambda: nvtx.end_range(-1), OverflowError, "'range_id' must be in [0, 2**64)"),
    (lambda: nvtx.end_range(1.0), TypeError, "'range_id' must be an int, not float"),
    (lambda: nvtx.Domain(""), ValueError, "'name' must not be empty"),
    (lambda: nvtx.Domain(None), TypeError, "'name' must be str or bytes, not NoneType"),
    (lambda: nvtx.range(color=-1), OverflowError, "'color' must be in [0, 0xFFFFFFFF]"),
    (lambda: nvtx.range(payload=[1]), TypeError, "'payload' must be an int or a float, not list"),
    (lambda: nvtx.range().__enter__(), TypeError, "'message' is needed where range is used in a with statement"),
    (lambda: nvtx.range("x")(42), TypeError, "decorates a function, not int"),
])
def test_bad_arguments_are_refused_naming_the_parameter(no_tool, call, exc, text):
    with pytest.raises(exc) as info:
        call()
    assert text in str(info.value)


def test_a_destroyed_domain_is_refused(no_tool):
    domain = nvtx.Domain("gone")
    domain.destroy()
    with pytest.raises(ValueError, match="'domain' was destroyed"):
        domain.mark("late")
    assert "destroyed" in repr(domain)


def test_a_tool_without_an_nvtx_library_gets_one_warning_and_empty_calls(tmp_path):
    r = run_python(textwrap.dedent("""
        import warnings
        from cudacffi import nvtx
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for _ in range(3):
                with nvtx.range("work"):
                    nvtx.mark("here")
        print(nvtx.enabled(), len(caught))
        print(caught[0].message)
    """), env={"NVTX_INJECTION64_PATH": str(tmp_path / "tool.so"), "CUDACFFI_LIBNVTX": "/nonexistent/libnvtx.so"})
    assert r.returncode == 0, r.stderr
    first, message = r.stdout.split("\n", 1)
    assert first.split() == ["False", "1"]
    assert "no NVTX library could be opened" in message and "/nonexistent/libnvtx.so" in message


@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    """The stand-in tool, compiled."""
    out = tmp_path_factory.mktemp("nvtx") / "libnvtx_standin.so"
    src = os.path.join(ROOT, "tests", "nvtx_standin.c")
    r = subprocess.run([c_compiler(), "-shared", "-fPIC", "-o", str(out), src], capture_output=True,
                       text=True)
    if r.returncode:
        pytest.skip("no C compiler to build the stand-in tool: %s" % r.stderr[-300:])
    return str(out)


@pytest.fixture(scope="module")
def nvtx_library():
    """The NVTX library cudacffi.nvtx would open, or skip where there is none."""
    r = run_python("from cudacffi import nvtx; print(nvtx.library_path())",
                   env={"NVTX_INJECTION64_PATH": "/dev/null", "CUDACFFI_LIBNVTX": ""})
    path = r.stdout.strip()
    if r.returncode or path == "None":
        pytest.skip("no NVTX library (libnvtx3interop.so.1 / libnvToolsExt.so.1) here: pip install nvidia-nvtx-cu12")
    return path


CALLS = """
from cudacffi import nvtx
assert nvtx.enabled(), "not enabled"
print("level", nvtx.push_range("outer", color=0xFF76B900, payload=7))
nvtx.mark("checkpoint", payload=2.5, category=3)
with nvtx.range("inner"):
    pass
@nvtx.range()
def step():
    return 1
step()
rid = nvtx.start_range(b"async", payload=(1 << 64) - 1)
nvtx.end_range(rid)
print("level", nvtx.pop_range())
solver = nvtx.Domain("solver")
with solver.range("iterate", payload=-4):
    solver.mark("converged")
solver.end_range(solver.start_range("spans threads"))
solver.destroy()
"""


def test_ranges_marks_and_domains_reach_the_tool(standin, nvtx_library, tmp_path):
    log = tmp_path / "calls.log"
    r = run_python(CALLS, env={"NVTX_INJECTION64_PATH": standin, "NVTX_STANDIN_LOG": str(log), "CUDACFFI_LIBNVTX": ""})
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:2] == ["level 0", "level 0"]  # the tool's levels, not the no-tool -2
    lines = log.read_text().splitlines()
    assert lines == [
        "init",
        "push default 'outer' size=48 color=ff76b900 category=0 payload=i7",
        "mark default 'checkpoint' size=48 color=- category=3 payload=d2.5",
        "push default 'inner' size=48 color=- category=0 payload=-",
        "pop default",
        "push default 'step' size=48 color=- category=0 payload=-",
        "pop default",
        "start default 'async' size=48 color=- category=0 payload=u18446744073709551615",
        "end default 100",
        "pop default",
        "domain solver",
        "push solver 'iterate' size=48 color=- category=0 payload=i-4",
        "mark solver 'converged' size=48 color=- category=0 payload=-",
        "pop solver",
        "start solver 'spans threads' size=48 color=- category=0 payload=-",
        "end solver 101",
        "destroy solver",
    ], "\n".join(lines)
