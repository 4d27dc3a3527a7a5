"""The C type of a parameter, field or typedef, as the API model stores it.

A type is a named base (a primitive such as ``unsigned int``, a typedef such as ``CUstream``, or
``struct TAG`` / ``union TAG`` / ``enum TAG``), an optional ``const`` on the base, a list of pointer
levels (outermost first, each ``True`` when that pointer is itself ``const``) and array dimensions.
Function-pointer typedefs carry ``fn``: the return type and parameter types.
"""

from dataclasses import dataclass, field
from typing import List, Optional

PRIMITIVES = {
    "void", "char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
    "long", "unsigned long", "long long", "unsigned long long", "float", "double", "_Bool", "bool",
    "size_t", "ssize_t", "ptrdiff_t", "wchar_t",
    "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
    "intptr_t", "uintptr_t", "off_t", "loff_t",
}

# Canonical spelling of multi-word primitives as pycparser lists them.
_CANON = {
    "signed": "int", "unsigned": "unsigned int", "signed int": "int", "short int": "short",
    "unsigned short int": "unsigned short", "long int": "long", "unsigned long int": "unsigned long",
    "long long int": "long long", "unsigned long long int": "unsigned long long", "signed char": "signed char",
    "signed short": "short", "signed long": "long", "signed long long": "long long",
}


def canonical_primitive(names):
    text = " ".join(names)
    return _CANON.get(text, text)


@dataclass
class CType:
    base: str
    const: bool = False
    ptrs: List[bool] = field(default_factory=list)
    dims: List[int] = field(default_factory=list)
    fn: Optional[dict] = None  # {"ret": CType, "params": [(name, CType)]} for function pointers

    # -- queries -----------------------------------------------------------------------------------
    @property
    def depth(self):
        return len(self.ptrs)

    def pointee(self):
        """The type one pointer level down."""
        return CType(self.base, self.const, self.ptrs[1:], [], self.fn)

    def element(self):
        return CType(self.base, self.const, list(self.ptrs), self.dims[1:], self.fn)

    def is_void_ptr(self):
        return self.base == "void" and self.depth == 1

    # -- text -----------------------------------------------------------------------------------------
    def declare(self, name=""):
        """C declaration text: ``const char *const *name``, ``int name[4]``."""
        if self.fn is not None:
            params = ", ".join(t.declare(n) for n, t in self.fn["params"]) or "void"
            stars = "*" * self.depth
            return "%s (%s%s)(%s)" % (self.fn["ret"].declare(), stars, name, params)
        text = ("const " if self.const else "") + self.base
        for const in reversed(self.ptrs):
            text += " *" + (" const" if const else "")
        if name:
            text += (" " if not text.endswith("*") else "") + name
        for d in self.dims:
            text += "[%d]" % d
        return text

    def __str__(self):
        return self.declare()

    # -- JSON -----------------------------------------------------------------------------------------
    def to_json(self):
        d = {"base": self.base}
        if self.const:
            d["const"] = True
        if self.ptrs:
            d["ptrs"] = list(self.ptrs)
        if self.dims:
            d["dims"] = list(self.dims)
        if self.fn is not None:
            d["fn"] = {"ret": self.fn["ret"].to_json(),
                       "params": [[n, t.to_json()] for n, t in self.fn["params"]]}
        return d

    @classmethod
    def from_json(cls, d):
        fn = None
        if "fn" in d:
            fn = {"ret": cls.from_json(d["fn"]["ret"]),
                  "params": [(n, cls.from_json(t)) for n, t in d["fn"]["params"]]}
        return cls(d["base"], d.get("const", False), list(d.get("ptrs", [])), list(d.get("dims", [])), fn)
