"""Live-handle tables (``cudacffi._live``) of NVRTC, NVVM, nvJitLink and nvFatbin: a call never reaches the library with
a handle another thread destroyed, destroyed handles leave the table, and a value made again is live again.

The libraries run for real (wheels, no GPU); races that used to crash run in a child interpreter.
"""

import json
import os
import platform
import sys
import threading
import time

import pytest

from conftest import library_missing, run_python, script_env

import cudacffi
from cudacffi import _live, nvjitlink, nvrtc, nvvm
from cudacffi._gen.nvjitlink import _live_nvJitLinkHandle
from cudacffi._gen.nvvm import _live_nvvmProgram
from test_nvvm import TWICE_IR

HERE = os.path.dirname(os.path.abspath(__file__))
R = nvrtc.nvrtcResult
KERNEL = b'extern "C" __global__ void k(int *p) { p[0] = 1; }'
# half a second of compiling or so: long enough for another thread to act while NVRTC works
SLOW_KERNEL = b"".join(b'extern "C" __global__ void k%d(float *p) { for (int i = 0; i < 64; ++i) '
                       b'p[i] = p[i] * %d.0f + sinf(p[i + 1]); }\n' % (i, i) for i in range(40))


@pytest.fixture(scope="module", autouse=True)
def _libraries():
    try:
        nvrtc.nvrtcVersion()
        nvvm.version()
        nvjitlink.destroy(nvjitlink.create(1, ["-arch=sm_80"]))  # (12.0 headers have no nvJitLinkVersion)
    except (cudacffi.LibraryNotFoundError, RuntimeError) as e:
        library_missing(str(e))


def _nvfatbin():
    """cudacffi.nvfatbin with its library, or skip (builds from CUDA < 12.4 headers have no nvFatbin)."""
    m = pytest.importorskip("cudacffi.nvfatbin", reason="this build has no nvFatbin (CUDA < 12.4 headers)",
                            exc_type=ImportError)
    try:
        m.version()
    except cudacffi.LibraryNotFoundError as e:
        library_missing(str(e))
    return m


def _nvrtc_program(src=KERNEL):
    err, prog = nvrtc.nvrtcCreateProgram(src, b"k.cu", 0, [], [])
    assert err == R.NVRTC_SUCCESS
    return prog


def _nvvm_program():
    h = nvvm.create_program()
    nvvm.add_module_to_program(h, TWICE_IR, len(TWICE_IR), "twice")
    return h


def _held_by_another_thread(table, value, timeout=30):
    """Wait until a call of another thread holds ``value``'s entry (it is then in, or about to enter, the
    library); False if that never happens."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        e = table._entries.get(value)
        if e is not None and e._owner not in (None, threading.get_ident()):
            return True
        time.sleep(0.001)
    return False


# -- many threads, one set of handles -------------------------------------------------------------------------

@pytest.mark.parametrize("family", ["nvrtc", "nvvm", "nvjitlink", "nvfatbin"])
def test_threads_using_and_destroying_the_same_handles_never_crash(family):
    """6 threads query and compile random handles of a pool of 4 while 2 destroy and replace them (tests/
    thread_hammer.py). Before the tables held a handle across the call, NVVM segfaulted within a second."""
    import subprocess

    if family == "nvfatbin":
        _nvfatbin()
    r = subprocess.run([sys.executable, os.path.join(HERE, "thread_hammer.py"), family, "1.5"], capture_output=True,
                       text=True, env=script_env(), timeout=300)
    assert r.returncode == 0, "exit %d\n%s\n%s" % (r.returncode, r.stdout[-3000:], r.stderr[-3000:])
    summary = json.loads(r.stdout.splitlines()[-1])
    counts = summary["counts"]
    unexpected = {k: v for k, v in counts.items() if k.split(" ", 1)[1] not in ("ok", "refused", "lost", "reused")}
    assert not unexpected, (unexpected, r.stderr[-3000:])
    assert counts.get("use ok", 0) > 0 and counts.get("use refused", 0) > 0, counts  # both sides were exercised
    assert counts.get("destroy ok", 0) > 0, counts
    assert summary["table_left"] == 0  # every handle destroyed has left the table


def test_nvrtc_destroy_waits_for_a_compile_in_flight():
    prog = _nvrtc_program(SLOW_KERNEL)
    done = {}

    def compile_():
        done["status"] = nvrtc.nvrtcCompileProgram(prog, 0, [])[0]
        done["at"] = time.monotonic()

    t = threading.Thread(target=compile_)
    started = time.monotonic()
    t.start()
    assert _held_by_another_thread(nvrtc._programs, int(prog))
    assert nvrtc.nvrtcDestroyProgram(prog) == (R.NVRTC_SUCCESS,)
    destroyed_at = time.monotonic()
    t.join()
    assert done["status"] == R.NVRTC_SUCCESS  # the compile ran to its end on a live program
    # the destroy returned once the compile had let go of the program: at most a few thread switches before the
    # compiling thread notes its end, never a compile's length (hundreds of milliseconds) before it
    assert done["at"] - destroyed_at < (done["at"] - started) / 4, (started, destroyed_at, done["at"])
    assert nvrtc.nvrtcGetPTXSize(prog) == (R.NVRTC_ERROR_INVALID_PROGRAM, None)


def test_nvvm_destroy_waits_for_a_compile_in_flight():
    h = _nvvm_program()
    done = {}

    def compile_():
        try:
            for _ in range(20):  # a few milliseconds each: the destroy lands during one of them
                nvvm.compile_program(h, 0, [])
            done["at"] = time.monotonic()
        except ValueError as e:
            done["refused"] = str(e)

    t = threading.Thread(target=compile_)
    t.start()
    assert _held_by_another_thread(_live_nvvmProgram, h)
    nvvm.destroy_program(h)
    destroyed_at = time.monotonic()
    t.join()
    # the loop either finished first or its next compile was refused: never a call on a freed program
    assert ("at" in done and done["at"] <= destroyed_at) or "not a live nvvmProgram" in done["refused"], done
    with pytest.raises(ValueError, match="'prog' is not a live nvvmProgram"):
        nvvm.get_program_log_size(h)


def test_calls_on_other_handles_run_while_one_compiles():
    slow, quick = _nvrtc_program(SLOW_KERNEL), _nvrtc_program()
    assert nvrtc.nvrtcCompileProgram(quick, 0, [])[0] == R.NVRTC_SUCCESS
    t = threading.Thread(target=nvrtc.nvrtcCompileProgram, args=(slow, 0, []))
    t.start()
    try:
        assert _held_by_another_thread(nvrtc._programs, int(slow))
        for _ in range(100):
            assert nvrtc.nvrtcGetPTXSize(quick)[0] == R.NVRTC_SUCCESS
        assert nvrtc._programs._entries[int(slow)]._owner is not None  # still compiling: not serialised
    finally:
        t.join()
        nvrtc.nvrtcDestroyProgram(slow)
        nvrtc.nvrtcDestroyProgram(quick)


class _Destroying(list):
    """An option list whose iteration destroys a handle (user code run inside a call's conversions)."""

    def __init__(self, items, destroy):
        list.__init__(self, items)
        self.destroy = destroy
        self.errors = []

    def __iter__(self):
        try:
            self.destroy()
        except ValueError as e:
            self.errors.append(str(e))
        return list.__iter__(self)


@pytest.mark.parametrize("family", ["nvrtc", "nvvm"])
def test_destroy_from_inside_a_call_on_the_same_handle_is_refused(family):
    """Waiting would never end (the call holds the handle on this very thread) and destroying would free the
    program under the call: the destroy is refused and the call goes on with a live program."""
    if family == "nvrtc":
        h = _nvrtc_program()
        opts = _Destroying([b"-w"], lambda: nvrtc.nvrtcDestroyProgram(h))
        assert nvrtc.nvrtcCompileProgram(h, 1, opts)[0] == R.NVRTC_SUCCESS
        assert nvrtc.nvrtcDestroyProgram(h) == (R.NVRTC_SUCCESS,)
    else:
        h = _nvvm_program()
        opts = _Destroying(["-opt=0"], lambda: nvvm.destroy_program(h))
        nvvm.compile_program(h, 1, opts)
        nvvm.destroy_program(h)
    assert len(opts.errors) == 1 and "in use by a call of this thread" in opts.errors[0], opts.errors


# -- the tables shrink -----------------------------------------------------------------------------------------

def _cycles(make, destroy, n):
    for _ in range(n):
        destroy(make())


@pytest.mark.parametrize("family, n", [("nvvm", 100000), ("nvrtc", 30000), ("nvfatbin", 20000),
                                       ("nvjitlink", 2000)])
def test_create_destroy_cycles_leave_the_table_as_it_was(family, n):
    """10^5 cycles of NVVM (the table is the same code for every family; the others fewer, to keep the run
    short: nvJitLink takes 0.3 ms a create) leave no entry behind and do not grow Python's heap."""
    if family == "nvfatbin":
        fb = _nvfatbin()
        from cudacffi._gen.nvfatbin import _live_nvFatbinHandle

        make, destroy, table = (lambda: fb.create([], 0)), fb.destroy, _live_nvFatbinHandle
    else:
        make, destroy, table = {
            "nvrtc": (_nvrtc_program, nvrtc.nvrtcDestroyProgram, nvrtc._programs),
            "nvvm": (nvvm.create_program, nvvm.destroy_program, _live_nvvmProgram),
            "nvjitlink": (lambda: nvjitlink.create(1, ["-arch=sm_90"]), nvjitlink.destroy, _live_nvJitLinkHandle),
        }[family]
    before = len(table)
    _cycles(make, destroy, 100)  # warm up caches and the dict's own size
    if platform.python_implementation() != "CPython":
        _cycles(make, destroy, n)
        assert len(table) == before
        return
    import tracemalloc

    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        _cycles(make, destroy, n)
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert len(table) == before
    assert grown < 64 * 1024, "Python heap grew %d bytes over %d cycles" % (grown, n)


def test_destroyed_handle_stays_refused_and_a_new_one_at_its_address_is_live():
    """The allocator hands a freed address out again: that value is then a live handle (as the library
    says), while the old one, destroyed, was refused in between."""
    seen = set()
    for _ in range(200):
        h = nvvm.create_program()
        if h in seen:  # an address given out again
            nvvm.get_program_log_size(h)  # live: the library answers
            nvvm.destroy_program(h)
            break
        seen.add(h)
        nvvm.destroy_program(h)
        with pytest.raises(ValueError, match="not a live nvvmProgram"):
            nvvm.get_program_log_size(h)
    else:
        pytest.skip("the allocator never reused an address in 200 programs")


# -- the table itself ---------------------------------------------------------------------------------------------

def test_table_enter_claim_and_reuse():
    t = _live.Live("thing")
    t.add(5)
    e = t.enter(5)
    assert e.value == 5 and t.claim(5) == _live.IN_USE  # held by this thread: refusing beats waiting forever
    e.leave()
    assert t.claim(5) is None and len(t) == 0
    assert t.enter(5) == _live.NOT_LIVE and t.claim(5) == _live.NOT_LIVE
    t.add(5)  # made again at the same value
    e = t.enter(5)
    assert isinstance(e, _live.Entry)
    e.leave()


def test_a_call_waiting_on_a_handle_destroyed_and_made_again_is_refused():
    """A call that waited for the old handle must not run on the new one at the same value."""
    t = _live.Live("thing")
    t.add(7)
    old = t.enter(7)  # a call in flight
    got = []
    waiter = threading.Thread(target=lambda: got.append(t.enter(7)))
    waiter.start()
    time.sleep(0.05)  # the waiter is blocked on the old entry
    claimer = threading.Thread(target=lambda: got.append(("claim", t.claim(7))))
    claimer.start()
    while 7 in t:
        time.sleep(0.001)
    t.add(7)  # the library gave the value out again (impossible before the destroy; here the table alone)
    old.leave()
    waiter.join()
    claimer.join()
    assert ("claim", None) in got and _live.NOT_LIVE in got
    assert isinstance(t.enter(7), _live.Entry)


def test_same_thread_tables_refuse_other_threads():
    t = _live.Live("thing", same_thread=True)
    t.add(9)
    got = []
    th = threading.Thread(target=lambda: got.extend([t.enter(9), t.claim(9)]))
    th.start()
    th.join()
    assert got == [_live.OTHER_THREAD, _live.OTHER_THREAD] and 9 in t


def test_nvjitlink_destroy_from_inside_a_call_on_the_same_handle_is_refused():
    r = run_python("import os\n"
                   "from cudacffi import nvjitlink\n"
                   "h = nvjitlink.create(1, ['-arch=sm_90'])\n"
                   "class Name(os.PathLike):\n"
                   "    def __fspath__(self):\n"
                   "        try:\n"
                   "            nvjitlink.destroy(h)\n"
                   "        except ValueError as e:\n"
                   "            print('refused:', 'in use by a call of this thread' in str(e))\n"
                   "        return 'x.ptx'\n"
                   "ptx = b'.version 7.8\\n.target sm_90\\n.address_size 64\\n'\n"
                   "nvjitlink.add_data(h, nvjitlink.InputType.PTX, ptx, len(ptx), Name())\n"
                   "nvjitlink.destroy(h)\n"
                   "print('done')\n")
    assert r.returncode == 0 and r.stdout.split() == ["refused:", "True", "done"], r.stdout + r.stderr
