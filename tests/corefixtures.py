"""The fixtures of cudacffi.core's GPU tests, in one place: ``core`` (the package), ``dev`` (device 0, current) and
``stream`` (a new stream on it, closed after the test). A test module takes them with
``from corefixtures import core, dev, stream  # noqa: F401`` (its ``stream`` is then cudacffi.core's, not
conftest's driver stream)."""

import pytest


@pytest.fixture
def core():
    import cudacffi.core as core

    return core


@pytest.fixture
def dev(core):
    d = core.Device(0)
    d.set_current()
    return d


@pytest.fixture
def stream(dev):
    s = dev.create_stream()
    yield s
    s.close()
