"""The CUDA driver API with cuda.bindings' calling conventions (``from cudacffi import driver``).

Everything here comes from the generated layer (``cudacffi/_gen/driver.py``), written at build time
from the CUDA headers by codegen, checks included (host buffers of the memcpy family against their byte counts:
``codegen/decisions/checks.py``).
"""

from cudacffi._gen.driver import *  # noqa: F401,F403
from cudacffi._gen.driver import _library  # noqa: F401


def available(name):
    """Whether the installed library exports ``name`` (loads the library; never calls the function)."""
    return _library.available(name)
