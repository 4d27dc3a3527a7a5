"""cudacffi.runtime on the CPU: loading libcudart with no driver, handles shared with the driver module,
helpers, layouts, and bad input naming the parameter.

Loading is global to a process, so loading cases run in a fresh interpreter. The libcudart they load is
the NVIDIA wheel's (``nvidia-cuda-runtime-cu12`` for a 12.x build); with no driver on the machine it
answers ``cudaErrorInsufficientDriver`` to everything that needs a device.
"""

import csv
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, c_compiler, check_enum_values, run_python, script_env

sys.path.insert(0, ROOT)

rt = pytest.importorskip("cudacffi.runtime", reason="cudacffi is not built")
from cudacffi import driver  # noqa: E402
from cudacffi._gen import runtime as gen  # noqa: E402
from cudacffi._runtime import ffi, lib  # noqa: E402

MAJOR = rt.CUDA_VERSION // 1000
# (graph, from_, to, edgeData, numDependencies): the _v2 form of 12.x is the plain name in 13.x
# the edge-data form: cudaGraphAddDependencies_v2 from 12.3, the plain name in 13.x (None before 12.3)
ADD_DEPENDENCIES = (getattr(rt, "cudaGraphAddDependencies_v2", None) if MAJOR == 12
                    else rt.cudaGraphAddDependencies)


def edge_data_form():
    if ADD_DEPENDENCIES is None:
        pytest.skip("this build's headers (before CUDA 12.3) have no edge-data form of cudaGraphAddDependencies")
    return ADD_DEPENDENCIES


def add_dependencies(*args):
    return edge_data_form()(*args)


def declared(name):
    """Whether the build's headers declare the C type ``name`` (cffi was given their declarations)."""
    try:
        ffi.typeof(name)
    except ffi.error:
        return False
    return True


@pytest.fixture(scope="module")
def cudart():
    """The path of the libcudart a fresh interpreter finds (skips where there is none)."""
    r = run_python("from cudacffi import runtime\nruntime._library.load()\nprint(runtime._library.path)\n")
    if r.returncode != 0:
        pytest.skip("no libcudart.so.%d here (pip install nvidia-cuda-runtime-cu%d)" % (MAJOR, MAJOR))
    return r.stdout.strip()


@pytest.fixture(scope="module")
def no_driver():
    r = run_python("import ctypes\nctypes.CDLL('libcuda.so.1')\n")
    if r.returncode == 0:
        pytest.skip("a CUDA driver is installed here")


# -- loading -----------------------------------------------------------------------------------------------


def test_import_touches_no_library():
    r = run_python("from cudacffi import runtime\nprint(runtime._library.loaded)\n",
                   env={"CUDACFFI_LIBRUNTIME": "/nonexistent/libcudart.so.%d" % MAJOR})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False"]


def test_no_libcudart_raises_library_not_found_naming_it():
    r = run_python(
        "from cudacffi import runtime, LibraryNotFoundError\n"
        "for f in (runtime.cudaRuntimeGetVersion, runtime.getLocalRuntimeVersion):\n"
        "    try:\n"
        "        f()\n"
        "    except LibraryNotFoundError as e:\n"
        "        print('RAISED', str(e).splitlines()[0])\n",
        env={"CUDACFFI_LIBRUNTIME": "/nonexistent/libcudart.so.%d" % MAJOR})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("RAISED") and "libcudart.so" in line for line in lines)


def test_only_the_builds_major_is_searched(monkeypatch):
    """libcudart's structs change between majors: a 12.x build must never load libcudart.so.13."""
    monkeypatch.delenv("CUDACFFI_LIBRUNTIME", raising=False)
    sonames = {os.path.basename(p) for p, how in rt._library.candidates()}
    assert sonames and sonames <= {"libcudart.so.%d" % MAJOR}


def test_runtime_version_without_driver(cudart, no_driver):
    r = run_python(
        "from cudacffi import runtime\n"
        "print(runtime.cudaRuntimeGetVersion()[1], runtime.getLocalRuntimeVersion()[1])\n"
        "err, n = runtime.cudaGetDeviceCount()\n"
        "print(err.name, n)\n"
        "err, ptr = runtime.cudaMalloc(16)\n"
        "print(err.name, ptr)\n")
    assert r.returncode == 0, r.stderr
    versions, count, malloc = r.stdout.splitlines()
    a, b = versions.split()
    assert a == b and int(a) // 1000 == MAJOR
    assert count == "cudaErrorInsufficientDriver None"
    assert malloc == "cudaErrorInsufficientDriver None"


def test_error_strings_need_no_driver(cudart):
    err, name = rt.cudaGetErrorName(rt.cudaError_t.cudaErrorInsufficientDriver)
    assert err == rt.cudaError_t.cudaSuccess and name == b"cudaErrorInsufficientDriver"
    err, text = rt.cudaGetErrorString(rt.cudaError_t.cudaErrorMemoryAllocation)
    assert err == rt.cudaError_t.cudaSuccess and b"memory" in text


def test_check_describes_a_runtime_error(cudart):
    import cudacffi

    with pytest.raises(cudacffi.CUDAError, match="cudaErrorInvalidValue.*invalid argument"):
        cudacffi.check((rt.cudaError_t.cudaErrorInvalidValue,))


@pytest.mark.parametrize("per_thread,symbols", [
    ("", ("cudaStreamQuery", "cudaMemcpy", "cudaGetDeviceCount")),
    ("1", ("cudaStreamQuery_ptsz", "cudaMemcpy_ptds", "cudaGetDeviceCount")),
])
def test_per_thread_default_stream_symbols(cudart, per_thread, symbols):
    r = run_python(
        "from cudacffi import runtime\n"
        "runtime._library.load()\n"
        "print(*[runtime._library.symbol(n) for n in ('cudaStreamQuery', 'cudaMemcpy', 'cudaGetDeviceCount')])\n",
        env={"CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM": per_thread})
    assert r.returncode == 0, r.stderr
    assert tuple(r.stdout.split()) == symbols


def test_every_function_binds_to_the_libraries_symbols(cudart):
    """libcudart exports every symbol of the build's model, and each per-thread variant the header names. A
    library older than the headers (the toolkit's 13.0 under a 13.5 build) lacks the newer functions: those
    stay unbound, and every one it has is bound to the header's symbol."""
    r = run_python(
        "import json, sys\n"
        "from cudacffi import runtime\n"
        "from codegen import snapshot\n"
        "model = snapshot.load_model('%d.%d', 'runtime')\n"
        "runtime._library.load()\n"
        "print(runtime.cudaRuntimeGetVersion()[1])\n"
        "print(json.dumps([[f['name'], f.get('ptds_symbol') or f['symbol'], runtime._library.symbol(f['name'])]\n"
        "                  for f in model['functions']]))\n" % (MAJOR, rt.CUDA_VERSION % 1000 // 10),
        env={"CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM": "1"})
    assert r.returncode == 0, r.stderr
    import json

    version, rows = r.stdout.splitlines()
    rows = json.loads(rows)
    older = int(version) < rt.CUDA_VERSION
    assert len(rows) >= (280 if rt.CUDA_VERSION >= 12040 else 260)  # 262 in 12.0, 280 in 12.4, 295 in 12.9
    assert sum(want.endswith(("_ptds", "_ptsz")) for _, want, _ in rows) > 50
    assert [row for row in rows if row[1] != row[2] and not (older and row[2] is None)] == []


def test_driver_handles_are_accepted_without_a_driver(cudart, no_driver):
    r = run_python(
        "from cudacffi import runtime, driver\n"
        "print(runtime.cudaStreamQuery(driver.CUstream(0))[0].name)\n"
        "print(runtime.cudaEventQuery(driver.CUevent(0))[0].name)\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["cudaErrorInsufficientDriver"] * 2


def test_python_m_cudacffi_reports_libcudart(cudart):
    import sys

    r = subprocess.run([sys.executable, "-m", "cudacffi"], capture_output=True, text=True, cwd=ROOT,
                       env=script_env())
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if "libcudart" in x)
    assert cudart in line and "version %d." % MAJOR in line


def test_example_exits_cleanly_without_a_device(cudart, no_driver):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "runtime_graph.py")], capture_output=True,
                       text=True, timeout=120, env=script_env())
    assert r.returncode == 77, r.stdout + r.stderr  # examples/_checkout.py's CANNOT_RUN
    assert r.stderr.strip() == "runtime_graph: cannot run: no CUDA driver/device (cudaErrorInsufficientDriver)", \
        r.stdout + r.stderr


# -- handles -------------------------------------------------------------------------------------------------

# runtime handle -> the driver handle it is (types.tsv: subclass_of)
SAME_C_TYPE = {"cudaStream_t": "CUstream", "cudaEvent_t": "CUevent", "cudaGraph_t": "CUgraph",
               "cudaGraphNode_t": "CUgraphNode", "cudaGraphExec_t": "CUgraphExec", "cudaFunction_t": "CUfunction",
               "cudaMemPool_t": "CUmemoryPool", "cudaUserObject_t": "CUuserObject"}


@pytest.mark.parametrize("name,base", sorted(SAME_C_TYPE.items()))
def test_runtime_handle_subclasses_the_drivers(name, base):
    cls = getattr(rt, name)
    assert cls.__bases__ == (getattr(driver, base),)
    h = cls(0x1234)
    assert int(h) == 0x1234 and repr(h) == "<%s 0x1234>" % name
    assert h == getattr(driver, base)(0x1234) and hash(h) == hash(getattr(driver, base)(0x1234))
    assert h.getPtr() and ffi.cast("uintptr_t *", h.getPtr())[0] == 0x1234


def test_runtime_only_handles_are_their_own():
    # 12.0's headers have neither newer handle, 12.4's and 12.6's no cudaLibrary_t
    newer = [n for n in ("cudaKernel_t", "cudaLibrary_t") if declared(n)]
    for name in ["cudaArray_t", "cudaGraphicsResource_t", "cudaExternalMemory_t"] + newer:
        cls = getattr(rt, name)
        assert cls.__module__ == gen.__name__ and not issubclass(cls, tuple(driver.__dict__[b] for b in
                                                                           SAME_C_TYPE.values()))
    assert rt.cudaTextureObject_t(5) != rt.cudaTextureObject_t(5)  # integer handles: identity, as cuda.bindings


def test_outputs_of_handle_type_are_runtime_classes():
    """Output conversion names the runtime classes (checked in the generated code, no library needed)."""
    import inspect

    src = inspect.getsource(gen.cudaStreamCreate)
    assert "_new(cudaStream_t)" in src
    src = inspect.getsource(gen.cudaGraphInstantiate)
    assert "_new(cudaGraphExec_t)" in src


# -- structs, helpers, enums, constants ------------------------------------------------------------------------

def test_make_helpers_build_the_structs():
    e = rt.make_cudaExtent(64, 8, 2)
    assert isinstance(e, rt.cudaExtent) and (e.width, e.height, e.depth) == (64, 8, 2)
    p = rt.make_cudaPos(1, 2, 3)
    assert isinstance(p, rt.cudaPos) and (p.x, p.y, p.z) == (1, 2, 3)
    pp = rt.make_cudaPitchedPtr(0x1000, 256, 200, 4)
    assert isinstance(pp, rt.cudaPitchedPtr) and (pp.ptr, pp.pitch, pp.xsize, pp.ysize) == (0x1000, 256, 200, 4)
    buf = bytearray(16)
    pp = rt.make_cudaPitchedPtr(buf, 16, 16, 1)
    assert pp.ptr == ffi.cast("uintptr_t", ffi.from_buffer(buf))


def test_make_helpers_nest_in_memcpy3d_parms():
    parms = rt.cudaMemcpy3DParms()
    parms.srcPtr = rt.make_cudaPitchedPtr(0x2000, 512, 512, 4)
    parms.extent = rt.make_cudaExtent(512, 4, 1)
    parms.kind = rt.cudaMemcpyKind.cudaMemcpyDeviceToDevice
    assert parms.srcPtr.pitch == 512 and parms.extent.height == 4
    assert parms.kind is rt.cudaMemcpyKind.cudaMemcpyDeviceToDevice


@pytest.mark.parametrize("call,name,exc", [
    (lambda: rt.make_cudaExtent(-1, 1, 1), "w", OverflowError),
    (lambda: rt.make_cudaExtent(1, 2**64, 1), "h", OverflowError),
    (lambda: rt.make_cudaPos(0, 0, None), "z", TypeError),
    (lambda: rt.make_cudaPitchedPtr("x", 1, 1, 1), "d", TypeError),
    (lambda: rt.make_cudaPitchedPtr(0, 1.5, 1, 1), "p", TypeError),
    (lambda: rt.cudaCreateChannelDesc(8, 0, 0, 2**31, rt.cudaChannelFormatKind.cudaChannelFormatKindFloat), "w",
     OverflowError),
    (lambda: rt.cudaCreateChannelDesc(8, 0, 0, 0, "float"), "f", TypeError),
])
def test_helpers_bad_input_names_the_parameter(call, name, exc):
    with pytest.raises(exc, match=r"'%s'" % name):
        call()


def test_create_channel_desc_needs_no_library():
    err, desc = rt.cudaCreateChannelDesc(32, 0, 0, 0, rt.cudaChannelFormatKind.cudaChannelFormatKindFloat)
    assert err == rt.cudaError_t.cudaSuccess
    assert (desc.x, desc.y, desc.z, desc.w) == (32, 0, 0, 0)
    assert desc.f is rt.cudaChannelFormatKind.cudaChannelFormatKindFloat


def test_handwritten_names_match_the_reference():
    """Parameters of the names cudacffi/runtime.py writes by hand, as cuda.bindings spells them."""
    import inspect

    path = os.path.join(ROOT, "tests", "reference", "cuda-bindings-12.9.10", "signatures.tsv")
    if not os.path.exists(path):
        path = os.path.join(ROOT, "..", "shared", "reference", "cuda-bindings-12.9.10", "signatures.tsv")
    if not os.path.exists(path):
        pytest.skip("no reference tables")
    with open(path, encoding="utf-8") as f:
        rows = {r[1]: r for r in csv.reader(f, delimiter="\t") if r[0] == "runtime"}
    for name in ("make_cudaExtent", "make_cudaPos", "make_cudaPitchedPtr", "cudaCreateChannelDesc",
                 "getLocalRuntimeVersion"):
        ref = [x.split(" : ")[0] for x in rows[name][3].split(" | ")] if rows[name][3] else []
        assert list(inspect.signature(getattr(rt, name)).parameters) == ref, name


def test_struct_fields_and_types():
    prop = rt.cudaDeviceProp()
    assert prop.name == b"\0" * 256 and prop.maxThreadsDim == [0, 0, 0] and isinstance(prop.uuid, rt.CUuuid_st)
    d = rt.dim3(x=4, y=2, z=1)
    assert (d.x, d.y, d.z) == (4, 2, 1)
    with pytest.raises(OverflowError, match="dim3.x"):
        d.x = -1
    assert issubclass(rt.cudaUUID_t, rt.CUuuid_st)


def test_enums_and_constants():
    assert rt.cudaError_t(35) is rt.cudaError_t.cudaErrorInsufficientDriver
    with pytest.raises(ValueError):
        rt.cudaError_t(123456)
    assert rt.cudaMemcpyKind.cudaMemcpyDefault == 4
    assert rt.cudaStreamAttrID is rt.cudaLaunchAttributeID and rt.cudaKernelNodeAttrID is rt.cudaLaunchAttributeID
    assert (rt.cudaHostAllocDefault, rt.cudaHostAllocMapped, rt.cudaStreamNonBlocking) == (0, 2, 1)
    assert (rt.cudaStreamLegacy, rt.cudaStreamPerThread) == (1, 2)
    assert rt.CUDART_VERSION == rt.CUDA_VERSION and MAJOR in (12, 13)
    assert rt.cudaDataType.CUDA_R_32F == 0 and rt.libraryPropertyType.MAJOR_VERSION == 0


def test_every_enum_member_has_the_compilers_value():
    checked = check_enum_values(gen, lib)
    assert checked > (600 if rt.CUDA_VERSION >= 12040 else 550)  # 568 in 12.0


def test_struct_sizes_match_a_compiled_program(tmp_path):
    names = ["struct cudaDeviceProp", "struct cudaMemcpy3DParms", "struct cudaPitchedPtr", "struct dim3",
             "struct cudaPointerAttributes", "struct cudaResourceDesc", "struct cudaTextureDesc",
             "struct cudaKernelNodeParams", "struct cudaGraphNodeParams", "cudaLaunchAttributeValue",
             "struct cudaMemPoolProps", "struct float4", "struct double2", "struct cudaExternalMemoryHandleDesc"]
    inc = os.path.join(ROOT, "headers", "cuda-%d.%d" % (MAJOR, rt.CUDA_VERSION % 1000 // 10), "include")
    if not os.path.isdir(inc):
        pytest.skip("built from a toolkit, not a snapshot")
    with open(os.path.join(inc, "driver_types.h"), "rb") as f:
        if not re.search(rb"\bstruct cudaGraphNodeParams\b", f.read()):  # not in 12.0's headers
            names.remove("struct cudaGraphNodeParams")
    src = tmp_path / "sizes.c"
    src.write_text('#include <stdio.h>\n#include <stdalign.h>\n#include "cuda_runtime_api.h"\nint main(void) {\n'
                   + "".join('printf("%%zu %%zu\\n", sizeof(%s), alignof(%s));\n' % (n, n) for n in names)
                   + "return 0; }\n")
    exe = tmp_path / "sizes"
    subprocess.run([c_compiler(), "-std=c11", "-I", inc, "-o", str(exe), str(src)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split("\n")
    for name, line in zip(names, out):
        assert line.split() == [str(ffi.sizeof(name)), str(ffi.alignof(name))], name


# -- bad input ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call,name,exc", [
    (lambda: rt.cudaMalloc(-1), "size", OverflowError),
    (lambda: rt.cudaMalloc(2**64), "size", OverflowError),
    (lambda: rt.cudaMalloc(None), "size", TypeError),
    (lambda: rt.cudaSetDevice(2**31), "device", OverflowError),
    (lambda: rt.cudaSetDevice("0"), "device", TypeError),
    (lambda: rt.cudaStreamQuery("stream"), "stream", TypeError),
    (lambda: rt.cudaStreamQuery(-1), "stream", OverflowError),
    (lambda: rt.cudaEventElapsedTime(None, 1.5), "end", TypeError),
    (lambda: rt.cudaMemcpy(0, 0, -1, rt.cudaMemcpyKind.cudaMemcpyDefault), "count", OverflowError),
    (lambda: rt.cudaMemcpy("dst", 0, 8, rt.cudaMemcpyKind.cudaMemcpyDefault), "dst", TypeError),
    (lambda: rt.cudaMemcpy(0, 1.0, 8, rt.cudaMemcpyKind.cudaMemcpyDefault), "src", TypeError),
    (lambda: rt.cudaMemcpy(0, 0, 8, None), "kind", TypeError),
    (lambda: rt.cudaMemset(0, 2**31, 8), "value", OverflowError),
    (lambda: rt.cudaMemcpy3D(rt.cudaPitchedPtr()), "p", TypeError),
    (lambda: rt.cudaMalloc3D(None), "extent", TypeError),
    (lambda: rt.cudaMemPoolSetAttribute(None, rt.cudaMemPoolAttr.cudaMemPoolAttrReleaseThreshold, -1), "value",
     OverflowError),
    (lambda: rt.cudaMemPoolSetAttribute(None, rt.cudaMemPoolAttr.cudaMemPoolAttrReleaseThreshold, "1"), "value",
     TypeError),
    (lambda: add_dependencies(None, [None], [], None, 1), "to", ValueError),
    (lambda: add_dependencies(None, None, None, None, -1), "from_", ValueError),
    (lambda: rt.cudaGraphGetNodes(None, -1), "numNodes", OverflowError),
    (lambda: rt.cudaStreamBeginCapture(None, 2**40), "mode", OverflowError),
])
def test_bad_input_names_the_parameter(call, name, exc):
    with pytest.raises(exc, match=r"'%s'" % name):
        call()


@pytest.mark.parametrize("bad", ["x", 1.5, 2**64, object()], ids=["str", "float", "2**64", "object"])
def test_every_function_refuses_bad_arguments_naming_one(bad):
    """Every argument given a value of no acceptable type or range: refused before any library call."""
    import inspect

    failures = []
    for name in sorted(gen._FUNCTIONS):
        params = list(inspect.signature(getattr(rt, name)).parameters)
        if not params:
            continue
        try:
            getattr(rt, name)(*[bad] * len(params))
        except (TypeError, ValueError, OverflowError) as e:
            if not any(("'%s'" % p) in str(e) or ("'%s[" % p) in str(e) for p in params):
                failures.append("%s: %s" % (name, e))
        else:
            failures.append("%s: accepted %r" % (name, bad))
    assert not failures, "\n".join(failures)


def test_edge_data_list_shorter_than_the_count_is_refused():
    add = edge_data_form()
    with pytest.raises(ValueError, match="'edgeData'"):
        add(None, [None, None], [None, None], [rt.cudaGraphEdgeData()], 2)


def test_non_contiguous_array_is_refused():
    np = pytest.importorskip("numpy")
    a = np.zeros((4, 4), dtype=np.float32)[:, 1]
    with pytest.raises(ValueError, match="'dst'.*contiguous"):
        rt.cudaMemcpy(a, 0, 16, rt.cudaMemcpyKind.cudaMemcpyDeviceToHost)
    with pytest.raises(ValueError, match="'dst'.*writable"):
        rt.cudaMemcpy(memoryview(bytes(16)), 0, 16, rt.cudaMemcpyKind.cudaMemcpyDeviceToHost)
