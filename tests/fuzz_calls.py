"""The fuzzer behind tests/test_fuzz.py: calls every public function of one family with bad arguments.

Run as a child process (a crash must not take the test run with it):

    python tests/fuzz_calls.py FAMILY SEED CALLS LOGFILE

Each call is numbered; its number is written to LOGFILE before the call (so a crash leaves the number of
the call that crashed) and its arguments are made from ``random.Random(SEED, number)`` alone, so
``describe(FAMILY, SEED, number)`` rebuilds them for the report. The last line of stdout is a JSON summary:
calls made, exceptions by type, and the calls whose exception was of another type or did not name the
function and a parameter.

Arguments: each function first gets a baseline (0, None, [] or a small buffer per parameter, whichever the
function takes without naming that parameter), then each call replaces one or two parameters with a bad
value: wrong types, None, negative and huge ints, floats, strings, zero-length, too-short, non-contiguous,
read-only and object-dtype numpy arrays, cffi objects of another FFI, handles of the wrong class, live and
destroyed handles. Non-zero in-range ints are not given for addresses to the real libraries (an int address
is the caller's promise, as in cuda.bindings); the driver runs against a stand-in that touches nothing.
"""

import json
import os
import random
import re
import sys

import numpy as np

import cffi

ALLOWED = (TypeError, ValueError, OverflowError)
_other_ffi = cffi.FFI()


def family_module(family):
    import importlib

    return importlib.import_module("cudacffi." + family)


def targets(family):
    """(name, function, parameter names, address parameter names) of every public function of the family."""
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
        out.append((name, f, params, addresses))
    return out


class Live:
    """Live and destroyed handles of the family's own kinds (the libraries crash on destroyed ones)."""

    def __init__(self, family):
        self.family = family
        self.live = []
        self.dead = []
        self.renew()

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


def _readonly():
    a = np.arange(16, dtype=np.uint8)
    a.flags.writeable = False
    return a


def bad_values(promise_ok, live):
    """Makers of bad (or odd) values; each call makes fresh objects, so writes reach no shared object."""
    from cudacffi import driver

    makers = [
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
    ]
    if promise_ok:
        makers += [lambda: 2**63, lambda: 2**64 - 1, lambda: 0x1000]
    for h in live.live + live.dead:
        makers.append(lambda h=h: h)
    return makers


BASELINES = (lambda: 0, lambda: None, lambda: [], lambda: bytearray(64), lambda: b"x")


def names_parameter(msg, func, params):
    if func not in msg:
        return False
    return any(re.search(r"\b%s\b" % re.escape(p), msg) for p in params)


class Fuzzer:
    def __init__(self, family, seed, log):
        self.family, self.seed, self.log = family, seed, log
        self.promise_ok = family == "driver"
        self.live = Live(family)
        self.targets = targets(family)
        self.makers = bad_values(self.promise_ok, self.live)
        self.baselines = {}
        self.calls = 0
        self.exc_types = {}
        self.bad = []

    def call(self, number, name, f, args, params):
        os.write(self.log, b"%d\n" % number)
        self.calls += 1
        try:
            f(*args)
        except ALLOWED as e:
            self.exc_types[type(e).__name__] = self.exc_types.get(type(e).__name__, 0) + 1
            if not names_parameter(str(e), name, params):
                self.report(number, name, args, e, "message names no parameter")
            return e
        except Exception as e:
            kind = type(e).__name__
            self.exc_types[kind] = self.exc_types.get(kind, 0) + 1
            if kind not in ("nvJitLinkError", "nvvmError", "nvFatbinError"):  # a library status, raised as such
                self.report(number, name, args, e, "unexpected exception type")
            return e
        finally:
            if "estroy" in name and self.live.live:
                self.live.renew()
        return None

    def report(self, number, name, args, e, why):
        if len(self.bad) < 200:
            self.bad.append({"call": number, "function": name, "args": describe_args(args), "why": why,
                             "error": "%s: %s" % (type(e).__name__, e)})

    def baseline(self, index, name, f, params):
        """Values for every parameter that the function accepts (it names none of them)."""
        if name in self.baselines:
            return self.baselines[name]
        choice = [0] * len(params)
        for _ in range(3 * len(params) + 1):
            args = [BASELINES[c]() for c in choice]
            e = self.call(-1 - index, name, f, args, params)
            if not isinstance(e, ALLOWED):
                break
            msg = str(e)
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
        rng = random.Random("%s/%d/%d" % (self.family, self.seed, number))
        index = number % len(self.targets)
        name, f, params, addresses = self.targets[index]
        choice = self.baselines.get(name) or [0] * len(params)
        args = [BASELINES[c]() for c in choice]
        if params:
            for _ in range(1 if rng.random() < 0.7 else 2):
                i = rng.randrange(len(params))
                v = self.makers[rng.randrange(len(self.makers))]()
                if (not self.promise_ok and params[i] in addresses and isinstance(v, int)
                        and not isinstance(v, bool) and 0 < v < 2**64):
                    v = 0
                args[i] = v
        return index, name, f, params, args

    def run(self, start, count, base_file=None):
        for index, (name, f, params, _) in enumerate(self.targets):
            self.baseline(index, name, f, params)
        if base_file:
            with open(base_file, "w") as fh:
                json.dump(self.baselines, fh)
        for number in range(start, start + count):
            index, name, f, params, args = self.args_for(number)
            self.call(number, name, f, args, params)


def describe_args(args):
    out = []
    for a in args:
        if isinstance(a, np.ndarray):
            out.append("numpy.ndarray(shape=%s, dtype=%s, strides=%s, writeable=%s)"
                       % (a.shape, a.dtype, a.strides, a.flags.writeable))
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
        name, f, params, _ = fz.targets[-1 - number]
        return "%s(baseline search)" % name
    _, name, _, _, args = fz.args_for(number)
    return "%s(%s)" % (name, ", ".join(describe_args(args)))


def main():
    family, seed, count, logfile = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    start = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    log = os.open(logfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    random.seed(seed)
    fz = Fuzzer(family, seed, log)
    fz.run(start, count, logfile + ".base")
    print(json.dumps({"family": family, "calls": fz.calls, "functions": len(fz.targets),
                      "exceptions": fz.exc_types, "bad": fz.bad}))


if __name__ == "__main__":
    main()
