"""A texture object as a kernel argument: read a cubemap through ``cudaTextureObject_t``.

From cuda.bindings' overview, "Preparing kernel arguments" / "CUDA objects": a kernel taking
``(float *g_odata, int width, cudaTextureObject_t tex)``. The texture object is a CUDA object with
getPtr() and int(), so it goes either way:

    the NumPy way   np.array([int(tex)], dtype=np.intp) among the argument arrays
    the ctypes way  (d_data, width, tex) with types (None, ctypes.c_int, None)

Here with the driver API: a 6-layer cubemap CUarray of width x width floats, a point-sampled texture
object with normalized coordinates, and a kernel that samples every texel's centre on each face and
writes its negation. The result must be exactly the negated input.

    python examples/kernel_params_cubemap_texture.py    (needs a GPU; without one it says so and exits 77)
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import ctypes

import numpy as np

from cudacffi import check, driver, nvrtc

KERNEL = b"""
extern "C" __global__ void transformKernel(float *g_odata, int width, cudaTextureObject_t tex)
{
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    if ((int)x >= width || (int)y >= width) return;
    /* the texel centre in [-1, 1] on the face */
    float s = 2.0f * (x + 0.5f) / width - 1.0f;
    float t = 2.0f * (y + 0.5f) / width - 1.0f;
    /* the direction through that centre for each face, in layer order +X, -X, +Y, -Y, +Z, -Z */
    const float dir[6][3] = {
        { 1.0f,   -t,   -s},
        {-1.0f,   -t,    s},
        {    s, 1.0f,    t},
        {    s, -1.0f,  -t},
        {    s,   -t, 1.0f},
        {   -s,   -t, -1.0f},
    };
    for (int face = 0; face < 6; ++face) {
        float v = texCubemap<float>(tex, dir[face][0], dir[face][1], dir[face][2]);
        g_odata[(face * width + y) * width + x] = -v;
    }
}
"""


def compile_kernel(source, device):
    """PTX for the GPU ``device``, compiled by NVRTC."""
    attr = driver.CUdevice_attribute
    major = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    minor = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    prog = check(nvrtc.nvrtcCreateProgram(source, b"kernel.cu", 0, [], []))
    try:
        opts = [b"--gpu-architecture=compute_%d%d" % (major, minor)]
        err, = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        if err:
            log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
            check(nvrtc.nvrtcGetProgramLog(prog, log))
            raise RuntimeError("NVRTC: %s\n%s" % (err.name, log.decode(errors="replace")))
        ptx = bytearray(check(nvrtc.nvrtcGetPTXSize(prog)))
        check(nvrtc.nvrtcGetPTX(prog, ptx))
        return bytes(ptx)
    finally:
        check(nvrtc.nvrtcDestroyProgram(prog))


def make_cubemap(width, host):
    """A cubemap CUarray holding ``host`` (6 x width x width floats), and a texture object reading it."""
    desc = driver.CUDA_ARRAY3D_DESCRIPTOR()
    desc.Width, desc.Height, desc.Depth = width, width, 6
    desc.Format = driver.CUarray_format.CU_AD_FORMAT_FLOAT
    desc.NumChannels = 1
    desc.Flags = driver.CUDA_ARRAY3D_CUBEMAP
    array = check(driver.cuArray3DCreate(desc))

    copy = driver.CUDA_MEMCPY3D()
    copy.srcMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_HOST
    copy.srcHost = host
    copy.srcPitch = width * 4
    copy.srcHeight = width
    copy.dstMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_ARRAY
    copy.dstArray = array
    copy.WidthInBytes = width * 4
    copy.Height = width
    copy.Depth = 6
    check(driver.cuMemcpy3D(copy))

    res = driver.CUDA_RESOURCE_DESC()
    res.resType = driver.CUresourcetype.CU_RESOURCE_TYPE_ARRAY
    res.res.array.hArray = array
    tex_desc = driver.CUDA_TEXTURE_DESC()
    tex_desc.filterMode = driver.CUfilter_mode.CU_TR_FILTER_MODE_POINT
    tex_desc.flags = driver.CU_TRSF_NORMALIZED_COORDINATES
    tex = check(driver.cuTexObjectCreate(res, tex_desc, None))
    return array, tex


def main():
    check(driver.cuInit(0))
    device = check(driver.cuDeviceGet(0))
    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))
    module = check(driver.cuModuleLoadData(compile_kernel(KERNEL, device)))
    transform = check(driver.cuModuleGetFunction(module, b"transformKernel"))
    stream = check(driver.cuStreamCreate(0))

    width = 64
    h_data = np.arange(6 * width * width, dtype=np.float32).reshape(6, width, width)
    array, tex = make_cubemap(width, h_data)
    size = h_data.nbytes
    d_data = check(driver.cuMemAlloc(size))

    # the NumPy way
    kernelValues = (
        np.array([int(d_data)], dtype=np.intp),
        np.array(width, dtype=np.int32),
        np.array([int(tex)], dtype=np.intp),
    )
    numpyArgs = np.array([arg.ctypes.data for arg in kernelValues], dtype=np.intp)
    # the ctypes way: the texture object under None, by its getPtr()
    ctypesArgs = ((d_data, width, tex), (None, ctypes.c_int, None))

    block = 8
    for name, kernelArgs in (("numpy", numpyArgs), ("ctypes", ctypesArgs)):
        check(driver.cuMemsetD32Async(d_data, 0, size // 4, stream))
        check(driver.cuLaunchKernel(transform, width // block, width // block, 1, block, block, 1, 0, stream,
                                    kernelArgs, 0))
        h_out = np.empty_like(h_data)
        check(driver.cuMemcpyDtoHAsync(h_out, d_data, size, stream))
        check(driver.cuStreamSynchronize(stream))
        if not (h_out == -h_data).all():
            raise ValueError("the %s way: the cubemap read back differs from the negated input" % name)

    check(driver.cuTexObjectDestroy(tex))
    check(driver.cuArrayDestroy(array))
    check(driver.cuMemFree(d_data))
    check(driver.cuStreamDestroy(stream))
    check(driver.cuModuleUnload(module))
    check(driver.cuDevicePrimaryCtxRelease(device))
    print("kernel_params_cubemap_texture passed: 6 faces of %d x %d, the NumPy way and the ctypes way"
          % (width, width))


if __name__ == "__main__":
    main()  # no driver or no GPU here: _checkout says so in one line and exits 77
