"""The Python-level signature of a model function: arguments in order, outputs in order."""

INPUT_DIRS = ("in", "in_struct", "in_str", "in_ptr", "in_list", "in_list_single", "caller_buf",
              "kernel_params", "extra", "inout", "in_ref")
OUTPUT_DIRS = ("out", "out_cstr", "out_bytes", "out_list", "inout")


def inputs(func):
    return [p for p in func["params"] if p["dir"] in INPUT_DIRS]


def outputs(func):
    return [p for p in func["params"] if p["dir"] in OUTPUT_DIRS]
