"""codegen's import structure, read from its source: no import cycle among its modules, every import at the top
of its module (none inside a function to dodge a cycle)."""

import ast
import os

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "codegen")
# codegen's modules, dotted below the package ("lowering", "decisions.checks"; "__init__": the package itself)
MODULES = sorted(
    os.path.relpath(os.path.join(folder, f), ROOT)[:-3].replace(os.sep, ".").replace(".__init__", "")
    for folder, _, files in os.walk(ROOT) for f in files if f.endswith(".py"))


def _path(name):
    base = os.path.join(ROOT, *name.split("."))
    return os.path.join(base, "__init__.py") if os.path.isdir(base) else base + ".py"


def _imports(name):
    """[(line, codegen module imported, inside a function?)] of codegen module ``name``."""
    path = _path(name)
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    package = name.split(".") if path.endswith("__init__.py") and name != "__init__" else name.split(".")[:-1]
    found = []

    def resolve(node):
        if node.level:
            parts = package[:len(package) - (node.level - 1)] + ((node.module or "").split(".") if node.module else [])
        elif (node.module or "").split(".")[0] == "codegen":
            parts = node.module.split(".")[1:]
        else:
            return []
        targets = []
        for alias in node.names:
            full = ".".join(parts + [alias.name])
            here = ".".join(parts)
            targets.append(full if full in MODULES else here if here in MODULES else "__init__")
        return targets

    def visit(node, depth):
        inside = depth or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        if isinstance(node, ast.ImportFrom):
            for target in resolve(node):
                found.append((node.lineno, target, bool(depth)))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "codegen":
                    found.append((node.lineno, ".".join(parts[1:]) or "__init__", bool(depth)))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return found


def _graph():
    return {m: sorted({t for _, t, _ in _imports(m) if t != m}) for m in MODULES}


def test_the_modules_are_found():
    assert {"model", "directions", "lowering", "emit_c", "emit_py", "emit_py_exception", "emit_classes"} <= set(MODULES)
    assert "type_index" in _graph()["directions"] and "status" in _graph()["lowering"]
    assert "decisions.parameters" in _graph()["directions"] and _graph()["decisions.parameters"] == ["kinds"]


def test_no_import_inside_a_function():
    inside = ["codegen %s:%d imports %s" % (m, line, t) for m in MODULES for line, t, nested in _imports(m)
              if nested]
    assert not inside, "\n".join(inside)


def test_no_import_cycle():
    graph = _graph()
    state, cycles = {}, []

    def walk(m, path):
        state[m] = "open"
        for t in graph.get(m, ()):
            if state.get(t) == "open":
                cycles.append(" -> ".join(path[path.index(t):] + [t]))
            elif t not in state:
                walk(t, path + [t])
        state[m] = "done"

    for m in MODULES:
        if m not in state:
            walk(m, [m])
    assert not cycles, "\n".join(cycles)
