/* A stand-in libnvidia-ml.so.1 for the CPU tests of cudacffi.nvml: a handful of NVML calls answering with
   plausible values, so that the bindings' marshalling (handles, strings, structs, versioned structs, the
   count/capacity protocol of lists) is tested against a real C library. Compiled by tests/test_nvml.py
   against the snapshot's nvml.h; calls before nvmlInit answer NVML_ERROR_UNINITIALIZED, as NVML does.

   Three devices: 0 runs two processes; 1 runs none; 2 runs one more process at each call, up to five, so a
   list's count grows between the binding's query and its read. */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "nvml.h"

static int initialized;
static unsigned int growing = 2; /* device 2's process count */
static unsigned int power_limit_mw[3] = {300000, 300000, 300000};

#define DEVICES 3
#define HANDLE(i) ((nvmlDevice_t)(uintptr_t)(0x1000 + 0x100 * (i)))
#define REQUIRE_INIT() do { if (!initialized) return NVML_ERROR_UNINITIALIZED; } while (0)

static int device_index(nvmlDevice_t device) {
    for (int i = 0; i < DEVICES; i++)
        if (device == HANDLE(i)) return i;
    return -1;
}

#define DEVICE(dev, i) REQUIRE_INIT(); int i = device_index(dev); if (i < 0) return NVML_ERROR_INVALID_ARGUMENT

nvmlReturn_t nvmlInit_v2(void) { initialized++; return NVML_SUCCESS; }
nvmlReturn_t nvmlInitWithFlags(unsigned int flags) { (void)flags; initialized++; return NVML_SUCCESS; }

nvmlReturn_t nvmlShutdown(void) {
    REQUIRE_INIT();
    initialized--;
    return NVML_SUCCESS;
}

const char *nvmlErrorString(nvmlReturn_t result) {
    switch (result) {
    case NVML_SUCCESS: return "Success";
    case NVML_ERROR_UNINITIALIZED: return "Uninitialized";
    case NVML_ERROR_INSUFFICIENT_SIZE: return "Insufficient Size";
    default: return "Unknown Error";
    }
}

static nvmlReturn_t copy_string(char *out, unsigned int length, const char *text) {
    if (!out) return NVML_ERROR_INVALID_ARGUMENT;
    if (strlen(text) + 1 > length) return NVML_ERROR_INSUFFICIENT_SIZE;
    strcpy(out, text);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length) {
    REQUIRE_INIT();
    return copy_string(version, length, "580.65.06");
}

nvmlReturn_t nvmlSystemGetNVMLVersion(char *version, unsigned int length) {
    REQUIRE_INIT();
    return copy_string(version, length, "12.580.65.06");
}

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) {
    REQUIRE_INIT();
    if (!count) return NVML_ERROR_INVALID_ARGUMENT;
    *count = DEVICES;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
    REQUIRE_INIT();
    if (!device || index >= DEVICES) return NVML_ERROR_INVALID_ARGUMENT;
    *device = HANDLE(index);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length) {
    DEVICE(device, i);
    char text[64];
    snprintf(text, sizeof text, "Stand-in GPU %d", i);
    return copy_string(name, length, text);
}

nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t device, nvmlMemory_v2_t *memory) {
    DEVICE(device, i);
    if (!memory) return NVML_ERROR_INVALID_ARGUMENT;
    if (memory->version != nvmlMemory_v2) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    memory->total = (unsigned long long)(i + 1) << 34; /* 16 GiB per index */
    memory->reserved = 1ull << 28;
    memory->used = (1ull << 30) + memory->reserved;
    memory->free = memory->total - memory->used;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *utilization) {
    DEVICE(device, i);
    if (!utilization) return NVML_ERROR_INVALID_ARGUMENT;
    utilization->gpu = 40 + i;
    utilization->memory = 10 + i;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensor, unsigned int *temp) {
    DEVICE(device, i);
    if (sensor != NVML_TEMPERATURE_GPU || !temp) return NVML_ERROR_INVALID_ARGUMENT;
    *temp = 50 + i;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t device, nvmlPciInfo_t *pci) {
    DEVICE(device, i);
    if (!pci) return NVML_ERROR_INVALID_ARGUMENT;
    memset(pci, 0, sizeof *pci);
    pci->domain = 0;
    pci->bus = 0x17 + i;
    pci->pciDeviceId = 0x233010de;
    snprintf(pci->busId, sizeof pci->busId, "00000000:%02X:00.0", pci->bus);
    return NVML_SUCCESS;
}

/* The count/capacity protocol: too small a capacity (or none) answers NVML_ERROR_INSUFFICIENT_SIZE with the
   count needed; no processes answers NVML_SUCCESS with a count of 0. */
nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t device, unsigned int *infoCount,
                                                     nvmlProcessInfo_t *infos) {
    DEVICE(device, i);
    if (!infoCount) return NVML_ERROR_INVALID_ARGUMENT;
    unsigned int n = i == 0 ? 2 : i == 1 ? 0 : growing;
    if (i == 2 && growing < 5) growing++;
    if (*infoCount < n) {
        *infoCount = n;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    if (n && !infos) return NVML_ERROR_INVALID_ARGUMENT;
    for (unsigned int k = 0; k < n; k++) {
        infos[k].pid = 4000 + 10 * i + k;
        infos[k].usedGpuMemory = (unsigned long long)(k + 1) << 20;
        infos[k].gpuInstanceId = 0xFFFFFFFFu;
        infos[k].computeInstanceId = 0xFFFFFFFFu;
    }
    *infoCount = n;
    return NVML_SUCCESS;
}

#ifdef nvmlFanSpeedInfo_v1 /* versioned requests (12.4 and newer headers): the caller's fields in, the rest out */
nvmlReturn_t nvmlDeviceGetFanSpeedRPM(nvmlDevice_t device, nvmlFanSpeedInfo_t *fanSpeed) {
    DEVICE(device, i);
    if (!fanSpeed) return NVML_ERROR_INVALID_ARGUMENT;
    if (fanSpeed->version != nvmlFanSpeedInfo_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (fanSpeed->fan > 1) return NVML_ERROR_INVALID_ARGUMENT;
    fanSpeed->speed = 1000 + 100 * fanSpeed->fan + i;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceSetPowerManagementLimit_v2(nvmlDevice_t device, nvmlPowerValue_v2_t *powerValue) {
    DEVICE(device, i);
    if (!powerValue) return NVML_ERROR_INVALID_ARGUMENT;
    if (powerValue->version != nvmlPowerValue_v2) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (powerValue->powerScope != NVML_POWER_SCOPE_GPU) return NVML_ERROR_NOT_SUPPORTED;
    power_limit_mw[i] = powerValue->powerValueMw;
    return NVML_SUCCESS;
}
#endif

nvmlReturn_t nvmlDeviceGetPowerManagementLimit(nvmlDevice_t device, unsigned int *limit) {
    DEVICE(device, i);
    if (!limit) return NVML_ERROR_INVALID_ARGUMENT;
    *limit = power_limit_mw[i];
    return NVML_SUCCESS;
}

/* -- the hand-written functions of cudacffi/nvml.py: caller lists, arrays sized by a first call, reported sizes -- */

/* Each field's value is fieldId * 10 + the device index; field 0 is not supported (its own nvmlReturn). */
nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t device, int valuesCount, nvmlFieldValue_t *values) {
    DEVICE(device, i);
    if (valuesCount < 0 || (valuesCount && !values)) return NVML_ERROR_INVALID_ARGUMENT;
    for (int k = 0; k < valuesCount; k++) {
        values[k].timestamp = 1700000000000000LL + k;
        values[k].latencyUsec = 5;
        values[k].valueType = NVML_VALUE_TYPE_UNSIGNED_LONG_LONG;
        values[k].nvmlReturn = values[k].fieldId ? NVML_SUCCESS : NVML_ERROR_NOT_SUPPORTED;
        values[k].value.ullVal = values[k].fieldId * 10ULL + (unsigned)i + values[k].scopeId * 1000ULL;
    }
    return NVML_SUCCESS;
}

/* Clearing answers each field's nvmlReturn: fields above 100 cannot be cleared. */
nvmlReturn_t nvmlDeviceClearFieldValues(nvmlDevice_t device, int valuesCount, nvmlFieldValue_t *values) {
    DEVICE(device, i);
    (void)i;
    if (valuesCount < 0 || (valuesCount && !values)) return NVML_ERROR_INVALID_ARGUMENT;
    for (int k = 0; k < valuesCount; k++)
        values[k].nvmlReturn = values[k].fieldId > 100 ? NVML_ERROR_NOT_SUPPORTED : NVML_SUCCESS;
    return NVML_SUCCESS;
}

#ifdef nvmlProcessesUtilizationInfo_v1
/* Device i has i + 1 samples newer than lastSeenTimeStamp 0, one fewer per 100 us after it. */
nvmlReturn_t nvmlDeviceGetProcessesUtilizationInfo(nvmlDevice_t device, nvmlProcessesUtilizationInfo_t *info) {
    DEVICE(device, i);
    if (!info) return NVML_ERROR_INVALID_ARGUMENT;
    if (info->version != nvmlProcessesUtilizationInfo_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    unsigned int n = (unsigned)i + 1, skip = (unsigned)(info->lastSeenTimeStamp / 100);
    n = skip >= n ? 0 : n - skip;
    if (!info->procUtilArray || info->processSamplesCount < n) {
        info->processSamplesCount = n;
        return n ? NVML_ERROR_INSUFFICIENT_SIZE : NVML_SUCCESS;
    }
    for (unsigned int k = 0; k < n; k++) {
        memset(&info->procUtilArray[k], 0, sizeof(info->procUtilArray[k]));
        info->procUtilArray[k].pid = 5000 + 10 * (unsigned)i + k;
        info->procUtilArray[k].smUtil = 20 + k;
        info->procUtilArray[k].timeStamp = 100 * (skip + k + 1);
    }
    info->processSamplesCount = n;
    return NVML_SUCCESS;
}
#endif

#ifdef nvmlVgpuPlacementList_v2
/* Placement ids: 3 in heterogeneous mode (0, 2, 4 plus the type), 2 in homogeneous mode; placementSize 2. */
nvmlReturn_t nvmlDeviceGetVgpuTypeSupportedPlacements(nvmlDevice_t device, nvmlVgpuTypeId_t vgpuTypeId,
                                                      nvmlVgpuPlacementList_t *list) {
    DEVICE(device, i);
    (void)i;
    if (!list) return NVML_ERROR_INVALID_ARGUMENT;
    if (list->version != nvmlVgpuPlacementList_v2) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    unsigned int n = list->mode ? 2 : 3;
    list->placementSize = 2;
    if (!list->placementIds || list->count < n) {
        list->count = n;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    for (unsigned int k = 0; k < n; k++) list->placementIds[k] = 2 * k + vgpuTypeId;
    list->count = n;
    return NVML_SUCCESS;
}
#endif

#ifdef nvmlVgpuCreatablePlacementInfo_v1
/* GPU instance 7 can place vGPU type t at t + 1 only; any other instance nowhere. */
nvmlReturn_t nvmlGpuInstanceGetVgpuTypeCreatablePlacements(nvmlGpuInstance_t gpuInstance,
                                                           nvmlVgpuCreatablePlacementInfo_t *info) {
    REQUIRE_INIT();
    if (!info) return NVML_ERROR_INVALID_ARGUMENT;
    if (info->version != nvmlVgpuCreatablePlacementInfo_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    unsigned int n = gpuInstance == (nvmlGpuInstance_t)(uintptr_t)7 ? 1 : 0;
    info->placementSize = 1;
    if (n && (!info->placementIds || info->count < n)) {
        info->count = n;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    if (n) info->placementIds[0] = info->vgpuTypeId + 1;
    info->count = n;
    return NVML_SUCCESS;
}
#endif

/* The metadata carries 16 bytes of opaque data: the struct's own 4 bytes are too few. */
nvmlReturn_t nvmlDeviceGetVgpuMetadata(nvmlDevice_t device, nvmlVgpuPgpuMetadata_t *meta, unsigned int *bufferSize) {
    DEVICE(device, i);
    unsigned int need = (unsigned)sizeof(*meta) - 4 + 16;
    if (!bufferSize) return NVML_ERROR_INVALID_ARGUMENT;
    if (*bufferSize < need || !meta) {
        *bufferSize = need;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    memset(meta, 0, need);
    meta->version = 1;
    snprintf(meta->hostDriverVersion, sizeof(meta->hostDriverVersion), "580.65.0%d", i);
    meta->hostSupportedVgpuRange.minVersion = 0x10000;
    meta->hostSupportedVgpuRange.maxVersion = 0x120000;
    meta->opaqueDataSize = 16;
    for (int k = 0; k < 16; k++) meta->opaqueData[k] = (char)('a' + k);
    *bufferSize = need;
    return NVML_SUCCESS;
}

#ifdef nvmlSystemEventSetWaitRequest_v1
/* Two events wait (a bind of GPU 0x17 and an unbind of 0x18), as many as fit are returned. */
nvmlReturn_t nvmlSystemEventSetWait(nvmlSystemEventSetWaitRequest_t *request) {
    REQUIRE_INIT();
    if (!request || (request->dataSize && !request->data)) return NVML_ERROR_INVALID_ARGUMENT;
    if (request->version != nvmlSystemEventSetWaitRequest_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (request->set != (nvmlSystemEventSet_t)(uintptr_t)0x5E7) return NVML_ERROR_INVALID_ARGUMENT;
    unsigned int n = request->dataSize < 2 ? request->dataSize : 2;
    for (unsigned int k = 0; k < n; k++) {
        request->data[k].eventType = k ? nvmlSystemEventTypeGpuDriverUnbind : nvmlSystemEventTypeGpuDriverBind;
        request->data[k].gpuId = 0x17 + k + request->timeoutms;
    }
    request->numEvent = n;
    return NVML_SUCCESS;
}
#endif

#ifdef NVML_GSP_FIRMWARE_VERSION_BUF_SIZE
nvmlReturn_t nvmlDeviceGetGspFirmwareVersion(nvmlDevice_t device, char *version) {
    DEVICE(device, i);
    if (!version) return NVML_ERROR_INVALID_ARGUMENT;
    snprintf(version, NVML_GSP_FIRMWARE_VERSION_BUF_SIZE, "580.65.%02d", i);
    return NVML_SUCCESS;
}
#endif

#ifdef WITH_CONTEXT_DATA /* nvmlEventSetGetContextData_v1: 13.5 headers */
/* Context record k of set 0x5E7 is k + 3 bytes 0, 1, 2, ... */
nvmlReturn_t nvmlEventSetGetContextData_v1(nvmlEventSet_t set, nvmlEventSetGetContextData_v1_t *params) {
    REQUIRE_INIT();
    if (!params || set != (nvmlEventSet_t)(uintptr_t)0x5E7) return NVML_ERROR_INVALID_ARGUMENT;
    unsigned int n = params->index + 3;
    if (params->index > 4) return NVML_ERROR_NOT_FOUND;
    if (!params->data || params->dataSize < n) {
        params->dataSize = n;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    for (unsigned int k = 0; k < n; k++) ((unsigned char *)params->data)[k] = (unsigned char)k;
    params->dataSize = n;
    return NVML_SUCCESS;
}
#endif

#ifdef nvmlVgpuProcessesUtilizationInfo_v1
/* vGPU processes: device i has i samples, for vGPU instance 40 + k. */
nvmlReturn_t nvmlDeviceGetVgpuProcessesUtilizationInfo(nvmlDevice_t device, nvmlVgpuProcessesUtilizationInfo_t *info) {
    DEVICE(device, i);
    if (!info) return NVML_ERROR_INVALID_ARGUMENT;
    if (info->version != nvmlVgpuProcessesUtilizationInfo_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    unsigned int n = (unsigned)i;
    if (!info->vgpuProcUtilArray || info->vgpuProcessCount < n) {
        info->vgpuProcessCount = n;
        return n ? NVML_ERROR_INSUFFICIENT_SIZE : NVML_SUCCESS;
    }
    for (unsigned int k = 0; k < n; k++) {
        memset(&info->vgpuProcUtilArray[k], 0, sizeof(info->vgpuProcUtilArray[k]));
        info->vgpuProcUtilArray[k].vgpuInstance = 40 + k;
        info->vgpuProcUtilArray[k].pid = 6000 + k;
        info->vgpuProcUtilArray[k].timeStamp = info->lastSeenTimeStamp + 1 + k;
    }
    info->vgpuProcessCount = n;
    return NVML_SUCCESS;
}
#endif

#ifdef nvmlVgpuPlacementList_v2
/* Creatable placements: the supported ones but the first (1 and 2 of them). */
nvmlReturn_t nvmlDeviceGetVgpuTypeCreatablePlacements(nvmlDevice_t device, nvmlVgpuTypeId_t vgpuTypeId,
                                                      nvmlVgpuPlacementList_t *list) {
    DEVICE(device, i);
    (void)i;
    if (!list) return NVML_ERROR_INVALID_ARGUMENT;
    if (list->version != nvmlVgpuPlacementList_v2) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    unsigned int n = list->mode ? 1 : 2;
    list->placementSize = 2;
    if (!list->placementIds || list->count < n) {
        list->count = n;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    for (unsigned int k = 0; k < n; k++) list->placementIds[k] = 2 * (k + 1) + vgpuTypeId;
    list->count = n;
    return NVML_SUCCESS;
}
#endif

/* vGPU instance v's metadata carries v bytes of opaque data. */
nvmlReturn_t nvmlVgpuInstanceGetMetadata(nvmlVgpuInstance_t vgpuInstance, nvmlVgpuMetadata_t *meta,
                                         unsigned int *bufferSize) {
    REQUIRE_INIT();
    unsigned int need = (unsigned)sizeof(*meta) - 4 + vgpuInstance;
    if (!bufferSize || vgpuInstance > 64) return NVML_ERROR_INVALID_ARGUMENT;
    if (need < sizeof(*meta)) need = sizeof(*meta);
    if (*bufferSize < need || !meta) {
        *bufferSize = need;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    memset(meta, 0, need);
    meta->version = 1;
    snprintf(meta->guestDriverVersion, sizeof(meta->guestDriverVersion), "guest-%u", vgpuInstance);
    meta->opaqueDataSize = vgpuInstance;
    for (unsigned int k = 0; k < vgpuInstance; k++) meta->opaqueData[k] = (char)('A' + k);
    *bufferSize = need;
    return NVML_SUCCESS;
}

/* Device i supports P0, P2, ... (i + 2 of them); the rest of the caller's array is NVML_PSTATE_UNKNOWN.
   size is the array's size in bytes. */
nvmlReturn_t nvmlDeviceGetSupportedPerformanceStates(nvmlDevice_t device, nvmlPstates_t *pstates, unsigned int size) {
    DEVICE(device, i);
    unsigned int n = (unsigned)i + 2, room = size / (unsigned)sizeof(nvmlPstates_t);
    if (!pstates) return NVML_ERROR_INVALID_ARGUMENT;
    if (room < n) return NVML_ERROR_INSUFFICIENT_SIZE;
    for (unsigned int k = 0; k < room; k++) pstates[k] = k < n ? (nvmlPstates_t)(2 * k) : NVML_PSTATE_UNKNOWN;
    return NVML_SUCCESS;
}

/* Affinity masks: word k of device i's mask is 0x1000 * (i + 1) + k (+ 0x100 * scope), every word of the
   caller's size written, as NVML does; a size of 0 is refused. */
static nvmlReturn_t mask(nvmlDevice_t device, unsigned int size, unsigned long *set, unsigned int scope) {
    DEVICE(device, i);
    if (!set || !size) return NVML_ERROR_INVALID_ARGUMENT;
    for (unsigned int k = 0; k < size; k++) set[k] = 0x1000ul * (unsigned long)(i + 1) + 0x100ul * scope + k;
    return NVML_SUCCESS;
}
nvmlReturn_t nvmlDeviceGetCpuAffinity(nvmlDevice_t device, unsigned int size, unsigned long *set) {
    return mask(device, size, set, 0);
}
nvmlReturn_t nvmlDeviceGetCpuAffinityWithinScope(nvmlDevice_t device, unsigned int size, unsigned long *set,
                                                 nvmlAffinityScope_t scope) {
    return mask(device, size, set, scope);
}
nvmlReturn_t nvmlDeviceGetMemoryAffinity(nvmlDevice_t device, unsigned int size, unsigned long *set,
                                         nvmlAffinityScope_t scope) {
    return mask(device, size, set, scope);
}

static int thresholds[3][16];

nvmlReturn_t nvmlDeviceSetTemperatureThreshold(nvmlDevice_t device, nvmlTemperatureThresholds_t type, int *temp) {
    DEVICE(device, i);
    if (!temp || (unsigned)type >= 16) return NVML_ERROR_INVALID_ARGUMENT;
    thresholds[i][type] = *temp;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTemperatureThreshold(nvmlDevice_t device, nvmlTemperatureThresholds_t type,
                                               unsigned int *temp) {
    DEVICE(device, i);
    if (!temp || (unsigned)type >= 16) return NVML_ERROR_INVALID_ARGUMENT;
    *temp = (unsigned)thresholds[i][type];
    return NVML_SUCCESS;
}

#ifdef nvmlProcessDetailList_v1
/* Device 0 runs two compute processes and one graphics process (mode ALL: the three). */
nvmlReturn_t nvmlDeviceGetRunningProcessDetailList(nvmlDevice_t device, nvmlProcessDetailList_t *plist) {
    DEVICE(device, i);
    if (!plist) return NVML_ERROR_INVALID_ARGUMENT;
    if (plist->version != nvmlProcessDetailList_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    /* modes: 0 compute, 1 graphics, 3 all (nvmlProcessMode_t, which older headers do not name) */
    unsigned int first = plist->mode == 1 ? 2 : 0;
    unsigned int n = i ? 0 : plist->mode == 0 ? 2 : plist->mode == 1 ? 1 : plist->mode == 3 ? 3 : 0;
    if (n && (!plist->procArray || plist->numProcArrayEntries < n)) {
        plist->numProcArrayEntries = n;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    for (unsigned int k = 0; k < n; k++) {
        memset(&plist->procArray[k], 0, sizeof(plist->procArray[k]));
        plist->procArray[k].pid = 7000 + first + k;
        plist->procArray[k].usedGpuMemory = (unsigned long long)(first + k + 1) << 20;
    }
    plist->numProcArrayEntries = n;
    return NVML_SUCCESS;
}
#endif

#ifdef nvmlUUID_v1
/* Device i's UUID: ASCII "GPU-00000000-0000-0000-0000-00000000000i", binary 16 bytes ending in i. */
nvmlReturn_t nvmlDeviceGetHandleByUUIDV(const nvmlUUID_t *uuid, nvmlDevice_t *device) {
    REQUIRE_INIT();
    if (!uuid || !device) return NVML_ERROR_INVALID_ARGUMENT;
    if (uuid->version != nvmlUUID_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    for (int i = 0; i < DEVICES; i++) {
        char text[NVML_DEVICE_UUID_ASCII_LEN];
        unsigned char bytes[NVML_DEVICE_UUID_BINARY_LEN] = {0};
        snprintf(text, sizeof(text), "GPU-00000000-0000-0000-0000-00000000000%d", i);
        bytes[NVML_DEVICE_UUID_BINARY_LEN - 1] = (unsigned char)i;
        if ((uuid->type == NVML_UUID_TYPE_ASCII && strcmp(uuid->value.str, text) == 0) ||
            (uuid->type == NVML_UUID_TYPE_BINARY && memcmp(uuid->value.bytes, bytes, sizeof(bytes)) == 0)) {
            *device = HANDLE(i);
            return NVML_SUCCESS;
        }
    }
    return uuid->type == NVML_UUID_TYPE_ASCII || uuid->type == NVML_UUID_TYPE_BINARY ? NVML_ERROR_NOT_FOUND
                                                                                     : NVML_ERROR_INVALID_ARGUMENT;
}
#endif

#ifdef NVML_PRM_DATA_MAX_SIZE
/* A PRM register read: the status is the input's size, the output the input reversed. */
nvmlReturn_t nvmlDeviceReadWritePRM_v1(nvmlDevice_t device, nvmlPRMTLV_v1_t *buffer) {
    DEVICE(device, i);
    (void)i;
    if (!buffer || buffer->dataSize > NVML_PRM_DATA_MAX_SIZE) return NVML_ERROR_INVALID_ARGUMENT;
    unsigned char in[NVML_PRM_DATA_MAX_SIZE];
    memcpy(in, buffer->inData, buffer->dataSize);
    for (unsigned int k = 0; k < buffer->dataSize; k++) buffer->outData[k] = in[buffer->dataSize - 1 - k];
    buffer->status = buffer->dataSize;
    return NVML_SUCCESS;
}

#endif

#ifdef WITH_PRM_COUNTERS /* nvmlDeviceReadPRMCounters_v1: 13.5 headers */
/* Each counter reads counterId * 100 + its local port; counter 0 is not supported. */
nvmlReturn_t nvmlDeviceReadPRMCounters_v1(nvmlDevice_t device, nvmlPRMCounterList_v1_t *list) {
    DEVICE(device, i);
    if (!list || (list->numCounters && !list->counters)) return NVML_ERROR_INVALID_ARGUMENT;
    for (unsigned int k = 0; k < list->numCounters; k++) {
        nvmlPRMCounter_v1_t *c = &list->counters[k];
        c->counterValue.status = c->counterId ? NVML_SUCCESS : NVML_ERROR_NOT_SUPPORTED;
        c->counterValue.outputType = NVML_VALUE_TYPE_UNSIGNED_LONG_LONG;
        c->counterValue.outputValue.ullVal = c->counterId * 100ULL + c->inData.localPort + (unsigned)i;
    }
    return NVML_SUCCESS;
}
#endif
