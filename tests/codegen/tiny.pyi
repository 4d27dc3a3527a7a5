# generated from CUDA 12.9 by codegen 3 (content sha256:d4fcb0078947bf0a) - do not edit
from enum import IntEnum
from typing import Any, Callable, List, Optional, Sequence, Tuple, Union  # noqa: F401

# a void * argument: an int address, None, or any object with the buffer protocol (numpy arrays,
# bytearray, memoryview); typing has no buffer-protocol type before Python 3.12
_Buffer = Union[int, None, bytes, bytearray, memoryview, Any]

_library: Any  # the family's library (cudacffi._loader)
_s: Any  # cudacffi._support

def sizeof(objType: Any) -> int: ...

class tinyResult(IntEnum):
    """Error codes of the tiny API"""
    TINY_OK = 0
    """Success"""
    TINY_ERR = 8
    """Something failed; see tinyOpen"""
    TINY_ALIAS = 8

TINY_VERSION: int
TINY_FLAG_A: int
TINY_NULL: int
CUDA_VERSION: int

class tinyCtx:
    """A tiny context handle"""
    def __init__(self, init_value: Any = 0, _ptr: int = 0) -> None: ...
    def getPtr(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...

class tinyPtr:
    def __init__(self, init_value: Any = 0, _ptr: int = 0) -> None: ...
    def getPtr(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...

class anon_union1:
    asInt: int
    """As an integer"""
    asFloat: float
    def __init__(self, _ptr: int = 0, **fields: Any) -> None: ...
    def getPtr(self) -> int: ...

class anon_struct1:
    x: int
    """Coordinates"""
    y: int
    """Coordinates"""
    def __init__(self, _ptr: int = 0, **fields: Any) -> None: ...
    def getPtr(self) -> int: ...

class tinyDesc_st:
    """A description

    What tinyOpen_v3 reads.
    """
    width: int
    """Width in bytes"""
    owner: tinyCtx
    asInt: int
    """As an integer"""
    asFloat: float
    pos: anon_struct1
    """Where it is"""
    name: bytes
    data: int
    def __init__(self, _ptr: int = 0, **fields: Any) -> None: ...
    def getPtr(self) -> int: ...

class tinyDesc(tinyDesc_st): ...

class tinyLaunch_st:
    descs: int
    numDescs: int
    """How many descs"""
    kernelParams: int
    def __init__(self, _ptr: int = 0, **fields: Any) -> None: ...
    def getPtr(self) -> int: ...

class tinyLaunch(tinyLaunch_st): ...

class tinyCallback:
    def __init__(self, init_value: Any = 0, _ptr: int = 0) -> None: ...
    def getPtr(self) -> int: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...

def tinyOpen(flags: int) -> Tuple[tinyResult, tinyCtx]:
    """tinyOpen(flags) -> (tinyResult, ctx)

    Opens a context

    Opens a context in *ctx. A longer description follows, long enough that the docstring wraps it on two
    lines at least, to show how tinyOpen's text is wrapped:
    - flags must be 0 or TINY_FLAG_A;
    - the context is closed with tinyClose.

        tinyCtx ctx;
        tinyOpen(&ctx, 0);

    Parameters
    ----------
    flags : int
        Flags (TINY_FLAG_A)

    Returns
    -------
    tinyResult
        TINY_OK, TINY_ERR
    ctx : tinyCtx
        Returned context

    See Also
    --------
    tinyClose, tinyOpen_v3

    Notes
    -----
    This function may also return error codes from previous, asynchronous launches.

    C: tinyOpen_v2
    """

def tinyOpen_v3(desc: Optional[tinyDesc], flags: int) -> Tuple[tinyResult, tinyCtx]:
    """tinyOpen_v3(desc, flags) -> (tinyResult, ctx)

    C: tinyOpen_v3
    """

def tinyCopy(dst: Union[tinyPtr, int], src: _Buffer, numbytes: int) -> Tuple[tinyResult]:
    """tinyCopy(dst, src, numbytes) -> (tinyResult)

    C: tinyCopy_v2; per-thread default stream: tinyCopy_v2_ptds
    """

def tinyNodes(ctx: Union[tinyCtx, int, None], numNodes: int = ...) -> Tuple[tinyResult, List[tinyPtr], int]:
    """tinyNodes(ctx, numNodes=0) -> (tinyResult, nodes, numNodes)

    C: tinyNodes
    """

def tinyName(length: int, ctx: Union[tinyCtx, int, None]) -> Tuple[tinyResult, bytes]:
    """tinyName(length, ctx) -> (tinyResult, name)

    C: tinyName
    """

def tinyDescribe(ctx: Union[tinyCtx, int, None]) -> Tuple[tinyResult, tinyDesc]:
    """tinyDescribe(ctx) -> (tinyResult, desc)

    C: tinyDescribe
    """

def tinyLater(
    ctx: Union[tinyCtx, int, None], fn: Union[tinyCallback, int, None, Callable[..., Any]], userData: _Buffer,
) -> Tuple[tinyResult]:
    """tinyLater(ctx, fn, userData) -> (tinyResult)

    C: tinyLater
    """

def tinyElapsed(start: Union[tinyCtx, int, None], end: Union[tinyCtx, int, None]) -> Tuple[tinyResult, float]:
    """tinyElapsed(start, end) -> (tinyResult, ms)

    C: tinyElapsed
    """

def tinyClose(ctx: Union[tinyCtx, int, None]) -> Tuple[tinyResult]:
    """tinyClose(ctx) -> (tinyResult)

    Closes a context

    Parameters
    ----------
    ctx : Union[tinyCtx, int, None]
        The context (NULL is refused)

    Returns
    -------
    tinyResult
        - TINY_OK

    C: __tinyClose_1_2
    """

