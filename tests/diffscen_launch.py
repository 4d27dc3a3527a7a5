"""Differential scenarios: LaunchConfig and launch() (see diffharness.py)."""

from diffharness import scenario

SRC = r"""
extern "C" __global__ void axpy(float a, const float *x, float *y, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}
extern "C" __global__ void grid_wide(int *out)
{
    out[blockIdx.x] = blockIdx.x;
}
"""


def _kernel(core, name="axpy"):
    dev = core.Device(0)
    dev.set_current()
    arch = "sm_%d%d" % tuple(dev.compute_capability)
    prog = core.Program(SRC, code_type="c++", options=core.ProgramOptions(arch=arch))
    return dev, prog.compile("cubin").get_kernel(name)


@scenario(gpu=False)
def launch_config_repr(core):
    return repr(core.LaunchConfig(grid=2, block=(4, 2)))


@scenario(gpu=False)
def launch_config_grid_too_long(core):
    return repr(core.LaunchConfig(grid=(1, 2, 3, 4), block=1))


@scenario(gpu=False)
def launch_config_block_zero(core):
    return repr(core.LaunchConfig(grid=1, block=(4, 0)))


@scenario(gpu=False)
def launch_config_grid_float(core):
    return repr(core.LaunchConfig(grid=1.0, block=1))


@scenario(gpu=False)
def launch_config_grid_list(core):
    return repr(core.LaunchConfig(grid=[1, 2], block=1))


@scenario(gpu=False)
def launch_config_equality(core):
    a = core.LaunchConfig(grid=(2, 1), block=32)
    b = core.LaunchConfig(grid=2, block=(32, 1, 1), shmem_size=0)
    return [a == b, hash(a) == hash(b), a == core.LaunchConfig(grid=3, block=32), a == "x"]


@scenario(gpu=False)
def launch_config_missing_grid(core):
    return repr(core.LaunchConfig(block=1))


@scenario
def launch_numpy_scalars(core):
    """saxpy with numpy scalars for the value and the sizes, as NVIDIA's saxpy example passes them."""
    import numpy as np

    dev, k = _kernel(core)
    s = dev.create_stream()
    n = np.uint64(1024)
    x = dev.allocate(n * np.dtype(np.float32).itemsize, stream=s)
    y = dev.allocate(n * 4, stream=s)
    core.launch(s, core.LaunchConfig(grid=4, block=256), k, np.float32(2.0), x, y, n)
    s.sync()
    out = [x.size, y.size, type(x.size).__name__]
    x.close(s)
    y.close(s)
    s.close()
    return out


@scenario(extends="numpy integers for grid and block dimensions (cuda.core takes Python ints only)")
def launch_config_numpy_dims(core):
    import numpy as np

    dev, k = _kernel(core)
    s = dev.create_stream()
    n = np.uint64(1024)
    x = dev.allocate(n * np.dtype(np.float32).itemsize, stream=s)
    y = dev.allocate(n * 4, stream=s)
    core.launch(s, core.LaunchConfig(grid=np.int64(4), block=np.int32(256)), k, np.float32(2.0), x, y, n)
    s.sync()
    x.close(s)
    y.close(s)
    s.close()
    return "ok"


@scenario
def launch_none_stream(core):
    dev, k = _kernel(core, "grid_wide")
    buf = dev.allocate(64, stream=dev.default_stream)
    try:
        core.launch(None, core.LaunchConfig(grid=1, block=1), k, buf)
    finally:
        buf.close()


@scenario
def launch_bad_config(core):
    dev, k = _kernel(core, "grid_wide")
    buf = dev.allocate(64, stream=dev.default_stream)
    try:
        core.launch(dev.default_stream, (1, 1), k, buf)
    finally:
        buf.close()


@scenario
def launch_dict_config(core):
    dev, k = _kernel(core, "grid_wide")
    s = dev.create_stream()
    buf = dev.allocate(16 * 4, stream=s)
    core.launch(s, {"grid": 16, "block": 1}, k, buf)
    s.sync()
    buf.close()
    s.close()
    return "ok"


@scenario
def launch_cooperative_too_large(core):
    dev, k = _kernel(core, "grid_wide")
    buf = dev.allocate(4 * 1 << 20, stream=dev.default_stream)
    try:
        core.launch(dev.default_stream, core.LaunchConfig(grid=1 << 20, block=1024, is_cooperative=True), k, buf)
    finally:
        buf.close()


@scenario
def launch_cluster_repr(core):
    dev = core.Device(0)
    dev.set_current()
    return repr(core.LaunchConfig(grid=2, cluster=2, block=32))


# -- bad input (issue 25 item 7) ----------------------------------------------------------------------------------

class _BadIndex:
    """An __index__ that gives no int."""

    def __index__(self):
        return "x"

    def __repr__(self):
        return "BadIndex()"


@scenario(gpu=False)
def launch_config_grid_with_a_broken_index(core):
    return repr(core.LaunchConfig(grid=_BadIndex(), block=1))


@scenario(gpu=False)
def launch_config_block_tuple_with_a_broken_index(core):
    return repr(core.LaunchConfig(grid=1, block=(2, _BadIndex())))


@scenario(gpu=False)
def launch_config_block_a_numpy_array(core):
    import numpy

    return repr(core.LaunchConfig(grid=1, block=numpy.zeros(2)))


@scenario
def occupancy_max_active_clusters_of_a_list(core):
    dev, k = _kernel(core)
    return k.occupancy.max_active_clusters([1, 1], stream=dev.default_stream)


@scenario
def occupancy_max_potential_cluster_size_of_a_dict(core):
    dev, k = _kernel(core)
    return k.occupancy.max_potential_cluster_size({"grid": 1}, stream=dev.default_stream)
