/* A stand-in libcuda with one device and nothing else: what `python -m cudacffi` reads of a driver (version,
 * device count, name, compute capability, memory), so its report and its --no-demo run without a GPU. */
#include <stddef.h>
#include <string.h>

int cuInit(unsigned int flags) { (void)flags; return 0; }
int cuDriverGetVersion(int *v) { *v = 12090; return 0; }
int cuDeviceGetCount(int *n) { *n = 1; return 0; }
int cuDeviceGet(int *d, int ordinal) { *d = ordinal; return ordinal == 0 ? 0 : 101; /* INVALID_DEVICE */ }
int cuDeviceGetName(char *name, int len, int dev) {
    (void)dev;
    strncpy(name, "Stand-in GPU", (size_t)len);
    return 0;
}
int cuDeviceGetAttribute(int *v, int attr, int dev) {
    (void)dev;
    *v = attr == 75 ? 9 : 0; /* COMPUTE_CAPABILITY_MAJOR 9, MINOR 0 */
    return 0;
}
int cuDeviceTotalMem_v2(size_t *bytes, int dev) { (void)dev; *bytes = (size_t)80 << 30; return 0; }
int cuGetErrorName(int e, const char **s) { (void)e; *s = "CUDA_ERROR_UNKNOWN"; return 0; }
int cuGetErrorString(int e, const char **s) { (void)e; *s = "unknown"; return 0; }
