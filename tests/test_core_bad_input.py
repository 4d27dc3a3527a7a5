"""Bad input to cudacffi.core raises TypeError / ValueError naming the parameter and what it takes, up front (issue 25
item 7): never an AttributeError, IndexError or KeyError from inside, nor a value taken that fails later. Where
cuda.core raises AttributeError for the same input (an object that lacks a protocol, a name that is no str), ours
is a TypeError that is an AttributeError too; where it raises UnicodeEncodeError (a lone surrogate), ours is one
whose reason names the parameter. No GPU needed: each check is made before the driver is asked.

The same inputs are compared with cuda.core's outcomes in the differential scenarios (tests/diffscen_*.py) and
fuzzed in bulk by tests/fuzz_core.py.
"""

import io

import pytest

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

import cudacffi.core as core  # noqa: E402
from cudacffi.core import texture, utils  # noqa: E402
from cudacffi.core._kernel import Kernel  # noqa: E402

SMV = utils.StridedMemoryView
ARCH = "sm_80"
SRC = 'extern "C" __global__ void k(int *p) { *p = 1; }'
WARNS = '__global__ void w() { int unused; }'


class BadIndex:
    """An __index__ that gives no int."""

    def __index__(self):
        return "x"


class Answers:
    """An object whose attributes (protocols included) are what it is given."""

    def __init__(self, **attributes):
        for name, value in attributes.items():
            setattr(self, name, value)


def _both(excinfo):
    """The exception is a TypeError and an AttributeError (cuda.core's type for the same input)."""
    return isinstance(excinfo.value, TypeError) and isinstance(excinfo.value, AttributeError)


def nvrtc_missing():
    from cudacffi import nvrtc
    from cudacffi import LibraryNotFoundError

    try:
        nvrtc.nvrtcVersion()
    except LibraryNotFoundError:
        return True
    return False


needs_nvrtc = pytest.mark.skipif("nvrtc_missing()", reason="NVRTC is not installed")


# -- StridedMemoryView: objects that lack the protocol, or answer garbage ------------------------------------------

@pytest.mark.parametrize("obj", [5, None, "x", [1, 2], object(), b"ab"])
def test_from_dlpack_of_an_object_without_dlpack_names_obj(obj):
    with pytest.raises(TypeError, match=r"from_dlpack: obj must support DLPack \(__dlpack__ and __dlpack_device__\)"
                                        r", not \w+") as e:
        SMV.from_dlpack(obj, stream_ptr=-1)
    assert _both(e)


@pytest.mark.parametrize("obj", [5, None, "x", [1, 2], object()])
def test_from_array_interface_of_an_object_without_it_names_obj(obj):
    with pytest.raises(TypeError, match=r"from_array_interface: obj must have __array_interface__") as e:
        SMV.from_array_interface(obj)
    assert _both(e)


@pytest.mark.parametrize("obj", [5, None, "x", [1, 2], object()])
def test_from_cuda_array_interface_of_an_object_without_it_names_obj(obj):
    with pytest.raises(TypeError, match=r"from_cuda_array_interface: obj must have __cuda_array_interface__") as e:
        SMV.from_cuda_array_interface(obj, stream_ptr=-1)
    assert _both(e)


def test_an_attribute_error_inside_a_property_of_the_class_is_not_renamed():
    class Broken:
        @property
        def __array_interface__(self):
            raise AttributeError("inside the property")

    with pytest.raises(AttributeError, match="inside the property"):
        SMV.from_array_interface(Broken())


@pytest.mark.parametrize("device, kind", [(5, TypeError), (None, TypeError), ((1,), ValueError),
                                          ((1, 0, 0), ValueError), (("a", 0), TypeError), ((1, "x"), TypeError)])
def test_dlpack_device_answering_garbage_is_named(device, kind):
    obj = Answers(__dlpack__=lambda **kw: None, __dlpack_device__=lambda: device)
    with pytest.raises(kind, match=r"obj\.__dlpack_device__\(\) must return \(device_type, device_id\)"):
        SMV.from_dlpack(obj, stream_ptr=-1)


def test_dlpack_device_id_of_text_with_a_valid_capsule_is_refused():
    np = pytest.importorskip("numpy")
    a = np.zeros(2)
    obj = Answers(__dlpack__=lambda **kw: a.__dlpack__(**kw), __dlpack_device__=lambda: (1, "x"))
    with pytest.raises(TypeError, match=r"__dlpack_device__\(\) must return \(device_type, device_id\) ints"):
        SMV.from_dlpack(obj, stream_ptr=-1)


@pytest.mark.parametrize("iface, kind, words", [
    ({"shape": 5, "typestr": "<f4", "data": (4096, False), "version": 3}, TypeError,
     r"__array_interface__ shape must be a tuple of ints, not int"),
    ({"shape": (2,), "typestr": "<f4", "data": (4096, False), "version": 3, "strides": 5}, TypeError,
     r"__array_interface__ strides must be a tuple of ints, not int"),
    ({"shape": (2,), "typestr": "<f4", "data": 5, "version": 3}, TypeError,
     r"__array_interface__ data must be a \(pointer, read-only\) tuple or an object with the buffer protocol"),
    ({"shape": (2,), "typestr": "<f4", "data": ("a", False), "version": 3}, TypeError, r"__array_interface__ data"),
    ({"shape": (2,), "typestr": "<f4", "data": (1 << 70, False), "version": 3}, OverflowError,
     r"__array_interface__ data pointer must be >= 0 and < 2\*\*64"),
    ({"shape": (2,), "typestr": "<f3", "data": (4096, False), "version": 3}, TypeError,
     r"__array_interface__ typestr '<f3': unsupported dtype"),
])
def test_array_interface_answering_garbage_is_named(iface, kind, words):
    with pytest.raises(kind, match=words):
        SMV.from_array_interface(Answers(__array_interface__=iface))


@pytest.mark.parametrize("info", [(0,), 5, None, (0, "x"), [0, 5]])
def test_stream_ptr_whose_cuda_stream_answers_garbage_is_named(info):
    np = pytest.importorskip("numpy")

    class Stream:
        def __cuda_stream__(self):
            return info

    with pytest.raises(TypeError, match=r"stream_ptr\.__cuda_stream__\(\) must return \(version, handle\)"):
        SMV.from_dlpack(np.zeros(2), stream_ptr=Stream())


def test_from_buffer_shape_and_dtype_are_named():
    pytest.importorskip("numpy")
    buf = core.Buffer.from_handle(0x1000, 64)
    with pytest.raises(TypeError, match="from_buffer shape must be a tuple of ints, not int"):
        SMV.from_buffer(buf, 7, itemsize=4)
    with pytest.raises(TypeError, match="from_buffer strides must be a tuple of ints, not int"):
        SMV.from_buffer(buf, (4,), 5, itemsize=4)
    for dtype in (2, 1.5, {"a": 1}, "\ud800"):
        with pytest.raises(TypeError, match=r"from_buffer: dtype must be a numpy dtype \(or what numpy\.dtype\(\) "
                                            r"takes\), not \w+") as e:
            SMV.from_buffer(buf, (4,), dtype=dtype)
        assert _both(e)  # cuda.core fails on it with AttributeError (dtype.itemsize)
        str(e.value).encode("utf-8")


def test_view_dtype_and_shape_layout_are_named():
    np = pytest.importorskip("numpy")
    view = SMV.from_any_interface(np.zeros(16, dtype="f4"), stream_ptr=-1)
    for dtype in (1.5, {"a": 1}, "\ud800"):
        with pytest.raises(TypeError, match=r"view: dtype must be a numpy dtype"):
            view.view(dtype=dtype)
    with pytest.raises(ValueError, match=r"view: layout \(1, 2\) \(a shape\) cannot reshape 16 elements"):
        view.view((1, 2))


def test_dlpack_export_arguments_are_checked():
    np = pytest.importorskip("numpy")
    view = SMV.from_any_interface(np.zeros(2), stream_ptr=-1)
    with pytest.raises(TypeError, match=r"Argument 'dl_device' has incorrect type \(expected tuple, got int\)"):
        view.__dlpack__(dl_device=5)
    with pytest.raises(TypeError, match=r"Argument 'dl_device' has incorrect type \(expected tuple, got list\)"):
        view.__dlpack__(dl_device=[1, 0])
    with pytest.raises(TypeError, match=r"Expected max_version tuple\[int, int\], got \('a', 5\)"):
        view.__dlpack__(max_version=("a", 5))


def test_args_viewable_as_strided_memory_indices_are_checked_when_decorating():
    for bad in (5, None, "x", b"ab"):
        with pytest.raises(TypeError, match="args_viewable_as_strided_memory: arg_indices must be a tuple of ints"):
            utils.args_viewable_as_strided_memory(bad)
    with pytest.raises(TypeError, match="arg_indices must hold ints"):
        utils.args_viewable_as_strided_memory(("x",))
    wrapped = utils.args_viewable_as_strided_memory((3,))(lambda *args: args)
    with pytest.raises(IndexError, match="list index out of range: arg_indices names argument 3, the call has 1 "
                                         "positional argument"):
        wrapped(b"x")
    wrapped = utils.args_viewable_as_strided_memory((1 << 70,))(lambda *args: args)
    with pytest.raises(IndexError, match="list index out of range"):
        wrapped(b"x")


# -- launches and occupancy ----------------------------------------------------------------------------------------

def test_launch_config_dimension_with_a_broken_index_is_named():
    with pytest.raises(ValueError, match=r"LaunchConfig\.grid must be an int, or a tuple with up to 3 ints"):
        core.LaunchConfig(grid=BadIndex(), block=1)
    with pytest.raises(ValueError, match=r"LaunchConfig\.block must be an int, or a tuple with up to 3 ints"):
        core.LaunchConfig(grid=1, block=(2, BadIndex()))
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError, match=r"LaunchConfig\.cluster must be an int"):
        core.LaunchConfig(grid=1, block=1, cluster=np.zeros(2))


@pytest.mark.parametrize("method", ["max_active_clusters", "max_potential_cluster_size"])
@pytest.mark.parametrize("config", [[1, 1], {"grid": 1}, None, 5])
def test_occupancy_config_of_a_wrong_type_is_refused_before_the_driver(method, config):
    kernel = Kernel._from_kernel(0x1000, None, "k")  # a handle nothing dereferences: refused before any call
    stream = core.Stream.__new__(core.Stream)
    with pytest.raises(TypeError, match=r"Argument 'config' has incorrect type \(expected [\w.]*LaunchConfig, got "):
        getattr(kernel.occupancy, method)(config, stream=stream)


def test_occupancy_takes_no_buffer_for_a_shared_memory_function():
    kernel = Kernel._from_kernel(0x1000, None, "k")
    with pytest.raises(TypeError, match="dynamic_shared_memory_needed expected to have type int, or "
                                        "CUoccupancyB2DSize"):
        kernel.occupancy.max_potential_block_size(core.Buffer.from_handle(0x1000, 8), 0)


# -- Buffer.from_handle --------------------------------------------------------------------------------------------

class _Duck:
    """deallocate() and the properties, but no MemoryResource."""

    def deallocate(self, ptr, size, *, stream=None):
        raise AssertionError("a Buffer over a resource that is no MemoryResource was made, and is being freed")

    is_device_accessible = is_host_accessible = False
    device_id = -1


@pytest.mark.parametrize("mr", [object(), 5, "x", True, _Duck()])
@pytest.mark.parametrize("cls", ["Buffer", "ManagedBuffer"])
def test_buffer_from_handle_refuses_what_is_no_memory_resource(cls, mr):
    with pytest.raises(TypeError, match=r"Argument 'mr' has incorrect type \(expected [\w.]*MemoryResource, got "
                                        r"\w+\)"):
        getattr(core, cls).from_handle(0x1000, 8, mr=mr)


def test_buffer_from_handle_takes_a_memory_resource_subclass():
    freed = []

    class Resource(core.MemoryResource):
        def deallocate(self, ptr, size, *, stream=None):
            freed.append((ptr, size))

    core.Buffer.from_handle(0x1000, 8, mr=Resource()).close()
    assert freed == [(0x1000, 8)]


def test_buffer_pointer_with_a_broken_index_is_named():
    with pytest.raises(TypeError, match=r"ptr must be an address \(an int\), not BadIndex"):
        core.Buffer.from_handle(BadIndex(), 8)


# -- Program, ProgramOptions, Linker, ObjectCode -------------------------------------------------------------------

@needs_nvrtc
@pytest.mark.parametrize("logs", [1, "x", b"x", [], object()])
@pytest.mark.parametrize("code", [SRC, WARNS])
def test_compile_logs_without_write_is_refused_up_front(code, logs):
    prog = core.Program(code, "c++", core.ProgramOptions(arch=ARCH))
    with pytest.raises(TypeError, match=r"logs must be None or an object with a write\(str\) method") as e:
        prog.compile("cubin", logs=logs)
    assert _both(e)  # cuda.core fails on it with AttributeError, writing a log to it
    log = io.StringIO()
    assert prog.compile("cubin", logs=log).code_type == "cubin"  # the program is still usable
    prog.close()


@needs_nvrtc
@pytest.mark.parametrize("exprs", [5, None, 1.5, object(), b"k"])
def test_compile_name_expressions_that_are_no_sequence_are_named(exprs):
    with core.Program(SRC, "c++", core.ProgramOptions(arch=ARCH)) as prog:
        with pytest.raises(TypeError, match=r"name_expressions must be a tuple or list of str \(or bytes\), not"):
            prog.compile("cubin", exprs)


@needs_nvrtc
def test_compile_messages_holding_a_lone_surrogate_can_be_printed():
    with core.Program(SRC, "c++", core.ProgramOptions(arch=ARCH)) as prog:
        with pytest.raises(ValueError, match="Unsupported target_type") as e:
            prog.compile("\ud800")
        str(e.value).encode("utf-8")
        with pytest.raises(UnicodeEncodeError, match=r"name_expressions must be text UTF-8 can encode"):
            prog.compile("cubin", ("\ud800",))
    with pytest.raises(TypeError, match="The Program options must be provided as an object of type ProgramOptions") \
            as e:
        core.Program(SRC, "c++", "\ud800")
    str(e.value).encode("utf-8")
    with pytest.raises(TypeError, match="unexpected keyword argument") as e:
        core.Program(SRC, "c++", {"\ud800": 1})
    str(e.value).encode("utf-8")


@pytest.mark.parametrize("cls", ["ProgramOptions", "LinkerOptions"])
def test_options_name_must_be_text(cls):
    for name in (5, b"x", ["x"]):
        with pytest.raises(TypeError, match=r"%s\.name must be a str, not \w+" % cls) as e:
            getattr(core, cls)(arch=ARCH, name=name)
        assert _both(e)  # cuda.core: AttributeError, encoding the name
    with pytest.raises(UnicodeEncodeError, match=r"surrogates not allowed \(%s\.name must be text UTF-8 can "
                                                 r"encode\)" % cls):
        getattr(core, cls)(arch=ARCH, name="\ud800")


def test_program_options_name_none_is_the_default_linker_options_none_is_refused():
    assert core.ProgramOptions(arch=ARCH, name=None).name == "default_program"  # as cuda.core
    with pytest.raises(TypeError, match=r"LinkerOptions\.name must be a str, not NoneType"):
        core.LinkerOptions(arch=ARCH, name=None)


@needs_nvrtc
def test_program_name_changed_to_no_str_after_the_options_were_made_is_named():
    opts = core.ProgramOptions(arch=ARCH)
    opts.name = 5
    with pytest.raises(TypeError, match=r"ProgramOptions\.name must be a str, not int"):
        core.Program(SRC, "c++", opts)


@needs_nvrtc
@pytest.mark.parametrize("code_type", ["c++", "ptx", "nvvm"])
def test_program_code_of_a_lone_surrogate_is_named(code_type):
    with pytest.raises(UnicodeEncodeError, match=r"\(code must be text UTF-8 can encode\)"):
        core.Program("\ud800", code_type, core.ProgramOptions(arch=ARCH))


@pytest.mark.parametrize("field, value", [("define_macro", "\ud800"), ("include_path", ["a", "\ud800"]),
                                          ("std", "\ud800"), ("frandom_seed", "x\udfff"), ("arch", "sm_80\ud800")])
def test_program_options_with_a_lone_surrogate_name_the_option(field, value):
    opts = core.ProgramOptions(**dict({"arch": ARCH}, **{field: value}))
    with pytest.raises(UnicodeEncodeError, match=r"\(ProgramOptions\.%s must be text UTF-8 can encode\)" % field):
        opts.as_bytes("nvrtc")


def test_program_options_with_a_nul_name_the_option():
    with pytest.raises(ValueError, match=r"ProgramOptions\.include_path must not hold a NUL character"):
        core.ProgramOptions(arch=ARCH, include_path="a\0b").as_bytes("nvrtc")


def test_program_options_arch_that_is_no_str_is_named_for_nvvm():
    with pytest.raises(TypeError, match=r"ProgramOptions\.arch must be a str such as 'sm_80'") as e:
        core.ProgramOptions(arch=["sm_80"]).as_bytes("nvvm")
    assert _both(e)
    assert core.ProgramOptions(arch=("sm_80", "x")).as_bytes("nvrtc")[0] == b"-arch=('sm_80', 'x')"  # as cuda.core


@pytest.mark.parametrize("field", ["max_register_count", "optimization_level", "split_compile",
                                   "split_compile_extended"])
def test_linker_int_options_are_named(field):
    for value in ("x", 1.5, [1]):
        opts = core.LinkerOptions(**dict({"arch": ARCH}, **{field: value}))
        with pytest.raises(TypeError, match=r"LinkerOptions\.%s must be an int, not \w+" % field):
            opts.as_bytes("nvjitlink")


def test_linker_text_options_name_the_option():
    with pytest.raises(UnicodeEncodeError, match=r"\(LinkerOptions\.ptxas_options must be text UTF-8 can encode\)"):
        core.LinkerOptions(arch=ARCH, ptxas_options="\ud800").as_bytes("nvjitlink")
    with pytest.raises(ValueError, match=r"LinkerOptions\.kernels_used must not hold a NUL character"):
        core.LinkerOptions(arch=ARCH, kernels_used=["k\0"]).as_bytes("nvjitlink")


def test_linker_link_message_with_a_lone_surrogate_can_be_printed():
    pytest.importorskip("cudacffi.nvjitlink")
    from cudacffi.core._linker import Linker

    linker = Linker.__new__(Linker)  # the target type is checked before anything is linked
    with pytest.raises(ValueError, match="Unsupported target type") as e:
        linker.link("\ud800")
    str(e.value).encode("utf-8")


@pytest.mark.parametrize("kind", ["cubin", "ptx", "ltoir", "fatbin", "object", "library"])
def test_object_code_symbol_mapping_must_be_a_dict(kind):
    make = getattr(core.ObjectCode, "from_" + kind)
    for mapping in (5, [("k", b"k")], "k", (("k", b"k"),)):
        with pytest.raises(TypeError, match=r"Argument 'symbol_mapping' has incorrect type \(expected dict, got "):
            make(b"code", symbol_mapping=mapping)
    assert make(b"code", symbol_mapping={"k": b"_k"}).symbol_mapping == {"k": b"_k"}


def test_object_code_paths_and_names_the_system_cannot_take_are_refused():
    with pytest.raises(UnicodeEncodeError, match=r"\(module, a path, must be text the file system encodes\)"):
        core.ObjectCode.from_cubin("\ud800")
    with pytest.raises(ValueError, match="module, a path, must not hold a NUL character"):
        core.ObjectCode.from_ptx("a\0b")
    with pytest.raises(UnicodeEncodeError, match=r"\(name must be text UTF-8 can encode\)"):
        core.ObjectCode.from_ptx(b"code", name="\ud800")
    # a path that is no UTF-8 but the file system's own bytes (surrogateescape) is a path
    assert core.ObjectCode.from_cubin("\udcff.cubin").code == "\udcff.cubin"


# -- the program cache, textures, tensor maps ----------------------------------------------------------------------

def test_program_cache_key_arguments_are_named():
    make = utils.make_program_cache_key
    opts = core.ProgramOptions(arch=ARCH)
    with pytest.raises(TypeError, match="name_expressions must be a sequence of str or bytes, not float"):
        make(code=SRC, code_type="c++", options=opts, target_type="cubin", name_expressions=1.5)
    with pytest.raises(UnicodeEncodeError, match=r"\(code must be text UTF-8 can encode\)"):
        make(code="\ud800", code_type="c++", options=opts, target_type="cubin")
    with pytest.raises(UnicodeEncodeError, match=r"\(name_expressions must be text UTF-8 can encode\)"):
        make(code=SRC, code_type="c++", options=opts, target_type="cubin", name_expressions=["\ud800"])
    for code_type in (5, ["c++"]):
        with pytest.raises(ValueError, match="is not a valid SourceCodeType"):
            make(code=SRC, code_type=code_type, options=opts, target_type="cubin")


def test_program_cache_keys_and_paths_the_system_cannot_take_are_named(tmp_path):
    cache = utils.InMemoryProgramCache()
    with pytest.raises(UnicodeEncodeError, match=r"\(a cache key must be text UTF-8 can encode\)"):
        cache["\ud800"] = b"x"
    with pytest.raises(UnicodeEncodeError, match=r"\(path must be text the file system encodes\)"):
        utils.FileStreamProgramCache(str(tmp_path / "\ud800"))
    with pytest.raises(ValueError, match="path must not hold a NUL character"):
        utils.FileStreamProgramCache(str(tmp_path / "a\0b"))


def test_texture_numbers_with_broken_conversions_are_named():
    with pytest.raises(TypeError, match=r"num_channels must be an int \(1, 2 or 4\), not BadIndex"):
        texture.OpaqueArrayOptions(shape=(4,), format="float32", num_channels=BadIndex())
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="mipmap_level_bias must be a float, not ndarray"):
        texture.TextureObjectOptions(mipmap_level_bias=np.zeros(2))
    for fmt in ({"a": 1}, ("\ud800", "x")):
        with pytest.raises(TypeError, match="format must be an ArrayFormatType"):
            texture.OpaqueArrayOptions(shape=(4,), format=fmt, num_channels=1)


def test_tensor_map_data_type_numpy_cannot_read_is_named():
    pytest.importorskip("numpy")
    for data_type in ({"a": 1}, "\ud800"):
        with pytest.raises(TypeError, match="data_type must be a TensorMapDataType or a numpy/ml_dtypes dtype"):
            core.TensorMapDescriptorOptions(box_dim=(4,), data_type=data_type)


def test_system_device_identifiers_are_named():
    system = core.system
    with pytest.raises(UnicodeDecodeError, match=r"\(pci_bus_id must be UTF-8 text\)"):
        system.Device(pci_bus_id=b"\xff\xfe")
    with pytest.raises(UnicodeEncodeError, match=r"\(uuid must be text UTF-8 can encode\)"):
        system.Device(uuid="\ud800")
    with pytest.raises(ValueError, match="uuid must not hold a NUL character"):
        system.Device(uuid="GPU-\0")
