"""ObjectCode (compiled code, loaded lazily with cuLibraryLoadData) and Kernel (a CUkernel of it)."""

import collections
import operator
import os
import threading

from . import _release, _utils
from ._utils import as_int, check, read_code

ParamInfo = collections.namedtuple("ParamInfo", ("offset", "size"))
MaxPotentialBlockSizeOccupancyResult = collections.namedtuple("MaxPotentialBlockSizeOccupancyResult",
                                                              ("min_grid_size", "max_block_size"))
_LOADABLE = ("cubin", "ptx", "fatbin")  # what get_kernel takes
_CODE_TYPES = ("ptx", "cubin", "ltoir", "fatbin", "object", "library")


def _name_arg(name):
    """The ``name`` of the ObjectCode.from_* constructors: a str, as cuda.core requires, that UTF-8 encodes (it
    is handed to the linker as text; a lone surrogate raises UnicodeEncodeError naming it)."""
    if not isinstance(name, str):
        raise TypeError("Argument 'name' has incorrect type (expected str, got %s)" % type(name).__name__)
    _utils.encode_text(name, "name")
    return name


class ObjectCode:
    """Compiled code: cubin, PTX, LTO-IR, fatbin, object or library. Make one with ``Program.compile``,
    ``Linker.link`` or the ``from_*`` constructors (bytes or bytearray, or a path: a str is kept as given, an
    os.PathLike as ``os.fspath`` of it). The code is loaded (cuLibraryLoadData / cuLibraryLoadFromFile) on
    first use of ``handle``, ``get_kernel``, ``get_module``, ``repr``, ``==`` or ``hash``, which compare the
    loaded library. It pickles as its code, type, name and symbol mapping, loaded or not (a path pickles as the
    path)."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError("ObjectCode objects cannot be instantiated directly. Please use ObjectCode APIs "
                           "(from_cubin, from_ptx) or Program APIs (compile).")

    @classmethod
    def _init(cls, module, code_type, *, name="", symbol_mapping=None):
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
    def _reduce_helper(module, code_type, name, symbol_mapping):
        return ObjectCode._init(module, code_type, name=name or "", symbol_mapping=symbol_mapping)

    def __reduce__(self):
        return ObjectCode._reduce_helper, (self._module, self._code_type, self._name, self._sym_map)

    @staticmethod
    def from_cubin(module, *, name="", symbol_mapping=None):
        return ObjectCode._init(module, "cubin", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_ptx(module, *, name="", symbol_mapping=None):
        return ObjectCode._init(module, "ptx", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_ltoir(module, *, name="", symbol_mapping=None):
        return ObjectCode._init(module, "ltoir", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_fatbin(module, *, name="", symbol_mapping=None):
        return ObjectCode._init(module, "fatbin", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_object(module, *, name="", symbol_mapping=None):
        return ObjectCode._init(module, "object", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @staticmethod
    def from_library(module, *, name="", symbol_mapping=None):
        return ObjectCode._init(module, "library", name=_name_arg(name), symbol_mapping=symbol_mapping)

    @property
    def code(self):
        """The code as given: bytes, bytearray, or the path (a str)."""
        return self._module

    @property
    def code_type(self):
        return self._code_type

    @property
    def name(self):
        return self._name

    @property
    def symbol_mapping(self):
        return dict(self._sym_map)

    def _bytes(self):
        return read_code(self._module, "module")

    def __repr__(self):
        try:
            handle = int(self._load())
        except Exception:  # code the driver cannot load, or no driver: a repr never raises
            handle = 0
        return "<ObjectCode handle=%#x code_type='%s'>" % (handle, self._code_type)

    def __eq__(self, other):
        if not isinstance(other, ObjectCode):
            return NotImplemented
        return int(self._load()) == int(other._load())

    def __hash__(self):
        return hash(int(self._load()))

    # -- loading ---------------------------------------------------------------------------------------------
    def _load(self):
        lib = self._library
        if lib is None:
            with self._lock:
                lib = self._library
                if lib is None:
                    drv = _utils.driver()
                    module = self._module
                    if isinstance(module, str):  # a path: the driver reads the file
                        lib = check(drv.cuLibraryLoadFromFile(os.fsencode(module), None, None, 0, None, None, 0))
                    else:
                        data = bytes(module)
                        if self._code_type == "ptx" and not data.endswith(b"\0"):
                            data += b"\0"  # the driver reads PTX up to its NUL
                        lib = check(drv.cuLibraryLoadData(data, None, None, 0, None, None, 0))
                    self._library = lib
        return lib

    @property
    def handle(self):
        """The ``driver.CUlibrary`` (loading the code on first use)."""
        return self._load()

    def get_module(self):
        """The current context's ``driver.CUmodule`` of the library, for APIs that take a CUmodule."""
        return check(_utils.driver().cuLibraryGetModule(self._load()))

    def get_kernel(self, name):
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

    def close(self):
        """Unload the library (idempotent); kernels taken from it must no longer be launched."""
        lib, self._library = self._library, None
        self._kernels = {}
        if lib is not None:
            _utils.driver().cuLibraryUnload(lib)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release)
        lib = getattr(self, "_library", None)
        if lib is not None:
            self._library = None
            _defer(_unload, lib)


def _unload(lib):
    _utils.driver().cuLibraryUnload(lib)


_NO_PARAM_INFO = object()


def _launch_miss(args, native, function):
    """A kernel's fast launcher before its first launch: no argument classes match."""
    return None


class Kernel:
    """A kernel of a loaded ObjectCode; launch it with ``launch(stream, config, kernel, *args)``.
    It keeps its ObjectCode (and so the loaded library) alive."""

    __slots__ = ("_handle", "_h", "_module", "_name", "_param_info", "_arg_plans", "_fast", "_attributes",
                 "_occupancy", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("Kernel objects cannot be instantiated directly. Please use ObjectCode APIs.")

    @classmethod
    def _from_kernel(cls, handle, module, name=None):
        self = object.__new__(cls)
        self._handle = handle
        self._h = int(handle)
        self._module = module
        self._name = name
        self._param_info = None  # list of ParamInfo, _NO_PARAM_INFO where the driver cannot say, None: not asked
        self._arg_plans = {}
        self._fast = _launch_miss  # the fast launcher of the last argument classes launched (see _launch)
        self._attributes = self._occupancy = None
        return self

    @staticmethod
    def from_handle(handle, mod=None):
        """A Kernel over an existing ``CUkernel`` (an int address); ``mod`` is kept alive with it."""
        if handle.__class__ is not int:
            try:
                handle = operator.index(handle)
            except TypeError:
                raise TypeError("handle must be an integer, got %s" % type(handle).__name__) from None
        if mod is not None and not isinstance(mod, ObjectCode):
            raise TypeError("mod must be an ObjectCode or None, not %s" % type(mod).__name__)
        return Kernel._from_kernel(_utils.driver().CUkernel(handle), mod)

    @property
    def handle(self):
        return self._handle

    @property
    def name(self):
        return self._name

    def __eq__(self, other):
        if not isinstance(other, Kernel):
            return NotImplemented
        return other._h == self._h

    def __hash__(self):
        return hash(self._h)

    def __repr__(self):
        return "<Kernel handle=%#x>" % (self._h,)

    def __reduce__(self):
        raise TypeError("cannot pickle 'Kernel' object: it is a kernel of a library loaded in this process "
                        "(pickle its ObjectCode and call get_kernel again)")

    # -- parameters ------------------------------------------------------------------------------------------
    def _params(self):
        """[ParamInfo] from the driver, or None where it cannot say (driver older than 12.4)."""
        info = self._param_info
        if info is None:
            info = self._param_info = _query_param_info(self._handle)
        return None if info is _NO_PARAM_INFO else info

    @property
    def arguments_info(self):
        """[ParamInfo(offset, size)] of each parameter, from cuKernelGetParamInfo."""
        info = self._params()
        if info is None:
            raise NotImplementedError("the driver cannot report kernel parameters (cuKernelGetParamInfo needs "
                                      "a CUDA 12.4 driver)")
        return list(info)

    @property
    def num_arguments(self):
        return len(self.arguments_info)

    @property
    def attributes(self):
        if self._attributes is None:
            self._attributes = KernelAttributes._init(self, None)
        return self._attributes

    @property
    def occupancy(self):
        if self._occupancy is None:
            self._occupancy = KernelOccupancy._init(self)
        return self._occupancy

    def _function(self):
        """This kernel's CUfunction in the current context."""
        return check(_utils.driver().cuKernelGetFunction(self._handle))


def _query_param_info(handle):
    drv = _utils.driver()
    getter = getattr(drv, "cuKernelGetParamInfo", None)
    if getter is None:
        return _NO_PARAM_INFO
    out = []
    while True:
        try:
            err, offset, size = getter(handle, len(out))
        except RuntimeError:  # FunctionNotFoundError: the driver predates 12.4
            return _NO_PARAM_INFO
        if err == drv.CUresult.CUDA_ERROR_INVALID_VALUE:
            return out  # past the last parameter
        if err == drv.CUresult.CUDA_ERROR_NOT_SUPPORTED:
            return _NO_PARAM_INFO
        check((err,))
        out.append(ParamInfo(offset, size))


_KERNEL_ATTRIBUTES = {  # Python name -> (CUfunction_attribute member name, bool?)
    "max_threads_per_block": ("CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK", False),
    "shared_size_bytes": ("CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES", False),
    "const_size_bytes": ("CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES", False),
    "local_size_bytes": ("CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES", False),
    "num_regs": ("CU_FUNC_ATTRIBUTE_NUM_REGS", False),
    "ptx_version": ("CU_FUNC_ATTRIBUTE_PTX_VERSION", False),
    "binary_version": ("CU_FUNC_ATTRIBUTE_BINARY_VERSION", False),
    "cache_mode_ca": ("CU_FUNC_ATTRIBUTE_CACHE_MODE_CA", True),
    "max_dynamic_shared_size_bytes": ("CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES", False),
    "preferred_shared_memory_carveout": ("CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT", False),
    "cluster_size_must_be_set": ("CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET", True),
    "required_cluster_width": ("CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH", False),
    "required_cluster_height": ("CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT", False),
    "required_cluster_depth": ("CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH", False),
    "non_portable_cluster_size_allowed": ("CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED", True),
    "cluster_scheduling_policy_preference": ("CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE", False),
}


class KernelAttributes:
    """A kernel's attributes on a device (the current one, or ``attributes[device]``), cached."""

    __slots__ = ("_kernel", "_device_id", "_cache")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("KernelAttributes cannot be instantiated directly. Please use Kernel APIs.")

    @classmethod
    def _init(cls, kernel, device_id, cache=None):
        self = object.__new__(cls)
        self._kernel = kernel
        self._device_id = device_id
        self._cache = {} if cache is None else cache
        return self

    def __getitem__(self, device):
        from ._device import Device

        return KernelAttributes._init(self._kernel, Device(device).device_id, self._cache)

    def _get(self, name):
        from ._device import Device

        dev = Device(self._device_id)
        key = (dev.device_id, name)
        try:
            return self._cache[key]
        except KeyError:
            pass
        drv = _utils.driver()
        member, is_bool = _KERNEL_ATTRIBUTES[name]
        value = check(drv.cuKernelGetAttribute(getattr(drv.CUfunction_attribute, member), self._kernel._handle,
                                               dev._cu))
        value = bool(value) if is_bool else value
        self._cache[key] = value
        return value


def _kernel_attribute(name):
    def get(self):
        return self._get(name)
    get.__name__ = name
    return property(get, doc="cuKernelGetAttribute(%s)" % _KERNEL_ATTRIBUTES[name][0])


for _name in _KERNEL_ATTRIBUTES:
    setattr(KernelAttributes, _name, _kernel_attribute(_name))
del _name


class KernelOccupancy:
    """Occupancy queries for a kernel, in the current context."""

    __slots__ = ("_kernel",)

    def __init__(self, *args, **kwargs):
        raise RuntimeError("KernelOccupancy cannot be instantiated directly. Please use Kernel APIs.")

    @classmethod
    def _init(cls, kernel):
        self = object.__new__(cls)
        self._kernel = kernel
        return self

    def max_active_blocks_per_multiprocessor(self, block_size, dynamic_shared_memory_size):
        """The most blocks of ``block_size`` threads, each with ``dynamic_shared_memory_size`` bytes of dynamic
        shared memory, that one multiprocessor runs at once."""
        block_size = as_int(block_size, "block_size")
        smem = as_int(dynamic_shared_memory_size, "dynamic_shared_memory_size", 0)
        drv = _utils.driver()
        return check(drv.cuOccupancyMaxActiveBlocksPerMultiprocessor(self._kernel._function(), block_size, smem))

    def max_potential_block_size(self, dynamic_shared_memory_needed, block_size_limit):
        """MaxPotentialBlockSizeOccupancyResult(min_grid_size, max_block_size) for the best occupancy.

        ``dynamic_shared_memory_needed``: the bytes of dynamic shared memory a block needs, as an int, or as
        a function of the block size: a ``driver.CUoccupancyB2DSize`` (a C function pointer; another binding's
        CUoccupancyB2DSize, whose ``getPtr()`` gives it, too) or a Python callable ``block_size -> bytes``,
        called during this call on
        this thread (an exception it raises is reported on stderr and its answer counts as 0 bytes).
        ``block_size_limit``: the largest block size to consider (0: the device's and kernel's limit)."""
        from .. import driver

        needed = dynamic_shared_memory_needed
        limit = as_int(block_size_limit, "block_size_limit")
        if isinstance(needed, driver.CUoccupancyB2DSize):
            callback, fixed = needed, 0
        elif hasattr(type(needed), "__index__"):
            callback, fixed = None, as_int(needed, "dynamic_shared_memory_needed", 0)
        elif callable(needed):
            callback, fixed = needed, 0
        elif type(needed).__name__ == "CUoccupancyB2DSize" and hasattr(needed, "getPtr"):
            # another binding's function pointer (cuda.bindings'); other objects with getPtr() (a Buffer, a
            # CUstream) hold no function and are refused below rather than called
            callback, fixed = driver.CUoccupancyB2DSize(int(needed.getPtr())), 0
        else:
            raise TypeError("dynamic_shared_memory_needed expected to have type int, or CUoccupancyB2DSize, or a "
                            "callable block_size -> bytes, got %s" % (type(needed),))
        drv = _utils.driver()
        grid, block = check(drv.cuOccupancyMaxPotentialBlockSize(self._kernel._function(), callback, fixed, limit))
        return MaxPotentialBlockSizeOccupancyResult(min_grid_size=grid, max_block_size=block)

    def available_dynamic_shared_memory_per_block(self, num_blocks_per_multiprocessor, block_size):
        """The bytes of dynamic shared memory each block can have with ``num_blocks_per_multiprocessor`` blocks
        of ``block_size`` threads on each multiprocessor."""
        blocks = as_int(num_blocks_per_multiprocessor, "num_blocks_per_multiprocessor")
        block_size = as_int(block_size, "block_size")
        drv = _utils.driver()
        return check(drv.cuOccupancyAvailableDynamicSMemPerBlock(self._kernel._function(), blocks, block_size))

    def max_potential_cluster_size(self, config, *, stream):
        """The largest cluster size ``config`` (a LaunchConfig) can launch with on ``stream``."""
        from ._launch import _native_config, check_config

        check_config(config)  # the arguments first, as cuda.core checks them: before any driver call
        handle = _utils.stream_handle(stream)
        drv = _utils.driver()
        native = _native_config(config, handle, with_cluster=False)
        return check(drv.cuOccupancyMaxPotentialClusterSize(self._kernel._function(), native))

    def max_active_clusters(self, config, *, stream):
        """The most clusters of ``config`` (a LaunchConfig) that can be active at once on ``stream``."""
        from ._launch import _native_config, check_config

        check_config(config)
        handle = _utils.stream_handle(stream)
        drv = _utils.driver()
        native = _native_config(config, handle)
        return check(drv.cuOccupancyMaxActiveClusters(self._kernel._function(), native))
