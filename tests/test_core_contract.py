"""Every row of the cudacffi.core contract (cuda.core 1.2.2's public API table): each module, class, function,
constant, field, method and property exists, with the table's kind (a property is a property, a classmethod
a classmethod) and, for functions and methods, the table's parameter names in its order."""

import dataclasses
import importlib
import inspect
import os
import re

import pytest

TABLE = os.path.join("/work/shared/reference/cuda-core-1.2.2", "api.tsv")

# where cudacffi.core takes more than the table's parameters (each an addition the table's calls still fit)
EXTENDED = {("cuda.core", "Buffer", "fill"): ["value", "width", "stream"],  # width: 2- and 4-byte patterns
            ("cuda.core", "ManagedBuffer", "fill"): ["value", "width", "stream"]}


def rows():
    if not os.path.exists(TABLE):
        return []
    with open(TABLE, encoding="utf-8") as f:
        return [tuple(line.rstrip("\n").split("\t")[:5]) for line in f][1:]


def table_parameters(signature):
    """Parameter names of a table signature "(self, a: 'T' = 1, *, b) -> 'R'", without self, cls, / and *."""
    inner = signature[signature.index("(") + 1:signature.rindex(")")] if "->" not in signature else \
        signature[signature.index("(") + 1:signature.rindex("->")].rstrip().rstrip(")")
    names, depth, current = [], 0, ""
    for ch in inner + ",":
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            name = re.split(r"[:=]", current)[0].strip()
            if name and name not in ("self", "cls", "/", "*"):
                names.append(name)
            current = ""
        else:
            current += ch
    return names


def our_parameters(fn):
    return [("*" if p.kind is p.VAR_POSITIONAL else "**" if p.kind is p.VAR_KEYWORD else "") + p.name
            for p in inspect.signature(fn).parameters.values() if p.name not in ("self", "cls")]


def ours(module):
    return importlib.import_module(module.replace("cuda.core", "cudacffi.core", 1))


@pytest.mark.skipif(not rows(), reason="the contract table is not on this machine")
@pytest.mark.parametrize("module", sorted({r[0] for r in rows() if r[0] != "module"}))
def test_every_row_of_the_module(module):
    wrong = []
    for mod, name, member, kind, signature in rows():
        if mod != module:
            continue
        obj = getattr(ours(mod), name, None)
        if obj is None:
            wrong.append("%s.%s missing" % (mod, name))
            continue
        if not member:
            if kind == "class" and not isinstance(obj, type):
                wrong.append("%s is no class" % name)
            elif kind == "function" and table_parameters(signature) != our_parameters(obj):
                wrong.append("%s%s, table %s" % (name, our_parameters(obj), table_parameters(signature)))
            continue
        if kind == "field":
            if dataclasses.is_dataclass(obj):
                if member not in [f.name for f in dataclasses.fields(obj)]:
                    wrong.append("%s.%s is no field" % (name, member))
            elif not hasattr(obj, member):
                wrong.append("%s.%s missing" % (name, member))
            continue
        try:
            static = inspect.getattr_static(obj, member)
        except AttributeError:
            wrong.append("%s.%s missing" % (name, member))
            continue
        if isinstance(obj, type) and issubclass(obj, str) and kind in ("method", "staticmethod"):
            continue  # the str methods of the str-valued enums
        descriptor = type(static).__name__
        # _direct.getter_in_c: a property read in C on CPython, which is the property itself on the class
        read_in_c = descriptor == "Getter" and isinstance(getattr(obj, member), property)
        if kind == "property" and not (isinstance(static, property) or read_in_c or descriptor in (
                "getset_descriptor", "member_descriptor", "cached_property")):
            wrong.append("%s.%s is a %s, not a property" % (name, member, descriptor))
        elif kind == "classmethod" and not isinstance(static, classmethod):
            wrong.append("%s.%s is a %s, not a classmethod" % (name, member, descriptor))
        elif kind == "staticmethod" and not isinstance(static, staticmethod):
            wrong.append("%s.%s is a %s, not a staticmethod" % (name, member, descriptor))
        elif kind == "method" and (isinstance(static, (property, classmethod, staticmethod)) or not callable(static)):
            wrong.append("%s.%s is a %s, not a method" % (name, member, descriptor))
        if kind in ("method", "classmethod", "staticmethod") and not member.startswith("__"):
            want = EXTENDED.get((mod, name, member), table_parameters(signature))
            try:
                got = our_parameters(getattr(obj, member))
            except (TypeError, ValueError):  # a builtin without a signature
                continue
            if got != want:
                wrong.append("%s.%s%s, table %s" % (name, member, got, want))
    assert not wrong, "\n".join(wrong)
