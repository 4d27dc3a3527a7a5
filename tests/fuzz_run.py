"""Runs the fuzzer (tests/fuzz_calls.py) in child processes and reports per family; tests/test_fuzz.py uses its
helpers, and a long run uses it directly:

    python tests/fuzz_run.py [--families driver,nvml,...] [--seeds 1,2,3] [--calls N] [--jobs 2]
                             [--cycles 0|1] [--json OUT] [--hang SECONDS]

It builds the stand-in libraries (tests/fuzz_stub.py: libcuda, libnvidia-ml, libcufile) in a temporary folder,
runs each (family, seed) for ``--calls`` calls, ``--jobs`` children at a time, and keeps going after a crash: the
crash is recorded (its class -- the signal, a hang, an exit status -- the number of the call and that call
rebuilt by ``fuzz_calls.describe``) and a new child resumes at the next call. A child whose log has not grown
for ``--hang`` seconds is a hang: it is killed and reported like a crash. The summary gives, per family, the
calls made, the crashes by class, the canary overruns and the odd exceptions (another type, or a message that
names no parameter), with examples; ``--json`` writes it all.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ = os.path.join(ROOT, "tests", "fuzz_calls.py")
FAMILIES = ("driver", "runtime", "nvrtc", "nvjitlink", "nvvm", "nvfatbin", "nvml", "cufile")
STANDINS = {"driver": ("CUDACFFI_LIBDRIVER", "libcuda.so.1"), "nvml": ("CUDACFFI_LIBNVML", "libnvidia-ml.so.1"),
            "cufile": ("CUDACFFI_LIBCUFILE", "libcufile.so.0")}


def child_env(**extra):
    """The environment for a child interpreter: this checkout first on its path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def build_standin(family, folder, python=sys.executable):
    """Compile the stand-in library of ``family`` (driver, nvml, cufile) into ``folder``; returns its path."""
    var, soname = STANDINS[family]
    sub = os.path.join(folder, family)
    os.makedirs(sub, exist_ok=True)
    src = os.path.join(sub, "stub.c")
    r = subprocess.run([python, os.path.join(ROOT, "tests", "fuzz_stub.py"), family], capture_output=True,
                       text=True, env=child_env(), check=True)
    with open(src, "w") as f:
        f.write(r.stdout)
    out = os.path.join(sub, soname)
    subprocess.run([os.environ.get("CUDACFFI_TEST_CC") or os.environ.get("CC", "cc"), "-shared", "-fPIC", "-w", "-o", out, src], check=True)
    return out


def standin_env(folder, families=FAMILIES, python=sys.executable):
    """{CUDACFFI_LIB...: path} of the stand-ins the families need (every family that has one gets one: the
    fuzzer never runs the driver, NVML or cuFile against a real library)."""
    env = {}
    for f in families:
        if f in STANDINS and built(f, python):
            env[STANDINS[f][0]] = build_standin(f, folder, python)
    return env


def built(family, python=sys.executable):
    """Whether this build has ``cudacffi.<family>`` (an older snapshot has no cuFile or nvFatbin)."""
    r = subprocess.run([python, "-c", "import cudacffi.%s" % family], capture_output=True, env=child_env())
    return r.returncode == 0


def _signal_name(rc):
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return "signal %d" % -rc


def describe_call(family, seed, number, log, env, python=sys.executable):
    code = ("import sys; sys.path.insert(0, %r)\nimport fuzz_calls\nprint(fuzz_calls.describe(%r, %d, %d, %r))"
            % (os.path.join(ROOT, "tests"), family, seed, number, log + ".base"))
    try:
        d = subprocess.run([python, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    except subprocess.TimeoutExpired:
        return "(describing the call timed out)"
    return d.stdout.strip() or d.stderr[-500:]


COLLECT_EVERY = 500 if sys.implementation.name == "cpython" else 5000  # as fuzz_calls.COLLECT_EVERY


def last_entry(log):
    """(number, in_gc) of the log's last entry: a call's number, or "gc N" for a collection after call N."""
    try:
        with open(log) as f:
            lines = f.read().split("\n")
    except OSError:
        return None, False
    lines = [ln for ln in lines if ln.strip()]
    if not lines:
        return None, False
    last = lines[-1].split()
    try:
        return (int(last[1]), True) if last[0] == "gc" else (int(last[0]), False)
    except (IndexError, ValueError):
        return None, False


def calls_logged(log):
    """How many calls (not baseline searches nor collections) the log records."""
    try:
        with open(log) as f:
            return sum(1 for ln in f if ln.strip() and not ln.startswith("gc") and int(ln) >= 0)
    except (OSError, ValueError):
        return 0


def run_child(family, seed, start, count, log, env, hang=60.0, python=sys.executable, cycles=None):
    """One child: ``count`` calls of ``family`` from call ``start``. Returns (summary or None, crash or None);
    a crash is {"class", "call", "call_text", "stderr"}."""
    if cycles is not None:
        env = dict(env, CUDACFFI_FUZZ_CYCLES=str(int(cycles)))
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen([python, FUZZ, family, str(seed), str(count), log, str(start)], stdout=out, stderr=err,
                             env=env)
        last, since = -1, time.monotonic()
        hung = False
        while p.poll() is None:
            time.sleep(0.2)
            try:
                size = os.path.getsize(log)
            except OSError:
                size = -1
            if size != last:
                last, since = size, time.monotonic()
            elif time.monotonic() - since > hang:
                hung = True
                p.kill()
                p.wait()
                break
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    summary = None
    for line in reversed(stdout.splitlines()):
        if line.startswith("{"):
            summary = json.loads(line)
            break
    if not hung and p.returncode == 0 and summary is not None:
        return summary, None
    number, in_gc = last_entry(log)
    if hung:
        kind = "hang"
    elif p.returncode < 0:
        kind = _signal_name(p.returncode)
    else:
        kind = "exit %d" % p.returncode
    every = int(env.get("CUDACFFI_FUZZ_COLLECT_EVERY", COLLECT_EVERY))
    if in_gc and every == 1:
        kind += " in a collection"
        text = "the garbage of call %d: %s" % (number, describe_call(family, seed, number, log, env, python))
    elif in_gc:
        kind += " in a collection"
        text = ("a full collection after call %d: the garbage of the calls since the one before (%d to %d)"
                % (number, max(start, number - every + 1), number))
    else:
        if summary is not None and number is not None and number >= start + count - 1 and not hung:
            kind += " at exit"  # every call made, the summary written: the interpreter died finishing
        text = describe_call(family, seed, number, log, env, python) if number is not None else "?"
    return summary, {"class": kind, "call": number, "call_text": text, "stderr": stderr[-2000:]}


def locate(family, seed, number, env, folder, hang=60.0, python=sys.executable, cycles=None):
    """The call whose garbage crashes the collector, for a crash at call ``number`` (in a collection, or in one
    the interpreter ran by itself during the call): the calls since the collection before are made again with a
    full collection after each. Returns the crash of that replay (its "call" the culprit), or None."""
    start = max(0, number - number % COLLECT_EVERY)
    log = os.path.join(folder, "%s-%d-locate.log" % (family, seed))
    summary, crash = run_child(family, seed, start, number - start + 1, log,
                               dict(env, CUDACFFI_FUZZ_COLLECT_EVERY="1"), hang, python, cycles)
    return crash


def fuzz_seed(family, seed, calls, env, folder, hang=60.0, python=sys.executable, cycles=None, max_crashes=50):
    """All ``calls`` calls of one (family, seed), resuming after each crash. Returns the merged result."""
    log = os.path.join(folder, "%s-%d.log" % (family, seed))
    merged = {"family": family, "seed": seed, "calls": 0, "functions": 0, "exceptions": {}, "bad_count": 0,
              "bad": [], "overrun_count": 0, "overruns": [], "counts": {}, "crashes": [], "children": 0}
    start, end = 0, calls
    while start < end:
        summary, crash = run_child(family, seed, start, end - start, log, env, hang, python, cycles)
        merged["children"] += 1
        if summary is not None:
            merged["calls"] += summary["calls"]
            merged["functions"] = summary["functions"]
            for k, v in summary["exceptions"].items():
                merged["exceptions"][k] = merged["exceptions"].get(k, 0) + v
            for k in ("bad_count", "overrun_count"):
                merged[k] += summary[k]
            merged["bad"] += summary["bad"][:200 - len(merged["bad"])]
            merged["overruns"] += summary["overruns"][:200 - len(merged["overruns"])]
            for k, v in summary["counts"].items():
                merged["counts"][k] = merged["counts"].get(k, 0) + v
        if crash is None:
            break
        if (crash["call"] is not None and crash["call"] >= 0 and not crash["class"].startswith("hang")
                and not cycles):  # (with cycles, each call that raised is collected at once: no need)
            culprit = locate(family, seed, crash["call"], env, folder, hang, python, cycles)
            if culprit is not None and (culprit["call"], culprit["class"]) != (crash["call"], crash["class"]):
                crash["located"] = {"class": culprit["class"], "call": culprit["call"],
                                    "call_text": culprit["call_text"]}
        merged["crashes"].append(crash)
        if summary is None:
            merged["calls"] += calls_logged(log)  # the crashed child's calls, the crash's too (no summary came)
        if crash["call"] is None or crash["call"] < 0 or summary is not None or len(merged["crashes"]) >= max_crashes:
            break  # a crash before the first call (baseline search), or at exit: nothing to resume
        start = crash["call"] + 1
    return merged


def summarize(results):
    """Per family: calls, crashes by class, overruns, odd exceptions (all seeds together)."""
    fams = {}
    for r in results:
        f = fams.setdefault(r["family"], {"family": r["family"], "seeds": [], "calls": 0, "functions": r["functions"],
                                          "crashes": {}, "crash_examples": [], "overrun_count": 0,
                                          "overrun_examples": [], "bad_count": 0, "bad_examples": [],
                                          "exceptions": {}, "counts": {}})
        f["seeds"].append(r["seed"])
        f["calls"] += r["calls"]
        f["functions"] = max(f["functions"], r["functions"])
        for c in r["crashes"]:
            f["crashes"][c["class"]] = f["crashes"].get(c["class"], 0) + 1
            if len(f["crash_examples"]) < 10:
                f["crash_examples"].append(dict(c, seed=r["seed"]))
        f["overrun_count"] += r["overrun_count"]
        f["bad_count"] += r["bad_count"]
        for k, v in r["exceptions"].items():
            f["exceptions"][k] = f["exceptions"].get(k, 0) + v
        for k, v in r["counts"].items():
            f["counts"][k] = f["counts"].get(k, 0) + v
        for o in r["overruns"]:
            if o["function"] not in {x["function"] for x in f["overrun_examples"]} and len(f["overrun_examples"]) < 20:
                f["overrun_examples"].append(dict(o, seed=r["seed"]))
        for b in r["bad"]:
            key = (b["function"], b["error"].split(":")[0], b["why"])
            if key not in {(x["function"], x["error"].split(":")[0], x["why"]) for x in f["bad_examples"]} \
                    and len(f["bad_examples"]) < 30:
                f["bad_examples"].append(dict(b, seed=r["seed"]))
    return [fams[k] for k in FAMILIES if k in fams] + [v for k, v in fams.items() if k not in FAMILIES]


def line(f):
    """One family's figures on one line."""
    crashes = ", ".join("%s %d" % kv for kv in sorted(f["crashes"].items())) or "none"
    return ("fuzz %-9s %9d calls over %d functions (seeds %s): crashes: %s; canary overruns: %d; odd exceptions: %d"
            % (f["family"], f["calls"], f["functions"], ",".join(map(str, sorted(f["seeds"]))), crashes,
               f["overrun_count"], f["bad_count"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--calls", type=int, default=40000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cycles", type=int, default=None, help="CUDACFFI_FUZZ_CYCLES for the children")
    ap.add_argument("--hang", type=float, default=60.0)
    ap.add_argument("--json", default=None)
    ap.add_argument("--folder", default=None)
    a = ap.parse_args()
    families = [f for f in a.families.split(",") if f]
    seeds = [int(s) for s in a.seeds.split(",") if s]
    folder = a.folder or tempfile.mkdtemp(prefix="fuzz_run_")
    env = child_env(**standin_env(folder, families))
    from concurrent.futures import ThreadPoolExecutor

    t0 = time.monotonic()
    tasks = [(f, s) for s in seeds for f in families]
    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda fs: fuzz_seed(fs[0], fs[1], a.calls, env, folder, a.hang, cycles=a.cycles),
                                tasks))
    fams = summarize(results)
    print("%s, %.0f s:" % (sys.implementation.name, time.monotonic() - t0))
    for f in fams:
        print(line(f))
    print("total: %d calls" % sum(f["calls"] for f in fams))
    for f in fams:
        for c in f["crash_examples"][:10]:
            print("  crash %s %s seed %d call %s: %s" % (f["family"], c["class"], c["seed"], c["call"], c["call_text"]))
            if "located" in c:
                print("      collecting after every call: %s at call %s: %s"
                      % (c["located"]["class"], c["located"]["call"], c["located"]["call_text"]))
        for o in f["overrun_examples"][:8]:
            print("  overrun %s seed %d call %d: %s(%s): %s" % (f["family"], o["seed"], o["call"], o["function"],
                                                               ", ".join(o["args"]), "; ".join(o["overrun"])))
        for b in f["bad_examples"][:12]:
            print("  odd %s seed %d call %d: %s(%s): %s [%s]" % (f["family"], b["seed"], b["call"], b["function"],
                                                                ", ".join(b["args"])[:200], b["error"][:200], b["why"]))
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"interpreter": sys.implementation.name, "families": fams, "runs": results}, fh, indent=1)


if __name__ == "__main__":
    main()
