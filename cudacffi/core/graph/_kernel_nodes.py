"""The nodes that run code: KernelNode (a kernel launch on the device) and HostCallbackNode (a Python callable
or a ctypes function on a host thread).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence, Tuple

from .. import _registry, _utils
from .._launch_config import LaunchConfig
from .._utils import check
from ._nodes import GraphNode
from ._params import host_params, kernel_params

if TYPE_CHECKING:
    from .._kernel import Kernel

__all__ = ["HostCallbackNode", "KernelNode"]


@_registry.provides
class KernelNode(GraphNode):
    """A kernel launch."""

    __slots__ = ()

    def _describe(self) -> str:
        used = self._info.get("launch")
        kernel = int(used[1]._handle) if used is not None else int(self._kp().func)
        return " kernel=0x%x" % kernel

    def _kp(self) -> Any:
        return self._params("cuGraphKernelNodeGetParams")

    @property
    def grid(self) -> Tuple[int, int, int]:
        p = self._kp()
        return (p.gridDimX, p.gridDimY, p.gridDimZ)

    @property
    def block(self) -> Tuple[int, int, int]:
        p = self._kp()
        return (p.blockDimX, p.blockDimY, p.blockDimZ)

    @property
    def shmem_size(self) -> int:
        return self._kp().sharedMemBytes

    @property
    def kernel(self) -> Optional["Kernel"]:
        """The Kernel launched (None for a node this library did not make)."""
        used = self._info.get("launch")
        return None if used is None else used[1]

    @property
    def config(self) -> LaunchConfig:
        """A LaunchConfig of the node's grid, block and shared memory size."""
        p = self._kp()
        return LaunchConfig(grid=(p.gridDimX, p.gridDimY, p.gridDimZ), block=(p.blockDimX, p.blockDimY, p.blockDimZ),
                            shmem_size=p.sharedMemBytes)

    def update(self, *, config: Optional[LaunchConfig] = None, kernel: Optional["Kernel"] = None,
               args: Optional[Sequence[Any]] = None) -> None:
        """Change the launch: what is not given stays (a new ``kernel`` needs its ``args``, ``()`` for none)."""
        if kernel is not None and args is None:
            raise ValueError("changing the kernel needs its args (args=() for a kernel without parameters)")
        used = self._info.get("launch")
        if used is None and (config is None or kernel is None or args is None):
            raise ValueError("this kernel node was not made here: give config, kernel and args")
        config = used[0] if config is None else config
        kernel = used[1] if kernel is None else kernel
        args = used[2] if args is None else args
        params, used = kernel_params(_utils.driver(), config, kernel, args)
        self._set_params((params, used[0], used[1]) + used[2],
                         lambda d, h: check(d.cuGraphKernelNodeSetParams(h, params)))
        self._info["launch"] = used


@_registry.provides
class HostCallbackNode(GraphNode):
    """A host callback."""

    __slots__ = ()

    def _describe(self) -> str:
        fn = self._info.get("callback")
        if fn is not None:
            return " callback=%s" % getattr(fn, "__name__", "?")
        return " cfunc=0x%x" % int(self._params("cuGraphHostNodeGetParams").fn)

    @property
    def callback(self) -> Any:
        """The Python callable (None for a ctypes function pointer, or a node not made here)."""
        return self._info.get("callback")

    def update(self, fn: Any, *, user_data: Any = None) -> None:
        """Run ``fn`` instead (the forms ``callback()`` takes)."""
        drv = _utils.driver()
        params, pyfn, keep = host_params(drv, fn, user_data)
        self._set_params(keep, lambda d, h: check(d.cuGraphHostNodeSetParams(h, params)))
        self._info["callback"] = pyfn
