"""The fuzzer behind tests/test_fuzz.py: calls every public function of one family with bad arguments.

Run as a child process (a crash must not take the test run with it):

    python tests/fuzz_calls.py FAMILY SEED CALLS LOGFILE [START]

Each call is numbered; its number is written to LOGFILE before the call (so a crash leaves the number of
the call that crashed) and its arguments are made from ``random.Random(SEED, number)`` alone, so
``describe(FAMILY, SEED, number)`` rebuilds them for the report. A full collection is made every
COLLECT_EVERY calls and at the end, logged as ``gc N`` (a crash there is the garbage of the calls before N).
The last line of stdout is a JSON summary: calls made, exceptions by type, the calls whose exception was of
another type or did not name the function and a parameter (``bad``), the calls after which bytes around a
caller's buffer had changed (``overruns``), and counts of what the rounds below did.

Exceptions held in cycles (CPython, unless CUDACFFI_FUZZ_CYCLES=0): a call that raised is left as callers
often leave one, the exception in a local of a frame on its own traceback (a reference cycle through the
call's frames), and collected at once, so a crash of the collector freeing what those frames held is the
call's.

Families: the driver, NVML and cuFile run against a stand-in library (tests/fuzz_stub.py, named by
CUDACFFI_LIBDRIVER / CUDACFFI_LIBNVML / CUDACFFI_LIBCUFILE; the fuzzer refuses to run them on any other
library); the runtime, NVRTC, nvJitLink, NVVM and nvFatbin on the real libraries of the wheels.

Rounds. Most calls are *bad-value rounds*: each function first gets a baseline (0, None, [] or a small buffer
per parameter, whichever the function takes without naming that parameter), then one or two parameters are
replaced by a bad value: wrong types, None, negative and huge ints, floats, strings, zero-length, too-short,
non-contiguous, read-only and object-dtype numpy arrays, cffi objects of another FFI, handles of the wrong
class, live and destroyed handles, ints that have ``__index__`` only, and "meddlers" (ints whose ``__index__``
first makes another call of the family, see below). Non-zero in-range ints are not given for addresses to the
real libraries (an int address is the caller's promise, as in cuda.bindings); the stand-ins touch no memory
but the fuzzer's own.

A function that takes a caller's buffer, an in/out value or a size also gets *output rounds*: every buffer
parameter is given a buffer of 0, 1, a few or a few thousand bytes (the library often writes more: a short
buffer), every in/out and size parameter a small positive int, the family's handle parameter a *ready*
handle (an NVRTC program compiled, an nvJitLink link completed, ... so the library has something to write),
and a stand-in answers success. Buffers are canaries: a memoryview, numpy array or cffi array over the middle
of a larger bytearray whose other bytes hold a known pattern (plus ``memoryview(bytearray(64))[:0]`` and
``[:1]``, whose whole rest is canary, an empty ``array.array('b')`` and ``bytearray(1)``); after the call
the pattern must be intact (else an overrun is recorded). The stand-ins model the few functions whose C
contract says how much of a caller's buffer they read or write (``cuMemcpyDtoH`` writes ``ByteCount`` bytes,
``cuFileRead`` ``size`` ...), inside the canaries only; a read past the slice it was given is an overrun too.

In/out values across calls: the wrappers keep per-thread scratch slots for outputs, and in/out parameters
(``cuGraphGetNodes``' ``numNodes``) leave the caller's value in a slot. Output rounds give them odd values
(5, 0x10 ...) with success answered, and a meddler runs such a call *inside* another call's argument
conversion, after that call set up its own slots, before its library call and read-back.
"""

import array
import ctypes
import gc
import json
import os
import random
import re
import sys

import numpy as np

import cffi

ALLOWED = (TypeError, ValueError, OverflowError)
FAMILIES = ("driver", "runtime", "nvrtc", "nvjitlink", "nvvm", "nvfatbin", "nvml", "cufile")
STANDIN_ENV = {"driver": "CUDACFFI_LIBDRIVER", "nvml": "CUDACFFI_LIBNVML", "cufile": "CUDACFFI_LIBCUFILE"}
# the family's own status error (a library status, raised as such: exception-style families)
STATUS_ERRORS = {"nvjitlink": "nvJitLinkError", "nvvm": "nvvmError", "nvfatbin": "nvFatbinError",
                 "nvml": "NvmlError", "cufile": "cuFileError"}
# (status, detail) a stand-in answers besides success: driver CUresults, NVML returns (7: INSUFFICIENT_SIZE,
# which makes the sized calls ask again), cuFile OpErrors (5011 with a CUresult)
STANDIN_ERRORS = {"driver": ((3, 0), (1, 0), (2, 0), (100, 0), (999, 0)),
                  "nvml": ((1, 0), (2, 0), (3, 0), (7, 0), (999, 0)),
                  "cufile": ((5001, 0), (5011, 1), (5011, 999), (5030, 0), (22, 0))}
HANDLE_PARAMS = {"nvrtc": ("prog",), "nvjitlink": ("handle",), "nvvm": ("prog",), "nvfatbin": ("handle",)}
# functions given a ready handle: those that only read it back (a compile or link again would cost a second)
GETTER = re.compile(r"(?i)get|^size$")
SIZE_NAME = re.compile(r"(?i)(size|count|num|len|bytes|^nr$|^n$|^min_nr$)")
_other_ffi = cffi.FFI()
_addr_ffi = cffi.FFI()
# CPython: after a call that raised, its frames are left in a reference cycle with the exception (as a caller
# that keeps the exception leaves them) and collected at once; CUDACFFI_FUZZ_CYCLES=0 turns that off
CYCLES = sys.implementation.name == "cpython" and os.environ.get("CUDACFFI_FUZZ_CYCLES", "1") != "0"


def family_module(family):
    import importlib

    return importlib.import_module("cudacffi." + family)


def targets(family):
    """(name, function, parameter names, address parameter names, in/out parameter names) of every public
    function of the family."""
    mod = family_module(family)
    out = []
    for name in sorted(dir(mod)):
        f = getattr(mod, name)
        if name.startswith("_") or not callable(f) or isinstance(f, type) or not hasattr(f, "__code__"):
            continue
        if not (getattr(f, "__module__", "") or "").startswith("cudacffi"):
            continue
        inner = getattr(f, "__wrapped__", f)
        code = inner.__code__
        params = code.co_varnames[:code.co_argcount]
        try:
            import inspect

            src = inspect.getsource(inner)
        except (OSError, TypeError):
            src = ""
        src = re.sub(r"\(\s+", "(", re.sub(r",\s*\n\s*", ", ", src))  # a call broken over lines, as on one
        addresses = set(re.findall(r"(?:_address|output_buffer|input_buffer|strings)\(_ffi, (\w+),", src))
        inout = set()
        for m in re.finditer(r"_o_\w+\[0\] = (.+)", src):  # a scratch slot set from a parameter: in/out
            inout.update(p for p in params if re.search(r"\b%s\b" % re.escape(p), m.group(1)))
        out.append((name, f, params, addresses, inout))
    return out


def _invoke(f, args):
    """``f(*args)``: None, or the exception it raised (without its traceback: no frame of the call is kept)."""
    try:
        f(*args)
    except Exception as e:
        e.__traceback__ = None
        return e
    return None


def _invoke_holding(f, args):
    """``f(*args)``: None, or the exception it raised, held as callers often hold one: in a local of a frame on
    its own traceback, a reference cycle through every frame of the call, which only the collector frees
    (``Fuzzer.call`` collects at once, so a crash in that collection is the call's)."""
    try:
        f(*args)
    except Exception as e:
        held = e
        return held
    return None


# calls between full collections (a crash in one is logged as "gc N"); 1 finds which call left the garbage.
# (PyPy's full collection costs far more: fewer there.)
COLLECT_EVERY = int(os.environ.get("CUDACFFI_FUZZ_COLLECT_EVERY",
                                   "500" if sys.implementation.name == "cpython" else "5000"))


class Live:
    """Handles of the family's own kinds: live and destroyed ones (the libraries crash on destroyed ones),
    and ready ones, which have output to give (a compiled program, a completed link) and are never destroyed."""

    def __init__(self, family):
        self.family = family
        self.live = []
        self.dead = []
        self.ready = []
        self.renew()
        self.make_ready()

    def renew(self):
        f, mod = self.family, family_module(self.family)
        try:
            if f == "nvrtc":
                src = b'extern "C" __global__ void k(int *p) { p[0] = 1; }'
                made = [mod.nvrtcCreateProgram(src, b"k.cu", 0, [], [])[1] for _ in range(2)]
                mod.nvrtcDestroyProgram(made[1])
            elif f == "nvjitlink":
                made = [mod.create(1, ["-arch=sm_90"]) for _ in range(2)]
                mod.destroy(made[1])
            elif f == "nvvm":
                made = [mod.create_program() for _ in range(2)]
                mod.destroy_program(made[1])
            elif f == "nvfatbin":
                made = [mod.create([], 0) for _ in range(2)]
                mod.destroy(made[1])
            else:
                return
        except Exception:  # a library that cannot be loaded: no live handles
            return
        self.live, self.dead = [made[0]], [made[1]]

    def make_ready(self):
        try:
            self.ready = [h for h in self._ready() if h is not None]
        except Exception:  # a library that cannot be loaded, or cannot compile here: no ready handles
            self.ready = []

    def _ready(self):
        f, mod = self.family, family_module(self.family)
        if f not in HANDLE_PARAMS:
            return []
        ptx = _ptx()
        if f == "nvrtc":
            src = b'extern "C" __global__ void k(int *p) { p[0] = 1; }\n__global__ void bad() { undefined_x(); }'
            done = mod.nvrtcCreateProgram(src[:src.index(b"\n")], b"k.cu", 0, [], [])[1]
            mod.nvrtcAddNameExpression(done, b"k")
            mod.nvrtcCompileProgram(done, 1, [b"-arch=sm_80"])
            failed = mod.nvrtcCreateProgram(src, b"bad.cu", 0, [], [])[1]  # a compile log of some length
            mod.nvrtcCompileProgram(failed, 0, [])
            return [done, failed]
        if f == "nvjitlink":
            h = mod.create(1, ["-arch=sm_80"])
            mod.add_data(h, mod.InputType.PTX, ptx, len(ptx), "k.ptx")
            mod.complete(h)
            return [h]
        if f == "nvvm":
            out = []
            for ir in (NVVM_IR, b"this is no NVVM IR"):
                p = mod.create_program()
                try:
                    mod.add_module_to_program(p, ir, len(ir), "m")
                    mod.compile_program(p, 0, [])
                except Exception:
                    pass  # the log says why
                out.append(p)
            return out
        if f == "nvfatbin":
            h = mod.create([], 0)
            mod.add_ptx(h, ptx, len(ptx), "80", "k", None)
            return [h]
        return []


NVVM_IR = (b'target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-'
           b'v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"\n') + b"""target triple = "nvptx64-nvidia-cuda"
define void @k(i32* %p) {
  store i32 1, i32* %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{void (i32*)* @k, !"kernel", i32 1}
!nvvmir.version = !{!1}
!1 = !{i32 2, i32 0}
"""

_PTX = []


def _ptx():
    """PTX of a one-line kernel, from NVRTC (once)."""
    if not _PTX:
        from cudacffi import nvrtc

        src = b'extern "C" __global__ void k(int *p) { p[0] = 1; }'
        prog = nvrtc.nvrtcCreateProgram(src, b"k.cu", 0, [], [])[1]
        nvrtc.nvrtcCompileProgram(prog, 1, [b"-arch=sm_80"])
        n = nvrtc.nvrtcGetPTXSize(prog)[1]
        buf = bytearray(n)
        nvrtc.nvrtcGetPTX(prog, buf)
        nvrtc.nvrtcDestroyProgram(prog)
        _PTX.append(bytes(buf))
    return _PTX[0]


# -- canary buffers ---------------------------------------------------------------------------------------------

PRE, POST = 64, 4096
PATTERN = bytes((i * 73 + 41) & 0xFF for i in range(PRE + POST + 16384))
BUFFER_SIZES = (0, 1, 2, 3, 4, 7, 8, 12, 15, 16, 23, 24, 31, 32, 55, 56, 63, 64, 100, 127, 255, 256, 511, 1000,
                1023, 2047, 4096, 8192, 16384)
FORMS = ("memoryview", "numpy", "cffi", "memoryview-int32", "numpy-uint64")


class Canary:
    """A buffer of ``n`` bytes at ``pre`` in a bytearray of known pattern; ``changed()`` says where the bytes
    outside it differ from the pattern after a call."""

    __slots__ = ("big", "pre", "n", "value", "text")

    def __init__(self, n, form, pre=PRE, post=POST):
        self.big = bytearray(PATTERN[:pre + n + post])
        self.pre, self.n = pre, n
        if form == "numpy":
            self.value = np.frombuffer(self.big, dtype=np.uint8)[pre:pre + n]
        elif form == "numpy-uint64" and n % 8 == 0:
            self.value = np.frombuffer(self.big, dtype=np.uint8)[pre:pre + n].view(np.uint64)
        elif form == "cffi":
            self.value = _other_ffi.from_buffer(memoryview(self.big)[pre:pre + n], require_writable=True)
        elif form == "memoryview-int32" and n % 4 == 0:
            self.value = memoryview(self.big)[pre:pre + n].cast("i")
        else:
            form = "memoryview"
            self.value = memoryview(self.big)[pre:pre + n]
        self.text = "canary(%s of %d bytes at %d in bytearray(%d))" % (form, n, pre, len(self.big))

    def address(self):
        return int(_addr_ffi.cast("uintptr_t", _addr_ffi.from_buffer(self.big)))

    def changed(self):
        """(bytes changed before the buffer, after it, offset of the first changed byte after its end), or None."""
        big, pre, end = self.big, self.pre, self.pre + self.n
        before = big[:pre] != PATTERN[:pre]
        after = big[end:] != PATTERN[end:len(big)]
        if not before and not after:
            return None
        nb = sum(1 for i in range(pre) if big[i] != PATTERN[i]) if before else 0
        na, first = 0, None
        if after:
            for i in range(end, len(big)):
                if big[i] != PATTERN[i]:
                    na += 1
                    if first is None:
                        first = i - end
        return nb, na, first


def _readonly():
    a = np.arange(16, dtype=np.uint8)
    a.flags.writeable = False
    return a


class IndexOnly:
    """An int-like object of the kind PEP 357 describes: ``__index__`` and nothing else (no ``__int__``)."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value

    def __repr__(self):
        return "IndexOnly(%d)" % self.value


class Meddler:
    """An int-like value whose ``__index__`` (and ``getPtr``) first makes another call of the family (an in/out
    one, with odd values): a conversion of the calling function's argument runs it after that function set up
    its scratch slots and before its library call reads them back."""

    def __init__(self, fz, seed, value):
        self.fz, self.seed, self.value = fz, seed, value

    def _meddle(self):
        if self.fz is not None:
            self.fz.nested(self.seed)
        return self.value

    def __index__(self):
        return self._meddle()

    def getPtr(self):
        return self._meddle()

    def __repr__(self):
        return "%s(seed=%d, value=%d)" % (type(self).__name__, self.seed, self.value)


class IntMeddler(Meddler):
    """A Meddler that ``int()`` also converts (``__int__``)."""

    def __int__(self):
        return self._meddle()


def meddler(fz, rng, values):
    cls = IntMeddler if rng.random() < 0.5 else Meddler
    return cls(fz, rng.randrange(1 << 30), rng.choice(values))


def bad_values(promise_ok, live):
    """Makers of bad (or odd) values, each ``maker(fz, rng)``; each call makes fresh objects, so writes reach no
    shared object."""
    from cudacffi import driver

    plain = [
        lambda: None, lambda: -1, lambda: -2**63 - 1, lambda: 2**64, lambda: 2**64 + 5, lambda: -2**31 - 1,
        lambda: 1.5, lambda: 2.0, lambda: float("nan"), lambda: float("inf"), lambda: -0.5, lambda: 1j,
        lambda: "s", lambda: "", lambda: b"", lambda: b"x", lambda: b"xyz",
        lambda: bytearray(0), lambda: bytearray(3), lambda: memoryview(b"abcd"),
        lambda: np.zeros(0, dtype=np.uint8), lambda: np.arange(10)[::2], _readonly,
        lambda: np.empty(3, dtype=object), lambda: np.zeros((2, 2), dtype=[("O", "i4"), ("b", "f8")]),
        lambda: np.int64(5), lambda: np.uint64(2**64 - 1), lambda: np.float32(1.5), lambda: np.array(7),
        lambda: np.array([1, 2]), lambda: np.array(1.5),
        lambda: [], lambda: [None], lambda: [1, "x"], lambda: [2**64], lambda: (1, 2), lambda: {}, lambda: {1: 2},
        lambda: object(), lambda: True, lambda: False, lambda: Ellipsis,
        lambda: driver.CUstream(0x1000), lambda: driver.CUdeviceptr(0), lambda: driver.CUcontext(),
        lambda: driver.CUDA_MEMCPY2D(), lambda: driver.CUdevice_attribute(1),
        lambda: _other_ffi.new("char[4]"), lambda: _other_ffi.NULL, lambda: _other_ffi.new("int *"),
        lambda: ((1, 2.0), ("int", "float")), lambda: ((1,), (None,)),
        lambda: array.array("b"), lambda: memoryview(bytearray(64))[:0], lambda: memoryview(bytearray(64))[:1],
        lambda: bytearray(1), lambda: IndexOnly(0), lambda: IndexOnly(5),
    ]
    if promise_ok:
        plain += [lambda: 2**63, lambda: 2**64 - 1, lambda: 0x1000]
    for h in live.live + live.dead:
        plain.append(lambda h=h: h)
    makers = [lambda fz, rng, m=m: m() for m in plain]
    makers += [buffer_maker] * 4
    makers.append(lambda fz, rng: meddler(fz, rng, (0, 1, 5)))
    return makers


def buffer_maker(fz, rng):
    """A buffer for a parameter the library reads or writes: mostly a canary of some size."""
    k = rng.random()
    if k < 0.06:
        return array.array("b")
    if k < 0.12:
        c = Canary(rng.choice((0, 1)), "memoryview", pre=0, post=63)  # memoryview(bytearray(64))[:0] / [:1]
        c.text = "memoryview(bytearray(64))[:%d]" % c.n
        fz.canaries.append(c)
        return c.value
    if k < 0.16:
        return bytearray(1)
    c = Canary(rng.choice(BUFFER_SIZES), rng.choice(FORMS))
    fz.canaries.append(c)
    return c.value


BASELINES = (lambda: 0, lambda: None, lambda: [], lambda: bytearray(64), lambda: b"x")
SMALL_INTS = (0, 1, 2, 3, 5, 7, 8, 16, 64, 100, 1000, 4096)
ODD_INOUT = (1, 3, 5, 7, 0x10, 0x41)


def names_parameter(msg, func, params):
    if func not in msg:
        return False
    return any(re.search(r"\b%s\b" % re.escape(p), msg) for p in params)


class StandIn:
    """The fuzzer's hold on a stand-in library: the status it answers, the arenas it may touch."""

    def __init__(self, family):
        self.lib = None
        self.status = None
        self.armed = False
        env = STANDIN_ENV.get(family)
        if env is None:
            return
        path = os.environ.get(env, "")
        try:
            lib = ctypes.CDLL(path) if path else None
        except OSError:
            lib = None
        if lib is None or not hasattr(lib, "fuzz_set_status"):
            sys.exit("fuzz_calls: %s must name a stand-in made by tests/fuzz_stub.py %s (never the real library)"
                     % (env, family))
        lib.fuzz_set_status.argtypes = (ctypes.c_int, ctypes.c_int)
        lib.fuzz_add_arena.argtypes = (ctypes.c_uint64,) * 4
        lib.fuzz_overreads.restype = ctypes.c_long
        lib.fuzz_bytes_written.restype = ctypes.c_long
        self.lib = lib
        self.default = STANDIN_ERRORS[family][0]
        self.set(self.default)

    def set(self, status):
        if self.lib is not None and status != self.status:
            self.lib.fuzz_set_status(*status)
            self.status = status

    def arm(self, canaries):
        if self.lib is None:
            return
        if self.armed:
            self.lib.fuzz_clear_arenas()
            self.armed = False
        for c in canaries:
            lo = c.address()
            self.lib.fuzz_add_arena(lo, len(c.big), lo + c.pre, c.n)
            self.armed = True

    def overreads(self):
        return self.lib.fuzz_overreads() if self.armed else 0

    def written(self):
        return self.lib.fuzz_bytes_written() if self.armed else 0


class Fuzzer:
    def __init__(self, family, seed, log):
        self.family, self.seed, self.log = family, seed, log
        self.standin = StandIn(family)
        # an int address is the caller's promise; the stand-ins touch nothing outside the fuzzer's canaries
        self.promise_ok = family in STANDIN_ENV
        self.live = Live(family)
        self.targets = targets(family)
        self.makers = bad_values(self.promise_ok, self.live)
        mod = family_module(family)
        self.status_error = getattr(mod, STATUS_ERRORS[family]) if family in STATUS_ERRORS else ()
        self.baselines = {}
        self.calls = 0
        self.exc_types = {}
        self.bad = []
        self.bad_count = 0
        self.overruns = []
        self.overrun_count = 0
        self.canaries = []
        self.counts = {"output_rounds": 0, "output_round_returns": 0, "success_answered": 0, "canaries": 0,
                       "nested_calls": 0, "inout_nonzero": 0, "bytes_written_by_standin": 0}
        self.nesting = False
        self.output = False
        self.inout_targets = [t for t in self.targets if t[4] and "estroy" not in t[0]]
        self.nested_targets = self.inout_targets or [t for t in self.targets if GETTER.search(t[0])]

    # -- one call ---------------------------------------------------------------------------------------------

    def call(self, number, name, f, args, params, status=None, output=False):
        os.write(self.log, b"%d\n" % number)
        self.calls += 1
        canaries, self.canaries = [c for c in self.canaries if any(a is c.value for a in args)], []
        if self.standin.lib is not None:
            self.standin.set(status or self.standin.default)
            if status == (0, 0):
                self.counts["success_answered"] += 1
            self.standin.arm(canaries)
        self.counts["canaries"] += len(canaries)
        try:
            holding = CYCLES and number >= 0  # (not in the baseline search: a crash there could not be resumed)
            e = _invoke_holding(f, args) if holding else _invoke(f, args)
            if e is None:
                if output:
                    self.counts["output_round_returns"] += 1
                return None
            outcome = (type(e), str(e))
            kind = type(e).__name__
            self.exc_types[kind] = self.exc_types.get(kind, 0) + 1
            if isinstance(e, ALLOWED):
                if not names_parameter(outcome[1], name, params):
                    self.report(number, name, args, e, "message names no parameter", canaries)
            elif not isinstance(e, self.status_error):  # (a library status, raised as such, is fine)
                self.report(number, name, args, e, "unexpected exception type", canaries)
            del e  # (held only by the cycle now, if CYCLES: the collection below frees it)
            if holding:
                gc.collect(1)
            return outcome
        finally:
            if "estroy" in name and self.live.live:
                self.live.renew()
            if canaries:
                self.check(number, name, args, params, canaries)

    def check(self, number, name, args, params, canaries):
        overreads = self.standin.overreads() if self.standin.lib is not None else 0
        if self.standin.lib is not None:
            self.counts["bytes_written_by_standin"] += self.standin.written()
        found = []
        for c in canaries:
            ch = c.changed()
            if ch is not None:
                which = [p for p, a in zip(params, args) if a is c.value]
                found.append("%s (parameter %s): %d bytes changed before it, %d after it (the first at +%s)"
                             % (c.text, which[0] if which else "?", ch[0], ch[1], ch[2]))
        if overreads:
            found.append("the stand-in read %d range(s) past the buffer it was given" % overreads)
        if found:
            self.overrun_count += 1
            if len(self.overruns) < 200:
                self.overruns.append({"call": number, "function": name,
                                      "args": self.describe_args(args, canaries), "overrun": found})

    def report(self, number, name, args, e, why, canaries=None):
        self.bad_count += 1
        if len(self.bad) < 200:
            self.bad.append({"call": number, "function": name, "args": self.describe_args(args, canaries), "why": why,
                             "error": "%s: %s" % (type(e).__name__, e)})

    def nested(self, seed):
        """A call of an in/out function with odd values, from inside another call (a Meddler's conversion)."""
        if self.nesting or not self.nested_targets:
            return
        rng = random.Random(seed)
        name, f, params, addresses, inout = self.nested_targets[rng.randrange(len(self.nested_targets))]
        args = [BASELINES[c]() for c in (self.baselines.get(name) or [0] * len(params))]
        for i, p in enumerate(params):
            if p in inout:
                args[i] = rng.choice(ODD_INOUT)
            elif p in HANDLE_PARAMS.get(self.family, ()) and self.live.ready and GETTER.search(name):
                args[i] = self.live.ready[rng.randrange(len(self.live.ready))]
        self.nesting = True
        self.counts["nested_calls"] += 1
        try:
            f(*args)
        except Exception:
            pass  # the nested call's own errors are not the outer call's
        finally:
            self.nesting = False

    # -- arguments --------------------------------------------------------------------------------------------

    def baseline(self, index, name, f, params):
        """Values for every parameter that the function accepts (it names none of them)."""
        if name in self.baselines:
            return self.baselines[name]
        choice = [0] * len(params)
        for _ in range(3 * len(params) + 1):
            args = [BASELINES[c]() for c in choice]
            e = self.call(-1 - index, name, f, args, params)
            if e is None or not issubclass(e[0], ALLOWED):
                break
            msg = e[1]
            for i, p in enumerate(params):
                if re.search(r"'%s(\[|')" % re.escape(p), msg) or re.search(r"\.%s\b" % re.escape(p), msg):
                    break
            else:
                break
            if choice[i] + 1 >= len(BASELINES):
                break
            choice[i] += 1
        self.baselines[name] = choice
        return choice

    def args_for(self, number):
        """(index, name, function, parameters, arguments, stand-in status) of call ``number``; the canaries it
        made are in ``self.canaries``."""
        rng = random.Random("%s/%d/%d" % (self.family, self.seed, number))
        index = number % len(self.targets)
        name, f, params, addresses, inout = self.targets[index]
        choice = self.baselines.get(name) or [0] * len(params)
        args = [BASELINES[c]() for c in choice]
        self.canaries = []
        status = None
        handles = HANDLE_PARAMS.get(self.family, ())
        output = self.output = ((addresses or inout or any(p in handles for p in params)
                                 or self.standin.lib is not None) and rng.random() < 0.35)
        if output:  # an output round
            self.counts["output_rounds"] += 1
            for i, p in enumerate(params):
                if p in handles and self.live.ready and GETTER.search(name):
                    args[i] = self.live.ready[rng.randrange(len(self.live.ready))]
                elif p in addresses:
                    # (an int address, to a stand-in: one the caller promises, which it never touches)
                    args[i] = 0x1000 if self.promise_ok and rng.random() < 0.15 else buffer_maker(self, rng)
                elif p in inout:
                    args[i] = meddler(self, rng, ODD_INOUT) if rng.random() < 0.2 else rng.choice(ODD_INOUT)
                    self.counts["inout_nonzero"] += 1
                elif choice[i] == 0 and SIZE_NAME.search(p):
                    args[i] = rng.choice(SMALL_INTS)
            if params and rng.random() < 0.3:  # a meddler anywhere
                i = rng.randrange(len(params))
                if not (params[i] in handles and "estroy" in name):
                    args[i] = meddler(self, rng, (0, 1, 5))
            if self.standin.lib is not None:
                status = (0, 0) if rng.random() < 0.85 else rng.choice(STANDIN_ERRORS[self.family])
        else:
            if params:
                for _ in range(1 if rng.random() < 0.7 else 2):
                    i = rng.randrange(len(params))
                    v = self.makers[rng.randrange(len(self.makers))](self, rng)
                    if (not self.promise_ok and params[i] in addresses and isinstance(v, int)
                            and not isinstance(v, bool) and 0 < v < 2**64):
                        v = 0
                    args[i] = v
            if self.standin.lib is not None and rng.random() < 0.25:
                status = (0, 0) if rng.random() < 0.6 else rng.choice(STANDIN_ERRORS[self.family])
        return index, name, f, params, args, status

    def run(self, start, count, base_file=None):
        for index, (name, f, params, _, _) in enumerate(self.targets):
            self.baseline(index, name, f, params)
        if base_file:
            with open(base_file, "w") as fh:
                json.dump(self.baselines, fh)
        for number in range(start, start + count):
            index, name, f, params, args, status = self.args_for(number)
            self.call(number, name, f, args, params, status, self.output)
            del args
            if number % COLLECT_EVERY == COLLECT_EVERY - 1:
                self.collect(number)
        self.collect(start + count - 1)

    def collect(self, number):
        """A full collection, logged as such: a crash in it is one of the last calls' garbage."""
        os.write(self.log, b"gc %d\n" % number)
        gc.collect()

    def describe_args(self, args, canaries=None):
        return describe_args(args, self.canaries if canaries is None else canaries, self.live.ready)

    def summary(self):
        return {"family": self.family, "seed": self.seed, "calls": self.calls, "functions": len(self.targets),
                "exceptions": self.exc_types, "bad_count": self.bad_count, "bad": self.bad,
                "overrun_count": self.overrun_count, "overruns": self.overruns, "counts": self.counts,
                "ready_handles": len(self.live.ready)}


def describe_args(args, canaries=(), ready=()):
    out = []
    texts = {id(c.value): c.text for c in canaries}
    for a in args:
        if id(a) in texts:
            out.append(texts[id(a)])
        elif any(a is h for h in ready):
            out.append("<ready %s>" % type(a).__name__)
        elif isinstance(a, np.ndarray):
            out.append("numpy.ndarray(shape=%s, dtype=%s, strides=%s, writeable=%s)"
                       % (a.shape, a.dtype, a.strides, a.flags.writeable))
        elif isinstance(a, memoryview):
            out.append("memoryview(nbytes=%d, format=%r)" % (a.nbytes, a.format))
        else:
            text = repr(a)
            out.append(text if len(text) < 80 else text[:77] + "...")
    return out


def describe(family, seed, number, base_file):
    """The call ``number`` of a run, as text (for the report of a crash)."""
    fz = Fuzzer(family, seed, os.open(os.devnull, os.O_WRONLY))
    if os.path.exists(base_file):
        with open(base_file) as fh:
            fz.baselines = json.load(fh)
    if number < 0:
        name = fz.targets[-1 - number][0]
        return "%s(baseline search)" % name
    _, name, _, _, args, status = fz.args_for(number)
    text = "%s(%s)" % (name, ", ".join(fz.describe_args(args)))
    if status is not None:
        text += "  [stand-in answers %s]" % (status,)
    return text


def main():
    family, seed, count, logfile = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    start = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    log = os.open(logfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    random.seed(seed)
    fz = Fuzzer(family, seed, log)
    fz.run(start, count, logfile + ".base")
    print(json.dumps(fz.summary()))


if __name__ == "__main__":
    main()
