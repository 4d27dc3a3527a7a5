/* A stand-in libcuda for the ObjectCode / Kernel tests (test_core_program.py): libraries, kernels and the
 * occupancy calculator, with plain C types (the ABI of cuda.h's handles, enums and sizes).
 *
 * A library holds a copy of the code it was loaded from (cuLibraryLoadData: up to its first NUL for PTX-like
 * text, else the first 4 KiB; cuLibraryLoadFromFile: the file), and has a kernel of every name that code
 * contains; code starting with "BAD" is refused as an invalid image (as the driver refuses LTO-IR). One kernel
 * handle per (library, name), and its CUfunction is the same pointer. Every kernel has two 8-byte
 * parameters. The occupancy calculator asks its callback for each block size in steps of 32 and keeps the
 * largest that fits 48 KiB of dynamic shared memory. sim_* functions let the tests read what happened. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef size_t (*b2d_fn)(int);

enum { OK = 0, INVALID_VALUE = 1, INVALID_IMAGE = 200, FILE_NOT_FOUND = 301, INVALID_HANDLE = 400,
       NOT_FOUND = 500 };

struct library { char *code; size_t size; int loaded; };
struct kernel { struct library *lib; char name[64]; };

#define MAX_KERNELS 64
static struct kernel kernels[MAX_KERNELS];
static int n_kernels, n_loads, n_file_loads, n_unloads, b2d_calls;
static char last_path[512];

int cuInit(unsigned flags) { (void)flags; return OK; }
int cuDriverGetVersion(int *v) { *v = 13000; return OK; }

int cuGetErrorName(int err, const char **s) {
    switch (err) {
    case INVALID_VALUE: *s = "CUDA_ERROR_INVALID_VALUE"; return OK;
    case INVALID_IMAGE: *s = "CUDA_ERROR_INVALID_IMAGE"; return OK;
    case FILE_NOT_FOUND: *s = "CUDA_ERROR_FILE_NOT_FOUND"; return OK;
    case INVALID_HANDLE: *s = "CUDA_ERROR_INVALID_HANDLE"; return OK;
    case NOT_FOUND: *s = "CUDA_ERROR_NOT_FOUND"; return OK;
    default: *s = NULL; return INVALID_VALUE;
    }
}

int cuGetErrorString(int err, const char **s) {
    switch (err) {
    case INVALID_IMAGE: *s = "device kernel image is invalid"; return OK;
    case FILE_NOT_FOUND: *s = "file not found"; return OK;
    case NOT_FOUND: *s = "named symbol not found"; return OK;
    default: return cuGetErrorName(err, s);
    }
}

static int load(void **out, const char *code, size_t size) {
    if (size >= 3 && memcmp(code, "BAD", 3) == 0) return INVALID_IMAGE;
    struct library *lib = calloc(1, sizeof *lib);
    lib->code = malloc(size + 1);
    memcpy(lib->code, code, size);
    lib->code[size] = 0;
    lib->size = size;
    lib->loaded = 1;
    n_loads++;
    *out = lib;
    return OK;
}

int cuLibraryLoadData(void **library, const void *code, void *jit_options, void **jit_values, unsigned n_jit,
                      void *lib_options, void **lib_values, unsigned n_lib) {
    (void)jit_options; (void)jit_values; (void)n_jit; (void)lib_options; (void)lib_values; (void)n_lib;
    const char *text = code;
    size_t size = strnlen(text, 4096);
    return load(library, text, size);
}

int cuLibraryLoadFromFile(void **library, const char *path, void *jit_options, void **jit_values, unsigned n_jit,
                          void *lib_options, void **lib_values, unsigned n_lib) {
    (void)jit_options; (void)jit_values; (void)n_jit; (void)lib_options; (void)lib_values; (void)n_lib;
    snprintf(last_path, sizeof last_path, "%s", path);
    FILE *f = fopen(path, "rb");
    if (!f) return FILE_NOT_FOUND;
    char buf[4096];
    size_t size = fread(buf, 1, sizeof buf, f);
    fclose(f);
    n_file_loads++;
    return load(library, buf, size);
}

int cuLibraryUnload(void *library) {
    struct library *lib = library;
    if (!lib || !lib->loaded) return INVALID_HANDLE;
    lib->loaded = 0;  /* kept allocated: a handle is never reused, so tests can compare them */
    n_unloads++;
    return OK;
}

int cuLibraryGetKernel(void **out, void *library, const char *name) {
    struct library *lib = library;
    if (!lib || !lib->loaded) return INVALID_HANDLE;
    if (!*name || !strstr(lib->code, name)) return NOT_FOUND;
    for (int i = 0; i < n_kernels; i++)
        if (kernels[i].lib == lib && strcmp(kernels[i].name, name) == 0) {
            *out = &kernels[i];
            return OK;
        }
    if (n_kernels == MAX_KERNELS) return INVALID_VALUE;
    struct kernel *k = &kernels[n_kernels++];
    k->lib = lib;
    snprintf(k->name, sizeof k->name, "%s", name);
    *out = k;
    return OK;
}

int cuLibraryGetModule(void **out, void *library) {
    struct library *lib = library;
    if (!lib || !lib->loaded) return INVALID_HANDLE;
    *out = (char *)library + 1;
    return OK;
}

int cuKernelGetFunction(void **out, void *kernel) { *out = kernel; return OK; }

int cuKernelGetParamInfo(void *kernel, size_t index, size_t *offset, size_t *size) {
    (void)kernel;
    if (index >= 2) return INVALID_VALUE;
    *offset = 8 * index;
    *size = 8;
    return OK;
}

int cuOccupancyMaxPotentialBlockSize(int *grid, int *block, void *func, b2d_fn smem, size_t fixed, int limit) {
    (void)func;
    int best = 0;
    for (int b = 32; b <= (limit ? limit : 1024); b += 32) {
        size_t need = fixed;
        if (smem) { need = smem(b); b2d_calls++; }
        if (need <= 48 * 1024) best = b;
    }
    *grid = best ? 132 : 0;
    *block = best;
    return OK;
}

int cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, void *func, int block_size, size_t smem) {
    (void)func;
    if (block_size <= 0) return INVALID_VALUE;
    int by_threads = 2048 / block_size, by_smem = smem ? (int)((228 * 1024) / smem) : 32;
    *blocks = by_threads < by_smem ? by_threads : by_smem;
    return OK;
}

int cuOccupancyAvailableDynamicSMemPerBlock(size_t *out, void *func, int blocks, int block_size) {
    (void)func; (void)block_size;
    if (blocks <= 0) return INVALID_VALUE;
    *out = (size_t)(228 * 1024) / (size_t)blocks;
    return OK;
}

/* for the tests */
int sim_loads(void) { return n_loads; }
int sim_file_loads(void) { return n_file_loads; }
int sim_unloads(void) { return n_unloads; }
int sim_b2d_calls(void) { return b2d_calls; }
const char *sim_last_path(void) { return last_path; }
