"""Text helpers shared by the renderers: wrapping long literals and statements, and the generated-file marker."""

import hashlib
import io
import tokenize

from . import __version__

WIDTH = 110  # what the renderers aim for
LIMIT = 120  # what no generated line exceeds (``fit``)


def wrapped(head, items, tail, indent="", width=WIDTH, one_per_line=False, tuple_=False):
    """``head`` + ``items`` separated by commas + ``tail``, on one line when it fits in ``width``, else one
    item per line (``one_per_line``) or as many as fit, each line indented four spaces past ``indent``, with
    a trailing comma. ``tuple_``: the items are a tuple's, so a lone one takes its comma on one line too."""
    line = indent + head + ", ".join(items) + ("," if tuple_ and len(items) == 1 else "") + tail
    if len(line) <= width:
        return [line]
    inner = indent + "    "
    lines = [indent + head.rstrip()]
    if one_per_line:
        for item in items:
            lines += fit(inner + item + ",", inside=True)
    else:
        current = ""
        for item in items:
            piece = item + ","
            if current and len(inner) + len(current) + 1 + len(piece) > width:
                lines += fit(inner + current, inside=True)
                current = piece
            else:
                current = piece if not current else current + " " + piece
        if current:
            lines += fit(inner + current, inside=True)
    lines += fit(indent + tail.lstrip())
    return lines


# -- statements longer than LIMIT ---------------------------------------------------------------------------------

_OPEN, _CLOSE = "([{", ")]}"
_BREAK_BEFORE = ("if", "else", "and", "or", "for")


class FitError(ValueError):
    pass


def fit(line, width=None, inside=False):
    """``line`` (one whole logical line of Python, indentation included) as lines of at most ``width``
    characters, with the same tokens: a break goes inside brackets only (after a comma, before ``if``/``else``/
    ``and``/``or``, between the arguments of a call), an assignment's or condition's expression is put in
    parentheses to be broken, and a long string literal becomes adjacent literals. ``inside``: the line is
    itself inside brackets (a wrapped item), so it may break anywhere between tokens. Raises FitError for a
    line it cannot fit. ``width``: LIMIT where not given."""
    width = width or LIMIT
    if len(line) <= width:
        return [line]
    code = line.lstrip(" ")
    indent = line[:len(line) - len(code)]
    toks = _tokens(code)
    if toks and toks[-1][0] == tokenize.COMMENT:  # the comment goes on a line of its own, above
        comment = toks[-1][1]
        if len(toks) == 1:
            raise FitError("a comment longer than %d characters: %s" % (width, line.strip()))
        code = code[:toks[-1][2]].rstrip()
        return fit(indent + comment, width, inside) + fit(indent + code, width, inside)
    out = _split(indent, code, toks, width, inside)
    if out is None or any(len(x) > width for x in out):
        raise FitError("cannot fit in %d characters: %s" % (width, line.strip()))
    return out


def _tokens(code):
    """(type, string, start column, end column) of one line of code; a line that closes brackets opened
    before it (the end of a wrapped list: ``) -> Tuple[...]:``) is read as if they were opened on it."""
    error = None
    for opened in range(4):
        out = []
        try:
            for t in tokenize.generate_tokens(io.StringIO("(" * opened + code + "\n").readline):
                if t.type in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT):
                    continue
                out.append((t.type, t.string, t.start[1] - opened, t.end[1] - opened))
        except (tokenize.TokenError, IndentationError, SyntaxError) as e:
            error = error or e
            continue
        return out[opened:]
    raise FitError("cannot read %r: %s" % (code[:80], error))


def _groups(toks):
    """(open, close) token indices of the depth-0 bracket pairs (closers of brackets opened before: none)."""
    out, depth, start = [], 0, None
    for i, t in enumerate(toks):
        if t[0] == tokenize.OP and t[1] in _OPEN:
            if depth == 0:
                start = i
            depth += 1
        elif t[0] == tokenize.OP and t[1] in _CLOSE and depth:
            depth -= 1
            if depth == 0:
                out.append((start, i))
    return out


def _split(indent, code, toks, width, inside):
    if len(indent) + len(code) <= width:
        return [indent + code]
    inner = indent + "    "
    wrapped_ = None if inside else _parenthesized(indent, code, toks, width)
    if wrapped_ and _has_keywords(wrapped_[1]):  # a conditional expression: broken before its if / else
        return [indent + wrapped_[0]] + _fill(inner, _pieces(wrapped_[1]), width) + [indent + wrapped_[2]]
    # a bracket pair whose opening ends a head that fits: head / its content broken / the rest
    for o, c in reversed(_groups(toks)):
        head, body, tail = code[:toks[o][3]], code[toks[o][3]:toks[c][2]].strip(), code[toks[c][2]:]
        if not body or len(indent) + len(head) > width:
            continue
        rest = _split(indent, tail, _tokens(tail), width, True) if inside and len(indent) + len(tail) > width \
            else [indent + tail]
        if any(len(x) > width for x in rest):
            continue
        return [indent + head] + _fill(inner, _pieces(body), width) + rest
    if inside:  # anywhere between tokens: before an operator, or a string made two
        if len(toks) == 1 or (len(toks) == 2 and toks[1][1] in (",", ")")):
            return _split_string(indent, code, toks, width)
        return _fill(indent, _pieces(code, every=True), width)
    if wrapped_:
        return [indent + wrapped_[0]] + _fill(inner, _pieces(wrapped_[1]), width) + [indent + wrapped_[2]]
    return None


def _parenthesized(indent, code, toks, width):
    """(head, expression, tail) of a statement whose expression may go in parentheses: an assignment's value
    (``x = (``), a return's, a condition's (``if (`` ... ``):``); None for any other statement."""
    for i, t in enumerate(toks):
        if t[0] == tokenize.OP and t[1] in _OPEN + _CLOSE:
            return None
        if t[0] == tokenize.OP and t[1] == "=" or (i == 0 and t[1] in ("return", "if", "elif", "while", "assert")):
            colon = toks[-1][1] == ":" and toks[0][1] in ("if", "elif", "while")
            body = code[t[3]:toks[-1][2] if colon else len(code)].strip()
            head = code[:t[3]] + " ("
            if not body or len(indent) + len(head) > width:
                return None
            return head, body, ")" + (":" if colon else "")
    return None


def _has_keywords(code):
    """Whether ``code`` has a depth-0 ``if``/``else``/``and``/``or``."""
    depth = 0
    for t in _tokens(code):
        if t[0] == tokenize.OP and t[1] in _OPEN:
            depth += 1
        elif t[0] == tokenize.OP and t[1] in _CLOSE:
            depth = max(depth - 1, 0)
        elif depth == 0 and t[0] == tokenize.NAME and t[1] in _BREAK_BEFORE:
            return True
    return False


def _pieces(code, every=False):
    """``code`` cut where a line may break: after each depth-0 comma, before each depth-0 ``else`` of a
    conditional expression, or where it has none before each ``if``/``and``/``or``/``for`` (``every``: before
    each depth-0 token as well)."""
    toks = _tokens(code)
    depth, keywords = 0, _BREAK_BEFORE
    for t in toks:
        if t[0] == tokenize.OP and t[1] in _OPEN:
            depth += 1
        elif t[0] == tokenize.OP and t[1] in _CLOSE:
            depth = max(depth - 1, 0)
        elif depth == 0 and t[:2] == (tokenize.NAME, "else"):
            keywords = ("else",)
    cuts, depth = [], 0
    for i, t in enumerate(toks):
        if t[0] == tokenize.OP and t[1] in _OPEN:
            if depth == 0 and every and i:
                cuts.append(t[2])
            depth += 1
        elif t[0] == tokenize.OP and t[1] in _CLOSE:
            depth = max(depth - 1, 0)
        elif depth == 0:
            if t[1] == ",":
                cuts.append(t[3])
            elif i and (t[1] in keywords and t[0] == tokenize.NAME or every and t[1] not in (",", ")")):
                cuts.append(t[2])
    out, start = [], 0
    for cut in cuts + [len(code)]:
        piece = code[start:cut].strip()
        if piece:
            out.append(piece)
        start = cut
    return out


def _fill(indent, pieces, width):
    """The pieces on lines of ``indent``, as many on each as fit; a piece too long alone is split itself."""
    lines, current = [], ""
    soft = min(width, WIDTH)  # lines as long as the renderers' own where the pieces allow
    for piece in pieces:
        if current and len(indent) + len(current) + 1 + len(piece) <= soft:
            current += " " + piece
            continue
        if current:
            lines.append(indent + current)
        current = piece
        if len(indent) + len(piece) > width:
            split = _split(indent, piece, _tokens(piece), width, True)
            if split is None:
                raise FitError("cannot fit in %d characters: %s" % (width, piece))
            lines += split[:-1]
            current = split[-1][len(indent):]
    if current:
        lines.append(indent + current)
    return lines


def _split_string(indent, code, toks, width):
    """A string literal (and the comma or bracket after it) as adjacent literals, cut after spaces."""
    kind, text = toks[0][0], toks[0][1]
    suffix = code[toks[0][3]:]
    prefix = ""
    while text and text[0] not in "'\"":
        prefix, text = prefix + text[0], text[1:]
    if kind != tokenize.STRING or text[:3] in ('"""', "'''") or "f" in prefix.lower():
        return None
    quote, body = text[0], text[1:-1]
    room = width - len(indent) - len(prefix) - 2
    parts = []
    while len(body) > room:
        cut = body.rfind(" ", 0, room) + 1
        while cut > 0 and _escaped_at(body, cut):
            cut = body.rfind(" ", 0, cut - 1) + 1
        if cut <= 0:
            return None
        parts.append(body[:cut])
        body = body[cut:]
    parts.append(body)
    lines = [indent + prefix + quote + p + quote for p in parts]
    lines[-1] += suffix
    return lines


def _escaped_at(body, cut):
    """Whether cutting ``body`` at ``cut`` splits an escape sequence (an odd run of backslashes before it)."""
    n = 0
    while cut - n - 1 >= 0 and body[cut - n - 1] == "\\":
        n += 1
    return n % 2 == 1


MARK = "by codegen"


def mark(text):
    """The generated ``text`` with the generator's version and a hash of its content beside the
    ``by codegen`` of its first line (the hash covers every other line, so a hand edit shows)."""
    first, _, rest = text.partition("\n")
    if MARK not in first:
        raise ValueError("generated text has no marker line: %r" % first[:80])
    digest = hashlib.sha256(rest.encode("utf-8")).hexdigest()[:16]
    return first.replace(MARK, "%s %s (content sha256:%s)" % (MARK, __version__, digest), 1) + "\n" + rest


def check_mark(text):
    """Whether a generated file's content still matches the hash in its first line."""
    first, _, rest = text.partition("\n")
    if "content sha256:" not in first:
        return False
    want = first.split("content sha256:", 1)[1][:16]
    return hashlib.sha256(rest.encode("utf-8")).hexdigest()[:16] == want
