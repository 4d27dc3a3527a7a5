// Kernels for benchmarks/run.py and benchmarks/floor.c.
//
// run.py compiles this file once per run with `nvcc -fatbin -arch=sm_XY` into a temporary
// directory; the C floor loads that file with cuModuleLoad and both Python bindings load
// the same bytes with cuModuleLoadData. The bodies are empty on purpose: only the cost of
// submitting the launch is of interest. The parameters still exist in the kernel's ABI,
// so the driver copies them on every launch.

extern "C" __global__ void empty_kernel(void) {}

extern "C" __global__ void one_ptr_kernel(float *p0) {}

extern "C" __global__ void sixteen_ptr_kernel(
    float *p0, float *p1, float *p2, float *p3, float *p4, float *p5, float *p6, float *p7,
    float *p8, float *p9, float *p10, float *p11, float *p12, float *p13, float *p14, float *p15) {}
