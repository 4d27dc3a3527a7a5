"""The CUDA nvjitlink API with cuda.bindings' calling conventions (``from cudacffi import nvjitlink``).

Exception style, as ``cuda.bindings.nvjitlink``: snake_case functions, handles as plain ints, outputs returned
directly, failures raised as ``nvJitLinkError``. Everything here comes from the generated layer
(``cudacffi/_gen/nvjitlink.py``), written at build time from the CUDA headers by codegen.
"""

from cudacffi._gen.nvjitlink import *  # noqa: F401,F403
from cudacffi._gen.nvjitlink import _library  # noqa: F401


def available(name):
    """Whether the installed library exports the C function ``name`` (loads the library; calls nothing)."""
    return _library.available(name)
