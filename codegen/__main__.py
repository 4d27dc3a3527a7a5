"""codegen command line.

    python -m codegen snapshot 12.0              # from that version's pinned NVIDIA wheels (codegen/wheels.py)
    python -m codegen snapshot --all             # every version in the wheel table
    python -m codegen snapshot --all --verify    # regenerate into a temporary folder; fail on any difference
    python -m codegen snapshot 12.9 --wheels W1.whl W2.whl ...          # from the given wheels
    python -m codegen snapshot 13.0 --include /usr/local/cuda/include   # from a toolkit
    python -m codegen check [12.9 ...|--all]    # regenerate snapshot models from their headers, compare
"""

import argparse
import os
import sys
import tempfile

from . import snapshot, wheels
from . import FAMILIES


def _snapshot(args, ap):
    versions = wheels.versions() if args.all else args.versions
    if not versions:
        ap.error("give a version or --all")
    if (args.wheels or args.include) and len(versions) != 1:
        ap.error("--wheels and --include take one version")
    status = 0
    for version in versions:
        with tempfile.TemporaryDirectory() as tmp:
            if args.wheels or args.include:
                dirs = list(args.include) + (snapshot.unpack_wheels(args.wheels, tmp) if args.wheels else [])
            else:
                dirs = snapshot.unpack_wheels(wheels.fetch(version), tmp)
            if not args.verify:
                for path in snapshot.write_snapshot(version, dirs):
                    print(os.path.relpath(path, snapshot.ROOT))
                continue
            fresh = os.path.join(tmp, "fresh")
            snapshot.write_snapshot(version, dirs, root=fresh)
            differ = snapshot.compare_trees(snapshot.snapshot_dir(version), snapshot.snapshot_dir(version, fresh))
            print("%s: %s" % (version, "reproduced" if not differ else "DIFFERS: " + ", ".join(differ)))
            status |= bool(differ)
    return status


def _check(args):
    status = 0
    for v in args.versions or snapshot.available_versions():
        have = snapshot.families_in(v)
        for fam in sorted(set(have) | set(snapshot.expected_families(v))):
            if fam not in have or fam not in FAMILIES:
                print("%s %s: %s" % (v, fam, "MISSING" if fam not in have else "unknown family"))
                status = 1
                continue
            path = os.path.join(snapshot.snapshot_dir(v), "model-%s.json" % fam)
            with open(path) as f:
                same = f.read() == snapshot.regenerate(v, fam)
            print("%s %s: %s" % (v, fam, "reproduced" if same else "DIFFERS"))
            status |= not same
    return status


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m codegen")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("snapshot", help="write headers/cuda-X.Y from NVIDIA wheels or a toolkit")
    s.add_argument("versions", nargs="*")
    s.add_argument("--all", action="store_true", help="every version of codegen/wheels.py")
    s.add_argument("--verify", action="store_true", help="write nothing; fail if headers/ would change")
    s.add_argument("--wheels", nargs="*", default=[])
    s.add_argument("--include", nargs="*", default=[])
    c = sub.add_parser("check", help="regenerate snapshot models from their headers and compare")
    c.add_argument("versions", nargs="*")
    c.add_argument("--all", action="store_true", help="every snapshot in headers/ (the default)")
    args = ap.parse_args(argv)
    if args.cmd == "snapshot":
        return _snapshot(args, ap)
    return _check(args)


if __name__ == "__main__":
    sys.exit(main())
