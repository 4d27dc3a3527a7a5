"""A build from a real toolkit (``CUDA_HOME=/usr/local/cuda pip install .``) has the API of the snapshot of
the toolkit's version: the model codegen builds from the toolkit's headers against the committed one.

Skipped where no toolkit is present (``CUDA_HOME``/``CUDA_PATH``, else ``/usr/local/cuda``) or where
headers/ has no snapshot of its version.
"""

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

pytest.importorskip("pycparser")

from codegen import snapshot  # noqa: E402
from codegen.families import FAMILIES  # noqa: E402
from codegen.model import build_model, decide  # noqa: E402


def toolkit():
    """(include dirs, version "X.Y") of the toolkit here, or skip."""
    root = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH") or "/usr/local/cuda"
    dirs = [d for d in (os.path.join(root, "include"), os.path.join(root, "nvvm", "include")) if os.path.isdir(d)]
    cuda_h = os.path.join(root, "include", "cuda.h")
    if not os.path.exists(cuda_h):
        pytest.skip("no CUDA toolkit at %s" % root)
    with open(cuda_h, encoding="utf-8", errors="replace") as f:
        v = int(re.search(r"#define\s+CUDA_VERSION\s+(\d+)", f.read()).group(1))
    version = "%d.%d" % (v // 1000, v % 1000 // 10)
    if version not in snapshot.available_versions():
        pytest.skip("no snapshot headers/cuda-%s for the toolkit at %s" % (version, root))
    return dirs, version


def api(model):
    """What users see: each function's name, symbols and parameters; each enum's and struct's members."""
    funcs = {f["name"]: (f["symbol"], f.get("ptds_symbol"), [(p["pyname"], p["dir"]) for p in f["params"]])
             for f in model["functions"]}
    types = {}
    for d in model["decls"]:
        if d["kind"] == "enum":
            types["enum " + d["tag"]] = d["members"]
        elif d["kind"] in ("struct", "union") and not d.get("opaque"):
            types["%s %s" % (d["kind"], d["tag"])] = [f["name"] for f in d["fields"]]
    return funcs, types, model["constants"], model["cuda_version"]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_toolkit_model_matches_its_snapshot(family):
    dirs, version = toolkit()
    fam = FAMILIES[family]
    if not all(any(os.path.exists(os.path.join(d, h)) for d in dirs) for h in fam.own):
        pytest.skip("the toolkit has no %s headers (the build takes them from snapshot cuda-%s)" % (family, version))
    mine, theirs = api(decide(build_model(fam, dirs))), api(snapshot.load_model(version, family))
    assert mine[0] == theirs[0], sorted(set(mine[0]) ^ set(theirs[0]))
    assert mine[1:] == theirs[1:]
