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
import sys

import pytest

from conftest import ROOT, build_standin, c_compiler, run_python, script_env

from cudacffi.core import DeviceProperties
from cudacffi.core import _device_properties

# Two devices; an attribute's value is attrib * 10 + 3; the driver knows no attribute above 147 nor 126
# (MEM_SYNC_DOMAIN_COUNT) and 134 (HOST_NUMA_ID); 144..147 (CUDA 13.0's) answer attrib - 144; the attribute named by
# $STANDIN_FAIL_ATTR fails with CUDA_ERROR_UNKNOWN (999). Enough of the rest for Device(n), set_current, name and
# pci_bus_id.
STANDIN = r"""
#include <stdio.h>
#include <stdlib.h>
static void *current;
int cuInit(unsigned int flags) { (void)flags; return 0; }
int cuDriverGetVersion(int *v) { *v = 12090; return 0; }
int cuDeviceGetCount(int *n) { *n = 2; return 0; }
int cuDeviceGet(int *dev, int ordinal) { if (ordinal < 0 || ordinal > 1) return 101; *dev = ordinal; return 0; }
int cuCtxGetDevice(int *dev) { if (!current) return 201; *dev = (int)((long)current - 0x1000); return 0; }
int cuCtxGetCurrent(void **c) { *c = current; return 0; }
int cuCtxSetCurrent(void *c) { current = c; return 0; }
int cuDevicePrimaryCtxRetain(void **c, int d) { *c = (void *)(long)(0x1000 + d); return 0; }
int cuDevicePrimaryCtxRelease_v2(int d) { (void)d; return 0; }
int cuDeviceGetName(char *name, int len, int d) { snprintf(name, len, "Stand-in GPU %d", d); return 0; }
int cuDeviceGetPCIBusId(char *id, int len, int d) { snprintf(id, len, "0000:%02X:00.0", d + 1); return 0; }
int cuDeviceGetAttribute(int *v, int attr, int dev) {
    const char *fail = getenv("STANDIN_FAIL_ATTR");
    if (dev < 0 || dev > 1) return 101;
    if (fail && attr == atoi(fail)) return 999;
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
    subprocess.run([c_compiler(), "-shared", "-fPIC", "-o", str(out), str(src)], check=True)
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
    """The attributes older headers lack are asked by their number in CUDA 13.5's cuda.h (and this build's)."""
    from codegen import snapshot

    numbers = {}
    for d in snapshot.load_model("13.5", "driver")["decls"]:
        if d["kind"] == "enum":
            numbers.update((m.lower(), v) for m, v in d["members"] if m.startswith("CU_DEVICE_ATTRIBUTE_"))
    names = _device_properties.property_names()
    for name, number in _device_properties._LATER_ATTRIBUTES.items():
        assert int(names[name]) == number == numbers["cu_device_attribute_" + name], name
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
        env={"CUDACFFI_LIBDRIVER": libcuda, "STANDIN_FAIL_ATTR": "1"})
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
        assert isinstance(value, bool) == (name in _device_properties._BOOL_PROPERTIES), name
        assert isinstance(value, int), name
    assert "CUDA_ERROR_UNKNOWN" in out["err"]
    theirs = cuda_core_properties()
    if theirs is not None:  # the same kind of value as cuda.core's annotations say
        for name, kind in theirs.items():
            if name in values:
                assert type(values[name]).__name__ == kind, name


EXAMPLE = "/tmp/nvex/cuda_core/examples/show_device_properties.py"


def test_nvidias_show_device_properties_example_runs_to_its_end(libcuda, tmp_path, tmp_path_factory):
    """NVIDIA's cuda.core example, its import line changed, on the stand-in libcuda and test_core_system's stand-in
    NVML (two GPUs)."""
    from cudacffi._gen import SOURCE

    if not os.path.exists(EXAMPLE):
        pytest.skip("NVIDIA's cuda.core examples are not on this machine")
    version = SOURCE.split("cuda-")[-1] if SOURCE.startswith("snapshot") else "12.9"
    if tuple(map(int, version.split("."))) < (12, 9):
        pytest.skip("the stand-in NVML answers with the structs of nvml.h 12.9 and later")
    include = os.path.join(ROOT, "headers", "cuda-%s" % version, "include")
    nvml = build_standin(tmp_path_factory, "system_libnvml.c", "libnvidia-ml.so.1", "-I", include)
    with open(EXAMPLE, encoding="utf-8") as f:
        source = f.read().replace("from cuda.core import", "from cudacffi.core import")
    script = tmp_path / "show_device_properties.py"
    script.write_text(source)
    env = {"CUDACFFI_LIBNVML": nvml, "CUDACFFI_LIBDRIVER": libcuda}
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                       env=script_env(**env))
    assert r.returncode == 0, r.stderr
    assert "Number of GPUs: 2" in r.stdout and "DEVICE Stand-in GPU 1 (id=1)" in r.stdout
    assert r.stdout.count("*" * 53 + "\n") == 2 and "Support for virtual memory management: YES" in r.stdout
