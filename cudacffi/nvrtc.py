"""The CUDA nvrtc API with cuda.bindings' calling conventions (``from cudacffi import nvrtc``).

Everything here comes from the generated layer (``cudacffi/_gen/nvrtc.py``), written at build time
from the CUDA headers by codegen. The generated functions track program handles (``_programs``, a
``cudacffi._call_checks.Programs``; ``codegen/decisions/checks.py``): a call given a destroyed program, one this
module did not create, or a handle of another class returns ``NVRTC_ERROR_INVALID_PROGRAM`` (NVRTC itself crashes
on those), and destroying is one locked step.
"""

from cudacffi._gen.nvrtc import *  # noqa: F401,F403
from cudacffi._gen.nvrtc import _library, _programs  # noqa: F401


def available(name):
    """Whether the installed library exports ``name`` (loads the library; never calls the function)."""
    return _library.available(name)
