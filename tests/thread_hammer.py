"""Threads using and destroying the same NVRTC, nvJitLink or NVVM handles at once, against the real libraries.

Run as a child process (a crash must not take the test run with it):

    python tests/thread_hammer.py FAMILY SECONDS      (nvrtc, nvvm, nvjitlink or nvfatbin)

A pool of live handles is shared by user threads, which call cheap queries and now and then a compile on a
handle picked at random, and destroyer threads, which destroy a handle picked at random and put a new one in
its place. Every outcome must be a success or the binding's answer for a handle that is not live (NVRTC's
``NVRTC_ERROR_INVALID_PROGRAM``, ``ValueError`` for nvJitLink and NVVM); anything else is listed. nvJitLink
handles may be used only on their creating thread, so there the main thread creates and destroys, and the
user threads must all be refused. The last line of stdout is a JSON summary.

Handles are ints, so a destroyer holding a stale value may destroy the new handle the library made at the same
address (correct: that value is live again); the thread making it then sees it gone ("made lost"), and a user
may reach that new program before its module is added ("reused": NVVM's ERROR_NO_MODULE_IN_PROGRAM), or read
an NVRTC or NVVM program's output size before its compile and its output after ("reused": the buffer sized then is
refused).
"""

import json
import os
import random
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL = b'extern "C" __global__ void k(int *p) { p[0] = 1; }'
USERS, DESTROYERS, POOL = 6, 2, 4


class Lost(Exception):
    """A handle just made was destroyed by another thread through a stale value at the same address."""


def _nvvm_ir():
    sys.path.insert(0, HERE)
    from test_nvvm import TWICE_IR

    return TWICE_IR


class Family:
    """make(), destroy(h) and the user operations of one family, each returning "ok" or "refused"."""

    def __init__(self, name):
        self.name = name
        self.made = made = []  # every handle made, destroyed at the end where still live
        if name == "nvrtc":
            from cudacffi import nvrtc as m

            self.table = m._programs
            R = m.nvrtcResult

            def status(r):
                return "ok" if r[0] == R.NVRTC_SUCCESS else "refused" if r[0] == R.NVRTC_ERROR_INVALID_PROGRAM \
                    else "status %r" % (r[0],)

            def make():
                p = m.nvrtcCreateProgram(KERNEL, b"k.cu", 0, [], [])[1]
                made.append(p)
                r = status(m.nvrtcCompileProgram(p, 0, []))
                if r != "ok":
                    raise Lost(r)
                return p

            def ptx(h):
                r = m.nvrtcGetPTXSize(h)
                if r[0]:
                    return status(r)
                try:
                    return status(m.nvrtcGetPTX(h, bytearray(r[1])))
                except ValueError as e:  # the size was of a new program at this address, read before its compile
                    if "has room for %d bytes; the library writes" % r[1] in str(e):
                        return "reused"  # the binding refused to write past the buffer: what it must do
                    raise

            self.make, self.destroy = make, lambda h: status(m.nvrtcDestroyProgram(h))
            self.uses = [lambda h: status(m.nvrtcGetPTXSize(h)), lambda h: status(m.nvrtcGetProgramLogSize(h)),
                         ptx, lambda h: status(m.nvrtcCompileProgram(h, 0, []))]
        elif name == "nvvm":
            from cudacffi import nvvm as m

            ir = _nvvm_ir()
            from cudacffi._gen.nvvm import _live_nvvmProgram as table
            self.table = table

            def make():
                h = m.create_program()
                made.append(h)
                try:
                    m.add_module_to_program(h, ir, len(ir), "m")
                    m.compile_program(h, 0, [])
                except ValueError as e:
                    raise Lost(str(e))
                return h

            def result(h):
                n = m.get_compiled_result_size(h)
                try:
                    m.get_compiled_result(h, bytearray(n))
                except ValueError as e:  # the size was of a new program at this address, read before its compile
                    if "holds %d bytes; get_compiled_result_size() needs" % n in str(e):
                        return "reused"  # the binding refused to write past the buffer: what it must do
                    raise

            self.make, self.destroy = make, m.destroy_program
            self.uses = [m.get_compiled_result_size, m.get_program_log_size, result,
                         lambda h: m.verify_program(h, 0, []), lambda h: m.compile_program(h, 0, [])]
        elif name == "nvfatbin":
            from cudacffi import nvfatbin as m
            from cudacffi._gen.nvfatbin import _live_nvFatbinHandle as table

            self.table = table
            self.make = lambda: made.append(m.create([], 0)) or made[-1]
            self.destroy = m.destroy
            self.uses = [m.size, lambda h: m.get(h, bytearray(m.size(h)))]
        else:
            from cudacffi import nvjitlink as m

            from cudacffi._gen.nvjitlink import _live_nvJitLinkHandle as table
            self.table = table
            self.make = lambda: made.append(m.create(1, ["-arch=sm_90"])) or made[-1]
            self.destroy = m.destroy
            self.uses = [m.get_error_log_size, m.get_info_log_size,
                         lambda h: m.get_error_log(h, bytearray(m.get_error_log_size(h)))]

    def outcome(self, f, h):
        try:
            r = f(h)
        except ValueError as e:
            text = str(e)
            return "refused" if "not a live" in text or "another thread" in text else "ValueError: " + text
        except Exception as e:
            text = "%s: %s" % (type(e).__name__, e)
            # a stale value naming a new NVVM program at the same address, still before its module is added
            return "reused" if "NO_MODULE_IN_PROGRAM" in text else text
        return r if isinstance(r, str) else "ok"


def hammer(family, seconds):
    fam = Family(family)
    pool = [fam.make() for _ in range(POOL)]
    counts, lock = {}, threading.Lock()
    deadline = time.monotonic() + seconds
    users_on_creator = family == "nvjitlink"  # its handles are refused off the creating thread

    def note(what, outcome):
        key = "%s %s" % (what, outcome)
        with lock:
            counts[key] = counts.get(key, 0) + 1

    def use(rng):
        f = rng.choice(fam.uses[:-1] if rng.random() < 0.97 else fam.uses)  # compiles now and then
        note("use", fam.outcome(f, pool[rng.randrange(POOL)]))

    def destroy(rng):
        i = rng.randrange(POOL)
        out = fam.outcome(fam.destroy, pool[i])
        note("destroy", out)
        while out == "ok":
            try:
                pool[i] = fam.make()
                break
            except Lost:
                note("made", "lost")

    def user(seed):
        rng = random.Random(seed)
        while time.monotonic() < deadline:
            use(rng)

    def destroyer(seed):
        rng = random.Random(seed)
        while time.monotonic() < deadline:
            destroy(rng)
            if users_on_creator:
                use(rng)

    threads = [threading.Thread(target=user, args=(i,)) for i in range(USERS)]
    threads += [threading.Thread(target=destroyer, args=(100 + i,)) for i in range(DESTROYERS - users_on_creator)]
    for t in threads:
        t.start()
    if users_on_creator:
        destroyer(100)
    for t in threads:
        t.join()
    for h in fam.made:
        if fam.outcome(fam.destroy, h) == "ok":
            note("final-destroy", "ok")
    return {"counts": counts, "table_left": len(fam.table)}


if __name__ == "__main__":
    sys.setswitchinterval(1e-5)  # switch threads often: more interleavings per second
    print(json.dumps(hammer(sys.argv[1], float(sys.argv[2]))))
