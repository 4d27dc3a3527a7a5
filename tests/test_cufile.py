"""cudacffi.cufile on the CPU: the real libcufile from the nvidia-cufile-cu12 wheel, without a GPU driver.

What works without libcuda (version, parameters, properties' errors) runs for real; driver_open and the calls
that need the driver run in a child interpreter (cuFile prints to stdout and writes cufile.log in its working
directory), which must end with a ``cuFileError``, never a crash. Bad arguments are refused by name.
"""

import ctypes
import pickle

import pytest

from conftest import library_missing, run_python

try:
    from cudacffi import cufile
except ImportError as e:  # a build from headers older than 12.6
    pytest.skip(str(e), allow_module_level=True)


@pytest.fixture
def loaded():
    """libcufile loaded, or the test skipped (failed where CUDACFFI_REQUIRE_LIBRARIES=1)."""
    from cudacffi import LibraryNotFoundError

    try:
        cufile._library.load()
    except LibraryNotFoundError as e:
        library_missing("libcufile: %s" % str(e).splitlines()[0])


def test_enums_and_error():
    assert cufile.OpError.SUCCESS == 0 and cufile.OpError.CUDA_DRIVER_ERROR == 5011
    assert cufile.Opcode.READ == 0 and cufile.Opcode.WRITE == 1
    assert cufile.FileHandleType.OPAQUE_FD == 1
    e = cufile.cuFileError(5011, 3)
    assert e.status is cufile.OpError.CUDA_DRIVER_ERROR and int(e.cu_err) == 3
    assert "CUDA_DRIVER_ERROR (5011)" in str(e) and "ERROR_NOT_INITIALIZED (3)" in str(e)
    again = pickle.loads(pickle.dumps(e))
    assert again.status == e.status and int(again.cu_err) == 3
    e = cufile.cuFileError(2, 0)  # -errno from read / write
    assert e.errno == 2 and "errno 2" in str(e)


def test_version_and_parameters_without_a_driver(loaded):
    v = cufile.get_version()
    assert 1000 <= v < 100000, v
    assert cufile.use_count() is None  # cuda.bindings' use_count returns nothing
    assert cufile.get_parameter_bool(cufile.BoolConfigParameter.PROPERTIES_ALLOW_COMPAT_MODE) in (True, False)
    assert isinstance(cufile.get_parameter_size_t(cufile.SizeTConfigParameter.PROPERTIES_MAX_DIRECT_IO_SIZE_KB), int)
    assert isinstance(cufile.get_parameter_string(cufile.StringConfigParameter.LOGGING_LEVEL, 64), str)


def test_properties_without_a_driver_raise_with_the_cuda_error(loaded):
    import cudacffi.driver as driver

    try:
        if driver.cuInit(0)[0] == 0:
            pytest.skip("a GPU driver is here: properties need the nvidia-fs driver instead")
    except Exception:
        pass
    props = ctypes.create_string_buffer(256)
    try:
        cufile.driver_get_properties(ctypes.addressof(props))
    except cufile.cuFileError as e:
        assert e.status == cufile.OpError.CUDA_DRIVER_ERROR and int(e.cu_err) != 0
    else:  # cuFile 1.20 (CUDA 13.5) answers from its configuration alone; older ones need the driver
        assert cufile.get_version() >= 1200


@pytest.mark.parametrize("call,name,exc", [
    ("driver_get_properties(0)", "props", ValueError),
    ("read(0, 0, 10, 0, 0)", "buf_ptr_base", ValueError),
    ("read(0, 'x', 10, 0, 0)", "buf_ptr_base", TypeError),
    ("write(0, 1 << 70, 10, 0, 0)", "buf_ptr_base", OverflowError),
    ("read(0, bytearray(16), -1, 0, 0)", "size", OverflowError),
    ("read(0, bytearray(16), 16, 1 << 64, 0)", "file_offset", OverflowError),
    ("buf_register(1 << 70, 0, 0)", "buf_ptr_base", OverflowError),
    ("buf_register(4096, -1, 0)", "length", OverflowError),
    ("handle_deregister('x')", "fh", TypeError),
    ("handle_register(0)", "descr", ValueError),
    ("batch_io_submit(0, 1, 0, 0)", "iocbp", ValueError),
])
def test_bad_arguments_are_refused_by_name(call, name, exc):
    with pytest.raises(exc) as e:
        eval("cufile." + call)
    assert "'%s'" % name in str(e.value)


@pytest.mark.parametrize("call,name,ctype", [
    ("driver_get_properties({buf})", "props", "CUfileDrvProps_t"),
    ("handle_register({buf})", "descr", "CUfileDescr_t"),
    ("batch_io_submit(0, 1, {buf}, 0)", "iocbp", "CUfileIOParams_t"),
    ("batch_io_get_status(0, 0, {buf}, 0, 0)", "nr", "unsigned int"),
    ("read_async(0, 8, {buf}, 8, 8, 8, 0)", "size_p", "size_t"),
    ("write_async(0, 8, 8, 8, 8, {buf}, 0)", "bytes_written_p", "ssize_t"),
])
def test_a_struct_in_a_short_buffer_is_refused_before_the_library_writes_it(call, name, ctype):
    """cuFile writes (or reads) a whole struct at the address given: a buffer shorter than its sizeof would be
    overrun, an empty one is NULL (issue 25). Checked before the library is reached, so no library is needed."""
    import array

    from cudacffi._cufile import ffi

    need = ffi.sizeof(ctype)
    big = bytearray(b"\xaa" * (need + 8))
    for buf in ("memoryview(big)[:1]", "memoryview(big)[:%d]" % (need - 1), "array.array('b')", "bytearray()"):
        with pytest.raises(ValueError) as e:
            eval("cufile." + call.format(buf=buf), {"cufile": cufile, "big": big, "array": array})
        assert "'%s'" % name in str(e.value) and "%s (%d bytes)" % (ctype, need) in str(e.value), str(e.value)
    assert big == b"\xaa" * (need + 8)


def test_an_array_of_io_params_holds_as_many_as_nr_counts():
    """cuFileBatchIOSubmit reads ``nr`` CUfileIOParams_t from ``iocbp``: a buffer of fewer is refused by name."""
    from cudacffi._cufile import ffi

    size = ffi.sizeof("CUfileIOParams_t")
    with pytest.raises(ValueError, match=r"batch_io_submit\(\): argument 'iocbp' holds %d bytes; the library uses 3 of "
                       r"CUfileIOParams_t \(%d bytes\), %d bytes in all" % (2 * size, size, 3 * size)):
        cufile.batch_io_submit(0, 3, bytearray(2 * size), 0)
    try:  # room for three: the check lets it through, to the library (absent here, or refusing batch id 0)
        cufile.batch_io_submit(0, 3, bytearray(3 * size), 0)
    except ValueError as e:
        pytest.fail("refused a buffer of the right size: %s" % e)
    except Exception:
        pass


def test_driver_open_without_a_gpu_driver_raises(tmp_path):
    """No libcuda here: driver_open, buf_register and a read fail with cuFileError in a child interpreter."""
    code = """
import ctypes, os
os.chdir(%r)
from cudacffi import cufile
try:
    cufile._library.load()
except Exception as e:
    print("NOLIB", e)
    raise SystemExit(0)
for call in ("driver_open()", "buf_register(ctypes.addressof(ctypes.create_string_buffer(4096)), 4096, 0)"):
    try:
        eval("cufile." + call)
        print("OK", call)
    except cufile.cuFileError as e:
        print("ERR", call, int(e.status))
buf = bytearray(16)
try:
    cufile.read(0, buf, 16, 0, 0)
    print("OK read")
except cufile.cuFileError as e:
    print("ERR read", int(e.status))
print("END")
""" % str(tmp_path)
    import subprocess

    try:
        r = run_python(code, timeout=60)
    except subprocess.TimeoutExpired:  # cuFile 1.20 (CUDA 13.5) waits forever in cuFileDriverOpen without libcuda
        pytest.skip("libcufile %d hangs in cuFileDriverOpen without a GPU driver" % cufile.get_version())
    assert r.returncode == 0, r.stderr[-2000:]
    if "NOLIB" in r.stdout:
        pytest.skip("no libcufile")
    lines = [line for line in r.stdout.splitlines() if line.startswith(("OK", "ERR", "END"))]
    assert lines[-1] == "END"
    import cudacffi.driver as driver
    try:
        has_gpu = driver.cuInit(0)[0] == 0
    except Exception:
        has_gpu = False
    if not has_gpu:
        assert lines[0].startswith("ERR driver_open") and int(lines[0].split()[-1]) > 5000, lines
        assert lines[2].startswith("ERR read"), lines


def test_module_is_listed():
    r = run_python("import cudacffi.__main__ as m; m.report_libraries()")
    assert "libcufile (cuFile)" in r.stdout, r.stdout + r.stderr


def test_snapshots_with_and_without_cufile():
    """The wheels have cufile.h from CUDA 12.6: older snapshots have no model, and say why."""
    from codegen import snapshot

    for v in snapshot.available_versions():
        have = "cufile" in snapshot.families_in(v)
        assert have == (tuple(int(x) for x in v.split(".")) >= (12, 6)), v
        assert have == ("cufile" in snapshot.expected_families(v)), v


def test_a_build_without_cufile_says_so():
    """What ``import cudacffi.cufile`` says in a build of older headers (no generated module)."""
    r = run_python("import sys; sys.modules['cudacffi._gen.cufile'] = None\n"
                   "try:\n    import cudacffi.cufile\nexcept ImportError as e:\n    print('IE', e)")
    assert "IE cudacffi.cufile: this build" in r.stdout and "12.6" in r.stdout, r.stdout + r.stderr


# -- the hand-written functions: op_status_error, use_count, readv / writev ------------------------------------

def _header():
    from cudacffi._gen import SOURCE
    import os

    from conftest import ROOT

    version = SOURCE.split("cuda-")[-1] if SOURCE.startswith("snapshot") else "12.9"
    return os.path.join(ROOT, "headers", "cuda-%s" % version, "include")


def test_op_status_error_is_the_headers_message():
    """cufile.h's static inline cufileop_status_error, entry by entry of the build's own header (its
    CUFILEOP_STATUS_ENTRIES: value, member, message); anything else is "unknown cufile error"."""
    import os
    import re

    with open(os.path.join(_header(), "cufile.h"), encoding="utf-8") as f:
        text = f.read()
    entries = re.findall(r"CUFILE_OP\(\s*(?:CUFILEOP_BASE_ERR\s*\+\s*)?(\d+),\s*(\w+),\s*([^)]*)\)", text)
    base = int(re.search(r"#define CUFILEOP_BASE_ERR (\d+)", text).group(1))
    assert len(entries) > 35
    for offset, member, message in entries:
        value = int(offset) + (base if member != "CU_FILE_SUCCESS" else 0)
        assert cufile.op_status_error(value) == message.strip(), member
        assert cufile.op_status_error(cufile.OpError(value)) == message.strip()
    assert cufile.op_status_error(4999) == cufile.op_status_error(-1) == "unknown cufile error"


@pytest.mark.parametrize("bad, exc", [("5001", TypeError), (None, TypeError), (1 << 40, OverflowError),
                                      (5001.5, TypeError)])
def test_op_status_error_refuses_what_is_no_status(bad, exc):
    with pytest.raises(exc, match=r"op_status_error\(\): argument 'status'"):
        cufile.op_status_error(bad)


@pytest.fixture(scope="module")
def fake_cufile(tmp_path_factory):
    """A stand-in libcufile (fake_libcufile.c): a 64-byte file in memory behind handle 0xF11E."""
    from conftest import build_standin

    flags = ["-DWITH_VECTOR_IO"] if hasattr(cufile, "readv") else []
    return {"CUDACFFI_LIBCUFILE": build_standin(tmp_path_factory, "fake_libcufile.c", "libcufile.so.0", "-I",
                                                _header(), *flags)}


def _run(code, env):
    import json

    r = run_python("from cudacffi import cufile\nimport json\n" + code, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_use_count_returns_none(fake_cufile):
    """cuda.bindings' use_count() returns nothing, whatever the count (the stand-in's is 2)."""
    assert _run("print(json.dumps([cufile.use_count()]))", fake_cufile) == [None]


def test_vector_io_takes_a_list_of_vectors(fake_cufile):
    """readv / writev as cuda.bindings: (fh, iov, file_offset, flags=0), iov the vectors whose count is their
    number: IOVec structs, (address, length) pairs of buffers or int addresses, in order."""
    if not hasattr(cufile, "readv"):
        pytest.skip("this build's cufile.h has no cuFileReadv (13.x headers)")
    r = _run("""
import ctypes
a, b = bytearray(3), bytearray(5)
n = cufile.readv(0xF11E, [(a, 3), (b, 5)], 10)
c = ctypes.create_string_buffer(4)
v = cufile.IOVec(base=ctypes.addressof(c), len=4)
m = cufile.readv(0xF11E, v, 0)
w = cufile.writev(0xF11E, [(b"xy", 2), (bytearray(b"z"), 1)], 1)
back = bytearray(4)
cufile.readv(0xF11E, [(back, 4)], 0, 0)
def attempt(f):
    try:
        f()
    except Exception as e:
        return [type(e).__name__, str(e)]
bad = [attempt(lambda: cufile.readv(0xF11E, x, 0)) for x in (None, [], "ab", [(a, 3), 7], [(a, 4)], [(b"abc", 3)],
                                                              [(a, -1)])]
bad.append(attempt(lambda: cufile.writev(0xF11E, [(a, 3)], -1)))
bad.append(attempt(lambda: cufile.readv(0x1234, [(a, 3)], 0)))
bad.append(attempt(lambda: cufile.readv(0xF11E, [(a, 3)], 0, -1)))
print(json.dumps([n, list(a), list(b), m, list(c.raw), w, list(back), bad]))
""", fake_cufile)
    n, a, b, m, c, w, back, bad = r
    assert n == 8 and a == [11, 12, 13] and b == [14, 15, 16, 17, 18]
    assert m == 4 and c == [1, 2, 3, 4]
    assert w == 3 and back == [1, ord("x"), ord("y"), ord("z")]
    none, empty, text, item, short, readonly, negative, offset, handle, flags = bad
    for kind, message in (none, text):
        assert kind == "TypeError" and "readv(): argument 'iov'" in message
    assert empty[0] == "ValueError" and "'iov'" in empty[1]
    assert item[0] == "TypeError" and "'iov[1]'" in item[1]
    assert short[0] == "ValueError" and "'iov[0]'" in short[1] and "4 bytes" in short[1]
    assert readonly[0] == "ValueError" and "'iov[0][0]'" in readonly[1]
    assert negative[0] == "OverflowError" and "'iov[0][1]'" in negative[1]
    assert offset[0] == "cuFileError" and "INVALID_VALUE" in offset[1]
    assert handle[0] == "cuFileError" and "HANDLE_NOT_REGISTERED" in handle[1]
    assert flags[0] == "OverflowError" and "'flags'" in flags[1]
