"""cuda.bindings' ``_ptr``, struct fields that copy, output arrays sized by a sibling field (issue 26), on the CPU.

``cls(_ptr=address)`` makes an object that *is* the memory at ``address``: its value is read there at each use (by
``int()``, by every call it is passed to, by the kernel-argument packer), written there, and ``getPtr()`` answers
``address``. A kernel launched with such a handle and ``ctypes.c_void_p`` receives ``address``.
"""

import ctypes

import pytest

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

from conftest import build_standin, run_python  # noqa: E402

import importlib  # noqa: E402

from cudacffi import _handles, _structs, driver, runtime  # noqa: E402
from cudacffi._driver import ffi as _dffi  # noqa: E402
from cudacffi._kernel_params import kernel_params  # noqa: E402


def _families():
    """The family modules this build has (an older snapshot lacks nvFatbin, NVML's newer names...)."""
    found = [driver, runtime]
    for name in ("nvrtc", "nvjitlink", "nvvm", "nvfatbin", "nvml"):
        try:
            found.append(importlib.import_module("cudacffi." + name))
        except ImportError:
            pass
    return tuple(found)


MODULES = _families()
nvfatbin = next((m for m in MODULES if m.__name__ == "cudacffi.nvfatbin"), None)


def _classes(base):
    seen = {}
    for mod in MODULES:
        for name in dir(mod):
            c = getattr(mod, name)
            if isinstance(c, type) and issubclass(c, base) and c.__module__.startswith("cudacffi._gen"):
                seen[c] = "%s.%s" % (mod.__name__.rsplit(".", 1)[1], name)
    return sorted(seen.items(), key=lambda kv: kv[1])


HANDLES = _classes(_handles.Handle)
# the anonymous unions' classes name no C type cffi knows (only their fields are used), as cuda.bindings exports none
STRUCTS = [(c, n) for c, n in _classes(_structs.Struct) if ".anon_union" not in n]


@pytest.fixture
def cell():
    buf = (ctypes.c_uint64 * 64)(0xAB)
    return buf, ctypes.addressof(buf)


def test_the_scan_covers_the_classes():
    names = {n for _, n in HANDLES}
    assert {"runtime.cudaSurfaceObject_t", "runtime.cudaTextureObject_t", "driver.CUdevice", "driver.CUstream",
            "driver.CUhostFn", "driver.CUdeviceptr"} <= names
    assert len(HANDLES) > 80 and len(STRUCTS) > 300


@pytest.mark.parametrize("cls", [c for c, _ in HANDLES], ids=[n for _, n in HANDLES])
def test_a_handle_made_with_ptr_is_the_memory_there(cls, cell):
    buf, addr = cell
    v = cls(_ptr=addr)
    assert v.getPtr() == addr
    assert isinstance(v, cls) and type(v).__name__ == cls.__name__ and repr(v).startswith("<%s " % cls.__name__)
    width = _dffi.sizeof(cls._ctype)
    assert int(v) == 0xAB
    buf[0] = 0x5A
    assert int(v) == 0x5A and _handles.handle_value(v, "f", "x") == 0x5A  # what every call passes
    v._v = 0x66  # a write goes to the memory, within the C type's width
    assert buf[0] == 0x66
    buf[0] = (1 << 63) | 0x8877
    assert int(v) == int.from_bytes(bytes(buf)[:width], "little", signed=cls._lo < 0)  # the C type's bytes


@pytest.mark.parametrize("cls, stored", [(driver.CUdevice, True), (runtime.cudaSurfaceObject_t, True),
                                         (driver.CUdeviceptr, True), (driver.CUstream, False),
                                         (driver.CUhostFn, False), (runtime.cudaStream_t, False)])
def test_init_value_with_ptr_is_stored_for_integer_typedefs_only(cls, stored, cell):
    buf, addr = cell
    v = cls(7, _ptr=addr)
    assert (int(v), buf[0]) == ((7, 7) if stored else (0xAB, 0xAB))


def test_a_pointer_handle_view_compares_by_its_current_value(cell):
    buf, addr = cell
    v = driver.CUstream(_ptr=addr)
    assert v == driver.CUstream(0xAB) and hash(v) == hash(driver.CUstream(0xAB))
    buf[0] = 0x99
    assert v == driver.CUstream(0x99)


@pytest.mark.parametrize("cls", [c for c, _ in STRUCTS], ids=[n for _, n in STRUCTS])
def test_a_struct_made_with_ptr_is_the_memory_there(cls):
    try:
        size = cls._ffi.sizeof(cls._ptype().item)
    except cls._ffi.error as e:
        if cls.__name__.startswith("anon_"):  # a struct nested in an anonymous union: no C type of its own
            pytest.skip("%s has no C type cffi can name: %s" % (cls.__name__, str(e).splitlines()[0]))
        raise
    buf = ctypes.create_string_buffer(size + 64)
    addr = (ctypes.addressof(buf) + 63) // 64 * 64  # aligned for any struct (CUtensorMap: 64)
    assert cls(_ptr=addr).getPtr() == addr


def test_kernel_arguments_of_a_view_are_its_address_as_a_pointer_and_its_current_value_by_value(cell):
    buf, addr = cell
    surf = runtime.cudaSurfaceObject_t(_ptr=addr)
    for _ in range(2):  # a second packing of the same tuples sees the memory's new value
        packed, _ = kernel_params(_dffi, ((surf, surf), (ctypes.c_void_p, None)), "cuLaunchKernel")
        args = (ctypes.c_uint64 * 2).from_address(packed)
        assert ctypes.c_uint64.from_address(args[0]).value == addr  # c_void_p: getPtr(), the mapped address
        assert ctypes.c_uint64.from_address(args[1]).value == buf[0]  # None: the value it holds now
        buf[0] = 0x1234


@pytest.fixture(scope="module")
def sim(tmp_path_factory):
    return build_standin(tmp_path_factory, "sim_libcuda.c", "libcuda.so.1", "-lpthread", "-lrt")


def test_calls_read_a_views_value_when_they_are_made(sim):
    """cuDeviceCanAccessPeer is one of CPython's fast calls: a view (whose value lives elsewhere) still reaches
    the library with the memory's current value."""
    r = run_python("""
import ctypes
from cudacffi import driver
assert driver.cuInit(0)[0] == 0
cell = ctypes.c_int(1)
dev = driver.CUdevice(_ptr=ctypes.addressof(cell))
assert driver.cuDeviceCanAccessPeer(dev, driver.CUdevice(0)) == (driver.CUresult.CUDA_SUCCESS, 1)
cell.value = 0
assert driver.cuDeviceCanAccessPeer(dev, driver.CUdevice(0)) == (driver.CUresult.CUDA_SUCCESS, 0)
print("ok")
""", env={"CUDACFFI_LIBDRIVER": sim})
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr


# -- struct and struct-list fields copy on assignment --------------------------------------------------------------

def _struct_fields():
    """(class, field name, item class, is a list) of every struct field and struct-array field."""
    out = []
    for cls, name in STRUCTS:
        if cls.__name__.startswith("anon_struct"):  # made only as a view inside its parent
            continue
        for f in cls._fields:
            d = cls.__dict__.get(f)
            if isinstance(d, _structs.StructField):
                out.append(pytest.param(cls, f, d.cls, False, id="%s.%s" % (name, f)))
            elif isinstance(d, _structs.StructListField):
                out.append(pytest.param(cls, f, None, True, id="%s.%s[]" % (name, f)))
            elif isinstance(d, _structs.ArrayField) and isinstance(d.elem, type) and issubclass(d.elem, _structs.Struct):
                out.append(pytest.param(cls, f, d.elem, d.length, id="%s.%s[%d]" % (name, f, d.length)))
    return out


def _first_int_field(item):
    for f in item._fields:
        d = item.__dict__.get(f)
        if type(d) is _structs.Field and isinstance(getattr(item(), f), int):
            return f
    return None


@pytest.mark.parametrize("cls, field, item, many", _struct_fields())
def test_assigning_a_struct_or_a_list_of_structs_copies_it(cls, field, item, many):
    obj = cls()
    if item is None:
        item = cls.__dict__[field].item_class(obj)
    if item.__name__.startswith(("anon_struct", "anon_union")):
        pytest.skip("a nested anonymous struct exists only inside its parent")
    f = _first_int_field(item)
    if f is None:
        pytest.skip("%s has no plain int field to change" % item.__name__)
    x = item()
    setattr(x, f, 5)
    value = x if many is False else [x] * (3 if many is True else many)
    setattr(obj, field, value)
    setattr(x, f, 9)  # the assigned struct changes afterwards; the copy in obj does not
    got = getattr(obj, field)
    got = [got] if many is False else got
    assert [getattr(g, f) for g in got] == [5] * len(got)


def test_the_pitched_pointers_of_an_egl_frame_are_copies():
    frame = runtime.cudaEglFrame()
    x = runtime.cudaPitchedPtr()
    x.pitch = 5
    frame.frame.pPitch = [x, x, x]
    x.pitch = 9
    assert [p.pitch for p in frame.frame.pPitch] == [5, 5, 5]


# -- output arrays sized by a sibling field --------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(driver, "CUgraphNodeParams"), reason="this build's headers have no conditional nodes")
@pytest.mark.parametrize("family, params, graph", [("driver", "CUgraphNodeParams", "CUgraph"),
                                                   ("runtime", "cudaGraphNodeParams", "cudaGraph_t")])
def test_a_conditional_nodes_graphs_are_as_many_as_its_size(family, params, graph):
    mod = {"driver": driver, "runtime": runtime}[family]
    params, graph = getattr(mod, params), getattr(mod, graph)
    p = params()
    assert p.conditional.phGraph_out == []
    p.conditional.size = 1
    out = p.conditional.phGraph_out
    assert len(out) == 1 and type(out[0]) is graph and int(out[0]) == 0
    p.conditional.size = 2
    assert [int(g) for g in p.conditional.phGraph_out] == [0, 0]
    p.conditional.size = 2**32 - 1  # a size no array could have: refused, not 4 billion handles
    with pytest.raises((ValueError, OverflowError), match="'size'"):
        p.conditional.phGraph_out


@pytest.mark.skipif(not hasattr(driver, "CUDA_CONDITIONAL_NODE_PARAMS"), reason="no conditional nodes in this build")
def test_a_filled_conditional_array_is_read_to_its_size():
    p = driver.CUDA_CONDITIONAL_NODE_PARAMS()
    graphs = (ctypes.c_uint64 * 2)(0x1000, 0x2000)
    p.phGraph_out = ctypes.addressof(graphs)  # as the driver leaves it: its own array
    p.size = 2
    assert [int(g) for g in p.phGraph_out] == [0x1000, 0x2000]


@pytest.mark.skipif(nvfatbin is None, reason="this build has no nvFatbin")
def test_nvfatbin_error_string_of_success_is_empty():
    assert nvfatbin.get_error_string(nvfatbin.Result.SUCCESS) == ""
    assert nvfatbin.get_error_string(nvfatbin.Result.ERROR_INTERNAL) != ""
