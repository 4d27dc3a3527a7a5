"""Emit ``.pyi`` stubs for a family's generated module: enums with their members, handle and struct classes
with their fields, and every function with its parameters and the types of the tuple it returns. Each carries
the header's documentation: a function the docstring of its wrapper, an enum member or struct field the text
after it (an attribute docstring)."""

from . import docstring
from .ctype import CType
from .emit_c import version_text
from .emit_py import HANDLE_BASES
from .lowering import TypeNames, lower
from .signature import outputs
from .text import WIDTH, fit, wrapped

_FLOATS = ("float", "double")

_HANDLE = """\
    def __init__(self, init_value: Any = 0, _ptr: int = 0) -> None: ...
    def getPtr(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ..."""

_STRUCT = """\
    def __init__(self, _ptr: int = 0, **fields: Any) -> None: ...
    def getPtr(self) -> int: ..."""


class PyiWriter:
    def __init__(self, model, names=None):
        self.model = model
        self.pw = names or TypeNames(model)  # the Python class of every type (the module's own tables)
        self.bases = HANDLE_BASES.get(model["family"], (None, {}))[1]

    def value_type(self, t):
        """The Python type of a value of C type ``t`` as cudacffi returns it."""
        pw = self.pw
        if t.ptrs or t.base == "void":
            return "int"
        if t.base.startswith(("struct ", "union ")):
            return pw.struct_class.get(t.base, "Any")
        k = pw.kind(t.base)
        if k in ("handle_ptr", "handle_int", "fnptr"):
            return t.base
        if k == "enum":
            return pw.enum_class_of(t.base)
        if k == "struct":
            return pw.class_for(t.base)
        return "float" if pw.resolved(t).base in _FLOATS else "int"

    def output_type(self, p):
        d = p["dir"]
        if d in ("out_cstr", "out_bytes", "return"):
            return "bytes"
        t = CType.from_json(p["type"]).pointee()
        if p.get("any"):
            return "int"
        if d == "out_list":
            if CType.from_json(p["type"]).depth == 2 and not (p.get("fixed") or p.get("count_fn")):
                t = t.pointee()  # the library's own array
            return "List[%s]" % self.value_type(t)
        return self.value_type(t)

    def input_type(self, p):
        """What a Python argument may be, from its direction and C type (a lowered parameter)."""
        kind, t = p.direction.kind, p.ctype
        if kind == "in":
            if t.fn is not None:
                return "Any"
            return self.accepted(t)
        if kind == "in_struct":
            return "Optional[%s]" % self.value_type(t.pointee()) if t.pointee().base != "void" else "Any"
        if kind == "in_str":
            return "Optional[bytes]"
        if kind in ("in_ptr", "caller_buf", "extra"):
            return "_Buffer"
        if kind in ("in_ref", "inout"):
            return self.accepted(t.pointee())
        if kind == "in_list":
            item = t.pointee()
            if item.base == "char" and item.ptrs == [] and t.depth == 2 or (item.ptrs and item.base == "char"):
                return "Sequence[bytes]"
            if item.ptrs or item.base == "void":
                return "Sequence[int]"
            one = self.accepted(item)
            if self.pw.kind(item.base) == "struct":
                return "Union[Sequence[%s], %s]" % (one, one)  # a single struct is a list of one
            return "Sequence[%s]" % one
        return "Any"  # kernel_params (every cuda.bindings form), attribute-typed values

    def accepted(self, t):
        """What an argument of C type ``t`` (by value) may be: its class, or an int where that converts."""
        pw = self.pw
        if t.ptrs or t.base == "void":
            return "int"
        k = pw.kind(t.base)
        if k == "handle_ptr":
            base = self.bases.get(t.base)
            return "Union[%s, %sint, None]" % (t.base, "_base_%s, " % base if base else "")
        if k == "fnptr":
            return "Union[%s, int, None, Callable[..., Any]]" % t.base
        if k in ("handle_int", "enum"):
            return "Union[%s, int]" % self.value_type(t)
        if k in ("struct", "opaque"):
            return self.value_type(t)
        return self.value_type(t)

    def emit(self):
        pw, m = self.pw, self.model
        self.function_of = {f["name"]: f for f in m["functions"]}
        module, self.bases = HANDLE_BASES.get(m["family"], (None, {}))
        lines = ["# generated from CUDA %s by codegen - do not edit" % version_text(m),
                 "from enum import IntEnum",
                 "from typing import Any, Callable, List, Optional, Sequence, Tuple, Union  # noqa: F401", "",
                 "# a void * argument: an int address, None, or any object with the buffer protocol (numpy arrays,",
                 "# bytearray, memoryview); typing has no buffer-protocol type before Python 3.12",
                 "_Buffer = Union[int, None, bytes, bytearray, memoryview, Any]", "",
                 "_library: Any  # the family's library (cudacffi._loader)",
                 "_s: Any  # cudacffi._support", "",
                 "def sizeof(objType: Any) -> int: ...", ""]
        enums = {d["tag"]: d for d in m["decls"] if d["kind"] == "enum"}
        done = set()
        for tag, name in pw.enum_class.items():
            if tag.startswith("alias "):
                lines.append("%s = %s" % (tag[len("alias "):], name))
                continue
            if name in done:
                continue
            done.add(name)
            lines.append("class %s(IntEnum):" % name)
            decl = enums[tag[len("enum "):]]
            lines += attribute_doc(decl.get("doc"))
            docs = decl.get("member_docs", {})
            for n, v in decl["members"]:
                lines.append("    %s = %d" % (n, v))
                lines += attribute_doc(docs.get(n))
            if not decl["members"]:
                lines.append("    ...")
            lines.append("")
        for name, _ in m["constants"]:
            lines.append("%s: int" % name)
        if "CUDA_VERSION" not in dict(m["constants"]):
            lines.append("CUDA_VERSION: int")
        lines.append("")
        if self.bases:
            lines += wrapped("from %s import (" % module,
                             ["%s as _base_%s" % (b, b) for b in sorted(set(self.bases.values()))], ")")
            lines.append("")
        lines += self.classes()
        docstrings = getattr(pw, "docstrings", {})  # the wrappers' (emit_py made them first)
        for lf in lower(m, "tuple", pw)[1]:
            args = ["%s: %s%s" % (p.pyname, self.input_type(p), " = ..." if p.default else "") for p in lf.inputs]
            outs = ["Optional[%s]" % self.output_type(p) for p in outputs(self.function_of[lf.cname])]
            doc = docstrings.get(lf.cname) or pw.docstring(lf)
            lines += wrapped("def %s(" % lf.name, args, ") -> Tuple[%s]:" % ", ".join([m["status"]] + outs))
            lines += doc + [""]
        return "\n".join(fitted(lines)) + "\n"

    def classes(self):
        pw = self.pw
        lines = []
        from .emit_py import _all_fields

        for d in self.model["decls"]:
            if d["kind"] == "typedef" and pw.kind(d["name"]) in ("handle_ptr", "handle_int", "fnptr"):
                base = self.bases.get(d["name"])  # a runtime handle is also its driver handle (emit_py)
                lines += ["class %s%s:" % (d["name"], "(_base_%s)" % base if base else "")]
                lines += attribute_doc(d.get("doc")) + [_HANDLE, ""]
            elif d["kind"] in ("struct", "union") and not d.get("opaque"):
                lines.append("class %s:" % d["tag"])
                lines += attribute_doc(d.get("doc"))
                docs = {}
                for f in _all_fields(d, pw):
                    if f.get("doc"):
                        docs.setdefault(f["name"], f["doc"])
                for name, t in pw.flat_fields(d):
                    lines.append("    %s: %s" % (pw.attr(name), self.field_type(t)))
                    lines += attribute_doc(docs.get(name))
                lines += [_STRUCT, ""]
            elif d["kind"] == "typedef":
                parent = self.struct_parent(d)
                if parent:
                    lines += ["class %s(%s): ..." % (d["name"], parent), ""]
        return lines

    def struct_parent(self, d):
        """The class a struct typedef's class derives from, as the Python layer writes it, or None."""
        pw = self.pw
        t = CType.from_json(d["type"])
        if t.ptrs or t.dims or t.fn is not None:
            return None
        if t.base in pw.struct_class:
            parent = pw.struct_class[t.base]
        elif t.base in pw.index.typedefs and pw.kind(t.base) == "struct":
            parent = t.base
        else:
            return None
        return parent if parent != d["name"] else None

    def field_type(self, t):
        if t.dims:
            if t.base == "char" and not t.ptrs:
                return "bytes"
            return "List[%s]" % self.value_type(CType(t.base, t.const, t.ptrs))
        if t.fn is not None:
            return "int"
        return self.value_type(t)


def attribute_doc(text, indent="    "):
    """The docstring lines after a class line, enum member or field (``text`` a header's doc, or None)."""
    if not text:
        return []
    return docstring.quoted(docstring.wrap(text, WIDTH - len(indent)), indent, closing_apart=False)


def fitted(lines):
    """Stub lines, each statement longer than ``text.LIMIT`` broken (``text.fit``); docstrings as they are."""
    out = []
    for line in lines:
        out += [line] if isinstance(line, docstring.Verbatim) or "\n" in line else fit(line)
    return out


def emit(model, names=None):
    """The stub text of a tuple-style family (``names``: the PyWriter that rendered its module, made if not
    given)."""
    if names is None:
        from .emit_py import PyWriter

        names = PyWriter(model)
        names.module()
    return PyiWriter(model, names).emit()
