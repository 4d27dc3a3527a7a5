"""DLPack's C exchange API (``__dlpack_c_exchange_api__``) of StridedMemoryView.

A consumer in C (a framework's from_dlpack) reads the capsule's DLPackExchangeAPI and calls its functions instead of
``__dlpack__``; ``cudacffi._capsule`` holds the C side, which calls the three hooks made here (with the GIL).
``exchange_api(view_class)`` makes the capsule for the view class, which sets it as its class attribute.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

from .. import _direct
from . import _dlpack

__all__ = ["exchange_api"]


class _CapsuleProducer:
    """A capsule handed over by the exchange API, as a DLPack producer from_dlpack reads."""

    __slots__ = ("capsule", "device")

    def __init__(self, capsule: Any) -> None:
        t = _dlpack.read(capsule)
        self.capsule, self.device = capsule, (t.device_type, t.device_id)

    def __dlpack__(self, stream: Any = None, max_version: Any = None, dl_device: Any = None, copy: Any = None) -> Any:
        return self.capsule

    def __dlpack_device__(self) -> Tuple[int, int]:
        return self.device


def _hooks(view_class: type) -> Tuple[Callable[[Any], Any], Callable[[Any], Any], Callable[[Any], Any]]:
    """(from_py, borrow, to_py) of the exchange API for views of ``view_class``."""

    def exchanged_view(obj: Any) -> Any:
        if not isinstance(obj, view_class):
            raise TypeError("py_object must be a StridedMemoryView")
        return obj

    def from_py(obj: Any) -> Any:
        """A new versioned capsule of the view, which the consumer takes over."""
        return exchanged_view(obj).__dlpack__(max_version=(1, 0))

    def borrow(obj: Any) -> Any:
        """The view's DLTensor, lent: a versioned capsule the view keeps for as long as it lives."""
        view = exchanged_view(obj)
        if view._lent is None:
            view._lent = view.__dlpack__(max_version=(1, 0))
        return view._lent

    def to_py(capsule: Any) -> Any:
        """A view of a tensor the consumer hands over (the view's capsule deletes it at the end)."""
        return view_class.from_dlpack(_CapsuleProducer(capsule), stream_ptr=-1)  # type: ignore[attr-defined]

    return from_py, borrow, to_py


def exchange_api(view_class: type) -> Optional[Any]:
    """The DLPackExchangeAPI capsule for ``view_class``, or None where ``cudacffi._capsule`` is not built (the
    attribute is then left out, and ``__dlpack__`` still serves)."""
    try:
        capsule = _direct.capsule()
    except ImportError:
        return None
    return capsule.exchange_api(*_hooks(view_class))
