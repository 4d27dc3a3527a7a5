"""cudacffi.core.texture and green contexts on a GPU: an OpaqueArray round-trips numpy data (directly and through
a Buffer); a kernel reads a texture object with point filtering (the exact texels) and linear filtering
(numpy's bilinear interpolation, within the hardware's 8-bit weight precision); a linear texture fetches a
Buffer; a kernel writes a surface that copy_to then reads; a mipmapped array's levels have the halved shapes;
a kernel launched on a stream of a green context over an SM partition computes its result on no more SMs than
the partition holds."""

import pytest

from conftest import core_kernel

pytestmark = pytest.mark.gpu

np = pytest.importorskip("numpy")

KERNELS = r"""
extern "C" __global__ void sample2d(cudaTextureObject_t tex, float *out, int w, int h, float dx, float dy)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = tex2D<float>(tex, x + dx, y + dy);
}

extern "C" __global__ void fetch1d(cudaTextureObject_t tex, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(tex, i);
}

extern "C" __global__ void write_surface(cudaSurfaceObject_t surf, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) surf2Dwrite(float(y * 1000 + x), surf, x * (int)sizeof(float), y);
}

extern "C" __global__ void square_and_smid(const int *x, int *y, int *smid, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * x[i];
    if (threadIdx.x == 0) {
        int id;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
        smid[blockIdx.x] = id;
    }
}
"""

W, H = 37, 19  # not powers of two, not equal: a transposed shape would show


def image():
    rng = np.random.default_rng(7)
    return rng.random((H, W), dtype=np.float32)  # (height, width): an OpaqueArray of shape (W, H)


def to_host(buf, shape, stream):
    out = np.empty(shape, dtype=np.float32)
    buf.copy_to(out, stream=stream)
    stream.sync()
    return out


def test_opaque_array_round_trip(core_device, core_stream):
    from cudacffi.core.texture import OpaqueArrayOptions

    img = image()
    with core_device.create_opaque_array(OpaqueArrayOptions((W, H), "float32", 1)) as arr:
        assert arr.size_bytes == img.nbytes
        arr.copy_from(img, stream=core_stream)
        back = np.zeros_like(img)
        assert arr.copy_to(back, stream=core_stream) is back
        core_stream.sync()
        np.testing.assert_array_equal(back, img)
        buf = core_device.allocate(arr.size_bytes, stream=core_stream)  # array -> Buffer -> host, and Buffer -> array
        arr.copy_to(buf, stream=core_stream)
        np.testing.assert_array_equal(to_host(buf, img.shape, core_stream), img)
        arr.copy_from(np.zeros_like(img), stream=core_stream)
        arr.copy_from(buf, stream=core_stream)
        again = np.zeros_like(img)
        arr.copy_to(again, stream=core_stream)
        core_stream.sync()
        np.testing.assert_array_equal(again, img)
        buf.close()


def _sample(core, dev, stream, options, dx, dy):
    from cudacffi.core.texture import OpaqueArrayOptions, ResourceDescriptor

    img = image()
    arr = dev.create_opaque_array(OpaqueArrayOptions((W, H), np.float32, 1))
    arr.copy_from(img, stream=stream)
    tex = dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(arr), options=options)
    out = dev.allocate(img.nbytes, stream=stream)
    config = core.LaunchConfig(grid=((W + 15) // 16, (H + 15) // 16), block=(16, 16))
    core.launch(stream, config, core_kernel(dev, KERNELS, "sample2d"), tex, out, np.int32(W), np.int32(H),
                np.float32(dx), np.float32(dy))
    result = to_host(out, img.shape, stream)
    out.close()
    tex.close()
    arr.close()
    return img, result


def test_texture_point_filtering_reads_exact_texels(core, core_device, core_stream):
    from cudacffi.core.texture import TextureObjectOptions

    img, got = _sample(core, core_device, core_stream, TextureObjectOptions(filter_mode="point"), 0.5, 0.5)
    np.testing.assert_array_equal(got, img)


def test_texture_linear_filtering_interpolates(core, core_device, core_stream):
    from cudacffi.core.texture import TextureObjectOptions

    a, b = 0.25, 0.4  # sampling at (x + 0.5 + a, y + 0.5 + b): between texel x and x + 1, y and y + 1
    options = TextureObjectOptions(filter_mode="linear", address_mode="clamp")
    img, got = _sample(core, core_device, core_stream, options, 0.5 + a, 0.5 + b)
    x1 = np.minimum(np.arange(W) + 1, W - 1)  # clamped at the right and bottom edges
    y1 = np.minimum(np.arange(H) + 1, H - 1)
    rows = (1 - b) * img + b * img[y1, :]
    expected = (1 - a) * rows + a * rows[:, x1]
    np.testing.assert_allclose(got, expected, atol=5e-3)  # weights are 8-bit fixed point in hardware
    assert np.abs(got - img).max() > 0.05  # and it did interpolate


def test_linear_texture_fetches_a_buffer(core, core_device, core_stream):
    from cudacffi.core import Buffer
    from cudacffi.core.texture import ResourceDescriptor

    n = 1000
    data = np.arange(n, dtype=np.float32) * 0.5
    align = max(core_device.properties.texture_alignment, 1)
    backing = core_device.allocate(data.nbytes + align, stream=core_stream)
    start = -int(backing.handle) % align  # the driver wants a texture_alignment-aligned start
    buf = Buffer.from_handle(int(backing.handle) + start, data.nbytes, owner=backing)
    buf.copy_from(data, stream=core_stream)
    resource = ResourceDescriptor.from_linear(buf, format="float32", num_channels=1)
    tex = core_device.create_texture_object(resource=resource)
    out = core_device.allocate(data.nbytes, stream=core_stream)
    core.launch(core_stream, core.LaunchConfig(grid=(n + 255) // 256, block=256),
                core_kernel(core_device, KERNELS, "fetch1d"), tex, out, np.int32(n))
    np.testing.assert_array_equal(to_host(out, (n,), core_stream), data)
    tex.close()
    out.close()
    backing.close()


def test_surface_write_then_copy_to(core, core_device, core_stream):
    from cudacffi.core.texture import OpaqueArrayOptions, ResourceDescriptor

    arr = core_device.create_opaque_array(OpaqueArrayOptions((W, H), "float32", 1, is_surface_load_store=True))
    surf = core_device.create_surface_object(resource=ResourceDescriptor.from_opaque_array(arr))
    config = core.LaunchConfig(grid=((W + 15) // 16, (H + 15) // 16), block=(16, 16))
    core.launch(core_stream, config, core_kernel(core_device, KERNELS, "write_surface"), surf, np.int32(W), np.int32(H))
    got = np.zeros((H, W), dtype=np.float32)
    arr.copy_to(got, stream=core_stream)
    core_stream.sync()
    ys, xs = np.mgrid[0:H, 0:W]
    np.testing.assert_array_equal(got, (ys * 1000 + xs).astype(np.float32))
    surf.close()
    arr.close()


def test_mipmapped_array_levels(core_device, core_stream):
    from cudacffi.core.texture import MipmappedArrayOptions, ResourceDescriptor, TextureObjectOptions

    with core_device.create_mipmapped_array(MipmappedArrayOptions((64, 16), "float32", 1, 5)) as mm:
        levels = [mm.get_level(i) for i in range(mm.num_levels)]
        assert [lv.shape for lv in levels] == [(64, 16), (32, 8), (16, 4), (8, 2), (4, 1)]
        assert len(set(lv.handle for lv in levels)) == 5
        data = np.arange(32 * 8, dtype=np.float32).reshape(8, 32)
        levels[1].copy_from(data, stream=core_stream)
        back = np.zeros_like(data)
        levels[1].copy_to(back, stream=core_stream)
        core_stream.sync()
        np.testing.assert_array_equal(back, data)
        tex = core_device.create_texture_object(resource=ResourceDescriptor.from_mipmapped_array(mm),
                                        options=TextureObjectOptions(filter_mode="linear",
                                                                     mipmap_filter_mode="linear",
                                                                     normalized_coords=True,
                                                                     max_mipmap_level_clamp=4.0))
        assert tex.handle != 0
        tex.close()
        for lv in levels:
            lv.close()


def test_green_context_runs_a_kernel_on_its_partition(core, core_device):
    from cudacffi.core import ContextOptions, SMResourceOptions

    try:
        sm = core_device.resources.sm
        want = max(sm.min_partition_size, 16)
        groups, rest = sm.split(SMResourceOptions(count=want))
        ctx = core_device.create_context(ContextOptions(resources=[groups[0]]))
    except (core.CUDAError, NotImplementedError) as e:
        pytest.skip("the driver refused a green context: %s" % e)
    assert sm.sm_count == core_device.properties.multiprocessor_count
    part = groups[0].sm_count
    assert want <= part < sm.sm_count and rest.sm_count <= sm.sm_count - part
    assert ctx.is_green and ctx.resources.sm.sm_count == part
    stream = ctx.create_stream()
    assert stream.resources.sm.sm_count == part and stream.is_nonblocking
    square = core_kernel(core_device, KERNELS, "square_and_smid")
    n, blocks = 256 * 512, 512
    x = np.arange(n, dtype=np.int32) % 1000
    src, dst, smid = core_device.allocate(x.nbytes), core_device.allocate(x.nbytes), core_device.allocate(blocks * 4)
    src.copy_from(x)  # on the default stream, waiting for the copy
    core_device.set_current(ctx)  # launch with the green context current
    try:
        core.launch(stream, core.LaunchConfig(grid=blocks, block=256), square, src, dst, smid, np.int32(n))
        stream.sync()
    finally:
        core_device.set_current()
    y = np.empty_like(x)
    ids = np.empty(blocks, dtype=np.int32)
    dst.copy_to(y)
    smid.copy_to(ids)
    np.testing.assert_array_equal(y, x * x)
    assert 1 <= len(set(ids.tolist())) <= part  # the blocks ran on the partition's SMs only
    for b in (src, dst, smid):
        b.close()
    stream.close()
    ctx.close()
    assert ctx.is_closed
