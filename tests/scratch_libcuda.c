/* A stand-in libcuda for the per-thread output slots (issue 25): functions that leave outputs unwritten, as the
 * driver may (it documents the capture-info outputs as valid only while the stream captures), beside functions
 * whose in/out values the binding keeps in the same slots.
 *
 *   cuEGLStreamConsumerAcquireFrame:  reads its in/out handles, writes nothing back
 *   cuGraphGetNodes:                  writes no node and leaves the count as given
 *   cuStreamGetCaptureInfo_v2 / _v3:  writes the status (not capturing) and nothing else
 *   cuCtxGetCurrent:                  writes nothing (a library that fails to, with success)
 */
#include <stddef.h>

int cuInit(unsigned int flags) { (void)flags; return 0; }
int cuDriverGetVersion(int *v) { *v = 12090; return 0; }
int cuEGLStreamConsumerAcquireFrame(void **conn, void **resource, void **stream, unsigned int timeout) {
    (void)conn; (void)resource; (void)stream; (void)timeout; return 0;
}
int cuGraphGetNodes(void *g, void **nodes, size_t *n) { (void)g; (void)nodes; (void)n; return 0; }
int cuStreamGetCaptureInfo_v2(void *s, int *status, unsigned long long *id, void **g, void *const **deps,
                              size_t *n) {
    (void)s; (void)id; (void)g; (void)deps; (void)n;
    *status = 0;
    return 0;
}
int cuStreamGetCaptureInfo_v3(void *s, int *status, unsigned long long *id, void **g, void *const **deps,
                              const void **edges, size_t *n) {
    (void)edges;
    return cuStreamGetCaptureInfo_v2(s, status, id, g, deps, n);
}
int cuCtxGetCurrent(void **ctx) { (void)ctx; return 0; }
