"""A Numba External Memory Manager (EMM) plugin whose device memory comes from cudacffi: a CUDA memory pool
per context, served stream-ordered (cuMemAllocFromPoolAsync / cuMemFreeAsync) on the legacy default stream,
so an allocation is ready for, and a free waits for, the work of every blocking stream (Numba's default
stream and the streams ``cuda.stream()`` makes). Pinned and mapped host memory come from cudacffi too.

Numba imports the module named by ``NUMBA_CUDA_MEMORY_MANAGER`` and uses its ``_numba_memory_manager``
class, one instance per context. Run as a script, this file names itself there, then runs a Numba kernel
on arrays whose memory the plugin handed out and checks the result, the pool's bookkeeping, pinned and
mapped host arrays, and deferred cleanup:

    python examples/numba_emm_plugin.py

To use it for any Numba program, put this folder on PYTHONPATH and set
NUMBA_CUDA_MEMORY_MANAGER=numba_emm_plugin.

``defer_cleanup``: while it is active, freed device memory is held back and goes back to the pool when the
outermost ``defer_cleanup`` ends (nothing is trimmed meanwhile). IPC handles are refused: memory from a
pool is shared between processes by exporting the pool (cuMemPoolExportPointer), which Numba's
``IpcHandle`` (a legacy cuIpcGetMemHandle handle) cannot carry.
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import contextlib
import ctypes
import os
import sys
import weakref

from cudacffi import check, driver

if __name__ == "__main__":  # before Numba is imported: it reads its configuration once
    os.environ.setdefault("NUMBA_CUDA_MEMORY_MANAGER", "numba_emm_plugin")
    os.environ.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")  # the checks launch tiny grids on purpose

try:
    from numba import cuda
except ImportError as e:  # the script says so below; as a plugin module Numba itself imports it
    cuda, NUMBA_MISSING = None, "numba-cuda is not importable here (%s)" % e
else:
    NUMBA_MISSING = None


# what a free may meet at interpreter exit, its context already gone: nothing left to free
_GONE = (driver.CUresult.CUDA_ERROR_DEINITIALIZED, driver.CUresult.CUDA_ERROR_CONTEXT_IS_DESTROYED,
         driver.CUresult.CUDA_ERROR_INVALID_CONTEXT)

if cuda is not None:

    class CudacffiPoolMemoryManager(cuda.BaseCUDAMemoryManager):
        """Device memory from a cudacffi memory pool of the context's device; host memory from
        cuMemHostAlloc / cuMemHostRegister. One instance per Numba context (``self.context``)."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)  # Numba also makes one with context=None to read the version
            self.pool = None
            self.ctx = None           # the CUcontext current at initialize: Numba's context, as cudacffi sees it
            self.live = {}            # device address -> size, of what was handed out and not yet freed
            self.allocated = 0        # how many device allocations were handed out, ever
            self._held = []           # frees held back while defer_cleanup is active
            self._deferring = 0
            self._mapped = {}         # host address -> MappedMemory, alive while Numba holds a reference

        @property
        def interface_version(self):
            return 1

        def initialize(self):
            """Make the pool, once; Numba calls this again, which must change nothing."""
            if self.pool is not None:
                return
            self.ctx = check(driver.cuCtxGetCurrent())
            props = driver.CUmemPoolProps()
            props.allocType = driver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED
            props.handleTypes = driver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_NONE
            props.location.type = driver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
            props.location.id = self.context.device.id
            self.pool = check(driver.cuMemPoolCreate(props))
            threshold = driver.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD
            check(driver.cuMemPoolSetAttribute(self.pool, threshold, driver.cuuint64_t(2 ** 64 - 1)))

        def memalloc(self, size):
            self.initialize()
            err, ptr = driver.cuMemAllocFromPoolAsync(size, self.pool, driver.CU_STREAM_LEGACY)
            if err == driver.CUresult.CUDA_ERROR_OUT_OF_MEMORY and self._held:
                self._free(self._take_held())            # memory held back by defer_cleanup: use it first
                err, ptr = driver.cuMemAllocFromPoolAsync(size, self.pool, driver.CU_STREAM_LEGACY)
            ptr = int(check((err, ptr)))
            self.live[ptr] = size
            self.allocated += 1
            return cuda.MemoryPointer(weakref.proxy(self.context), ctypes.c_void_p(ptr), size,
                                      finalizer=self._device_finalizer(ptr))

        def _device_finalizer(self, ptr):
            def finalize():  # holds no reference to the MemoryPointer it finalizes
                if self.live.pop(ptr, None) is None:
                    return                               # reset() freed it already
                if self._deferring:
                    self._held.append(ptr)
                else:
                    self._free([ptr])
            return finalize

        def _take_held(self):
            held, self._held = self._held, []
            return held

        def _free(self, ptrs):
            """Give ``ptrs`` back to the pool, in order after the work of every blocking stream, with this
            plugin's context current (a finalizer may run anywhere)."""
            if not ptrs:
                return
            err, = driver.cuCtxPushCurrent(self.ctx)
            if err in _GONE:
                return
            check((err,))
            try:
                for ptr in ptrs:
                    err, = driver.cuMemFreeAsync(ptr, driver.CU_STREAM_LEGACY)
                    if err not in _GONE:
                        check((err,))
            finally:
                driver.cuCtxPopCurrent()

        def memhostalloc(self, size, mapped=False, portable=False, wc=False):
            flags = ((driver.CU_MEMHOSTALLOC_DEVICEMAP if mapped else 0)
                     | (driver.CU_MEMHOSTALLOC_PORTABLE if portable else 0)
                     | (driver.CU_MEMHOSTALLOC_WRITECOMBINED if wc else 0))
            ptr = int(check(driver.cuMemHostAlloc(size, flags)))

            def finalize():
                err, = driver.cuMemFreeHost(ptr)
                if err not in _GONE:
                    check((err,))
            return self._host_memory(ptr, size, mapped, finalize)

        def mempin(self, owner, pointer, size, mapped=False):
            pointer = int(pointer)
            check(driver.cuMemHostRegister(pointer, size, driver.CU_MEMHOSTREGISTER_DEVICEMAP if mapped else 0))

            def finalize():  # at once: the same memory may be pinned again right after
                err, = driver.cuMemHostUnregister(pointer)
                if err not in _GONE:
                    check((err,))
            return self._host_memory(pointer, size, mapped, finalize, owner)

        def _host_memory(self, ptr, size, mapped, finalize, owner=None):
            """Pinned host memory as Numba takes it: a PinnedMemory, or for mapped memory a reference-counted
            owner of a MappedMemory, which this plugin keeps alive until the last reference goes."""
            context = weakref.proxy(self.context)
            if not mapped:
                return cuda.PinnedMemory(context, ptr, size, owner=owner, finalizer=finalize)

            def release():
                del self._mapped[ptr]
                finalize()
            memory = cuda.MappedMemory(context, ptr, size, owner=owner, finalizer=release)
            self._mapped[ptr] = memory
            return memory.own()

        def get_memory_info(self):
            free, total = check(driver.cuMemGetInfo())
            return cuda.MemoryInfo(free=free, total=total)

        def get_ipc_handle(self, memory):
            raise RuntimeError("numba_emm_plugin: memory from a CUDA memory pool has no legacy IPC handle "
                               "(cuIpcGetMemHandle); share it by exporting the pool (cuMemPoolExportPointer)")

        def reset(self):
            """Free everything this plugin handed out in its context and shrink the pool (Numba may call it
            before ``initialize``)."""
            if self.pool is None:
                return
            self._free(list(self.live) + self._take_held())
            self.live.clear()
            check(driver.cuStreamSynchronize(driver.CU_STREAM_LEGACY))
            check(driver.cuMemPoolTrimTo(self.pool, 0))

        @contextlib.contextmanager
        def defer_cleanup(self):
            self._deferring += 1
            try:
                yield
            finally:
                self._deferring -= 1
                if not self._deferring:
                    self._free(self._take_held())

        def pool_bytes_in_use(self):
            """The pool's CU_MEMPOOL_ATTR_USED_MEM_CURRENT, once the default stream's work is done."""
            check(driver.cuStreamSynchronize(driver.CU_STREAM_LEGACY))
            used = driver.CUmemPool_attribute.CU_MEMPOOL_ATTR_USED_MEM_CURRENT
            return int(check(driver.cuMemPoolGetAttribute(self.pool, used)))

    _numba_memory_manager = CudacffiPoolMemoryManager


def main(n=1 << 20):
    import gc

    import numpy as np

    check(driver.cuInit(0))  # no driver: the one-line reason, before anything about Numba
    if cuda is None:
        cannot_run(NUMBA_MISSING)
    if not hasattr(np, "row_stack"):
        # numba-cuda's array support still names numpy.row_stack, which NumPy 2.5 removed: without it
        # no kernel compiles at all there. It was an alias of vstack.
        np.row_stack = np.vstack
    import numba_emm_plugin as plugin  # the module Numba loaded: it names this one

    manager = cuda.current_context().memory_manager
    if not isinstance(manager, plugin.CudacffiPoolMemoryManager):
        print("numba_emm_plugin FAILED: Numba uses %r, not this plugin (NUMBA_CUDA_MEMORY_MANAGER=%s)"
              % (manager, os.environ.get("NUMBA_CUDA_MEMORY_MANAGER")))
        return 1

    @cuda.jit
    def axpy(out, a, x, y):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]

    @cuda.jit
    def add(out, a, b):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a[i] + b[i]

    problems = []
    x = np.arange(n, dtype=np.float32)
    y = np.full(n, 3.0, dtype=np.float32)
    d_x, d_y = cuda.to_device(x), cuda.to_device(y)
    d_out = cuda.device_array_like(x)
    addresses = [a.__cuda_array_interface__["data"][0] for a in (d_x, d_y, d_out)]
    if not all(addr in manager.live for addr in addresses):
        problems.append("Numba's arrays do not lie in the plugin's allocations")
    in_use = manager.pool_bytes_in_use()
    if in_use < 3 * x.nbytes:
        problems.append("the pool reports %d bytes in use for 3 arrays of %d" % (in_use, x.nbytes))
    axpy[(n + 255) // 256, 256](d_out, np.float32(2.0), d_x, d_y)
    out = d_out.copy_to_host()
    if not np.array_equal(out, 2 * x + y):
        problems.append("the kernel's result is wrong in %d elements" % int(np.sum(out != 2 * x + y)))

    with cuda.defer_cleanup():               # frees are held back until it ends
        del d_x, d_y, d_out
        gc.collect()
        held = manager.pool_bytes_in_use()
    released = manager.pool_bytes_in_use()
    still_live = sum(addr in manager.live for addr in addresses)
    if still_live or held < 3 * x.nbytes or released > held - 3 * x.nbytes:
        problems.append("freeing: %d of 3 still live, %d bytes in use while deferred, %d after"
                        % (still_live, held, released))

    pinned = cuda.pinned_array(1024, dtype=np.float64)       # memhostalloc
    pinned[:] = np.arange(1024)
    mapped = cuda.mapped_array(1024, dtype=np.float64)       # memhostalloc, mapped
    host = np.arange(1024, dtype=np.float64)
    with cuda.pinned(host):                                   # mempin
        d_host = cuda.to_device(host)
    d_pinned = cuda.to_device(pinned)
    add[4, 256](mapped, d_pinned, d_host)
    cuda.synchronize()
    if not np.array_equal(mapped, 2 * np.arange(1024)):
        problems.append("the mapped array holds the wrong sum")
    info = cuda.current_context().get_memory_info()
    if not 0 < info.free <= info.total:
        problems.append("memory info %r" % (info,))
    if problems:
        print("numba_emm_plugin FAILED: " + "; ".join(problems))
        return 1
    print("numba_emm_plugin passed: a Numba kernel on %d pool allocations from cudacffi; pinned, mapped and "
          "deferred frees checked" % manager.allocated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
