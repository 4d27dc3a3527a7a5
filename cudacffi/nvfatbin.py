"""The CUDA nvFatbin API with cuda.bindings' calling conventions (``from cudacffi import nvfatbin``).

Exception style, as ``cuda.bindings.nvfatbin``: snake_case functions, handles as plain ints, outputs returned
directly, failures raised as ``nvFatbinError``. Everything here comes from the generated layer
(``cudacffi/_gen/nvfatbin.py``), written at build time from the CUDA headers by codegen. nvFatbin is part of
CUDA 12.4 and newer: a build from older headers has no such module.
"""

try:
    from cudacffi._gen.nvfatbin import *  # noqa: F401,F403
    from cudacffi._gen.nvfatbin import _library  # noqa: F401
except ImportError as e:
    if "nvfatbin" not in str(e):
        raise
    from cudacffi._gen import SOURCE

    raise ImportError("cudacffi.nvfatbin: this build (%s) has no nvFatbin, which CUDA 12.4 and newer have; build "
                      "with newer headers (CUDACFFI_CUDA_VERSION=12.9 python build_cffi.py)" % SOURCE) from None


def available(name):
    """Whether the installed library exports the C function ``name`` (loads the library; calls nothing)."""
    return _library.available(name)
