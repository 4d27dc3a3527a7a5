"""The API model: one family's functions (with parameter directions), types, enums and constants.

``build_model`` reads real headers (preprocess + pycparser) into the header's facts only (declarations,
types, macros, the symbol each name binds to); the result is plain JSON, so that a snapshot can hold it and
a default build needs no parsing at all. ``decide`` applies the rules of ``codegen/directions.py`` and the
decisions of ``codegen/decisions/`` (each parameter's direction and Python name) to a copy, at build time: a
changed override changes the generated code on the next build, with no snapshot to regenerate. ``type_index.TypeIndex`` answers what a name
is (enum, pointer handle, integer handle, struct, function pointer, primitive) for the emitters.
"""

import copy
import os
import re

from . import directions, docs
from .decisions.coverage import SKIP
from .parse import HeaderParser, eval_define, header_defines
from .preprocess import expand_names, macro_definitions, preprocess
from .type_index import TypeIndex  # noqa: F401  (the emitters' answer to what a name is)

MODEL_FORMAT = 1


def build_model(family, include_dirs):
    """Parse ``family``'s headers found in ``include_dirs`` into its API model (a JSON-ready dict)."""
    pp = preprocess(family.headers, include_dirs)
    hp = HeaderParser(family.own + family.standins, family.borrow).parse(pp.text)

    declared = {f["symbol"] for f in hp.functions}
    defines = dict(pp.defines)
    if family.ptds_macro:  # some renames exist only under the per-thread default stream macro
        defines.update(macro_definitions(family.headers, include_dirs, [family.ptds_macro]))
    candidates = sorted(n for n, body in defines.items() if re.match(r"^[A-Za-z_]\w*(\(\w+\))?$", body))
    normal = expand_names(family.headers, include_dirs, candidates)
    public_of = {s: n for s, n in hp.forwarders.items() if s in declared}
    for name, symbol in sorted(normal.items()):
        if symbol in declared and name != symbol and not name.startswith("_"):
            public_of.setdefault(symbol, name)
    ptds = {}
    if family.ptds_macro:
        ptds = expand_names(family.headers, include_dirs, candidates, [family.ptds_macro])

    functions = []
    handles = _handle_typedefs(hp.decls)
    for f in hp.functions:
        name = public_of.get(f["symbol"], f["symbol"])
        if name in SKIP.get(family.name, ()):
            continue
        params = [dict(p, type=_handle_named(p["type"], handles)) for p in f["params"]]
        entry = {"name": name, "symbol": f["symbol"], "ret": f["ret"], "params": params}
        if name in ptds and ptds[name] != f["symbol"]:
            entry["ptds_symbol"] = ptds[name]
        functions.append(entry)
    # a name declared for two symbols (cufile.h declares cuFileDriverClose, then #defines it to
    # cuFileDriverClose_v2 and declares that): the one the header's macro maps the name to
    names = [f["name"] for f in functions]
    functions = [f for f in functions if names.count(f["name"]) == 1 or f["symbol"] == normal.get(f["name"])]

    paths = [find_header(h, include_dirs) for h in family.own]
    constants = []
    enum_names = set(hp.enum_values)
    for name in header_defines(paths):
        if not name.startswith(family.const_prefixes) or name in enum_names:
            continue
        value = eval_define(name, pp.defines)
        if value is not None:
            constants.append([name, value])

    macro = family.version_macro
    version_defines = pp.defines
    if macro not in version_defines and family.version_header:
        version_defines = macro_definitions([family.version_header], include_dirs)
    version = eval_define(macro, version_defines) if macro in version_defines else None
    model = {
        "format": MODEL_FORMAT,
        "family": family.name,
        "status": family.status,
        "cuda_version": version,
        "headers": list(family.headers),
        "alignments": dict(sorted(pp.alignments.items())),
        "decls": hp.decls,
        "functions": functions,
        "constants": constants,
    }
    docs.attach(model, paths)  # the headers' doc comments, as text (codegen/docs.py)
    return model


def decide(facts):
    """A copy of a family's header facts with the build's decisions applied (directions, Python names)."""
    model = copy.deepcopy(facts)
    directions.assign(model)
    return model


def _handle_typedefs(decls):
    """{"struct TAG": typedef name} for the opaque structs a pointer typedef names (the first one)."""
    opaque = {"%s %s" % (d["kind"], d["tag"]) for d in decls if d.get("opaque")}
    out = {}
    for d in decls:
        t = d.get("type", {})
        if d["kind"] == "typedef" and t.get("base") in opaque and t.get("ptrs") == [False] and not t.get("dims"):
            out.setdefault(t["base"], d["name"])
    return out


def _handle_named(t, handles):
    """A parameter of type ``struct TAG *...`` spelled with the handle typedef of ``struct TAG *``
    (``struct cudaGraphicsResource **`` -> ``cudaGraphicsResource_t *``, as cuda_gl_interop.h has it):
    the same C type, which the rules and emitters know as a handle."""
    if t.get("base") not in handles or not t.get("ptrs") or t["ptrs"][-1] or t.get("const") or t.get("dims"):
        return t
    out = dict(t, base=handles[t["base"]], ptrs=t["ptrs"][:-1])  # the last is the one next to the base
    if not out["ptrs"]:
        del out["ptrs"]
    return out


def find_header(header, include_dirs):
    """Path of ``header`` in the first of ``include_dirs`` that has it."""
    for d in include_dirs:
        p = os.path.join(d, header)
        if os.path.exists(p):
            return p
    raise FileNotFoundError("%s not found in %s" % (header, ", ".join(include_dirs)))
