"""Docstrings from the headers' doc comments (issue 29), and the generated files' line length.

The text a docstring must hold is read here from the very header the build used (``cudacffi._gen.SOURCE``),
with a conversion of this file's own, so that the generator's reading of Doxygen is checked, not copied."""

import ast
import glob
import os
import pydoc
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
GEN = os.path.join(ROOT, "cudacffi", "_gen")


def _built():
    try:
        import cudacffi._driver  # noqa: F401
    except ImportError:
        pytest.skip("cudacffi is not built in place for this interpreter (python build_cffi.py)")


def include_dirs():
    """The include folders of the headers the build was generated from."""
    _built()
    from cudacffi._gen import SOURCE

    m = re.match(r"snapshot cuda-([\d.]+)", SOURCE)
    if m:
        return [os.path.join(ROOT, "headers", "cuda-%s" % m.group(1), "include")]
    m = re.match(r"toolkit (\S+) \(CUDA ([\d.]+)\)", SOURCE)
    dirs = [os.path.join(m.group(1), "include"), os.path.join(m.group(1), "nvvm", "include")]
    dirs.append(os.path.join(ROOT, "headers", "cuda-%s" % m.group(2), "include"))  # families taken from there
    return dirs


def header_comment(header, declaration):
    """The doc comment right before ``declaration`` (a regex) in ``header``, its lines without the ``*``
    column."""
    for d in include_dirs():
        path = os.path.join(d, header)
        if os.path.exists(path):
            break
    else:
        pytest.skip("no %s in %s" % (header, include_dirs()))
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    m = re.search(r"/\*\*((?:(?!\*/).)*)\*/\s*(?:#[^\n]*\n\s*)*" + declaration, text, re.S)
    assert m, "no doc comment before %s in %s" % (declaration, path)
    return [re.sub(r"^\s*\*\s?", "", line) for line in m.group(1).split("\n")]


def plain(text):
    """Doxygen markup of the words the tests compare removed, white space made single."""
    text = re.sub(r"\\(?:p|a|c|e|b|ref)\s+|@(?:p|a|ref)\s+", "", text)
    text = re.sub(r"\\link\s+\S+\s+(.*?)\s*\\endlink", r"\1", text)
    return re.sub(r"\s+", " ", text.replace("::", "")).strip()


def parts(lines):
    """(brief, first paragraph of the description, {param: text}, return lines) of a doc comment."""
    brief, description, params, returns = "", [], {}, []
    section = None
    for line in lines:
        s = line.strip()
        m = re.match(r"[\\@]brief\s+(.*)", s)
        p = re.match(r"[\\@]param\s*(?:\[\w+\])?\s+(\w+)\s*(?:-\s+)?(.*)", s)
        if m:
            brief, section = m.group(1), "brief"
        elif p:
            params[p.group(1)], section = p.group(2), ("param", p.group(1))
        elif re.match(r"[\\@]returns?\b", s):
            section = "returns"
            returns.append(s.split(None, 1)[1] if " " in s else "")
        elif re.match(r"[\\@]\w+", s) and not re.match(r"[\\@](?:p|a|c|e|b|ref)\b", s):
            section = "other"
        elif not s:
            section = None if section != "text" or description else "text"
            if description:
                section = "done"
        elif section == "brief":
            brief += " " + s
        elif section in (None, "text") and not brief or section in (None, "text") and section != "done":
            if section != "done":
                description.append(s)
                section = "text"
        elif isinstance(section, tuple):
            params[section[1]] += " " + s
        elif section == "returns":
            returns.append(s)
    return plain(brief), plain(" ".join(description)), {k: plain(v) for k, v in params.items()}, returns


def flat(doc):
    return re.sub(r"\s+", " ", doc)


def check(func, header, declaration, pyparams, code):
    """``func``'s docstring and help() hold the header's summary, description, each parameter with its text
    and the error ``code``."""
    brief, description, params, returns = parts(header_comment(header, declaration))
    doc = func.__doc__
    rendered = pydoc.render_doc(func, renderer=pydoc.plaintext)
    for text in (doc, rendered):
        assert doc.split("\n", 1)[0] in text  # the signature line
        if brief:
            assert brief in flat(text)
        assert description[:200] in flat(text), description[:200]
        for py, c in pyparams:
            assert re.search(r"\n\s*%s : \S" % py, text), py
            assert params[c] in flat(text), (c, params[c])
        assert code in text and code in " ".join(returns)
    return doc


def test_driver_cuMemAlloc():
    _built()
    from cudacffi import driver

    doc = check(driver.cuMemAlloc, "cuda.h", r"CUresult CUDAAPI cuMemAlloc\(", [("bytesize", "bytesize")],
                "CUDA_ERROR_OUT_OF_MEMORY")
    assert doc.startswith("cuMemAlloc(bytesize) -> (CUresult, dptr)\n\n")  # the signature line stays first
    sections = [s for s in ("Parameters", "Returns", "See Also", "Notes") if "\n    %s\n    ---" % s in doc]
    assert sections == ["Parameters", "Returns", "See Also", "Notes"]
    returns = doc.split("Returns\n    -------\n", 1)[1]
    assert returns.index("    CUresult\n") < returns.index("    dptr : CUdeviceptr\n")  # the tuple's order
    assert "Returned device pointer" in returns  # the output's text from its \param
    assert "cuMemAllocHost" in doc.split("See Also", 1)[1]
    assert "previous, asynchronous launches" in doc  # \notefnerr
    assert doc.rstrip().endswith("C: cuMemAlloc_v2")


def test_runtime_cudaMalloc():
    _built()
    from cudacffi import runtime

    doc = check(runtime.cudaMalloc, "cuda_runtime_api.h", r"extern [^;]*?\bcudaMalloc\(", [("size", "size")],
                "cudaErrorMemoryAllocation")
    assert doc.startswith("cudaMalloc(size) -> (cudaError_t, devPtr)")


def test_nvml_device_get_count():
    _built()
    from cudacffi import nvml

    doc = check(nvml.device_get_count_v2, "nvml.h", r"nvmlReturn_t DECLDIR nvmlDeviceGetCount_v2\(", [],
                "NVML_ERROR_UNINITIALIZED")
    raises = doc.split("Raises\n    ------\n", 1)[1]
    assert raises.startswith("    NvmlError\n") and "NVML_ERROR_INVALID_ARGUMENT" in raises
    assert "device_count : int" in doc.split("Returns", 1)[1]


def test_nvjitlink_create():
    _built()
    from cudacffi import nvjitlink

    doc = check(nvjitlink.create, "nvJitLink.h", r"static inline nvJitLinkResult nvJitLinkCreate\(",
                [("num_options", "numOptions"), ("options", "options")], "NVJITLINK_ERROR_UNRECOGNIZED_OPTION")
    assert doc.startswith("create(num_options, options) -> int\n\n")
    assert "nvJitLinkError" in doc.split("Raises", 1)[1]


def test_enum_and_struct_classes_carry_the_header_text():
    _built()
    from cudacffi import driver

    lines = header_comment("cuda.h", r"typedef enum CUctx_flags_enum")
    assert plain(" ".join(lines)) in driver.CUctx_flags.__doc__
    assert "CU_CTX_SCHED_SPIN = 1\n    Set spin as default scheduling" in driver.CUctx_flags.__doc__
    doc = driver.CUDA_MEMCPY2D_st.__doc__
    assert "2D memory copy parameters" in doc and "srcXInBytes : int\n        Source X in bytes" in doc
    assert "Source X in bytes" in pydoc.render_doc(driver.CUDA_MEMCPY2D, renderer=pydoc.plaintext)  # a subclass
    assert driver.CUcontext.__doc__ in ("A regular context handle", "CUDA context")  # (the 12.0 header's words)


def test_generated_lines_are_at_most_120_characters():
    """No line of the generated Python layer or its stubs is longer than 120 characters."""
    files = sorted(glob.glob(os.path.join(GEN, "*.py")) + glob.glob(os.path.join(GEN, "*.pyi")))
    files = [f for f in files if not f.endswith("__init__.py")]
    if not files:
        pytest.skip("cudacffi/_gen is not generated (python build_cffi.py)")
    long = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            long += ["%s:%d (%d)" % (os.path.basename(path), n, len(line.rstrip("\n")))
                     for n, line in enumerate(f, 1) if len(line.rstrip("\n")) > 120]
    assert not long, long[:20]


# -- codegen alone (no build) ---------------------------------------------------------------------------------

def test_fitting_lines_changes_no_code():
    """The line breaking of ``codegen.text.fit`` keeps every token: the module renders to the same code (docstrings
    aside) with it as without it."""
    from codegen import snapshot, text
    from codegen.render import render

    def code(source):
        tree = ast.parse(source)
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list):
                node.body = [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
                             and not (isinstance(s, ast.Assign) and getattr(s.targets[0], "attr", "") == "__doc__")]
        return ast.dump(tree)

    model = snapshot.load_model("12.9", "driver")
    fitted = render(model, "tuple")
    saved = text.LIMIT
    text.LIMIT = 10 ** 6
    try:
        unfitted = render(model, "tuple")
    finally:
        text.LIMIT = saved
    assert max(len(line) for line in unfitted["py"].splitlines()) > 120  # there was something to fit
    for kind in ("py", "pyi"):
        assert max(len(line) for line in fitted[kind].splitlines()) <= 120
        assert code(fitted[kind]) == code(unfitted[kind])  # the marker line is the module docstring


@pytest.mark.parametrize("version", ["12.0", "13.5"])
def test_every_family_renders_within_120_characters(version):
    from codegen import snapshot
    from codegen import FAMILIES
    from codegen.render import render

    for family in snapshot.families_in(version):
        texts = render(snapshot.load_model(version, family), FAMILIES[family].style)
        for kind in ("py", "pyi"):
            assert max(len(line) for line in texts[kind].splitlines()) <= 120, (family, kind)


@pytest.mark.parametrize("comment,want", [
    ("/** \\brief Short\n *\n * Text with \\p name, \\e em, \\b bold, <b>html</b> &amp; ::cuFoo().\n */",
     {"brief": "Short", "text": "Text with name, em, bold, html & cuFoo()."}),
    ("/**\n * \\param[in,out] ptr - The pointer,\n *   continued\n * \\returns ::CUDA_SUCCESS,\n * ::CUDA_ERROR_X\n"
     " * \\notefnerr\n * \\note_unknown\n * \\sa ::cuA, \\ref ::cuB(void*, int) \"cuB (C API)\"\n */",
     {"params": [["ptr", "The pointer, continued"]], "returns": "CUDA_SUCCESS, CUDA_ERROR_X",
      "notes": ["This function may also return error codes from previous, asynchronous launches."],
      "see": ["cuA", "cuB"]}),
    ("/**\n * Example:\n * \\code\n   int x;\n     x = 1;\n * \\endcode\n * - one\n *   more\n * - two \\n three\n */",
     {"text": "Example:\n\n    int x;\n      x = 1;\n\n- one more\n- two\n  three"}),
    ("/**\n * @param   [out] handle  \\link #R R_OK \\endlink or \\c NULL\n * @return  X\n * @return  Y\n"
     " * \\latexonly dropped \\endlatexonly\n *\n * \\unknowncommand kept words\n */",
     {"params": [["handle", "R_OK or NULL"]], "returns": "X\nY", "text": "kept words"}),
])
def test_doxygen_becomes_text(comment, want):
    from codegen import docs

    assert docs.parse(comment) == want
