"""codegen on a tiny header (golden files) and on the committed snapshots."""

import difflib
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

pycparser = pytest.importorskip("pycparser")

from codegen import emit_py, snapshot  # noqa: E402
from codegen import FAMILIES, Family  # noqa: E402
from codegen.model import build_model, decide  # noqa: E402
from codegen.render import render  # noqa: E402

CASES = os.path.join(ROOT, "tests", "codegen")
TINY = Family(name="tiny", headers=("tiny.h",), own=("tiny.h",), status="tinyResult",
              const_prefixes=("TINY_",), ptds_macro="TINY_PER_THREAD")


def tiny_facts():
    return build_model(TINY, [CASES])


def tiny_model():
    return decide(tiny_facts())


def tiny_outputs():
    texts = render(tiny_model(), "tuple")
    return {
        "tiny.model.json": snapshot.dump_model(tiny_facts()),
        "tiny.cdef": texts["cdef"],
        "tiny.c": texts["c"],
        "tiny.py": texts["py"],
        "tiny.pyi": texts["pyi"],
    }


def update_golden():
    for name, text in tiny_outputs().items():
        with open(os.path.join(CASES, name), "w") as f:
            f.write(text)


@pytest.mark.checkout
@pytest.mark.parametrize("name", ["tiny.model.json", "tiny.cdef", "tiny.c", "tiny.py", "tiny.pyi"])
def test_golden(name):
    """Emitted text equals the reviewed golden file (regenerate: python tests/test_codegen.py --update)."""
    with open(os.path.join(CASES, name)) as f:
        expected = f.read()
    got = tiny_outputs()[name]
    diff = "".join(difflib.unified_diff(expected.splitlines(True), got.splitlines(True), "golden", "now"))
    assert got == expected, diff


@pytest.mark.checkout
def test_tiny_model_symbols_and_directions():
    m = tiny_model()
    funcs = {f["name"]: f for f in m["functions"]}
    assert funcs["tinyOpen"]["symbol"] == "tinyOpen_v2"  # the header's rename, not the _v3 beside it
    assert funcs["tinyOpen_v3"]["symbol"] == "tinyOpen_v3"
    assert funcs["tinyCopy"]["symbol"] == "tinyCopy_v2"
    assert funcs["tinyCopy"]["ptds_symbol"] == "tinyCopy_v2_ptds"
    assert funcs["tinyClose"]["symbol"] == "__tinyClose_1_2"  # a static inline forwarder names it
    assert "tinyHelper" not in funcs  # an inline function that forwards nothing is not an API function
    dirs = lambda f: [p["dir"] for p in funcs[f]["params"]]  # noqa: E731
    assert dirs("tinyOpen") == ["out", "in"]
    assert dirs("tinyOpen_v3") == ["out", "in_struct", "in"]
    assert dirs("tinyCopy") == ["in", "in_ptr", "in"]
    assert dirs("tinyNodes") == ["in", "out_list", "inout"]
    assert dirs("tinyName") == ["out_bytes", "in", "in"]
    assert dirs("tinyDescribe") == ["out", "in"]
    enums = {d["tag"]: d for d in m["decls"] if d["kind"] == "enum"}
    assert enums["tinyResult_enum"]["members"] == [["TINY_OK", 0], ["TINY_ERR", 8], ["TINY_ALIAS", 8]]
    assert ["TINY_FLAG_A", 1] in m["constants"] and ["TINY_NULL", 0] in m["constants"]


def test_snapshots_hold_header_facts_only():
    """Directions and Python names are decided at build time, never frozen into a snapshot."""
    for version in snapshot.available_versions():
        for family in snapshot.families_in(version):
            facts = snapshot.load_facts(version, family)
            assert not [p for f in facts["functions"] for p in f["params"] if set(p) - {"name", "type"}]


def test_a_changed_override_changes_the_generated_wrapper(monkeypatch):
    """An override in codegen/directions.py reaches the generated code on the next build, from the same
    committed snapshot."""
    from codegen import directions

    before = emit_py.emit(snapshot.load_model("12.9", "driver"))
    assert "def cuDeviceGetLuid(dev):" in before
    monkeypatch.setitem(directions.OVERRIDES, ("cuDeviceGetLuid", "dev"), directions.Named("device"))
    after = emit_py.emit(snapshot.load_model("12.9", "driver"))
    assert "def cuDeviceGetLuid(device):" in after
    assert before.replace("cuDeviceGetLuid(dev)", "") != after.replace("cuDeviceGetLuid(device)", "")


@pytest.mark.checkout
def test_the_build_and_the_runtime_know_the_same_families():
    """One spec per family (cudacffi/_families.py) for the build, codegen, the loader and the report: codegen
    reads the very table the installed package imports."""
    from cudacffi import _families

    import codegen

    assert list(_families.NAMES) == list(FAMILIES)
    assert os.path.samefile(codegen.specs.__file__, _families.__file__)
    for name, spec in _families.FAMILIES.items():
        assert tuple(FAMILIES[name]) == tuple(spec), name  # both halves, the same values
    with open(os.path.join(ROOT, "setup.py")) as f:
        assert "header_source()[2].families" in f.read()  # the families these headers have


def test_one_table_of_families_and_only_the_standard_library():
    """cudacffi/_families.py is the only table of families: no module of codegen, the build or the package
    defines family data beside it (codegen/families.py is gone), and it imports only the standard library, so
    the build reads it before anything is compiled."""
    import ast

    path = os.path.join(ROOT, "cudacffi", "_families.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "relative import in cudacffi/_families.py"
            imported.add(node.module.split(".")[0])
    stdlib = getattr(sys, "stdlib_module_names", None) or {"collections", "os", "sys", "typing", "dataclasses"}
    assert imported and imported <= set(stdlib), imported - set(stdlib)
    calls = [n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    assert calls.count("Family") == len(FAMILIES)  # one spec per family, here

    assert not os.path.exists(os.path.join(ROOT, "codegen", "families.py"))
    # a family's spec is written with its name and its status enum together: no other source has both
    sources = [os.path.join(ROOT, "build_cffi.py"), os.path.join(ROOT, "setup.py"), os.path.join(ROOT, "noxfile.py")]
    for folder in ("codegen", "cudacffi"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, folder)):
            dirnames[:] = [d for d in dirnames if d not in ("_gen", "__pycache__")]
            sources += [os.path.join(dirpath, n) for n in filenames if n.endswith(".py")]
    for source in sources:
        if os.path.samefile(source, path):
            continue
        with open(source) as f:
            text = f.read()
        for name, fam in FAMILIES.items():
            assert not ("%r" % name in text and ("status=%r" % fam.status in text or "%r" % fam.soname in text)), \
                "%s holds family data for %s" % (source, name)
        assert "Family(" not in text, "%s defines families" % source


@pytest.mark.parametrize("param, message", [
    ({"dir": "in_sideways"}, r"f\(x\): direction 'in_sideways' is not one the emitters render"),
    ({"dir": "out", "count": "n"}, r"f\(x\): direction 'out' takes no count"),
    ({"dir": "in_list"}, r"f\(x\): direction 'in_list' needs count or fixed"),
    ({"dir": "in_list", "count": "m"}, r"f\(x\): count names 'm', which is not a parameter"),
    ({"dir": "attr_out", "table": "nope", "by": "n"}, r"f\(x\): no attribute table 'nope'"),
    ({"dir": "in", "colour": 1}, r"f\(x\): direction 'in' takes no colour"),
])
def test_a_direction_no_renderer_takes_is_refused_naming_function_and_parameter(param, message):
    from codegen import directions

    f = {"name": "f", "params": [dict(param, name="x", type={"base": "int", "ptrs": [False]}),
                                 {"name": "n", "type": {"base": "int"}, "dir": "in"}]}
    with pytest.raises(ValueError, match=message):
        directions.validate(f)


def test_overrides_are_typed_directions():
    """Every override is a Direction (or a Named with one); a bad one fails when directions.py is imported."""
    from codegen import directions

    assert all(isinstance(o, (directions.Direction, directions.Named)) for o in directions.OVERRIDES.values())
    with pytest.raises(ValueError, match="takes no count"):
        directions.Direction("out_cstr", count="n")


def test_signature_directions_come_from_the_model():
    from codegen import directions, signature

    assert signature.INPUT_DIRS == tuple(k for k, v in directions.KINDS.items() if v.python in ("input", "both"))
    assert "inout" in signature.INPUT_DIRS and "inout" in signature.OUTPUT_DIRS
    assert "attr_size" not in signature.INPUT_DIRS + signature.OUTPUT_DIRS


def test_generated_files_are_marked_formatted_and_name_their_symbols():
    """Each generated file names the generator's version and a hash of its content (a hand edit shows); no
    line runs on (enums one member per line, no line over 120 characters); docstrings start with the signature
    and end naming the C symbol bound."""
    import codegen
    from codegen.text import check_mark

    texts = render(snapshot.load_model("12.9", "driver"), "tuple")
    for name, text in texts.items():
        first = text.split("\n", 1)[0]
        assert "CUDA 12.9 by codegen %s (content sha256:" % codegen.__version__ in first, name
        assert check_mark(text), name
        assert not check_mark(text.replace("cuCtxCreate", "cuCtxCreateX")), name
    assert max(len(line) for line in texts["py"].splitlines()) <= 120
    assert "    ('CUDA_SUCCESS', 0),\n" in texts["py"]
    doc = texts["py"].split('    """cuCtxCreate(flags, dev) -> (CUresult, pctx)\n\n', 1)[1].split('"""', 1)[0]
    assert doc.startswith("    Create a CUDA context\n") and doc.endswith("\n    C: cuCtxCreate_v2\n    ")
    exc = render(snapshot.load_model("12.9", "nvjitlink"), "exception")["py"]
    assert "C: nvJitLinkCreate (symbol __nvJitLinkCreate_12_9)" in exc


def test_alignment_attributes_are_recorded():
    """_Alignas in cuda.h (CUtensorMap) is kept as data, never dropped silently."""
    import re

    for version in snapshot.available_versions():
        with open(os.path.join(snapshot.snapshot_dir(version), "include", "cuda.h")) as f:
            declared = int(re.search(r"_Alignas\((\d+)\)", f.read()).group(1))
        model = snapshot.load_model(version, "driver")
        assert model["alignments"].get("CUtensorMap_st") == declared


@pytest.mark.checkout
@pytest.mark.parametrize("version", snapshot.available_versions())
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_snapshot_reproduces(version, family):
    """Regenerating a snapshot's model from its own headers gives the committed file byte for byte."""
    path = os.path.join(snapshot.snapshot_dir(version), "model-%s.json" % family)
    if family not in snapshot.expected_families(version):
        assert not os.path.exists(path)  # the family is newer than these headers
        pytest.skip("CUDA %s has no %s (it starts with %s)" % (version, family, FAMILIES[family].since))
    with open(path) as f:
        committed = f.read()
    assert snapshot.regenerate(version, family) == committed


@pytest.mark.parametrize("family,prefix", [("driver", "cu"), ("runtime", "cuda")])
def test_sm_resource_splits_have_one_result_per_group(family, prefix):
    """The driver writes one resource (and reads one group description) per group: a single output slot
    would be overrun by a split into two groups."""
    model = snapshot.load_model("13.5", family)
    funcs = {f["name"]: {p["name"]: p for p in f["params"]} for f in model["functions"]}
    for name in (prefix + "DevSmResourceSplit", prefix + "DevSmResourceSplitByCount"):
        result = funcs[name]["result"]
        assert (result["dir"], result.get("count")) == ("out_list", "nbGroups"), name
    groups = funcs[prefix + "DevSmResourceSplit"]["groupParams"]
    assert (groups["dir"], groups.get("count")) == ("in_list", "nbGroups")


@pytest.mark.parametrize("version", snapshot.available_versions())
@pytest.mark.parametrize("family", ["driver", "runtime"])
def test_every_list_parameter_has_a_length(version, family):
    """A C array read or written without a known length would overrun: each list has its count, and the
    graph edge data beside a node list is a list of the same length (one item per dependency)."""
    path = os.path.join(snapshot.snapshot_dir(version), "model-%s.json" % family)
    if not os.path.exists(path):
        pytest.skip("no %s model in the %s snapshot" % (family, version))
    model = snapshot.load_model(version, family)
    unbounded = ["%s.%s" % (f["name"], p["name"]) for f in model["functions"] for p in f["params"]
                 if p["dir"] in ("in_list", "out_list") and not (p.get("count") or p.get("fixed"))]
    assert not unbounded
    edge_data = {"%s.%s" % (f["name"], p["name"]): p["dir"] for f in model["functions"] for p in f["params"]
                 if "EdgeData" in p["type"]["base"]}
    assert all(d in ("in_list", "out_list") for d in edge_data.values()), edge_data


@pytest.mark.parametrize("version", snapshot.available_versions())
def test_header_maps_names_to_versioned_symbols(version):
    symbol = "cuCtxCreate_v2" if version.startswith("12.") else "cuCtxCreate_v4"
    funcs = {f["name"]: f for f in snapshot.load_model(version, "driver")["functions"]}
    assert funcs["cuCtxCreate"]["symbol"] == symbol
    assert funcs["cuMemAlloc"]["symbol"] == "cuMemAlloc_v2"
    assert funcs["cuMemcpyHtoDAsync"]["ptds_symbol"] == "cuMemcpyHtoDAsync_v2_ptsz"
    assert funcs["cuStreamQuery"]["ptds_symbol"] == "cuStreamQuery_ptsz"


@pytest.mark.parametrize("version,suffix", [("12.9", "12_9"), ("13.0", "13_0")])
def test_nvjitlink_names_map_to_the_versioned_symbols_of_the_header(version, suffix):
    funcs = {f["name"]: f for f in snapshot.load_model(version, "nvjitlink")["functions"]}
    assert funcs["nvJitLinkCreate"]["symbol"] == "__nvJitLinkCreate_" + suffix
    assert funcs["nvJitLinkGetLinkedCubin"]["symbol"] == "__nvJitLinkGetLinkedCubin_" + suffix
    assert funcs["nvJitLinkVersion"]["symbol"] == "nvJitLinkVersion"  # not versioned in the header


def test_exception_style_names():
    from codegen import emit_py_exception

    model = snapshot.load_model("12.9", "nvvm")
    assert emit_py_exception.python_name(model, "nvvmIRVersion") == "ir_version"
    assert emit_py_exception.python_name(model, "nvvmLazyAddModuleToProgram") == "lazy_add_module_to_program"
    assert emit_py_exception.snake("bufferSizeRet") == "buffer_size_ret"
    assert (emit_py_exception.enum_members([["NVJITLINK_INPUT_NONE", 0], ["NVJITLINK_INPUT_PTX", 2]])
            == [("NONE", 0), ("PTX", 2)])


def test_int_shifted_into_the_sign_bit_is_negative():
    """``(1 << 31)`` is an int: INT_MIN for the compiler (CUDA 13.5's CU_COREDUMP_LOG_ONLY); ``1u << 31`` is not."""
    from pycparser import c_parser

    from codegen.parse import eval_expr

    ast = c_parser.CParser().parse("enum E { A = (1 << 31), B = (1u << 31), C = (1 << 30) };")
    values = [eval_expr(e.value, {}) for e in ast.ext[0].type.values.enumerators]
    assert values == [-2 ** 31, 2 ** 31, 2 ** 30]


@pytest.mark.parametrize("version", snapshot.available_versions())
def test_generated_classes_follow_their_bases(version):
    """A typedef may name a struct defined later in the header: its class still comes after the base's."""
    import ast

    tree = ast.parse(emit_py.emit(snapshot.load_model(version, "driver")))
    defined = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                if isinstance(base, ast.Name):
                    assert base.id in defined, "%s before its base %s" % (node.name, base.id)
            defined.add(node.name)


if __name__ == "__main__":
    if "--update" in sys.argv:
        update_golden()
        print("golden files updated in", CASES)


@pytest.mark.checkout
def test_every_package_of_the_source_tree_is_shipped():
    """pyproject.toml lists each package folder of cudacffi/ (a missing one installs without that API)."""
    import re

    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        listed = set(re.findall(r'"([\w.]+)"', re.search(r"^packages = \[(.*?)\]", f.read(), re.M | re.S).group(1)))
    top = os.path.join(ROOT, "cudacffi")
    folders = {os.path.relpath(d, ROOT).replace(os.sep, ".") for d, _, files in os.walk(top) if "__init__.py" in files}
    assert "cudacffi.core.system" in folders
    assert folders == listed
