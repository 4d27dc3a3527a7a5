/* A stand-in libcufile.so.0 for the CPU tests of cudacffi.cufile's vector I/O and use count: a "file" of 64
   bytes in memory (byte k is k + 1 until written), which cuFileReadv copies out of and cuFileWritev into,
   vector by vector; the file handle must be 0xF11E. Compiled by tests/test_cufile.py against the snapshot's
   cufile.h (cuFileReadv / cuFileWritev: 13.x headers). */

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "cufile.h"

long cuFileUseCount(void) { return 2; }

#ifdef WITH_VECTOR_IO
static unsigned char file[64];
static int filled;

static void fill(void) {
    if (!filled)
        for (int k = 0; k < 64; k++) file[k] = (unsigned char)(k + 1);
    filled = 1;
}

static ssize_t vector_io(CUfileHandle_t fh, const CUfileIOVec_t *iov, size_t iovcnt, off_t offset, unsigned flags,
                         int write) {
    fill();
    if (fh != (CUfileHandle_t)(uintptr_t)0xF11E) return -CU_FILE_HANDLE_NOT_REGISTERED;
    if (flags || offset < 0) return -CU_FILE_INVALID_VALUE;
    size_t done = 0;
    for (size_t v = 0; v < iovcnt; v++) {
        if (offset + done + iov[v].len > sizeof(file)) return -EINVAL;
        if (write) memcpy(file + offset + done, iov[v].base, iov[v].len);
        else memcpy(iov[v].base, file + offset + done, iov[v].len);
        done += iov[v].len;
    }
    return (ssize_t)done;
}

ssize_t cuFileReadv(CUfileHandle_t fh, const CUfileIOVec_t *iov, size_t iovcnt, off_t file_offset, unsigned flags) {
    return vector_io(fh, iov, iovcnt, file_offset, flags, 0);
}

ssize_t cuFileWritev(CUfileHandle_t fh, const CUfileIOVec_t *iov, size_t iovcnt, off_t file_offset, unsigned flags) {
    return vector_io(fh, iov, iovcnt, file_offset, flags, 1);
}
#endif
