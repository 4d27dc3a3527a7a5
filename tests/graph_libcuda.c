/* A stand-in libcuda for the explicit-graph tests (test_core_graph.py): graphs of nodes and edges kept in
 * memory, as the driver keeps them, enough to build definitions node by node, walk and change their edges,
 * destroy nodes, embed copies of graphs, add conditional nodes (whose bodies are new graphs) and instantiate
 * and launch. A launch runs the host nodes on the calling thread in dependency order, child graphs included;
 * a kernel node "runs" by counting itself and remembering its first two 8-byte arguments, which the driver
 * copied when the node was made or updated (standin_kernel_runs and standin_last_kernel_args report them);
 * other nodes do nothing. A context is current on device 0 (one device); events are tokens, and one recorded on
 * a capturing stream forks the capture into a stream that waits for it (ending the capture ends it there too).
 * Streams capture:
 * into a new graph or a given one, with the capture's dependencies kept as the driver keeps them (work
 * itself is never captured here: nodes come from cuGraphAdd*Node and cuStreamUpdateCaptureDependencies). Error codes are the driver's:
 * CUDA_ERROR_INVALID_VALUE (1), CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE (910). The CUDA 13 forms of the edge
 * calls (_v2, with edge data) are here beside the CUDA 12 ones.
 * User objects as the driver keeps them: a graph holds references (cuGraphRetainUserObject), its clones, the
 * child-graph copies made of it and the executable graphs instantiated from it hold their own, an update of an
 * executable graph takes the source's; the last release runs the destructor on a thread of its own, as the
 * driver's internal thread does (standin_user_objects_live counts those not destroyed). Events are checked at
 * launch: an event node whose event was destroyed fails the launch with CUDA_ERROR_INVALID_HANDLE (400)
 * instead of touching freed memory as the driver would. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 256
#define MAXE 1024
enum { KERNEL = 0, MEMCPY = 1, MEMSET = 2, HOST = 3, GRAPH = 4, EMPTY = 5, WAIT_EVENT = 6, EVENT_RECORD = 7,
       CONDITIONAL = 13 };

typedef void (*host_fn)(void *);
struct graph;
struct kernel_params { void *func; unsigned grid[3], block[3], shmem; void **params; void **extra; void *kern;
                       void *ctx; };
struct node { int type; struct graph *g; host_fn fn; void *user; struct graph *child; struct graph *bodies[8];
              unsigned nbodies; unsigned char memset[64]; struct kernel_params kp; unsigned long long args[2];
              void *argp[2]; void *event; };
#define MAXU 64
struct uobj { int refs; void *ptr; host_fn destroy; };
struct graph { struct node *nodes[MAXN]; int n; struct node *from[MAXE], *to[MAXE]; int ne; struct uobj *uo[MAXU];
               int nuo; };
struct host_params { host_fn fn; void *user; };
struct entry { struct node *orig; int type; host_fn fn; void *user; int disabled; unsigned long long args[2];
               void *event; };
struct exec { struct entry e[MAXN]; int n; struct uobj *uo[MAXU]; int nuo; };
struct cond_params { unsigned long long handle; int type; unsigned size; struct graph **out; void *ctx; };
struct node_params { int type; int reserved0[3]; union { long long reserved1[29]; struct cond_params cond; } u;
                     long long reserved2; };

static int has_node(struct graph *g, struct node *x) {
    for (int i = 0; i < g->n; i++) if (g->nodes[i] == x) return 1;
    return 0;
}

static int has_edge(struct graph *g, struct node *a, struct node *b) {
    for (int i = 0; i < g->ne; i++) if (g->from[i] == a && g->to[i] == b) return 1;
    return 0;
}

static int n_live_graphs;  /* (tests/test_finalizers.py counts the graphs finalizers release) */
int standin_graphs_live(void) { return n_live_graphs; }
static struct graph *new_graph(void) { n_live_graphs++; return calloc(1, sizeof(struct graph)); }
static void free_graph(struct graph *g);
int cuGraphDestroyNode(struct node *x);

static void free_node(struct node *x) {
    if (x->child) free_graph(x->child);
    for (unsigned i = 0; i < x->nbodies; i++) free_graph(x->bodies[i]);
    free(x);
}

/* User objects. */
static pthread_mutex_t uo_lock = PTHREAD_MUTEX_INITIALIZER;
static int uo_live;
int standin_user_objects_live(void) { pthread_mutex_lock(&uo_lock); int n = uo_live; pthread_mutex_unlock(&uo_lock);
                                      return n; }

static void *run_destroy(void *arg) {
    struct uobj *u = arg;
    u->destroy(u->ptr);
    pthread_mutex_lock(&uo_lock); uo_live--; pthread_mutex_unlock(&uo_lock);
    free(u);
    return NULL;
}

static void uo_release(struct uobj *u, int count) {
    pthread_mutex_lock(&uo_lock);
    int last = (u->refs -= count) == 0;
    pthread_mutex_unlock(&uo_lock);
    if (last) {
        pthread_t t;
        pthread_create(&t, NULL, run_destroy, u);
        pthread_detach(t);
    }
}

static void uo_retain(struct uobj *u, int count) {
    pthread_mutex_lock(&uo_lock); u->refs += count; pthread_mutex_unlock(&uo_lock);
}

static int copy_refs(struct uobj **to, int *nto, struct uobj *const *from, int nfrom) {
    for (int i = 0; i < nfrom; i++) {
        if (*nto >= MAXU) return 1;
        uo_retain(from[i], 1);
        to[(*nto)++] = from[i];
    }
    return 0;
}

static void drop_refs(struct uobj **refs, int *n) {
    for (int i = 0; i < *n; i++) uo_release(refs[i], 1);
    *n = 0;
}

int cuUserObjectCreate(struct uobj **out, void *ptr, host_fn destroy, unsigned initial, unsigned flags) {
    if (!out || !destroy || !initial || flags != 1) return 1;  /* CU_USER_OBJECT_NO_DESTRUCTOR_SYNC is required */
    struct uobj *u = calloc(1, sizeof *u);
    u->refs = (int)initial; u->ptr = ptr; u->destroy = destroy;
    pthread_mutex_lock(&uo_lock); uo_live++; pthread_mutex_unlock(&uo_lock);
    *out = u;
    return 0;
}
int cuUserObjectRetain(struct uobj *u, unsigned count) { if (!u || !count) return 1; uo_retain(u, count); return 0; }
int cuUserObjectRelease(struct uobj *u, unsigned count) {
    if (!u || !count || (int)count > u->refs) return 1;
    uo_release(u, count);
    return 0;
}
int cuGraphRetainUserObject(struct graph *g, struct uobj *u, unsigned count, unsigned flags) {
    if (!g || !u || count != 1 || flags > 1 || g->nuo >= MAXU) return 1;
    if (!flags) uo_retain(u, 1);  /* CU_GRAPH_USER_OBJECT_MOVE takes the caller's reference */
    g->uo[g->nuo++] = u;
    return 0;
}
int cuGraphReleaseUserObject(struct graph *g, struct uobj *u, unsigned count) {
    if (!g || !u || count != 1) return 1;
    for (int i = 0; i < g->nuo; i++)
        if (g->uo[i] == u) {
            g->uo[i] = g->uo[--g->nuo];
            uo_release(u, 1);
            return 0;
        }
    return 1;
}

static void free_graph(struct graph *g) {
    for (int i = 0; i < g->n; i++) free_node(g->nodes[i]);
    drop_refs(g->uo, &g->nuo);
    free(g);
    n_live_graphs--;
}

static int add(struct node **out, struct graph *g, struct node *const *deps, size_t n, int type) {
    if (!out || !g || g->n >= MAXN || g->ne + (int)n > MAXE || (n && !deps)) return 1;
    for (size_t i = 0; i < n; i++) if (!has_node(g, deps[i])) return 1;
    struct node *x = calloc(1, sizeof *x);
    x->type = type;
    x->g = g;
    g->nodes[g->n++] = x;
    for (size_t i = 0; i < n; i++) { g->from[g->ne] = deps[i]; g->to[g->ne++] = x; }
    *out = x;
    return 0;
}

static struct graph *clone(struct graph *src) {
    struct graph *g = new_graph();
    for (int i = 0; i < src->n; i++) {
        struct node *x = malloc(sizeof *x);
        *x = *src->nodes[i];
        x->argp[0] = &x->args[0];
        x->argp[1] = &x->args[1];
        x->kp.params = x->argp;
        x->g = g;
        x->child = x->child ? clone(x->child) : NULL;
        for (unsigned b = 0; b < x->nbodies; b++) x->bodies[b] = clone(x->bodies[b]);
        g->nodes[g->n++] = x;
    }
    for (int i = 0; i < src->ne; i++) {
        int a = 0, b = 0;
        while (src->nodes[a] != src->from[i]) a++;
        while (src->nodes[b] != src->to[i]) b++;
        g->from[g->ne] = g->nodes[a];
        g->to[g->ne++] = g->nodes[b];
    }
    copy_refs(g->uo, &g->nuo, src->uo, src->nuo);
    return g;
}

int cuGraphClone(struct graph **out, struct graph *src) { if (!out || !src) return 1; *out = clone(src); return 0; }

int cuInit(unsigned int flags) { (void)flags; return 0; }
int cuDriverGetVersion(int *v) { *v = 13000; return 0; }
int cuDeviceGetCount(int *n) { *n = 1; return 0; }
int cuDeviceGet(int *d, int ordinal) { if (ordinal != 0) return 101; *d = 0; return 0; }
int cuCtxGetCurrent(void **ctx) { *ctx = (void *)0xc0; return 0; }
int cuCtxGetDevice(int *d) { *d = 0; return 0; }

int cuGraphCreate(struct graph **g, unsigned int flags) { (void)flags; *g = new_graph(); return 0; }
int cuGraphDestroy(struct graph *g) { if (!g) return 1; free_graph(g); return 0; }

int cuGraphAddEmptyNode(struct node **out, struct graph *g, struct node *const *deps, size_t n) {
    return add(out, g, deps, n, EMPTY);
}

int cuGraphAddHostNode(struct node **out, struct graph *g, struct node *const *deps, size_t n,
                       const struct host_params *p) {
    if (!p || !p->fn) return 1;
    int err = add(out, g, deps, n, HOST);
    if (!err) { (*out)->fn = p->fn; (*out)->user = p->user; }
    return err;
}

int cuGraphHostNodeSetParams(struct node *x, const struct host_params *p) {
    if (!x || x->type != HOST || !p || !p->fn) return 1;
    x->fn = p->fn;
    x->user = p->user;
    return 0;
}

/* A memset node keeps its parameters' bytes (CUDA_MEMSET_NODE_PARAMS, 40 bytes) and gives them back. */
int cuGraphAddMemsetNode(struct node **out, struct graph *g, struct node *const *deps, size_t n, const void *p,
                         void *ctx) {
    if (!p || ctx != (void *)0xc0) return 1;
    int err = add(out, g, deps, n, MEMSET);
    if (!err) memcpy((*out)->memset, p, 40);
    return err;
}

int cuGraphMemsetNodeGetParams(struct node *x, void *p) {
    if (!x || x->type != MEMSET) return 1;
    memcpy(p, x->memset, 40);
    return 0;
}

int cuGraphMemsetNodeSetParams(struct node *x, const void *p) {
    if (!x || x->type != MEMSET || !p) return 1;
    memcpy(x->memset, p, 40);
    return 0;
}

/* Kernel nodes copy their parameters (the first two, of 8 bytes each: what the tests pass). */
static unsigned long long kernel_runs, last_args[2];
unsigned long long standin_kernel_runs(void) { return kernel_runs; }
void standin_last_kernel_args(unsigned long long *out) { out[0] = last_args[0]; out[1] = last_args[1]; }

int cuKernelGetFunction(void **func, void *kernel) { if (!kernel) return 1; *func = kernel; return 0; }

static int set_kernel(struct node *x, const struct kernel_params *p) {
    if (!p || !p->func || !p->params || p->kern) return 1;
    x->kp = *p;
    for (int i = 0; i < 2; i++) { x->args[i] = *(unsigned long long *)p->params[i]; x->argp[i] = &x->args[i]; }
    x->kp.params = x->argp;
    return 0;
}

int cuGraphAddKernelNode_v2(struct node **out, struct graph *g, struct node *const *deps, size_t n,
                            const struct kernel_params *p) {
    if (!p || !p->params) return 1;
    int err = add(out, g, deps, n, KERNEL);
    if (!err && (err = set_kernel(*out, p))) cuGraphDestroyNode(*out);
    return err;
}

int cuGraphKernelNodeGetParams_v2(struct node *x, struct kernel_params *p) {
    if (!x || x->type != KERNEL) return 1;
    *p = x->kp;
    return 0;
}

int cuGraphKernelNodeSetParams_v2(struct node *x, const struct kernel_params *p) {
    return x && x->type == KERNEL ? set_kernel(x, p) : 1;
}

static void *live_events[MAXN];
static int n_live_events;
static int event_is_live(void *ev) {
    for (int i = 0; i < n_live_events; i++) if (live_events[i] == ev) return 1;
    return 0;
}
int standin_events_live(void) { return n_live_events; }
int cuEventCreate(void **event, unsigned int flags) {
    (void)flags;
    if (n_live_events >= MAXN) return 2;
    *event = malloc(1);
    live_events[n_live_events++] = *event;
    return 0;
}
int cuEventQuery(void *event) { return event_is_live(event) ? 0 : 400; }  /* work here is done at launch */
int cuEventDestroy_v2(void *event) {
    for (int i = 0; i < n_live_events; i++)
        if (live_events[i] == event) { live_events[i] = live_events[--n_live_events]; free(event); return 0; }
    return 400;
}

static int add_event(struct node **out, struct graph *g, struct node *const *deps, size_t n, void *ev, int type) {
    if (!ev) return 1;
    int err = add(out, g, deps, n, type);
    if (!err) (*out)->event = ev;
    return err;
}

int cuGraphAddEventRecordNode(struct node **out, struct graph *g, struct node *const *deps, size_t n, void *ev) {
    return add_event(out, g, deps, n, ev, EVENT_RECORD);
}
int cuGraphAddEventWaitNode(struct node **out, struct graph *g, struct node *const *deps, size_t n, void *ev) {
    return add_event(out, g, deps, n, ev, WAIT_EVENT);
}
int cuGraphEventRecordNodeSetEvent(struct node *x, void *ev) {
    if (!x || x->type != EVENT_RECORD || !ev) return 1;
    x->event = ev;
    return 0;
}
int cuGraphEventWaitNodeSetEvent(struct node *x, void *ev) {
    if (!x || x->type != WAIT_EVENT || !ev) return 1;
    x->event = ev;
    return 0;
}

/* Memcpy nodes: the parameters are not looked at (the library keeps what it copies). */
int cuGraphAddMemcpyNode(struct node **out, struct graph *g, struct node *const *deps, size_t n, const void *p,
                         void *ctx) {
    if (!p || ctx != (void *)0xc0) return 1;
    return add(out, g, deps, n, MEMCPY);
}

int cuGraphMemcpyNodeSetParams(struct node *x, const void *p) { return x && x->type == MEMCPY && p ? 0 : 1; }

int cuGraphAddChildGraphNode(struct node **out, struct graph *g, struct node *const *deps, size_t n,
                             struct graph *child) {
    if (!child || child == g) return 1;
    int err = add(out, g, deps, n, GRAPH);
    if (!err) (*out)->child = clone(child);
    return err;
}

int cuGraphChildGraphNodeGetGraph(struct node *x, struct graph **out) {
    if (!x || x->type != GRAPH) return 1;
    *out = x->child;
    return 0;
}

static unsigned long long next_condition = 0x100;

int cuGraphConditionalHandleCreate(unsigned long long *out, struct graph *g, void *ctx, unsigned value,
                                   unsigned flags) {
    (void)value; (void)flags;
    if (!g || ctx != (void *)0xc0) return 1;
    *out = next_condition++;
    return 0;
}

static int add_node(struct node **out, struct graph *g, struct node *const *deps, size_t n, struct node_params *p) {
    if (!p || p->type != CONDITIONAL || p->u.cond.size < 1 || p->u.cond.size > 8 || !p->u.cond.handle) return 1;
    int err = add(out, g, deps, n, CONDITIONAL);
    if (err) return err;
    struct node *x = *out;
    x->nbodies = p->u.cond.size;
    for (unsigned i = 0; i < x->nbodies; i++) x->bodies[i] = new_graph();
    p->u.cond.out = x->bodies;
    return 0;
}

int cuGraphAddNode(struct node **out, struct graph *g, struct node *const *deps, size_t n, struct node_params *p) {
    return add_node(out, g, deps, n, p);
}

int cuGraphAddNode_v2(struct node **out, struct graph *g, struct node *const *deps, const void *edges, size_t n,
                      struct node_params *p) {
    (void)edges;
    return add_node(out, g, deps, n, p);
}

/* cuGraphNodeSetParams: child graph nodes only (the child graph is the first field of the union). */
int cuGraphNodeSetParams(struct node *x, struct node_params *p) {
    struct graph *child = p ? *(struct graph **)&p->u : NULL;
    if (!x || !p || p->type != GRAPH || x->type != GRAPH || !child || child == x->g) return 1;
    free_graph(x->child);
    x->child = clone(child);
    return 0;
}

int cuGraphNodeGetType(struct node *x, int *type) { if (!x) return 1; *type = x->type; return 0; }

int cuGraphDestroyNode(struct node *x) {
    struct graph *g = x ? x->g : NULL;
    if (!g || !has_node(g, x)) return 1;
    int k = 0;
    for (int i = 0; i < g->ne; i++)
        if (g->from[i] != x && g->to[i] != x) { g->from[k] = g->from[i]; g->to[k++] = g->to[i]; }
    g->ne = k;
    k = 0;
    for (int i = 0; i < g->n; i++) if (g->nodes[i] != x) g->nodes[k++] = g->nodes[i];
    g->n = k;
    free_node(x);
    return 0;
}

/* The getters: with a NULL array, the count; else up to *count items, and *count set to how many there are. */
static int give(struct node **src, size_t have, struct node **out, size_t *count) {
    if (!count) return 1;
    if (out) for (size_t i = 0; i < *count; i++) out[i] = i < have ? src[i] : NULL;
    *count = have;
    return 0;
}

int cuGraphGetNodes(struct graph *g, struct node **out, size_t *count) {
    return g ? give(g->nodes, (size_t)g->n, out, count) : 1;
}

int cuGraphGetEdges(struct graph *g, struct node **from, struct node **to, size_t *count) {
    if (!g || !count) return 1;
    size_t want = *count;
    give(g->from, (size_t)g->ne, from, count);
    *count = want;
    return give(g->to, (size_t)g->ne, to, count);
}

int cuGraphGetEdges_v2(struct graph *g, struct node **from, struct node **to, void *edges, size_t *count) {
    if (edges && count) memset(edges, 0, 8 * *count);
    return cuGraphGetEdges(g, from, to, count);
}

static int neighbours(struct node *x, int forward, struct node **out, size_t *count) {
    struct node *found[MAXE];
    size_t k = 0;
    if (!x) return 1;
    for (int i = 0; i < x->g->ne; i++) {
        if (forward && x->g->from[i] == x) found[k++] = x->g->to[i];
        if (!forward && x->g->to[i] == x) found[k++] = x->g->from[i];
    }
    return give(found, k, out, count);
}

int cuGraphNodeGetDependencies(struct node *x, struct node **out, size_t *count) {
    return neighbours(x, 0, out, count);
}
int cuGraphNodeGetDependentNodes(struct node *x, struct node **out, size_t *count) {
    return neighbours(x, 1, out, count);
}
int cuGraphNodeGetDependencies_v2(struct node *x, struct node **out, void *edges, size_t *count) {
    if (edges && count) memset(edges, 0, 8 * *count);
    return neighbours(x, 0, out, count);
}
int cuGraphNodeGetDependentNodes_v2(struct node *x, struct node **out, void *edges, size_t *count) {
    if (edges && count) memset(edges, 0, 8 * *count);
    return neighbours(x, 1, out, count);
}

static int edges(struct graph *g, struct node *const *from, struct node *const *to, size_t n, int adding) {
    if (!g || (n && (!from || !to))) return 1;
    for (size_t i = 0; i < n; i++) {
        if (!has_node(g, from[i]) || !has_node(g, to[i]) || from[i] == to[i]) return 1;
        if (has_edge(g, from[i], to[i]) == adding) return 1;  /* adding one that exists, removing one that doesn't */
    }
    for (size_t i = 0; i < n; i++) {
        if (adding) { if (g->ne >= MAXE) return 1; g->from[g->ne] = from[i]; g->to[g->ne++] = to[i]; continue; }
        for (int j = 0; j < g->ne; j++)
            if (g->from[j] == from[i] && g->to[j] == to[i]) {
                g->from[j] = g->from[g->ne - 1]; g->to[j] = g->to[g->ne - 1]; g->ne--; break;
            }
    }
    return 0;
}

int cuGraphAddDependencies(struct graph *g, struct node *const *from, struct node *const *to, size_t n) {
    return edges(g, from, to, n, 1);
}
int cuGraphRemoveDependencies(struct graph *g, struct node *const *from, struct node *const *to, size_t n) {
    return edges(g, from, to, n, 0);
}
int cuGraphAddDependencies_v2(struct graph *g, struct node *const *from, struct node *const *to, const void *e,
                              size_t n) {
    (void)e;
    return edges(g, from, to, n, 1);
}
int cuGraphRemoveDependencies_v2(struct graph *g, struct node *const *from, struct node *const *to, const void *e,
                                 size_t n) {
    (void)e;
    return edges(g, from, to, n, 0);
}

/* Instantiation: the nodes in dependency order (Kahn), child graphs flattened in place. */
static int flatten(struct graph *g, struct exec *x) {
    int indeg[MAXN], done[MAXN] = {0};
    if (copy_refs(x->uo, &x->nuo, g->uo, g->nuo)) return 1;
    for (int i = 0; i < g->n; i++) {
        indeg[i] = 0;
        for (int e = 0; e < g->ne; e++) if (g->to[e] == g->nodes[i]) indeg[i]++;
    }
    for (int placed = 0; placed < g->n; placed++) {
        int i = 0;
        while (i < g->n && (done[i] || indeg[i])) i++;
        if (i == g->n) return 1;  /* a cycle */
        done[i] = 1;
        struct node *nd = g->nodes[i];
        if (x->n >= MAXN) return 1;
        struct entry *e = &x->e[x->n++];
        e->orig = nd; e->type = nd->type; e->fn = nd->fn; e->user = nd->user; e->event = nd->event;
        e->args[0] = nd->args[0]; e->args[1] = nd->args[1];
        if (nd->child && flatten(nd->child, x)) return 1;
        for (int e = 0; e < g->ne; e++)
            if (g->from[e] == nd)
                for (int j = 0; j < g->n; j++) if (g->nodes[j] == g->to[e]) indeg[j]--;
    }
    return 0;
}

int cuGraphInstantiateWithFlags(struct exec **out, struct graph *g, unsigned long long flags) {
    (void)flags;
    if (!g) return 1;
    struct exec *x = calloc(1, sizeof *x);
    if (flatten(g, x)) { drop_refs(x->uo, &x->nuo); free(x); return 1; }
    *out = x;
    return 0;
}

int cuGraphLaunch(struct exec *x, void *stream) {
    (void)stream;
    if (!x) return 1;
    for (int i = 0; i < x->n; i++) {
        struct entry *e = &x->e[i];
        if ((e->type == EVENT_RECORD || e->type == WAIT_EVENT) && !event_is_live(e->event)) return 400;
        if (e->type == HOST) e->fn(e->user);
        if (e->type == KERNEL && !e->disabled) { kernel_runs++; last_args[0] = e->args[0]; last_args[1] = e->args[1]; }
    }
    return 0;
}

int cuGraphExecDestroy(struct exec *x) { if (!x) return 1; drop_refs(x->uo, &x->nuo); free(x); return 0; }

int cuGraphExecHostNodeSetParams(struct exec *x, struct node *nd, const struct host_params *p) {
    if (!x || !p || !p->fn) return 1;
    for (int i = 0; i < x->n; i++)
        if (x->e[i].orig == nd && x->e[i].type == HOST) { x->e[i].fn = p->fn; x->e[i].user = p->user; return 0; }
    return 1;
}

static struct entry *find(struct exec *x, struct node *nd) {
    for (int i = 0; x && i < x->n; i++) if (x->e[i].orig == nd) return &x->e[i];
    return NULL;
}

int cuGraphExecKernelNodeSetParams_v2(struct exec *x, struct node *nd, const struct kernel_params *p) {
    struct entry *e = find(x, nd);
    if (!e || e->type != KERNEL || !p || !p->params) return 1;
    e->args[0] = *(unsigned long long *)p->params[0];
    e->args[1] = *(unsigned long long *)p->params[1];
    return 0;
}

int cuGraphExecMemcpyNodeSetParams(struct exec *x, struct node *nd, const void *p, void *ctx) {
    struct entry *e = find(x, nd);
    return e && e->type == MEMCPY && p && ctx == (void *)0xc0 ? 0 : 1;
}

int cuGraphExecMemsetNodeSetParams(struct exec *x, struct node *nd, const void *p, void *ctx) {
    struct entry *e = find(x, nd);
    return e && e->type == MEMSET && p && ctx == (void *)0xc0 ? 0 : 1;
}

static int exec_event(struct exec *x, struct node *nd, void *ev, int type) {
    struct entry *e = find(x, nd);
    if (!e || e->type != type || !ev) return 1;
    e->event = ev;
    return 0;
}
int cuGraphExecEventRecordNodeSetEvent(struct exec *x, struct node *nd, void *ev) {
    return exec_event(x, nd, ev, EVENT_RECORD);
}
int cuGraphExecEventWaitNodeSetEvent(struct exec *x, struct node *nd, void *ev) {
    return exec_event(x, nd, ev, WAIT_EVENT);
}

/* Enabling and disabling: kernel, memcpy and memset nodes only, as the driver. */
int cuGraphNodeSetEnabled(struct exec *x, struct node *nd, unsigned int on) {
    struct entry *e = find(x, nd);
    if (!e || e->type > MEMSET) return 1;
    e->disabled = !on;
    return 0;
}

int cuGraphNodeGetEnabled(struct exec *x, struct node *nd, unsigned int *on) {
    struct entry *e = find(x, nd);
    if (!e || e->type > MEMSET) return 1;
    *on = !e->disabled;
    return 0;
}

/* An update takes the parameters of a graph whose flattened nodes have the same types in the same order. */
struct update_info { int result; struct node *error_node, *error_from; };

int cuGraphExecUpdate_v2(struct exec *x, struct graph *g, struct update_info *info) {
    struct exec *y = calloc(1, sizeof *y);
    int same = x && g && !flatten(g, y) && y->n == x->n;
    for (int i = 0; same && i < x->n; i++) same = x->e[i].type == y->e[i].type;
    if (same)
        for (int i = 0; i < x->n; i++) {
            struct entry *e = &x->e[i], *f = &y->e[i];
            e->fn = f->fn; e->user = f->user; e->event = f->event; e->args[0] = f->args[0]; e->args[1] = f->args[1];
        }
    if (same) {  /* the source's user-object references replace the executable graph's */
        drop_refs(x->uo, &x->nuo);
        copy_refs(x->uo, &x->nuo, y->uo, y->nuo);
    }
    drop_refs(y->uo, &y->nuo);
    if (info) { memset(info, 0, sizeof *info); info->result = same ? 0 : 2; /* TOPOLOGY_CHANGED */ }
    free(y);
    return same ? 0 : 910;
}

int cuGraphDebugDotPrint(struct graph *g, const char *path, unsigned int flags) {
    (void)flags;
    FILE *f = g ? fopen(path, "w") : NULL;
    if (!f) return 1;
    fprintf(f, "digraph standin {\n");
    for (int i = 0; i < g->ne; i++) fprintf(f, "  n%p -> n%p;\n", (void *)g->from[i], (void *)g->to[i]);
    fprintf(f, "}\n");
    fclose(f);
    return 0;
}

/* Streams and capture. */
struct stream { int capturing; struct graph *graph; struct node *deps[MAXN]; size_t ndeps; unsigned long long id; };
static unsigned long long next_capture = 1;
static const unsigned char no_edge_data[8 * MAXN];

int cuCtxGetStreamPriorityRange(int *least, int *greatest) { *least = 0; *greatest = -1; return 0; }

static struct stream *streams[MAXN];  /* those created, for the end of a capture that other streams joined */
static int n_streams;
int standin_streams_live(void) { return n_streams; }

int cuStreamCreateWithPriority(struct stream **s, unsigned int flags, int priority) {
    (void)flags; (void)priority;
    if (n_streams >= MAXN) return 2;
    *s = calloc(1, sizeof **s);
    streams[n_streams++] = *s;
    return 0;
}

int cuStreamDestroy_v2(struct stream *s) {
    if (!s || s->capturing) return 1;
    for (int i = 0; i < n_streams; i++) if (streams[i] == s) { streams[i] = streams[--n_streams]; break; }
    free(s);
    return 0;
}

/* Events recorded in a capture fork it: a stream that waits for one joins the capture, after the work the event
 * followed. The legacy and per-thread default streams (handles 1 and 2) never capture here. */
#define REAL_STREAM(s) ((unsigned long long)(s) > 2)
struct recorded { void *event; struct graph *graph; unsigned long long id; struct node *deps[MAXN]; size_t n; };
static struct recorded recorded[64];

static struct recorded *record_of(void *ev) {
    for (int i = 0; i < 64; i++) if (recorded[i].event == ev) return &recorded[i];
    for (int i = 0; i < 64; i++) if (!recorded[i].event) { recorded[i].event = ev; return &recorded[i]; }
    return NULL;
}

int cuEventRecord(void *ev, struct stream *s) {
    struct recorded *r = event_is_live(ev) ? record_of(ev) : NULL;
    if (!r) return 400;
    r->graph = NULL;
    if (REAL_STREAM(s) && s->capturing) {
        r->graph = s->graph; r->id = s->id; r->n = s->ndeps;
        for (size_t i = 0; i < s->ndeps; i++) r->deps[i] = s->deps[i];
    }
    return 0;
}

int cuStreamWaitEvent(struct stream *s, void *ev, unsigned int flags) {
    (void)flags;
    struct recorded *r = event_is_live(ev) ? record_of(ev) : NULL;
    if (!r) return 400;
    if (!r->graph || !REAL_STREAM(s)) return 0;
    if (!s->capturing) { s->capturing = 1; s->graph = r->graph; s->id = r->id; s->ndeps = 0; }
    for (size_t i = 0; i < r->n && s->ndeps < MAXN; i++) s->deps[s->ndeps++] = r->deps[i];
    return 0;
}

int cuStreamBeginCapture_v2(struct stream *s, int mode) {
    (void)mode;
    if (!s || s->capturing) return 1;
    s->capturing = 1; s->graph = new_graph(); s->ndeps = 0; s->id = next_capture++;
    return 0;
}

int cuStreamBeginCaptureToGraph(struct stream *s, struct graph *g, struct node *const *deps, const void *edges,
                                size_t n, int mode) {
    (void)edges; (void)mode;
    if (!s || !g || s->capturing || n > MAXN) return 1;
    s->capturing = 1; s->graph = g; s->ndeps = n; s->id = next_capture++;
    for (size_t i = 0; i < n; i++) s->deps[i] = deps[i];
    return 0;
}

int cuStreamEndCapture(struct stream *s, struct graph **g) {
    if (!REAL_STREAM(s) || !s->capturing) return 401; /* CUDA_ERROR_ILLEGAL_STATE */
    *g = s->graph;
    for (int i = 0; i < n_streams; i++)  /* the streams that joined the capture leave it too */
        if (streams[i] != s && streams[i]->capturing && streams[i]->id == s->id) {
            streams[i]->capturing = 0; streams[i]->graph = NULL;
        }
    s->capturing = 0; s->graph = NULL;
    return 0;
}

/* standin_force_capturing(status, result): cuStreamIsCapturing answers ``result`` and, where that is success,
 * ``status``, whatever the stream does (an invalidated or lost capture); (-1, 0) ends it */
static int forced_status = -1, forced_result = 0;
void standin_force_capturing(int status, int result) { forced_status = status; forced_result = result; }

int cuStreamIsCapturing(struct stream *s, int *status) {
    if (forced_result) return forced_result;
    *status = forced_status >= 0 ? forced_status : REAL_STREAM(s) && s->capturing ? 1 : 0;
    return 0;
}

int cuStreamGetCaptureInfo_v2(struct stream *s, int *status, unsigned long long *id, struct graph **g,
                              struct node *const **deps, size_t *n) {
    if (!s) return 1;
    if (!REAL_STREAM(s)) { *status = 0; if (n) *n = 0; if (g) *g = NULL; return 0; }
    *status = s->capturing ? 1 : 0;
    if (id) *id = s->id;
    if (g) *g = s->capturing ? s->graph : NULL;
    if (deps) *deps = s->deps;
    if (n) *n = s->capturing ? s->ndeps : 0;
    return 0;
}

int cuStreamGetCaptureInfo_v3(struct stream *s, int *status, unsigned long long *id, struct graph **g,
                              struct node *const **deps, const void **edges, size_t *n) {
    if (edges) *edges = no_edge_data;
    return cuStreamGetCaptureInfo_v2(s, status, id, g, deps, n);
}

int cuStreamUpdateCaptureDependencies(struct stream *s, struct node **deps, size_t n, unsigned int flags) {
    if (!s || !s->capturing || flags > 1 || s->ndeps * (1 - flags) + n > MAXN) return 1;
    if (flags == 1) s->ndeps = 0; /* CU_STREAM_SET_CAPTURE_DEPENDENCIES */
    for (size_t i = 0; i < n; i++) s->deps[s->ndeps++] = deps[i];
    return 0;
}

int cuStreamUpdateCaptureDependencies_v2(struct stream *s, struct node **deps, const void *edges, size_t n,
                                         unsigned int flags) {
    (void)edges;
    return cuStreamUpdateCaptureDependencies(s, deps, n, flags);
}
