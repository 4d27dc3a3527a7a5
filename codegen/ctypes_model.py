"""Former name of ``codegen.ctype`` (it holds C types, not ctypes); kept so old imports work."""

from .ctype import PRIMITIVES, CType, canonical_primitive  # noqa: F401
