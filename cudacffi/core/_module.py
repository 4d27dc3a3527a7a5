"""ObjectCode: compiled code (cubin, PTX, LTO-IR, fatbin, object, library), loaded lazily with cuLibraryLoadData,
and the Kernels of it (``get_kernel``; Kernel itself is in ``_kernel``, below this module).
"""

from __future__ import annotations

import os
import threading
from typing import Any, Dict, Optional, Union

from .. import driver
from . import _registry, _release, _utils
from ._kernel import Kernel
from ._utils import check, read_code

__all__ = ["ObjectCode"]

_Code = Union[bytes, bytearray, str, "os.PathLike[str]"]
_SymbolMapping = Optional[Dict[Any, Any]]
_LOADABLE = ("cubin", "ptx", "fatbin")  # what get_kernel takes
_CODE_TYPES = ("ptx", "cubin", "ltoir", "fatbin", "object", "library")


def _name_arg(name: Any) -> str:
    """The ``name`` of the ObjectCode.from_* constructors: a str, as cuda.core requires, that UTF-8 encodes (it
    is handed to the linker as text; a lone surrogate raises UnicodeEncodeError naming it)."""
    if not isinstance(name, str):
        raise TypeError("Argument 'name' has incorrect type (expected str, got %s)" % type(name).__name__)
    _utils.encode_text(name, "name")
    return name


@_registry.provides
class ObjectCode:
    """Compiled code: cubin, PTX, LTO-IR, fatbin, object or library. Make one with ``Program.compile``,
    ``Linker.link`` or the ``from_*`` constructors (bytes or bytearray, or a path: a str is kept as given, an
    os.PathLike as ``os.fspath`` of it). The code is loaded (cuLibraryLoadData / cuLibraryLoadFromFile) on
    first use of ``handle``, ``get_kernel``, ``get_module``, ``repr``, ``==`` or ``hash``, which compare the
    loaded library. It pickles as its code, type, name and symbol mapping, loaded or not (a path pickles as the
    path)."""

    _module: _Code
    _code_type: str
    _name: str
    _sym_map: Dict[Any, Any]  # name expression -> mangled name
    _library: Any  # driver.CUlibrary once loaded, else None
    _kernels: Dict[bytes, Kernel]
    _lock: threading.Lock

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("ObjectCode objects cannot be instantiated directly. Please use ObjectCode APIs "
                           "(from_cubin, from_ptx) or Program APIs (compile).")

    @classmethod
    def _init(cls, module: _Code, code_type: str, *, name: str = "",
              symbol_mapping: _SymbolMapping = None) -> ObjectCode:
        self = object.__new__(cls)
        if isinstance(module, os.PathLike):
            module = os.fspath(module)
        if not isinstance(module, (bytes, bytearray, str)):
            raise TypeError("module must be bytes, bytearray or a path (str or os.PathLike), not %s"
                            % type(module).__name__)
        if isinstance(module, str):  # a path, read when the code is loaded: one the file system cannot name fails now
            try:
                encoded = os.fsencode(module)
            except UnicodeEncodeError as e:
                raise UnicodeEncodeError(e.encoding, e.object, e.start, e.end,
                                         "%s (module, a path, must be text the file system encodes)"
                                         % e.reason) from None
            if b"\0" in encoded:  # (the loader would read the path up to it: another file)
                raise ValueError("module, a path, must not hold a NUL character, got %r" % (module,))
        if symbol_mapping is not None and not isinstance(symbol_mapping, dict):
            raise TypeError("Argument 'symbol_mapping' has incorrect type (expected dict, got %s)"
                            % type(symbol_mapping).__name__)
        if code_type not in _CODE_TYPES:
            raise ValueError("code_type must be one of %s, not %r" % (", ".join(map(repr, _CODE_TYPES)), code_type))
        self._module = module
        self._code_type = str(code_type)
        self._name = name or ""
        self._sym_map = {} if symbol_mapping is None else symbol_mapping
        self._library = None
        self._kernels = {}
        self._lock = threading.Lock()
        return self

    @staticmethod
    def _reduce_helper(module: _Code, code_type: str, name: str, symbol_mapping: _SymbolMapping) -> ObjectCode:
        return ObjectCode._init(module, code_type, name=name or "", symbol_mapping=symbol_mapping)

    def __reduce__(self) -> Any:
        return ObjectCode._reduce_helper, (self._module, self._code_type, self._name, self._sym_map)

    @staticmethod
    def from_cubin(module: _Code, *, name: str = "", symbol_mapping: _SymbolMapping = None) -> ObjectCode:
        """An ObjectCode of cubin code: bytes, bytearray or a path (str or os.PathLike)."""
        return ObjectCode._init(module, "cubin", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_ptx(module: _Code, *, name: str = "", symbol_mapping: _SymbolMapping = None) -> ObjectCode:
        """An ObjectCode of ptx code: bytes, bytearray or a path (str or os.PathLike)."""
        return ObjectCode._init(module, "ptx", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_ltoir(module: _Code, *, name: str = "", symbol_mapping: _SymbolMapping = None) -> ObjectCode:
        """An ObjectCode of LTO-IR code: bytes, bytearray or a path (str or os.PathLike)."""
        return ObjectCode._init(module, "ltoir", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_fatbin(module: _Code, *, name: str = "", symbol_mapping: _SymbolMapping = None) -> ObjectCode:
        """An ObjectCode of fatbin code: bytes, bytearray or a path (str or os.PathLike)."""
        return ObjectCode._init(module, "fatbin", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_object(module: _Code, *, name: str = "", symbol_mapping: _SymbolMapping = None) -> ObjectCode:
        """An ObjectCode of object code: bytes, bytearray or a path (str or os.PathLike)."""
        return ObjectCode._init(module, "object", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_library(module: _Code, *, name: str = "", symbol_mapping: _SymbolMapping = None) -> ObjectCode:
        """An ObjectCode of library code: bytes, bytearray or a path (str or os.PathLike)."""
        return ObjectCode._init(module, "library", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @property
    def code(self) -> _Code:
        """The code as given: bytes, bytearray, or the path (a str)."""
        return self._module

    @property
    def code_type(self) -> str:
        """"cubin", "ptx", "ltoir", "fatbin", "object" or "library"."""
        return self._code_type

    @property
    def name(self) -> str:
        """The name given (the program's, for compiled code); "" where none was."""
        return self._name

    @property
    def symbol_mapping(self) -> Dict[Any, Any]:
        """A copy of the name-expression mapping (expression as given -> mangled name)."""
        return dict(self._sym_map)

    def _bytes(self) -> bytes:
        return read_code(self._module, "module")

    def __repr__(self) -> str:
        try:
            handle = int(self._load())
        except Exception:  # code the driver cannot load, or no driver: a repr never raises
            handle = 0
        return "<ObjectCode handle=%#x code_type='%s'>" % (handle, self._code_type)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ObjectCode):
            return NotImplemented
        return int(self._load()) == int(other._load())

    def __hash__(self) -> int:
        return hash(int(self._load()))

    # -- loading ---------------------------------------------------------------------------------------------
    def _load(self) -> Any:
        library = self._library
        if library is None:
            with self._lock:
                library = self._library
                if library is None:
                    drv = _utils.driver()
                    module = self._module
                    if isinstance(module, str):  # a path: the driver reads the file
                        library = check(drv.cuLibraryLoadFromFile(os.fsencode(module), None, None, 0, None, None, 0))
                    else:
                        data = bytes(module)
                        if self._code_type == "ptx" and not data.endswith(b"\0"):
                            data += b"\0"  # the driver reads PTX up to its NUL
                        library = check(drv.cuLibraryLoadData(data, None, None, 0, None, None, 0))
                    self._library = library
        return library

    @property
    def handle(self) -> driver.CUlibrary:
        """The ``driver.CUlibrary`` (loading the code on first use)."""
        return self._load()

    def get_module(self) -> driver.CUmodule:
        """The current context's ``driver.CUmodule`` of the library, for APIs that take a CUmodule."""
        return check(_utils.driver().cuLibraryGetModule(self._load()))

    def get_kernel(self, name: Union[str, bytes]) -> Kernel:
        """The Kernel ``name`` (str or bytes; a name expression given to Program.compile maps to its mangled
        name). A name the code lacks raises CUDAError (CUDA_ERROR_NOT_FOUND)."""
        if not isinstance(name, (str, bytes)):
            raise TypeError("name must be str or bytes, not %s" % type(name).__name__)
        library = self._load()
        if self._code_type not in _LOADABLE:
            raise RuntimeError('Unsupported code type "%s" (supported_code_types=%r)' % (self._code_type, _LOADABLE))
        symbol = self._sym_map.get(name)
        if symbol is None:  # also the other spelling of a name expression (str for bytes, bytes for str)
            other = name.decode() if isinstance(name, bytes) else name.encode()
            symbol = self._sym_map.get(other, name)
        if isinstance(symbol, str):
            symbol = symbol.encode()
        kernel = self._kernels.get(symbol)
        if kernel is None:
            handle = check(_utils.driver().cuLibraryGetKernel(library, symbol))
            kernel = self._kernels[symbol] = Kernel._from_kernel(handle, self, symbol.decode())
        return kernel

    def close(self) -> None:
        """Unload the library (idempotent); kernels taken from it must no longer be launched."""
        library, self._library = self._library, None
        self._kernels = {}
        if library is not None:
            _utils.driver().cuLibraryUnload(library)

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        library = getattr(self, "_library", None)
        if library is not None:
            self._library = None
            _defer(_unload, library)


def _unload(library: Any) -> None:
    _utils.driver().cuLibraryUnload(library)
