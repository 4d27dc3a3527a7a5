"""Parameter directions, the vocabulary of ``codegen/decisions/parameters.py`` and of the rules in
``codegen/directions.py``: a ``Direction`` is one of the ``KINDS`` (each says whether the parameter is a Python
input, an output, both or neither, which keys it takes and needs, and how the C stub takes it) with its keys:
``count`` (the parameter counting a list), ``fixed`` (a length the API fixes), ``count_less``, ``count_fn`` (the
function that says a length), ``size``/``sizes`` (a byte size parameter, a list of them), ``any`` (an output slot
wider than the C type), ``table``/``by``/``of`` (values typed by an attribute argument, per ``table`` of
``cudacffi/_attribute_values.py``). A combination no kind takes is refused when the ``Direction`` is made: for a
decision, when its module is imported; for a model, when it is decided, naming the function and the parameter.

To add a direction: a ``Kind`` in ``KINDS`` and its rule in ``codegen/lowering.py`` (``Lowering.RULES``).
"""

from dataclasses import dataclass, fields
from typing import Optional, Tuple

INPUT, OUTPUT, BOTH, NEITHER = "input", "output", "both", "neither"


@dataclass(frozen=True)
class Kind:
    """One direction: what Python sees of the parameter and which keys describe it."""

    name: str
    python: str  # INPUT, OUTPUT, BOTH (taken and returned) or NEITHER (set by the binding)
    doc: str
    keys: Tuple[str, ...] = ()  # the keys it may carry
    needs: Tuple[Tuple[str, ...], ...] = ()  # each tuple: at least one of these keys must be given
    stub: str = "native"  # how the C stub takes it: "native" (its flattened C type) or "address" (uintptr_t)

    @property
    def is_input(self):
        return self.python in (INPUT, BOTH)

    @property
    def is_output(self):
        return self.python in (OUTPUT, BOTH)


KINDS = {k.name: k for k in (
    Kind("in", INPUT, "by value: scalar, enum, handle, struct by value, function pointer"),
    Kind("in_struct", INPUT, "pointer to a struct the caller passes (``const CUDA_MEMCPY2D *``): a struct or None"),
    Kind("in_str", INPUT, "``const char *``: bytes"),
    Kind("in_ptr", INPUT, "``void *``: an int address, None or a buffer (written to when not const)",
         keys=("size",), stub="address"),
    Kind("in_ref", INPUT, "a handle passed by address, which the library reads (and clears): taken as the handle"),
    Kind("in_list", INPUT, "``const T *`` with an element count: a list of T",
         keys=("count", "fixed", "count_less"), needs=(("count", "fixed"),)),
    Kind("out", OUTPUT, "``T *`` the library fills: returned (``void **`` returns an int address); ``fields``: "
         "struct fields the caller gives as arguments first (NVML's versioned requests)", keys=("any", "fields")),
    Kind("inout", BOTH, "``T *`` (a count, a mode): taken as an argument (default 0 at the end) and returned"),
    Kind("out_cstr", OUTPUT, "``const char **``: returned as bytes"),
    Kind("out_bytes", OUTPUT, "``char *`` with a capacity parameter (or a fixed size): returned as bytes",
         keys=("count", "fixed"), needs=(("count", "fixed"),)),
    Kind("out_list", OUTPUT, "``T *`` with a count parameter: returned as a list; the count is inout or in",
         keys=("count", "fixed", "count_fn"), needs=(("count", "fixed", "count_fn"),)),
    Kind("caller_buf", INPUT, "``char *`` the caller supplies and the library writes (``nvrtcGetPTX``)",
         keys=("count",), stub="address"),
    Kind("kernel_params", INPUT, "``cuLaunchKernel``'s argument block (every cuda.bindings form)", stub="address"),
    Kind("extra", INPUT, "``cuLaunchKernel``'s ``extra`` array: an int address or a buffer", stub="address"),
    Kind("attr_in", INPUT, "``void *`` to a value whose C type the attribute ``by`` decides (per ``table``)",
         keys=("table", "by"), needs=(("table",), ("by",))),
    Kind("attr_out", OUTPUT, "the same, written by the library and returned (``size``: the caller's data size)",
         keys=("table", "by", "size"), needs=(("table",), ("by",))),
    Kind("attr_out_list", OUTPUT, "``void **`` of such values, one per item of the attribute list ``by``",
         keys=("table", "by", "count", "sizes"), needs=(("table",), ("by",), ("count",))),
    Kind("attr_size", NEITHER, "the byte size of the typed value ``of`` another parameter: set, not taken",
         keys=("of",), needs=(("of",),)),
    Kind("capacity", NEITHER, "the capacity of an output the binding sizes itself (``fixed`` bytes): set, not taken",
         keys=("fixed",), needs=(("fixed",),)),
    Kind("in_fields", NEITHER, "a struct the binding builds from arguments named by ``fields`` ((Python name, "
         "field) pairs)", keys=("fields",), needs=(("fields",),)),
    Kind("query_count", NEITHER, "``unsigned int *`` counting an ``out_list``, asked first (NVML: a call with 0 "
         "reports the count needed), then the list's capacity and what was written"),
)}

# the tables of cudacffi/_attribute_values.py (a test keeps the two in step)
ATTRIBUTE_TABLES = ("pointer", "mem_range", "coredump", "mempool", "graph_mem", "shareable", "range_handle")
_REFERENCES = ("count", "by", "size", "sizes", "of")  # keys that name another parameter of the function
_KEYS = ("count", "fixed", "count_less", "count_fn", "size", "sizes", "any", "table", "by", "of", "fields")
SCHEMA = {name: k.keys for name, k in KINDS.items()}  # the keys each direction takes (for readers and tests)
INPUT_DIRS = tuple(name for name, k in KINDS.items() if k.is_input)
OUTPUT_DIRS = tuple(name for name, k in KINDS.items() if k.is_output)


@dataclass(frozen=True)
class Direction:
    """A parameter's direction: its kind and the keys that kind takes (see ``KINDS``)."""

    kind: str
    count: Optional[str] = None
    fixed: Optional[int] = None
    count_less: Optional[int] = None
    count_fn: Optional[str] = None
    size: Optional[str] = None
    sizes: Optional[str] = None
    any: Optional[str] = None
    table: Optional[str] = None
    by: Optional[str] = None
    of: Optional[str] = None
    fields: Optional[Tuple[Tuple[str, str], ...]] = None  # (Python name, struct field) the caller gives

    def __post_init__(self):
        kind = KINDS.get(self.kind)
        if kind is None:
            raise ValueError("direction %r is not one the emitters render" % self.kind)
        given = self.keys()
        extra = sorted(set(given) - set(kind.keys))
        if extra:
            raise ValueError("direction %r takes no %s" % (self.kind, ", ".join(extra)))
        for alternatives in kind.needs:
            if not any(k in given for k in alternatives):
                raise ValueError("direction %r needs %s" % (self.kind, " or ".join(alternatives)))
        if self.table is not None and self.table not in ATTRIBUTE_TABLES:
            raise ValueError("no attribute table %r" % self.table)

    @property
    def spec(self):
        return KINDS[self.kind]

    @property
    def is_input(self):
        return self.spec.is_input

    @property
    def is_output(self):
        return self.spec.is_output

    def keys(self):
        """{key: value} of the keys given, in declaration order."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "kind" and getattr(self, f.name) is not None}

    def references(self):
        """The parameters this direction names: (key, parameter name)."""
        return [(k, v) for k, v in self.keys().items() if k in _REFERENCES]

    def to_json(self):
        return dict(self.keys(), dir=self.kind)

    @classmethod
    def of_param(cls, f, p):
        """The direction of parameter ``p`` of model function ``f``, checked: ValueError naming both."""
        where = "%s(%s)" % (f["name"], p["name"])
        keys = {k: v for k, v in p.items() if k not in ("name", "type", "dir", "pyname")}
        unknown = sorted(set(keys) - {fl.name for fl in fields(cls)})
        if unknown:
            raise ValueError("%s: direction %r takes no %s" % (where, p["dir"], ", ".join(unknown)))
        try:
            d = cls(p["dir"], **keys)
        except ValueError as e:
            raise ValueError("%s: %s" % (where, e)) from None
        names = {q["name"] for q in f["params"]}
        for key, name in d.references():
            if name not in names:
                raise ValueError("%s: %s names %r, which is not a parameter" % (where, key, name))
        return d


@dataclass(frozen=True)
class Named:
    """An override of a parameter's Python name (cuda.bindings names some outputs apart from the C name),
    with its direction where that changes too."""

    pyname: str
    direction: Optional[Direction] = None
