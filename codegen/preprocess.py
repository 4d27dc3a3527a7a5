"""Run the system C preprocessor over CUDA headers, for pycparser.

What it must not do: read the host's C library headers (``headers/fake_libc`` stands in for them) or
the graphics APIs' (``headers/fake_interop``: EGL, OpenGL, VDPAU type names), or drop an attribute that
changes layout without recording it (``_Alignas``/``aligned`` go to ``alignments``).
"""

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE_LIBC = os.path.join(os.path.dirname(HERE), "headers", "fake_libc")
# Our stand-ins for <EGL/egl.h>, <GL/gl.h>, <vdpau/vdpau.h> ...: the C build includes them too (unlike
# FAKE_LIBC, they declare types with their real ABI and nothing else)
FAKE_INTEROP = os.path.join(os.path.dirname(HERE), "headers", "fake_interop")

# Attributes and keywords pycparser does not know; each is removed after its meaning is recorded.
_ALIGNAS = re.compile(r"_Alignas\s*\(\s*(\d+)\s*\)")
# aligned(16), or an expression of sizeofs: vector_types.h's long2 is __align__(2*sizeof(long int))
_ALIGNED_ATTR = re.compile(r"__attribute__\s*\(\(\s*(?:__)?aligned(?:__)?\s*\(\s*((?:[^()]|\([^()]*\))+?)\s*\)\s*\)\)")
_SIZEOF = re.compile(r"\bsizeof\s*\(\s*([\w\s]+?)\s*\)")
# the LP64 sizes of the scalar types an alignment expression names
_SIZES = {"char": 1, "short": 2, "int": 4, "long": 8, "long long": 8, "float": 4, "double": 8, "void *": 8}


def _alignment(expr):
    """Bytes of an alignment attribute's argument: a number, or arithmetic over sizeof(scalar type)."""
    def size(m):
        words = [w for w in m.group(1).split() if w not in ("unsigned", "signed")]
        name = " ".join(w for w in words if w != "int") or "int"
        return str(_SIZES[name])

    text = _SIZEOF.sub(size, expr)
    if not re.fullmatch(r"[\d\s*+()]+", text):
        raise ValueError("alignment expression not understood: %r" % expr)
    return int(eval(text, {"__builtins__": {}}))  # digits, +, * and parentheses only
# the keyword a struct's own attribute follows, maybe after other attributes (13.x: deprecated(...) aligned(16))
_OWN_ATTRIBUTE = re.compile(r"\b(struct|union)\s*(?:__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)\s*)*$")
_STRUCT_OPEN = re.compile(r"\b(struct|union)\s+(\w+)?\s*\{")
_ATTR_TAG = re.compile(r"\s*(\w+)\s*\{")


@dataclass
class Preprocessed:
    text: str  # ready for pycparser
    alignments: dict = field(default_factory=dict)  # struct tag -> alignment in bytes
    defines: dict = field(default_factory=dict)  # macro name -> body text (cc -dM)


def compiler():
    return os.environ.get("CC", "cc")


def _run(args, text):
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        proc = subprocess.run(args + [path], capture_output=True, text=True, encoding="utf-8", errors="replace")
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        raise RuntimeError("C preprocessor failed: %s\n%s" % (" ".join(args), proc.stderr[-4000:]))
    return proc.stdout


def _base_args(include_dirs, extra_defines=()):
    args = [compiler(), "-E", "-std=c11", "-nostdinc", "-I", FAKE_LIBC, "-I", FAKE_INTEROP]
    for d in include_dirs:
        args += ["-I", d]
    for d in extra_defines:
        args.append("-D" + d)
    return args


def _remove_attributes(text):
    """Strip every remaining ``__attribute__((...))`` (balanced parentheses)."""
    out = []
    i = 0
    key = "__attribute__"
    while True:
        j = text.find(key, i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = text.index("(", j)
        depth = 0
        while True:
            c = text[k]
            depth += c == "("
            depth -= c == ")"
            k += 1
            if depth == 0:
                break
        i = k


def _record_alignments(text):
    """Map struct tags to the alignment an attribute inside (or on) them asks for."""
    alignments = {}
    for rx in (_ALIGNAS, _ALIGNED_ATTR):
        for m in rx.finditer(text):
            # on the struct itself: struct __attribute__((aligned(16))) float4 { ... } (vector_types.h)
            own = _ATTR_TAG.match(text, m.end())
            if own and _OWN_ATTRIBUTE.search(text[max(0, m.start() - 400):m.start()]):
                tag = own.group(1)
                alignments[tag] = max(alignments.get(tag, 0), _alignment(m.group(1)))
                continue
            opens = list(_STRUCT_OPEN.finditer(text, 0, m.start()))
            if not opens:
                continue
            tag = opens[-1].group(2)
            if tag:
                alignments[tag] = max(alignments.get(tag, 0), _alignment(m.group(1)))
    return alignments


def preprocess(headers, include_dirs, extra_defines=()):
    """Preprocess ``#include`` of each header; returns text with linemarkers, for pycparser."""
    src = "".join('#include "%s"\n' % h for h in headers)
    text = _run(_base_args(include_dirs, extra_defines), src)
    alignments = _record_alignments(text)
    text = _ALIGNAS.sub("", text)
    text = _remove_attributes(text)
    text = re.sub(r"\b__extension__\b|\b__inline__\b|\b__restrict\b|\brestrict\b", "", text)
    defines = macro_definitions(headers, include_dirs, extra_defines)
    return Preprocessed(text=text, alignments=alignments, defines=defines)


def macro_definitions(headers, include_dirs, extra_defines=()):
    src = "".join('#include "%s"\n' % h for h in headers)
    out = _run(_base_args(include_dirs, extra_defines) + ["-dM"], src)
    defines = {}
    for line in out.splitlines():
        m = re.match(r"#define (\w+)(\([^)]*\))? ?(.*)$", line)
        if m and not m.group(2):
            defines[m.group(1)] = m.group(3).strip()
    return defines


def expand_names(headers, include_dirs, names, extra_defines=()):
    """What each macro name expands to after the header's macros, e.g. cuCtxCreate -> cuCtxCreate_v2."""
    names = sorted(names)
    src = "".join('#include "%s"\n' % h for h in headers)
    src += "".join('"@%s" %s\n' % (n, n) for n in names)
    out = _run(_base_args(include_dirs, extra_defines) + ["-P"], src)
    result = {}
    for line in out.splitlines():
        m = re.match(r'"@(\w+)"\s+(\w+)\s*$', line)
        if m:
            result[m.group(1)] = m.group(2)
    return result
