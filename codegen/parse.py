"""Parse preprocessed CUDA headers with pycparser into the API model's raw declarations.

Uses pycparser's public API only (``CParser``, ``c_ast``). Declarations are kept in header order and only
those that come from the family's own header files; names from ``headers/fake_libc`` are primitives.
"""

import ast
import operator
import os
import re

from pycparser import c_ast, c_parser

from .ctype import CType, canonical_primitive


class ParseError(RuntimeError):
    pass


# -- constant expressions (enum values, array sizes, #define constants) ----------------------------------

_BINOPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
           "<<": operator.lshift, ">>": operator.rshift, "|": operator.or_, "&": operator.and_,
           "^": operator.xor, "%": operator.mod}
_UNOPS = {"-": operator.neg, "+": operator.pos, "~": operator.invert}


def int_literal(text):
    t = text.rstrip("uUlL")
    if t.startswith("'"):
        return ord(ast.literal_eval(t))
    if t.lower().startswith("0x"):
        return int(t, 16)
    if len(t) > 1 and t.startswith("0") and t.isdigit():
        return int(t, 8)
    return int(t)


def eval_expr(node, names):
    if isinstance(node, c_ast.Constant):
        if node.type in ("int", "unsigned int", "long int", "unsigned long int", "long long int",
                         "unsigned long long int", "char") or node.type.endswith("int"):
            return int_literal(node.value)
        raise ParseError("non-integer constant %r" % node.value)
    if isinstance(node, c_ast.ID):
        if node.name not in names:
            raise ParseError("unknown name %r in constant expression" % node.name)
        return names[node.name]
    if isinstance(node, c_ast.UnaryOp) and node.op == "sizeof":
        return _sizeof(node.expr, names)
    if isinstance(node, c_ast.UnaryOp):
        return _UNOPS[node.op](eval_expr(node.expr, names))
    if isinstance(node, c_ast.BinaryOp):
        value = _BINOPS[node.op](eval_expr(node.left, names), eval_expr(node.right, names))
        if node.op == "<<" and isinstance(node.left, c_ast.Constant) and node.left.type == "int" \
                and 2 ** 31 <= value < 2 ** 32:
            value -= 2 ** 32  # an int shifted into the sign bit: (1 << 31) is INT_MIN, as the compiler has it
        return value
    if isinstance(node, c_ast.Cast):
        return eval_expr(node.expr, names)
    raise ParseError("unsupported constant expression %s" % type(node).__name__)


# sizeof inside array bounds (``char pad[8 - sizeof(CUlaunchAttributeID)]``) on the LP64 targets we build for
_SIZES = {"char": 1, "signed char": 1, "unsigned char": 1, "short": 2, "unsigned short": 2, "int": 4,
          "unsigned int": 4, "long": 8, "unsigned long": 8, "long long": 8, "unsigned long long": 8,
          "float": 4, "double": 8, "size_t": 8}


def _sizeof(node, names):
    t = node.type if isinstance(node, c_ast.Typename) else None
    if isinstance(t, c_ast.PtrDecl):
        return 8
    if isinstance(t, c_ast.TypeDecl) and isinstance(t.type, c_ast.IdentifierType):
        name = canonical_primitive(t.type.names)
        if name in _SIZES:
            return _SIZES[name]
        if names.get("__sizeof__" + name):
            return names["__sizeof__" + name]
    raise ParseError("unsupported sizeof in constant expression")


# -- declarations ----------------------------------------------------------------------------------------

class HeaderParser:
    """Turns a preprocessed translation unit into ordered declarations of the wanted files."""

    def __init__(self, wanted_files, borrow=()):
        self.wanted = tuple(os.path.basename(f) for f in wanted_files)
        self.borrow = frozenset(borrow)  # typedefs of other files kept too (with the types they name)
        self.decls = []  # dicts in header order
        self.functions = []
        self.forwarders = {}  # symbol -> public name of a static inline function that only calls it
        self.enum_values = {}
        self._anon = {"struct": 0, "union": 0}
        self._seen_tags = set()
        self._defined_tags = set()

    def _wanted(self, node):
        f = node.coord.file if node.coord else ""
        return os.path.basename(f) in self.wanted

    def parse(self, text):
        try:
            tree = c_parser.CParser().parse(text, filename="<cuda>")
        except Exception as e:  # pycparser raises its own ParseError
            raise ParseError("pycparser: %s" % e) from e
        for node in tree.ext:
            if isinstance(node, c_ast.Typedef):
                self._typedef(node)
            elif isinstance(node, c_ast.Decl):
                self._decl(node)
            elif isinstance(node, c_ast.FuncDef) and self._wanted(node):
                self._forwarder(node)
        return self

    # types ---------------------------------------------------------------------------------------------
    def ctype(self, node, wanted=True):
        ptrs, dims = [], []
        while True:
            if isinstance(node, c_ast.PtrDecl):
                ptrs.append("const" in node.quals)
                node = node.type
            elif isinstance(node, c_ast.ArrayDecl):
                dims.append(eval_expr(node.dim, self.enum_values))
                node = node.type
            elif isinstance(node, c_ast.FuncDecl):
                ret = self.ctype(node.type, wanted)
                params = self._params(node.args, wanted)
                return CType("", False, ptrs, dims, {"ret": ret, "params": params})
            elif isinstance(node, c_ast.TypeDecl):
                const = "const" in node.quals
                base = self._base(node.type, wanted)
                return CType(base, const, ptrs, dims)
            elif isinstance(node, c_ast.Typename):
                node = node.type
            elif isinstance(node, (c_ast.Struct, c_ast.Union)):  # anonymous member: union { ... };
                return CType(self._base(node, wanted), False, ptrs, dims)
            else:
                raise ParseError("unsupported type node %s" % type(node).__name__)

    def _base(self, node, wanted):
        if isinstance(node, c_ast.IdentifierType):
            return canonical_primitive(node.names)
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            kind = "struct" if isinstance(node, c_ast.Struct) else "union"
            tag = node.name
            if tag is None:
                self._anon[kind] += 1
                tag = "anon_%s%d" % (kind, self._anon[kind])
            if node.decls is not None and wanted:
                self._struct(kind, tag, node, anonymous=node.name is None)
            elif wanted and tag not in self._seen_tags:
                self._seen_tags.add(tag)
                self.decls.append({"kind": kind, "tag": tag, "opaque": True})
            return "%s %s" % (kind, tag)
        if isinstance(node, c_ast.Enum):
            tag = node.name
            if tag is None:
                self._anon["enum"] = self._anon.get("enum", 0) + 1
                tag = "anon_enum%d" % self._anon["enum"]
            if node.values is not None:
                self._enum(node, tag, wanted, anonymous=node.name is None)
            return "enum %s" % tag
        raise ParseError("unsupported base type %s" % type(node).__name__)

    def _params(self, plist, wanted):
        params = []
        if plist is None:
            return params
        for i, p in enumerate(plist.params):
            if isinstance(p, c_ast.EllipsisParam):
                raise ParseError("variadic functions are not supported")
            t = self.ctype(p.type, wanted)
            if t.base == "void" and not t.ptrs and len(plist.params) == 1:
                return []
            params.append((getattr(p, "name", None) or "arg%d" % i, t))
        return params

    # declarations ------------------------------------------------------------------------------------
    def _struct(self, kind, tag, node, anonymous):
        if tag in self._defined_tags:
            return
        self._defined_tags.add(tag)
        self._seen_tags.add(tag)
        fields = []
        for d in node.decls:
            t = self.ctype(d.type)
            if d.bitsize is not None:
                raise ParseError("bit-fields are not supported (%s.%s)" % (tag, d.name))
            fields.append({"name": d.name, "type": t.to_json()})
        entry = {"kind": kind, "tag": tag, "fields": fields}
        if anonymous:
            entry["anonymous"] = True
        # an opaque forward declaration seen earlier is superseded by the definition
        self.decls = [x for x in self.decls if not (x.get("opaque") and x.get("tag") == tag)]
        self.decls.append(entry)

    def _enum(self, node, tag, wanted, anonymous=False):
        members = []
        value = -1
        for e in node.values.enumerators:
            value = eval_expr(e.value, self.enum_values) if e.value is not None else value + 1
            self.enum_values[e.name] = value
            members.append([e.name, value])
        if wanted:
            entry = {"kind": "enum", "tag": tag, "members": members}
            if anonymous:
                entry["anonymous"] = True
            self.decls.append(entry)

    def _typedef(self, node):
        wanted = self._wanted(node) or node.name in self.borrow
        if not wanted:  # typedefs from fake_libc or other headers: known by name, declared elsewhere
            self.ctype(node.type, wanted=False)
            return
        t = self.ctype(node.type)
        if not t.ptrs and not t.dims and t.fn is None:
            if t.base.startswith("enum "):
                self.enum_values["__sizeof__" + node.name] = 4
            elif t.base in _SIZES:
                self.enum_values["__sizeof__" + node.name] = _SIZES[t.base]
        self.decls.append({"kind": "typedef", "name": node.name, "type": t.to_json()})

    def _forwarder(self, node):
        """``static inline R name(a, b) { return symbol(a, b); }``: the header's way of mapping a public name
        to a versioned symbol (nvJitLink.h: nvJitLinkCreate -> __nvJitLinkCreate_12_9)."""
        items = node.body.block_items or []
        if len(items) != 1 or not isinstance(items[0], c_ast.Return):
            return
        call = items[0].expr
        if not (isinstance(call, c_ast.FuncCall) and isinstance(call.name, c_ast.ID)):
            return
        params = [p.name for p in (node.decl.type.args.params if node.decl.type.args else [])]
        args = [a.name if isinstance(a, c_ast.ID) else None for a in (call.args.exprs if call.args else [])]
        if args == [p for p in params if p is not None]:
            self.forwarders[call.name.name] = node.decl.name

    def _decl(self, node):
        wanted = self._wanted(node)
        if isinstance(node.type, c_ast.FuncDecl):
            if not wanted:
                return
            ret = self.ctype(node.type.type)
            params = self._params(node.type.args, True)
            self.functions.append({"symbol": node.name, "ret": ret.to_json(),
                                   "params": [{"name": n, "type": t.to_json()} for n, t in params]})
        elif node.name is None:
            self.ctype(c_ast.TypeDecl(None, [], None, node.type), wanted)
        # global variables are not part of any API model


# -- #define constants -----------------------------------------------------------------------------------

# a cast: a type name in parentheses (macros are substituted first, so a word left there names a type)
# before a value, a parenthesis or a negative literal (``((CUdevice)-1)``)
_CAST = re.compile(r"\(\s*(?:const\s+)?(?:struct\s+)?[A-Za-z_]\w*(?:\s+\w+)*\s*\**\s*\)(?=\s*[\w(]|\s*-\s*\d)")
_SUFFIX = re.compile(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b")
_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+(.+?)\s*$", re.M)


def header_defines(paths):
    """Names #defined as values (not function-like) in the given header files, in file order."""
    names = []
    for p in paths:
        with open(p, encoding="utf-8", errors="replace") as f:
            text = re.sub(r"\\\n", " ", f.read())
        for m in _DEFINE.finditer(text):
            if m.group(1) not in names:
                names.append(m.group(1))
    return names


def eval_define(name, defines, depth=0):
    """Integer value of a macro, following other macros and dropping casts; None if not an integer."""
    body = defines.get(name)
    if body is None or depth > 20:
        return None
    body = re.sub(r"/\*.*?\*/|//.*$", "", body).strip()
    if not body:
        return None

    def subst(m):
        word = m.group(0)
        if word in defines and word != name:
            v = eval_define(word, defines, depth + 1)
            return "(%d)" % v if v is not None else word
        return word

    text = re.sub(r"\b[A-Za-z_]\w*\b", subst, body)
    text = _CAST.sub("", text)
    text = _SUFFIX.sub(r"\1", text)
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return None
    for n in ast.walk(tree):
        if not isinstance(n, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.operator,
                              ast.unaryop)):
            return None
        if isinstance(n, ast.Constant) and not isinstance(n.value, int):
            return None
        if isinstance(n, ast.Div):
            return None
    return int(eval(compile(tree, "<define>", "eval"), {"__builtins__": {}}))
