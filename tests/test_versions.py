"""The build's CUDA version decides its surface: every family module says which version it was generated
from (``CUDA_VERSION``), has exactly the functions of those headers, and answers ``available(name)``
without calling anything. Runs against whatever version this tree was built for.
"""

import importlib
import inspect
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

from codegen import snapshot  # noqa: E402
from codegen import FAMILIES  # noqa: E402

import cudacffi._gen  # noqa: E402
from cudacffi import driver  # noqa: E402

BUILT = re.match(r"snapshot cuda-(\d+\.\d+)$", cudacffi._gen.SOURCE)


def built_snapshot():
    if BUILT is None:
        pytest.skip("built from %s, not a snapshot" % cudacffi._gen.SOURCE)
    return BUILT.group(1)


def family_module(family):
    """cudacffi.<family>, or a skip naming why this build has none (a family newer than its headers)."""
    try:
        return importlib.import_module("cudacffi." + family)
    except ImportError as e:
        if FAMILIES[family].since:
            pytest.skip(" ".join(str(e).split()))
        raise


def public_names(version, family):
    """The Python names of a snapshot's functions (snake_case for the exception-style families)."""
    from codegen.lowering import exception_function_name

    model = snapshot.load_model(version, family)
    if FAMILIES[family].style == "exception":
        return {exception_function_name(model, f) for f in model["functions"]}
    return {f["name"] for f in model["functions"]}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_knows_the_builds_version(family):
    module = family_module(family)
    assert module.CUDA_VERSION == driver.CUDA_VERSION
    assert module.CUDA_VERSION >= 12000
    if BUILT:
        major, minor = BUILT.group(1).split(".")
        assert module.CUDA_VERSION // 1000 == int(major) and module.CUDA_VERSION % 1000 // 10 == int(minor)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_functions_are_those_of_the_builds_headers(family):
    version = built_snapshot()
    module = family_module(family)
    names = public_names(version, family)
    for name in names:
        assert callable(getattr(module, name)), name
    # what other snapshots declare and this one does not is absent from the module
    others = set()
    for v in snapshot.available_versions():
        if os.path.exists(os.path.join(snapshot.snapshot_dir(v), "model-%s.json" % family)):
            others |= public_names(v, family)
    for name in others - names:
        assert not hasattr(module, name), name


def test_cuctxcreate_has_the_form_of_the_builds_major():
    params = list(inspect.signature(driver.cuCtxCreate).parameters)
    if driver.CUDA_VERSION >= 13000:
        assert params == ["ctxCreateParams", "flags", "dev"]
    else:
        assert params == ["flags", "dev"]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_available_answers_without_calling(family):
    """``available(name)``: False for names the build lacks; for the build's own names, whether the loaded
    library exports them (False, not an exception, where the library cannot be loaded)."""
    module = family_module(family)
    assert module.available("cudacffiNoSuchFunction") is False
    first = next(iter(module._library.functions))
    assert module.available(first) in (True, False)
    if family == "nvrtc" and module._library.loaded:
        assert module.available("nvrtcVersion") is True
