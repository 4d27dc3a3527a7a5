"""What a family's functions return in place of a plain status, and which of them return one: the family's
status enum, or its status struct (cuFile's ``CUfileError_t``), or a byte count. The lowering and the C stubs both
ask."""

from .ctype import CType
from . import FAMILIES


def returns_status(model, f):
    ret = CType.from_json(f["ret"]).declare()
    if ret == model_status(model):
        return True
    # a family whose status comes in a struct (cuFile): its stubs return the struct's status as an int, and a
    # void function's returns 0 once it has run
    return bool(status_struct(model)) and ret in (status_struct(model), "void")


def status_struct(model):
    """The struct a family's functions return in place of a status (``CUfileError_t``), or ""."""
    fam = FAMILIES.get(model["family"])
    return fam.status_struct if fam is not None else ""


def returns_status_struct(model, f):
    """Whether ``f`` returns its family's status struct (its stubs then return the struct's status member)."""
    struct = status_struct(model)
    return bool(struct) and CType.from_json(f["ret"]).declare() == struct


def returns_count(model, f):
    """Whether ``f`` returns a signed integer that is a count, or negative on a failure (cuFileRead's byte
    count, cuFileUseCount): its stub returns INT64_MIN while unbound. Only in a family with a status struct."""
    ret = CType.from_json(f["ret"])
    return bool(status_struct(model)) and not ret.ptrs and ret.base in ("ssize_t", "long")


def model_status(model):
    return model["status"]
