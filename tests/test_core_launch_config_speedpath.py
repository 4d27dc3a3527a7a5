"""LaunchConfig's inline common case (plain positive ints, no cluster, default flags) makes the config the checked
path makes, and every other value still goes through the checks, in cuda.core's order and with its messages."""

import pytest

from cudacffi.core import _launch_config
from cudacffi.core._launch_config import LaunchConfig, _native_for
from cudacffi.core._utils import cast_to_3_tuple


def _fields(c):
    return (c.grid, c.cluster, c.block, c.shmem_size, c.is_cooperative, c.programmatic_stream_serialization)


@pytest.mark.parametrize("kw", [
    dict(grid=64, block=256), dict(grid=(2, 3), block=(4,)), dict(grid=1, block=(1, 2, 3), shmem_size=5),
    dict(grid=True, block=1), dict(grid=2, cluster=2, block=8), dict(grid=1, block=1, is_cooperative=1),
    dict(grid=1, block=1, is_cooperative=[], programmatic_stream_serialization="x"),
])
def test_fields_are_those_of_the_checked_path(kw):
    c = LaunchConfig(**kw)
    want_cluster = None if kw.get("cluster") is None else cast_to_3_tuple("LaunchConfig.cluster", kw["cluster"])
    assert _fields(c) == (cast_to_3_tuple("LaunchConfig.grid", kw["grid"]), want_cluster,
                          cast_to_3_tuple("LaunchConfig.block", kw["block"]), kw.get("shmem_size") or 0,
                          bool(kw.get("is_cooperative")), bool(kw.get("programmatic_stream_serialization")))
    assert type(c.is_cooperative) is bool and type(c.programmatic_stream_serialization) is bool
    assert all(type(v) is int for v in c.grid + c.block)


@pytest.mark.parametrize("kw, match", [
    (dict(grid=0, block=1), "LaunchConfig.grid value must be >= 1"),
    (dict(grid=-1, block=1), "LaunchConfig.grid value must be >= 1"),
    (dict(grid=1, block=0), "LaunchConfig.block value must be >= 1"),
    (dict(grid=1.0, block=1), "LaunchConfig.grid must be an int"),
    (dict(grid=1), "LaunchConfig.block must be an int"),
    (dict(block=1), "LaunchConfig.grid must be an int"),
    (dict(grid=0, block=0), "LaunchConfig.grid"),  # grid is checked first
    (dict(grid=1, cluster=0, block=0), "LaunchConfig.cluster"),  # then cluster, then block
    (dict(grid=1, block=1, shmem_size=-1), "shmem_size"),
])
def test_bad_values_raise_as_before(kw, match):
    with pytest.raises(ValueError, match=match):
        LaunchConfig(**kw)


def test_a_truth_value_that_raises_still_raises():
    class NoTruth:
        def __bool__(self):
            raise RuntimeError("no truth")

    with pytest.raises(RuntimeError, match="no truth"):
        LaunchConfig(grid=1, block=1, is_cooperative=NoTruth())


class _Native:
    def getPtr(self):
        return 1234


def test_natives_start_shared_and_empty_and_become_the_configs_own(monkeypatch):
    monkeypatch.setattr(_launch_config, "_native_config", lambda config, h, with_cluster=True: _Native())
    a, b = LaunchConfig(grid=1, block=1), LaunchConfig(grid=1, block=1)
    assert a._natives.get(7) is None and len(a._natives) == 0
    with pytest.raises(TypeError):
        a._natives[7] = None  # (shared: nobody writes into it)
    _native_for(a, 7)
    assert type(a._natives) is dict and list(a._natives) == [7] and len(b._natives) == 0
    _native_for(a, 8)
    assert list(a._natives) == [7, 8]
    a.block = 2  # a changed config is rebuilt at its next launch
    assert len(a._natives) == 0
    _native_for(a, 9)
    assert list(a._natives) == [9] and len(b._natives) == 0
    for h in range(100, 170):
        _native_for(a, h)
    assert len(a._natives) <= 64
