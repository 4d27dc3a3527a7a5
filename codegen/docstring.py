"""Docstrings of the generated modules, numpy style, from the headers' doc texts (``codegen.docs``).

A function's docstring starts with its one-line signature (``cuMemAlloc(bytesize) -> (CUresult, dptr)``; a
longer one continues on lines aligned under its parenthesis), then the header's summary and description,
``Parameters`` (each Python parameter with its type and the header's text), ``Returns`` (the values in the order
the function returns them; the tuple style's status first, with the codes the header lists), ``Raises`` (the
exception style's error, with those codes), ``See Also``, ``Notes``, and last the line naming the C symbol.
Enum classes list their members with the header's text, struct classes their fields.

Every line is at most ``text.LIMIT`` characters, quotes and indentation included; prose is wrapped at
``text.WIDTH``, literal lines (the headers' code examples) are kept as they are.
"""

import re
import textwrap

from .text import LIMIT, WIDTH


class Verbatim(str):
    """A generated line that the renderers write as it is (a docstring's; ``text.fit`` never touches it)."""


def wrap(text, width, indent=""):
    """A doc text's logical lines (``codegen.docs``) as lines of at most ``width`` characters, ``indent`` first:
    each paragraph or list item wrapped (a list item's continuation under its text), literal lines kept."""
    out = []
    for line in text.split("\n"):
        if not line.strip():
            out.append("")
            continue
        if line.startswith("    "):  # literal
            out += _hard(indent + line, width)
            continue
        if len(indent) + len(line) <= width:
            out.append(indent + line)
            continue
        body = line.lstrip(" ")
        lead = " " * (len(line) - len(body))
        marker = re.match(r"(?:- |\d+[.)] )", body)
        hang = lead + " " * (len(marker.group()) if marker else 0)
        out += textwrap.wrap(body, width, initial_indent=indent + lead, subsequent_indent=indent + hang,
                             break_long_words=True, break_on_hyphens=False) or [""]
    return out


def _hard(line, width):
    """A literal line longer than ``width``, cut into pieces (only the headers' longest code lines are)."""
    if len(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip())] + "    "
    out = [line[:width]]
    rest = line[width:]
    while rest:
        room = width - len(indent)
        out.append(indent + rest[:room])
        rest = rest[room:]
    return out


class Doc:
    """A docstring's lines (without indentation), section by section."""

    def __init__(self, width):
        self.width = width
        self.lines = []

    def gap(self):
        if self.lines and self.lines[-1] != "" and not self.lines[-1].startswith("---"):
            self.lines.append("")

    def text(self, text):
        if text:
            self.gap()
            self.lines += wrap(text, self.width)

    def section(self, title):
        self.gap()
        self.lines += [title, "-" * len(title)]

    def entry(self, head, text=None):
        """``head`` (``name : type`` or a type) and its text four spaces in."""
        self.lines += wrap(head, self.width)
        if text:
            self.lines += wrap(text, self.width, "    ")

    def names(self, names):
        self.lines += textwrap.wrap(", ".join(names), self.width, break_long_words=False, break_on_hyphens=False)


def signature(name, args, returns, room):
    """The signature line ``name(args) -> returns``; where longer than ``room``, it continues on lines aligned
    after the parenthesis, broken after a comma."""
    line = "%s(%s) -> %s" % (name, ", ".join(args), returns)
    if len(line) <= room:
        return [line]
    pieces = ["%s," % a for a in args[:-1]] + ["%s)" % args[-1]] if args else [")"]
    pieces[0] = name + "(" + pieces[0]
    if returns.startswith("(") and returns.endswith(")"):
        items = returns[1:-1].split(", ")
        pieces += ["-> (" + items[0] + ("," if len(items) > 1 else ")")]
        pieces += ["%s," % r for r in items[1:-1]] + (["%s)" % items[-1]] if len(items) > 1 else [])
    else:
        pieces.append("-> " + returns)
    pad = " " * (len(name) + 1)
    out, current = [], ""
    for piece in pieces:
        if current and len(current) + 1 + len(piece) > room:
            out.append(current)
            current = pad + piece
        else:
            current = current + " " + piece if current else piece
    out.append(current)
    return out


def summary(doc):
    """(summary, rest of the description) of a function's doc: its brief, or else its first paragraph."""
    brief, text = doc.get("brief", ""), doc.get("text", "")
    if brief:
        return brief, text
    first, _, rest = text.partition("\n\n")
    return first, rest


def function(first, doc, params, returns, raises, c_note, indent):
    """The source lines of a function's docstring at ``indent``: ``first`` the signature lines, ``doc`` the
    header's parts (or None), ``params`` [(name, type, C name)], ``returns`` [(head, text)], ``raises`` [(error,
    text)]."""
    width = WIDTH - len(indent)
    d = Doc(width)
    d.lines += first
    if doc:
        head, rest = summary(doc)
        d.text(head)
        d.text(rest)
        if doc.get("deprecated"):
            d.text("Deprecated: " + doc["deprecated"])
        texts = dict((n, t) for n, t in doc.get("params", ()))
        if params:
            d.section("Parameters")
            for name, type_, cname in params:
                d.entry("%s : %s" % (name, type_), texts.get(cname))
        if returns:
            d.section("Returns")
            for head_, text in returns:
                d.entry(head_, text)
        if raises:
            d.section("Raises")
            for head_, text in raises:
                d.entry(head_, text)
        if doc.get("see"):
            d.section("See Also")
            d.names(doc["see"])
        if doc.get("notes"):
            d.section("Notes")
            for note in doc["notes"]:
                d.text(note)
    d.gap()
    d.lines.append(c_note)
    return quoted(d.lines, indent)


def quoted(lines, indent, closing_apart=True):
    """Docstring source lines at ``indent``: quotes around ``lines``, raw where the text has a backslash."""
    body = [line.replace('"""', '" " "') for line in lines]
    quote = 'r"""' if any("\\" in line for line in body) else '"""'
    if len(body) == 1 and not closing_apart and len(indent) + len(quote) + len(body[0]) + 3 <= LIMIT \
            and not body[0].endswith(('"', "\\")):  # a quote or backslash before the closing quotes would end them
        return [Verbatim(indent + quote + body[0] + '"""')]
    out = [indent + quote + body[0]] + [(indent + line) if line else "" for line in body[1:]] + [indent + '"""']
    return [Verbatim(line) for line in out]


def members(description, rows, width):
    """An enum's docstring lines: its description, then a ``Members`` list (``NAME = value`` and its text) where
    any member has one; None where the header documents neither."""
    if not description and not any(text for _, text in rows):
        return None
    d = Doc(width)
    d.text(description)
    if any(text for _, text in rows):
        d.section("Members")
        for head, text in rows:
            d.entry(head, text)
    return d.lines


def fields(title, description, rows, width):
    """A struct's docstring lines: ``title``, its description, then ``Attributes`` (``name : type`` and its
    text) where the header documents the struct or a field; None where it documents neither."""
    if not description and not any(text for _, text in rows):
        return None
    d = Doc(width)
    d.lines.append(title)
    d.text(description)
    if rows:
        d.section("Attributes")
        for head, text in rows:
            d.entry(head, text)
    return d.lines
