"""Enum values, constants and struct layouts: what the generated layer says must be what the C compiler says.

The compiled module's enums are declared with ``...`` in the cdef, so their values in ``lib`` come from
the compiler; struct declarations are checked field by field against the compiler when cffi builds them.
"""

import os
import subprocess

import pytest

from conftest import c_compiler, check_enum_values

driver = pytest.importorskip("cudacffi.driver", reason="cudacffi is not built")
from cudacffi._gen import driver as gen  # noqa: E402
from cudacffi._driver import ffi, lib  # noqa: E402


def test_every_enum_member_has_the_compilers_value():
    checked = check_enum_values(gen, lib)
    assert checked > 700  # CUDA 12.0's cuda.h has the fewest: 720


def test_struct_sizes_match_a_compiled_program(tmp_path):
    """sizeof/alignof of a sample of structs, printed by a C program compiled against the same header."""
    names = ["CUDA_MEMCPY2D", "CUDA_MEMCPY3D", "CUDA_KERNEL_NODE_PARAMS", "CUlaunchConfig", "CUtensorMap",
             "CUstreamBatchMemOpParams", "CUDA_ARRAY_SPARSE_PROPERTIES", "CUDA_RESOURCE_DESC", "CUuuid"]
    inc = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "headers",
                       "cuda-%d.%d" % (gen.CUDA_VERSION // 1000, gen.CUDA_VERSION % 1000 // 10), "include")
    if not os.path.isdir(inc):
        pytest.skip("built from a toolkit, not a snapshot")
    src = tmp_path / "sizes.c"
    src.write_text('#include <stdio.h>\n#include <stdalign.h>\n#include "cuda.h"\nint main(void) {\n'
                   + "".join('printf("%%zu %%zu\\n", sizeof(%s), alignof(%s));\n' % (n, n) for n in names)
                   + "return 0; }\n")
    exe = tmp_path / "sizes"
    subprocess.run([c_compiler(), "-I", inc, "-o", str(exe), str(src)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split("\n")
    for name, line in zip(names, out):
        assert line.split() == [str(ffi.sizeof(name)), str(ffi.alignof(name))], name


def test_constants_are_ints_from_the_header():
    assert driver.CU_LAUNCH_PARAM_END == 0
    assert driver.CU_LAUNCH_PARAM_BUFFER_POINTER == 1
    assert driver.CU_LAUNCH_PARAM_BUFFER_SIZE == 2
    assert driver.CU_STREAM_LEGACY == 1 and driver.CU_STREAM_PER_THREAD == 2
    assert driver.CU_MEMHOSTALLOC_PORTABLE == 1 and driver.CU_TENSOR_MAP_NUM_QWORDS == 16


def test_structs_lie_at_the_alignment_their_c_type_asks_for():
    """ffi.new aligns to 16 bytes; CUtensorMap is _Alignas(64) and the driver refuses a misaligned one
    (CUDA_ERROR_INVALID_VALUE from cuTensorMapEncodeTiled): every struct made by its class, and every output struct,
    lies at a multiple of its C alignment."""
    from cudacffi import driver
    from cudacffi._structs import Struct

    def alignment(cls):
        try:
            return ffi.alignof(cls._ptype().item)
        except ffi.error:  # an anonymous union or struct, made only as a view into its parent
            return 0

    over = [cls for cls in vars(driver).values()
            if isinstance(cls, type) and issubclass(cls, Struct) and isinstance(cls._cname, str) and cls._cname
            and alignment(cls) > 16]
    assert driver.CUtensorMap in over
    for cls in over:
        align = ffi.alignof(cls._ptype().item)
        made = [cls() for _ in range(64)]  # 64 fresh allocations: ffi.new alone lands on 64 about 1 time in 4
        assert {m.getPtr() % align for m in made} == {0}, cls.__name__
        view = cls(_ptr=made[0].getPtr())
        assert view.getPtr() == made[0].getPtr()
    m = driver.CUtensorMap()
    m.opaque = list(range(16))
    del made
    import gc

    gc.collect()
    assert [int(v) for v in m.opaque] == list(range(16))  # the storage lives as long as the struct
