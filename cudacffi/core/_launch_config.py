"""LaunchConfig: the grid, cluster, block, shared memory and launch attributes of a kernel launch, and the
driver's CUlaunchConfig made of one (kept per stream, for the next launch there).

A value object: the occupancy queries of ``_kernel`` take one as ``launch`` does, so it sits below both.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Dict, Mapping, Optional, Tuple, Union

from . import _utils
from ._utils import cast_to_3_tuple

__all__ = ["LaunchConfig", "check_config"]

_Dim = Union[int, Tuple[int, ...], None]

# The natives of a config not launched yet (or changed since): shared, read-only (launch() only looks it up), so
# that making a LaunchConfig builds no dict
_NO_NATIVES: Mapping[int, Tuple[Any, int]] = MappingProxyType({})


class LaunchConfig:
    """``LaunchConfig(grid, cluster, block, shmem_size, is_cooperative, programmatic_stream_serialization)``.

    With ``cluster``, ``grid`` counts clusters (the launch has grid * cluster blocks), as in cuda.core."""

    __slots__ = ("_grid", "_cluster", "_block", "_shmem_size", "_is_cooperative", "_pss", "_natives")
    _grid: Tuple[int, int, int]
    _cluster: Optional[Tuple[int, int, int]]
    _block: Tuple[int, int, int]
    _shmem_size: int
    _is_cooperative: bool
    _pss: bool
    _natives: Mapping[int, Tuple[Any, int]]  # stream handle -> (CUlaunchConfig, its address)

    def __init__(self, grid: _Dim = None, cluster: _Dim = None, block: _Dim = None, shmem_size: Optional[int] = None,
                 is_cooperative: bool = False, programmatic_stream_serialization: bool = False) -> None:
        # Made once per launch in many programs: the common case (plain positive ints, no cluster, the default
        # flags) is checked inline, in cuda.core's order (grid, cluster, block, shmem_size); anything else goes
        # to cast_to_3_tuple / _set_shmem, which keep cuda.core's messages.
        if grid.__class__ is int and grid >= 1:
            self._grid = (grid, 1, 1)
        else:
            self._grid = cast_to_3_tuple("LaunchConfig.grid", grid)
        self._cluster = None if cluster is None else cast_to_3_tuple("LaunchConfig.cluster", cluster)
        if block.__class__ is int and block >= 1:
            self._block = (block, 1, 1)
        else:
            self._block = cast_to_3_tuple("LaunchConfig.block", block)
        if shmem_size is None:
            self._shmem_size = 0
        elif shmem_size.__class__ is int and shmem_size >= 0:
            self._shmem_size = shmem_size
        else:
            self._set_shmem(shmem_size)  # other integers, or cuda.core's error
        self._is_cooperative = True if is_cooperative else False  # bool() without the call
        self._pss = True if programmatic_stream_serialization else False
        self._natives = _NO_NATIVES  # a dict of its own at the first launch (_native_for)

    def _set(self, slot: str, value: Any) -> None:
        object.__setattr__(self, slot, value)
        self._natives = _NO_NATIVES  # a changed config is rebuilt at its next launch

    @property
    def grid(self) -> Tuple[int, int, int]:
        """The grid, in clusters where ``cluster`` is set (else in blocks), as (x, y, z)."""
        return self._grid

    @grid.setter
    def grid(self, v: _Dim) -> None:
        self._set("_grid", cast_to_3_tuple("LaunchConfig.grid", v))

    @property
    def cluster(self) -> Optional[Tuple[int, int, int]]:
        """The cluster's shape in blocks, as (x, y, z); None for no cluster."""
        return self._cluster

    @cluster.setter
    def cluster(self, v: _Dim) -> None:
        self._set("_cluster", None if v is None else cast_to_3_tuple("LaunchConfig.cluster", v))

    @property
    def block(self) -> Tuple[int, int, int]:
        """The block's shape in threads, as (x, y, z)."""
        return self._block

    @block.setter
    def block(self, v: _Dim) -> None:
        self._set("_block", cast_to_3_tuple("LaunchConfig.block", v))

    def _set_shmem(self, v: Any) -> None:
        if v is None:
            v = 0
        elif v.__class__ is not int:
            if not hasattr(type(v), "__index__"):
                raise ValueError("LaunchConfig.shmem_size must be an int >= 0, got %r" % (v,))
            v = _utils.as_int(v, "LaunchConfig.shmem_size")
        if v < 0:
            raise ValueError("LaunchConfig.shmem_size must be an int >= 0, got %r" % (v,))
        self._set("_shmem_size", v)

    @property
    def shmem_size(self) -> int:
        """The bytes of dynamic shared memory of each block."""
        return self._shmem_size

    @shmem_size.setter
    def shmem_size(self, v: Any) -> None:
        self._set_shmem(v)

    @property
    def is_cooperative(self) -> bool:
        """Whether the launch is cooperative (its blocks may synchronize across the grid)."""
        return self._is_cooperative

    @is_cooperative.setter
    def is_cooperative(self, v: Any) -> None:
        self._set("_is_cooperative", bool(v))

    @property
    def programmatic_stream_serialization(self) -> bool:
        """Whether the launch may overlap the previous kernel of its stream (programmatic dependent launch)."""
        return self._pss

    @programmatic_stream_serialization.setter
    def programmatic_stream_serialization(self, v: Any) -> None:
        self._set("_pss", bool(v))

    def _identity(self) -> Tuple[Any, ...]:
        return (self._grid, self._cluster, self._block, self._shmem_size, self._is_cooperative, self._pss)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LaunchConfig) and other._identity() == self._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def __repr__(self) -> str:
        return ("LaunchConfig(grid=%r, cluster=%r, block=%r, shmem_size=%r, is_cooperative=%r, "
                "programmatic_stream_serialization=%r)" % self._identity())


def check_config(config: Any) -> None:
    """TypeError, with cuda.core's message, where ``config`` is not a LaunchConfig."""
    if not isinstance(config, LaunchConfig):
        raise TypeError("Argument 'config' has incorrect type (expected %s.LaunchConfig, got %s)"
                        % (LaunchConfig.__module__, type(config).__name__))


def _native_config(config: LaunchConfig, stream_handle: int, with_cluster: bool = True) -> Any:
    """A new driver.CUlaunchConfig for ``config`` on the stream ``stream_handle``."""
    drv = _utils.driver()
    native = drv.CUlaunchConfig()
    grid = config._grid
    if config._cluster is not None:
        grid = tuple(g * c for g, c in zip(grid, config._cluster))
    native.gridDimX, native.gridDimY, native.gridDimZ = grid
    native.blockDimX, native.blockDimY, native.blockDimZ = config._block
    native.sharedMemBytes = config._shmem_size
    native.hStream = stream_handle
    ids = drv.CUlaunchAttributeID
    attrs = []
    if config._cluster is not None and with_cluster:
        a = drv.CUlaunchAttribute()
        a.id = ids.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        a.value.clusterDim.x, a.value.clusterDim.y, a.value.clusterDim.z = config._cluster
        attrs.append(a)
    if config._is_cooperative:
        a = drv.CUlaunchAttribute()
        a.id = ids.CU_LAUNCH_ATTRIBUTE_COOPERATIVE
        a.value.cooperative = 1
        attrs.append(a)
    if config._pss:
        a = drv.CUlaunchAttribute()
        a.id = ids.CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION
        a.value.programmaticStreamSerializationAllowed = 1
        attrs.append(a)
    native.attrs = attrs
    native.numAttrs = len(attrs)
    return native


def _native_for(config: LaunchConfig, stream_handle: int) -> Tuple[Any, int]:
    """The CUlaunchConfig of ``config`` on a stream, kept for the next launch there."""
    natives: Dict[int, Tuple[Any, int]]
    if config._natives is _NO_NATIVES or len(config._natives) >= 64:  # its first launch; or many short-lived
        natives = config._natives = {}  # streams: start again rather than grow
    else:
        natives = config._natives  # type: ignore[assignment]  # (a dict of its own once launched)
    native = _native_config(config, stream_handle)
    pair = natives[stream_handle] = (native, native.getPtr())  # the struct, and its address for a C launcher
    return pair
