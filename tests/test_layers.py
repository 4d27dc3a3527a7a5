"""The package's import structure, read from its source: arrows one way, imports at the top, one seam into core.

- No import cycle among the modules of ``cudacffi/`` (imports inside functions counted; those under
  ``if TYPE_CHECKING:`` are for annotations only and never run).
- An import inside a function is there only for an optional dependency: a third-party package the package runs
  without (numpy, ...) or an optional compiled module of ours (``_fastcall`` and ``_capsule`` are not built
  everywhere).
- ``cudacffi.core`` reaches the family layer through the public family modules and ``cudacffi._direct`` only: it
  never imports ``cudacffi._gen``, a compiled module, the runtime's private modules or cffi, never touches an
  ``ffi`` or ``lib``, and never sets or deletes another object's ``_v`` (a handle's value slot).
- No handwritten module is over 500 lines.
"""

import ast
import os
import sys

import pytest

from conftest import tested_package  # noqa: E402

ROOT = tested_package()  # the package this run tests: the checkout's cudacffi/, or an installed one
OPTIONAL = frozenset(["numpy", "cupy", "torch", "ml_dtypes", "cloudpickle", "cuda", "numba"])
OPTIONAL_OURS = frozenset(["cudacffi._fastcall", "cudacffi._capsule"])
CORE_MAY_IMPORT = frozenset(["cudacffi", "cudacffi._direct", "cudacffi._direct.nvml",
                             "cudacffi.driver", "cudacffi.runtime", "cudacffi.nvrtc", "cudacffi.nvjitlink",
                             "cudacffi.nvvm", "cudacffi.nvfatbin", "cudacffi.nvml", "cudacffi.cufile"])
MAX_LINES = 500

# cudacffi.core's layers, bottom to top (DESIGN.md draws them): a module imports only its own layer's modules (no
# cycle among them) and lower layers'. A module is placed by its name or its package's.
CORE_LAYERS = [
    ("foundations", ["_utils", "_release", "_closeable", "_registry", "_holds", "_dlpack", "typing"]),
    ("contexts", ["_context", "_device_properties"]),
    ("streams and events", ["_event", "_stream"]),
    ("memory", ["_memory", "_copy_options", "_copy", "_memoryview", "_view_types", "_view_sources",
                "_dlpack_exchange", "_tensor_map"]),
    ("code", ["_program_options", "_program", "_program_cache", "_file_cache", "_cache_resource", "_cache_key",
              "_linker_options", "_linker", "_module", "_kernel", "_launch_config"]),
    ("launch", ["_launch", "_kernel_args"]),
    ("graphs, green contexts, textures, NVML, public modules", [
        "graph", "system", "texture", "_green_resources", "_green_context", "_graphics", "checkpoint", "utils"]),
    ("the Device facade", ["_device"]),
]


def _modules():
    found = {}
    for folder, _, files in os.walk(ROOT):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                name = "cudacffi" + os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".").join([".", ""])
                name = name[:-len(".__init__")] if name.endswith(".__init__") else name
                found[name.rstrip(".")] = path
    return found


MODULES = _modules()


def _generated(path):
    return os.sep + "_gen" + os.sep in path


class _Imports(ast.NodeVisitor):
    """Every import of a module: (line, target module names, inside a function?)."""

    def __init__(self, module, is_package):
        self.package = module if is_package else module.rpartition(".")[0]
        self.depth = 0
        self.found = []

    def _function(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_If(self, node):
        test = node.test
        name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
        if name == "TYPE_CHECKING":  # annotations only: never imported at run time
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node):
        self.found.append((node.lineno, [a.name for a in node.names], self.depth > 0))

    def visit_ImportFrom(self, node):
        base = node.module or ""
        if node.level:
            parts = self.package.split(".")
            parts = parts[:len(parts) - node.level + 1]
            base = ".".join(parts + ([base] if base else []))
        targets = []
        for alias in node.names:
            sub = base + "." + alias.name
            targets.append(sub if sub in MODULES or sub in OPTIONAL_OURS else base)
        self.found.append((node.lineno, targets, self.depth > 0))


def _imports(name):
    path = MODULES[name]
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    visitor = _Imports(name, path.endswith("__init__.py"))
    visitor.visit(tree)
    return tree, visitor.found


def _ours(target):
    """The module of ours an import names (a package's submodule, else the package), or None."""
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def _graph():
    edges = {}
    for name in MODULES:
        edges[name] = set()
        for _, targets, _ in _imports(name)[1]:
            for target in targets:
                mine = _ours(target) if target.split(".")[0] == "cudacffi" else None
                if mine and mine != name:
                    edges[name].add(mine)
    return edges


def _cycles(edges):
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    scc = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        scc.append(w)
                        if w == v:
                            break
                    if len(scc) > 1:
                        out.append(sorted(scc))
    return out


def test_no_import_cycle():
    cycles = _cycles(_graph())
    assert not cycles, "import cycles in cudacffi/ (imports inside functions counted):\n" + "\n".join(
        " <-> ".join(c) for c in cycles)


def test_imports_inside_functions_are_for_optional_dependencies():
    found = []
    for name in sorted(MODULES):
        for line, targets, inside in _imports(name)[1]:
            for target in targets if inside else ():
                if target.split(".")[0] in OPTIONAL or target in OPTIONAL_OURS:
                    continue
                found.append("%s:%d imports %s inside a function" % (name, line, target))
    assert not found, "\n".join(found)


def _core_modules():
    return sorted(n for n in MODULES if n == "cudacffi.core" or n.startswith("cudacffi.core."))


def test_core_reaches_the_family_layer_through_the_seam_only():
    found = []
    for name in _core_modules():
        tree, imports = _imports(name)
        for line, targets, _ in imports:
            for target in targets:
                if target.split(".")[0] != "cudacffi" or target.startswith("cudacffi.core"):
                    continue
                if target not in CORE_MAY_IMPORT:
                    found.append("%s:%d imports %s" % (name, line, target))
            for target in targets:
                if target.split(".")[0] in ("cffi", "_cffi_backend"):
                    found.append("%s:%d imports %s (cffi belongs to the family layer)" % (name, line, target))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("ffi", "lib", "_ffi", "_lib"):
                found.append("%s:%d touches .%s" % (name, node.lineno, node.attr))
            if isinstance(node, ast.Name) and node.id in ("ffi", "lib", "_ffi", "_lib"):
                found.append("%s:%d uses %s" % (name, node.lineno, node.id))
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for t in targets:
                for sub in ast.walk(t):
                    if (isinstance(sub, ast.Attribute) and sub.attr == "_v"
                            and not (isinstance(sub.value, ast.Name) and sub.value.id == "self")):
                        found.append("%s:%d sets another object's _v" % (name, node.lineno))
    assert not found, "\n".join(found)


def _core_layer(module):
    rest = module[len("cudacffi.core."):]
    for i, (_, names) in enumerate(CORE_LAYERS):
        if any(rest == n or rest.startswith(n + ".") for n in names):
            return i
    return None


def test_core_layers_point_down():
    edges = _graph()
    found = []
    for name in _core_modules():
        if name == "cudacffi.core":
            continue
        mine = _core_layer(name)
        if mine is None:
            found.append("%s is in no layer of CORE_LAYERS" % name)
            continue
        for target in sorted(edges[name]):
            theirs = _core_layer(target) if target.startswith("cudacffi.core.") else None
            if theirs is not None and theirs > mine:
                found.append("%s (%s) imports %s (%s), a layer above" % (name, CORE_LAYERS[mine][0], target,
                                                                        CORE_LAYERS[theirs][0]))
    assert not found, "\n".join(found)


def test_the_facade_is_imported_by_the_package_alone():
    edges = _graph()
    users = sorted(m for m, targets in edges.items() if "cudacffi.core._device" in targets)
    assert users == ["cudacffi.core"], users


def test_handwritten_modules_are_at_most_500_lines():
    long = []
    for name, path in sorted(MODULES.items()):
        if _generated(path):
            continue
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long.append("%s: %d lines" % (name, n))
    assert not long, "\n".join(long)


def test_the_checks_see_what_they_check():
    """The reader finds today's modules and their imports: a cycle and a reach-in it would report."""
    assert "cudacffi.core" in MODULES and "cudacffi.driver" in MODULES and "cudacffi._direct" in MODULES
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _core_layer("cudacffi.core.graph._builder") > _core_layer("cudacffi.core._stream") > _core_layer(
        "cudacffi.core._context")
    edges = _graph()
    assert "cudacffi._direct" in edges["cudacffi.core._launch"] or any(
        "cudacffi._direct" in edges[m] for m in _core_modules())


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="one interpreter reads the source enough")
def test_imports_are_resolved_to_modules_of_ours():
    edges = _graph()
    assert all(target in MODULES for targets in edges.values() for target in targets)
