"""Former name of ``cudacffi._exceptions``, kept only while ``cudacffi.core.system._nvml`` imports it: it should
use ``cudacffi.FunctionNotFoundError`` (the public name); delete this module then."""

from ._exceptions import CUDAError, FunctionNotFoundError, LibraryNotFoundError, LibraryVersionError  # noqa: F401
