/* A stand-in libcuda for the loading tests: each entry point answers with a code saying which symbol
 * was called, so a test can prove which versioned symbol the binding chose. */
typedef void *CUcontext;
int cuInit(unsigned int flags) { (void)flags; return 0; }
int cuDriverGetVersion(int *v) { *v = 12090; return 0; }
int cuCtxCreate(CUcontext *p, unsigned int f, int d) { (void)f; (void)d; *p = (CUcontext)0x1; return 0; }
int cuCtxCreate_v2(CUcontext *p, unsigned int f, int d) { (void)f; (void)d; *p = (CUcontext)0x2; return 0; }
int cuCtxCreate_v4(CUcontext *p, void *params, unsigned int f, int d) {
    (void)params; (void)f; (void)d; *p = (CUcontext)0x4; return 0;
}
int cuStreamQuery(void *s) { (void)s; return 600; }      /* CUDA_ERROR_NOT_READY */
int cuStreamQuery_ptsz(void *s) { (void)s; return 0; }   /* per-thread default stream variant */
/* cuStreamSynchronize is missing on purpose: FunctionNotFoundError */
/* The profiler, and graphics interop with no GL context: cuGLGetDevices is cuGLGetDevices_v2 in cudaGL.h;
 * it lists devices 7 and 8 for CU_GL_DEVICE_LIST_ALL (1) and answers CUDA_ERROR_INVALID_GRAPHICS_CONTEXT
 * (219) otherwise. cuVDPAUGetDevice returns the VdpGetProcAddress address plus the VdpDevice, proving
 * both reach C as values. */
int cuProfilerStart(void) { return 0; }
int cuProfilerStop(void) { return 0; }
int cuGLGetDevices_v2(unsigned int *count, int *devices, unsigned int capacity, int list) {
    unsigned int i;
    if (list != 1) return 219;
    *count = 2;
    for (i = 0; i < capacity && i < 2; i++) devices[i] = 7 + (int)i;
    return 0;
}
int cuGraphicsGLRegisterBuffer(void **resource, unsigned int buffer, unsigned int flags) {
    (void)resource; (void)buffer; (void)flags; return 219;
}
int cuVDPAUGetDevice(int *device, unsigned int vdpDevice, void *vdpGetProcAddress) {
    *device = (int)((unsigned long)vdpGetProcAddress + vdpDevice); return 0;
}
