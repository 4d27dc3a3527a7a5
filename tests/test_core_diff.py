"""cudacffi.core against cuda.core, scenario by scenario (tests/diffharness.py, scenarios in tests/diffscen_*.py).

Each scenario runs here under cudacffi.core and in a child process under cuda.core; the outcomes (results, or
exception types and messages) must agree, except where a scenario says why it differs on purpose (then both must
still succeed, or raise the same type). Skips where no interpreter imports cuda.core; the GPU scenarios also need
a GPU. The report at the end counts scenarios run, identical and differing.
"""

import importlib

import pytest

import conftest
import diffharness

SCENARIOS = diffharness.load_scenarios()
COUNTS = {"run": 0, "identical": 0, "differing": []}


def _params():
    for sc in SCENARIOS.values():
        marks = [pytest.mark.gpu] if sc.gpu else []
        yield pytest.param(sc, id=sc.name, marks=marks)


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    if COUNTS["run"]:
        import sys

        conftest.SUMMARY.append("differential harness (%s): %d scenarios run against cuda.core, %d identical, %d differing"
                                % (sys.implementation.name, COUNTS["run"], COUNTS["identical"],
                                   len(COUNTS["differing"])))
        for name, why in COUNTS["differing"]:
            conftest.SUMMARY.append("  differs: %s (%s)" % (name, why))


@pytest.mark.parametrize("sc", list(_params()))
def test_same_as_cuda_core(sc):
    if diffharness.anchor_python() is None:
        pytest.skip("no interpreter here imports cuda.core (set CUDACFFI_ANCHOR_PYTHON to one that does)")
    if sc.missing():
        pytest.skip("needs %s, which this interpreter lacks" % ", ".join(sc.missing()))
    theirs = diffharness.anchor_outcomes("gpu" if sc.gpu else "cpu")[sc.name]
    ours = diffharness.outcome(sc, importlib.import_module("cudacffi.core"))
    COUNTS["run"] += 1
    if sc.refuses:
        COUNTS["differing"].append((sc.name, "refused on purpose: " + sc.refuses))
        assert "raised" in ours and "ok" in theirs, "cudacffi.core: %r\ncuda.core: %r" % (ours, theirs)
    elif sc.extends:
        COUNTS["differing"].append((sc.name, "beyond cuda.core: " + sc.extends))
        assert "ok" in ours and "raised" in theirs, "cudacffi.core: %r\ncuda.core: %r" % (ours, theirs)
    elif sc.differs:
        COUNTS["differing"].append((sc.name, sc.differs))
        assert diffharness.same_kind(ours, theirs), "cudacffi.core: %r\ncuda.core: %r" % (ours, theirs)
    else:
        assert diffharness.same(ours, theirs), "cudacffi.core: %r\ncuda.core:     %r" % (ours, theirs)
        COUNTS["identical"] += 1
