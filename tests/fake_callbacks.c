/* A stand-in libcuda for the host-callback tests: each stream is one worker thread running the host
 * functions and stream callbacks queued on it in order, as the driver does, on a thread that is not
 * Python's. Graph launches run their host nodes the same way; user objects call their destructor on the
 * last release; the occupancy calculator asks its callback for the shared memory of each block size. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef void (*host_fn)(void *);
typedef void (*stream_cb)(void *, int, void *);
typedef size_t (*b2d_fn)(int);
typedef void (*logs_cb)(void *, int, char *, size_t);

struct job { host_fn fn; stream_cb cb; void *stream; void *user; struct job *next; };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static struct job *head, *tail;
static int busy, started;
static pthread_t worker;

static void *run(void *arg) {
    (void)arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!head) pthread_cond_wait(&changed, &lock);
        struct job *j = head;
        head = j->next;
        if (!head) tail = NULL;
        busy = 1;
        pthread_mutex_unlock(&lock);
        if (j->fn) j->fn(j->user);
        else j->cb(j->stream, 0, j->user);
        free(j);
        pthread_mutex_lock(&lock);
        busy = 0;
        pthread_cond_broadcast(&changed);
    }
    return NULL;
}

static int enqueue(host_fn fn, stream_cb cb, void *stream, void *user) {
    struct job *j = calloc(1, sizeof *j);
    if (!j) return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
    j->fn = fn; j->cb = cb; j->stream = stream; j->user = user;
    pthread_mutex_lock(&lock);
    if (!started) { pthread_create(&worker, NULL, run, NULL); started = 1; }
    if (tail) tail->next = j; else head = j;
    tail = j;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    return 0;
}

int cuInit(unsigned int flags) { (void)flags; return 0; }

int cuLaunchHostFunc(void *stream, host_fn fn, void *user) {
    if (!fn) return 1; /* CUDA_ERROR_INVALID_VALUE */
    return enqueue(fn, NULL, stream, user);
}

int cuStreamAddCallback(void *stream, stream_cb cb, void *user, unsigned int flags) {
    if (!cb || flags) return 1;
    return enqueue(NULL, cb, stream, user);
}

int cuStreamSynchronize(void *stream) {
    (void)stream;
    pthread_mutex_lock(&lock);
    while (head || busy) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    return 0;
}

/* graphs: a graph is the list of its host nodes' parameters; launching queues them in order */
struct host_params { host_fn fn; void *user; };
struct graph { struct host_params nodes[16]; int n; };

int cuGraphCreate(struct graph **g, unsigned int flags) {
    (void)flags;
    *g = calloc(1, sizeof **g);
    return *g ? 0 : 2;
}

int cuGraphAddHostNode(void **node, struct graph *g, const void *deps, size_t ndeps,
                       const struct host_params *p) {
    (void)deps; (void)ndeps;
    if (g->n == 16 || !p->fn) return 1;
    g->nodes[g->n] = *p;
    *node = &g->nodes[g->n++];
    return 0;
}

int cuGraphInstantiateWithFlags(struct graph **exec, struct graph *g, unsigned long long flags) {
    (void)flags;
    *exec = g;
    return 0;
}

int cuGraphLaunch(struct graph *exec, void *stream) {
    for (int i = 0; i < exec->n; i++) enqueue(exec->nodes[i].fn, NULL, stream, exec->nodes[i].user);
    return 0;
}

/* user objects: the destructor runs when the last reference goes */
struct user_object { host_fn destroy; void *ptr; unsigned int refs; };

int cuUserObjectCreate(struct user_object **out, void *ptr, host_fn destroy, unsigned int refs,
                       unsigned int flags) {
    (void)flags;
    if (!destroy || !refs) return 1;
    *out = calloc(1, sizeof **out);
    (*out)->destroy = destroy; (*out)->ptr = ptr; (*out)->refs = refs;
    return 0;
}

int cuUserObjectRelease(struct user_object *o, unsigned int count) {
    if (count > o->refs) return 1;
    o->refs -= count;
    if (!o->refs) { o->destroy(o->ptr); free(o); }
    return 0;
}

/* the occupancy calculator: the largest multiple of 32 whose dynamic shared memory fits in 48 KiB */
int cuOccupancyMaxPotentialBlockSize(int *grid, int *block, void *func, b2d_fn smem, size_t fixed, int limit) {
    (void)func;
    int best = 0;
    for (int b = 32; b <= (limit ? limit : 1024); b += 32)
        if ((smem ? smem(b) : fixed) <= 48 * 1024) best = b;
    *grid = best ? 132 : 0;
    *block = best;
    return 0;
}

/* logs: the registered callback hears one message at registration and one per cuLogsDumpToMemory */
static logs_cb log_fn;
static void *log_user;

int cuLogsRegisterCallback(logs_cb fn, void *user, void **out) {
    static char msg[] = "registered";
    log_fn = fn; log_user = user;
    *out = (void *)(uintptr_t)0x10;
    fn(user, 2, msg, strlen(msg));
    return 0;
}

int cuLogsUnregisterCallback(void *handle) {
    (void)handle;
    log_fn = NULL;
    return 0;
}
