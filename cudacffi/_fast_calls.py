"""Fast calls (CPython): generated wrappers made whole calls in C by the optional compiled ``cudacffi._fastcall``.

A generated module hands ``fast_calls`` its table of wrappers at import; ``plain_call`` gives cudacffi.core's hot
paths a call answering plain ints. Nothing changes on PyPy (its JIT inlines the wrappers), where the compiled
module is not built, or with ``CUDACFFI_FASTCALL=0`` in the environment.
"""

import os
import sys

from ._attribute_values import TABLES
from ._handles import Handle
from ._kernel_params import c_codes


def fast_calls(namespace, entry, ok, statuses, unbound, table):
    """On CPython, replace the wrappers of ``table`` in ``namespace`` (a generated module's globals) by
    ``cudacffi._fastcall`` callables that make the whole call in C, each falling back to its wrapper for any
    argument that is not a plain int or handle, for the first call (binding) and for keywords; see
    ``codegen.lowering.FastCall``. Nothing changes on PyPy (its JIT inlines the wrappers), where the module is
    not built, or with ``CUDACFFI_FASTCALL=0`` in the environment."""
    namespace["_fast_specs"] = {wrapper.__name__: (entry, index, ins, outs, unbound)
                                for index, wrapper, ins, outs in table}
    fastcall = _fastcall_module()
    if fastcall is None:
        return
    for index, wrapper, ins, outs in table:
        ins = tuple((kind, lo, hi, c_codes if kind == 4 else cls) for kind, lo, hi, cls in ins)
        outs = tuple(_typed_output(namespace, signed, cls) if kind == 4 else (kind, signed) if kind == 5 else
                     (kind, signed, cls._by_value if kind == 2 else cls) for kind, signed, cls in outs)
        namespace[wrapper.__name__] = fastcall.wrap(entry(index), wrapper, ok, statuses, unbound, ins, outs)


def _fastcall_module():
    """``cudacffi._fastcall``, set up, or None (PyPy, the module not built, or CUDACFFI_FASTCALL=0)."""
    if sys.implementation.name != "cpython" or os.environ.get("CUDACFFI_FASTCALL", "1") == "0":
        return None
    try:
        from . import _fastcall
    except ImportError:  # an interpreter the module was not built for: the wrappers stay as they are
        return None
    _fastcall.setup(Handle)
    return _fastcall


def plain_call(module, name):
    """On CPython, generated function ``name`` of ``module`` as a ``cudacffi._fastcall`` callable that returns
    plain ints: ``(status, *outputs)``, no enum members or handle objects, for the hot paths of cudacffi.core.
    Arguments it does not take, and the first call (binding), go to the wrapper, whose answer is made plain
    the same way. None where there is no such call (PyPy, the module not built, a function it cannot make)."""
    fastcall = _fastcall_module()
    spec = getattr(module, "_fast_specs", {}).get(name)
    if fastcall is None or spec is None:
        return None
    entry, index, ins, outs, unbound = spec
    if any(kind in (4, 5, 6) for kind, _, _ in outs):  # an attribute-typed output, a string or a float: no int
        return None
    wrapper = getattr(module, name)
    wrapper = getattr(wrapper, "__wrapped__", wrapper)

    def slow(*args):
        r = wrapper(*args)
        return (int(r[0]),) + tuple(None if v is None else int(v) for v in r[1:])

    slow.__name__ = slow.__qualname__ = name
    return fastcall.wrap(entry(index), slow, 0, {}, unbound, ins, tuple((0, signed, None) for _, signed, _ in outs))


def _typed_output(namespace, by, table):
    """``(4, by, {attribute value: index}, (output spec, ...))`` for cudacffi._fastcall: each attribute of
    ``table`` (cudacffi._attribute_values) whose value is a scalar, as the wrapper reads it (an int of its C type's
    width, a bool, a handle of its class); a struct, a name or a list is not in it (the wrapper makes those)."""
    typing = namespace["_typed"]
    index, specs = {}, []
    shapes = {"int": (0, 1, None, 4), "uint": (0, 0, None, 4), "bool": (3, 0, None, 1), "u64": (0, 0, None, 8),
              "size": (0, 0, None, 8), "address": (0, 0, None, 8)}
    for name in TABLES[table]:
        member = typing._member(name)
        if member is None:
            continue
        kind, cls = typing._spec(table, member, "fast_calls", "attribute")[:2]
        spec = (1, 0, cls, 8) if kind == "handle" else shapes.get(kind)
        if spec is None:
            continue
        if spec not in specs:
            specs.append(spec)
        index[int(member)] = specs.index(spec)
    return (4, by, index, tuple(specs))

