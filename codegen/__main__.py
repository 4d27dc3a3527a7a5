"""codegen command line.

    python -m codegen snapshot 12.9 --wheels W1.whl W2.whl ...   # from NVIDIA wheels
    python -m codegen snapshot 13.0 --include /usr/local/cuda/include   # from a toolkit
    python -m codegen check 12.9          # regenerate a snapshot's models, fail on any difference
    python -m codegen golden [--update]   # the golden tests' tiny headers (see tests/codegen/)
"""

import argparse
import os
import sys
import tempfile

from . import snapshot
from .families import FAMILIES


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m codegen")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("snapshot", help="write headers/cuda-X.Y from wheels or a toolkit")
    s.add_argument("version")
    s.add_argument("--wheels", nargs="*", default=[])
    s.add_argument("--include", nargs="*", default=[])
    c = sub.add_parser("check", help="regenerate a snapshot and compare")
    c.add_argument("versions", nargs="*")
    args = ap.parse_args(argv)
    if args.cmd == "snapshot":
        with tempfile.TemporaryDirectory() as tmp:
            dirs = list(args.include) + (snapshot.unpack_wheels(args.wheels, tmp) if args.wheels else [])
            if not dirs:
                ap.error("give --wheels or --include")
            for path in snapshot.write_snapshot(args.version, dirs):
                print(os.path.relpath(path, snapshot.ROOT))
        return 0
    if args.cmd == "check":
        status = 0
        for v in args.versions or snapshot.available_versions():
            for fam in FAMILIES:
                path = os.path.join(snapshot.snapshot_dir(v), "model-%s.json" % fam)
                if not os.path.exists(path):  # a snapshot taken before the family existed
                    continue
                with open(path) as f:
                    same = f.read() == snapshot.regenerate(v, fam)
                print("%s %s: %s" % (v, fam, "reproduced" if same else "DIFFERS"))
                status |= not same
        return status
    return 1


if __name__ == "__main__":
    sys.exit(main())
