/* A tiny CUDA-like header for codegen's golden tests. */
#include <stddef.h>
#include <stdint.h>
#define TINY_VERSION 1020
#define CUDA_VERSION 12090
#define TINY_FLAG_A 0x1
#define TINY_NULL ((void*)0)
#define tinyOpen tinyOpen_v2
#define tinyCopy __TINY_PTDS(tinyCopy_v2)
#ifdef TINY_PER_THREAD
#define __TINY_PTDS(x) x ## _ptds
#else
#define __TINY_PTDS(x) x
#endif
typedef struct tinyCtx_st *tinyCtx;
typedef unsigned long long tinyPtr;
typedef enum tinyResult_enum { TINY_OK = 0, TINY_ERR = 1 << 3, TINY_ALIAS = TINY_ERR } tinyResult;
typedef struct tinyDesc_st {
    size_t width;
    tinyCtx owner;
    union { int asInt; float asFloat; };
    struct { unsigned int x, y; } pos;
    char name[8];
    void *data;
} tinyDesc;
typedef struct tinyLaunch_st {
    tinyDesc *descs;
    unsigned int numDescs;
    void **kernelParams;
} tinyLaunch;
typedef void (*tinyCallback)(void *userData);
tinyResult tinyOpen(tinyCtx *ctx, unsigned int flags);
tinyResult tinyOpen_v3(tinyCtx *ctx, const tinyDesc *desc, unsigned int flags);
tinyResult tinyCopy(tinyPtr dst, const void *src, size_t bytes);
tinyResult tinyNodes(tinyCtx ctx, tinyPtr *nodes, size_t *numNodes);
tinyResult tinyName(char *name, int len, tinyCtx ctx);
tinyResult tinyDescribe(tinyDesc *desc, tinyCtx ctx);
tinyResult tinyLater(tinyCtx ctx, tinyCallback fn, void *userData);
extern tinyResult __tinyClose_1_2(tinyCtx ctx);
static inline tinyResult tinyClose(tinyCtx ctx) { return __tinyClose_1_2(ctx); }
static inline int tinyHelper(int x) { return x + 1; }
