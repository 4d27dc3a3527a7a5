"""Header snapshots: ``headers/cuda-X.Y/`` holds the headers each family needs and their facts.

A snapshot is written from real headers (an unpacked NVIDIA wheel tree, or a toolkit's include/), and
regenerating it from its own ``include/`` reproduces it byte for byte. A default build reads only the
model files (header facts; ``codegen/directions.py`` and ``codegen/decisions/`` decide the rest at build time), so it needs
neither pycparser's parsing nor a toolkit.
"""

import json
import os
import shutil
import zipfile

from . import FAMILIES, WHEEL_INCLUDE_DIRS
from .model import build_model, decide, find_header

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADERS = os.path.join(ROOT, "headers")
DEFAULT_VERSION = "12.9"


def snapshot_dir(version, root=HEADERS):
    return os.path.join(root, "cuda-%s" % version)


def available_versions():
    return sorted(d[5:] for d in os.listdir(HEADERS) if d.startswith("cuda-"))


def dump_model(model):
    """Deterministic JSON: one declaration or function per line, so diffs read well."""
    out = ["{"]
    keys = list(model)
    for i, k in enumerate(keys):
        v = model[k]
        sep = "," if i < len(keys) - 1 else ""
        if isinstance(v, list) and v and k in ("decls", "functions", "constants"):
            out.append(' "%s": [' % k)
            out += ["  %s%s" % (json.dumps(x, sort_keys=True), "," if j < len(v) - 1 else "")
                    for j, x in enumerate(v)]
            out.append(" ]%s" % sep)
        else:
            out.append(' "%s": %s%s' % (k, json.dumps(v, sort_keys=True), sep))
    out.append("}")
    return "\n".join(out) + "\n"


def load_facts(version, family):
    """A snapshot's header facts for ``family``, as committed."""
    with open(os.path.join(snapshot_dir(version), "model-%s.json" % family)) as f:
        return json.load(f)


def load_model(version, family):
    """A snapshot's model for ``family`` with this checkout's decisions applied (what a build emits from)."""
    return decide(load_facts(version, family))


def write_snapshot(version, include_dirs, families=None, root=HEADERS):
    """Copy each family's headers from ``include_dirs`` and write its model; returns the files written."""
    dest = snapshot_dir(version, root)
    inc = os.path.join(dest, "include")
    written = []
    names = [n for n in families or FAMILIES if _has_headers(FAMILIES[n], include_dirs, version)]
    for name in names:
        fam = FAMILIES[name]
        for h in fam.wheel_files:
            target = os.path.join(inc, h)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(find_header(h, include_dirs), target)
            written.append(target)
    for name in names:
        model = build_model(FAMILIES[name], [inc])
        path = os.path.join(dest, "model-%s.json" % name)
        with open(path, "w") as f:
            f.write(dump_model(model))
        written.append(path)
    return written


def _has_headers(family, include_dirs, version):
    """Whether the headers have ``family``; a family newer than ``version`` (``since``) may be absent, any
    other missing header is an error."""
    for h in family.wheel_files:
        try:
            find_header(h, include_dirs)
        except FileNotFoundError:
            if not family.present_in(version):
                return False
            raise
    return True


def expected_families(version):
    """The families a snapshot of ``version`` must have (all but those newer than it)."""
    return [n for n, f in FAMILIES.items() if f.present_in(version)]


def families_in(version):
    """The families a snapshot has models for."""
    return sorted(f[6:-5] for f in os.listdir(snapshot_dir(version)) if f.startswith("model-") and f.endswith(".json"))


def compare_trees(committed, fresh):
    """Relative paths that differ between two snapshot folders (changed, missing or extra files)."""
    def files(top):
        out = {}
        for d, _, names in os.walk(top):
            for n in names:
                p = os.path.join(d, n)
                out[os.path.relpath(p, top)] = p
        return out

    a, b = files(committed), files(fresh)
    differ = []
    for rel in sorted(set(a) | set(b)):
        if rel not in a or rel not in b:
            differ.append(rel)
            continue
        with open(a[rel], "rb") as f, open(b[rel], "rb") as g:
            if f.read() != g.read():
                differ.append(rel)
    return differ


def regenerate(version, family):
    """The model text a snapshot's own headers give now (for the reproduction test)."""
    inc = os.path.join(snapshot_dir(version), "include")
    return dump_model(build_model(FAMILIES[family], [inc]))


def unpack_wheels(wheels, dest):
    """Unpack the headers of NVIDIA wheels into ``dest``; returns the include directories found there."""
    for w in wheels:
        with zipfile.ZipFile(w) as z:
            z.extractall(dest, [n for n in z.namelist() if "/include/" in n])  # headers only
    dirs = []
    for subs in WHEEL_INCLUDE_DIRS.values():
        for s in subs:
            p = os.path.join(dest, s)
            if os.path.isdir(p):
                dirs.append(p)
    return dirs

