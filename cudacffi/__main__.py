"""``python -m cudacffi``: what a user needs to know when something is wrong, then the SAXPY demo.

Reports the build (toolkit version, header source, interpreter), each library found (path, version, how
found) or why not, the driver version and the devices; then runs the SAXPY example where a GPU is
(``--no-demo``: the report alone). What it tells the user to run fits how cudacffi is there: in a checkout,
``build_cffi.py``; in an installed package, which has no ``build_cffi.py``, the install command.

The family modules are imported by name, one at a time, because their import can fail and that failure is
what is reported: in a source tree not yet built there is no generated layer at all, and a build from headers
older than a family (nvFatbin before 12.4, cuFile before 12.6) has no module for it.
"""

import argparse
import importlib
import os
import platform
import runpy
import sys

from cudacffi import LibraryNotFoundError
from cudacffi._families import FAMILIES, MAJORS, distribution_name


HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # a checkout's root, or site-packages


def from_checkout():
    """Whether this cudacffi is a source checkout (``build_cffi.py`` beside the package), not an installed one."""
    return os.path.isfile(os.path.join(HERE, "build_cffi.py"))


def install_command(major=None):
    """The command that installs cudacffi built for CUDA ``major`` (12 or 13; None: either), with NVIDIA's
    library wheels."""
    if major is None:
        return "pip install " + " or ".join('"%s[all]" (CUDA %d)' % (distribution_name(m), m) for m in sorted(MAJORS))
    return 'pip install "%s[all]"' % distribution_name(major)


def _line(label, value):
    print("  %-22s %s" % (label + ":", value))


def report_build():
    print("cudacffi build")
    _line("interpreter", "%s %s" % (platform.python_implementation(), platform.python_version()))
    try:
        generated = importlib.import_module("cudacffi._gen")
        driver = importlib.import_module("cudacffi.driver")
    except ImportError as e:
        if from_checkout():
            _line("status", "not built (%s): run python build_cffi.py or pip install ." % e)
        else:
            _line("status", "not built (%s): reinstall it: %s" % (e, install_command()))
        return None
    v = driver.CUDA_VERSION
    _line("CUDA headers", "%d.%d (%s)" % (v // 1000, v % 1000 // 10, generated.SOURCE))
    if from_checkout():
        _line("other headers", "CUDACFFI_CUDA_VERSION=X.Y python build_cffi.py (a snapshot in headers/: 12.0 "
              "to 13.5), or CUDA_HOME=<toolkit> python build_cffi.py")
    else:
        _line("other headers", "the other CUDA major: %s" % install_command(13 if v < 13000 else 12))
    return driver


def report_libraries():
    print("libraries")
    for family in FAMILIES.values():
        name, version = family.title, globals()["_%s_version" % family.name]
        try:
            module = importlib.import_module("cudacffi." + family.name)
        except ImportError as e:  # a family newer than this build's headers (nvFatbin before 12.4)
            why = " ".join(str(e).split())
            if not from_checkout():  # no build script here: the wheel of the newest headers has every family
                why = why.split("; build with newer headers")[0] + "; " + install_command(None)
            _line(name, "not in this build: %s" % why)
            continue
        lib = module._library
        try:
            lib.load()
        except LibraryNotFoundError as e:
            _line(name, "not found")
            for line in str(e).splitlines()[1:]:
                print("      " + line.strip())
            continue
        text, found = version(module)
        _line(name, "%s (found: %s, version %s)" % (lib.path, lib.how, text))
        if found is not None and tuple(found) < divmod(module.CUDA_VERSION // 10, 100):
            print("      " + _older_than_headers(lib, tuple(found)))


def _older_than_headers(lib, found):
    """The warning for a library older than the build's headers, and what to do about it."""
    headers = lib.version_text()
    why = ("every nvJitLink call raises LibraryVersionError (the headers bind versioned symbols)"
           if lib.family == "nvjitlink" else
           "functions added after %d.%d raise FunctionNotFoundError" % found)
    if lib.family == "driver":
        fix = "update the NVIDIA driver"
    else:
        family = FAMILIES[lib.family]
        wheel = family.wheels[lib.major]
        # (cuFile's wheels are numbered apart from CUDA: the newest of its major's name)
        fix = ('pip install --upgrade "%s"' % wheel if family.own_numbering
               else 'pip install "%s==%s.*"' % (wheel, headers))
    if from_checkout():
        fix += ", or build with headers no newer than %d.%d (CUDACFFI_CUDA_VERSION=X.Y python build_cffi.py)" % found
    elif found[0] in (12, 13) and found[0] != (getattr(lib, "cuda_version", 0) or 0) // 1000:
        # an installed package: its build for the library's major is the other way
        fix += ", or install cudacffi's CUDA %d build: %s" % (found[0], install_command(found[0]))
    return "OLDER than this build's CUDA %s headers: %s. Fix: %s" % (headers, why, fix)


def _driver_version(driver):
    err, v = driver.cuDriverGetVersion()
    return ("%d.%d" % (v // 1000, v % 1000 // 10), (v // 1000, v % 1000 // 10)) if not err else (err.name, None)


def _runtime_version(runtime):
    err, v = runtime.cudaRuntimeGetVersion()
    return ("%d.%d" % (v // 1000, v % 1000 // 10), (v // 1000, v % 1000 // 10)) if not err else (err.name, None)


def _nvrtc_version(nvrtc):
    err, major, minor = nvrtc.nvrtcVersion()
    return ("%d.%d" % (major, minor), (major, minor)) if not err else (err.name, None)


def _nvjitlink_version(nvjitlink):
    v = nvjitlink._library.version  # asked at load time: 12.0's headers have no nvJitLinkVersion
    return ("%d.%d" % v, v) if v else ("unknown (the library has no nvJitLinkVersion)", None)


def _nvvm_version(nvvm):
    """NVVM's own version and IR version (they do not follow CUDA's, so nothing to compare)."""
    return "NVVM %d.%d, IR %d.%d" % (nvvm.version() + nvvm.ir_version()[:2]), None


def _nvfatbin_version(nvfatbin):
    """nvFatbin's version, as CUDA's (major, minor)."""
    v = nvfatbin.version()
    return "%d.%d" % v, v


def _nvml_version(nvml):
    """NVML's own version and the driver's (NVML follows the driver, not CUDA: nothing to compare)."""
    try:
        nvml.init_v2()
        try:
            return "NVML %s, driver %s" % (nvml.system_get_nvml_version(), nvml.system_get_driver_version()), None
        finally:
            nvml.shutdown()
    except (nvml.NvmlError, RuntimeError) as e:  # a library without a working driver behind it
        return "unknown (%s)" % e, None


def _cufile_version(cufile):
    """cuFile's own version (cuFileGetVersion: 1000 * major + 10 * minor; it does not follow CUDA's)."""
    try:
        v = cufile.get_version()
    except (cufile.cuFileError, RuntimeError) as e:  # cuFileGetVersion is newer than 12.6's library
        return "unknown (%s)" % e, None
    return "cuFile %d.%d" % (v // 1000, v % 1000 // 10), None


def report_devices(driver):
    """Prints the devices; returns True where at least one is usable."""
    print("devices")
    try:
        err, = driver.cuInit(0)
    except LibraryNotFoundError:
        _line("devices", "none: no CUDA driver was found")
        return False
    if err:
        _line("devices", "none: cuInit failed with %s" % err.name)
        return False
    err, count = driver.cuDeviceGetCount()
    if err or not count:
        _line("devices", "none")
        return False
    for i in range(count):
        _, dev = driver.cuDeviceGet(i)
        _, name = driver.cuDeviceGetName(256, dev)
        _, major = driver.cuDeviceGetAttribute(
            driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)
        _, minor = driver.cuDeviceGetAttribute(
            driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev)
        _, mem = driver.cuDeviceTotalMem(dev)
        _line("device %d" % i, "%s, compute capability %d.%d, %.1f GiB"
              % (name.split(b"\0")[0].decode(), major, minor, mem / 2**30))
    return True


def run_saxpy(driver):
    """The seed's SAXPY walkthrough on CPython with a CUDA 12.x build. The seed is 12.x code (13.0 changed
    ``cuCtxCreate``), and on PyPy, whose bytes objects cannot be written in place, its
    ``nvrtcGetPTX(prog, b" " * n)`` is refused; there the same SAXPY runs from the example that works on
    every build and interpreter (PTX read into a bytearray, arguments packed without ctypes)."""
    seed = platform.python_implementation() == "CPython" and driver.CUDA_VERSION < 13000
    name = "saxpy.py" if seed else "kernel_params_no_ctypes.py"
    path = os.path.join(HERE, "examples", name)
    sys.path.insert(0, os.path.dirname(path))  # as running the script does: its folder first
    if not os.path.exists(path):
        print("SAXPY demo: examples/%s is not beside this installation; skipped" % name)
        return
    print("SAXPY demo: running examples/%s (out = a * x + y on device 0: NVRTC compiles the kernel, the driver "
          "loads and launches it, the result is checked on the host) ..." % name, flush=True)
    runpy.run_path(path, run_name="__main__")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m cudacffi",
        description="Report this cudacffi build (CUDA headers, interpreter), the CUDA libraries it finds (path, "
                    "version, how found) or why not, the driver and the devices; then, where a GPU is, run the "
                    "SAXPY demo.")
    parser.add_argument("--no-demo", action="store_true", help="the report alone: do not run the SAXPY demo")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)  # --help: usage, exit 0; an unknown flag: argparse's message, exit 2
    driver = report_build()
    if driver is None:
        return 1
    report_libraries()
    if not report_devices(driver):
        print("SAXPY demo: skipped, no GPU here")
    elif args.no_demo:
        print("SAXPY demo: not run (--no-demo)")
    else:
        run_saxpy(driver)
    return 0


if __name__ == "__main__":
    sys.exit(main())
