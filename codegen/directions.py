"""Parameter directions: how each C parameter appears in Python (argument, output, list, buffer).

Rules decide most parameters from their C types; the cases rules cannot decide are decisions, with their
reasons, in ``codegen/decisions/parameters.py`` (read here), and the vocabulary of directions (``KINDS``,
``Direction``) is ``codegen/kinds.py``'s. This module holds the rules that interpret them.
"""

import re

from .ctype import CType
from .decisions.names import RENAMES
from .decisions.parameters import (BUFFER_EXTENTS, COUNTED_STRUCTS, CUFILE_ADDRESSES, NVML_OVERRIDES,  # noqa: F401
                                   OVERRIDES, STRING_OUTPUTS)
from .kinds import (_KEYS, ATTRIBUTE_TABLES, BOTH, INPUT, INPUT_DIRS, KINDS, NEITHER, OUTPUT,  # noqa: F401
                    OUTPUT_DIRS, SCHEMA, Direction, Kind, Named)
from .type_index import TypeIndex

def _override(o):
    """(direction or None, pyname or None) of an OVERRIDES entry."""
    if isinstance(o, Named):
        return o.direction, o.pyname
    if isinstance(o, Direction):
        return o, None
    raise TypeError("an override is a Direction or a Named, not %r" % (o,))

_INT_BASES = {"int", "unsigned int", "size_t", "long", "unsigned long", "long long", "unsigned long long",
              "short", "unsigned short", "cuuint32_t", "cuuint64_t", "uint32_t", "uint64_t", "int32_t",
              "int64_t"}

def _is_count_name(name):
    low = name.lower()
    if name.startswith("pNum"):  # the runtime's pointer counts: pNumDependencies
        low = low[1:]
    return low.startswith(("num", "nb")) or low.endswith("count") or low in ("length", "len")

def _stem(count_name):
    """``numDependencies_out`` -> ``dependencies``; generic names (``count``) have no stem."""
    low = count_name.lower()
    if count_name.startswith("pNum"):
        low = low[1:]
    if low.endswith("_out"):
        low = low[:-4]
    for prefix in ("num", "nb"):
        if low.startswith(prefix) and len(low) > len(prefix):
            return low[len(prefix):]
    return ""

def _related(stem, name):
    """Whether a list parameter's name belongs to a count's stem (``dependencies`` ~ ``dependencyData``)."""
    low = name.lower().replace("_out", "")
    common = 0
    while common < min(len(stem), len(low)) and stem[common] == low[common]:
        common += 1
    return common >= 0.7 * len(stem) or stem.rstrip("s") in low

def _int_like(index, t):
    r = index.resolve(t)
    return r.base in _INT_BASES or t.base in _INT_BASES

def validate(f):
    """Raise ValueError unless every parameter of ``f`` has a direction the emitters render, with only the
    keys that direction takes, naming parameters ``f`` has; returns the typed directions."""
    return [Direction.of_param(f, p) for p in f["params"]]

def assign(model):
    index = TypeIndex(model)
    for f in model["functions"]:
        ret = CType.from_json(f["ret"])
        if ret.base == "char" and ret.depth == 1:
            f["returns_string"] = True
        params = f["params"]
        types = [CType.from_json(p["type"]) for p in params]
        for i, (p, t) in enumerate(zip(params, types)):
            p["pyname"] = RENAMES.get(p["name"], p["name"])
            if "dir" in p:
                continue
            p["dir"] = _rule(index, f, params, types, i)
        for i, p in enumerate(params):
            o = OVERRIDES.get((f["name"], p["name"]))
            if o is None:
                continue
            direction, pyname = _override(o)
            if direction is not None:  # the whole direction: what the rules attached to theirs goes
                for key in _KEYS:
                    p.pop(key, None)
                p.update(direction.to_json())
            if pyname is not None:
                p["pyname"] = pyname
        for p in params:  # the capacity of a caller-sized list is taken and returned
            if p["dir"] in ("out_list",) and p.get("count"):
                c = next(q for q in params if q["name"] == p["count"])
                caller_sized = len(CType.from_json(p["type"]).ptrs) == 1
                if CType.from_json(c["type"]).ptrs:
                    c["dir"] = "inout" if caller_sized else "out"
        family_rules = FAMILY_RULES.get(model.get("family"))
        if family_rules is not None:
            family_rules(index, f, params, types)
        validate(f)

def _find_count(index, params, types, i):
    """The integer parameter that counts parameter i's elements.

    A ``numX`` count belongs to the parameters named like X; a generic count (``count``, ``length``)
    belongs to the parameter right after it, or to the run of pointer parameters right before it.
    """
    def is_count(j):
        t = types[j]
        return (_is_count_name(params[j]["name"]) and _int_like(index, CType(t.base)) and len(t.ptrs) <= 1
                and not (t.ptrs and t.const))

    def same_run(a, b):  # pointer parameters of one depth, side by side, from a up to b
        lo, hi = min(a, b), max(a, b)
        return all(types[k].ptrs and len(types[k].ptrs) == len(types[i].ptrs) for k in range(lo, hi + 1)
                   if k != b)

    for j in range(len(params)):
        if j == i or not is_count(j):
            continue
        stem = _stem(params[j]["name"])
        if stem and _related(stem, params[i]["name"]):
            return params[j]["name"]
    for j in range(len(params)):
        if j == i or not is_count(j) or _stem(params[j]["name"]):
            continue
        if j == i + 1 or (j > i and same_run(i, j)):
            return params[j]["name"]
        if j == i - 1 and not (j > 0 and types[j - 1].ptrs and len(types[j - 1].ptrs) == len(types[i].ptrs)):
            return params[j]["name"]
    return None

def _rule(index, f, params, types, i):
    t = types[i]
    p = params[i]
    if not t.ptrs or t.fn is not None:
        return "in"
    if t.base == "char" and t.depth == 1:
        if t.const:
            return "in_str"
        cap = _find_count(index, params, types, i)
        if cap and not types[[q["name"] for q in params].index(cap)].ptrs:
            p["count"] = cap
            return "out_bytes"
        return "caller_buf"
    if t.base == "char" and t.depth == 2:
        cnt = _find_count(index, params, types, i)
        if t.ptrs[1] or (t.const and cnt):
            if cnt:
                p["count"] = cnt
                return "in_list"
        return "out_cstr"
    if t.base == "void" and t.depth == 1:
        return "in_ptr"
    if t.base == "void" and t.depth == 2:
        return "out"
    kind = index.kind(t.base)
    if t.depth == 1 and index.is_function_type(t.base):  # F * where F is a function type: a function pointer
        return "in"
    if t.depth == 1:
        if _is_count_name(p["name"]) and kind in ("primitive", "handle_int"):
            return "out"
        cnt = _find_count(index, params, types, i)
        if t.const:
            if cnt:
                p["count"] = cnt
            return "in_struct" if kind in ("struct", "opaque") and not cnt else "in_list"
        if cnt:
            p["count"] = cnt
            counted_by_pointer = bool(types[[q["name"] for q in params].index(cnt)].ptrs)
            getter = "Get" in f["name"] or "Enumerate" in f["name"]
            return "out_list" if counted_by_pointer or getter else "in_list"
        return "out"
    if t.depth == 2 and t.const and not t.ptrs[1]:
        # const T **x: the library returns a pointer to its own array of T, counted by another output
        cnt = _find_count(index, params, types, i)
        if cnt:
            p["count"] = cnt
            return "out_list"
    return "unsupported"

# -- NVML (nvml.h): cuda.bindings.nvml's conventions, which the general rules do not give --------------------

NVML_STRING_CAPACITY = 256  # NVML's string outputs are shorter (its *_BUFFER_SIZE constants are 16 to 96)

def _nvml_rules(index, f, params, types):
    """Strings come back whole: the binding gives NVML a buffer of its own and returns ``str``; counted lists
    are asked their count first (NVML answers ``NVML_ERROR_INSUFFICIENT_SIZE`` with it) and returned whole;
    a struct that a ``Set``/``Register``/``Modify`` call reads is the caller's input."""
    by_name = {p["name"]: p for p in params}
    for p, t in zip(params, types):
        if (f["name"], p["name"]) in OVERRIDES:
            continue
        o = NVML_OVERRIDES.get((f["name"], p["name"]))
        if o is not None:
            direction, pyname = _override(o)
            if direction is not None:
                for key in _KEYS:
                    p.pop(key, None)
                p.update(direction.to_json())
            if pyname is not None:
                p["pyname"] = pyname
            continue
        if p["dir"] == "caller_buf" and t.base == "char":  # a string with its room beside it: ours
            room = [q for q in params if q["name"] in ("size", "length", "bufferSize")]
            if room:
                p.update({"dir": "out_bytes", "count": room[0]["name"]})
                room[0].update({"dir": "capacity", "fixed": NVML_STRING_CAPACITY})
                continue
        if p["dir"] == "out_bytes" and not by_name[p["count"]]["dir"].startswith("capacity"):
            by_name[p["count"]].update({"dir": "capacity", "fixed": NVML_STRING_CAPACITY})
        elif p["dir"] == "out_list" and by_name[p["count"]]["dir"] == "inout" and t.depth == 1:
            by_name[p["count"]]["dir"] = "query_count"
        elif p["dir"] == "out" and t.depth == 1 and index.kind(t.base) == "struct" and re.search(
                r"(Set|Register|Modify|Clear|Update|Activate|Lock|Setup)", f["name"][4:].replace("EventSet", "")) \
                and not re.search(r"Get", f["name"]):
            p["dir"] = "in_struct"

# -- cuFile (cufile.h): cuda.bindings.cufile's conventions ---------------------------------------------------------

def _cufile_rules(index, f, params, types):
    for p in params:
        if (f["name"], p["name"]) in CUFILE_ADDRESSES:
            for key in _KEYS:
                p.pop(key, None)
            p.update(Direction("in_ptr").to_json())

FAMILY_RULES = {"nvml": _nvml_rules, "cufile": _cufile_rules}
