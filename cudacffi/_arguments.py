"""Errors that name the parameter, and the integer checks behind them.

Everything else in the handwritten runtime raises through ``argument_error``, so a message always reads
``func(): argument 'name' ...``. Nothing here knows a CUDA type.
"""

from operator import index as _index

_U64 = 1 << 64

# The most bytes the binding allocates for one output (an array, a string, an attribute's storage) sized by an
# argument: a count beyond it is refused, naming the argument, rather than allocated (2**31 - 1 handles are
# 16 GiB). 256 MiB is far past any list the libraries return (graph nodes, kernels, NVML samples).
OUTPUT_LIMIT = 1 << 28


def _describe(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def argument_error(func, name, message, exc_type=TypeError):
    return exc_type("%s(): argument '%s' %s" % (func, name, message))


def check_integer(func, name, value, lo, hi):
    """``value`` as an int in [lo, hi], or the exception cffi would raise, naming the parameter. A float
    with no fractional part is taken (``160.0``, as cuda.bindings takes it); any other float is refused
    rather than truncated."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float):
            if not value.is_integer():
                raise argument_error(func, name, "must be an int, not the non-integral float %r" % value)
            value = int(value)
        elif hasattr(value, "__index__"):
            try:
                value = _index(value)  # an __index__ that returns a non-int is a TypeError here
            except TypeError as e:  # e.g. a numpy array that is not one integer
                raise argument_error(func, name, "must be an int, not %s (%s)" % (type(value).__name__, e)) from None
        else:
            raise argument_error(func, name, "must be an int, not %s" % type(value).__name__)
    if not lo <= value <= hi:
        raise argument_error(func, name, "out of range [%d, %d]: %s" % (lo, hi, value), OverflowError)
    return value


def check_output_count(func, name, n, item_size=1):
    """``n`` items of ``item_size`` bytes the binding is to allocate for an output: an int in [0, 2**31 - 1]
    taking at most ``OUTPUT_LIMIT`` bytes, else an exception naming the argument."""
    n = check_integer(func, name, n, 0, (1 << 31) - 1)
    if n * item_size > OUTPUT_LIMIT:
        what = "%d bytes" % n if item_size == 1 else "%d items of %d bytes" % (n, item_size)
        raise argument_error(func, name, "asks for %s of output, more than the binding's limit of %d bytes for "
                             "one output" % (what, OUTPUT_LIMIT), ValueError)
    return n


def utf8(text, func, name):
    """A str argument as UTF-8; one that has none (a lone surrogate) is a ValueError naming the argument."""
    try:
        return text.encode()
    except UnicodeEncodeError as e:
        raise argument_error(func, name, "is not valid text: %s at position %d cannot be encoded as UTF-8"
                             % (_describe(text[e.start:e.end]), e.start), ValueError) from None


def diagnose(func, exc, checks):
    """After cffi rejected an argument: find which one and raise naming it; if every argument is fine once
    integral floats are ints, return {name: int} for the call to be made again; else re-raise ``exc``.

    ``checks`` holds (kind, name, value, lo, hi) for the call's scalar arguments; kind is "int", "float",
    "address" (a ``void *`` argument: only an int given for it is checked, buffers were converted already) or
    "handle" (the value a handle argument was converted to).
    """
    fixed = {}
    for kind, name, value, lo, hi in checks:
        if kind in ("address", "handle"):
            if isinstance(value, int):
                check_integer(func, name, value, lo, hi)
            continue
        if kind == "float":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise argument_error(func, name, "must be a number, not %s" % type(value).__name__)
            continue
        v = check_integer(func, name, value, lo, hi)
        if v is not value and isinstance(value, float):
            fixed[name] = v
    if fixed:
        return fixed
    raise exc
