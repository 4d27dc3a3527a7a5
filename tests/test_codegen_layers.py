"""codegen's import structure, read from its source: no import cycle among its modules, every import at the top
of its module (none inside a function to dodge a cycle)."""

import ast
import os

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "codegen")
MODULES = sorted(f[:-3] for f in os.listdir(ROOT) if f.endswith(".py"))


def _imports(name):
    """[(line, codegen module imported, inside a function?)] of codegen/<name>.py ("__init__": the package)."""
    path = os.path.join(ROOT, name + ".py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = []

    def visit(node, depth):
        inside = depth or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 or (node.module or "").split(".")[0] == "codegen":
                base = (node.module or "").split(".")[-1] if node.level else ".".join(node.module.split(".")[1:])
                for alias in node.names:
                    target = alias.name if not base and alias.name in MODULES else base or "__init__"
                    if base == "" and alias.name not in MODULES:
                        target = "__init__"
                    found.append((node.lineno, target, bool(depth)))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "codegen":
                    found.append((node.lineno, parts[1] if len(parts) > 1 else "__init__", bool(depth)))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return found


def _graph():
    return {m: sorted({t for _, t, _ in _imports(m) if t != m}) for m in MODULES}


def test_the_modules_are_found():
    assert {"model", "directions", "lowering", "emit_c", "emit_py", "emit_py_exception", "emit_classes"} <= set(MODULES)
    assert "type_index" in _graph()["directions"] and "status" in _graph()["lowering"]


def test_no_import_inside_a_function():
    inside = ["codegen/%s.py:%d imports %s" % (m, line, t) for m in MODULES for line, t, nested in _imports(m)
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
