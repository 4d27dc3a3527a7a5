/* A stand-in libcuda for a machine with a driver and no GPU: cuInit says CUDA_ERROR_NO_DEVICE (100), as the
 * real driver does there; the version and error-name calls answer as a CUDA 12.9 driver's. */
static const char *text(int e) { return e == 100 ? "CUDA_ERROR_NO_DEVICE" : "CUDA_ERROR_UNKNOWN"; }

int cuInit(unsigned int flags) { (void)flags; return 100; }
int cuDriverGetVersion(int *v) { *v = 12090; return 0; }
int cuGetErrorName(int e, const char **s) { *s = text(e); return 0; }
int cuGetErrorString(int e, const char **s) { *s = e == 100 ? "no CUDA-capable device is detected" : text(e); return 0; }
