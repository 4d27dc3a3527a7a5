/* A stand-in libcuda for the CPU tests of cudacffi.core.system and cudacffi.core.checkpoint: two devices whose
 * UUIDs are those of system_libnvml.c's two GPUs in the other order (CUDA ordinal 0 is NVML index 1), so that
 * Device.to_system_device and system.Device.to_cuda_device must match by UUID; and the checkpoint API:
 *
 *   pid 100: running; 101: locked; 102: checkpointed; 103: failed; 104: a state code no header names
 *   pid 200: the driver answers CUDA_ERROR_NOT_SUPPORTED; any other pid: CUDA_ERROR_INVALID_VALUE (1)
 *   lock/checkpoint/restore/unlock record their pid, the lock's timeout and the restore's GPU pairs (last_call)
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define OK 0
#define INVALID_VALUE 1
#define INVALID_DEVICE 101
#define NOT_SUPPORTED 801

typedef struct { char bytes[16]; } CUuuid;
typedef struct { unsigned int timeoutMs; unsigned int reserved0; uint64_t reserved1[7]; } CUcheckpointLockArgs;
typedef struct { CUuuid oldUuid; CUuuid newUuid; } CUcheckpointGpuPair;
typedef struct { CUcheckpointGpuPair *gpuPairs; unsigned int gpuPairsCount; } CUcheckpointRestoreArgsHead;

static char last[256];

const char *system_libcuda_last_call(void) { return last; }

int cuInit(unsigned int flags) { (void)flags; return OK; }
int cuDriverGetVersion(int *v) { *v = 13000; return OK; }
int cuDeviceGetCount(int *n) { *n = 2; return OK; }
int cuDeviceGet(int *dev, int ordinal) {
    if (ordinal < 0 || ordinal > 1) return INVALID_DEVICE;
    *dev = ordinal;
    return OK;
}
int cuCtxGetDevice(int *dev) { (void)dev; return 201; /* no current context */ }

static int uuid_of(CUuuid *uuid, int dev) {
    static const unsigned char base[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                           0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0x00};
    if (dev < 0 || dev > 1) return INVALID_DEVICE;
    memcpy(uuid->bytes, base, 16);
    uuid->bytes[15] = (char)(1 - dev); /* CUDA ordinal 0 is NVML's index 1 */
    return OK;
}
int cuDeviceGetUuid(CUuuid *uuid, int dev) { return uuid_of(uuid, dev); }
int cuDeviceGetUuid_v2(CUuuid *uuid, int dev) { return uuid_of(uuid, dev); }
int cuDeviceGetName(char *name, int len, int dev) {
    if (dev < 0 || dev > 1) return INVALID_DEVICE;
    snprintf(name, (size_t)len, "Stand-in H100 %d", 1 - dev);
    return OK;
}

static int known(int pid) {
    if (pid == 200) return NOT_SUPPORTED;
    return pid >= 100 && pid <= 104 ? OK : INVALID_VALUE;
}

int cuCheckpointProcessGetState(int pid, int *state) {
    int r = known(pid);
    if (r == OK) *state = pid == 104 ? 42 : pid - 100;
    return r;
}

int cuCheckpointProcessGetRestoreThreadId(int pid, int *tid) {
    int r = known(pid);
    if (r == OK) *tid = pid * 10 + 1;
    return r;
}

int cuCheckpointProcessLock(int pid, CUcheckpointLockArgs *args) {
    snprintf(last, sizeof last, "lock %d %d", pid, args ? (int)args->timeoutMs : -1);
    return known(pid);
}

int cuCheckpointProcessCheckpoint(int pid, void *args) {
    snprintf(last, sizeof last, "checkpoint %d %s", pid, args ? "args" : "null");
    return known(pid);
}

int cuCheckpointProcessRestore(int pid, CUcheckpointRestoreArgsHead *args) {
    int n = snprintf(last, sizeof last, "restore %d", pid);
    if (args)
        for (unsigned int k = 0; k < args->gpuPairsCount && n < (int)sizeof last - 8; k++)
            n += snprintf(last + n, sizeof last - n, " %02x>%02x", (unsigned char)args->gpuPairs[k].oldUuid.bytes[15],
                          (unsigned char)args->gpuPairs[k].newUuid.bytes[15]);
    return known(pid);
}

int cuCheckpointProcessUnlock(int pid, void *args) {
    snprintf(last, sizeof last, "unlock %d %s", pid, args ? "args" : "null");
    return known(pid);
}
