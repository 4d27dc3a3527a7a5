"""What each type name of a model is (``TypeIndex``): the one question the direction rules, the lowering and
the emitters all ask of a model, below all of them."""

from .ctype import PRIMITIVES, CType


class TypeIndex:
    """What each type name in a model is, following typedef chains."""

    def __init__(self, model):
        self.model = model
        self.typedefs = {}
        self.structs = {}  # "struct TAG" / "union TAG" -> decl
        self.enums = {}  # "enum TAG" -> decl
        for d in model["decls"]:
            if d["kind"] == "typedef":
                self.typedefs[d["name"]] = CType.from_json(d["type"])
            elif d["kind"] in ("struct", "union"):
                self.structs["%s %s" % (d["kind"], d["tag"])] = d
            elif d["kind"] == "enum":
                self.enums["enum %s" % d["tag"]] = d

    def resolve(self, t):
        """Follow typedefs until the base is a primitive, struct, union or enum (keeping pointer levels)."""
        ptrs = list(t.ptrs)
        dims = list(t.dims)
        const = t.const
        while t.base in self.typedefs and t.fn is None:
            inner = self.typedefs[t.base]
            ptrs = ptrs + list(inner.ptrs)
            dims = dims + list(inner.dims)
            const = const or inner.const
            t = inner
        return CType(t.base, const, ptrs, dims, t.fn)

    def kind(self, name):
        """Kind of a type *name* used by value: enum, handle_ptr, handle_int, struct, fnptr, primitive, void."""
        if name in PRIMITIVES:
            return "void" if name == "void" else "primitive"
        if name.startswith("enum "):
            return "enum"
        if name.startswith(("struct ", "union ")):
            decl = self.structs.get(name)
            return "struct" if decl is not None and not decl.get("opaque") else "opaque"
        if name not in self.typedefs:
            raise KeyError("unknown type name %r" % name)
        r = self.resolve(CType(name))
        if r.fn is not None:
            return "fnptr"
        if r.base.startswith("enum "):
            return "enum"
        if r.base.startswith(("struct ", "union ")):
            if r.ptrs:
                return "handle_ptr"
            decl = self.structs.get(r.base)
            return "struct" if decl is not None and not decl.get("opaque") else "opaque"
        if r.ptrs:
            return "handle_ptr"  # typedef void *X
        if r.base == "void":
            return "void"
        return "handle_int" if not r.dims else "struct"

    def is_function_type(self, name):
        """Whether ``name`` is a function type (``typedef int F(int);``): an ``F *`` is then a function
        pointer, as a function-pointer typedef is (vdpau.h's VdpGetProcAddress)."""
        t = self.typedefs.get(name)
        return t is not None and t.fn is not None and not t.ptrs

    def enum_name_of(self, name):
        """The typedef name an ``enum TAG`` is known by (``enum cudaError_enum`` -> ``CUresult``)."""
        return self._enum_typedefs().get(name, name)

    def _enum_typedefs(self):
        if not hasattr(self, "_etd"):
            self._etd = {}
            for n, t in self.typedefs.items():
                if t.base.startswith("enum ") and not t.ptrs and n not in self._etd.values():
                    self._etd.setdefault(t.base, n)
        return self._etd
