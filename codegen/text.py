"""Text helpers shared by the renderers: wrapping long literals, and the generated-file marker."""

import hashlib

WIDTH = 110


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
        lines += [inner + item + "," for item in items]
    else:
        current = ""
        for item in items:
            piece = item + ","
            if current and len(inner) + len(current) + 1 + len(piece) > width:
                lines.append(inner + current)
                current = piece
            else:
                current = piece if not current else current + " " + piece
        if current:
            lines.append(inner + current)
    lines.append(indent + tail.lstrip())
    return lines


MARK = "by codegen"


def mark(text):
    """The generated ``text`` with the generator's version and a hash of its content beside the
    ``by codegen`` of its first line (the hash covers every other line, so a hand edit shows)."""
    from . import __version__

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
