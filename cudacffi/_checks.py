"""Errors that name the parameter, and the integer checks behind them.

Everything else in the handwritten runtime raises through ``argument_error``, so a message always reads
``func(): argument 'name' ...``. Nothing here knows a CUDA type.
"""

_U64 = 1 << 64


def _describe(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def argument_error(func, name, message, exc_type=TypeError):
    return exc_type("%s(): argument '%s' %s" % (func, name, message))


def check_integer(func, name, value, lo, hi):
    """Raise the exception cffi would, naming the parameter: value must be an int in [lo, hi]."""
    if isinstance(value, bool) or not isinstance(value, int):
        if hasattr(value, "__index__") and not isinstance(value, float):
            value = value.__index__()
        else:
            raise argument_error(func, name, "must be an int, not %s" % type(value).__name__)
    if not lo <= value <= hi:
        raise argument_error(func, name, "out of range [%d, %d]: %s" % (lo, hi, value), OverflowError)
    return value


def diagnose(func, exc, checks):
    """After cffi rejected an argument: find which one and raise naming it, else re-raise ``exc``.

    ``checks`` holds (kind, name, value, lo, hi) for the call's scalar arguments; kind is "int", "float" or
    "address" (a ``void *`` argument: only an int given for it is checked, buffers were converted already).
    """
    for kind, name, value, lo, hi in checks:
        if kind == "address":
            if isinstance(value, int):
                check_integer(func, name, value, lo, hi)
            continue
        if kind == "float":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise argument_error(func, name, "must be a number, not %s" % type(value).__name__)
            continue
        check_integer(func, name, value, lo, hi)
    raise exc
