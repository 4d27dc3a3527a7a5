"""cudacffi.cufile on a GPU: a temporary file written from device memory and read back into it (whole, at
offsets, and on a stream), in whatever mode cuFile runs here (GPUDirect Storage where the nvidia-fs driver and
a supported filesystem are, else its compatibility mode, POSIX I/O through a bounce buffer); the mode that ran
is in the closing report. Marked gpu: skipped, with the reason, without a GPU, and where libcufile cannot open
the driver.

The work runs in a child interpreter: cuFile writes cufile.log in its working directory and prints to stdout.
"""

import json

import pytest

from conftest import SUMMARY, run_python

pytestmark = pytest.mark.gpu

_CHILD = r'''
import json, os, sys
os.chdir(sys.argv[1] if len(sys.argv) > 1 else %(tmp)r)
from cudacffi import check, cufile, driver
from cudacffi._cufile import ffi
out = {}
try:
    cufile._library.load()
except Exception as e:
    print("RESULT " + json.dumps({"skip": "libcufile not loadable: %%s" %% str(e).splitlines()[0]}))
    raise SystemExit(0)
check(driver.cuInit(0))
dev = check(driver.cuDeviceGet(0))
ctx = check(driver.cuDevicePrimaryCtxRetain(dev))
check(driver.cuCtxSetCurrent(ctx))
try:
    cufile.set_parameter_bool(cufile.BoolConfigParameter.PROPERTIES_ALLOW_COMPAT_MODE, True)
except (cufile.cuFileError, RuntimeError):
    pass
try:
    cufile.driver_open()
except cufile.cuFileError as e:
    print("RESULT " + json.dumps({"skip": "cuFileDriverOpen: %%s" %% e}))
    raise SystemExit(0)
props = ffi.new("CUfileDrvProps_t *")
try:
    cufile.driver_get_properties(int(ffi.cast("uintptr_t", props)))
    out["nvfs"] = "%%d.%%d" %% (props.nvfs.major_version, props.nvfs.minor_version)
except cufile.cuFileError as e:
    out["nvfs"] = str(e)
out["mode"] = "GPUDirect Storage" if props.nvfs.major_version else "compatibility"
size = 1 << 20
path = os.path.join(os.getcwd(), "data.bin")
fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
descr = ffi.new("CUfileDescr_t *")
descr.type = cufile.FileHandleType.OPAQUE_FD
descr.handle.fd = fd
try:
    fh = cufile.handle_register(int(ffi.cast("uintptr_t", descr)))
except cufile.cuFileError as e:  # the library's own reason is in its log: skip only where it says it cannot
    log = open("cufile.log").read() if os.path.exists("cufile.log") else ""
    if "unable to get volume attributes" in log:  # no udev data for the filesystem (containers)
        print("RESULT " + json.dumps({"skip": "cuFileHandleRegister: %%s: libcufile cannot read the filesystem's "
                                              "volume attributes here (no udev data), even in compatibility "
                                              "mode" %% e}))
        raise SystemExit(0)
    raise
dptr = check(driver.cuMemAlloc(size))
pattern = bytes(range(256)) * (size // 256)
check(driver.cuMemcpyHtoD(dptr, pattern, size))
cufile.buf_register(int(dptr), size, 0)
out["written"] = cufile.write(fh, int(dptr), size, 0, 0)
os.fsync(fd)
out["file_ok"] = os.pread(fd, size, 0) == pattern
check(driver.cuMemsetD8(dptr, 0, size))
out["read"] = cufile.read(fh, int(dptr), size, 0, 0)
back = bytearray(size)
check(driver.cuMemcpyDtoH(back, dptr, size))
out["read_ok"] = bytes(back) == pattern
half = cufile.read(fh, int(dptr), 4096, 4096, 8192)  # a file offset and a buffer offset
check(driver.cuMemcpyDtoH(back, dptr, size))
out["offset_ok"] = half == 4096 and bytes(back[8192:8192 + 4096]) == pattern[4096:8192]
try:
    cufile.read(fh, int(dptr), size, 1 << 40, 0)
    out["past_end"] = "ok"
except cufile.cuFileError as e:
    out["past_end"] = str(e)
# on a stream: the size and offset cells are read, and the count written, when the stream gets there
stream = check(driver.cuStreamCreate(0))
cells = {"size": ffi.new("size_t *", size), "off": ffi.new("off_t *", 0), "boff": ffi.new("off_t *", 0),
         "done": ffi.new("ssize_t *", -1)}
addr = {k: int(ffi.cast("uintptr_t", v)) for k, v in cells.items()}
try:
    cufile.stream_register(stream, 0)
    check(driver.cuMemsetD8(dptr, 0, size))
    cufile.read_async(fh, int(dptr), addr["size"], addr["off"], addr["boff"], addr["done"], stream)
    check(driver.cuStreamSynchronize(stream))
    check(driver.cuMemcpyDtoH(back, dptr, size))
    out["async_read"] = cells["done"][0]
    out["async_ok"] = bytes(back) == pattern
    cells["done"][0] = -1
    cells["off"][0] = size
    cufile.write_async(fh, int(dptr), addr["size"], addr["off"], addr["boff"], addr["done"], stream)
    check(driver.cuStreamSynchronize(stream))
    out["async_written"] = cells["done"][0]
    out["async_file_ok"] = os.pread(fd, size, size) == pattern
    cufile.stream_deregister(stream)
except cufile.cuFileError as e:
    out["async_error"] = str(e)
check(driver.cuStreamDestroy(stream))
cufile.buf_deregister(int(dptr))
cufile.handle_deregister(fh)
os.close(fd)
check(driver.cuMemFree(dptr))
cufile.driver_close()
print("RESULT " + json.dumps(out))
'''


def test_write_and_read_back_through_device_memory(tmp_path):
    r = run_python(_CHILD % {"tmp": str(tmp_path)}, timeout=300)
    assert r.returncode == 0, (r.stdout[-2000:], r.stderr[-2000:])
    line = [x for x in r.stdout.splitlines() if x.startswith("RESULT ")][-1]
    out = json.loads(line[7:])
    if "skip" in out:
        pytest.skip(out["skip"])
    SUMMARY.append("cufile: a 1 MiB file written and read back through device memory in %s mode (nvidia-fs: %s)"
                   % (out["mode"], out["nvfs"]))
    assert out["written"] == 1 << 20 and out["read"] == 1 << 20, out
    assert out["file_ok"] and out["read_ok"] and out["offset_ok"], out
    if "async_error" in out:  # a library or mode without stream I/O says so by status
        SUMMARY.append("cufile: stream I/O refused: %s" % out["async_error"])
        assert "ASYNC_NOT_SUPPORTED" in out["async_error"], out
    else:
        assert out["async_read"] == 1 << 20 and out["async_ok"], out
        assert out["async_written"] == 1 << 20 and out["async_file_ok"], out
