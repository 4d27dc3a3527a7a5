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
