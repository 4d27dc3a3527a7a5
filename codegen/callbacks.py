"""Host callbacks: which function-pointer types can call Python, and how their C arguments reach it.

Every function-pointer typedef of a family gets a cffi ``extern "Python"`` trampoline ``_cc_py_<name>``.
A type with exactly one ``void *`` parameter carries the user data there, and the trampoline finds the
Python callable through it, so the callback may fire later, on any thread (``CUhostFn``,
``CUstreamCallback``). A type without one (``CUoccupancyB2DSize``) is only called while the function it
was given to runs, so its trampoline finds the callable in a per-thread slot.
"""

from .ctype import CType


def callback_types(model):
    """{typedef name: (function CType, index of its user-data parameter or None)}, in header order."""
    out = {}
    for d in model["decls"]:
        if d["kind"] != "typedef":
            continue
        t = CType.from_json(d["type"])
        if t.fn is None or t.depth != 1:
            continue
        void_ptrs = [i for i, (_, p) in enumerate(t.fn["params"]) if p.is_void_ptr()]
        out[d["name"]] = (t, void_ptrs[0] if len(void_ptrs) == 1 else None)
    return out


def trampoline_cdefs(model):
    """The ``extern "Python"`` declarations, one per callback type."""
    lines = []
    for name, (t, _) in callback_types(model).items():
        proto = CType(t.base, t.const, [], [], t.fn).declare("_cc_py_" + name)
        lines.append('extern "Python" %s;' % proto.replace("(_cc_py_%s)" % name, "_cc_py_" + name))
    return "\n".join(lines) + ("\n" if lines else "")


def lifetime(f):
    """How long a Python callable given to function ``f`` is kept: until the callback has fired once
    (``"once"``: host functions, stream callbacks, user-object destructors), for the rest of the process
    (``"keep"``: registrations), or for the call (``"call"``: types without user data)."""
    return "keep" if "Register" in f["name"] else "once"


def user_data_param(f, k, types):
    """For parameter ``k`` of function ``f``, of a callback type with a user-data slot: the index of the
    function's ``void *`` parameter that carries the user data (the nearest after it, else before)."""
    t = CType.from_json(f["params"][k]["type"])
    if t.base not in types or t.depth or types[t.base][1] is None:
        return None
    candidates = [j for j, q in enumerate(f["params"])
                  if q["dir"] == "in_ptr" and CType.from_json(q["type"]).is_void_ptr()]
    after = [j for j in candidates if j > k]
    before = [j for j in candidates if j < k]
    return after[0] if after else (before[-1] if before else None)
