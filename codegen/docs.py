r"""The headers' doc comments, as plain text for the API model.

pycparser drops comments, so they are read from each header's own text (``read_headers``): the doc comment
(``/** ... */``, ``/*! ... */``, ``///``, ``//!``) right before a function declaration or a struct, union, enum
or typedef (only preprocessor conditionals may stand between them), and the trailing comment of a struct field,
an enum value or a typedef (``/**< ... */``, ``//!< ...``). Names match them to the model's declarations
(``attach``). Doxygen commands become text (``function_doc``, ``plain``): a function's doc is kept in parts (its
summary, description, parameters, returns, notes, See Also), every other doc as one text.

A text is logical lines joined by "\n": one paragraph or list item per line (the emitters wrap them), "" between
paragraphs, and literal lines (``\code`` blocks) indented by four spaces, never wrapped.
"""

import html
import re

# -- reading a header's comments and declarations --------------------------------------------------------------

_LEX = re.compile(r"""
    (?P<block>/\*.*?\*/)
  | (?P<line>//[^\n]*)
  | (?P<str>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<pp>^[ \t]*\#(?:[^\n\\/]|\\.|/\*.*?\*/|/(?!\*))*)
  | (?P<id>[A-Za-z_]\w*)
  | (?P<ws>[ \t]*\n|[ \t]+)
  | (?P<punct>.)
""", re.S | re.M | re.X)

# preprocessor lines that may stand between a doc comment and what it documents
_CONDITIONAL = re.compile(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif|pragma)\b")


def _tokens(text):
    """(kind, text) of a header: "doc" / "trailing" (a doc comment; consecutive line comments are one), "pp",
    "id", "str" and single-character "punct"; plain comments and white space are dropped."""
    out = []
    for m in _LEX.finditer(text):
        kind, value = m.lastgroup, m.group()
        if kind == "block":
            if re.fullmatch(r"/\*[*!<\s]*(?:[@\\][{}])?[\s*]*/", value):
                continue  # empty, a banner, or a group's @{ / @}: documents nothing, hides nothing
            # a doc comment, or a plain one written as a doc (nvml.h: /* ... @param ... */)
            if value.startswith(("/**", "/*!")) or re.search(r"[@\\](?:param|returns?|brief)\b", value):
                trailing = value[3:4] == "<"
                out.append(("trailing" if trailing else "doc", value))
        elif kind == "line":
            if value.startswith(("///", "//!")):
                trailing = value[3:4] == "<"
                kind = "trailing" if trailing else "doc"
                prev = out[-1] if out else None
                if prev and prev[0] == kind and prev[1].startswith("//") and not trailing:
                    out[-1] = (kind, prev[1] + "\n" + value)  # consecutive //! lines: one comment
                else:
                    out.append((kind, value))
        elif kind == "pp":
            out.append(("pp", value))
        elif kind in ("id", "str", "punct"):
            out.append((kind, value))
    return out


_KEYWORDS = ("struct", "union", "enum", "const", "volatile", "unsigned", "signed")


class Member:
    """A struct field or enum value of a header's text: its names, doc and the body it defines inline."""

    def __init__(self, doc=None):
        self.names = []
        self.doc = doc
        self.body = None  # [Member] of an inline struct/union (``union { ... } res;``)
        self.tokens = []  # (kind, text, parenthesis depth) outside the body


class HeaderDocs:
    """The raw doc comments of some headers, by name: ``functions[name]``, ``types[(kind, tag)]`` and
    ``typedefs[name]`` (each (comment, members) where it defines a body), first documented one kept."""

    def __init__(self):
        self.functions = {}
        self.types = {}
        self.typedefs = {}

    def read(self, text):
        toks = _tokens(text)
        i, pending, last = 0, None, None
        while i < len(toks):
            kind, value = toks[i]
            if kind == "doc":
                pending = value
                i += 1
            elif kind == "trailing":
                if last and last[1] is None:  # a typedef's trailing comment (typedef struct CUctx_st *CUcontext; /**<)
                    for name in last[0]:
                        if self.typedefs.get(name, (None,))[0] is None:
                            self.typedefs[name] = (value, None)
                last = None
                i += 1
            elif kind == "pp":
                if not _CONDITIONAL.match(value):
                    pending = None
                i += 1
            elif kind == "id" and value == "extern" and i + 2 < len(toks) and toks[i + 1][0] == "str" \
                    and toks[i + 2][1] == "{":
                i += 3  # extern "C" {: its declarations are top-level ones
            elif value == "}":
                i += 1  # the end of an extern "C" block
            else:
                i, last = self._statement(toks, i, pending)
                pending = None
        return self

    def _statement(self, toks, i, doc):
        """Reads one top-level declaration from ``toks[i]``; returns the index after it and (typedef names, doc
        owner or None) for a trailing comment after it."""
        head = []  # depth-0 tokens outside any body
        typedef = False
        defined = None  # (kind, tag, members) of a struct/union/enum body
        paren = 0
        while i < len(toks):
            kind, value = toks[i]
            if kind in ("doc", "trailing", "pp"):
                i += 1
                continue
            if value == "{":
                if defined is None and paren == 0:
                    tagged = _defined_tag(head)
                    if tagged is not None:
                        members, i = _body(toks, i + 1, tagged[0] == "enum")
                        defined = (tagged[0], tagged[1], members)
                        head.append(("body", "", 0))
                        continue
                i = _skip_braces(toks, i)  # a function body (static inline forwarders)
                break
            if value == ";" and paren == 0:
                i += 1
                break
            if value == "(":
                paren += 1
            elif value == ")":
                paren -= 1
            if kind == "id" and value == "typedef" and not head:
                typedef = True
            head.append((kind, value, paren if value != ")" else paren + 1))
            i += 1
        names = _typedef_names(head) if typedef else []
        if defined is not None:
            kind_, tag, members = defined
            if tag:
                _keep(self.types, (kind_, tag), (doc, members))
            for n in names:
                _keep(self.typedefs, n, (doc, members))
        elif typedef:
            for n in names:
                _keep(self.typedefs, n, (doc, None))
        elif doc is not None:
            for j, (k, v, depth) in enumerate(head):
                if k == "id" and depth == 0 and j + 1 < len(head) and head[j + 1][1] == "(":
                    self.functions.setdefault(v, doc)
        return i, (names, defined)


def _keep(table, key, entry):
    """The first definition of ``key`` with a doc comment (else the first one)."""
    if key not in table or (table[key][0] is None and entry[0] is not None):
        table[key] = entry


def _defined_tag(head):
    """(kind, tag or "") where ``head`` ends in ``struct|union|enum [attributes] [tag]`` before a body."""
    for j in range(len(head) - 1, -1, -1):
        k, v, _ = head[j]
        if k == "id" and v in ("struct", "union", "enum"):
            ids = [x for kk, x, d in head[j + 1:] if kk == "id" and d == 0 and not _attribute(x)]
            return v, ids[-1] if ids else ""
    return None


def _attribute(name):
    return name.startswith("__") and name.endswith("__") or name in ("CUDA_CB", "CUDAAPI", "CUDARTAPI")


def _typedef_names(head):
    """The names a typedef declares: each depth-0 declarator's last identifier, or the one inside its first
    parentheses (``(CUDA_CB *CUhostFn)(void *)``)."""
    names, current = [], []
    for k, v, d in head + [("punct", ",", 0)]:
        if v == "," and d == 0:
            group = []
            for kk, vv, dd in current:
                if vv == "(" and dd == 1 and not group:
                    group = ["("]
                elif group and group[-1] != ")":
                    group.append(vv if dd >= 1 else ")")
            inner = [x for x in group if re.match(r"[A-Za-z_]\w*$", x) and not _attribute(x)]
            ids = [x for kk, x, dd in current if kk == "id" and dd == 0 and x not in _KEYWORDS + ("typedef",)
                   and not _attribute(x)]
            if inner and "*" in group:
                names.append(inner[-1])
            elif ids:
                names.append(ids[-1])
            current = []
        else:
            current.append((k, v, d))
    return names


def _skip_braces(toks, i):
    depth = 0
    while i < len(toks):
        v = toks[i][1]
        if toks[i][0] == "punct":
            if v == "{":
                depth += 1
            elif v == "}":
                depth -= 1
                if depth == 0:
                    return i + 1
        i += 1
    return i


def _body(toks, i, enum):
    """The members of a body starting after its ``{``; returns ([Member], index after the ``}``). A trailing comment
    documents the member it follows (or the one it sits in: ``B = 2 /**< doc */ }``)."""
    members = []
    current, pending, paren = None, None, 0
    while i < len(toks):
        kind, value = toks[i]
        if kind == "doc":
            pending = value
        elif kind == "trailing":
            target = current if current is not None and current.names else (members[-1] if members else None)
            if target is not None and target.doc is None:
                target.doc = value
        elif kind == "pp":
            pass
        elif kind == "punct" and value == "}":
            if current is not None and (current.names or current.body is not None):
                current.names = _member_names(current, enum)
                members.append(current)
            return members, i + 1
        else:
            if current is None:
                current, pending = Member(pending), None
            if kind == "punct" and value == "{":
                current.body, i = _body(toks, i + 1, False)
                continue
            if value == "(":
                paren += 1
            elif value == ")":
                paren -= 1
            if kind == "punct" and paren == 0 and value == ("," if enum else ";"):
                current.names = _member_names(current, enum)
                members.append(current)
                current = None
            else:
                current.tokens.append((kind, value, paren))
                current.names = _member_names(current, enum)  # so far: a trailing comment may come before the end
        i += 1
    return members, i


def _member_names(m, enum):
    """A member's names: an enum value's name, or each declarator's (``x, y``; ``(*fn)(...)``; ``name[8]``)."""
    toks = m.tokens
    if enum:
        ids = [v for k, v, _ in toks if k == "id"]
        return ids[:1]
    names, current = [], []
    for k, v, depth in toks + [("punct", ",", 0)]:
        if v == "," and depth == 0:
            bracket = 0
            ids = []
            fn = None
            for j, (kk, vv, dd) in enumerate(current):
                if vv == "[":
                    bracket += 1
                elif vv == "]":
                    bracket -= 1
                elif kk == "id" and bracket == 0:
                    if dd == 1 and j > 0 and current[j - 1][1] == "*" and fn is None:
                        fn = vv  # (*name)(...)
                    if dd == 0:
                        ids.append(vv)
            ids = [x for x in ids if x not in _KEYWORDS and not _attribute(x)]
            name = fn or (ids[-1] if ids else None)
            if name:
                names.append(name)
            current = []
        else:
            current.append((k, v, depth))
    return names


def read_headers(paths):
    docs = HeaderDocs()
    for p in paths:
        with open(p, encoding="utf-8", errors="replace") as f:
            docs.read(f.read())
    return docs


# -- Doxygen to text ---------------------------------------------------------------------------------------------

# The standard sentences of NVIDIA's Doxygen aliases; an alias not listed here is dropped.
NOTES = {
    "notefnerr": "This function may also return error codes from previous, asynchronous launches.",
    "note_init_rt": "This function may also return cudaErrorInitializationError, cudaErrorInsufficientDriver or "
                    "cudaErrorNoDevice if this call tries to initialize internal CUDA RT state.",
    "note_callback": "As specified by cudaStreamAddCallback, no CUDA function may be called from a callback; "
                     "cudaErrorNotPermitted may, but is not guaranteed to, be returned as a diagnostic in such case.",
    "note_null_stream": "This function uses standard default stream semantics.",
    "note_async": "This function exhibits asynchronous behavior for most use cases.",
    "note_sync": "This function exhibits synchronous behavior for most use cases.",
    "note_graph_thread_safety": "Graph objects are not threadsafe.",
    "note_destroy_ub": "Use of the handle after this call is undefined behavior.",
}

_DROP_LINE = ("ingroup", "defgroup", "addtogroup", "weakgroup", "file", "typedef", "struct", "union", "enum", "fn",
              "def", "var", "class", "page", "section", "subsection", "subsubsection", "mainpage", "name", "anchor",
              "hline", "headerfile")
_NOTE_LIKE = {"note": "", "remark": "", "remarks": "", "attention": "", "warning": "Warning: ", "since": "Since ",
              "pre": "", "post": "", "invariant": "", "todo": "", "bug": "", "test": "", "exception": "",
              "throws": "", "version": "Version "}
_SKIP_BLOCKS = {"latexonly": "endlatexonly", "htmlonly": "endhtmlonly", "xmlonly": "endxmlonly",
                "rtfonly": "endrtfonly", "manonly": "endmanonly", "docbookonly": "enddocbookonly"}
_LITERAL_BLOCKS = {"code": "endcode", "verbatim": "endverbatim"}
_BLOCK = re.compile(r"[\\@]([A-Za-z_]\w*)(?:\{[^}]*\})?(?![\w])\s*(.*)$")
_ALIAS = re.compile(r"\s*\\(notefnerr|note_\w+)\b")
_BULLET = re.compile(r"(?:[-+*]|-#|\d+[.)])\s+(?=\S)")
_HTML_TAG = re.compile(r"</?(?:b|i|em|tt|code|strong|br|p|ul|ol|li|sup|sub|span|pre|table|tr|td|th|dl|dt|dd|center|"
                       r"small|a|div|h\d|hr|blockquote|u|s|strike|var|kbd)(?:\s[^<>]*)?/?>", re.I)


def _comment_lines(raw):
    """The comment's text lines, without delimiters and the leading ``*`` column, tabs expanded."""
    if raw.startswith("/*"):
        body = raw[3:-2]
        if body.startswith("<"):
            body = body[1:]
        lines = body.split("\n")
        lines = [lines[0]] + [re.sub(r"^\s*\*(?!\*)", "", line, count=1) if re.match(r"^\s*\*(?!/)", line) else line
                              for line in lines[1:]]
    else:
        lines = [re.sub(r"^\s*//[/!]<?", "", line) for line in raw.split("\n")]
    lines = [line.expandtabs(4).rstrip() for line in lines]
    lines = ["" if re.fullmatch(r"[\s*/=-]*", line) and len(line.strip()) > 2 else line for line in lines]
    body = [line for line in lines[1:] if line.strip()]
    base = min((len(line) - len(line.lstrip()) for line in body), default=0)
    return [lines[0].strip()] + [line[base:] if line[:base].strip() == "" else line.lstrip() for line in lines[1:]]


def _link_text(m):
    target, text = m.group(1), m.group(2).strip()
    return text or _ref_name(target)


def _ref_name(target):
    return re.sub(r"\(.*", "()" if "(" in target else "", target.lstrip("#:").replace("::", ""))


def inline(text):
    """One line's inline Doxygen and HTML as plain text (``\\p name`` -> name, ``::cuFoo`` -> cuFoo)."""
    text = re.sub(r"[\\@]link\s+(\S+)(.*?)[\\@]endlink", _link_text, text)
    text = re.sub(r'[\\@]ref\s+(\S+?)(?:\([^)]*\))?\s+"([^"]*)"', lambda m: m.group(2), text)
    text = re.sub(r"[\\@]ref\s+(\S+)", lambda m: _ref_name(m.group(1)) if "(" not in m.group(1)
                  else m.group(1).lstrip("#:"), text)
    text = re.sub(r"@(?:p|a|c|b|e|em|ref)\s+", "", text)
    text = _HTML_TAG.sub("", text)
    text = re.sub(r"\s*&tm;", "", text)  # Doxygen's trademark sign (nvml.h: Fermi &tm;)
    text = re.sub(r"&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);", lambda m: html.unescape(m.group()), text)
    text = re.sub(r"\b(or|and|of|to|with|by|in|see)::(?=[A-Za-z_])", r"\1 ", text)  # a word run into ::name
    text = re.sub(r"(?<![\w:>])::(?=[A-Za-z_~])", "", text)
    text = re.sub(r"\\([_<>&%#\"@$\\.:|{}~-])", r"\1", text)
    text = re.sub(r"\\[A-Za-z_]\w*\s?", "", text)  # any other command: the word goes, its argument stays
    return re.sub(r"(?<![\w&])#(?!(?:define|include|pragma|if|ifdef|ifndef|else|endif|undef)\b)(?=[A-Za-z_])", "",
                  text)  # a \link or \ref target's #


class _Section:
    """The physical lines of one part of a doc: ("p", indent, text), ("break",), ("newline",), ("lit", text)."""

    def __init__(self, label=""):
        self.items = []
        self.label = label  # the name of a parameter

    def add(self, indent, text):
        for k, piece in enumerate(re.split(r"\\n(?![A-Za-z_])", text)):
            if k:
                self.items.append(("newline",))
            piece = inline(piece).strip()
            if piece:
                self.items.append(("p", indent, re.sub(r"[ \t]+", " ", piece)))

    def text(self):
        return _reflow(self.items)


def _reflow(items):
    """Logical lines from physical ones: a paragraph's lines joined, each list item one line (its more indented
    continuations joined to it, nested items two spaces in), literal lines kept, paragraphs apart by one ""."""
    out = []
    cur = None  # [text, indent, is a list item, level]
    bullets = []  # the indents of the open list items
    forced = None  # the level of the line a forced break (\n) starts

    def flush():
        nonlocal cur
        if cur is not None:
            out.append("  " * cur[3] + cur[0])
            cur = None

    def gap():
        if out and out[-1] != "":
            out.append("")

    for item in items:
        if item[0] == "break":
            flush()
            bullets, forced = [], None
            gap()
        elif item[0] == "newline":
            if cur is not None:
                forced = cur[3] + (1 if cur[2] else 0)
                flush()
        elif item[0] == "lit":
            flush()
            bullets, forced = [], None
            if out and not out[-1].startswith("    "):
                gap()
            out.append("    " + item[1] if item[1].strip() else "    ")
        else:
            _, indent, text = item
            if out and out[-1].startswith("    ") and cur is None:
                gap()  # after a literal block
            if _BULLET.match(text):
                flush()
                forced = None
                while bullets and bullets[-1] > indent:
                    bullets.pop()
                if not bullets or bullets[-1] < indent:
                    bullets.append(indent)
                if not re.match(r"\d", text):  # "- ", "+ ", "-# ": "- "; numbers stay
                    text = "- " + _BULLET.sub("", text, count=1)
                cur = [text, indent, True, len(bullets) - 1]
            elif forced is not None:
                cur, forced = [text, indent, False, forced], None
            elif cur is not None:
                cur[0] += " " + text  # a paragraph's or list item's next line (however indented)
            else:
                while bullets and bullets[-1] >= indent:
                    bullets.pop()
                cur = [text, indent, False, len(bullets)]
    flush()
    out = _dedent_literals(out)
    while out and out[-1] == "":
        out.pop()
    while out and out[0] == "":
        out.pop(0)
    return "\n".join(line.rstrip() for line in out)


def _dedent_literals(lines):
    """Each literal block indented by exactly four spaces (its own indentation kept relative); blank lines
    inside a block stay, at its ends go."""
    out, block = [], []

    def end():
        while block and not block[-1].strip():
            block.pop()
        while block and not block[0].strip():
            block.pop(0)
        base = min((len(x) - len(x.lstrip()) for x in block if x.strip()), default=4)
        out.extend("    " + x[base:] if x.strip() else "" for x in block)
        del block[:]

    for line in lines:
        if line.startswith("    "):
            block.append(line)
        else:
            end()
            out.append(line)
    end()
    return out


def _see_names(raw):
    """The names a See Also lists (``\\sa ::cuMemFree, ::cuMemAllocHost``): functions, types, enums."""
    s = re.sub(r"[\\@]link\s+(\S+).*?[\\@]endlink", r" \1 ", raw)
    s = re.sub(r'[\\@]ref\s+(\S+?)(?:\([^)]*\))?(?:\s+"[^"]*")?(?=[\s,.]|$)', r" \1 ", s)
    s = re.sub(r"\([^)]*\)", "", s)
    s = re.sub(r'"[^"]*"', "", s)
    names = []
    for name in re.findall(r"(?:::|#)?\b([A-Za-z_]\w*)", s):
        if re.fullmatch(r"[a-z]+", name) or name in ("ref", "link", "endlink", "sa", "see") or name in names:
            continue
        names.append(name)
    return names


def parse(raw):
    """A doc comment in parts: {"brief", "text", "params" [[name, text]], "returns", "notes" [text], "see" [name],
    "deprecated"}, each present where the comment has it."""
    brief, text, returns, deprecated = _Section(), _Section(), _Section(), _Section()
    params, notes, see = [], [], []
    section = text
    literal = skip = None
    for line in _comment_lines(raw):
        if skip:
            if re.search(r"[\\@]%s\b" % skip, line):
                skip = None
            continue
        if literal:
            m = re.search(r"[\\@]%s\b" % literal, line)
            if m:
                literal = None
                if line[:m.start()].strip():
                    section.items.append(("lit", line[:m.start()].rstrip()))
                continue
            section.items.append(("lit", line))
            continue
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if not stripped:
            section.items.append(("break",))
            if section not in (text, brief):
                section = text
            elif section is brief:
                section = text
            continue
        if stripped in ("@{", "@}", "\\{", "\\}"):
            continue
        if re.fullmatch(r"<b>[^<]*</b>:?", stripped):  # a heading line (cufile.h: <b>Description</b>)
            section.items.append(("break",))
            section.add(indent, stripped)
            section.items.append(("newline",))
            continue
        # an alias note may end a line of another part (::CUDA_ERROR_OUT_OF_MEMORY \notefnerr)
        m = _ALIAS.search(stripped)
        if m and m.start() > 0:
            section.add(indent, stripped[:m.start()])
            stripped = stripped[m.start():].strip()
        m = _BLOCK.match(stripped)
        cmd = m.group(1) if m else None
        rest = m.group(2) if m else ""
        if cmd in ("brief", "short"):
            section = brief
            section.add(indent, rest)
        elif cmd == "details":
            section = text
            section.add(indent, rest)
        elif cmd in ("param", "tparam"):
            pm = re.match(r"(?:\[[^\]]*\]\s*)?([A-Za-z_]\w*)\s*(.*)", re.sub(r"^\[[^\]]*\]\s*", "", rest.strip())
                          if stripped[len(cmd) + 1:].lstrip().startswith("[") else rest.strip())
            if not pm:
                section = text
                continue
            section = _Section(pm.group(1))
            params.append(section)
            section.add(indent, re.sub(r"^(?:-|:|\u2013)\s*", "", pm.group(2)))
        elif cmd in ("return", "returns", "result", "retval"):
            if returns.items:
                returns.items.append(("newline",))
            section = returns
            section.add(indent, ("- " + rest) if cmd == "retval" else rest)
        elif cmd in NOTES or (cmd and cmd.startswith("note_")):
            section = _Section()
            if cmd in NOTES:
                section.add(0, NOTES[cmd])
            notes.append(section)
            section.add(indent, rest)
        elif cmd in _NOTE_LIKE:
            section = _Section()
            notes.append(section)
            section.add(indent, _NOTE_LIKE[cmd] + rest)
        elif cmd in ("sa", "see"):
            see.append(rest)
            section = _Section("see")  # its continuation lines name more
        elif cmd == "deprecated":
            section = deprecated
            section.add(indent, rest)
        elif cmd == "par":
            section = text
            section.items.append(("break",))
            if rest:
                section.add(indent, rest)
                section.items.append(("newline",))
        elif cmd in _DROP_LINE:
            continue
        elif cmd in _SKIP_BLOCKS:
            if not re.search(r"[\\@]%s\b" % _SKIP_BLOCKS[cmd], rest):  # ends on a later line
                skip = _SKIP_BLOCKS[cmd]
        elif cmd in _LITERAL_BLOCKS:
            literal = _LITERAL_BLOCKS[cmd]
            if section is brief:
                section = text
        elif cmd in ("li", "arg"):
            section.add(indent, "- " + rest)
        elif cmd in ("cond", "endcond", "internal", "endinternal", "hl"):
            if rest:
                section.add(indent, rest)
        else:
            if section.label == "see":
                see.append(stripped)
            section.add(indent, stripped)
    out = {}
    for key, sec in (("brief", brief), ("text", text), ("returns", returns), ("deprecated", deprecated)):
        value = sec.text()
        if value:
            out[key] = value
    ps = [[p.label, p.text()] for p in params]
    if ps:
        out["params"] = ps
    ns = [n.text() for n in notes if n.text()]
    if ns:
        out["notes"] = ns
    names = _see_names(" , ".join(see))
    if names:
        out["see"] = names
    return out


def function_doc(raw):
    """A function's doc comment in parts (``parse``), or None where it has no text."""
    return parse(raw) or None


def plain(raw):
    """A type's, field's or enum value's doc comment as one text, or None where it has none."""
    parts = parse(raw)
    out = [parts[k] for k in ("brief", "text") if parts.get(k)]
    if parts.get("params"):
        out.append("\n".join("- %s: %s" % (name, text.replace("\n", " ")) for name, text in parts["params"]))
    if parts.get("returns"):
        out.append("Returns: " + parts["returns"])
    if parts.get("deprecated"):
        out.append("Deprecated: " + parts["deprecated"])
    out += parts.get("notes", [])
    if parts.get("see"):
        out.append("See also: " + ", ".join(parts["see"]))
    return "\n\n".join(out) or None


# -- docs onto the model -----------------------------------------------------------------------------------------

def attach(model, paths):
    """Put the doc comments of the header files ``paths`` onto ``model``'s declarations, in place: a function's
    ``doc`` in parts; a struct's, union's, enum's and typedef's ``doc`` text, each field's ``doc`` and an enum's
    ``member_docs`` ({value name: text})."""
    docs = read_headers(paths)
    for f in model["functions"]:
        raw = docs.functions.get(f["name"]) or docs.functions.get(f["symbol"])
        doc = function_doc(raw) if raw else None
        if doc:
            f["doc"] = doc
    decls = model["decls"]
    structs = {"%s %s" % (d["kind"], d["tag"]): d for d in decls if d["kind"] in ("struct", "union", "enum")}
    named = {}  # "struct TAG" -> typedef names
    for d in decls:
        if d["kind"] == "typedef" and not d["type"].get("ptrs") and not d["type"].get("fn"):
            named.setdefault(d["type"]["base"], []).append(d["name"])
    for d in decls:
        if d["kind"] == "typedef":
            raw = docs.typedefs.get(d["name"])
            if raw and raw[1] is None and raw[0]:
                text = plain(raw[0])
                if text:
                    d["doc"] = text
            continue
        if d["kind"] not in ("struct", "union", "enum") or d.get("opaque"):
            continue
        found = docs.types.get((d["kind"], d["tag"]))
        for name in named.get("%s %s" % (d["kind"], d["tag"]), ()):
            if found and found[0]:
                break
            found = docs.typedefs.get(name) or found
        if found is None:
            continue
        raw, members = found
        if d.get("anonymous") and not named.get("%s %s" % (d["kind"], d["tag"])):
            continue  # an inline body: its fields are its parent's (_fields)
        text = plain(raw) if raw else None
        if text:
            d["doc"] = text
        if members:
            if d["kind"] == "enum":
                by_name = {n: m.doc for m in members for n in m.names if m.doc}
                member_docs = {}
                for name, _ in d["members"]:
                    text = plain(by_name[name]) if name in by_name else None
                    if text:
                        member_docs[name] = text
                if member_docs:
                    d["member_docs"] = member_docs
            else:
                _fields(d, members, structs)


def _fields(decl, members, structs):
    """Field docs of ``decl`` from its body's members; inline bodies (anonymous members, ``union {...} res``) go
    to their own declarations."""
    by_name = {n: m for m in members for n in m.names}
    anonymous = iter([m for m in members if not m.names and m.body is not None])
    for f in decl.get("fields", ()):
        base = f["type"].get("base", "")
        inner = structs.get(base)
        if f["name"] is None:
            m = next(anonymous, None)
        else:
            m = by_name.get(f["name"])
            if m is not None and m.doc:
                text = plain(m.doc)
                if text:
                    f["doc"] = text
        if m is not None and m.body is not None and inner is not None and inner.get("anonymous"):
            _fields(inner, m.body, structs)
