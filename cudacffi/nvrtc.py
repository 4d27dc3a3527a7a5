"""The CUDA nvrtc API with cuda.bindings' calling conventions (``from cudacffi import nvrtc``).

Everything here comes from the generated layer (``cudacffi/_gen/nvrtc.py``), written at build time
from the CUDA headers by codegen. Program handles are tracked here (``cudacffi._call_checks.Programs``): a call
given a destroyed program, one this module did not create, or a handle of another class returns
``NVRTC_ERROR_INVALID_PROGRAM`` (NVRTC itself crashes on those), and destroying is one locked step.
"""

from cudacffi import _call_checks
from cudacffi._gen.nvrtc import *  # noqa: F401,F403
from cudacffi._gen.nvrtc import _library, nvrtcProgram, nvrtcResult  # noqa: F401

_programs = _call_checks.guard_programs(globals(), nvrtcProgram, nvrtcResult.NVRTC_ERROR_INVALID_PROGRAM)


def available(name):
    """Whether the installed library exports ``name`` (loads the library; never calls the function)."""
    return _library.available(name)
