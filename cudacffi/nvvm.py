"""The CUDA nvvm API with cuda.bindings' calling conventions (``from cudacffi import nvvm``).

Exception style, as ``cuda.bindings.nvvm``: snake_case functions, handles as plain ints, outputs returned
directly, failures raised as ``nvvmError``. Everything here comes from the generated layer
(``cudacffi/_gen/nvvm.py``), written at build time from the CUDA headers by codegen.
"""

from cudacffi._gen.nvvm import *  # noqa: F401,F403
from cudacffi._gen.nvvm import _library  # noqa: F401


def available(name):
    """Whether the installed library exports the C function ``name`` (loads the library; calls nothing)."""
    return _library.available(name)
