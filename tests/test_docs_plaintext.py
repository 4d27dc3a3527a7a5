"""docs/plaintext.py: the generated docstrings' plain text as reStructuredText for the Sphinx reference.

The whole reference is built with warnings as errors by ``nox -s docs`` (and by .ci/run); these tests pin the
conversion's rules on the shapes NVIDIA's header text takes, without Sphinx, and run it over every docstring of
the in-place build."""

import importlib.util
import inspect
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
_spec = importlib.util.spec_from_file_location("plaintext", os.path.join(ROOT, "docs", "plaintext.py"))
plaintext = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(plaintext)


def test_escape_takes_markup_literally():
    assert plaintext.escape("returns in *pHandle a `handle`") == r"returns in \*pHandle a \`handle\`"
    assert plaintext.escape("any NVML_ERROR_ code, a|b") == r"any NVML_ERROR\_ code, a\|b"
    assert plaintext.escape("CU_STREAM_LEGACY and cu_x_y") == "CU_STREAM_LEGACY and cu_x_y"  # inner _ are text
    assert plaintext.escape(r"a \ b") == r"a \\ b"


def test_code_after_a_blank_line_becomes_a_literal_block():
    lines = ["The descriptor is defined as:", "", "    typedef struct {", "        unsigned int *Width;",
             "    } D;", "", "where:"]
    out = plaintext.prose(lines)
    start = out.index(".. code-block:: none")
    assert out[start + 1] == ""
    assert out[start + 2:start + 5] == ["        typedef struct {", "            unsigned int *Width;",
                                        "        } D;"]  # kept as written: no escapes inside
    assert out[-1] == "where:" and out[-2] == ""


def test_nested_lists_get_blank_lines_and_continuations_stay():
    lines = ["Flags may be", "- A, which", "  continues", "  - A1", "  - A2", "- B", "After."]
    out = plaintext.prose(lines)
    assert out == ["Flags may be", "", "- A, which", "  continues", "", "  - A1", "  - A2", "", "- B", "",
                   "After."]


def test_sections_and_the_symbol_line():
    doc = ["Summary with *ptr.", "", "Parameters", "----------", "ptr : int", "    The *ptr to read", "",
           "See Also", "--------", "cuMemFree, cuMemAlloc", "", "C: cuMemAlloc_v2", ""]
    out = plaintext.convert(doc)
    assert out[0] == r"Summary with \*ptr."
    assert "ptr : int" in out and r"    The \*ptr to read" in out  # the entry line is napoleon's, untouched
    assert "cuMemFree, cuMemAlloc" in out
    assert out[-4:] == [".. rubric:: C symbol", "", "``cuMemAlloc_v2``", ""]
    assert "C: cuMemAlloc_v2" not in out  # not left inside See Also, where napoleon would read it as a name


def test_every_generated_docstring_converts():
    """Each docstring of the in-place build converts, keeps its sections and loses none of its words."""
    try:
        from cudacffi import driver, nvjitlink, nvml, runtime
    except ImportError:
        pytest.skip("cudacffi is not built in place for this interpreter (python build_cffi.py)")
    count = 0
    for module in (driver, runtime, nvjitlink, nvml):
        for name, obj in vars(module).items():
            if name.startswith("_") or not plaintext.generated(obj) or not obj.__doc__:
                continue
            lines = inspect.cleandoc(obj.__doc__).splitlines()
            out = plaintext.convert(lines)
            count += 1
            for title in ("Parameters", "Returns", "Raises", "Attributes", "Members"):
                assert (title in lines) == (title in out), (name, title)
            words = {w.replace("\\", "").strip("`") for line in lines for w in line.split() if line[:3] != "C: "}
            got = {w.replace("\\", "").strip("`") for line in out for w in line.split()}
            assert not words - got - {""}, (name, sorted(words - got)[:5])
    assert count > 1000
