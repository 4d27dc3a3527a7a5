"""Vector addition with cudacffi.core (cuda.core's API): compile, load, allocate, launch, check.

    python3 examples/core_vector_add.py

The same code runs on cuda.core by changing the import line to ``from cuda.core import ...``.
"""

import _checkout  # noqa: F401

import array
import sys

from cudacffi.core import Device, LaunchConfig, Program, ProgramOptions, launch

SOURCE = """
extern "C" __global__ void vector_add(const float *a, const float *b, float *c, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
"""


def main():
    dev = Device()
    dev.set_current()
    stream = dev.create_stream()
    program = Program(SOURCE, code_type="c++", options=ProgramOptions(arch="sm_" + dev.arch, std="c++17"))
    kernel = program.compile("cubin").get_kernel("vector_add")

    n = 1 << 16
    a = array.array("f", (float(i) for i in range(n)))
    b = array.array("f", (2.0 * i for i in range(n)))
    nbytes = n * a.itemsize
    da, db, dc = (dev.allocate(nbytes, stream=stream) for _ in range(3))
    da.copy_from(a, stream=stream)
    db.copy_from(b, stream=stream)

    block = 256
    config = LaunchConfig(grid=(n + block - 1) // block, block=block)
    launch(stream, config, kernel, da, db, dc, n)  # n: size_t, packed at the parameter's 8 bytes

    c = array.array("f", bytes(nbytes))
    dc.copy_to(c, stream=stream)
    stream.sync()
    wrong = [i for i in range(n) if c[i] != a[i] + b[i]]
    for buf in (da, db, dc):
        buf.close(stream)
    stream.close()
    if wrong:
        print("vector_add: FAILED at %d of %d elements (first: %d)" % (len(wrong), n, wrong[0]))
        return 1
    print("vector_add: %d elements on %s: passed" % (n, dev.name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
