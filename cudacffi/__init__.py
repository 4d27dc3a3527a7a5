"""cudacffi: CUDA's host APIs (Driver, Runtime, NVRTC, ...) for CPython and PyPy, with cuda.bindings' conventions.

    from cudacffi import driver, runtime, nvrtc   # instead of: from cuda.bindings import ...

Importing loads no CUDA library; each family loads its library on its first call. ``check(result)``
turns a result tuple into its outputs or raises ``CUDAError``.
"""

import sys

from ._exceptions import CUDAError, FunctionNotFoundError, LibraryNotFoundError, LibraryVersionError

__version__ = "0.1.0"
__all__ = ["check", "CUDAError", "LibraryNotFoundError", "FunctionNotFoundError", "LibraryVersionError",
           "__version__"]


# (end of the defining module's name, the function describing its statuses, whether that function's own status
# must be success for its text to count)
_DESCRIBERS = (("driver", "cuGetErrorString", True), ("runtime", "cudaGetErrorString", True),
               ("nvrtc", "nvrtcGetErrorString", False))


def _error_text(result):
    """(name, description) of a status enum member from the family that defined it (a family's module is
    imported wherever one of its members exists, so it is found among the loaded modules)."""
    module = type(result).__module__
    name = getattr(result, "name", str(int(result)))
    description = ""
    try:
        for family, describe, has_status in _DESCRIBERS:
            if module.endswith(family):
                err, s = getattr(sys.modules[module], describe)(result)
                if (not err or not has_status) and s:
                    description = s.decode(errors="replace")
                break
    except Exception:  # describing an error must never hide it
        pass
    return name, description


# check()'s result has the types of the call's outputs (the stubs of cudacffi._gen type each call's tuple): a
# status alone gives None, one output that output, several a tuple of them (up to six, the most any call has).
# mypy reads the overloads (it takes TYPE_CHECKING as True); the interpreter runs the function below them and
# imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Tuple, TypeVar, overload

    _T1 = TypeVar("_T1")
    _T2 = TypeVar("_T2")
    _T3 = TypeVar("_T3")
    _T4 = TypeVar("_T4")
    _T5 = TypeVar("_T5")
    _T6 = TypeVar("_T6")

    @overload
    def check(result: Tuple[Any]) -> None: ...
    @overload
    def check(result: Tuple[Any, _T1]) -> _T1: ...
    @overload
    def check(result: Tuple[Any, _T1, _T2]) -> Tuple[_T1, _T2]: ...
    @overload
    def check(result: Tuple[Any, _T1, _T2, _T3]) -> Tuple[_T1, _T2, _T3]: ...
    @overload
    def check(result: Tuple[Any, _T1, _T2, _T3, _T4]) -> Tuple[_T1, _T2, _T3, _T4]: ...
    @overload
    def check(result: Tuple[Any, _T1, _T2, _T3, _T4, _T5]) -> Tuple[_T1, _T2, _T3, _T4, _T5]: ...
    @overload
    def check(result: Tuple[Any, _T1, _T2, _T3, _T4, _T5, _T6]) -> Tuple[_T1, _T2, _T3, _T4, _T5, _T6]: ...
    @overload
    def check(result: Tuple[Any, ...]) -> Any: ...
    def check(result: Any) -> Any:
        """The seeds' ``checkCudaErrors``: outputs of a result tuple, or ``CUDAError`` if its status failed."""
else:
    def check(result):
        """The seeds' ``checkCudaErrors``: outputs of a result tuple, or ``CUDAError`` if its status failed.

        ``(SUCCESS,)`` -> None; ``(SUCCESS, x)`` -> x; ``(SUCCESS, x, y)`` -> (x, y).
        """
        if not isinstance(result, tuple) or not result:
            raise TypeError("check() expects the tuple a cudacffi call returns, not %s" % type(result).__name__)
        status = result[0]
        if int(status):
            name, description = _error_text(status)
            raise CUDAError(status, name, description)
        if len(result) == 1:
            return None
        if len(result) == 2:
            return result[1]
        return result[1:]


del TYPE_CHECKING  # not the package's name
