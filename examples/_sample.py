"""What the CUDA samples here share: device 0's primary context made current (the same call on 12.x and
13.x builds), and a CUDA C++ source compiled by NVRTC for that device and loaded as a module."""

from cudacffi import check, driver, nvrtc


def init_device(ordinal=0):
    """(device, context): the device's primary context, current on this thread."""
    check(driver.cuInit(0))
    device = check(driver.cuDeviceGet(ordinal))
    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))
    return device, context


def compute_capability(device):
    attr = driver.CUdevice_attribute
    return (check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device)),
            check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device)))


def load_module(source, device, options=()):
    """A module of ``source`` (bytes) compiled by NVRTC for ``device``; the compile log on failure."""
    major, minor = compute_capability(device)
    prog = check(nvrtc.nvrtcCreateProgram(source, b"sample.cu", 0, [], []))
    try:
        opts = [b"--gpu-architecture=sm_%d%d" % (major, minor)] + list(options)
        err, = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
            check(nvrtc.nvrtcGetProgramLog(prog, log))
            raise RuntimeError("NVRTC failed: %s" % bytes(log).decode(errors="replace"))
        cubin = bytearray(check(nvrtc.nvrtcGetCUBINSize(prog)))
        check(nvrtc.nvrtcGetCUBIN(prog, cubin))
    finally:
        check(nvrtc.nvrtcDestroyProgram(prog))
    return check(driver.cuModuleLoadData(bytes(cubin)))
