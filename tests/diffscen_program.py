"""Differential scenarios: Program, ProgramOptions, Linker, ObjectCode, Kernel and the program cache (see
diffharness.py).

The CPU scenarios compile with NVRTC / nvJitLink / NVVM and never load code; cuda.core needs the driver to compile
PTX with NVRTC (it asks the driver's version), so those are GPU scenarios, as is everything that loads code.
"""

import contextlib
import io
import os
import pickle
import re
import shutil
import tempfile
import weakref

from diffharness import driver_of, scenario, submodule

ARCH = "sm_80"
SRC = 'extern "C" __global__ void k(int *x) { *x = 1; }'
TEMPLATED = r"""
template <typename T> __global__ void f(T *p) { *p = T(1); }
extern "C" __global__ void axpy(float a, const float *x, float *y, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}
"""
WARNS = '__global__ void w() { int unused; }'
PTX = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 a){ret;}\n"
NVVM_IR = """target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @kernel() {
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{void ()* @kernel, !"kernel", i32 1}
!nvvmir.version = !{!1}
!1 = !{i32 2, i32 0, i32 3, i32 1}
"""

@contextlib.contextmanager
def _program(core, code=SRC, code_type="c++", arch=ARCH, **options):
    prog = core.Program(code, code_type, core.ProgramOptions(arch=arch, **options))
    try:
        yield prog
    finally:
        prog.close()


@contextlib.contextmanager
def _tempdir():
    path = tempfile.mkdtemp(prefix="diffscen-program-")
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def _describe(oc):
    """An ObjectCode's observable state, without loading it."""
    code = oc.code
    symbols = sorted((type(k).__name__, k if isinstance(k, str) else k.decode(), v)
                     for k, v in oc.symbol_mapping.items())
    return [type(code).__name__, code if isinstance(code, str) else bytes(code[:4]), oc.code_type, oc.name, symbols]


# -- ProgramOptions ------------------------------------------------------------------------------------------------

@scenario(gpu=False)
def program_options_repr(core):
    return [repr(core.ProgramOptions(arch=ARCH)), repr(core.ProgramOptions(arch=ARCH, name=None, debug=True))]


@scenario(gpu=False)
def program_options_extra_sources_not_a_sequence(core):
    return repr(core.ProgramOptions(arch=ARCH, extra_sources=5))


@scenario(gpu=False)
def program_options_extra_sources_bad_pair(core):
    return repr(core.ProgramOptions(arch=ARCH, extra_sources=[("a", "ir"), ["b", "ir"]]))


@scenario(gpu=False)
def program_options_extra_sources_empty_source(core):
    return repr(core.ProgramOptions(arch=ARCH, extra_sources=[("a", b"")]))


# -- Program: construction, repr, backend, closing -----------------------------------------------------------------

@scenario(gpu=False)
def program_repr_and_backend_nvrtc(core):
    with _program(core, code_type="C++") as prog:
        return [repr(prog), repr(prog.backend), prog.backend == "NVRTC", prog.is_closed, int(prog.handle) != 0]


@scenario(gpu=False)
def program_repr_and_backend_ptx(core):
    with _program(core, PTX, "ptx") as prog:
        return [repr(prog), str(prog.backend), type(prog.handle).__name__, prog.pch_status]


@scenario(gpu=False)
def program_repr_and_backend_nvvm(core):
    with _program(core, NVVM_IR, "nvvm") as prog:
        return [repr(prog), str(prog.backend), type(prog.handle).__name__]


@scenario(gpu=False)
def program_closed_reads_handle_zero(core):
    out = []
    for code, code_type in ((SRC, "c++"), (PTX, "ptx"), (NVVM_IR, "nvvm")):
        prog = core.Program(code, code_type, core.ProgramOptions(arch=ARCH))
        prog.close()
        prog.close()
        out.append([code_type, prog.is_closed, int(prog.handle), repr(prog)])
    return out


@scenario(gpu=False)
def program_closed_compile(core):
    prog = core.Program(SRC, "c++", core.ProgramOptions(arch=ARCH))
    prog.close()
    return repr(prog.compile("cubin"))


@scenario(gpu=False)
def program_closed_compile_with_cache(core):
    prog = core.Program(SRC, "c++", core.ProgramOptions(arch=ARCH))
    prog.close()
    return repr(prog.compile("cubin", cache=submodule(core, "utils").InMemoryProgramCache()))


@scenario(gpu=False)
def program_closed_ptx_compile(core):
    prog = core.Program(PTX, "ptx", core.ProgramOptions(arch=ARCH))
    prog.close()
    return repr(prog.compile("cubin"))


@scenario(gpu=False)
def program_weak_reference(core):
    with _program(core) as prog:
        return weakref.ref(prog)() is prog


@scenario(gpu=False)
def program_unknown_code_type(core):
    return repr(core.Program(SRC, "fortran", core.ProgramOptions(arch=ARCH)))


@scenario(gpu=False)
def program_unknown_code_type_with_libdevice(core):
    return repr(core.Program(SRC, "fortran", core.ProgramOptions(arch=ARCH, use_libdevice=True)))


@scenario(gpu=False)
def program_cxx_code_as_bytes(core):
    return repr(core.Program(SRC.encode(), "c++", core.ProgramOptions(arch=ARCH)))


@scenario(gpu=False)
def program_ptx_code_as_bytes(core):
    return repr(core.Program(PTX.encode(), "ptx", core.ProgramOptions(arch=ARCH)))


@scenario(gpu=False)
def program_nvvm_code_as_int(core):
    return repr(core.Program(5, "nvvm", core.ProgramOptions(arch=ARCH)))


@scenario(gpu=False)
def program_nvvm_code_as_bytearray(core):
    with _program(core, bytearray(NVVM_IR.encode()), "nvvm") as prog:
        return [repr(prog), prog.compile("ltoir").code_type]


@scenario(gpu=False)
def program_cxx_extra_sources(core):
    return repr(core.Program(SRC, "c++", core.ProgramOptions(arch=ARCH, extra_sources=[("a", "ir")])))


@scenario(gpu=False)
def program_ptx_extra_sources(core):
    return repr(core.Program(PTX, "ptx", core.ProgramOptions(arch=ARCH, extra_sources=[("a", "ir")])))


@scenario(gpu=False, differs="the message comes from the shared option checker (_utils.check_or_create_options): "
                             "ours names the type it got")
def program_options_of_a_wrong_type(core):
    return repr(core.Program(SRC, "c++", 5))


@scenario(gpu=False)
def program_options_as_a_dict(core):
    with contextlib.closing(core.Program(SRC, "c++", {"arch": ARCH, "name": "from_dict"})) as prog:
        return [repr(prog), prog.compile("cubin").name]


# -- Program.compile -----------------------------------------------------------------------------------------------

@scenario(gpu=False)
def compile_cubin_result(core):
    with _program(core, name="mine") as prog:
        return _describe(prog.compile("CUBIN"))


@scenario(gpu=False)
def compile_ltoir_result(core):
    with _program(core, relocatable_device_code=True, link_time_optimization=True) as prog:
        oc = prog.compile("ltoir")
        return [oc.code_type, oc.name, type(oc.code).__name__, len(oc.code) > 0]


@scenario(gpu=False)
def compile_name_expressions_map_to_mangled_bytes(core):
    with _program(core, TEMPLATED) as prog:
        return _describe(prog.compile("cubin", name_expressions=("f<float>", b"f<double>")))


@scenario(gpu=False, differs="NVRTCError's message is the shared error layer's: ours reads "
                             "'NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION (8)', cuda.core's '8: NVRTC_...'")
def compile_name_expressions_after_a_compile(core):
    with _program(core) as prog:
        prog.compile("cubin")
        return repr(prog.compile("cubin", name_expressions=["k"]))


@scenario(gpu=False, differs="NVRTCError's message is the shared error layer's: ours reads "
                             "'NVRTC_ERROR_COMPILATION (6)' then the log, cuda.core's '6: NVRTC_ERROR_COMPILATION, "
                             "compilation log:' then the log")
def compile_error_is_nvrtc_error(core):
    with _program(core, "this is not C++") as prog:
        return repr(prog.compile("cubin"))


@scenario(gpu=False)
def compile_logs_receive_the_warnings(core):
    log = io.StringIO()
    with _program(core, WARNS) as prog:
        prog.compile("cubin", logs=log)
    return log.getvalue().rstrip("\0")  # cuda.core's log keeps NVRTC's terminating NUL; ours does not


@scenario(gpu=False)
def compile_unsupported_target(core):
    with _program(core) as prog:
        return repr(prog.compile("fatbin"))


@scenario(gpu=False)
def compile_ptx_program_to_cubin_ignores_name_expressions(core):
    with _program(core, PTX, "ptx") as prog:
        oc = prog.compile("cubin", name_expressions=["k"])
        return [oc.code_type, bytes(oc.code[:4]), oc.symbol_mapping]


@scenario(gpu=False)
def compile_ptx_program_to_ltoir(core):
    with _program(core, PTX, "ptx") as prog:
        return repr(prog.compile("ltoir"))


@scenario(gpu=False)
def compile_nvvm_to_ltoir(core):
    with _program(core, NVVM_IR, "nvvm") as prog:
        oc = prog.compile("ltoir")
        return [oc.code_type, oc.name, len(oc.code) > 0]


@scenario(gpu=True)
def compile_cxx_to_ptx(core):
    with _program(core) as prog:
        oc = prog.compile("ptx")
        return [oc.code_type, type(oc.code).__name__, oc.code.endswith(b"\0"), b".entry k" in oc.code]


@scenario(gpu=False)
def compile_nvvm_to_ptx(core):
    with _program(core, NVVM_IR, "nvvm") as prog:
        oc = prog.compile("ptx")
        return [oc.code_type, oc.code.endswith(b"\0"), b".entry kernel" in oc.code]


# -- Linker --------------------------------------------------------------------------------------------------------

@scenario(gpu=False)
def linker_without_object_codes(core):
    return repr(core.Linker(options=core.LinkerOptions(arch=ARCH)))


@scenario(gpu=False)
def linker_which_backend(core):
    return [repr(core.Linker.which_backend()), str(core.Linker.which_backend())]


@scenario(gpu=False)
def linker_links_ptx_to_cubin(core):
    linker = core.Linker(core.ObjectCode.from_ptx(PTX.encode()), options=core.LinkerOptions(arch=ARCH))
    try:
        oc = linker.link("cubin")
        return [oc.code_type, bytes(oc.code[:4]), linker.is_closed, weakref.ref(linker)() is linker]
    finally:
        linker.close()


@scenario(gpu=False)
def linker_unsupported_target(core):
    linker = core.Linker(core.ObjectCode.from_ptx(PTX.encode()), options=core.LinkerOptions(arch=ARCH))
    try:
        return repr(linker.link("ltoir"))
    finally:
        linker.close()


@scenario(gpu=False)
def linker_closed(core):
    linker = core.Linker(core.ObjectCode.from_ptx(PTX.encode()), options=core.LinkerOptions(arch=ARCH))
    linker.close()
    linker.close()
    return [linker.is_closed, int(linker.handle)]


@scenario(gpu=False)
def linker_closed_link(core):
    linker = core.Linker(core.ObjectCode.from_ptx(PTX.encode()), options=core.LinkerOptions(arch=ARCH))
    linker.close()
    return repr(linker.link("cubin"))


# -- ObjectCode without loading ------------------------------------------------------------------------------------

@scenario(gpu=False)
def object_code_cannot_be_instantiated(core):
    return repr(core.ObjectCode())


@scenario(gpu=False)
def object_code_from_each_kind(core):
    out = []
    for kind in ("cubin", "ptx", "ltoir", "fatbin", "object", "library"):
        oc = getattr(core.ObjectCode, "from_" + kind)(b"code", name="n", symbol_mapping={"a": "b"})
        out.append(_describe(oc))
    return out


@scenario(gpu=False)
def object_code_keeps_a_path_as_given(core):
    import pathlib

    return [_describe(core.ObjectCode.from_cubin("/no/such/k.cubin")),
            _describe(core.ObjectCode.from_ptx(pathlib.Path("/no/such/k.ptx"))),
            _describe(core.ObjectCode.from_fatbin(bytearray(b"\x7fELF")))]


@scenario(gpu=False)
def object_code_name_must_be_a_str(core):
    return repr(core.ObjectCode.from_cubin(b"x", name=None))


@scenario(gpu=False)
def object_code_reduce(core):
    oc = core.ObjectCode.from_ptx(b"x", name="n", symbol_mapping={"f<int>": b"_Z1fIiEvPT_"})
    fn, args = oc.__reduce__()
    return [fn.__name__, list(args)]


@scenario(gpu=False)
def object_code_pickles(core):
    out = []
    for module in (b"\x7fELF code", "/no/such/k.cubin"):
        oc = core.ObjectCode.from_cubin(module, name="n", symbol_mapping={"f<int>": b"_Z1fIiEvPT_"})
        back = pickle.loads(pickle.dumps(oc))
        out.append([type(back).__name__, back is oc, _describe(back)])
    return out


@scenario(gpu=False, needs=("cloudpickle",))
def object_code_cloudpickles(core):
    import cloudpickle

    oc = core.ObjectCode.from_ltoir(b"lto", name="n")
    back = cloudpickle.loads(cloudpickle.dumps(oc))
    return [type(back).__name__, _describe(back)]


@scenario(gpu=False)
def object_code_compiled_pickles(core):
    with _program(core, TEMPLATED) as prog:
        oc = prog.compile("cubin", name_expressions=["f<float>"])
    back = pickle.loads(pickle.dumps(oc))
    return [_describe(back), back.code == oc.code]


@scenario(gpu=False)
def object_code_equality_with_another_type(core):
    oc = core.ObjectCode.from_cubin(b"x")
    return [oc == 5, oc != "x", weakref.ref(oc)() is oc]


# -- ObjectCode and Kernel, loaded ---------------------------------------------------------------------------------

def _device(core):
    dev = core.Device(0)
    dev.set_current()
    return dev, "sm_%d%d" % tuple(dev.compute_capability)


def _loaded(core, **options):
    dev, arch = _device(core)
    with _program(core, TEMPLATED, arch=arch, **options) as prog:
        return prog.compile("cubin", name_expressions=["f<float>"])


@scenario(gpu=True)
def object_code_repr_loads(core):
    oc = _loaded(core)
    return [repr(oc), repr(oc) == "<ObjectCode handle=%#x code_type='cubin'>" % int(oc.handle)]


@scenario(gpu=True)
def object_code_equality_and_hash_by_library(core):
    oc = _loaded(core)
    other = core.ObjectCode.from_cubin(oc.code)
    return [oc == oc, oc == other, hash(oc) == hash(int(oc.handle)), len({oc, oc, other}), weakref.ref(oc)() is oc]


@scenario(gpu=True)
def object_code_pickled_after_loading(core):
    oc = _loaded(core)
    oc.get_kernel("axpy")
    back = pickle.loads(pickle.dumps(oc))
    kernel = back.get_kernel("f<float>")
    return [_describe(back), back == oc, repr(kernel)]


@scenario(gpu=True)
def object_code_from_a_file_path(core):
    oc = _loaded(core)
    with _tempdir() as d:
        path = os.path.join(d, "k.cubin")
        with open(path, "wb") as f:
            f.write(oc.code)
        from_file = core.ObjectCode.from_cubin(path)
        kernel = from_file.get_kernel("axpy")
        return [from_file.code == path, type(from_file.code).__name__, repr(kernel), kernel.num_arguments]


@scenario(gpu=True, differs="CUDAError's message is the shared error layer's (ours adds the result's number)")
def object_code_from_a_missing_file(core):
    _device(core)
    return repr(core.ObjectCode.from_cubin("/no/such/dir/k.cubin").get_kernel("k"))


@scenario(gpu=True)
def object_code_get_module(core):
    oc = _loaded(core)
    return [type(oc.get_module()).__name__, int(oc.get_module()) != 0, type(oc.handle).__name__]


@scenario(gpu=True, differs="CUDAError's message is the shared error layer's (ours adds the result's number)")
def get_kernel_of_a_missing_name(core):
    return repr(_loaded(core).get_kernel("no_such_kernel"))


@scenario(gpu=True, differs="CUDAError's message is the shared error layer's (ours adds the result's number)")
def get_kernel_of_ltoir(core):
    dev, arch = _device(core)
    with _program(core, arch=arch, relocatable_device_code=True, link_time_optimization=True) as prog:
        return repr(prog.compile("ltoir").get_kernel("k"))


@scenario(gpu=True)
def get_kernel_by_name_expression_and_by_mangled_bytes(core):
    oc = _loaded(core)
    a = oc.get_kernel("f<float>")
    b = oc.get_kernel(oc.symbol_mapping["f<float>"])
    return [a == b, hash(a) == hash(b), repr(a)]


@scenario(gpu=True)
def kernel_repr_equality_hash_weakref(core):
    oc = _loaded(core)
    k1, k2, other = oc.get_kernel("axpy"), oc.get_kernel(b"axpy"), oc.get_kernel("f<float>")
    return [repr(k1), repr(k1) == "<Kernel handle=%#x>" % int(k1.handle), k1 == k2, hash(k1) == hash(k2),
            hash(k1) == hash(int(k1.handle)), k1 == other, k1 == oc, k1 == int(k1.handle), weakref.ref(k1)() is k1]


@scenario(gpu=True)
def kernel_from_handle(core):
    oc = _loaded(core)
    k = oc.get_kernel("axpy")
    same = core.Kernel.from_handle(int(k.handle), oc)
    return [same == k, repr(same) == repr(k), same.num_arguments]


@scenario(gpu=False)
def kernel_from_handle_of_a_str(core):
    return repr(core.Kernel.from_handle("0x10"))


@scenario(gpu=False)
def kernel_cannot_be_instantiated(core):
    return repr(core.Kernel())


@scenario(gpu=True, differs="ours says why (pickle its ObjectCode instead); cuda.core's Cython message names its "
                            "C++ handle")
def kernel_does_not_pickle(core):
    return len(pickle.dumps(_loaded(core).get_kernel("axpy")))


@scenario(gpu=True)
def kernel_arguments_and_attributes(core):
    k = _loaded(core).get_kernel("axpy")
    attrs = k.attributes
    return [k.num_arguments, [list(p) for p in k.arguments_info], attrs.max_threads_per_block, attrs.num_regs,
            attrs.shared_size_bytes, attrs.const_size_bytes, attrs.local_size_bytes, attrs.binary_version,
            attrs.cache_mode_ca, attrs.cluster_size_must_be_set, attrs.max_dynamic_shared_size_bytes]


@scenario(gpu=True)
def kernel_attributes_and_occupancy_cannot_be_instantiated(core):
    k = _loaded(core).get_kernel("axpy")
    out = []
    for cls in (type(k.attributes), type(k.occupancy)):
        try:
            cls()
        except RuntimeError as e:
            out.append(str(e))
    return out


@scenario(gpu=True)
def occupancy_queries(core):
    occ = _loaded(core).get_kernel("axpy").occupancy
    r = occ.max_potential_block_size(0, 0)
    return [type(r).__name__, r.min_grid_size > 0, r.max_block_size, list(r),
            occ.max_potential_block_size(1024, 256).max_block_size,
            occ.max_active_blocks_per_multiprocessor(128, 0), occ.max_active_blocks_per_multiprocessor(128, 1024),
            occ.available_dynamic_shared_memory_per_block(1, 128)]


@scenario(gpu=True)
def occupancy_takes_numpy_integers(core):
    import numpy as np

    occ = _loaded(core).get_kernel("axpy").occupancy
    return [occ.max_active_blocks_per_multiprocessor(np.int32(128), np.uint64(1024)),
            occ.available_dynamic_shared_memory_per_block(np.int64(1), np.int16(128)),
            occ.max_potential_block_size(0, np.int32(256)).max_block_size]


@scenario(gpu=True, extends="a CUoccupancyB2DSize is called through the function pointer it holds (cuda.core 1.2 "
                             "calls the address of the object's own storage, getPtr(), and crashes)")
def occupancy_with_a_c_callback(core):
    import ctypes

    driver = driver_of(core)
    occ = _loaded(core).get_kernel("axpy").occupancy
    fn = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_int)(lambda block_size: 64 * block_size)
    callback = driver.CUoccupancyB2DSize(ctypes.cast(fn, ctypes.c_void_p).value)
    with_callback = occ.max_potential_block_size(callback, 0)
    return [list(with_callback), with_callback.max_block_size <= 1024]


@scenario(gpu=True, differs="ours also takes a Python callable block_size -> bytes, and says so")
def occupancy_with_a_bad_shared_memory_argument(core):
    return repr(_loaded(core).get_kernel("axpy").occupancy.max_potential_block_size("48k", 0))


# -- the program cache ---------------------------------------------------------------------------------------------

def _key(core, **over):
    kw = dict(code=SRC, code_type="c++", options=core.ProgramOptions(arch=ARCH), target_type="cubin")
    kw.update(over)
    return submodule(core, "utils").make_program_cache_key(**kw)


@scenario(gpu=False)
def cache_key_is_32_bytes_and_stable(core):
    key = _key(core)
    return [type(key).__name__, len(key), key == _key(core)]


@scenario(gpu=False)
def cache_keys_shared_and_not(core):
    po = core.ProgramOptions
    base = _key(core)
    nvvm = dict(code_type="nvvm", target_type="ltoir")
    ptx = dict(code=PTX, code_type="ptx")
    return [
        _key(core, options=po(arch=ARCH, debug=False)) == base,
        _key(core, options=po(arch=ARCH, debug=True)) == base,
        _key(core, options=po(arch=ARCH, ptxas_options=[])) == base,
        _key(core, options=po(arch=ARCH, include_path=[])) == base,
        _key(core, options=po(arch=ARCH, name="other")) == base,
        _key(core, options=po(arch="sm_90")) == base,
        _key(core, code_type="C++", target_type="CUBIN") == base,
        _key(core, target_type="ltoir") == base,
        _key(core, name_expressions=["a", b"b"]) == _key(core, name_expressions=(b"b", "a")),
        _key(core, name_expressions=["a"]) == _key(core, name_expressions=[b"a"]),
        _key(core, name_expressions=["a"]) == base,
        _key(core, extra_digest=b"1") == _key(core, extra_digest=b"2"),
        _key(core, extra_digest=b"1") == base,
        _key(core, code=b"ir", **nvvm) == _key(core, code="ir", **nvvm),
        _key(core, code="ir", **nvvm) == _key(core, code="ir", name_expressions=["x"], **nvvm),
        _key(core, **ptx) == _key(core, name_expressions=["k"], **ptx),
        _key(core, **ptx) == _key(core, options=po(arch=ARCH, use_fast_math=True), **ptx),
        _key(core, **ptx) == _key(core, options=po(arch=ARCH, debug=False, ptxas_options=()), **ptx),
        _key(core, options=po(arch=ARCH, ptxas_options="-v"), **ptx) ==
        _key(core, options=po(arch=ARCH, ptxas_options=["-v"]), **ptx),
        _key(core, options=po(arch=ARCH, include_path="/inc"), extra_digest=b"h") == base,
    ]


@scenario(gpu=False)
def cache_key_cxx_code_as_bytes(core):
    return _key(core, code=SRC.encode())


@scenario(gpu=False)
def cache_key_code_as_int(core):
    return _key(core, code=3)


@scenario(gpu=False, differs="ours names the parameter: \"code_type 'cuda' is not a valid SourceCodeType...\"")
def cache_key_unknown_code_type(core):
    return _key(core, code_type="cuda")


@scenario(gpu=False)
def cache_key_unknown_target(core):
    return _key(core, target_type="fatbin")


@scenario(gpu=False)
def cache_key_target_the_code_type_lacks(core):
    return _key(core, code_type="nvvm", target_type="cubin")


@scenario(gpu=False)
def cache_key_side_effect_options(core):
    out = []
    for field, value in (("time", "t.csv"), ("create_pch", "x.pch"), ("fdevice_time_trace", "t.json")):
        try:
            _key(core, options=core.ProgramOptions(arch=ARCH, **{field: value}), extra_digest=b"h")
        except ValueError as e:
            out.append(str(e))
    return out


@scenario(gpu=False)
def cache_key_file_inputs_need_an_extra_digest(core):
    out = []
    for field, value in (("include_path", ["/inc"]), ("pre_include", "h.h"), ("pch", True), ("use_pch", "p"),
                         ("pch_dir", "d"), ("name", "src/k.cu"), ("name", "src\\k.cu")):
        try:
            _key(core, options=core.ProgramOptions(arch=ARCH, **{field: value}))
        except ValueError as e:
            out.append(str(e))
    return out


@scenario(gpu=False)
def cache_key_extra_sources_outside_nvvm(core):
    return _key(core, options=core.ProgramOptions(arch=ARCH, extra_sources=[("a", "b")]))


@scenario(gpu=False)
def cache_key_nvvm_libdevice_needs_an_extra_digest(core):
    return _key(core, code="ir", code_type="nvvm", target_type="ptx",
                options=core.ProgramOptions(arch=ARCH, use_libdevice=True))


@scenario(gpu=False)
def cache_key_name_expression_bytearray(core):
    return _key(core, name_expressions=[bytearray(b"f")])


@scenario(gpu=False)
def cache_key_name_expression_int(core):
    return _key(core, name_expressions=[1])


@scenario(gpu=False)
def in_memory_cache_round_trip(core):
    utils = submodule(core, "utils")
    cache = utils.InMemoryProgramCache()
    cache["k"] = b"one"
    cache[b"j"] = bytearray(b"two")
    cache.update({"m": memoryview(b"three")})
    cache.update([("o", core.ObjectCode.from_cubin(b"four"))])
    out = [len(cache), cache[b"k"], cache["j"], cache.get("m"), cache.get("missing", "dflt"), cache["o"],
           isinstance(cache, utils.ProgramCacheResource)]
    del cache["k"]
    out.append(len(cache))
    cache.clear()
    out.append(len(cache))
    with cache as same:
        out.append(same is cache)
    return out


@scenario(gpu=False)
def in_memory_cache_evicts_least_recently_used(core):
    cache = submodule(core, "utils").InMemoryProgramCache(max_size_bytes=10)
    cache["a"] = b"aaaa"
    cache["b"] = b"bbbb"
    cache["a"]  # noqa: B018 - a read refreshes "a"
    cache["c"] = b"cccc"
    out = [cache.get("a"), cache.get("b"), cache.get("c")]
    cache["big"] = b"x" * 11  # larger than the cap: not kept
    return out + [cache.get("big"), len(cache)]


@scenario(gpu=False)
def in_memory_cache_zero_cap(core):
    return repr(submodule(core, "utils").InMemoryProgramCache(max_size_bytes=0))


@scenario(gpu=False)
def in_memory_cache_bool_cap(core):
    cache = submodule(core, "utils").InMemoryProgramCache(max_size_bytes=True)
    cache["a"] = b"x"
    return len(cache)


@scenario(gpu=False)
def in_memory_cache_bad_key(core):
    submodule(core, "utils").InMemoryProgramCache()[1] = b"x"


@scenario(gpu=False)
def in_memory_cache_bad_value(core):
    submodule(core, "utils").InMemoryProgramCache()["k"] = 5


@scenario(gpu=False)
def in_memory_cache_missing_key(core):
    return submodule(core, "utils").InMemoryProgramCache()[b"k"]


@scenario(gpu=False)
def in_memory_cache_delete_missing_key(core):
    del submodule(core, "utils").InMemoryProgramCache()["k"]


@scenario(gpu=False)
def file_stream_cache_round_trip(core):
    utils = submodule(core, "utils")
    with _tempdir() as d:
        with utils.FileStreamProgramCache(os.path.join(d, "c")) as cache:
            cache["k"] = b"one"
            cache[b"j"] = core.ObjectCode.from_cubin(b"two")
            out = [len(cache), cache["k"], cache[b"j"], cache.get("missing")]
            del cache["k"]
            out.append(len(cache))
            cache.clear()
            out.append(len(cache))
        again = utils.FileStreamProgramCache(os.path.join(d, "c"))
        again["x"] = b"persisted"
        out.append(utils.FileStreamProgramCache(os.path.join(d, "c"))["x"])
        return out


@scenario(gpu=False)
def file_stream_cache_stores_the_content_of_a_path(core):
    utils = submodule(core, "utils")
    with _tempdir() as d:
        path = os.path.join(d, "k.cubin")
        with open(path, "wb") as f:
            f.write(b"on disk")
        cache = utils.FileStreamProgramCache(os.path.join(d, "c"))
        cache["k"] = core.ObjectCode.from_cubin(path)
        os.remove(path)
        out = [cache["k"]]
        try:
            cache["gone"] = core.ObjectCode.from_cubin(path)
        except FileNotFoundError as e:
            out.append(str(e).replace(d, "TMP"))
        return out


@scenario(gpu=False)
def compile_through_a_cache(core):
    utils = submodule(core, "utils")
    cache = utils.InMemoryProgramCache()
    log = io.StringIO()
    with _program(core, WARNS, name="mine") as first:
        a = first.compile("cubin", cache=cache)
    with _program(core, WARNS, name="mine") as second:
        b = second.compile("CUBIN", logs=log, cache=cache)
    with _program(core, WARNS, name="other") as third:
        third.compile("cubin", cache=cache)
    return [len(cache), a.code == b.code, _describe(b), log.getvalue()]


@scenario(gpu=False)
def compile_through_a_cache_of_a_wrong_type(core):
    with _program(core) as prog:
        return repr(prog.compile("cubin", cache={}))


@scenario(gpu=False)
def compile_through_a_cache_refuses_file_inputs(core):
    with _program(core, include_path=["/inc"]) as prog:
        return repr(prog.compile("cubin", cache=submodule(core, "utils").InMemoryProgramCache()))


# -- ProgramOptions.as_bytes and LinkerOptions.as_bytes ------------------------------------------------------------

_EVERY_NVRTC_OPTION = dict(
    relocatable_device_code=True, extensible_whole_program=True, debug=True, lineinfo=True, device_code_optimize=True,
    ptxas_options=["-v"], max_register_count=32, ftz=True, prec_sqrt=False, prec_div=True, fma=False,
    use_fast_math=True, extra_device_vectorization=True, link_time_optimization=True, gen_opt_lto=True,
    define_macro=["A", ("B", "2")], undefine_macro="U", include_path=["/i"], pre_include="h.h",
    no_source_include=True, std="c++17", builtin_move_forward=False, builtin_initializer_list=True,
    disable_warnings=True, restrict=True, device_as_default_execution_space=True, device_int128=True,
    optimization_info="inline", no_display_error_number=True, diag_error=1, diag_suppress=[2], diag_warn=3,
    brief_diagnostics=True, time="t", split_compile=2, fdevice_syntax_only=True, minimal=True, no_cache=True,
    fdevice_time_trace="j", device_float128=True, frandom_seed="1", ofast_compile="min", pch=True, create_pch="p",
    use_pch="u", pch_dir="d", pch_verbose=True, pch_messages=False, instantiate_templates_in_pch=True,
    numba_debug=True)


@scenario(gpu=False)
def program_options_every_nvrtc_option(core):
    opts = core.ProgramOptions(arch=ARCH, **_EVERY_NVRTC_OPTION)
    return [opts.as_bytes("nvrtc"), opts.as_bytes("NVRTC", "ltoir") == opts.as_bytes("nvrtc")]


@scenario(gpu=False)
def program_options_nvrtc_ltoir_adds_nothing(core):
    return core.ProgramOptions(arch=ARCH).as_bytes("nvrtc", "ltoir")


@scenario(gpu=False)
def program_options_nvvm_flags(core):
    po = core.ProgramOptions
    return [po(arch=ARCH, debug=True, device_code_optimize=False, ftz=True, prec_sqrt=False, prec_div=True, fma=False,
               numba_debug=True).as_bytes("nvvm"),
            po(arch="compute_90", device_code_optimize=True).as_bytes("nvvm", "ltoir"),
            po(arch=ARCH, lineinfo=False, use_fast_math=False, link_time_optimization=True, no_cache=True,
               device_float128=True).as_bytes("nvvm")]


@scenario(gpu=False)
def program_options_nvvm_refuses(core):
    return core.ProgramOptions(arch=ARCH, **_EVERY_NVRTC_OPTION).as_bytes("nvvm")


@scenario(gpu=False)
def program_options_nvvm_refuses_false_where_set_counts(core):
    return core.ProgramOptions(arch=ARCH, relocatable_device_code=False, brief_diagnostics=False).as_bytes("nvvm")


@scenario(gpu=False)
def program_options_unknown_backend(core):
    return core.ProgramOptions(arch=ARCH).as_bytes("nvjitlink")


@scenario(gpu=False)
def program_options_define_macro_triple(core):
    return core.ProgramOptions(arch=ARCH, define_macro=("A", "B", "C")).as_bytes("nvrtc")


@scenario(gpu=False)
def program_options_define_macro_bad_item(core):
    return core.ProgramOptions(arch=ARCH, define_macro=["A", 5, ("B", "1")]).as_bytes("nvrtc")


@scenario(gpu=False)
def program_options_define_macro_int(core):
    return core.ProgramOptions(arch=ARCH, define_macro=5).as_bytes("nvrtc")


@scenario(gpu=False)
def program_options_use_bundled_headers(core):
    return repr(core.ProgramOptions(arch=ARCH, use_bundled_headers=True))


@scenario(gpu=False)
def linker_options_flags(core):
    lo = core.LinkerOptions
    return [lo(arch=ARCH).as_bytes(), lo(arch=ARCH, max_register_count=32, time=True, verbose=True,
                                         link_time_optimization=True, ptx=True, optimization_level=3, debug=True,
                                         lineinfo=True, ftz=True, prec_div=False, prec_sqrt=True, fma=False,
                                         kernels_used=["a", "b"], variables_used="v", optimize_unused_variables=True,
                                         ptxas_options=["-v", "-O1"], split_compile=2, split_compile_extended=1,
                                         no_cache=True).as_bytes("nvjitlink")]


@scenario(gpu=False, differs="time=False and optimize_unused_variables=False emit no flag here (cuda.core emits "
                             "-time and -optimize-unused-variables for False too)")
def linker_options_false_flags(core):
    return core.LinkerOptions(arch=ARCH, time=False, optimize_unused_variables=False).as_bytes()


@scenario(gpu=False)
def linker_options_unknown_backend(core):
    return core.LinkerOptions(arch=ARCH).as_bytes("driver")


@scenario(gpu=False)
def pch_status_after_compiles(core):
    out = []
    with _tempdir() as d:
        with open(os.path.join(d, "h.h"), "w") as f:
            f.write("__device__ inline int f() { return 3; }\n")
        src = '#include "h.h"\nextern "C" __global__ void k(int *x) { *x = f(); }'
        for options in (dict(), dict(pch=True, pch_dir=d), dict(create_pch=os.path.join(d, "x.pch")),
                        dict(pch=False)):
            with _program(core, src, include_path=[d], **options) as prog:
                before = prog.pch_status
                prog.compile("cubin")
                out.append([repr(before), repr(prog.pch_status)])
    with _program(core, PTX, "ptx") as prog:
        prog.compile("cubin")
        out.append(repr(prog.pch_status))
    return out


@scenario(gpu=False)
def linker_logs_stay_readable_after_closing(core):
    linker = core.Linker(core.ObjectCode.from_ptx(PTX.encode()), options=core.LinkerOptions(arch=ARCH, verbose=True))
    linker.link("cubin")
    before = [linker.get_info_log(), linker.get_error_log()]
    linker.close()
    after = [linker.get_info_log(), linker.get_error_log()]
    return [before == after, [type(x).__name__ for x in after], "info" in after[0].lower() or after[0] != ""]


def _log(text):
    """A linker's log less the NUL cuda.core's logs end with, and less the count nvJitLink puts in its 'ERROR n:'
    lines (how many links this process made before: it differs between the two processes)."""
    return re.sub(r"ERROR \d+:", "ERROR n:", text.replace("\0", ""))


def _error(call):
    """What ``call`` raised: its type's name and its message (a log in it as _log gives it)."""
    try:
        call()
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return [type(e).__name__, _log(str(e))]
    return None


@scenario(gpu=False)
def linker_errors_carry_the_log(core):
    lo = core.LinkerOptions(arch=ARCH)
    undefined = ".version 8.0\n.target sm_80\n.address_size 64\n.extern .func missing();\n" \
                ".visible .entry k(){call missing;ret;}\n"
    linker = core.Linker(core.ObjectCode.from_ptx(undefined.encode()), options=lo)
    try:
        out = [_error(lambda: linker.link("cubin")), _log(linker.get_error_log())]
    finally:
        linker.close()
    out.append(_error(lambda: core.Linker(core.ObjectCode.from_ptx(b"garbage"), options=lo)))
    out.append(_error(lambda: core.Linker(core.ObjectCode.from_ptx("/no/such/k.ptx"), options=lo)))
    out.append(_error(lambda: core.Linker(core.ObjectCode.from_ltoir(b""), options=lo)))
    out.append(_error(lambda: core.Linker(core.ObjectCode.from_ptx(PTX.encode()),
                                          options=core.LinkerOptions(arch="sm_xx"))))
    return out


@scenario(gpu=False)
def ptx_program_errors_carry_the_log(core):
    undefined = ".version 8.0\n.target sm_80\n.address_size 64\n.extern .func missing();\n" \
                ".visible .entry k(){call missing;ret;}\n"
    with _program(core, undefined, "ptx") as prog:
        return _error(lambda: prog.compile("cubin"))


@scenario(gpu=False)
def linker_options_of_a_wrong_type(core):
    return repr(core.Linker(core.ObjectCode.from_ptx(PTX.encode()), options=5))


@scenario(gpu=True)
def program_options_arch_defaults_to_the_current_device(core):
    dev, arch = _device(core)
    opts = core.ProgramOptions()
    return [repr(opts), opts.arch == arch, opts.as_bytes("nvrtc")[0].decode()]


# -- bad input (issue 25 item 7) ----------------------------------------------------------------------------------

_NOT_TEXT = ("ours is a TypeError naming the option and what it takes, which is an AttributeError too (cuda.core "
             "fails on it with AttributeError, encoding it)")
_SURROGATE = "ours is the same UnicodeEncodeError, its reason naming the parameter that held the lone surrogate"


@scenario(gpu=False, refuses="logs must have a write() method: refused up front, where cuda.core takes anything "
                             "and fails only once there is a log to write")
def compile_logs_an_int_without_a_log(core):
    with _program(core) as prog:
        return prog.compile("cubin", logs=1).code_type


@scenario(gpu=False, differs="ours is a TypeError naming logs and what it takes, which is an AttributeError too "
                             "(cuda.core's, writing the log to it)")
def compile_logs_an_int_with_a_log(core):
    with _program(core, WARNS) as prog:
        return prog.compile("cubin", logs=1).code_type


@scenario(gpu=False, differs="ours names name_expressions and what it takes; cuda.core's is Python's 'object is "
                             "not iterable'")
def compile_name_expressions_an_int(core):
    with _program(core) as prog:
        return prog.compile("cubin", 5).code_type


@scenario(gpu=False, differs=_SURROGATE)
def compile_name_expression_of_a_lone_surrogate(core):
    with _program(core) as prog:
        return prog.compile("cubin", ("\ud800",)).code_type


@scenario(gpu=False, differs="ours escapes the lone surrogate, so that the message can be printed")
def compile_target_type_of_a_lone_surrogate(core):
    with _program(core) as prog:
        return prog.compile("\ud800").code_type


@scenario(gpu=False, differs=_NOT_TEXT)
def program_options_name_an_int(core):
    return repr(core.ProgramOptions(arch=ARCH, name=5))


@scenario(gpu=False, differs=_SURROGATE)
def program_options_name_of_a_lone_surrogate(core):
    return repr(core.ProgramOptions(arch=ARCH, name="\ud800"))


@scenario(gpu=False, differs=_SURROGATE)
def program_code_of_a_lone_surrogate(core):
    return repr(core.Program("\ud800", "c++", core.ProgramOptions(arch=ARCH)))


@scenario(gpu=False, differs=_SURROGATE)
def program_options_define_macro_of_a_lone_surrogate(core):
    return core.ProgramOptions(arch=ARCH, define_macro="\ud800").as_bytes("nvrtc")


@scenario(gpu=False, differs=_NOT_TEXT)
def linker_options_name_none(core):
    return repr(core.LinkerOptions(arch=ARCH, name=None))


@scenario(gpu=False, differs=_SURROGATE)
def linker_options_name_of_a_lone_surrogate(core):
    return repr(core.LinkerOptions(arch=ARCH, name="\ud800"))


@scenario(gpu=False, differs=_SURROGATE)
def linker_options_ptxas_options_of_a_lone_surrogate(core):
    return core.LinkerOptions(arch=ARCH, ptxas_options="\ud800").as_bytes("nvjitlink")


@scenario(gpu=False, refuses="max_register_count is spelled as an int: a str is refused, naming the option, where "
                             "cuda.core passes it on for nvJitLink to refuse")
def linker_options_max_register_count_of_text(core):
    return core.LinkerOptions(arch=ARCH, max_register_count="x").as_bytes("nvjitlink")


@scenario(gpu=False)
def object_code_symbol_mapping_not_a_dict(core):
    out = []
    for mapping in (5, [("k", b"k")], "k"):
        try:
            core.ObjectCode.from_ptx(PTX.encode(), symbol_mapping=mapping)
        except TypeError as e:
            out.append(str(e))
    return out

