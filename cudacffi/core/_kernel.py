"""Kernel (a CUkernel of a loaded ObjectCode), its attributes per device and its occupancy queries, and ParamInfo.

A Kernel keeps the ObjectCode it came from alive but does not know its class: ``ObjectCode.get_kernel`` (in
``_module``, above) makes Kernels, and ``Kernel.from_handle`` looks ObjectCode up in ``_registry`` to check its
``mod``. What ``launch`` keeps per kernel (argument plans, the last fast launcher) lives in its slots; the plans
are made by ``_kernel_args``.
"""

from __future__ import annotations

import collections
import operator
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, Union

from .. import driver
from . import _context, _registry, _utils
from ._launch_config import LaunchConfig, _native_config, check_config
from ._stream import stream_handle
from ._utils import as_int, check

if TYPE_CHECKING:
    from ._module import ObjectCode
    from .typing import IsStreamType

__all__ = ["Kernel", "KernelAttributes", "KernelOccupancy", "MaxPotentialBlockSizeOccupancyResult", "ParamInfo"]

ParamInfo = collections.namedtuple("ParamInfo", ("offset", "size"))
MaxPotentialBlockSizeOccupancyResult = collections.namedtuple("MaxPotentialBlockSizeOccupancyResult",
                                                              ("min_grid_size", "max_block_size"))

_NO_PARAM_INFO = object()


def _launch_miss(args: Any, native: Any, function: int) -> None:
    """A kernel's fast launcher before its first launch: no argument classes match."""
    return None


class Kernel:
    """A kernel of a loaded ObjectCode; launch it with ``launch(stream, config, kernel, *args)``.
    It keeps its ObjectCode (and so the loaded library) alive."""

    __slots__ = ("_handle", "_h", "_module", "_name", "_param_info", "_arg_plans", "_fast", "_attributes",
                 "_occupancy", "__weakref__")
    _handle: Any  # driver.CUkernel
    _h: int  # its value, for the launchers
    _module: Optional[ObjectCode]
    _name: Optional[str]
    _param_info: Any  # [ParamInfo], _NO_PARAM_INFO, or None: not asked yet
    _arg_plans: Dict[tuple, Any]  # argument classes -> _kernel_args' plan
    _fast: Callable[..., Any]  # the fast launcher of the last argument classes launched
    _attributes: Optional[KernelAttributes]
    _occupancy: Optional[KernelOccupancy]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("Kernel objects cannot be instantiated directly. Please use ObjectCode APIs.")

    @classmethod
    def _from_kernel(cls, handle: Any, module: Optional[ObjectCode], name: Optional[str] = None) -> Kernel:
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
    def from_handle(handle: int, mod: Optional[ObjectCode] = None) -> Kernel:
        """A Kernel over an existing ``CUkernel`` (an int address); ``mod`` is kept alive with it."""
        if handle.__class__ is not int:
            try:
                handle = operator.index(handle)
            except TypeError:
                raise TypeError("handle must be an integer, got %s" % type(handle).__name__) from None
        if mod is not None and not isinstance(mod, _registry.lookup("ObjectCode")):
            raise TypeError("mod must be an ObjectCode or None, not %s" % type(mod).__name__)
        return Kernel._from_kernel(_utils.driver().CUkernel(handle), mod)

    @property
    def handle(self) -> driver.CUkernel:
        """The ``driver.CUkernel``."""
        return self._handle

    @property
    def name(self) -> Optional[str]:
        """The kernel's name as looked up in its ObjectCode (None for one made with ``from_handle``)."""
        return self._name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Kernel):
            return NotImplemented
        return other._h == self._h

    def __hash__(self) -> int:
        return hash(self._h)

    def __repr__(self) -> str:
        return "<Kernel handle=%#x>" % (self._h,)

    def __reduce__(self) -> Any:
        raise TypeError("cannot pickle 'Kernel' object: it is a kernel of a library loaded in this process "
                        "(pickle its ObjectCode and call get_kernel again)")

    # -- parameters ------------------------------------------------------------------------------------------
    def _params(self) -> Optional[List[ParamInfo]]:
        """[ParamInfo] from the driver, or None where it cannot say (driver older than 12.4)."""
        info = self._param_info
        if info is None:
            info = self._param_info = _query_param_info(self._handle)
        return None if info is _NO_PARAM_INFO else info

    @property
    def arguments_info(self) -> List[ParamInfo]:
        """[ParamInfo(offset, size)] of each parameter, from cuKernelGetParamInfo."""
        info = self._params()
        if info is None:
            raise NotImplementedError("the driver cannot report kernel parameters (cuKernelGetParamInfo needs "
                                      "a CUDA 12.4 driver)")
        return list(info)

    @property
    def num_arguments(self) -> int:
        """The number of the kernel's parameters."""
        return len(self.arguments_info)

    @property
    def attributes(self) -> KernelAttributes:
        """The kernel's attributes on the current device (``attributes[device]`` for another)."""
        if self._attributes is None:
            self._attributes = KernelAttributes._init(self, None)
        return self._attributes

    @property
    def occupancy(self) -> KernelOccupancy:
        """Occupancy queries for the kernel in the current context."""
        if self._occupancy is None:
            self._occupancy = KernelOccupancy._init(self)
        return self._occupancy

    def _function(self) -> Any:
        """This kernel's CUfunction in the current context."""
        return check(_utils.driver().cuKernelGetFunction(self._handle))


def _query_param_info(handle: Any) -> Any:
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
    _kernel: Kernel
    _device_id: Optional[int]
    _cache: Dict[Tuple[int, str], Union[int, bool]]

    if TYPE_CHECKING:  # the properties made from _KERNEL_ATTRIBUTES below, as type checkers see them
        max_threads_per_block: int
        shared_size_bytes: int
        const_size_bytes: int
        local_size_bytes: int
        num_regs: int
        ptx_version: int
        binary_version: int
        cache_mode_ca: bool
        max_dynamic_shared_size_bytes: int
        preferred_shared_memory_carveout: int
        cluster_size_must_be_set: bool
        required_cluster_width: int
        required_cluster_height: int
        required_cluster_depth: int
        non_portable_cluster_size_allowed: bool
        cluster_scheduling_policy_preference: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("KernelAttributes cannot be instantiated directly. Please use Kernel APIs.")

    @classmethod
    def _init(cls, kernel: Kernel, device_id: Optional[int], cache: Optional[dict] = None) -> KernelAttributes:
        self = object.__new__(cls)
        self._kernel = kernel
        self._device_id = device_id
        self._cache = {} if cache is None else cache
        return self

    def __getitem__(self, device: Any) -> KernelAttributes:
        """The attributes on ``device`` (a Device or an ordinal)."""
        return KernelAttributes._init(self._kernel, _context.device(device).device_id, self._cache)

    def _get(self, name: str) -> Union[int, bool]:
        dev = _context.device(self._device_id)
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


def _kernel_attribute(name: str) -> property:
    def get(self: KernelAttributes) -> Union[int, bool]:
        return self._get(name)
    get.__name__ = name
    return property(get, doc="cuKernelGetAttribute(%s)" % _KERNEL_ATTRIBUTES[name][0])


for _name in _KERNEL_ATTRIBUTES:
    setattr(KernelAttributes, _name, _kernel_attribute(_name))
del _name


class KernelOccupancy:
    """Occupancy queries for a kernel, in the current context."""

    __slots__ = ("_kernel",)
    _kernel: Kernel

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("KernelOccupancy cannot be instantiated directly. Please use Kernel APIs.")

    @classmethod
    def _init(cls, kernel: Kernel) -> KernelOccupancy:
        self = object.__new__(cls)
        self._kernel = kernel
        return self

    def max_active_blocks_per_multiprocessor(self, block_size: int, dynamic_shared_memory_size: int) -> int:
        """The most blocks of ``block_size`` threads, each with ``dynamic_shared_memory_size`` bytes of dynamic
        shared memory, that one multiprocessor runs at once."""
        block_size = as_int(block_size, "block_size")
        smem = as_int(dynamic_shared_memory_size, "dynamic_shared_memory_size", 0)
        drv = _utils.driver()
        return check(drv.cuOccupancyMaxActiveBlocksPerMultiprocessor(self._kernel._function(), block_size, smem))

    def max_potential_block_size(self, dynamic_shared_memory_needed: Union[int, driver.CUoccupancyB2DSize,
                                                                           Callable[[int], int]],
                                 block_size_limit: int) -> MaxPotentialBlockSizeOccupancyResult:
        """MaxPotentialBlockSizeOccupancyResult(min_grid_size, max_block_size) for the best occupancy.

        ``dynamic_shared_memory_needed``: the bytes of dynamic shared memory a block needs, as an int, or as
        a function of the block size: a ``driver.CUoccupancyB2DSize`` (a C function pointer; another binding's
        CUoccupancyB2DSize, whose ``getPtr()`` gives it, too) or a Python callable ``block_size -> bytes``,
        called during this call on
        this thread (an exception it raises is reported on stderr and its answer counts as 0 bytes).
        ``block_size_limit``: the largest block size to consider (0: the device's and kernel's limit)."""
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

    def available_dynamic_shared_memory_per_block(self, num_blocks_per_multiprocessor: int, block_size: int) -> int:
        """The bytes of dynamic shared memory each block can have with ``num_blocks_per_multiprocessor`` blocks
        of ``block_size`` threads on each multiprocessor."""
        blocks = as_int(num_blocks_per_multiprocessor, "num_blocks_per_multiprocessor")
        block_size = as_int(block_size, "block_size")
        drv = _utils.driver()
        return check(drv.cuOccupancyAvailableDynamicSMemPerBlock(self._kernel._function(), blocks, block_size))

    def max_potential_cluster_size(self, config: LaunchConfig, *, stream: IsStreamType) -> int:
        """The largest cluster size ``config`` (a LaunchConfig) can launch with on ``stream``."""
        check_config(config)  # the arguments first, as cuda.core checks them: before any driver call
        handle = stream_handle(stream)
        drv = _utils.driver()
        native = _native_config(config, handle, with_cluster=False)
        return check(drv.cuOccupancyMaxPotentialClusterSize(self._kernel._function(), native))

    def max_active_clusters(self, config: LaunchConfig, *, stream: IsStreamType) -> int:
        """The most clusters of ``config`` (a LaunchConfig) that can be active at once on ``stream``."""
        check_config(config)
        handle = stream_handle(stream)
        drv = _utils.driver()
        native = _native_config(config, handle)
        return check(drv.cuOccupancyMaxActiveClusters(self._kernel._function(), native))
