"""The generated API against cuda.bindings' public signatures (../shared/reference or tests/reference).

For each function present in both, the Python parameters (names, order) and the outputs (names, order)
must match. Every mismatch left is listed in ``KNOWN`` with its reason; the rate must stay >= 98 %.
Snapshots of other versions are compared with the nearest reference of their major: the functions both
have must match the same way, and how many functions the version adds or lacks is reported.
"""

import ast
import csv
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from codegen import emit_py_exception, snapshot  # noqa: E402
from codegen.lowering import exception_function_name, exception_param_name  # noqa: E402
from codegen.signature import inputs, outputs  # noqa: E402
from conftest import tested_package  # noqa: E402

REFERENCE_DIRS = [os.path.join(ROOT, "tests", "reference"), os.path.join(ROOT, "..", "shared", "reference")]
PAIRS = [("12.9", "12.9.10"), ("13.0", "13.5.0"), ("13.5", "13.5.0")]
NEAREST = {12: "12.9.10", 13: "13.5.0"}  # the reference other snapshots of a major are compared with
FAMILIES = ["driver", "runtime", "nvrtc"]  # the tuple-style families; nvjitlink and nvvm below

# Mismatches that remain, and why.
KNOWN = {
    # the reference names outputs as its docs do: 'from' for the Python parameter we (and it) call from_
    "cuGraphGetEdges": "reference output name 'from' is the C name; the Python name is from_",
    "cuGraphGetEdges_v2": "reference output name 'from' is the C name; the Python name is from_",
    "cudaGraphGetEdges": "reference output name 'from' is the C name; the Python name is from_",
    "cudaGraphGetEdges_v2": "reference output name 'from' is the C name; the Python name is from_",
    # documented gap in the reference: cudaGetExportTable has no docs, so its outputs are not listed
    "cudaGetExportTable": "reference lists no outputs (undocumented); the function returns ppExportTable",
    # documented gap in the reference: its docs name the output after the handle
    "cuTexRefGetBorderColor": "reference docs name the output hTexRef (the C name is pBorderColor)",
    # 13.0 headers against the 13.5 reference: the C parameter names changed between them
    "cuDevSmResourceSplitByCount": "13.0 headers name the parameters useFlags/remaining; 13.5 flags/remainder",
    # the handle's size depends on handleType (a fabric handle is larger than 8 bytes): a caller buffer here
    "cuLogicalEndpointExport": "the exported handle is written into a caller buffer (its size varies by type)",
    # the reference lists the C size parameter from the docs; cuda.bindings sizes the value from the attribute
    # and returns (err, value) / (err,), as these do (checked against the package)
    **{f: "the size is set from the attribute, as cuda.bindings does; no size is taken or returned"
       for f in ("cuCoredumpGetAttribute", "cuCoredumpGetAttributeGlobal", "cuCoredumpSetAttribute",
                 "cuCoredumpSetAttributeGlobal")},
}


def reference_file(version, table="signatures.tsv"):
    for d in REFERENCE_DIRS:
        p = os.path.join(d, "cuda-bindings-%s" % version, table)
        if os.path.exists(p):
            return p
    return None


def reference_rows(version, module, table="signatures.tsv"):
    """The rows of one module in a reference table (skips where the table is absent)."""
    path = reference_file(version, table)
    if path is None:
        pytest.skip("no reference table %s for cuda-bindings %s" % (table, version))
    with open(path, encoding="utf-8") as f:
        return [row for row in csv.reader(f, delimiter="\t") if row[0] == module]


def parameter_names(row):
    return [x.split(" : ")[0].strip() for x in row[3].split(" | ")] if row[3] else []


def reference(version, module):
    """{function: (parameter names, output names after the status)}."""
    return {row[1]: (parameter_names(row), [x.split(" : ")[0].strip() for x in row[4].split(" ; ")[1:]])
            for row in reference_rows(version, module)}


def compare(build, ref, family):
    """(functions in both, mismatches, names only the build has, names only the reference has)."""
    model = snapshot.load_model(build, family)
    refs = reference(ref, family)
    common = [f for f in model["functions"] if f["name"] in refs]
    mismatches = []
    for f in common:
        mine = ([p["pyname"] for p in inputs(f)], [p["pyname"] for p in outputs(f)])
        if mine != refs[f["name"]]:
            mismatches.append((f["name"], mine, refs[f["name"]]))
    names = {f["name"] for f in model["functions"]}
    return common, mismatches, sorted(names - set(refs)), sorted(set(refs) - names)


@pytest.mark.parametrize("build,ref", PAIRS)
@pytest.mark.parametrize("family", FAMILIES)
def test_signatures_match_reference(build, ref, family):
    common, mismatches, _, _ = compare(build, ref, family)
    unexplained = [m for m in mismatches if m[0] not in KNOWN]
    rate = 1 - len(mismatches) / len(common)
    report = "\n".join("%s: ours %s, reference %s" % m for m in mismatches)
    assert len(common) > {"driver": 400, "runtime": 280, "nvrtc": 20}[family]
    assert rate >= 0.98, report
    assert not unexplained, report


OTHERS = [v for v in snapshot.available_versions() if v not in dict(PAIRS)]


@pytest.mark.parametrize("build", OTHERS)
@pytest.mark.parametrize("family", FAMILIES)
def test_other_versions_against_nearest_reference(build, family):
    """Older or newer headers: the functions both have still match; how many it adds or lacks is reported."""
    from conftest import SUMMARY

    ref = NEAREST[int(build.split(".")[0])]
    common, mismatches, adds, lacks = compare(build, ref, family)
    SUMMARY.append("signatures: CUDA %s %s vs cuda-bindings %s: %d in both, %d added, %d lacking, %d differ"
                   % (build, family, ref, len(common), len(adds), len(lacks), len(mismatches)))
    unexplained = [m for m in mismatches if m[0] not in KNOWN]
    assert len(common) > {"driver": 350, "runtime": 250, "nvrtc": 15}[family]
    assert not unexplained, "\n".join("%s: ours %s, reference %s" % m for m in unexplained)


# -- exception style (nvjitlink, nvvm): snake_case names, outputs returned without a status -----------------

# Reference functions the 12.9 and 13.0 headers do not declare (newer than those versions).
EXC_MISSING = {
    "nvjitlink": {"get_linked_ltoir", "get_linked_ltoir_size"},  # nvJitLinkGetLinkedLtoir*: not in nvJitLink.h
    "nvvm": {"llvm_version"},  # nvvmLLVMVersion: not in nvvm.h
    "nvfatbin": {"add_tile_ir"},  # nvFatbinAddTileIR: newer than the 13.0 headers
}
EXC_FAMILIES = ["nvjitlink", "nvvm", "nvfatbin"]


def exception_rows(build, ref, family):
    """(model, reference) where both have ``family`` (nvFatbin: CUDA 12.4+, cuda-bindings 13.x tables)."""
    if family not in snapshot.families_in(build):
        pytest.skip("the %s snapshot has no %s" % (build, family))
    rows = reference_rows(ref, family)
    if not rows:
        pytest.skip("cuda-bindings %s's tables have no %s" % (ref, family))
    return snapshot.load_model(build, family)


def exception_reference(version, module):
    """{function: (parameter names, number of values returned)}."""
    return {row[1]: (parameter_names(row), len(row[4].split(" ; ")) if row[4] else 0)
            for row in reference_rows(version, module)}


@pytest.mark.parametrize("build,ref", PAIRS)
@pytest.mark.parametrize("family", EXC_FAMILIES)
def test_exception_style_signatures_match_reference(build, ref, family):
    model = exception_rows(build, ref, family)
    refs = exception_reference(ref, family)
    ours = {exception_function_name(model, f): f for f in model["functions"]}
    assert set(refs) - set(ours) <= EXC_MISSING[family]
    assert set(ours) - set(refs) == set()
    for name, f in ours.items():
        params = [exception_param_name(p) for p in inputs(f)]
        n_out = len(outputs(f))
        assert (params, n_out) == refs[name], name


def reference_enums(version, module):
    return {row[1]: [(m.split("=")[0], int(m.split("=")[1])) for m in row[3].split(";")]
            for row in reference_rows(version, module, "enums.tsv")}


@pytest.mark.parametrize("build,ref", PAIRS)
@pytest.mark.parametrize("family", EXC_FAMILIES)
def test_exception_style_enums_match_reference(build, ref, family):
    """Same names and values. The 12.9 nvJitLink.h declares Result codes 0-9 only (10-18 came with 13.0);
    every member it has matches the reference."""
    model = exception_rows(build, ref, family)
    refs = reference_enums(ref, family)
    prefix = emit_py_exception.prefix(model)
    ours = {}
    for d in model["decls"]:
        if d["kind"] == "typedef" and d["type"]["base"].startswith("enum "):
            decl = next(e for e in model["decls"] if e["kind"] == "enum" and "enum " + e["tag"] == d["type"]["base"])
            ours[d["name"][len(prefix):]] = emit_py_exception.enum_members(decl["members"])
    assert set(ours) == set(refs)
    for name, members in ours.items():
        if build == "12.9" and (family, name) == ("nvjitlink", "Result"):
            assert members == refs[name][:len(members)] and len(members) == 10
        else:
            assert members == refs[name], name


# -- NVML: agreement rate ------------------------------------------------------------------------------------

# cuda.bindings.nvml is written by hand in places the headers do not decide. The versioned requests whose input
# fields it takes as arguments (device_get_fan_speed_rpm(device, fan) ...) do so here too where the request is
# whole (codegen/directions.py, ``fields``); the functions of codegen.decisions.coverage.HAND_WRITTEN (field-value
# and PRM counter lists, vGPU placements, process utilisation samples and details, event data, vGPU metadata, the
# UUID request, ...) are cudacffi/nvml.py's, checked here from its source. Every other function must match but:
NVML_KNOWN = {
    # the table lists no result for these (their docstrings name none), but cuda.bindings 13.5.0 returns one, as
    # these do: the P-state array, the process list struct
    "device_get_supported_performance_states": "returns the P-states; the table lists no result",
    "device_get_running_process_detail_list": "returns the ProcessDetailList; the table lists no result",
    # the request's bSetBest and bwMode are inputs (the header marks them [in]): taken here as the struct;
    # cuda.bindings takes no request and returns one, which would set whatever mode zeroes mean
    "device_set_nvlink_bw_mode_async_v1": "takes the request, whose bwMode and bSetBest are inputs",
}
NVML_RATE = 0.98
NVML_HANDWRITTEN = {"check_status", "check_status_size"}  # cudacffi/nvml.py's helpers, no C function


def hand_written_signatures(family):
    """{name: (parameter names, number of values returned)} of the public functions cudacffi/<family>.py writes
    (also those under an ``if``: present where the build's header declares their C function), read from its
    source whatever this build has: a ``-> None`` annotation returns nothing, a tuple annotation its items, any
    other one value (None where the function has no return annotation)."""
    with open(os.path.join(tested_package(), family + ".py"), encoding="utf-8") as f:
        todo = list(ast.parse(f.read()).body)
    out = {}
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If):
            todo += node.body + node.orelse
        elif isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            ret = node.returns
            if ret is None:
                n = None
            elif isinstance(ret, ast.Constant) and ret.value is None:
                n = 0
            elif isinstance(ret, ast.Subscript) and getattr(ret.value, "id", "") == "tuple":
                n = len(ret.slice.elts) if isinstance(ret.slice, ast.Tuple) else 1
            else:
                n = 1
            out[node.name] = ([a.arg for a in node.args.args], n)
    return out


def exception_signatures(build, family):
    """{Python name: (parameter names, number of values returned)} of a build's exception-style module: the
    generated functions and, in place of theirs, the hand-written ones (codegen.decisions.coverage.HAND_WRITTEN)."""
    from codegen.decisions.coverage import HAND_WRITTEN

    model = snapshot.load_model(build, family)
    hand = hand_written_signatures(family)
    out = {}
    for f in model["functions"]:
        name = exception_function_name(model, f)
        if f["name"] in HAND_WRITTEN.get(family, ()):
            assert name in hand, "%s (%s) is hand-written, but cudacffi/%s.py has no %s" % (f["name"], build,
                                                                                               family, name)
            assert hand[name][1] is not None, "cudacffi/%s.py: %s has no return annotation" % (family, name)
            out[name] = hand[name]
        elif family == "cufile":
            out[name] = ([exception_param_name(p) for p in inputs(f)], _cufile_returns(model, f))
        else:
            out[name] = ([exception_param_name(p) for p in inputs(f)], len(outputs(f)))
    return out


@pytest.mark.parametrize("build", ["13.0", "13.5"])
def test_nvml_signatures_agree_with_reference(build):
    from conftest import SUMMARY

    refs = exception_reference("13.5.0", "nvml")
    ours = exception_signatures(build, "nvml")
    agree = [n for n, sig in ours.items() if n in refs and sig == refs[n]]
    rate = (len(agree) + len(NVML_HANDWRITTEN)) / len(refs)
    SUMMARY.append("signatures: CUDA %s nvml vs cuda-bindings 13.5.0: %d of %d agree (%.1f %%), %d only here"
                   % (build, len(agree) + len(NVML_HANDWRITTEN), len(refs), 100 * rate, len(set(ours) - set(refs))))
    differ = {n for n in ours if n in refs and n not in agree}
    assert differ <= set(NVML_KNOWN), "\n".join("%s: ours %s, reference %s" % (n, ours[n], refs[n])
                                                for n in sorted(differ - set(NVML_KNOWN)))
    if build == "13.5":
        assert differ == set(NVML_KNOWN)  # no entry left after its difference is gone
    assert rate >= (NVML_RATE if build == "13.5" else 0.80)
    for name in ("init_v2", "shutdown", "device_get_count_v2", "device_get_handle_by_index_v2", "device_get_name",
                 "device_get_memory_info_v2", "device_get_utilization_rates", "device_get_pci_info_v3",
                 "device_get_compute_running_processes_v3", "device_get_power_usage", "device_get_clock_info",
                 "system_get_driver_version", "error_string", "device_get_field_values",
                 "device_get_processes_utilization_info", "device_get_vgpu_type_supported_placements",
                 "device_get_vgpu_metadata", "system_event_set_wait"):
        assert name in agree or name in NVML_HANDWRITTEN, name


def test_hand_written_functions_are_in_the_header():
    """Each name of HAND_WRITTEN is a C function of some snapshot, so none is left behind by a rename."""
    from codegen.decisions.coverage import HAND_WRITTEN

    for family, names in HAND_WRITTEN.items():
        declared = set()
        for build in snapshot.available_versions():
            if family in snapshot.families_in(build):
                declared |= {f["name"] for f in snapshot.load_model(build, family)["functions"]}
        assert set(names) <= declared, sorted(set(names) - declared)


def test_nvml_enums_agree_with_reference():
    """The status enum is the reference's member for member; every other member both name has its value (but
    the ``..._COUNT`` ends, which grow with newer headers than these)."""
    model = snapshot.load_model("13.5", "nvml")
    refs = reference_enums("13.5.0", "nvml")
    index = {"enum " + d["tag"]: d for d in model["decls"] if d["kind"] == "enum"}
    checked = 0
    for d in model["decls"]:
        if d["kind"] == "typedef" and d["type"]["base"] in index and not d["type"].get("ptrs"):
            name = emit_py_exception.python_type_name("nvml", d["name"])
            members = emit_py_exception.enum_members(index[d["type"]["base"]]["members"])
            if name == "Return":
                assert members == refs[name]
            for member, value in members:
                if member in dict(refs.get(name, ())) and not member.endswith("COUNT"):  # counts grow
                    assert dict(refs[name])[member] == value, (name, member)
                    checked += 1
    assert checked > 500


# -- cuFile: agreement rate ----------------------------------------------------------------------------------

# cuda.bindings.cufile counts a returned byte count (read, write, readv, writev) and ``void`` as a result; readv /
# writev (its IOVec array, here an IOVec list), use_count (None) and op_status_error (cufile.h's static inline
# cufileop_status_error, which no library exports) are cudacffi/cufile.py's, checked from its source. cufile.h
# 13.5 declares functions the 13.5.0 tables lack (the GPU bounce buffer slab arrays, P2P flags, PCIe topology
# export): only here, not counted against the rate.
CUFILE_RATE = 0.98
CUFILE_MISSING = set()  # table functions this module lacks (13.5)
CUFILE_KNOWN = set()  # table functions whose signature differs
CUFILE_PYTHON = {"op_status_error"}  # written in cudacffi/cufile.py with no C function behind them


def _cufile_returns(model, f):
    from codegen.emit_c import returns_count

    return len(outputs(f)) + returns_count(model, f)


@pytest.mark.parametrize("build", ["12.9", "13.0", "13.5"])
def test_cufile_signatures_agree_with_reference(build):
    from conftest import SUMMARY

    refs = {n: (params, 0 if row_void else n_out) for n, (params, n_out, row_void) in _cufile_reference().items()}
    ours = exception_signatures(build, "cufile")
    hand = hand_written_signatures("cufile")
    ours.update({n: hand[n] for n in CUFILE_PYTHON})
    agree = [n for n, sig in ours.items() if n in refs and sig == refs[n]]
    common = [n for n in refs if n in ours]
    rate = len(agree) / len(common)
    SUMMARY.append("signatures: CUDA %s cufile vs cuda-bindings 13.5.0: %d of %d in both agree (%.1f %%), %d of the "
                   "table's %d here, %d only here" % (build, len(agree), len(common), 100 * rate, len(common),
                                                      len(refs), len(set(ours) - set(refs))))
    assert set(common) - set(agree) <= CUFILE_KNOWN, sorted(set(common) - set(agree))
    assert rate >= (CUFILE_RATE if build == "13.5" else 0.90)
    if build == "13.5":
        assert set(refs) - set(ours) == CUFILE_MISSING
    for name in ("driver_open", "driver_close", "handle_register", "handle_deregister", "buf_register",
                 "buf_deregister", "read", "write", "read_async", "write_async", "batch_io_set_up", "get_version",
                 "op_status_error"):
        assert name in agree, name


def _cufile_reference():
    return {row[1]: (parameter_names(row), len(row[4].split(" ; ")) if row[4] else 0, row[4] == "void")
            for row in reference_rows("13.5.0", "cufile")}


def test_cufile_enums_agree_with_reference():
    """Every enum cuda.bindings.cufile has, member for member (CUresult is pyCUresult there, with the C names)."""
    from codegen.emit_py_exception import ExcWriter, enum_members

    model = snapshot.load_model("13.5", "cufile")
    refs = reference_enums("13.5.0", "cufile")
    ew = ExcWriter(model)
    ours = {}
    for d in ew.enum_typedefs():
        decl = ew.index.enums[d["type"]["base"]]
        ours[ew.enum_class[d["name"]]] = enum_members(decl["members"])
    assert set(refs) - set(ours) == {"pyCUresult"}
    for name, members in refs.items():
        if name != "pyCUresult":
            assert ours[name] == members, name
