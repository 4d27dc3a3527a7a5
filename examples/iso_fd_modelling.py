"""isoFDModelling: an acoustic wave in an isotropic medium (the speed depends on the place, not on the
direction), stepped in time with an 8th-order finite-difference stencil, the grid cut into slabs along z
and the slabs spread over every GPU. After each step every slab hands the planes next to its neighbours
to them (halo exchange) with cuMemcpyPeerAsync: a direct copy where the two devices have peer access, one
staged by the driver otherwise, and a plain copy between slabs of one device. On one GPU the grid is
still cut in two, so the exchange is exercised. The field is checked against the same scheme on the host.

    python examples/iso_fd_modelling.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

R = 4                                                              # the stencil's radius, in points
COEFFS = np.array([-205 / 72, 8 / 5, -1 / 5, 8 / 315, -1 / 560])  # the 8th-order second derivative

SOURCE = b"""
#define R %d
__constant__ float C[R + 1] = {%s};

// One time step of u'' = v^2 lap(u) on a slab of nz planes of ny x nx points, stored with R padding points
// on every side (zeros in x and y; the neighbours' planes, or zeros at the ends, in z). r2 = (v dt / h)^2.
extern "C" __global__ void fd_step(const float *u, const float *u_prev, float *u_next, const float *r2,
                                   int nx, int ny, int nz, long long source, float amplitude)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    const long long px = nx + 2 * R, plane = px * (ny + 2 * R);
    const long long c = (z + R) * plane + (y + R) * px + (x + R);
    float lap = 3.0f * C[0] * u[c];
    for (int k = 1; k <= R; ++k)
        lap += C[k] * ((u[c - k] + u[c + k]) + (u[c - k * px] + u[c + k * px])
                       + (u[c - k * plane] + u[c + k * plane]));
    float next = 2.0f * u[c] - u_prev[c] + r2[c] * lap;
    if (c == source) next += amplitude;
    u_next[c] = next;
}
""" % (R, b", ".join(b"%.9ef" % c for c in COEFFS))


def ricker(steps, peak=0.05):
    """The source's amplitude at each step: a Ricker wavelet of ``peak`` cycles a step, centred at 1/peak."""
    a = (np.pi * peak * (np.arange(steps) - 1 / peak)) ** 2
    return ((1 - 2 * a) * np.exp(-a)).astype(np.float32)


def host_model(r2, source, wavelet):
    """The same scheme on the host over the whole padded grid; the last field."""
    u_prev, u = np.zeros_like(r2), np.zeros_like(r2)
    inner = (slice(R, -R),) * 3
    coeffs = COEFFS.astype(np.float32)
    for amplitude in wavelet:
        c = u[inner]
        lap = np.float32(3) * coeffs[0] * c
        for k in range(1, R + 1):
            def shifted(axis, by):
                index = [slice(R, -R)] * 3
                index[axis] = slice(R + by, u.shape[axis] - R + by)
                return u[tuple(index)]
            lap += coeffs[k] * ((shifted(2, -k) + shifted(2, k)) + (shifted(1, -k) + shifted(1, k))
                                + (shifted(0, -k) + shifted(0, k)))
        u_next = np.zeros_like(u)
        u_next[inner] = np.float32(2) * c - u_prev[inner] + r2[inner] * lap
        u_next[source] += amplitude
        u_prev, u = u, u_next
    return u


class Slab:
    """The planes [z0, z1) of the grid on one device: three fields (previous, current, next), the speed
    model, a stream, and the device's context."""

    def __init__(self, z0, z1, device, context, kernel, r2):
        self.z0, self.z1, self.device, self.context, self.kernel = z0, z1, device, context, kernel
        check(driver.cuCtxSetCurrent(context))
        part = np.ascontiguousarray(r2[z0:z1 + 2 * R])
        self.plane_bytes = part[0].nbytes
        self.nbytes = part.nbytes
        self.fields = [check(driver.cuMemAlloc(self.nbytes)) for _ in range(3)]
        for f in self.fields:
            check(driver.cuMemsetD8(f, 0, self.nbytes))
        self.r2 = check(driver.cuMemAlloc(self.nbytes))
        check(driver.cuMemcpyHtoD(self.r2, part, self.nbytes))
        self.stream = check(driver.cuStreamCreate(driver.CUstream_flags.CU_STREAM_NON_BLOCKING))

    def plane(self, field, k):
        """The device address of padded plane ``k`` of ``field``."""
        return int(field) + k * self.plane_bytes

    def step(self, shape, source, amplitude):
        _, ny, nx = shape
        prev, cur, nxt = self.fields
        z, y, x = source
        local = ((z - self.z0) * (ny + 2 * R) + y) * (nx + 2 * R) + x if self.z0 + R <= z < self.z1 + R else -1
        check(driver.cuCtxSetCurrent(self.context))
        check(driver.cuLaunchKernel(self.kernel, (nx + 15) // 16, (ny + 15) // 16, self.z1 - self.z0, 16, 16, 1,
                                    0, self.stream,
                                    ((cur, prev, nxt, self.r2, nx, ny, self.z1 - self.z0, local, float(amplitude)),
                                     (None, None, None, None, "int", "int", "int", "long long", "float")), 0))

    def rotate(self):
        prev, cur, nxt = self.fields
        self.fields = [cur, nxt, prev]

    def free(self):
        check(driver.cuCtxSetCurrent(self.context))
        for p in self.fields + [self.r2]:
            check(driver.cuMemFree(p))
        check(driver.cuStreamDestroy(self.stream))


def exchange_halos(lower, upper):
    """Each of two neighbouring slabs gets the R planes next to it from the other, into its padding, on the
    receiver's stream; the new fields (``fields[2]``) are the ones exchanged."""
    size = R * lower.plane_bytes
    nz_lower = lower.z1 - lower.z0
    check(driver.cuCtxSetCurrent(upper.context))
    check(driver.cuMemcpyPeerAsync(upper.plane(upper.fields[2], 0), upper.context,
                                   lower.plane(lower.fields[2], nz_lower), lower.context, size, upper.stream))
    check(driver.cuCtxSetCurrent(lower.context))
    check(driver.cuMemcpyPeerAsync(lower.plane(lower.fields[2], nz_lower + R), lower.context,
                                   upper.plane(upper.fields[2], R), upper.context, size, lower.stream))


def enable_peer_access(devices):
    """Peer access between every pair of devices that allows it; how many ordered pairs have it."""
    pairs = 0
    for dev, ctx in devices:
        for peer_dev, peer_ctx in devices:
            if dev != peer_dev and check(driver.cuDeviceCanAccessPeer(dev, peer_dev)):
                check(driver.cuCtxSetCurrent(ctx))
                err, = driver.cuCtxEnablePeerAccess(peer_ctx, 0)
                if err not in (driver.CUresult.CUDA_SUCCESS, driver.CUresult.CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED):
                    check((err,))
                pairs += 1
    return pairs


def main(shape=(48, 40, 40), steps=80):
    check(driver.cuInit(0))
    count = check(driver.cuDeviceGetCount())
    devices = [init_device(i) for i in range(count)]
    peer_pairs = enable_peer_access(devices)
    modules, kernels = [], []
    for dev, ctx in devices:                    # a module is loaded into the current context: each its own
        check(driver.cuCtxSetCurrent(ctx))
        modules.append(load_module(SOURCE, dev))
        kernels.append(check(driver.cuModuleGetFunction(modules[-1], b"fd_step")))

    nz, ny, nx = shape
    padded = (nz + 2 * R, ny + 2 * R, nx + 2 * R)
    r2 = np.zeros(padded, dtype=np.float32)                       # two layers: slower above, faster below
    r2[:padded[0] // 3] = 0.04
    r2[padded[0] // 3:] = 0.12
    parts = max(2, count)
    bounds = np.linspace(0, nz, parts + 1).astype(int)
    source = (R + int(bounds[1]) - 2, R + ny // 2, R + nx // 2)   # just below the first cut
    wavelet = ricker(steps)

    slabs = [Slab(int(bounds[p]), int(bounds[p + 1]), *devices[p % count], kernels[p % count], r2)
             for p in range(parts)]
    for amplitude in wavelet:
        for slab in slabs:
            slab.step(shape, source, amplitude)
        for slab in slabs:
            check(driver.cuStreamSynchronize(slab.stream))
        for lower, upper in zip(slabs, slabs[1:]):
            exchange_halos(lower, upper)
        for slab in slabs:
            slab.rotate()
    field = np.empty(padded, dtype=np.float32)
    for slab in slabs:
        check(driver.cuStreamSynchronize(slab.stream))
        part = np.empty((slab.z1 - slab.z0,) + padded[1:], dtype=np.float32)
        check(driver.cuMemcpyDtoH(part, slab.plane(slab.fields[1], R), part.nbytes))
        field[R + slab.z0:R + slab.z1] = part
        slab.free()
    for (dev, ctx), module in zip(devices, modules):
        check(driver.cuCtxSetCurrent(ctx))
        check(driver.cuModuleUnload(module))

    expected = host_model(r2, source, wavelet)
    inner = (slice(R, -R),) * 3
    scale = float(np.abs(expected).max())
    error = float(np.abs(field[inner] - expected[inner]).max())
    reached = [float(np.abs(expected[R + s.z0:R + s.z1]).max()) > 1e-3 * scale for s in slabs]
    if not (scale > 0 and error <= 1e-4 * scale and sum(reached) >= 2):
        print("iso_fd_modelling FAILED: largest difference %.3g of a field up to %.3g; the wave reached %d slab(s)"
              % (error, scale, sum(reached)))
        return 1
    print("iso_fd_modelling passed: %d steps of a %d x %d x %d grid in %d slabs on %d device(s) (%d peer pair(s)); "
          "largest difference from the host %.2g of %.2g" % (steps, nz, ny, nx, parts, count, peer_pairs, error, scale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
