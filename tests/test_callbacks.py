"""Host callbacks with Python callables, against a stand-in libcuda whose streams run callbacks in order
on a thread of their own (``fake_callbacks.c``): the trampolines, user data, lifetimes, error reports.

Loading is process-global, so each case runs in a fresh interpreter.
"""

import textwrap

import pytest

from conftest import build_standin, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


@pytest.fixture(scope="module")
def fake_driver(tmp_path_factory):
    return build_standin(tmp_path_factory, "fake_callbacks.c", "libcuda.so.1", "-pthread")


def run(fake_driver, body):
    code = "import threading\nfrom cudacffi import driver, _callbacks\n" + textwrap.dedent(body)
    r = run_python(code, env={"CUDACFFI_LIBDRIVER": fake_driver})
    assert r.returncode == 0, r.stdout + r.stderr
    return r


def test_host_functions_fire_in_stream_order_on_another_thread_with_their_user_data(fake_driver):
    r = run(fake_driver, """
        seen = []
        main = threading.get_ident()
        def host(user):
            seen.append((user, threading.get_ident() != main))
        marker = object()
        for user in ("first", 2, marker, None):
            err, = driver.cuLaunchHostFunc(None, host, user)
            assert err == driver.CUresult.CUDA_SUCCESS, err
        err, = driver.cuStreamSynchronize(None)
        assert seen == [("first", True), (2, True), (marker, True), (None, True)], seen
        assert not _callbacks._armed, "records must be freed once fired"
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_stream_callback_gets_stream_status_and_user_data(fake_driver):
    r = run(fake_driver, """
        got = []
        stream = driver.CUstream(0x1234)
        def cb(hStream, status, user):
            got.append((type(hStream).__name__, int(hStream), status, user))
        err, = driver.cuStreamAddCallback(stream, cb, {"k": 1}, 0)
        assert err == 0, err
        driver.cuStreamSynchronize(stream)
        assert got == [("CUstream", 0x1234, driver.CUresult.CUDA_SUCCESS, {"k": 1})], got
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_a_raising_callable_is_reported_with_traceback_and_the_stream_goes_on(fake_driver):
    r = run(fake_driver, """
        after = []
        def bad(user):
            raise ValueError("boom %s" % user)
        driver.cuLaunchHostFunc(None, bad, 7)
        driver.cuLaunchHostFunc(None, after.append, "still runs")
        driver.cuStreamSynchronize(None)
        assert after == ["still runs"], after
        assert not _callbacks._armed
        print("ok")
    """)
    assert r.stdout.strip() == "ok"
    assert "exception in CUhostFn callback" in r.stderr
    assert "Traceback" in r.stderr and "ValueError: boom 7" in r.stderr


def test_failed_call_frees_the_record_and_bad_arguments_name_the_parameter(fake_driver):
    r = run(fake_driver, """
        err, = driver.cuStreamAddCallback(None, lambda *a: None, None, 5)  # the stand-in refuses flags
        assert err == driver.CUresult.CUDA_ERROR_INVALID_VALUE, err
        assert not _callbacks._armed
        try:
            driver.cuLaunchHostFunc(None, "not callable", None)
        except TypeError as e:
            assert "fn" in str(e), e
        else:
            raise AssertionError("no TypeError")
        try:
            driver.cuLaunchHostFunc(None, lambda u: None, None, 1)
        except TypeError:
            pass
        assert not _callbacks._armed
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_a_c_function_pointer_passes_straight_through(fake_driver):
    r = run(fake_driver, """
        import ctypes
        hits = []
        CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
        c_fn = CB(lambda p: hits.append(p))
        address = ctypes.cast(c_fn, ctypes.c_void_p).value
        buf = bytearray(8)
        err, = driver.cuLaunchHostFunc(None, driver.CUhostFn(address), buf)
        err2, = driver.cuLaunchHostFunc(None, address, 0x40)
        driver.cuStreamSynchronize(None)
        assert (err, err2) == (0, 0)
        assert hits[1] == 0x40 and hits[0] != 0, hits
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_host_node_callable_fires_on_every_graph_launch(fake_driver):
    r = run(fake_driver, """
        calls = []
        params = driver.CUDA_HOST_NODE_PARAMS()
        params.fn = lambda user: calls.append(user)
        params.userData = ["node", 1]
        assert params.userData == ["node", 1] and callable(params.fn)
        err, graph = driver.cuGraphCreate(0)
        err, node = driver.cuGraphAddHostNode(graph, None, 0, params)
        assert err == 0, err
        del params
        err, exe = driver.cuGraphInstantiate(graph, 0)
        for _ in range(3):
            driver.cuGraphLaunch(exe, None)
        driver.cuStreamSynchronize(None)
        assert calls == [["node", 1]] * 3, calls
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_struct_callback_field_goes_back_to_a_c_pointer(fake_driver):
    r = run(fake_driver, """
        params = driver.CUDA_HOST_NODE_PARAMS()
        params.fn = print
        params.userData = 0x99
        assert params.userData == 0x99 and params.fn is print
        params.fn = driver.CUhostFn(0x1000)
        assert int(params.fn) == 0x1000 and params.userData == 0x99
        try:
            params.fn = "nope"
        except TypeError as e:
            assert "fn" in str(e)
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_user_object_destructor_runs_once_on_last_release(fake_driver):
    r = run(fake_driver, """
        freed = []
        err, obj = driver.cuUserObjectCreate("payload", freed.append, 2, 0)
        assert err == 0, err
        driver.cuUserObjectRelease(obj, 1)
        assert freed == [] and len(_callbacks._armed) == 1
        driver.cuUserObjectRelease(obj, 1)
        assert freed == ["payload"] and not _callbacks._armed, freed
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_occupancy_callback_is_called_during_the_call(fake_driver):
    r = run(fake_driver, """
        asked = []
        def smem(block):
            asked.append(block)
            return block * 64          # 48 KiB fits up to 768 threads
        err, grid, block = driver.cuOccupancyMaxPotentialBlockSize(None, smem, 0, 0)
        assert (err, block) == (0, 768) and asked[:2] == [32, 64], (err, block, asked[:4])
        assert getattr(_callbacks._current, "CUoccupancyB2DSize", None) is None
        err, grid, block = driver.cuOccupancyMaxPotentialBlockSize(None, lambda b: "x", 0, 0)
        assert err == 0 and block == 1024, block      # an unusable answer is reported and counts as 0
        print("ok")
    """)
    assert r.stdout.strip() == "ok"
    assert "exception in CUoccupancyB2DSize callback" in r.stderr and "ValueError" in r.stderr


def test_log_callback_registration_is_kept(fake_driver):
    from cudacffi import driver

    if "cuLogsRegisterCallback" not in driver._library.functions:
        pytest.skip("this build's cuda.h (CUDA %s) has no cuLogsRegisterCallback" % driver._library.version_text())
    r = run(fake_driver, """
        got = []
        err, handle = driver.cuLogsRegisterCallback(lambda user, level, msg, n: got.append((user, msg, n)), "u")
        assert err == 0 and got == [("u", b"registered", 10)], (err, got)
        assert len(_callbacks._armed) == 1
        print("ok")
    """)
    assert r.stdout.strip() == "ok"


def test_finalizers_are_held_back_while_a_callback_runs_on_the_drivers_thread(fake_driver):
    """A collection during a callback must not run finalizers there (they may call CUDA, which a callback must
    not): the collector is off while callbacks run and back on after the last one returns."""
    r = run(fake_driver, """
        import gc
        seen = []
        def host(user):
            seen.append(gc.isenabled())
            gc.collect()  # a full collection may still run; finalizers are the collector's business once enabled
        for _ in range(3):
            err, = driver.cuLaunchHostFunc(None, host, None)
            assert err == driver.CUresult.CUDA_SUCCESS, err
        err, = driver.cuStreamSynchronize(None)
        assert seen == [False, False, False], seen
        assert gc.isenabled()
        gc.disable()  # a program that turned the collector off keeps it off
        err, = driver.cuLaunchHostFunc(None, host, None)
        err, = driver.cuStreamSynchronize(None)
        assert not gc.isenabled()
        print("ok")
    """)
    assert r.stdout.strip() == "ok"
