"""A templated SAXPY with cudacffi.core: one program, two instantiations (float and double) chosen through
``name_expressions``, each launched and checked.

    python3 examples/core_saxpy.py
"""

import _checkout  # noqa: F401

import array
import sys

from cudacffi.core import Device, LaunchConfig, Program, ProgramOptions, launch

SOURCE = """
template <typename T>
__global__ void saxpy(const T a, const T *x, const T *y, T *out, size_t n)
{
    const unsigned int tid = threadIdx.x + blockIdx.x * blockDim.x;
    for (size_t i = tid; i < n; i += gridDim.x * blockDim.x) {
        out[i] = a * x[i] + y[i];
    }
}
"""


def run(dev, stream, kernel, typecode, a):
    n = 100_000
    x = array.array(typecode, (0.5 * i for i in range(n)))
    y = array.array(typecode, (1.0 - i for i in range(n)))
    nbytes = n * x.itemsize
    dx, dy, dout = (dev.allocate(nbytes, stream=stream) for _ in range(3))
    dx.copy_from(x, stream=stream)
    dy.copy_from(y, stream=stream)
    config = LaunchConfig(grid=dev.properties.multiprocessor_count * 4, block=256)
    launch(stream, config, kernel, a, dx, dy, dout, n)  # a: packed as float or double, as the kernel declares
    out = array.array(typecode, bytes(nbytes))
    dout.copy_to(out, stream=stream)
    stream.sync()
    for buf in (dx, dy, dout):
        buf.close(stream)
    expect = [a * xi + yi for xi, yi in zip(x, y)]
    bad = sum(1 for got, want in zip(out, expect) if abs(got - want) > 1e-4 * max(1.0, abs(want)))
    return n, bad


def main():
    dev = Device()
    dev.set_current()
    stream = dev.create_stream()
    program = Program(SOURCE, "c++", ProgramOptions(arch="sm_" + dev.arch, std="c++17"))
    code = program.compile("cubin", name_expressions=("saxpy<float>", "saxpy<double>"))
    failed = False
    for expr, typecode in (("saxpy<float>", "f"), ("saxpy<double>", "d")):
        n, bad = run(dev, stream, code.get_kernel(expr), typecode, 2.5)
        print("%s: %d elements, %s" % (expr, n, "passed" if not bad else "FAILED (%d wrong)" % bad))
        failed = failed or bad
    stream.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
