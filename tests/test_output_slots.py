"""Per-thread output slots (issue 25): every slot a call reads back is set by that call before the library runs --
cleared (NULL/0) for an output, the caller's value for an in/out -- never what an earlier call on the thread left.

A library may leave an output unwritten (the driver's capture info outside a capture); read back as an address and
a count, a stale value was a crash. The stand-in ``scratch_libcuda.c`` writes nothing where it may."""

import re
import textwrap

import pytest

from conftest import build_standin, run_python, tested_package


@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    return build_standin(tmp_path_factory, "scratch_libcuda.c")


STALE = """
import os, sys
from cudacffi import driver
assert driver.cuInit(0)[0] == 0
# an in/out handle leaves 0x10 in a pointer slot, an in/out count leaves 5 in a size slot
driver.cuEGLStreamConsumerAcquireFrame(0, 0x10, 0, 0)
err, nodes, n = driver.cuGraphGetNodes(0, 5)
assert n == 5, n
"""


@pytest.mark.parametrize("fastcall", ["0", "1"])
def test_outputs_a_library_leaves_unwritten_are_not_an_earlier_calls_values(standin, fastcall):
    r = run_python(STALE + textwrap.dedent("""
        # (err, status, id, graph, dependencies[, edge data], count): 13.x's cuStreamGetCaptureInfo is 12.x's _v3
        for call in (driver.cuStreamGetCaptureInfo, getattr(driver, "cuStreamGetCaptureInfo_v3", None)):
            if call is None:  # headers before 12.3
                continue
            r = call(0)
            assert [int(r[k]) for k in (0, 1, 2, 3)] == [0, 0, 0, 0], r
            assert all(v == [] for v in r[4:-1]) and r[-1] == 0, r
        driver.cuEGLStreamConsumerAcquireFrame(0, 0x10, 0, 0)
        err, ctx = driver.cuCtxGetCurrent()
        assert int(ctx) == 0, ctx
        print("ok")
    """), env={"CUDACFFI_LIBDRIVER": standin, "CUDACFFI_FASTCALL": fastcall}, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr[-2000:])


def test_every_scratch_slot_a_wrapper_passes_is_set_before_the_call():
    """The discipline, over every generated wrapper of every family built here: a slot taken from the thread's
    scratch is assigned before the library is called."""
    import glob
    import os

    checked = 0
    for path in sorted(glob.glob(os.path.join(tested_package(), "_gen", "*.py"))):  # checkout's or installed
        with open(path, encoding="utf-8") as f:
            src = f.read()
        for body in re.split(r"\ndef ", src)[1:]:
            name = body.split("(", 1)[0]
            pre = body.split("    try:\n", 1)[0]
            for slot in re.findall(r"^\s+(_o_\w+) = _scr(?:atch)?\.\w+$", pre, re.M):
                checked += 1
                assert re.search(r"^\s+%s\[0\] = " % slot, pre, re.M), "%s: %s is not set before the call" % (
                    name, slot)
    assert checked > 300, checked
