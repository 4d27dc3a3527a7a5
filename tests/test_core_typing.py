"""cudacffi.core is typed: every public function, method and property carries annotations for its parameters and
its return, and mypy accepts the examples and a typed program written against the API, and rejects a program that
passes the wrong kind of object.

The first test reads annotations at run time (``__annotations__``), so it runs under PyPy too. The mypy tests
(conftest's ``mypy_run``) skip on PyPy, where mypy does not run, and where it is not importable; CI installs it in
its CPython venv and fails them if it is missing there. mypy follows imports into cudacffi silently (``--follow-imports=silent``): what is checked is code
written against the API, as a user's project sees the installed package, not the package's own bodies.
"""

import collections
import enum
import functools
import importlib
import inspect
import os
import re
import textwrap

import pytest

from conftest import ROOT, SUMMARY

# The public modules of cudacffi.core: the package (its __all__) and the submodules users import.
PUBLIC_MODULES = ("cudacffi.core", "cudacffi.core.graph", "cudacffi.core.utils", "cudacffi.core.texture",
                  "cudacffi.core.system", "cudacffi.core.checkpoint", "cudacffi.core.typing")

CHECKED_DUNDERS = ("__init__", "__call__")


# -- annotations at run time -----------------------------------------------------------------------------------


def public_names(module):
    """A module's public names: its __all__, else every name without a leading underscore."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return names


def from_core(obj):
    """Whether a class or function is cudacffi.core's own (not a binding, enum or helper it re-exports)."""
    return (getattr(obj, "__module__", None) or "").startswith("cudacffi.core")


def is_namedtuple_class(cls):
    return issubclass(cls, tuple) and "_fields" in vars(cls)


def missing_annotations(fn, skip_first):
    """What ``fn`` lacks: the names of its unannotated parameters (besides self/cls, *args and **kwargs), and
    "return" when its return is unannotated."""
    code = fn.__code__
    params = list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    if skip_first and params and params[0] in ("self", "cls", "mcs"):
        params = params[1:]
    annotations = getattr(fn, "__annotations__", {}) or {}
    missing = [p for p in params if p not in annotations]
    if "return" not in annotations:
        missing.append("return")
    return missing


class Walk:
    """Every public function, method and property of cudacffi.core, each checked once."""

    def __init__(self):
        self.seen = set()
        self.checked = collections.Counter()  # kind -> how many
        self.missing = []  # "where: what"
        self.unreadable = []  # public callables whose annotations cannot be read here (compiled, or not core's)

    def function(self, where, fn, kind, skip_first=False, only_return=False):
        fn = inspect.unwrap(fn)
        if id(fn) in self.seen:
            return
        self.seen.add(id(fn))
        if not inspect.isfunction(fn):  # a compiled callable or a callable object: no __annotations__ to read
            self.unreadable.append("%s (%s)" % (where, type(fn).__name__))
            return
        if not from_core(fn):  # a function of another package or of the family layer, made a method here
            if not where.endswith(".__init__"):  # (not the __init__ typing.Protocol gives its subclasses)
                self.unreadable.append("%s (from %s)" % (where, fn.__module__))
            return
        self.checked[kind] += 1
        lacking = missing_annotations(fn, skip_first)
        if only_return:
            lacking = [p for p in lacking if p == "return"]
        if lacking:
            self.missing.append("%s (%s): %s" % (where, kind, ", ".join(lacking)))

    def member(self, owner, name, value):
        where = "%s.%s" % (owner, name)
        if isinstance(value, property) or type(value).__name__ == "Getter":  # (a property read in C: its fget)
            if value.fget is not None:
                self.function(where, value.fget, "property", skip_first=True, only_return=True)
        elif isinstance(value, functools.cached_property):
            self.function(where, value.func, "property", skip_first=True, only_return=True)
        elif isinstance(value, staticmethod):
            self.function(where, value.__func__, "staticmethod")
        elif isinstance(value, classmethod):
            self.function(where, value.__func__, "classmethod", skip_first=True)
        elif isinstance(value, type):
            if from_core(value):
                self.cls(value)
        elif callable(value) and not isinstance(value, enum.Enum):
            self.function(where, value, "method", skip_first=True)

    def cls(self, cls):
        if id(cls) in self.seen:
            return
        self.seen.add(id(cls))
        for klass in cls.__mro__:
            # the class and its bases of cudacffi.core, private ones too (their public methods are the class's);
            # not object, tuple, Enum, Protocol
            if not from_core(klass):
                continue
            skip = set(klass._fields) if is_namedtuple_class(klass) else set()  # generated field getters
            for name, value in vars(klass).items():
                if name in skip or (name.startswith("_") and name not in CHECKED_DUNDERS):
                    continue
                if isinstance(klass, enum.EnumMeta) and isinstance(value, klass):  # an enum's member
                    continue
                self.member("%s.%s" % (klass.__module__, klass.__qualname__), name, value)

    def module(self, module):
        for name in public_names(module):
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not from_core(obj):
                continue
            if isinstance(obj, type):
                self.cls(obj)
            elif callable(obj) and not isinstance(obj, enum.Enum):
                self.function("%s.%s" % (module.__name__, name), obj, "function")


def test_every_public_function_method_and_property_is_annotated():
    walk = Walk()
    for name in PUBLIC_MODULES:
        walk.module(importlib.import_module(name))
    total = sum(walk.checked.values())
    plural = {"property": "properties"}
    counts = ", ".join("%d %s" % (n, plural.get(kind, kind + "s")) for kind, n in sorted(walk.checked.items()))
    line = "typing: %d public callables of cudacffi.core checked (%s); %d lack annotations" % (
        total, counts, len(walk.missing))
    if walk.unreadable:
        line += "; not read (compiled or not core's): %s" % ", ".join(sorted(walk.unreadable))
    SUMMARY.append(line)
    print(line)
    assert total > 300, "the walk found too little of cudacffi.core: " + line
    if walk.missing:
        pytest.fail("%s:\n  %s" % (line, "\n  ".join(sorted(walk.missing))), pytrace=False)


# -- mypy ------------------------------------------------------------------------------------------------------

GOOD = '''
from __future__ import annotations

from typing import Tuple

from cudacffi.core import (Buffer, Device, Event, EventOptions, Kernel, LaunchConfig, ObjectCode, Program,
                           ProgramOptions, Stream, launch)

SOURCE = 'extern "C" __global__ void add_one(int *p, int n) { if (threadIdx.x < n) p[threadIdx.x] += 1; }'


def time_a_kernel(device_id: int = 0) -> Tuple[float, int]:
    dev = Device(device_id)
    dev.set_current()
    stream = dev.create_stream()
    timed = EventOptions(timing_enabled=True)
    start = stream.record(options=timed)
    buf = dev.allocate(4 * 32, stream=stream)
    program = Program(SOURCE, "c++", ProgramOptions(arch="sm_" + dev.arch))
    code = program.compile("cubin")
    kernel = code.get_kernel("add_one")
    config = LaunchConfig(grid=1, block=32)
    launch(stream, config, kernel, buf, 32)
    end = stream.record(options=timed)
    end.sync()
    other = dev.create_stream()
    other.wait(end)
    other.wait(stream)
    elapsed = end - start
    size = buf.size
    major = dev.compute_capability.major
    reveal_type(dev)  # Device
    reveal_type(stream)  # Stream
    reveal_type(start)  # Event
    reveal_type(buf)  # Buffer
    reveal_type(code)  # ObjectCode
    reveal_type(kernel)  # Kernel
    reveal_type(config)  # LaunchConfig
    reveal_type(elapsed)  # float
    reveal_type(size)  # int
    reveal_type(major)  # int
    buf.close(stream)
    program.close()
    other.close()
    stream.close()
    return elapsed, size


def typed_uses(stream: Stream, event: Event, buf: Buffer, kernel: Kernel, code: ObjectCode) -> None:
    stream.wait(event)
    stream.sync()
    event.sync()
    buf.close()
'''

# Each line marked "# E" must be rejected.
WRONG = '''
from __future__ import annotations

from cudacffi.core import Device

dev = Device()
stream = dev.create_stream()
other = dev.create_stream()
event = stream.record()
buf = dev.allocate(64)
stream.record(other)  # E: a Stream where an Event is expected
elapsed = event - stream  # E: an Event's elapsed time is measured from an Event
dev.allocate(buf)  # E: a Buffer where a size in bytes is expected
'''


def report(title, output):
    return "%s\n%s" % (title, textwrap.indent(output, "    "))


def test_mypy_accepts_the_core_examples(mypy_run):
    examples = sorted(os.path.join(ROOT, "examples", f) for f in os.listdir(os.path.join(ROOT, "examples"))
                      if f.startswith("core_") and f.endswith(".py"))
    assert examples
    code, output = mypy_run(*examples)
    if code:
        pytest.fail(report("mypy rejects examples/core_*.py:", output), pytrace=False)


def test_mypy_accepts_a_typed_program_and_infers_cores_classes(mypy_run, tmp_path):
    path = tmp_path / "typed_program.py"
    path.write_text(GOOD)
    code, output = mypy_run(path)
    if code:
        pytest.fail(report("mypy rejects a correct program written against cudacffi.core:", output), pytrace=False)
    lines = GOOD.splitlines()
    revealed = {}
    for match in re.finditer(r"typed_program\.py:(\d+): note: Revealed type is \"([^\"]+)\"", output):
        revealed[int(match.group(1))] = match.group(2)
    wrong = []
    for number, line in enumerate(lines, 1):
        if "reveal_type(" in line:
            want = line.split("#")[1].strip()
            got = revealed.get(number, "(nothing revealed)")
            if got.rsplit(".", 1)[-1] != want:  # "cudacffi.core._stream.Stream" -> "Stream"; "builtins.int"
                wrong.append("%s: mypy infers %s, not %s" % (line.strip(), got, want))
    if wrong:
        pytest.fail(report("mypy infers the wrong types (an unannotated return reads as Any):",
                           "\n".join(wrong) + "\n\nmypy said:\n" + output), pytrace=False)


def test_mypy_rejects_the_wrong_kind_of_object(mypy_run, tmp_path):
    path = tmp_path / "wrong_program.py"
    path.write_text(WRONG)
    code, output = mypy_run(path)
    flagged = {int(n) for n in re.findall(r"wrong_program\.py:(\d+): error:", output)}
    expected = {number for number, line in enumerate(WRONG.splitlines(), 1) if "# E" in line}
    missed = ["line %d: %s" % (n, WRONG.splitlines()[n - 1].strip()) for n in sorted(expected - flagged)]
    unexpected = sorted(flagged - expected)
    if missed:
        pytest.fail(report("mypy accepts what cudacffi.core's annotations should reject (a parameter typed Any, or "
                           "a class whose base mypy cannot see, takes anything):",
                           "\n".join(missed) + "\n\nmypy said:\n" + output), pytrace=False)
    if unexpected:
        pytest.fail(report("mypy rejects lines it should accept (%s):" % unexpected, output), pytrace=False)
    assert code == 1, output  # 1: type errors found (2 would be a crash or a bad command line)
