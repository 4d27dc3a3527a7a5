"""Where per-function decisions live: the homes below, and nowhere else.

A per-function decision is what the generator cannot derive from the headers for a particular C function (a
parameter's direction, a Python name, a check, a function left out). Each kind has one home, read by the generator
(``codegen/decisions/``), plus the attribute value tables the generated wrappers read at run time. The scan reads
the source of ``codegen/`` and of the binding layer ``cudacffi/*.py`` and fails on a table of C function names
anywhere else: a dict keyed by function names (or by (function, parameter) pairs), a set of them, a sequence of
(function, ...) entries, or, in ``codegen/``, a comparison with a function name (a decision made in code). A C
function name is one that a snapshot model (``headers/cuda-*/model-*.json``) declares. ``cudacffi.core`` (the
cuda.core API above the bindings) calls functions by name but decides nothing about their wrappers: not scanned.
"""

import ast
import glob
import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# kind of decision -> its home (a path from the repository root)
HOMES = {
    "parameter directions, lengths, buffer sizes": "codegen/decisions/parameters.py",
    "Python names": "codegen/decisions/names.py",
    "checks the wrapper makes, tracked handles": "codegen/decisions/checks.py",
    "functions left out, hand-written wrappers, C helpers": "codegen/decisions/coverage.py",
    "the C type of an attribute's value (per enum member, read at run time)": "cudacffi/_attribute_values.py",
}
# what the data modules may import: the direction vocabulary
DATA_IMPORTS = {"codegen.kinds", "..kinds"}


def function_names():
    names = set()
    for path in glob.glob(os.path.join(ROOT, "headers", "cuda-*", "model-*.json")):
        with open(path) as f:
            names.update(fn["name"] for fn in json.load(f)["functions"])
    return names


def _is_name(node, names):
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names


def _keyed(node, names):
    """A function name, or a tuple whose first item is one ((function, parameter))."""
    return _is_name(node, names) or (isinstance(node, ast.Tuple) and bool(node.elts) and _is_name(node.elts[0], names))


def decision_tables(source, names, in_codegen):
    """[(line, what)] of the per-function decision tables in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict) and any(k is not None and _keyed(k, names) for k in node.keys):
            found.append((node.lineno, "a dict keyed by C function names"))
        elif isinstance(node, ast.DictComp) and _keyed(node.key, names):
            found.append((node.lineno, "a dict keyed by C function names"))
        elif isinstance(node, ast.Set) and any(_keyed(e, names) for e in node.elts):
            found.append((node.lineno, "a set of C function names"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("set", "frozenset")
              and node.args and isinstance(node.args[0], (ast.Tuple, ast.List))
              and any(_keyed(e, names) for e in node.args[0].elts)):
            found.append((node.lineno, "a set of C function names"))
        elif isinstance(node, (ast.Tuple, ast.List)) and sum(
                isinstance(e, ast.Tuple) and len(e.elts) > 1 and _is_name(e.elts[0], names) for e in node.elts) >= 2:
            found.append((node.lineno, "a table of (C function, ...) entries"))
        elif in_codegen and isinstance(node, ast.Compare) and any(
                _is_name(c, names) or (isinstance(c, (ast.Tuple, ast.List, ast.Set))
                                       and any(_is_name(e, names) for e in c.elts)) for c in node.comparators):
            found.append((node.lineno, "a comparison with a C function name"))
    return found


def scanned_files(root=ROOT):
    """The files where decisions could be written: codegen/ (with its subpackages) and cudacffi/*.py."""
    paths = []
    for folder, _, files in os.walk(os.path.join(root, "codegen")):
        paths += [os.path.join(folder, f) for f in files if f.endswith(".py")]
    paths += glob.glob(os.path.join(root, "cudacffi", "*.py"))
    return sorted(paths)


def misplaced(root=ROOT, names=None):
    names = function_names() if names is None else names
    homes = {os.path.normpath(os.path.join(root, p)) for p in HOMES.values()}
    out = []
    for path in scanned_files(root):
        if os.path.normpath(path) in homes:
            continue
        with open(path, encoding="utf-8") as f:
            source = f.read()
        rel = os.path.relpath(path, root)
        out += ["%s:%d: %s" % (rel, line, what)
                for line, what in decision_tables(source, names, rel.startswith("codegen"))]
    return out


@pytest.mark.checkout  # reads the checkout's cudacffi/ sources
def test_the_homes_exist_and_hold_decisions():
    names = function_names()
    assert len(names) > 1000  # the snapshots are read
    for kind, home in HOMES.items():
        with open(os.path.join(ROOT, home), encoding="utf-8") as f:
            source = f.read()
        if home.startswith("codegen/"):  # each generator home holds per-function tables
            assert decision_tables(source, names, True), (kind, home)


def test_no_decision_outside_its_home():
    found = misplaced()
    assert not found, "per-function decisions outside codegen/decisions/ (move them there):\n" + "\n".join(found)


def test_the_data_modules_hold_no_logic():
    """codegen/decisions/ is data: no function, class or loop statement; imports only the direction vocabulary."""
    for path in sorted(glob.glob(os.path.join(ROOT, "codegen", "decisions", "*.py"))):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            assert not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.For,
                                         ast.While, ast.If)), "%s:%d" % (path, node.lineno)
            if isinstance(node, ast.ImportFrom):
                module = "." * node.level + (node.module or "")
                assert module in DATA_IMPORTS, "%s imports %s" % (path, module)
            assert not isinstance(node, ast.Import), "%s:%d" % (path, node.lineno)


def test_the_scan_finds_a_new_table(tmp_path):
    """A table of function names put anywhere else is found: a dict keyed by (function, parameter), a set, and a
    name compared in codegen; the same text in a home is not."""
    names = {"cuMemcpyDtoH", "cuMemcpyHtoD", "nvrtcGetPTX"}
    planted = {
        "codegen/emit_extra.py": 'CHECKS = {("cuMemcpyDtoH", "dstHost"): "ByteCount"}\n',
        "codegen/sub/rules.py": 'SPECIAL = frozenset(("cuMemcpyHtoD", "nvrtcGetPTX"))\n',
        "codegen/emit_more.py": 'def special(f):\n    return f["name"] == "nvrtcGetPTX"\n',
        "cudacffi/extra.py": 'PAIRS = [("cuMemcpyDtoH", 1), ("cuMemcpyHtoD", 2)]\n',
        "cudacffi/calls.py": 'def f(d):\n    return d.cuMemcpyDtoH if d else "cuMemcpyHtoD" == d\n',  # a use
        "codegen/decisions/checks.py": 'HOST = {"cuMemcpyDtoH": 1}\n',  # a home
    }
    for rel, text in planted.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    found = misplaced(str(tmp_path), names)
    assert sorted(f.split(":")[0] for f in found) == ["codegen/emit_extra.py", "codegen/emit_more.py",
                                                      "codegen/sub/rules.py", "cudacffi/extra.py"], found


def test_no_generated_function_is_wrapped_again_at_import():
    """The generated wrapper is the whole wrapper: no hand-written module of cudacffi/ builds functions with exec,
    or hands a module's namespace (``globals()``) to code that could rebind its functions. The compiled fast calls
    are no exception to this: a generated module installs them from its own table (``_s.fast_calls(globals(),
    ...)``), and each falls back to the same wrapper."""
    allowed_exec = {"_kernel_params.py": "kernel argument packing plans, not wrappers"}
    for path in glob.glob(os.path.join(ROOT, "cudacffi", "*.py")):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if os.path.basename(path) in allowed_exec:
                continue
            assert node.func.id not in ("exec", "eval"), "%s:%d" % (path, node.lineno)
            for arg in node.args:
                is_globals = isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "globals"
                assert not is_globals, "%s:%d hands globals() to %s" % (path, node.lineno, node.func.id)
