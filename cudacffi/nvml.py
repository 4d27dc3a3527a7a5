"""NVML, the NVIDIA Management Library, with cuda.bindings' calling conventions (``from cudacffi import nvml``).

Exception style, as ``cuda.bindings.nvml``: snake_case functions, device and other handles as plain ints,
outputs returned directly (structs as readable objects, strings as ``str``, counted lists whole), failures
raised as the ``NvmlError`` subclass of their status (``UninitializedError``, ``NotSupportedError`` ...).
Everything but the helpers below comes from the generated layer (``cudacffi/_gen/nvml.py``), written from
``nvml.h`` by codegen.

The library, ``libnvidia-ml.so.1``, comes with the NVIDIA driver (``CUDACFFI_LIBNVML`` names another). Where
it cannot be loaded, every call raises ``LibraryNotFoundError``: an ``NvmlError`` with status
``ERROR_LIBRARY_NOT_FOUND`` and also ``cudacffi.LibraryNotFoundError``, whose message says where it looked.
"""

from cudacffi import _errors
from cudacffi._gen.nvml import *  # noqa: F401,F403
from cudacffi._gen.nvml import _library, LibraryNotFoundError as _NotFound, NvmlError, Return


class LibraryNotFoundError(_NotFound, _errors.LibraryNotFoundError):
    """libnvidia-ml could not be loaded (no NVIDIA driver here): ``status`` is ``Return.ERROR_LIBRARY_NOT_FOUND``
    and ``str(e)`` says where the library was searched."""

    def __init__(self, message):
        _NotFound.__init__(self, Return.ERROR_LIBRARY_NOT_FOUND)
        if not isinstance(message, str):  # the status itself, from a call that returned it
            message = "ERROR_LIBRARY_NOT_FOUND (%d)" % int(Return.ERROR_LIBRARY_NOT_FOUND)
        self.args = (message,)

    def __new__(cls, message, *args):
        return Exception.__new__(cls, message)

    def __str__(self):
        return self.args[0]


NvmlError._by_status[int(Return.ERROR_LIBRARY_NOT_FOUND)] = LibraryNotFoundError
_library.not_found = LibraryNotFoundError


def check_status(status):
    """Raise the ``NvmlError`` subclass of a failing NVML status; return 0 for success."""
    if status:
        raise NvmlError(status)
    return 0


def check_status_size(status):
    """As ``check_status``, but ``ERROR_INSUFFICIENT_SIZE`` (a size query's answer) is no failure."""
    if status == Return.ERROR_INSUFFICIENT_SIZE:
        return 0
    return check_status(status)


def available(name):
    """Whether the installed library exports the C function ``name`` (loads the library; calls nothing)."""
    return _library.available(name)
