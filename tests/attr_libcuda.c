/* A stand-in libcuda for the attribute-typed calls: it writes values of exactly the C type each attribute
 * has (a bool is one byte, a context a pointer, P2P tokens a struct), fails when handed storage it cannot
 * use (a NULL where an item is due), and records what it was handed so a test can check it: the data
 * size, the array of item pointers, the coredump size. Values are recognisable: 0x5A bytes beyond what an
 * attribute's type covers would show a read past it. And two string getters that write the string and its
 * NUL only, as the driver does, leaving the rest of the caller's buffer as it was. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef unsigned long long CUdeviceptr;
enum { OK = 0, INVALID_VALUE = 1 };

size_t last_size;            /* the size the binding passed (data size, coredump size) */
unsigned last_count;         /* how many items the list form was told */
void *last_items[8];         /* the item pointers the list form was handed */
int last_int;                /* an int value a setter was handed */
unsigned long long last_u64; /* a 64-bit value a setter was handed */
char last_name[1024];        /* a string a setter was handed */

static int write_pointer_attribute(int attribute, void *data) {
    if (!data) return INVALID_VALUE;
    switch (attribute) {
    case 1: *(void **)data = (void *)0xC0; return OK;                       /* CONTEXT */
    case 2: *(unsigned *)data = 2; return OK;                               /* MEMORY_TYPE: device */
    case 3: case 11: case 19: *(CUdeviceptr *)data = 0xD0; return OK;      /* device pointers */
    case 4: *(void **)data = (void *)0x40; return OK;                       /* HOST_POINTER */
    case 5: memset(data, 0, 16); ((unsigned long long *)data)[0] = 7; ((unsigned *)data)[2] = 9; return OK;
    case 6: case 8: case 10: case 13: case 21: *(unsigned char *)data = 1; return OK;   /* bools */
    case 7: case 14: case 20: *(unsigned long long *)data = 0x123456789ULL; return OK;
    case 9: *(int *)data = -1; return OK;                                   /* DEVICE_ORDINAL */
    case 12: case 18: *(size_t *)data = 4096; return OK;                    /* sizes */
    case 15: case 16: *(unsigned *)data = 3; return OK;
    case 17: *(void **)data = (void *)0xE0; return OK;                       /* MEMPOOL_HANDLE */
    default: return INVALID_VALUE;
    }
}

int cuPointerGetAttribute(void *data, int attribute, CUdeviceptr ptr) {
    (void)ptr;
    return write_pointer_attribute(attribute, data);
}

int cuPointerGetAttributes(unsigned num, int *attributes, void **data, CUdeviceptr ptr) {
    (void)ptr;
    last_count = num;
    for (unsigned i = 0; i < num; i++) {
        if (i < 8) last_items[i] = data[i];
        int r = write_pointer_attribute(attributes[i], data[i]);
        if (r) return r;
    }
    return OK;
}

int cuPointerSetAttribute(const void *value, int attribute, CUdeviceptr ptr) {
    (void)ptr;
    if (attribute != 6) return INVALID_VALUE;    /* only SYNC_MEMOPS can be set: a bool */
    last_int = *(const unsigned char *)value;
    return OK;
}

static int write_range_attribute(void *data, size_t size, int attribute) {
    if (attribute == 3) {                              /* ACCESSED_BY: size / 4 ints */
        if (size % 4) return INVALID_VALUE;
        for (size_t i = 0; i < size / 4; i++) ((int *)data)[i] = -(int)i;
        return OK;
    }
    if (size != 4) return INVALID_VALUE;               /* every other attribute is one int */
    *(int *)data = attribute == 2 ? -2 : 1;            /* PREFERRED_LOCATION: CU_DEVICE_INVALID */
    return OK;
}

int cuMemRangeGetAttribute(void *data, size_t size, int attribute, CUdeviceptr ptr, size_t count) {
    (void)ptr; (void)count;
    last_size = size;
    return write_range_attribute(data, size, attribute);
}

int cuMemRangeGetAttributes(void **data, size_t *sizes, int *attributes, size_t num, CUdeviceptr ptr,
                            size_t count) {
    (void)ptr; (void)count;
    last_count = (unsigned)num;
    for (size_t i = 0; i < num; i++) {
        if (!data[i]) return INVALID_VALUE;
        if (i < 8) last_items[i] = data[i];
        int r = write_range_attribute(data[i], sizes[i], attributes[i]);
        if (r) return r;
    }
    return OK;
}

int cuCoredumpGetAttribute(int attrib, void *value, size_t *size) {
    last_size = *size;
    if (attrib == 5) {                                  /* CU_COREDUMP_FILE: a name */
        if (*size < 8) return INVALID_VALUE;
        strcpy((char *)value, "core.42");
        *size = 8;
        return OK;
    }
    if (attrib == 7) { if (*size != 4) return INVALID_VALUE; *(unsigned *)value = 5; return OK; }
    if (*size != 1) return INVALID_VALUE;               /* the flags are bools */
    *(unsigned char *)value = 1;
    return OK;
}

int cuCoredumpSetAttribute(int attrib, void *value, size_t *size) {
    last_size = *size;
    if (attrib == 5 || attrib == 6) { memcpy(last_name, value, *size); last_name[*size] = 0; return OK; }
    if (attrib == 7) { if (*size != 4) return INVALID_VALUE; last_int = *(int *)value; return OK; }
    if (*size != 1) return INVALID_VALUE;
    last_int = *(unsigned char *)value;
    return OK;
}

int cuMemPoolGetAttribute(void *pool, int attr, void *value) {
    (void)pool;
    if (attr <= 3) { *(int *)value = 1; return OK; }    /* the REUSE_* flags are ints */
    *(unsigned long long *)value = 1ULL << 40;           /* thresholds and counters are 64-bit */
    return OK;
}

int cuMemPoolSetAttribute(void *pool, int attr, void *value) {
    (void)pool;
    if (attr <= 3) last_int = *(int *)value; else last_u64 = *(unsigned long long *)value;
    return OK;
}

int cuCoredumpGetAttributeGlobal(int attrib, void *value, size_t *size) {
    return cuCoredumpGetAttribute(attrib, value, size);
}

int cuCoredumpSetAttributeGlobal(int attrib, void *value, size_t *size) {
    return cuCoredumpSetAttribute(attrib, value, size);
}

int cuDeviceGetName(char *name, int len, int dev) {
    if (len <= 0) return INVALID_VALUE;
    if (dev < 0) return 101; /* CUDA_ERROR_INVALID_DEVICE */
    snprintf(name, (size_t)len, "Stand-in GPU %d", dev);
    return OK;
}

int cuDeviceGetPCIBusId(char *id, int len, int dev) {
    if (len <= 0) return INVALID_VALUE;
    snprintf(id, (size_t)len, "0000:%02x:00.0", dev);
    return OK;
}
