"""Program, ObjectCode and Kernel on a GPU: code loaded from a path, pickled code in another process, the occupancy
calculator with a Python callable, a cache hit that launches, reprs and equality of loaded objects. (The
differential scenarios in diffscen_program.py compare the rest against cuda.core.)"""

import pickle
import struct
import textwrap
import weakref

import pytest

from conftest import run_python

pytestmark = pytest.mark.gpu

SRC = r"""
template <typename T> __global__ void fill(T *out, T value) { out[threadIdx.x] = value; }
extern "C" __global__ void seven(int *out) { out[threadIdx.x] = 7; }
extern "C" __global__ void with_shared(int *out)
{
    extern __shared__ int scratch[];
    scratch[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = scratch[blockDim.x - 1 - threadIdx.x];
}
"""


def _compiled(core, dev, target="cubin", **options):
    prog = core.Program(SRC, "c++", core.ProgramOptions(arch="sm_" + dev.arch, **options))
    try:
        return prog.compile(target, name_expressions=("fill<int>",))
    finally:
        prog.close()


def _run(core, dev, stream, kernel, n, *args, shmem=0):
    out = dev.allocate(4 * n, stream=stream)
    core.launch(stream, core.LaunchConfig(grid=1, block=n, shmem_size=shmem), kernel, out, *args)
    host = bytearray(4 * n)
    out.copy_to(host, stream=stream)
    stream.sync()
    out.close()
    return struct.unpack("<%di" % n, bytes(host))


def test_loaded_object_code_and_kernel_reprs_equality_and_weak_references(core, core_device):
    oc = _compiled(core, core_device)
    assert repr(oc) == "<ObjectCode handle=%#x code_type='cubin'>" % int(oc.handle) and int(oc.handle) != 0
    again = core.ObjectCode.from_cubin(oc.code)
    assert oc == oc and oc != again and hash(oc) == hash(int(oc.handle)) and len({oc, again, oc}) == 2
    k = oc.get_kernel("seven")
    assert repr(k) == "<Kernel handle=%#x>" % int(k.handle)
    assert k == oc.get_kernel(b"seven") and k != oc.get_kernel("fill<int>") and (k == oc) is False
    assert hash(k) == hash(int(k.handle)) and weakref.ref(k)() is k and weakref.ref(oc)() is oc
    assert core.Kernel.from_handle(int(k.handle), oc) == k
    with pytest.raises(TypeError, match="cannot pickle 'Kernel' object"):
        pickle.dumps(k)


def test_code_from_a_path_loads_from_the_file(core, core_device, core_stream, tmp_path):
    path = tmp_path / "k.cubin"
    path.write_bytes(_compiled(core, core_device).code)
    for given in (str(path), path):
        oc = core.ObjectCode.from_cubin(given)
        assert oc.code == str(path) and type(oc.code) is str
        assert _run(core, core_device, core_stream, oc.get_kernel("seven"), 4) == (7, 7, 7, 7)
    with pytest.raises(core.CUDAError):
        core.ObjectCode.from_cubin(str(tmp_path / "missing.cubin")).get_kernel("seven")


def test_ptx_keeps_its_nul_and_loads(core, core_device, core_stream):
    ptx = _compiled(core, core_device, "ptx")
    assert ptx.code.endswith(b"\0") and ptx.symbol_mapping["fill<int>"].startswith(b"_Z")
    assert _run(core, core_device, core_stream, ptx.get_kernel("fill<int>"), 3, 5) == (5, 5, 5)
    linked = core.Program(ptx.code.decode(), "ptx", core.ProgramOptions(arch="sm_" + core_device.arch)).compile("cubin")
    assert _run(core, core_device, core_stream, linked.get_kernel("seven"), 2) == (7, 7)


def test_pickled_object_code_launches_in_another_process(core, core_device, tmp_path):
    oc = _compiled(core, core_device)
    oc.get_kernel("seven")  # loaded before pickling: what pickles is still the code
    path = tmp_path / "oc.pickle"
    path.write_bytes(pickle.dumps(oc))
    r = run_python(textwrap.dedent('''
        import pickle, struct
        from cudacffi.core import Device, LaunchConfig, launch
        dev = Device(0)
        dev.set_current()
        oc = pickle.loads(open(%r, "rb").read())
        assert oc.symbol_mapping["fill<int>"].startswith(b"_Z"), oc.symbol_mapping
        s = dev.create_stream()
        out = dev.allocate(8, stream=s)
        launch(s, LaunchConfig(grid=1, block=2), oc.get_kernel("fill<int>"), out, 9)
        host = bytearray(8)
        out.copy_to(host, stream=s)
        s.sync()
        assert struct.unpack("<2i", bytes(host)) == (9, 9)
        print("OK")
    ''' % str(path)))
    assert r.returncode == 0 and r.stdout.strip() == "OK", r.stdout + r.stderr


def test_cloudpickled_object_code_loads(core, core_device, core_stream):
    cloudpickle = pytest.importorskip("cloudpickle")
    back = cloudpickle.loads(cloudpickle.dumps(_compiled(core, core_device)))
    assert _run(core, core_device, core_stream, back.get_kernel("seven"), 2) == (7, 7)


def test_occupancy_with_a_python_callable_and_a_c_pointer(core, core_device):
    import ctypes

    from cudacffi import driver

    occ = _compiled(core, core_device).get_kernel("with_shared").occupancy
    asked = []

    def smem(block_size):
        asked.append(block_size)
        return 4 * block_size

    by_callable = occ.max_potential_block_size(smem, 0)
    assert asked and all(isinstance(b, int) and b > 0 for b in asked)
    assert by_callable.min_grid_size > 0 and 0 < by_callable.max_block_size <= 1024
    fn = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_int)(lambda block_size: 4 * block_size)
    by_pointer = occ.max_potential_block_size(driver.CUoccupancyB2DSize(ctypes.cast(fn, ctypes.c_void_p).value), 0)
    assert tuple(by_pointer) == tuple(by_callable)
    limited = occ.max_potential_block_size(smem, 128)
    assert limited.max_block_size <= 128
    assert occ.max_active_blocks_per_multiprocessor(by_callable.max_block_size, 4 * by_callable.max_block_size) > 0
    assert occ.available_dynamic_shared_memory_per_block(1, 128) >= 4 * 128


def test_a_cache_hit_launches_and_keeps_name_expressions(core, core_device, core_stream, tmp_path):
    from cudacffi.core.utils import FileStreamProgramCache

    cache = FileStreamProgramCache(str(tmp_path / "cache"))
    options = core.ProgramOptions(arch="sm_" + core_device.arch)
    first = core.Program(SRC, "c++", options).compile("cubin", ("fill<int>",), cache=cache)
    hit = core.Program(SRC, "c++", options).compile("cubin", ("fill<int>",), cache=cache)
    assert hit.code == first.code and hit.symbol_mapping == first.symbol_mapping
    assert _run(core, core_device, core_stream, hit.get_kernel("fill<int>"), 2, 3) == (3, 3)
