"""The Python-level signature of a model function: arguments in order, outputs in order.

Which directions are inputs and outputs is the direction model's answer (``directions.KINDS``)."""

from .kinds import INPUT_DIRS, OUTPUT_DIRS  # noqa: F401  (re-exported for readers and tests)
from .kinds import KINDS


def inputs(func):
    """The Python arguments in order: the input parameters, and before a struct built from arguments
    (``fields``), one argument per field, marked ``field_of``."""
    out = []
    for p in func["params"]:
        out += [{"name": py, "pyname": py, "dir": "in", "field_of": p["name"], "field": field}
                for py, field in p.get("fields") or ()]
        if KINDS[p["dir"]].is_input:
            out.append(p)
    return out


def outputs(func):
    """Outputs after the status, in order. A function that returns a string instead of a status
    (``nvrtcGetErrorString``) has one output, named by its type as cuda.bindings' docs name it."""
    outs = [p for p in func["params"] if KINDS[p["dir"]].is_output]
    if func.get("returns_string"):
        outs.append({"name": None, "pyname": "bytes", "dir": "return"})
    return outs
