"""simpleCubemapTexture: a layered cubemap (several cubes of six square faces each) in a CUDA array, read
through a texture object by a kernel calling ``texCubemapLayered`` at random directions. The host works out
each answer on its own: the face is the direction's largest axis, the texel comes from the other two
(the cubemap table of the CUDA programming guide), and the kernel's reads must equal those texels.

    python examples/simple_cubemap_texture.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void sample_cubemap(const float *directions, const int *layers, float *out, int count,
                                          cudaTextureObject_t tex)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    const float *d = directions + 3 * i;
    out[i] = texCubemapLayered<float>(tex, d[0], d[1], d[2], layers[i]);
}
"""


def make_layered_cubemap(texels):
    """A layered cubemap CUarray holding ``texels`` (layers x 6 x width x width float32), and a point-sampled
    texture object reading it with normalized coordinates."""
    layers, faces, width, _ = texels.shape
    desc = driver.CUDA_ARRAY3D_DESCRIPTOR()
    desc.Width, desc.Height, desc.Depth = width, width, layers * faces
    desc.Format = driver.CUarray_format.CU_AD_FORMAT_FLOAT
    desc.NumChannels = 1
    desc.Flags = driver.CUDA_ARRAY3D_CUBEMAP | driver.CUDA_ARRAY3D_LAYERED
    array = check(driver.cuArray3DCreate(desc))
    copy = driver.CUDA_MEMCPY3D()
    copy.srcMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_HOST
    copy.srcHost = texels
    copy.srcPitch = width * texels.itemsize
    copy.srcHeight = width
    copy.dstMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_ARRAY
    copy.dstArray = array
    copy.WidthInBytes = width * texels.itemsize
    copy.Height = width
    copy.Depth = layers * faces
    check(driver.cuMemcpy3D(copy))
    res = driver.CUDA_RESOURCE_DESC()
    res.resType = driver.CUresourcetype.CU_RESOURCE_TYPE_ARRAY
    res.res.array.hArray = array
    tex_desc = driver.CUDA_TEXTURE_DESC()
    tex_desc.filterMode = driver.CUfilter_mode.CU_TR_FILTER_MODE_POINT
    tex_desc.flags = driver.CU_TRSF_NORMALIZED_COORDINATES
    return array, check(driver.cuTexObjectCreate(res, tex_desc, None))


def cubemap_lookup(directions, width):
    """(face, row, column) of the texel each direction (count x 3) meets, and whether it meets it clearly:
    its largest axis leads the others and it lands well inside the texel, away from the edges that the
    GPU's rounding may place on either side."""
    x, y, z = directions.T
    ax, ay, az = np.abs(directions).T
    major = np.argmax(np.abs(directions), axis=1)             # 0: x, 1: y, 2: z
    negative = directions[np.arange(len(directions)), major] < 0
    face = 2 * major + negative
    # per face: (s, t, m) from the guide's table, in face order +X, -X, +Y, -Y, +Z, -Z
    s = np.select([face == f for f in range(6)], [-z, z, x, x, x, -x])
    t = np.select([face == f for f in range(6)], [-y, -y, z, -z, -y, -y])
    m = np.select([major == a for a in range(3)], [ax, ay, az])
    u = (s / m + 1) / 2 * width
    v = (t / m + 1) / 2 * width
    ranked = np.sort(np.abs(directions), axis=1)
    clear = ((ranked[:, 2] - ranked[:, 1]) > 1e-3 * ranked[:, 2]) & \
        (np.abs(u - np.floor(u) - 0.5) < 0.45) & (np.abs(v - np.floor(v) - 0.5) < 0.45)
    column = np.clip(np.floor(u).astype(np.int64), 0, width - 1)
    row = np.clip(np.floor(v).astype(np.int64), 0, width - 1)
    return face, row, column, clear


def main(width=32, layers=3, count=1 << 16):
    device, _ = init_device()
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"sample_cubemap"))
    texels = np.arange(layers * 6 * width * width, dtype=np.float32).reshape(layers, 6, width, width)
    array, tex = make_layered_cubemap(texels)

    rng = np.random.default_rng(3)
    directions = rng.normal(size=(count, 3))
    face, row, column, clear = cubemap_lookup(directions, width)
    directions = directions[clear].astype(np.float32)
    layer = rng.integers(0, layers, size=len(directions)).astype(np.int32)
    expected = texels[layer, face[clear], row[clear], column[clear]]
    n = len(directions)

    out = np.empty(n, dtype=np.float32)
    d_dirs, d_layer, d_out = (check(driver.cuMemAlloc(a.nbytes)) for a in (directions, layer, out))
    check(driver.cuMemcpyHtoD(d_dirs, directions, directions.nbytes))
    check(driver.cuMemcpyHtoD(d_layer, layer, layer.nbytes))
    check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, None,
                                ((d_dirs, d_layer, d_out, n, tex), (None, None, None, "int", None)), 0))
    check(driver.cuMemcpyDtoH(out, d_out, out.nbytes))
    check(driver.cuTexObjectDestroy(tex))
    check(driver.cuArrayDestroy(array))
    for p in (d_dirs, d_layer, d_out):
        check(driver.cuMemFree(p))
    check(driver.cuModuleUnload(module))
    wrong = int(np.sum(out != expected))
    faces_seen = len(np.unique(face[clear]))
    if wrong or faces_seen != 6:
        print("simple_cubemap_texture FAILED: %d of %d reads differ from the host's lookup (%d faces met)"
              % (wrong, n, faces_seen))
        return 1
    print("simple_cubemap_texture passed: %d reads over %d layers of 6 x %d x %d texels match the host's lookup"
          % (n, layers, width, width))
    return 0


if __name__ == "__main__":
    sys.exit(main())
