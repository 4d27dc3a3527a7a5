"""The Python layer both calling conventions share (tuple style: ``emit_py``; exception style:
``emit_py_exception``): the module's head (docstring, imports, the library), the enum classes, the handle and
struct classes (``ClassWriter``), and in the ``.pyi`` stubs the enum classes with their members and the Python
type of every value (``StubTypes``). Only the function wrappers, the error class and what a call returns differ
by convention, and stay in the two emitters."""

import keyword

from . import docstring
from .ctype import CType
from .directions import _is_count_name, _related, _stem
from .emit_c import version_text
from .lowering import INT_RANGES, STREAM_TYPES, TypeNames
from .text import LIMIT, WIDTH, fit, wrapped

# Handles another family declares for the same C type: (module, {name: base class there}). A subclass
# makes each module accept the other's handles, as cuda.bindings' runtime handles subclass the driver's.
HANDLE_BASES = {
    "runtime": ("cudacffi._gen.driver", {
        "cudaStream_t": "CUstream", "cudaEvent_t": "CUevent", "cudaGraph_t": "CUgraph",
        "cudaGraphNode_t": "CUgraphNode", "cudaGraphExec_t": "CUgraphExec", "cudaFunction_t": "CUfunction",
        "cudaMemPool_t": "CUmemoryPool", "cudaUserObject_t": "CUuserObject",
    }),
}


_FLOATS = ("float", "double")


# -- the module -----------------------------------------------------------------------------------------------

def module_head(model, style, imports, note=None):
    """A generated module's first lines: its docstring, ``note`` (a comment), ``imports``, and the family's
    library (``_library``) with the CUDA version of the headers."""
    fam = model["family"]
    return (header_docstring(fam, version_text(model), style) + ([note] if note else []) + [""] + imports + [""] +
            ["CUDA_VERSION = %d" % (model["cuda_version"] or 0),
             "_library = _loader.library(%r, _lib, _ffi)" % fam,
             "_library.cuda_version = CUDA_VERSION",
             "_library.major = CUDA_VERSION // 1000", ""])


def enum_lines(name, members, decl=None, rows=()):
    """An enum class (``_s.make_enum``) of ``members`` [(Python name, value)], and where ``decl`` (the header's
    enum) documents it its ``__doc__`` (``rows``: see ``enum_docstring``)."""
    lines = wrapped("%s = _s.make_enum(%r, [" % (name, name), ["(%r, %d)" % (n, v) for n, v in members], "], __name__)",
                    one_per_line=True)
    return lines + (enum_docstring(name, decl, rows) if decl is not None else [])


def header_docstring(family, version, style):
    """A generated module's docstring: what it is, from which headers, by which codegen (``text.mark`` adds its
    version and content hash to the first line)."""
    return ['"""%s API generated from CUDA %s by codegen - do not edit.' % (family, version), "",
            "cuda.bindings-compatible, %s. Regenerate with ``python build_cffi.py``; change codegen/ or its" % style,
            "overrides, never this file.", '"""']


def enum_docstring(name, decl, rows, indent=""):
    """``Name.__doc__ = \"\"\"...\"\"\"``: an enum's description and its members' (``rows``: (Python name, C name,
    value)), or nothing where the header documents neither."""
    docs = decl.get("member_docs", {})
    heads = [("%s = %d" % (py, v) + ("" if py == c else " (%s)" % c), docs.get(c)) for py, c, v in rows]
    lines = docstring.members(decl.get("doc"), heads, WIDTH - len(indent))
    if not lines:
        return []
    out = docstring.quoted(lines, indent)
    if indent:  # a class body's docstring (the .pyi stubs)
        return out
    # Name.__doc__ = """\ and the text on the next line (raw: that line starts the text; cleandoc drops it)
    quote = 'r"""' if out[0].startswith("r") else '"""'
    return [docstring.Verbatim("%s.__doc__ = %s%s" % (name, quote, "" if quote == 'r"""' else "\\")),
            docstring.Verbatim(out[0][len(quote):])] + out[1:]


def struct_docstring(d, fields, typer, indent="    "):
    """A struct class's docstring: ``struct TAG.``, then where the header documents it its description and
    fields (each with its Python type)."""
    docs = {}
    for f in _all_fields(d, typer.pw):
        if f.get("doc"):
            docs.setdefault(f["name"], f["doc"])
    rows = [("%s : %s" % (typer.pw.attr(n), typer.field_type(t)), docs.get(n)) for n, t in fields]
    lines = docstring.fields("%s %s." % (d["kind"], d["tag"]), d.get("doc"), rows, WIDTH - len(indent))
    return docstring.quoted(lines or ["%s %s." % (d["kind"], d["tag"])], indent, closing_apart=bool(lines))


def _all_fields(d, names):
    """A struct's field dicts, the members of its anonymous unions and structs lifted in (as ``flat_fields``)."""
    out = []
    for f in d["fields"]:
        if f["name"] is None:
            out += _all_fields(names.index.structs[f["type"]["base"]], names)
        else:
            out.append(f)
    return out



class Lines:
    """A writer's lines, a statement at a time."""

    def w(self, text=""):
        """One statement (a longer one broken to fit: ``text.fit``)."""
        self.lines += fit(text)

    def ws(self, lines):
        self.lines += lines


class ClassWriter(Lines, TypeNames):
    """Renders a family's handle and struct classes (``handles``, ``structs``) and its callback trampolines,
    as both calling conventions have them."""

    def __init__(self, model):
        TypeNames.__init__(self, model)
        self.lines = []

    @property
    def typer(self):
        """The Python types the ``.pyi`` stubs give (docstrings name them too)."""
        if not hasattr(self, "_typer"):
            self._typer = StubTypes(self.model, self)
        return self._typer

    # -- handles -----------------------------------------------------------------------------------------------
    def handles(self):
        module, bases = HANDLE_BASES.get(self.model["family"], (None, {}))
        if bases:
            names = ["%s as _base_%s" % (b, b) for b in sorted(bases.values())]
            line = "from %s import %s" % (module, ", ".join(names))
            self.ws([line] if len(line) <= LIMIT else wrapped("from %s import (" % module, names, ")"))
            self.w()
        for d in self.model["decls"]:
            if d["kind"] != "typedef":
                continue
            name = d["name"]
            t = CType.from_json(d["type"])
            kind = self.kind(name)
            if kind not in ("handle_ptr", "handle_int", "fnptr"):
                continue
            doc = docstring.quoted(docstring.wrap(d["doc"], WIDTH - 4), "    ", False) if d.get("doc") else []
            if not t.ptrs and t.fn is None and t.base in self.index.typedefs and self.kind(t.base) == kind:
                self.w("class %s(%s):" % (name, t.base))
                self.ws(doc)
                self.w("    __slots__ = ()")
                self.w()
                continue
            self.ws(["class %s(%s):" % (name, "_base_" + bases[name] if name in bases else
                                        "_s.IntHandle" if kind == "handle_int" else
                                        "_s.FunctionPointer" if kind == "fnptr" else "_s.PointerHandle")] + doc)
            if name in bases:
                self.w("    __slots__ = ()")
                if name in STREAM_TYPES:
                    self.w("    _stream_protocol = True  # also any object with __cuda_stream__")
            elif kind == "handle_int":
                r = self.resolved(CType(name))
                lo, hi = INT_RANGES[r.base]
                self.w("    __slots__ = ()")
                self.w("    _ctype = %r" % r.base)
                self.w("    _lo, _hi = %d, %d" % (lo, hi))
            elif kind == "fnptr":
                self.w("    __slots__ = ()")
            else:
                self.w("    __slots__ = ()")
                if name in STREAM_TYPES:
                    self.w("    _stream_protocol = True  # also any object with __cuda_stream__")
            self.w()

    # -- structs --------------------------------------------------------------------------------------------------
    def structs(self):
        # a tag's class is its tag (TypeNames); typedef names become subclasses
        # a typedef may name a struct defined further down (CUDA 13.5): its subclass waits for the parent
        emitted, waiting = set(), {}
        self.documented = set()  # struct classes with the header's text (their typedefs' classes share it)

        def subclass(name, parent):
            if parent not in emitted:
                waiting.setdefault(parent, []).append(name)
                return
            self.w("class %s(%s):" % (name, parent))
            if parent in self.documented:  # help() shows no inherited class docstring
                self.w("    __doc__ = %s.__doc__" % parent)
                self.documented.add(name)
            self.w("    __slots__ = ()")
            self.w()
            emitted.add(name)
            for child in waiting.pop(name, ()):
                subclass(child, name)

        for d in self.model["decls"]:
            if d["kind"] in ("struct", "union") and not d.get("opaque"):
                self.struct(d)
                emitted.add(d["tag"])
                for child in waiting.pop(d["tag"], ()):
                    subclass(child, d["tag"])
            elif d["kind"] == "typedef":
                t = CType.from_json(d["type"])
                if t.ptrs or t.dims or t.fn is not None:
                    continue
                if t.base in self.struct_class:
                    parent = self.struct_class[t.base]
                elif t.base in self.index.typedefs and self.kind(t.base) == "struct":
                    parent = t.base
                else:
                    continue
                if parent != d["name"]:
                    subclass(d["name"], parent)

    def struct(self, d):
        tag = d["tag"]
        ctag = "%s %s" % (d["kind"], tag)
        fields = self.flat_fields(d)
        cname = ctag
        if d.get("anonymous"):
            cname = self._anon_cname(ctag)
        self.w("class %s(_s.Struct):" % tag)
        doc = struct_docstring(d, fields, self.typer)
        if len(doc) > 1:
            self.documented.add(tag)
        self.ws(doc)
        self.w("    __slots__ = ()")
        self.w("    _cname = %r" % (cname,))
        names = ["%r" % n for n, _ in fields]
        self.ws(wrapped("_fields = (", names, ")", indent="    ", tuple_=True))
        pairs = self.callback_fields(fields)
        for name, t in fields:
            if name in pairs:
                desc = pairs[name]
            else:
                desc = self.field_descriptor(name, t, fields)
            self.w("    %s = %s" % (self.attr(name), desc))
        self.w()

    def callback_fields(self, fields):
        """Descriptors of a callback field with a user-data sibling (``fn`` and ``userData``) in a struct."""
        out = {}
        void_ptrs = [n for n, t in fields if t.is_void_ptr() and not t.dims]
        for name, t in fields:
            if t.ptrs or t.dims or self.callback_types.get(t.base, (None, None))[1] is None or len(void_ptrs) != 1:
                continue
            data = void_ptrs[0]
            out[name] = "_cbk.CallbackField(%r, %s, _cb, %r, %r)" % (name, t.base, t.base, data)
            out[data] = "_cbk.CallbackDataField(%r, 'void *', %r)" % (data, name)
        return out

    def trampolines(self):
        """One trampoline per callback type: how each C argument becomes a Python value."""
        for name, (t, user) in self.callback_types.items():
            spec = []
            for i, (_, p) in enumerate(t.fn["params"]):
                spec.append("(%s)" % self.callback_arg(p, i == user))
            ret = self.resolved(t.fn["ret"])
            default = "None" if ret.base == "void" and not ret.ptrs else "0"
            self.w("_cb_%s = _cb[%r] = _cbk.Trampoline(_ffi, _lib, %r, (%s), %s)"
                   % (name, name, name, "".join(x + ", " for x in spec), default))

    def callback_arg(self, p, is_user):
        if is_user:
            return "'user', None"
        if p.ptrs:
            inner = p.pointee()
            if inner.base == "char" and not inner.ptrs:
                return "'str', None"
            if not inner.ptrs and inner.base != "void" and self.kind(inner.base) == "struct":
                return "'struct', %s" % self.class_for(inner.base)
            return "'address', None"
        k = self.kind(p.base)
        if k in ("handle_ptr", "handle_int", "fnptr"):
            return "'handle', %s" % p.base
        if k == "enum":
            return "'enum', %s" % self.enum_class_of(p.base)
        return "'value', None"

    def _anon_cname(self, ctag):
        """An anonymous struct has no C name; it is reached through a typedef or its parent's field type."""
        for d in self.model["decls"]:
            if d["kind"] == "typedef" and CType.from_json(d["type"]).base == ctag and not d["type"].get("ptrs"):
                return d["name"]
        # a nested anonymous struct has no name cffi knows: (parent's C name, field) finds its type
        for d in self.model["decls"]:
            if d["kind"] in ("struct", "union") and not d.get("opaque"):
                for f in d["fields"]:
                    t = CType.from_json(f["type"])
                    if t.base == ctag and f["name"]:
                        parent = "%s %s" % (d["kind"], d["tag"])
                        if d.get("anonymous"):
                            parent = self._anon_cname(parent)
                        return (parent, f["name"])
        return ctag

    def handle_list_of(self, t):
        """The handle class a ``T *`` field holds a list of (``CUexternalSemaphore *``), or None."""
        if len(t.ptrs) != 1 or t.dims or t.fn is not None or t.base == "void":
            return None
        k = self.kind(t.base)
        if k == "handle_ptr" or (k == "handle_int" and t.base.endswith(("deviceptr", "Deviceptr"))):
            return t.base
        return None

    @staticmethod
    def count_field(name, fields):
        """The integer field counting the items of array field ``name``: ``numExtSems`` beside ``extSemArray``,
        else a lone ``count``, else ``size`` (the graphs a conditional node returns)."""
        ints = [n for n, t in fields if not t.ptrs and not t.dims and n != name]
        for n in ints:
            stem = _stem(n)
            if stem and _is_count_name(n) and (_related(stem, name) or _related(stem.rstrip("s"), name)):
                return n
        for n in ("count", "size"):
            if n in ints:
                return n
        return None

    def field_descriptor(self, name, t, fields=()):
        if t.dims:
            length = t.dims[0]
            if not t.ptrs and t.base == "char":
                return "_s.ArrayField(%r, %d, is_char=True)" % (name, length)
            cls = "None"
            if not t.ptrs and t.fn is None:
                k = self.kind(t.base)
                if k in ("struct", "handle_ptr", "handle_int", "enum"):
                    cls = self.class_for(t.base)
            return "_s.ArrayField(%r, %d, %s)" % (name, length, cls)
        if t.ptrs or t.fn is not None:
            if name == "kernelParams" and t.base == "void" and len(t.ptrs) == 2:
                return "_s.KernelParamsField(%r, %r)" % (name, t.declare())
            handle = self.handle_list_of(t)
            if handle is not None:
                return "_s.HandleListField(%r, %r, %s, %r)" % (name, t.declare(), handle,
                                                               self.count_field(name, fields))
            if len(t.ptrs) == 1 and t.fn is None and self.kind(t.base) == "struct":
                return "_s.StructListField(%r, %r, %r)" % (name, t.declare(), self.class_for(t.base))
            return "_s.PointerField(%r, %r)" % (name, t.declare())
        k = self.kind(t.base)
        if k == "enum":
            return "_s.EnumField(%r, %s)" % (name, self.enum_class_of(t.base))
        if k == "handle_ptr" or k == "fnptr":
            return "_s.HandleField(%r, %s, %r)" % (name, t.base, self.resolved(t).declare() if k == "handle_ptr"
                                                   else "uintptr_t")
        if k == "handle_int":
            return "_s.HandleField(%r, %s)" % (name, t.base)
        if k == "struct":
            return "_s.StructField(%r, %s)" % (name, self.class_for(t.base))
        return "_s.Field(%r)" % name


# -- the .pyi stubs -----------------------------------------------------------------------------------------------

def stub_head(model, typing_names):
    """A stub file's first lines: the generator's comment and its imports."""
    return ["# generated from CUDA %s by codegen - do not edit" % version_text(model),
            "from enum import IntEnum",
            "from typing import %s  # noqa: F401" % ", ".join(typing_names)]


def enum_stub(name, members, decl=None):
    """An enum class in the stubs: its description, then each member (``members`` [(Python name, value, C name)])
    with the header's text on it. A member whose name is no identifier (nvml's ``Pstates.0``, reached by
    ``getattr``) has no line."""
    lines = ["class %s(IntEnum):" % name]
    members = [m for m in members if m[0].isidentifier() and not keyword.iskeyword(m[0])]
    docs = (decl or {}).get("member_docs", {})
    lines += attribute_doc((decl or {}).get("doc"))
    for py, value, c in members:
        lines.append("    %s = %d" % (py, value))
        lines += attribute_doc(docs.get(c))
    if not members:
        lines.append("    ...")
    return lines + [""]


class StubTypes:
    """The Python type of each value, argument, output and field as the generated module takes and returns it
    (``names``: the module's TypeNames)."""

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
