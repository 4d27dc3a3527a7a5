"""cudacffi.core.DeviceProperties on the CPU: every property name of cuda.core 1.2's DeviceProperties, its kind of
value (bool or int), the attributes of headers newer than this build's asked by number, and the defaults read where
the driver does not know an attribute, against a stand-in libcuda written below.

Loading is process-global, so the cases that load the stand-in run in a fresh interpreter.
"""

import inspect
import json
import os
import re
import subprocess

import pytest

from conftest import run_python

from cudacffi.core import DeviceProperties
from cudacffi.core import _device

# One device; an attribute's value is attrib * 10 + 3; the driver knows no attribute above 143 (a CUDA 12 driver)
# nor 126 (MEM_SYNC_DOMAIN_COUNT) and 134 (HOST_NUMA_ID), and fails attribute 1 with CUDA_ERROR_UNKNOWN (999).
STANDIN = r"""
int cuInit(unsigned int flags) { (void)flags; return 0; }
int cuDriverGetVersion(int *v) { *v = 12090; return 0; }
int cuDeviceGetCount(int *n) { *n = 1; return 0; }
int cuDeviceGet(int *dev, int ordinal) { if (ordinal != 0) return 101; *dev = 0; return 0; }
int cuCtxGetDevice(int *dev) { (void)dev; return 201; }
int cuDeviceGetAttribute(int *v, int attr, int dev) {
    if (dev != 0) return 101;
    if (attr == 1) return 999;
    if (attr > 147 || attr == 126 || attr == 134) return 1;
    if (attr > 143) { *v = attr - 144; return 0; }
    *v = attr * 10 + 3;
    return 0;
}
"""


@pytest.fixture(scope="module")
def libcuda(tmp_path_factory):
    folder = tmp_path_factory.mktemp("props")
    src, out = folder / "props_libcuda.c", folder / "libcuda.so.1"
    src.write_text(STANDIN)
    subprocess.run([os.environ.get("CC", "cc"), "-shared", "-fPIC", "-o", str(out), str(src)], check=True)
    return str(out)


def cuda_core_properties():
    """{name: 'bool' or 'int'} of cuda.core 1.2's DeviceProperties (each docstring begins with its kind), or None
    where cuda.core is not installed."""
    try:
        from cuda.core._device import DeviceProperties as theirs
    except ImportError:
        return None
    return {name: re.search(r"^(int|bool):", attr.__doc__ or "", re.M).group(1)
            for name, attr in inspect.getmembers(theirs) if not name.startswith("_")}


def test_every_cuda_core_property_exists():
    theirs = cuda_core_properties()
    if theirs is None:
        pytest.skip("cuda.core is not installed")
    ours = {name for name in dir(DeviceProperties) if not name.startswith("_")}
    assert len(theirs) >= 143
    assert sorted(set(theirs) - ours) == []


def test_later_attributes_are_named_by_number():
    names = _device.property_names()
    for name, number in _device._LATER_ATTRIBUTES.items():
        assert int(names[name]) == number
        assert name in _device._BOOL_PROPERTIES
    assert isinstance(inspect.getattr_static(DeviceProperties, "virtual_address_management_supported"), property)


def test_cannot_be_instantiated():
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        DeviceProperties()


def test_values_kinds_and_defaults(libcuda):
    r = run_python(
        "import json\n"
        "from cudacffi.core import Device, CUDAError\n"
        "p = Device(0).properties\n"
        "names = [n for n in dir(p) if not n.startswith('_')]\n"
        "values = {n: getattr(p, n) for n in names if n != 'max_threads_per_block'}\n"
        "try:\n"
        "    p.max_threads_per_block\n"
        "    err = None\n"
        "except CUDAError as e:\n"
        "    err = str(e)\n"
        "print(json.dumps({'values': values, 'err': err, 'same': p.max_block_dim_x is p.max_block_dim_x}))\n",
        env={"CUDACFFI_LIBDRIVER": libcuda})
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    values = out["values"]
    assert values["max_block_dim_x"] == 2 * 10 + 3
    assert values["mem_sync_domain_count"] == 1  # unknown to this driver: cuda.core's defaults
    assert values["host_numa_id"] == -1
    assert values["host_memory_pools_supported"] is False  # 144 - 144 == 0
    assert values["host_virtual_memory_management_supported"] is True  # 145 - 144 == 1
    assert values["only_partial_host_native_atomic_supported"] is True
    for name, value in values.items():
        assert isinstance(value, bool) == (name in _device._BOOL_PROPERTIES), name
        assert isinstance(value, int), name
    assert "CUDA_ERROR_UNKNOWN" in out["err"]
    theirs = cuda_core_properties()
    if theirs is not None:  # the same kind of value as cuda.core's annotations say
        for name, kind in theirs.items():
            if name in values:
                assert type(values[name]).__name__ == kind, name
