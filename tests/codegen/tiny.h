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
typedef struct tinyCtx_st *tinyCtx; /**< A tiny context handle */
typedef unsigned long long tinyPtr;
/**
 * Error codes of the tiny API
 */
typedef enum tinyResult_enum {
    TINY_OK = 0,         /**< Success */
    TINY_ERR = 1 << 3,   /**< Something failed; see ::tinyOpen */
    TINY_ALIAS = TINY_ERR
} tinyResult;
/**
 * \brief A description
 *
 * What \p tinyOpen_v3 reads.
 */
typedef struct tinyDesc_st {
    size_t width;         /**< Width in <b>bytes</b> */
    tinyCtx owner;
    union { int asInt; /**< As an integer */ float asFloat; };
    /** Where it is */
    struct { unsigned int x, y; /**< Coordinates */ } pos;
    char name[8];
    void *data;
} tinyDesc;
typedef struct tinyLaunch_st {
    tinyDesc *descs;
    unsigned int numDescs; //!< How many descs
    void **kernelParams;
} tinyLaunch;
typedef void (*tinyCallback)(void *userData);
/**
 * \brief Opens a context
 *
 * Opens a context in \p *ctx. A longer description follows, long enough that the docstring wraps it on two lines
 * at least, to show how ::tinyOpen's text is wrapped:
 * - \p flags must be 0 or ::TINY_FLAG_A;
 * - the context is closed with ::tinyClose.
 *
 * \code
   tinyCtx ctx;
   tinyOpen(&ctx, 0);
 * \endcode
 *
 * \param ctx   - Returned context
 * \param flags - Flags (::TINY_FLAG_A)
 *
 * \return
 * ::TINY_OK,
 * ::TINY_ERR
 * \notefnerr
 * \note_unknown_alias
 *
 * \sa ::tinyClose, ::tinyOpen_v3
 */
tinyResult tinyOpen(tinyCtx *ctx, unsigned int flags);
tinyResult tinyOpen_v3(tinyCtx *ctx, const tinyDesc *desc, unsigned int flags);
tinyResult tinyCopy(tinyPtr dst, const void *src, size_t bytes);
tinyResult tinyNodes(tinyCtx ctx, tinyPtr *nodes, size_t *numNodes);
tinyResult tinyName(char *name, int len, tinyCtx ctx);
tinyResult tinyDescribe(tinyDesc *desc, tinyCtx ctx);
tinyResult tinyLater(tinyCtx ctx, tinyCallback fn, void *userData);
tinyResult tinyElapsed(float *ms, tinyCtx start, tinyCtx end);
extern tinyResult __tinyClose_1_2(tinyCtx ctx);
/**
 * \brief   Closes a context
 * \param   [in] ctx   The context (\c NULL is refused)
 * \return
 *   - \link #tinyResult TINY_OK \endlink
 */
#ifndef TINY_NO_INLINE
static inline tinyResult tinyClose(tinyCtx ctx) { return __tinyClose_1_2(ctx); }
#endif
static inline int tinyHelper(int x) { return x + 1; }
