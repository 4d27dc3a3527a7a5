"""Emit ``.pyi`` stubs for a family's generated module: every public name with its signature."""

from .emit_py import PyWriter
from .signature import inputs, outputs


def emit(model):
    pw = PyWriter(model)
    pw.module()  # fills class tables
    lines = ["# generated from CUDA stubs by codegen - do not edit", "from typing import Any", ""]
    for name in sorted(set(pw.enum_class.values())):
        lines.append("class %s(int):\n    name: str\n    value: int\n    def __getattr__(self, name: str) -> Any: ..."
                     % name)
    lines.append("")
    for name, _ in model["constants"]:
        lines.append("%s: int" % name)
    lines.append("")
    for f in model["functions"]:
        args = ", ".join(p["pyname"] + ": Any" for p in inputs(f))
        outs = ", ".join("Any" for _ in outputs(f))
        lines.append("def %s(%s) -> tuple[%s]: ..." % (f["name"], args, ", ".join(["Any"] + ([outs] if outs else []))))
    return "\n".join(lines) + "\n"
