"""The differential harness: one scenario, run under cuda.core and under cudacffi.core, results compared.

A scenario is a function of one argument, the package under test (``cuda.core`` or ``cudacffi.core``), that
returns something JSON can hold (numbers, strings, lists, dicts, None). Its outcome is what it returned, or the
exception it raised: the exception's class name and message. Outcomes are normalized before they are compared:
hex addresses become ``0x?``, the package's name becomes ``CORE``, so ``<Stream handle=0x7f... context=0x5...>``
compares equal across the two packages.

Scenarios live in ``tests/diffscen_*.py`` modules, registered with ``@scenario``::

    @scenario(gpu=True)
    def stream_repr(core):
        return repr(core.Device(0).create_stream())

    @scenario(differs="ours names the parameter; cuda.core's message is empty")
    def ...

``differs`` marks a difference we keep on purpose, with the reason; the test then checks only that both raise
the same exception type (or that both succeed) and reports the difference. An exception of a subclass of the one
cuda.core raises counts as the same type (cudacffi.core's TypeError that is an AttributeError too, where cuda.core
raises AttributeError, is caught by what catches cuda.core's). ``extends`` marks what cudacffi.core
takes beyond cuda.core (numpy integers for a grid, say): cuda.core raises, cudacffi.core must succeed; ``refuses``
what cudacffi.core refuses on purpose (a float size cuda.core truncates): cuda.core succeeds, cudacffi.core raises.
``needs`` names third-party modules (``needs=("cupy",)``): the scenario is skipped where cudacffi.core's
interpreter lacks one. ``gpu=False`` scenarios need no GPU
(cuda.core imports and runs them on a CPU machine too).

cuda.core is the anchor. It runs in a child process of its own, by default this interpreter where it imports
cuda.core, else ``CUDACFFI_ANCHOR_PYTHON``, else ``python3`` on the PATH where that one imports it (so that on
PyPy, which cuda.core does not support, the anchor is a CPython beside it). The child runs every scenario once
and answers with a JSON dict name -> outcome::

    python tests/diffharness.py cuda.core gpu|cpu outcomes.jsonl done.json
"""

import functools
import gc
import glob
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))

SCENARIOS = {}  # name -> Scenario, in registration order


class Scenario:
    __slots__ = ("name", "fn", "gpu", "differs", "extends", "refuses", "needs", "module")

    def __init__(self, name, fn, gpu, differs, extends, refuses, needs, module):
        self.name, self.fn, self.gpu, self.differs, self.extends = name, fn, gpu, differs, extends
        self.refuses, self.needs, self.module = refuses, tuple(needs), module

    def missing(self):
        """What this scenario needs that this interpreter lacks: a module (``"cupy"``: CuPy on PyPy, say), or a
        module at a version (``"numpy>=2.1"``: PyPy 3.9's numpy is 2.0)."""
        import importlib.util

        lacking = []
        for need in self.needs:
            name, _, least = need.partition(">=")
            if importlib.util.find_spec(name) is None:
                lacking.append(need)
            elif least:
                have = getattr(importlib.import_module(name), "__version__", "0")
                if tuple(int(p) for p in re.findall(r"\d+", have)[:2]) < tuple(int(p) for p in least.split(".")):
                    lacking.append("%s (%s here)" % (need, have))
        return lacking


def scenario(fn=None, *, gpu=True, differs=None, extends=None, refuses=None, needs=(), name=None):
    """Register a scenario (a function of the package under test). See the module's docstring."""

    def register(f):
        key = "%s.%s" % (f.__module__.replace("diffscen_", ""), name or f.__name__)
        if key in SCENARIOS:
            raise ValueError("scenario %s registered twice" % key)
        SCENARIOS[key] = Scenario(key, f, gpu, differs, extends, refuses, needs, f.__module__)
        return f

    return register(fn) if fn is not None else register


def load_scenarios():
    """Import every tests/diffscen_*.py; the registry afterwards holds all of their scenarios."""
    if HERE not in sys.path:
        sys.path.insert(0, HERE)
    for path in sorted(glob.glob(os.path.join(HERE, "diffscen_*.py"))):
        importlib.import_module(os.path.basename(path)[:-3])
    return SCENARIOS


def submodule(core, name):
    """``core.<name>`` imported (``submodule(core, "utils")`` is cuda.core.utils or cudacffi.core.utils)."""
    return importlib.import_module(core.__name__ + "." + name)


def driver_of(core):
    """The driver bindings each package stands on: cuda.bindings.driver under cuda.core, cudacffi.driver under
    cudacffi.core (their calls and results are alike)."""
    if core.__name__.startswith("cudacffi"):
        return importlib.import_module("cudacffi.driver")
    return importlib.import_module("cuda.bindings.driver")


_HEX = re.compile(r"0x[0-9a-fA-F]+")
_PKG = re.compile(r"\bcudacffi\.core\b|\bcuda\.core(\.cu1[0-9])?\b")  # cuda.core 1.2.2 lives in cuda.core.cu13


_ARG_TYPE = re.compile(r"\(expected (?:[\w.]+\.)?(\w+), got ")  # Cython's argument check names the class's module


def normalize(value):
    """A JSON-ready value with addresses and the package's name made neutral (see the module's docstring), and
    the class an argument check expected named without its module (a private module's name is no contract)."""
    if isinstance(value, str):
        return _ARG_TYPE.sub(r"(expected \1, got ", _PKG.sub("CORE", _HEX.sub("0x?", value)))
    if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [normalize(v) for v in value]
    if isinstance(value, dict):
        return {str(k): normalize(v) for k, v in value.items()}
    if isinstance(value, bytes):
        return "bytes:" + value.hex()
    return normalize("%s:%r" % (type(value).__name__, value))


def outcome(sc, core):
    """{"ok": value} or {"raised": class name, "message": str, "bases": the names of its classes}, normalized."""
    try:
        value = sc.fn(core)
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        result = {"raised": type(e).__name__, "message": normalize(str(e)),
                  "bases": [c.__name__ for c in type(e).__mro__],
                  "where": normalize(traceback.format_exc(limit=-3)[-600:])}
    else:
        try:
            result = {"ok": normalize(value)}
        except Exception as e:  # noqa: BLE001
            result = {"raised": "Unnormalizable", "message": "%s: %s" % (type(e).__name__, e)}
    # what the scenario left behind is finalized now, as CPython's reference counting does, not at PyPy's next
    # collection: a builder left capturing by a failed scenario must not make the next one fail
    gc.collect()
    return result


def same(ours, theirs):
    """Whether two outcomes agree: the same value, or the same exception type and message."""
    a = {k: v for k, v in ours.items() if k not in ("where", "bases")}
    b = {k: v for k, v in theirs.items() if k not in ("where", "bases")}
    return a == b


def same_kind(ours, theirs):
    """Whether both succeeded, or both raised the same exception type (ours may be a subclass of theirs)."""
    if ("ok" in ours) != ("ok" in theirs):
        return False
    return ours.get("raised") == theirs.get("raised") or theirs.get("raised") in ours.get("bases", ())


def _anchor_env():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # the anchor's own site-packages, not those of a PyPy beside it
    return env


def _imports_cuda_core(python):
    try:
        r = subprocess.run([python, "-c", "import cuda.core, cuda.bindings.driver"], capture_output=True, timeout=120,
                           env=_anchor_env())
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0


@functools.lru_cache(maxsize=None)
def anchor_python():
    """An interpreter that imports cuda.core, or None: ``CUDACFFI_ANCHOR_PYTHON``, else this one (CPython), else
    ``python3``; none where ``CUDACFFI_ANCHOR_PYTHON=none``."""
    chosen = os.environ.get("CUDACFFI_ANCHOR_PYTHON")
    if chosen == "none":  # nox's version matrix: cuda.core would run on other library versions than ours
        return None
    candidates = [chosen, "python3"]
    if sys.implementation.name == "cpython":
        candidates.insert(1, sys.executable)
    for py in candidates:
        if py and _imports_cuda_core(py):
            return py
    return None


@functools.lru_cache(maxsize=None)
def anchor_outcomes(kind):
    """cuda.core's outcomes of every scenario of ``kind`` ("gpu" or "cpu"), from a child process. A scenario that
    kills the child (cuda.core crashes on some misuse) is recorded as ``{"raised": "Crashed"}`` and the child is
    started again after it."""
    py = anchor_python()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        out, done = os.path.join(tmp, "outcomes.jsonl"), os.path.join(tmp, "done.json")
        while True:
            with open(done, "w") as f:
                json.dump(sorted(results), f)
            r = subprocess.run([py, os.path.abspath(__file__), "cuda.core", kind, out, done], capture_output=True,
                               text=True, timeout=900, env=_anchor_env(), cwd=HERE)
            started = None
            with open(out) as f:
                for line in f:
                    record = json.loads(line)
                    if "outcome" in record:
                        results[record["name"]] = record["outcome"]
                        started = None
                    else:
                        started = record["start"]
            if r.returncode == 0:
                return results
            if started is None:
                raise RuntimeError("the cuda.core anchor failed (%s):\n%s" % (r.returncode, r.stderr[-4000:]))
            results[started] = {"raised": "Crashed", "message": "the process died (%s)" % r.returncode}


def _run_child(package, kind, out, done):
    """The child's side of anchor_outcomes: each scenario not yet done, one JSON line when it starts and one with
    its outcome, flushed, so that a crash names the scenario that caused it."""
    core = importlib.import_module(package)
    with open(done) as f:
        skip = set(json.load(f))
    with open(out, "w") as f:
        for sc in load_scenarios().values():
            if sc.gpu != (kind == "gpu") or sc.name in skip:
                continue
            f.write(json.dumps({"start": sc.name}) + "\n")
            f.flush()
            f.write(json.dumps({"name": sc.name, "outcome": outcome(sc, core)}) + "\n")
            f.flush()


def run_all(package, kind):
    """Every scenario of ``kind`` under ``package``: {name: outcome}."""
    core = importlib.import_module(package)
    return {sc.name: outcome(sc, core) for sc in load_scenarios().values() if sc.gpu == (kind == "gpu")}


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    import diffharness  # the registry the scenario modules fill is that module's, not __main__'s

    diffharness._run_child(*sys.argv[1:5])
