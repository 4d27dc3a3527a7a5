"""The generated modules' docstrings, read as what they are: plain text in numpy's layout.

codegen writes each generated docstring for ``help()`` and editors: NVIDIA's header text as it is (C code
indented four spaces, nested lists without blank lines around them, ``*pHandle``, ``NVML_ERROR_*``), under
numpy's section headings. reStructuredText would read much of that as markup (emphasis, references, block
quotes), so this Sphinx extension turns such a docstring into reStructuredText before napoleon reads its
sections: inline markup characters are escaped, an indented run after a blank line becomes a literal block,
and lists get the blank lines reStructuredText wants around them. It touches only objects of
``cudacffi._gen`` (and their members); handwritten docstrings are reStructuredText already.

Members of a generated class are listed by its docstring (a struct's fields under Attributes, an enum's values
under Members), so autodoc does not document them a second time.
"""

import re

PARAM_SECTIONS = {"Parameters", "Returns", "Raises", "Attributes", "Members", "Other Parameters", "Yields"}
ITEM = re.compile(r"(?:- |\d+[.)] )")
SYMBOL = re.compile(r"C: \S")
# where the descriptors of generated structs' fields are defined
FIELD_MODULES = {"cudacffi._support", "cudacffi._structs", "cudacffi._fields", "cudacffi._callbacks"}


def generated(obj):
    """Whether ``obj`` (a function, class, or a class's member) comes from a generated module."""
    if isinstance(obj, property):
        obj = obj.fget
    module = getattr(obj, "__module__", None) or getattr(type(obj), "__module__", "")
    return isinstance(module, str) and module.startswith("cudacffi._gen")


def escape(line):
    """A line of header prose with reStructuredText's inline markup characters taken literally."""
    line = line.replace("\\", "\\\\")
    line = re.sub(r"([*`|])", r"\\\1", line)
    return re.sub(r"(?<=\w)_(?=\W|$)", r"\\_", line)  # NVML_ERROR_ / name_ would be a reference


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def prose(lines):
    """A block of header prose (no section headings) as reStructuredText."""
    out = []
    i = 0
    previous = ""  # the last non-blank line written
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            out.append("")
            i += 1
            continue
        blank_before = not out or not out[-1].strip()
        if indent_of(line) >= 4 and blank_before and not ITEM.match(previous.lstrip()):
            # a literal block: the header's code, kept as it is
            block = []
            while i < len(lines) and (not lines[i].strip() or indent_of(lines[i]) >= 4):
                block.append(lines[i])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            out += [".. code-block:: none", ""] + ["    " + b for b in block] + [""]
            previous = ""
            continue
        if not blank_before:
            ind, prev_ind = indent_of(line), indent_of(previous)
            is_item, prev_item = ITEM.match(line.lstrip()), ITEM.match(previous.lstrip())
            continuation = prev_item and not is_item and ind == prev_ind + len(prev_item.group())
            if not continuation and not (ind == prev_ind and bool(is_item) == bool(prev_item)):
                out.append("")  # a list starts or ends, or a nested one: reStructuredText wants a blank line
        out.append(escape(line))
        previous = line
        i += 1
    return out


def section_title(lines, i):
    """Whether ``lines[i]`` is a numpy section heading (a title underlined with dashes)."""
    return (i + 1 < len(lines) and lines[i].strip() and not lines[i].startswith(" ")
            and re.fullmatch(r"-{3,}", lines[i + 1]) is not None and len(lines[i + 1]) == len(lines[i]))


def convert(lines):
    """A generated docstring's lines (signature line already taken by autodoc) as reStructuredText."""
    sections = [("", [])]
    i = 0
    while i < len(lines):
        if section_title(lines, i):
            sections.append((lines[i], []))
            i += 2
            continue
        sections[-1][1].append(lines[i])
        i += 1
    out = []
    symbol = None
    for title, body in sections:
        # the last line, "C: <symbol>", follows whichever section came last: it gets a paragraph of its own
        for k in range(len(body) - 1, -1, -1):
            if body[k].strip():
                if SYMBOL.match(body[k]):
                    symbol = body[k]
                    del body[k]
                break
        if title:
            out += [title, "-" * len(title)]
        if title in PARAM_SECTIONS:
            out += entries(body)
        elif title == "See Also":
            out += body
        else:
            out += prose(body)
        out.append("")
    if symbol:
        out += [".. rubric:: C symbol", "", "``" + symbol[3:] + "``", ""]
    return out


def entries(body):
    """A parameter-style section: ``name : type`` lines, each with its description indented under it."""
    out = []
    i = 0
    while i < len(body):
        line = body[i]
        if line.strip() and not line.startswith(" "):
            out.append(line if ":" in line else escape(line))
            i += 1
            desc = []
            while i < len(body) and (not body[i].strip() or body[i].startswith(" ")):
                desc.append(body[i][4:] if body[i].startswith("    ") else body[i].strip())
                i += 1
            while desc and not desc[-1].strip():
                desc.pop()
            out += ["    " + d if d.strip() else "" for d in prose(desc)]
            continue
        out.append(line)
        i += 1
    return out


def process_docstring(app, what, name, obj, options, lines):
    if generated(obj) and what in ("function", "class", "method", "exception"):
        lines[:] = convert(list(lines))


def skip_member(app, what, name, obj, skip, options):
    """A generated class's fields and enum values are in its docstring; autodoc lists its methods alone."""
    if what in ("class", "exception") and not callable(obj) and not isinstance(obj, (property, classmethod,
                                                                                        staticmethod)):
        owner = getattr(type(obj), "__module__", "")
        if generated(obj) or owner in FIELD_MODULES:
            return True
    return None


def setup(app):
    app.setup_extension("sphinx.ext.napoleon")
    app.connect("autodoc-process-docstring", process_docstring, priority=100)  # before napoleon (500)
    app.connect("autodoc-skip-member", skip_member)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
