"""The Python-level signature of a model function: arguments in order, outputs in order."""

INPUT_DIRS = ("in", "in_struct", "in_str", "in_ptr", "in_list", "in_list_single", "caller_buf",
              "kernel_params", "extra", "inout", "in_ref", "attr_in")
OUTPUT_DIRS = ("out", "out_cstr", "out_bytes", "out_list", "inout", "attr_out", "attr_out_list")


def inputs(func):
    return [p for p in func["params"] if p["dir"] in INPUT_DIRS]


def outputs(func):
    """Outputs after the status, in order. A function that returns a string instead of a status
    (``nvrtcGetErrorString``) has one output, named by its type as cuda.bindings' docs name it."""
    outs = [p for p in func["params"] if p["dir"] in OUTPUT_DIRS]
    if func.get("returns_string"):
        outs.append({"name": None, "pyname": "bytes", "dir": "return"})
    return outs
