"""The CUDA samples without a GPU: every sample's kernel compiles with NVRTC (for sm_80, the oldest
architecture the async-copy sample runs on), and the host-side pieces a sample checks its GPU against
are right on their own."""

import importlib.util
import os

import pytest

from conftest import ROOT, compile_ptx, library_missing

np = pytest.importorskip("numpy")
pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


def load_example(name):
    spec = importlib.util.spec_from_file_location("sample_" + name, os.path.join(ROOT, "examples", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def nvrtc_ready():
    from cudacffi import nvrtc

    try:
        nvrtc.nvrtcVersion()
    except RuntimeError as e:  # LibraryNotFoundError
        library_missing("libnvrtc: %s" % " ".join(str(e).split()))


@pytest.mark.parametrize("name", ["simple_cubemap_texture", "iso_fd_modelling", "jit_program", "interop_cupy_torch",
                                  "vector_add_drv", "clock", "simple_zero_copy", "system_wide_atomics",
                                  "stream_ordered_allocation", "simple_cuda_graphs", "simple_p2p",
                                  "conjugate_gradient_multi_block_cg", "nccl_allreduce"])
def test_sample_kernel_compiles(name, nvrtc_ready):
    sample = load_example(name)
    ptx = compile_ptx(sample.SOURCE, (b"--gpu-architecture=compute_80",))
    assert b".entry" in ptx


def test_async_copy_sample_compiles_against_libcuxx_where_found(nvrtc_ready):
    sample = load_example("global_to_shmem_async_copy")
    include = sample.libcudacxx_include()
    if include is None:
        pytest.skip("libcu++'s cuda/pipeline is in no toolkit (CUDA_HOME, CUDA_PATH, /usr/local/cuda) nor wheel here")
    ptx = compile_ptx(sample.SOURCE, (b"--gpu-architecture=compute_80", b"-I" + include.encode(), b"--std=c++17"))
    assert b".entry matmul_async_copy" in ptx and b".entry matmul_plain" in ptx
    assert b"cp.async" in ptx  # the copy engine, not loads through registers


def test_async_copy_sample_finds_cuda_pipeline_under_cuda_home(tmp_path, monkeypatch):
    sample = load_example("global_to_shmem_async_copy")
    header = tmp_path / "include" / "cccl" / "cuda" / "pipeline"
    header.parent.mkdir(parents=True)
    header.write_text("")
    monkeypatch.setenv("CUDA_HOME", str(tmp_path))
    assert sample.libcudacxx_include() == str(tmp_path / "include" / "cccl")


def test_cubemap_lookup_meets_the_texel_each_face_centre_points_at():
    """Directions through every texel centre of every face (the cubemap table run backwards) land on that
    face and texel, clearly."""
    sample = load_example("simple_cubemap_texture")
    width = 8
    faces, rows, cols = np.meshgrid(np.arange(6), np.arange(width), np.arange(width), indexing="ij")
    s = 2 * (cols + 0.5) / width - 1
    t = 2 * (rows + 0.5) / width - 1
    one = np.ones_like(s)
    # per face, the direction whose (s, t) on that face are the texel's centre
    by_face = [(one, -t, -s), (-one, -t, s), (s, one, t), (s, -one, -t), (s, -t, one), (-s, -t, -one)]
    directions = np.stack([np.select([faces == f for f in range(6)], [d[axis] for d in by_face])
                           for axis in range(3)], axis=-1).reshape(-1, 3)
    face, row, col, clear = sample.cubemap_lookup(directions, width)
    assert clear.all()
    assert (face == faces.ravel()).all() and (row == rows.ravel()).all() and (col == cols.ravel()).all()


def test_cubemap_lookup_leaves_out_directions_near_an_edge():
    sample = load_example("simple_cubemap_texture")
    _, _, _, clear = sample.cubemap_lookup(np.array([[1.0, 0.9999999, 0.2],    # between two faces
                                                     [1.0, 0.0, 0.0],          # on a texel boundary (width 8)
                                                     [1.0, 0.1, 0.3]]), 8)
    assert clear.tolist() == [False, False, True]


def test_fd_host_model_propagates_a_wave_symmetrically():
    """The host reference the GPU run is checked against: a source in the middle of a uniform medium gives
    a field symmetric about it in x and y, which has spread beyond the source."""
    sample = load_example("iso_fd_modelling")
    r = sample.R
    r2 = np.full((16 + 2 * r, 17 + 2 * r, 17 + 2 * r), 0.1, dtype=np.float32)
    field = sample.host_model(r2, (r + 8, r + 8, r + 8), sample.ricker(30))
    inner = field[r:-r, r:-r, r:-r]
    assert np.allclose(inner, inner[:, ::-1, :], atol=1e-6) and np.allclose(inner, inner[:, :, ::-1], atol=1e-6)
    assert np.abs(inner[8, 8, 1]) > 1e-4 * np.abs(inner).max()  # 7 points away from the source
    assert (field[:r] == 0).all() and (field[-r:] == 0).all()     # the padding stays zero


def test_emm_plugin_module_imports_without_numba_and_says_so():
    sample = load_example("numba_emm_plugin")
    if sample.cuda is not None:
        assert sample._numba_memory_manager.__name__ == "CudacffiPoolMemoryManager"
        assert sample._numba_memory_manager(context=None).interface_version == 1
    else:
        assert "numba-cuda is not importable" in sample.NUMBA_MISSING
        assert not hasattr(sample, "_numba_memory_manager")


# -- nccl_allreduce: what it checks against, and when it says it cannot run ------------------------------------

def test_nccl_sample_reference_is_each_ranks_fill_summed():
    sample = load_example("nccl_allreduce")
    n = 2503
    i = np.arange(n) % 1000
    assert sample.contribution(n, 0).tolist() == i.tolist()
    assert sample.contribution(n, 1).tolist() == (2 * i + 1).tolist()
    assert sample.expected_sum(n).tolist() == (3 * i + 1).tolist()


def fake_cupy(monkeypatch, available):
    """``cupy.cuda.nccl`` as CuPy leaves it with NCCL (``available``) or without."""
    import sys
    import types

    cupy, cuda, nccl = (types.ModuleType(name) for name in ("cupy", "cupy.cuda", "cupy.cuda.nccl"))
    cupy.cuda, cuda.nccl = cuda, nccl
    nccl.available = available
    if available:
        nccl.NcclCommunicator = object
    for module in (cupy, cuda, nccl):
        monkeypatch.setitem(sys.modules, module.__name__, module)
    return nccl


def test_nccl_sample_says_why_it_cannot_run(monkeypatch):
    import sys

    sample = load_example("nccl_allreduce")
    assert sample.cannot_run_reason(1) == (None, "1 device(s); two are needed")
    assert sample.cannot_run_reason(0, loader=lambda: ("never", None))[1] == "0 device(s); two are needed"
    monkeypatch.setitem(sys.modules, "cupy", None)  # not installed: the import fails
    nccl, why = sample.cannot_run_reason(2)
    assert nccl is None and why.startswith(("CuPy's NCCL is not importable (ImportError",
                                            "CuPy's NCCL is not importable (ModuleNotFoundError")), why
    fake_cupy(monkeypatch, available=False)
    nccl, why = sample.cannot_run_reason(2)
    assert nccl is None and "CuPy has no NCCL" in why
    module = fake_cupy(monkeypatch, available=True)
    assert sample.cannot_run_reason(2) == (module, None)


@pytest.mark.parametrize("code,version", [(22703, "2.27.3"), (21903, "2.19.3"), (2804, "2.8.4")])
def test_nccl_sample_reads_the_version_code(code, version):
    sample = load_example("nccl_allreduce")
    nccl = type("nccl", (), {"get_version": staticmethod(lambda: code)})
    assert sample.nccl_version(nccl) == version
