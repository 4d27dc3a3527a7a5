"""Program, Linker, ObjectCode, Kernel and the program cache as cuda.core 1.2 has them, without a GPU.

What needs no driver runs in this process (NVRTC and nvJitLink from the NVIDIA wheels where installed). What
loads code runs in child interpreters against ``program_libcuda.c``, a stand-in libcuda whose libraries have a
kernel of every name their code contains, whose kernels have two 8-byte parameters, and whose occupancy
calculator asks its callback for every block size (it keeps the largest that fits 48 KiB). The GPU tests
(test_core_gpu.py, and the differential scenarios of diffscen_program.py) check CUDA itself.
"""

import io
import pickle
import subprocess
import sys
import textwrap
import weakref

import pytest

from conftest import ROOT, build_standin, headers_version, script_env

from cudacffi.core import Linker, LinkerOptions, ObjectCode, Program, ProgramOptions
from cudacffi.core.typing import CompilerBackendType
from cudacffi.core.utils import FileStreamProgramCache, InMemoryProgramCache, make_program_cache_key

try:
    import cloudpickle
except ImportError:
    cloudpickle = None


ARCH = "sm_90"
SRC = 'extern "C" __global__ void k(int *x) { *x = 1; }'
TEMPLATED = "template <typename T> __global__ void f(T *p) { *p = T(1); }"
PTX = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 a){ret;}\n"


def _need(family):
    from cudacffi import nvjitlink, nvrtc

    try:
        if family == "nvrtc":
            nvrtc.nvrtcVersion()
        else:
            nvjitlink.destroy(nvjitlink.create(1, ["-arch=sm_90"]))
    except RuntimeError as e:
        pytest.skip("no %s library: %s" % (family, e))


# -- ObjectCode without loading: paths, pickling, equality with other types ----------------------------------------

def test_object_code_keeps_a_str_path_and_takes_fspath_of_a_pathlike(tmp_path):
    path = tmp_path / "k.cubin"
    assert ObjectCode.from_cubin(str(path)).code == str(path)
    assert type(ObjectCode.from_ptx(path).code) is str and ObjectCode.from_ptx(path).code == str(path)
    code = bytearray(b"\x7fELF")
    assert ObjectCode.from_fatbin(code).code is code  # kept as given, as cuda.core keeps it
    with pytest.raises(TypeError, match="module must be bytes, bytearray or a path"):
        ObjectCode.from_cubin(3)
    with pytest.raises(TypeError, match="name"):
        ObjectCode.from_cubin(b"x", name=None)


@pytest.mark.parametrize("module", [b"code", "/some/where/k.ptx"])
def test_object_code_pickles_as_code_type_name_and_symbols(module):
    oc = ObjectCode.from_ptx(module, name="n", symbol_mapping={"f<int>": b"_Z1fIiEvPT_"})
    assert oc.__reduce__()[1] == (module, "ptx", "n", {"f<int>": b"_Z1fIiEvPT_"})
    dumps = [pickle.dumps] + ([cloudpickle.dumps] if cloudpickle is not None else [])
    for dump in dumps:
        back = pickle.loads(dump(oc))
        assert type(back) is ObjectCode and back is not oc
        assert (back.code, back.code_type, back.name, back.symbol_mapping) == \
            (module, "ptx", "n", {"f<int>": b"_Z1fIiEvPT_"})


def test_object_code_compares_only_with_object_code_and_takes_weak_references():
    oc = ObjectCode.from_cubin(b"x")
    assert (oc == 5) is False and (oc != "x") is True  # another type: no load, NotImplemented
    assert weakref.ref(oc)() is oc
    with pytest.raises(RuntimeError, match="cannot be instantiated directly. Please use ObjectCode APIs"):
        ObjectCode()


def test_object_code_repr_never_raises():
    # no driver here: the repr still reads, with a null handle
    assert repr(ObjectCode.from_ltoir(b"x")) in ("<ObjectCode handle=0x0 code_type='ltoir'>",)


# -- Program -------------------------------------------------------------------------------------------------------

def test_program_repr_backend_and_closed_handle():
    _need("nvrtc")
    prog = Program(SRC, "C++", ProgramOptions(arch=ARCH))
    assert repr(prog) == "<Program backend='NVRTC'>" and prog.backend == "NVRTC"
    assert prog.backend is CompilerBackendType.NVRTC and Linker.which_backend() in ("nvJitLink", "driver")
    assert int(prog.handle) != 0 and not prog.is_closed
    assert weakref.ref(prog)() is prog
    prog.close()
    prog.close()
    assert prog.is_closed and int(prog.handle) == 0 and repr(prog) == "<Program backend='NVRTC'>"
    for kw in ({}, {"cache": InMemoryProgramCache()}):
        with pytest.raises(RuntimeError, match="^Program has been closed$"):
            prog.compile("cubin", **kw)


def test_ptx_program_goes_to_the_linker_and_ignores_name_expressions():
    _need("nvjitlink")
    prog = Program(PTX, "ptx", ProgramOptions(arch=ARCH))
    assert repr(prog) == "<Program backend='nvJitLink'>" and isinstance(prog.handle, int)
    assert prog.compile("cubin", name_expressions=["k"]).code_type == "cubin"
    with pytest.raises(ValueError, match=r'^Unsupported target_type="ltoir" for nvJitLink \(supported: '):
        prog.compile("ltoir")
    prog.close()
    assert prog.is_closed and prog.handle == 0


@pytest.mark.parametrize("code, code_type, options, error, message", [
    (SRC, "fortran", None, RuntimeError,
     r"^Unsupported code_type='fortran' \(supported_code_types=\('c\+\+', 'ptx', 'nvvm'\)\)$"),
    (SRC, "fortran", dict(use_libdevice=True), ValueError, "^use_libdevice is only supported by the NVVM backend$"),
    (SRC.encode(), "c++", None, TypeError, "^Expected type str, but got bytes$"),
    (bytearray(PTX.encode()), "ptx", None, TypeError, "^Expected type str, but got bytearray$"),
    (5, "nvvm", None, TypeError, "^NVVM IR code must be provided as str, bytes, or bytearray$"),
    (SRC, "c++", dict(extra_sources=[("a", "b")]), ValueError,
     r"^extra_sources is not supported by the NVRTC backend \(C\+\+ code_type\)$"),
    (PTX, "ptx", dict(extra_sources=[("a", "b")]), ValueError, r"^extra_sources is not supported by the PTX backend.$"),
])
def test_program_refuses_as_cuda_core(code, code_type, options, error, message):
    if code_type == "nvvm":
        from cudacffi import nvvm

        try:
            nvvm.version()
        except RuntimeError as e:
            pytest.skip("no NVVM library: %s" % e)
    opts = ProgramOptions(arch=ARCH, **(options or {}))
    with pytest.raises(error, match=message):
        Program(code, code_type, opts)


def test_compile_refuses_a_target_its_backend_lacks():
    _need("nvrtc")
    with Program(SRC, "c++", ProgramOptions(arch=ARCH)) as prog:
        with pytest.raises(ValueError, match="^Unsupported target_type=\"fatbin\" for NVRTC \\(supported: "
                                             "<ObjectCodeFormatType.PTX: 'ptx'>, "):
            prog.compile("FATBIN")
        assert prog.compile("CUBIN").code_type == "cubin"  # target types are case-blind


def test_name_expressions_map_to_mangled_bytes_and_logs_are_written():
    _need("nvrtc")
    log = io.StringIO()
    prog = Program(TEMPLATED + "\n__global__ void w() { int unused; }", "c++", ProgramOptions(arch=ARCH))
    oc = prog.compile("cubin", name_expressions=["f<float>", b"f<double>"], logs=log)
    assert oc.symbol_mapping == {"f<float>": b"_Z1fIfEvPT_", b"f<double>": b"_Z1fIdEvPT_"}
    assert "unused" in log.getvalue() and not log.getvalue().endswith("\0")
    ptx = prog.compile("ptx")
    assert ptx.code.endswith(b"\0") and b".target sm_90" in ptx.code  # PTX keeps its NUL, as cuda.core's
    prog.close()


def test_nvrtc_failures_raise_nvrtc_error_with_the_log():
    _need("nvrtc")
    from cudacffi.core._utils import NVRTCError

    prog = Program(SRC, "c++", ProgramOptions(arch=ARCH))
    prog.compile("cubin")
    with pytest.raises(NVRTCError, match="NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION"):
        prog.compile("cubin", name_expressions=["k"])  # NVRTC takes them before the first compile only
    with pytest.raises(NVRTCError, match="NVRTC_ERROR_COMPILATION") as info:
        Program("bad code", "c++", ProgramOptions(arch=ARCH)).compile("cubin")
    assert "error" in info.value.log


def test_program_options_repr_and_extra_sources_checks():
    assert repr(ProgramOptions(arch="sm_80")) == "ProgramOptions(name='default_program', arch='sm_80')"
    assert ProgramOptions(name=None).name == "default_program"
    for extra, error, message in (("x", TypeError, "must be a sequence of 2-tuples"),
                                  ([("a",)], TypeError, r"2-tuple \(name, source\), got tuple at index 0"),
                                  ([(1, "x")], TypeError, "Module name at index 0 must be a string, got int"),
                                  ([("a", 1)], TypeError, "Module source at index 0 must be str"),
                                  ([("a", b"")], ValueError, r"Module source for 'a' \(index 0\) cannot be empty")):
        with pytest.raises(error, match=message):
            ProgramOptions(extra_sources=extra)


# -- Linker --------------------------------------------------------------------------------------------------------

def test_linker_messages_and_closed_handle():
    _need("nvjitlink")
    with pytest.raises(ValueError, match="^At least one ObjectCode object must be provided$"):
        Linker()
    linker = Linker(ObjectCode.from_ptx(PTX.encode()), options=LinkerOptions(arch=ARCH))
    with pytest.raises(ValueError, match="^Unsupported target type: ltoir$"):
        linker.link("ltoir")
    assert linker.link("cubin").code[:4] == b"\x7fELF"
    assert weakref.ref(linker)() is linker
    linker.close()
    assert linker.is_closed and linker.handle == 0
    with pytest.raises(RuntimeError, match="^Linker has been closed$"):
        linker.link("cubin")


# -- the program cache ---------------------------------------------------------------------------------------------

def _key(**over):
    kw = dict(code=SRC, code_type="c++", options=ProgramOptions(arch=ARCH), target_type="cubin")
    kw.update(over)
    return make_program_cache_key(**kw)


def test_keys_are_shared_where_the_compiler_sees_the_same_thing():
    _need("nvrtc")
    base = _key()
    assert _key(options=ProgramOptions(arch=ARCH, debug=False)) == base  # debug=False emits what None does
    assert _key(options=ProgramOptions(arch=ARCH, ptxas_options=[])) == base
    assert _key(code_type="C++", target_type="CUBIN") == base
    assert _key(name_expressions=["a", b"b"]) == _key(name_expressions=(b"b", "a"))
    assert _key(name_expressions=["a"]) != _key(name_expressions=[b"a"]) != base
    assert _key(options=ProgramOptions(arch=ARCH, debug=True)) != base
    assert _key(options=ProgramOptions(arch=ARCH, name="other")) != base  # the name is in the key
    assert _key(extra_digest=b"1") != _key(extra_digest=bytearray(b"2")) != base
    nvvm = dict(code_type="nvvm", target_type="ptx")
    assert _key(code=b"ir", **nvvm) == _key(code="ir", **nvvm)  # NVVM takes bytes: a str is its UTF-8


def test_ptx_keys_ignore_name_expressions_and_collapse_linker_spellings():
    _need("nvjitlink")
    ptx = dict(code=PTX, code_type="ptx", target_type="cubin")
    base = _key(**ptx)
    assert _key(name_expressions=["k"], **ptx) == base
    assert _key(options=ProgramOptions(arch=ARCH, debug=False, ptxas_options=()), **ptx) == base
    assert _key(options=ProgramOptions(arch=ARCH, ptxas_options="-v"), **ptx) == \
        _key(options=ProgramOptions(arch=ARCH, ptxas_options=["-v"]), **ptx)
    assert _key(options=ProgramOptions(arch=ARCH, use_fast_math=True), **ptx) == base  # not the linker's option


@pytest.mark.parametrize("over, error, message", [
    (dict(code=SRC.encode()), TypeError,
     r"^code must be str for code_type='c\+\+'; bytes/bytearray are only accepted for code_type='nvvm'.$"),
    (dict(code=3), TypeError, "^code must be str or bytes, got int$"),
    (dict(code_type="cuda"), ValueError, "'cuda' is not a valid SourceCodeType. Must be 'c\\+\\+', 'nvvm' or 'ptx'$"),
    (dict(target_type="fatbin"), ValueError,
     r"^target_type='fatbin' is not supported by the program cache \(must be 'cubin', 'ltoir' or 'ptx'\)$"),
    (dict(code_type="nvvm", target_type="cubin"), ValueError,
     r"^target_type='cubin' is not valid for code_type='nvvm' \(supported: \['ltoir', 'ptx'\]\)"),
    (dict(options=ProgramOptions(arch=ARCH, time="t.csv")), ValueError, r"compile-time side effects \(time\)"),
    (dict(options=ProgramOptions(arch=ARCH, create_pch="x.pch"), extra_digest=b"h"), ValueError, "create_pch"),
    (dict(options=ProgramOptions(arch=ARCH, include_path=["/inc"])), ValueError,
     r"pull in external file content \(include_path\) without an extra_digest"),
    (dict(options=ProgramOptions(arch=ARCH, name="src\\k.cu")), ValueError, "directory component"),
    (dict(options=ProgramOptions(arch=ARCH, extra_sources=[("a", "b")])), ValueError,
     r"^extra_sources is only valid for code_type='nvvm'; Program\(\) rejects it for code_type='c\+\+'.$"),
    (dict(code_type="nvvm", target_type="ptx", options=ProgramOptions(arch=ARCH, use_libdevice=True)), ValueError,
     "use_libdevice=True and no extra_digest"),
    (dict(name_expressions=[bytearray(b"f")]), TypeError, "bytearray is not accepted"),
    (dict(name_expressions=[1]), TypeError, r"^name_expressions elements must be str or bytes"),
    (dict(extra_digest="h"), TypeError, "extra_digest"),
])
def test_keys_refuse_as_cuda_core(over, error, message):
    with pytest.raises(error, match=message):
        _key(**over)


def test_keys_allow_file_inputs_with_an_extra_digest_and_empty_include_lists():
    _need("nvrtc")
    assert _key(options=ProgramOptions(arch=ARCH, include_path="/inc", pch=True), extra_digest=b"h")
    assert _key(options=ProgramOptions(arch=ARCH, include_path=[], pch=False)) == _key()


def test_a_failed_compiler_probe_still_gives_a_stable_key(monkeypatch):
    from cudacffi.core import _cache_key

    def broken(code_type):
        raise RuntimeError("no library")

    monkeypatch.setattr(_cache_key, "_compiler_versions", broken)
    assert _key() == _key()


def test_compile_through_a_cache_hits_with_the_programs_name_and_no_log():
    _need("nvrtc")
    cache = InMemoryProgramCache()
    opts = ProgramOptions(arch=ARCH, name="mine")
    first = Program(SRC, "c++", opts).compile("cubin", cache=cache)
    log = io.StringIO()
    hit = Program(SRC, "c++", opts).compile("CUBIN", logs=log, cache=cache)
    assert len(cache) == 1 and hit.code == first.code and (hit.code_type, hit.name) == ("cubin", "mine")
    assert log.getvalue() == ""
    with pytest.raises(TypeError, match="^cache must be an instance of cudacffi.core.utils.ProgramCacheResource; "
                                        "got dict$"):
        Program(SRC, "c++", opts).compile("cubin", cache={})


@pytest.mark.parametrize("make", [InMemoryProgramCache, lambda **kw: FileStreamProgramCache(CACHE_DIR[0], **kw)])
def test_cache_values_keys_and_caps_as_cuda_core(make, tmp_path):
    CACHE_DIR[0] = str(tmp_path / "cache")
    with pytest.raises(ValueError, match=r"^max_size_bytes must be positive or None \(0 would evict every write\)$"):
        make(max_size_bytes=0)
    with pytest.raises(TypeError, match="max_size_bytes"):
        make(max_size_bytes="5")
    np = pytest.importorskip("numpy")
    make(max_size_bytes=np.int64(10))  # the number protocol
    cache = make()
    with pytest.raises(TypeError, match="^cache keys must be bytes or str, got int$"):
        cache[1] = b"x"
    with pytest.raises(TypeError, match="^cache values must be bytes-like or ObjectCode, got int$"):
        cache["k"] = 5
    path = tmp_path / "k.cubin"
    path.write_bytes(b"\x7fELF on disk")
    cache["k"] = ObjectCode.from_cubin(str(path))  # the content is stored, not the path
    assert cache[b"k"] == b"\x7fELF on disk" and cache.get("missing", 7) == 7
    path.unlink()
    with pytest.raises(FileNotFoundError, match="cannot store path-backed ObjectCode in cache: .* no longer exists"):
        cache["k2"] = ObjectCode.from_cubin(str(path))
    with pytest.raises(KeyError):
        del cache["missing"]


CACHE_DIR = [None]


# -- loading: ObjectCode and Kernel against the stand-in libcuda ---------------------------------------------------

@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    try:
        return build_standin(tmp_path_factory, "program_libcuda.c")
    except (OSError, subprocess.CalledProcessError) as e:
        pytest.skip("cannot build the stand-in libcuda: %s" % e)


PRELUDE = '''
import ctypes, gc, os, pickle, weakref
import pytest
from cudacffi import driver
from cudacffi.core import ObjectCode, Kernel, CUDAError
sim = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])
sim.sim_last_path.restype = ctypes.c_char_p
'''


def run(standin, body):
    """Run ``body`` (after PRELUDE) in a child interpreter on the stand-in; it must print OK."""
    code = PRELUDE + textwrap.dedent(body) + "\nprint('OK')\n"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                       env=script_env(CUDACFFI_LIBDRIVER=standin))
    assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stdout[-3000:] + r.stderr[-3000:]
    return r


def test_loaded_object_code_repr_equality_and_hash(standin):
    run(standin, '''
        a = ObjectCode.from_cubin(b"kernels: axpy scale")
        b = ObjectCode.from_cubin(b"kernels: axpy scale")
        assert sim.sim_loads() == 0                       # lazily loaded ...
        text = repr(a)                                    # ... and repr loads, as cuda.core's does
        assert text == "<ObjectCode handle=%#x code_type='cubin'>" % int(a.handle), text
        assert sim.sim_loads() == 1
        assert a == a and a != b and hash(a) == hash(int(a.handle)) and sim.sim_loads() == 2
        assert {a: 1}[a] == 1 and (a == 3) is False
        assert repr(ObjectCode.from_ltoir(b"BAD lto")).endswith("handle=0x0 code_type='ltoir'>")  # never raises
        with pytest.raises(CUDAError, match="CUDA_ERROR_INVALID_IMAGE"):
            ObjectCode.from_ltoir(b"BAD lto").handle
        # pickled after loading: the code, unloaded; loads again on use
        c = pickle.loads(pickle.dumps(a))
        assert (c.code, c.code_type) == (a.code, "cubin") and c != a and sim.sim_loads() == 3
    ''')


def test_a_path_loads_from_the_file_and_stays_a_str(standin, tmp_path):
    path = tmp_path / "k.cubin"
    path.write_bytes(b"entry: from_file_kernel")
    run(standin, '''
        path = %r
        for given in (path, __import__("pathlib").Path(path)):
            oc = ObjectCode.from_cubin(given)
            assert oc.code == path and type(oc.code) is str
            k = oc.get_kernel("from_file_kernel")
            assert sim.sim_last_path().decode() == path
        assert sim.sim_file_loads() == 2 and sim.sim_loads() == 2
        with pytest.raises(CUDAError, match="CUDA_ERROR_FILE_NOT_FOUND"):
            ObjectCode.from_cubin(path + ".missing").get_kernel("x")
    ''' % str(path))


def test_get_kernel_names_and_code_types(standin):
    run(standin, '''
        oc = ObjectCode.from_ptx(b"_Z1fIfEvPT_ plain", symbol_mapping={"f<float>": b"_Z1fIfEvPT_"})
        k = oc.get_kernel("f<float>")
        assert k == oc.get_kernel(b"_Z1fIfEvPT_") and k.name == "_Z1fIfEvPT_"
        assert oc.get_kernel(b"plain") == oc.get_kernel("plain")
        with pytest.raises(CUDAError, match="CUDA_ERROR_NOT_FOUND"):
            oc.get_kernel("missing")
        with pytest.raises(TypeError, match="name must be str or bytes, not int"):
            oc.get_kernel(3)
        lto = ObjectCode.from_ltoir(b"an lto image k")          # loads here, but holds no kernels for get_kernel
        with pytest.raises(RuntimeError, match='Unsupported code type "ltoir"'):
            lto.get_kernel("k")
    ''')


def test_kernel_repr_equality_hash_weakref_and_no_pickle(standin):
    if headers_version() < 12040:
        pytest.skip('kernel parameter info (cuKernelGetParamInfo) needs a build from CUDA 12.4+ headers')
    pytest.importorskip("numpy")
    run(standin, '''
        oc = ObjectCode.from_cubin(b"axpy scale")
        k, s = oc.get_kernel("axpy"), oc.get_kernel("scale")
        assert repr(k) == "<Kernel handle=%#x>" % int(k.handle)
        assert k != s and k == Kernel.from_handle(int(k.handle)) and hash(k) == hash(int(k.handle))
        assert (k == oc) is False and (k == int(k.handle)) is False   # never equal across types
        assert Kernel.from_handle(__import__("numpy").uint64(int(k.handle))) == k   # the number protocol
        with pytest.raises(TypeError, match="^handle must be an integer, got str$"):
            Kernel.from_handle("0x10")
        assert weakref.ref(k)() is k
        with pytest.raises(TypeError, match="cannot pickle 'Kernel' object"):
            pickle.dumps(k)
        with pytest.raises(RuntimeError, match="Kernel objects cannot be instantiated directly"):
            Kernel()
        with pytest.raises(RuntimeError, match="KernelOccupancy cannot be instantiated directly"):
            type(k.occupancy)()
        assert k.num_arguments == 2 and k.arguments_info == [(0, 8), (8, 8)]
    ''')


def test_occupancy_takes_a_shared_memory_callback(standin):
    pytest.importorskip("numpy")
    run(standin, '''
        import numpy as np
        occ = ObjectCode.from_cubin(b"axpy").get_kernel("axpy").occupancy
        asked = []
        def smem(block_size):
            asked.append(block_size)
            return block_size * 96                     # 48 KiB fits up to 512 threads
        r = occ.max_potential_block_size(smem, 0)
        assert (r.min_grid_size, r.max_block_size) == (132, 512) and asked[:3] == [32, 64, 96], (r, asked[:3])
        assert r == (132, 512) and type(r).__name__ == "MaxPotentialBlockSizeOccupancyResult"
        assert occ.max_potential_block_size(smem, np.int32(256)).max_block_size == 256
        # a C function pointer: driver.CUoccupancyB2DSize, or another binding's CUoccupancyB2DSize (getPtr())
        fn = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_int)(lambda b: 0 if b <= 128 else 1 << 20)
        address = ctypes.cast(fn, ctypes.c_void_p).value
        calls = sim.sim_b2d_calls()
        assert occ.max_potential_block_size(driver.CUoccupancyB2DSize(address), 0).max_block_size == 128
        class CUoccupancyB2DSize:
            def getPtr(self):
                return address
        assert occ.max_potential_block_size(CUoccupancyB2DSize(), 0).max_block_size == 128
        assert sim.sim_b2d_calls() == calls + 64
        # another object with getPtr() holds no function: refused, never called
        from cudacffi.core import Buffer
        with pytest.raises(TypeError, match="dynamic_shared_memory_needed expected to have type int"):
            occ.max_potential_block_size(Buffer.from_handle(0x1000, 8, owner=occ), 0)
        assert occ.max_potential_block_size(np.uint32(64 * 1024), 0).max_block_size == 0   # an int: fixed bytes
        assert occ.max_potential_block_size(0, 0).max_block_size == 1024
        with pytest.raises(TypeError, match="dynamic_shared_memory_needed expected to have type int, or "
                                            "CUoccupancyB2DSize"):
            occ.max_potential_block_size("48k", 0)
        with pytest.raises(TypeError, match="block_size_limit"):
            occ.max_potential_block_size(0, 1.5)
        assert occ.max_active_blocks_per_multiprocessor(np.int64(256), 0) == 8
        assert occ.available_dynamic_shared_memory_per_block(np.int16(2), 128) == 114 * 1024
        with pytest.raises(ValueError, match="dynamic_shared_memory_size must be >= 0"):
            occ.max_active_blocks_per_multiprocessor(256, -1)
    ''')


# -- ProgramOptions.as_bytes ---------------------------------------------------------------------------------------

def test_define_macro_is_read_as_cuda_core_reads_it():
    flags = ProgramOptions(arch=ARCH, define_macro=["A", ("B", "2")]).as_bytes("nvrtc")
    assert flags == [b"-arch=sm_90", b"--define-macro=A", b"--define-macro=B=2"]
    for value, message in ((("A", "B", "C"), r"^Expected define_macro tuple\[str, str\], got \('A', 'B', 'C'\)$"),
                           (["A", 5], r"^Expected define_macro Union\[str, tuple\[str, str\]\], got 5$"),
                           (5, r"^Expected define_macro Union\[str, tuple\[str, str\]\], list\[Union\[str, "
                               r"tuple\[str, str\]\]\], got 5$")):
        with pytest.raises(RuntimeError, match=message):
            ProgramOptions(arch=ARCH, define_macro=value).as_bytes("nvrtc")


def test_nvvm_refuses_options_with_cuda_error_and_reads_device_code_optimize_by_identity():
    import cudacffi

    with pytest.raises(cudacffi.CUDAError, match="^The following options are not supported by NVVM backend: "
                                                  "relocatable_device_code, brief_diagnostics$"):
        ProgramOptions(arch=ARCH, relocatable_device_code=False, brief_diagnostics=False).as_bytes("nvvm")
    assert ProgramOptions(arch=ARCH, lineinfo=False, no_cache=True).as_bytes("nvvm") == [b"-arch=compute_90"]
    assert ProgramOptions(arch=ARCH, device_code_optimize=0).as_bytes("nvvm") == [b"-arch=compute_90"]
    assert ProgramOptions(arch=ARCH, device_code_optimize=True).as_bytes("nvvm", "ltoir") == \
        [b"-arch=compute_90", b"-opt=3", b"-gen-lto"]


def test_ltoir_options_add_nothing_but_the_compile_makes_lto_ir():
    assert ProgramOptions(arch=ARCH).as_bytes("nvrtc", "ltoir") == [b"-arch=sm_90"]  # as cuda.core's
    _need("nvrtc")
    with Program(SRC, "c++", ProgramOptions(arch=ARCH)) as prog:
        assert len(prog.compile("ltoir").code) > 0  # --dlink-time-opt is added to the compile itself


def test_use_bundled_headers_needs_nvrtc_13_3():
    _need("nvrtc")
    from cudacffi import nvrtc
    from cudacffi.core._utils import check

    if check(nvrtc.nvrtcVersion()) >= (13, 3):
        pytest.skip("this NVRTC has --use-bundled-headers")
    with pytest.raises(RuntimeError, match=r"^use_bundled_headers requires NVRTC >= 13.3, but found \d+\.\d+\. "):
        ProgramOptions(arch=ARCH, use_bundled_headers=True)
    assert ProgramOptions(arch=ARCH, use_bundled_headers=False).as_bytes("nvrtc") == [b"-arch=sm_90"]


# -- LinkerOptions -------------------------------------------------------------------------------------------------

def test_linker_options_numba_debug_is_deprecated():
    with pytest.warns(DeprecationWarning, match="numba_debug is not supported by any linking backend"):
        LinkerOptions(arch=ARCH, numba_debug=False)


def test_the_driver_linker_takes_refuses_and_warns_as_cuda_core():
    from cudacffi import driver
    from cudacffi.core._linker_options import _driver_options

    jit = driver.CUjit_option
    got = _driver_options(driver, LinkerOptions(arch="sm_90a", max_register_count=32, verbose=True,
                                                link_time_optimization=True, optimization_level=3, debug=True,
                                                lineinfo=True, no_cache=True))
    assert [int(k) for k, _ in got] == [int(jit.CU_JIT_TARGET), int(jit.CU_JIT_MAX_REGISTERS),
                                        int(jit.CU_JIT_LOG_VERBOSE), int(jit.CU_JIT_LTO),
                                        int(jit.CU_JIT_OPTIMIZATION_LEVEL), int(jit.CU_JIT_GENERATE_DEBUG_INFO),
                                        int(jit.CU_JIT_GENERATE_LINE_INFO), int(jit.CU_JIT_CACHE_MODE)]
    assert got[0][1] == int(driver.CUjit_target.CU_TARGET_COMPUTE_90A)
    for kw, name in ((dict(time=True), "time"), (dict(ptx=True), "ptx"), (dict(ptxas_options="-v"), "ptxas_options"),
                     (dict(split_compile=0), "split_compile"), (dict(split_compile_extended=1),
                                                                "split_compile_extended")):
        with pytest.raises(ValueError, match="^%s option is not supported by the driver API$" % name):
            _driver_options(driver, LinkerOptions(arch=ARCH, **kw))
    with pytest.warns(DeprecationWarning, match="^fma options is deprecated in the driver API$"):
        _driver_options(driver, LinkerOptions(arch=ARCH, fma=True))


# -- precompiled headers -------------------------------------------------------------------------------------------

def _pch_program(tmp_path, **options):
    (tmp_path / "h.h").write_text("__device__ inline int f() { return 3; }\n")
    src = '#include "h.h"\nextern "C" __global__ void k(int *x) { *x = f(); }'
    return Program(src, "c++", ProgramOptions(arch=ARCH, include_path=[str(tmp_path)], **options))


def test_pch_status_reports_the_precompiled_header(tmp_path):
    _need("nvrtc")
    from cudacffi import nvrtc

    if not hasattr(nvrtc, "nvrtcGetPCHCreateStatus"):
        pytest.skip("this build's NVRTC headers have no PCH API (CUDA 12.8+)")
    plain = _pch_program(tmp_path)
    plain.compile("cubin")
    assert plain.pch_status is None
    made = _pch_program(tmp_path, create_pch=str(tmp_path / "x.pch"))
    assert made.pch_status is None
    made.compile("cubin")
    assert made.pch_status == "created" and type(made.pch_status).__name__ == "PCHStatusType"
    assert (tmp_path / "x.pch").exists()


def test_a_pch_heap_too_small_is_resized_and_the_compile_retried(tmp_path):
    _need("nvrtc")
    from cudacffi import nvrtc
    from cudacffi.core._utils import check

    if not hasattr(nvrtc, "nvrtcGetPCHCreateStatus"):
        pytest.skip("this build's NVRTC headers have no PCH API (CUDA 12.8+)")
    before = check(nvrtc.nvrtcGetPCHHeapSize())
    try:
        check(nvrtc.nvrtcSetPCHHeapSize(1 << 12))
        prog = _pch_program(tmp_path, create_pch=str(tmp_path / "y.pch"))
        first = prog.handle
        oc = prog.compile("cubin")
        assert prog.pch_status == "created" and oc.code[:4] == b"\x7fELF"
        assert int(prog.handle) != int(first)  # compiled again on a fresh program
        prog.close()
    finally:
        check(nvrtc.nvrtcSetPCHHeapSize(before))


def test_linker_logs_stay_readable_after_closing():
    _need("nvjitlink")
    linker = Linker(ObjectCode.from_ptx(PTX.encode()), options=LinkerOptions(arch=ARCH, verbose=True))
    linker.link("cubin")
    info = linker.get_info_log()
    assert info and linker.get_error_log() == ""
    linker.close()
    assert linker.get_info_log() == info and linker.get_error_log() == ""


def test_linker_failures_raise_nvjitlink_error_with_its_log():
    _need("nvjitlink")
    from cudacffi import nvjitlink

    version = getattr(nvjitlink, "version", None)  # (nvJitLinkVersion came with 12.3's headers)
    if version is None or version() < (12, 9):  # nvJitLink 12.0 crashes (SIGSEGV) on both bad inputs below
        pytest.skip("the logs checked here are nvJitLink 12.9's and newer")
    options = LinkerOptions(arch=ARCH)
    with pytest.raises(nvjitlink.nvJitLinkError, match="nvJitLink error log: .*does not match type"):
        Linker(ObjectCode.from_ptx(b"garbage"), options=options)
    with pytest.raises(nvjitlink.nvJitLinkError, match="nvJitLink error log: no such file: /no/such/k.ptx"):
        Linker(ObjectCode.from_ptx("/no/such/k.ptx"), options=options)  # a path goes to nvJitLink as a file
    undefined = PTX.replace(".visible .entry k(.param .u64 a){ret;}",
                            ".extern .func missing();\n.visible .entry k(){call missing;ret;}")
    linker = Linker(ObjectCode.from_ptx(undefined.encode()), options=options)
    with pytest.raises(nvjitlink.nvJitLinkError, match="Undefined reference to 'missing' in ''"):
        linker.link("cubin")
    linker.close()


def test_arch_left_out_is_the_current_devices_or_none_without_one():
    import re

    arch = ProgramOptions().arch
    assert arch is None or re.match(r"^sm_\d+[a-z]?$", arch), arch  # None here where no GPU can be asked
    assert ProgramOptions(arch="sm_75").arch == "sm_75"
