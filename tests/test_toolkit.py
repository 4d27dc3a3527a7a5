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
from codegen import FAMILIES  # noqa: E402
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


@pytest.mark.checkout
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_toolkit_model_matches_its_snapshot(family):
    dirs, version = toolkit()
    fam = FAMILIES[family]
    if not all(any(os.path.exists(os.path.join(d, h)) for d in dirs) for h in fam.own):
        pytest.skip("the toolkit has no %s headers (the build takes them from snapshot cuda-%s)" % (family, version))
    mine, theirs = api(decide(build_model(fam, dirs))), api(snapshot.load_model(version, family))
    assert mine[0] == theirs[0], sorted(set(mine[0]) ^ set(theirs[0]))
    assert mine[1:] == theirs[1:]


# -- which headers: CUDA_HOME and CUDACFFI_CUDA_VERSION together -------------------------------------------------


def fake_toolkit(path, cuda_version):
    """A toolkit folder with nothing but include/cuda.h of the given CUDA_VERSION (e.g. 13000)."""
    (path / "include").mkdir(parents=True)
    (path / "include" / "cuda.h").write_text("#define CUDA_VERSION %d\n" % cuda_version)
    return str(path)


def isolated_build_script(tmp_path):
    """build_cffi.py copied into a folder of its own (codegen/ and headers/ linked beside it), so whatever it
    builds lands there, never in this checkout's in-place build."""
    import shutil

    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copy(os.path.join(ROOT, "build_cffi.py"), str(tree))
    for name in ("codegen", "headers"):
        os.symlink(os.path.join(ROOT, name), str(tree / name))
    (tree / "cudacffi").mkdir()  # the family specs the build reads, and nothing it writes
    shutil.copy(os.path.join(ROOT, "cudacffi", "_families.py"), str(tree / "cudacffi"))
    return tree


def test_build_refuses_a_toolkit_and_a_version_that_disagree(tmp_path):
    import subprocess

    tree = isolated_build_script(tmp_path)
    env = dict(os.environ, CUDA_HOME=fake_toolkit(tmp_path / "cuda-13.0", 13000), CUDACFFI_CUDA_VERSION="12.0")
    env.pop("CUDA_PATH", None)
    r = subprocess.run([sys.executable, "build_cffi.py"], cwd=str(tree), env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode != 0, r.stdout + r.stderr
    assert "CUDA_HOME=%s is CUDA 13.0" % env["CUDA_HOME"] in r.stderr and "CUDACFFI_CUDA_VERSION=12.0" in r.stderr
    assert "env -u CUDA_HOME -u CUDA_PATH CUDACFFI_CUDA_VERSION=12.0" in r.stderr  # how to get the snapshot
    assert "env -u CUDACFFI_CUDA_VERSION CUDA_HOME=" in r.stderr  # how to get the toolkit's headers
    assert "generating" not in r.stdout and os.listdir(str(tree / "cudacffi")) == ["_families.py"]  # nothing built


@pytest.mark.parametrize("asked,refused", [(None, False), ("13.0", False), ("13.0.1", False), ("12.9", True),
                                           ("13.5", True)])
def test_a_toolkit_and_a_version_that_agree_are_fine(tmp_path, asked, refused):
    import build_cffi

    root = fake_toolkit(tmp_path / "cuda", 13000)
    assert build_cffi.toolkit_version(root) == "13.0"
    conflict = build_cffi.version_conflict("CUDA_PATH", root, "13.0", asked)
    assert (conflict is not None) == refused
    if refused:
        assert "CUDA_PATH=%s is CUDA 13.0" % root in conflict
