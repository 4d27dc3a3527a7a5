"""Emit ``.pyi`` stubs for a family's generated module: enums with their members, handle and struct classes
with their fields, and every function with its parameters and the types of the tuple it returns. Each carries
the header's documentation: a function the docstring of its wrapper, an enum member or struct field the text
after it (an attribute docstring).

A function's outputs are stubbed as their own types, not ``Optional``: an output is None only when the status
is an error, and cuda.bindings' users unpack without looking at it first (``err, dptr = cuMemAlloc(16);
cuMemFree(dptr)``), which an ``Optional`` output would make mypy refuse. ``cudacffi.check`` carries these
types through (its overloads in ``cudacffi/__init__.pyi``)."""

from .ctype import CType
from .emit_classes import HANDLE_BASES, StubTypes, _all_fields, attribute_doc, enum_stub, fitted, stub_head
from .emit_py import PyWriter
from .lowering import lower
from .signature import outputs
from .text import wrapped

_HANDLE = """\
    def __init__(self, init_value: Any = 0, _ptr: int = 0) -> None: ...
    def getPtr(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ..."""

_STRUCT = """\
    def __init__(self, _ptr: int = 0, **fields: Any) -> None: ...
    def getPtr(self) -> int: ..."""


class PyiWriter(StubTypes):
    """The tuple style's stubs: the shared enum classes and types (``emit_classes``), the handle and struct
    classes with their fields, and each function returning its tuple."""

    def emit(self):
        pw, m = self.pw, self.model
        self.function_of = {f["name"]: f for f in m["functions"]}
        module, self.bases = HANDLE_BASES.get(m["family"], (None, {}))
        lines = stub_head(m, ("Any", "Callable", "List", "Optional", "Sequence", "Tuple", "Union")) + [
            "",
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
            decl = enums[tag[len("enum "):]]
            lines += enum_stub(name, [(n, v, n) for n, v in decl["members"]], decl)
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
            # outputs as their own types (None only with an error status: see the module's docstring)
            outs = [self.output_type(p) for p in outputs(self.function_of[lf.cname])]
            doc = docstrings.get(lf.cname) or pw.docstring(lf)
            lines += wrapped("def %s(" % lf.name, args, ") -> Tuple[%s]:" % ", ".join([m["status"]] + outs))
            lines += doc + [""]
        return "\n".join(fitted(lines)) + "\n"

    def classes(self):
        pw = self.pw
        lines = []
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


def emit(model, names=None):
    """The stub text of a tuple-style family (``names``: the PyWriter that rendered its module, made if not
    given)."""
    if names is None:
        names = PyWriter(model)
        names.module()
    return PyiWriter(model, names).emit()
