/* A stand-in libnvidia-ml.so.1 for the CPU tests of cudacffi.core.system: two GPUs answering every NVML call
   that system.Device and the module functions make, with values derived from the device index, so that each
   property's conversion (enums, bitmasks, versioned structs, caller-owned arrays, counted lists) is checked
   against a real C library. Compiled by tests/test_core_system.py against the snapshot's nvml.h; calls before
   nvmlInit answer NVML_ERROR_UNINITIALIZED, as NVML does. Device 1 answers NVML_ERROR_NOT_SUPPORTED where a
   feature may be missing on real hardware (fans, NVLink count, MIG). */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "nvml.h"

#define DEVICES 2
#define HANDLE(i) ((nvmlDevice_t)(uintptr_t)(0x2000 + 0x100 * (i)))
#define EVENT_SET ((nvmlEventSet_t)(uintptr_t)0x7000)
#define SYSTEM_EVENT_SET ((nvmlSystemEventSet_t)(uintptr_t)0x7100)
#define REQUIRE_INIT() do { if (!initialized) return NVML_ERROR_UNINITIALIZED; } while (0)
#define VERSION(type, v) ((unsigned int)(sizeof(type) | ((v) << 24)))

static int initialized;
static unsigned int persistence[DEVICES] = {1, 0};
static unsigned long long registered_events;
static unsigned long long registered_system_events;
static int event_sets_live;

static int device_index(nvmlDevice_t device) {
    for (int i = 0; i < DEVICES; i++)
        if (device == HANDLE(i)) return i;
    return -1;
}

#define DEVICE(dev, i) REQUIRE_INIT(); int i = device_index(dev); if (i < 0) return NVML_ERROR_INVALID_ARGUMENT
#define OUT(p) do { if (!(p)) return NVML_ERROR_INVALID_ARGUMENT; } while (0)

static nvmlReturn_t copy_string(char *out, unsigned int length, const char *text) {
    OUT(out);
    if (strlen(text) + 1 > length) return NVML_ERROR_INSUFFICIENT_SIZE;
    strcpy(out, text);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlInit_v2(void) { initialized++; return NVML_SUCCESS; }
nvmlReturn_t nvmlInitWithFlags(unsigned int flags) { (void)flags; initialized++; return NVML_SUCCESS; }
nvmlReturn_t nvmlShutdown(void) { REQUIRE_INIT(); initialized--; return NVML_SUCCESS; }
const char *nvmlErrorString(nvmlReturn_t result) { return result ? "Stand-in error" : "Success"; }

/* -- system ----------------------------------------------------------------------------------------------- */

nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length) {
    REQUIRE_INIT();
    return copy_string(version, length, "580.65.06");
}

nvmlReturn_t nvmlSystemGetNVMLVersion(char *version, unsigned int length) {
    REQUIRE_INIT();
    return copy_string(version, length, "13.580.65.06");
}

nvmlReturn_t nvmlSystemGetDriverBranch(nvmlSystemDriverBranchInfo_t *info, unsigned int length) {
    REQUIRE_INIT();
    OUT(info);
    if (info->version != nvmlSystemDriverBranchInfo_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    return copy_string(info->branch, length, "r580_00");
}

nvmlReturn_t nvmlSystemGetProcessName(unsigned int pid, char *name, unsigned int length) {
    REQUIRE_INIT();
    if (pid == 0) return NVML_ERROR_NOT_FOUND;
    char text[64];
    snprintf(text, sizeof text, "/usr/bin/process-%u", pid);
    return copy_string(name, length, text);
}

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) {
    REQUIRE_INIT();
    OUT(count);
    *count = DEVICES;
    return NVML_SUCCESS;
}

/* -- handles and identity --------------------------------------------------------------------------------- */

static void uuid_of(int i, char *out, size_t size) {
    snprintf(out, size, "GPU-00112233-4455-6677-8899-aabbccddee%02x", i);
}

static void bus_id_of(int i, char *out, size_t size) { snprintf(out, size, "00000000:%02X:00.0", 0x17 + 0x4e * i); }

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device) {
    REQUIRE_INIT();
    OUT(device);
    if (index >= DEVICES) return NVML_ERROR_INVALID_ARGUMENT;
    *device = HANDLE(index);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetHandleByUUID(const char *uuid, nvmlDevice_t *device) {
    REQUIRE_INIT();
    OUT(uuid && device);
    for (int i = 0; i < DEVICES; i++) {
        char text[96];
        uuid_of(i, text, sizeof text);
        if (!strcmp(text, uuid)) { *device = HANDLE(i); return NVML_SUCCESS; }
    }
    return NVML_ERROR_NOT_FOUND;
}

nvmlReturn_t nvmlDeviceGetHandleByPciBusId_v2(const char *bus_id, nvmlDevice_t *device) {
    REQUIRE_INIT();
    OUT(bus_id && device);
    for (int i = 0; i < DEVICES; i++) {
        char text[32];
        bus_id_of(i, text, sizeof text);
        if (!strcmp(text, bus_id)) { *device = HANDLE(i); return NVML_SUCCESS; }
    }
    return NVML_ERROR_NOT_FOUND;
}

nvmlReturn_t nvmlDeviceGetIndex(nvmlDevice_t device, unsigned int *index) {
    DEVICE(device, i); OUT(index); *index = i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length) {
    DEVICE(device, i);
    char text[96];
    uuid_of(i, text, sizeof text);
    return copy_string(uuid, length, text);
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length) {
    DEVICE(device, i);
    char text[64];
    snprintf(text, sizeof text, "Stand-in H100 %d", i);
    return copy_string(name, length, text);
}

nvmlReturn_t nvmlDeviceGetSerial(nvmlDevice_t device, char *serial, unsigned int length) {
    DEVICE(device, i);
    char text[32];
    snprintf(text, sizeof text, "132042000%04d", i);
    return copy_string(serial, length, text);
}

nvmlReturn_t nvmlDeviceGetBrand(nvmlDevice_t device, nvmlBrandType_t *brand) {
    DEVICE(device, i); OUT(brand); *brand = i ? NVML_BRAND_GEFORCE_RTX : NVML_BRAND_NVIDIA; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetArchitecture(nvmlDevice_t device, nvmlDeviceArchitecture_t *arch) {
    DEVICE(device, i); OUT(arch); *arch = i ? 0x77 : NVML_DEVICE_ARCH_HOPPER; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetModuleId(nvmlDevice_t device, unsigned int *id) {
    DEVICE(device, i); OUT(id); *id = 3 + i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMinorNumber(nvmlDevice_t device, unsigned int *minor) {
    DEVICE(device, i); OUT(minor); *minor = 10 + i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNumaNodeId(nvmlDevice_t device, unsigned int *node) {
    DEVICE(device, i); OUT(node); *node = i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetC2cModeInfoV(nvmlDevice_t device, nvmlC2cModeInfo_v1_t *info) {
    DEVICE(device, i); OUT(info); info->isC2cEnabled = i == 1; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetPersistenceMode(nvmlDevice_t device, nvmlEnableState_t *mode) {
    DEVICE(device, i); OUT(mode); *mode = persistence[i] ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceSetPersistenceMode(nvmlDevice_t device, nvmlEnableState_t mode) {
    DEVICE(device, i); persistence[i] = mode == NVML_FEATURE_ENABLED; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetCudaComputeCapability(nvmlDevice_t device, int *major, int *minor) {
    DEVICE(device, i); OUT(major && minor); *major = 9; *minor = i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetPciInfoExt(nvmlDevice_t device, nvmlPciInfoExt_t *pci) {
    DEVICE(device, i);
    OUT(pci);
    if (pci->version != nvmlPciInfoExt_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    pci->domain = 0;
    pci->bus = 0x17 + 0x4e * i;
    pci->device = 0;
    pci->pciDeviceId = 0x233010de;
    pci->pciSubSystemId = 0x16c110de + i;
    pci->baseClass = 3;
    pci->subClass = 2;
    bus_id_of(i, pci->busId, sizeof pci->busId);
    return NVML_SUCCESS;
}

#define SIMPLE_UINT(name, value) \
    nvmlReturn_t name(nvmlDevice_t device, unsigned int *out) { DEVICE(device, i); OUT(out); *out = (value); \
                                                                  return NVML_SUCCESS; }
SIMPLE_UINT(nvmlDeviceGetMaxPcieLinkGeneration, 5)
SIMPLE_UINT(nvmlDeviceGetGpuMaxPcieLinkGeneration, 5)
SIMPLE_UINT(nvmlDeviceGetMaxPcieLinkWidth, 16)
SIMPLE_UINT(nvmlDeviceGetCurrPcieLinkGeneration, 4 + i)
SIMPLE_UINT(nvmlDeviceGetCurrPcieLinkWidth, 8 << i)
SIMPLE_UINT(nvmlDeviceGetPcieReplayCounter, 7 * i)
SIMPLE_UINT(nvmlDeviceGetInforomConfigurationChecksum, 0xC0FFEE + i)
SIMPLE_UINT(nvmlDeviceGetMaxMigDeviceCount, i ? 0 : 7)

nvmlReturn_t nvmlDeviceGetPcieThroughput(nvmlDevice_t device, nvmlPcieUtilCounter_t counter, unsigned int *value) {
    DEVICE(device, i); OUT(value); *value = counter == NVML_PCIE_UTIL_RX_BYTES ? 1000 + i : 2000 + i;
    return NVML_SUCCESS;
}

/* -- memory, utilization, processes ----------------------------------------------------------------------- */

nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t device, nvmlMemory_v2_t *memory) {
    DEVICE(device, i);
    OUT(memory);
    if (memory->version != nvmlMemory_v2) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    memory->total = 80ull << 30;
    memory->reserved = 512ull << 20;
    memory->used = memory->reserved + ((unsigned long long)i << 30);
    memory->free = memory->total - memory->used;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetBAR1MemoryInfo(nvmlDevice_t device, nvmlBAR1Memory_t *bar1) {
    DEVICE(device, i);
    OUT(bar1);
    bar1->bar1Total = 128ull << 30;
    bar1->bar1Used = (unsigned long long)(i + 1) << 20;
    bar1->bar1Free = bar1->bar1Total - bar1->bar1Used;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *u) {
    DEVICE(device, i); OUT(u); u->gpu = 70 + i; u->memory = 30 + i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t device, unsigned int *count,
                                                     nvmlProcessInfo_t *infos) {
    DEVICE(device, i);
    OUT(count);
    unsigned int n = i ? 0 : 2;
    if (*count < n) { *count = n; return NVML_ERROR_INSUFFICIENT_SIZE; }
    for (unsigned int k = 0; k < n; k++) {
        infos[k].pid = 5000 + k;
        infos[k].usedGpuMemory = (unsigned long long)(k + 1) << 24;
        infos[k].gpuInstanceId = 0xFFFFFFFFu;
        infos[k].computeInstanceId = 0xFFFFFFFFu;
    }
    *count = n;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetAttributes_v2(nvmlDevice_t device, nvmlDeviceAttributes_t *a) {
    DEVICE(device, i);
    OUT(a);
    a->multiprocessorCount = 132 - i;
    a->sharedCopyEngineCount = 8;
    a->sharedDecoderCount = 7;
    a->sharedEncoderCount = 0;
    a->sharedJpegCount = 7;
    a->sharedOfaCount = 1;
    a->gpuInstanceSliceCount = 7;
    a->computeInstanceSliceCount = 7;
    a->memorySizeMB = 81559;
    return NVML_SUCCESS;
}

#ifdef nvmlRepairStatus_v1 /* CUDA 13.0 and newer headers */
nvmlReturn_t nvmlDeviceGetAddressingMode(nvmlDevice_t device, nvmlDeviceAddressingMode_t *mode) {
    DEVICE(device, i);
    OUT(mode);
    if (mode->version != nvmlDeviceAddressingMode_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    mode->value = i ? NVML_DEVICE_ADDRESSING_MODE_NONE : NVML_DEVICE_ADDRESSING_MODE_ATS;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetRepairStatus(nvmlDevice_t device, nvmlRepairStatus_t *status) {
    DEVICE(device, i);
    OUT(status);
    if (status->version != nvmlRepairStatus_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    status->bChannelRepairPending = i == 1;
    status->bTpcRepairPending = i == 0;
    return NVML_SUCCESS;
}
#endif

/* -- temperature, cooling --------------------------------------------------------------------------------- */

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensor, unsigned int *temp) {
    DEVICE(device, i); OUT(temp); if (sensor != NVML_TEMPERATURE_GPU) return NVML_ERROR_INVALID_ARGUMENT;
    *temp = 35 + i; return NVML_SUCCESS;
}

#ifdef nvmlTemperature_v1
nvmlReturn_t nvmlDeviceGetTemperatureV(nvmlDevice_t device, nvmlTemperature_t *t) {
    DEVICE(device, i);
    OUT(t);
    if (t->version != nvmlTemperature_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (t->sensorType != NVML_TEMPERATURE_GPU) return NVML_ERROR_INVALID_ARGUMENT;
    t->temperature = 35 + i;
    return NVML_SUCCESS;
}
#endif

nvmlReturn_t nvmlDeviceGetTemperatureThreshold(nvmlDevice_t device, nvmlTemperatureThresholds_t kind,
                                               unsigned int *temp) {
    DEVICE(device, i); OUT(temp); *temp = 80 + (unsigned int)kind + i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMarginTemperature(nvmlDevice_t device, nvmlMarginTemperature_t *m) {
    DEVICE(device, i);
    OUT(m);
    if (m->version != nvmlMarginTemperature_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    m->marginTemperature = 40 - i;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetThermalSettings(nvmlDevice_t device, unsigned int target, nvmlGpuThermalSettings_t *s) {
    DEVICE(device, i);
    OUT(s);
    if (target != NVML_THERMAL_TARGET_GPU && target != NVML_THERMAL_TARGET_ALL) return NVML_ERROR_NOT_SUPPORTED;
    memset(s, 0, sizeof *s);
    s->count = target == NVML_THERMAL_TARGET_ALL ? 2 : 1;
    s->sensor[0].controller = NVML_THERMAL_CONTROLLER_GPU_INTERNAL;
    s->sensor[0].defaultMinTemp = 0;
    s->sensor[0].defaultMaxTemp = 90;
    s->sensor[0].currentTemp = 35 + i;
    s->sensor[0].target = NVML_THERMAL_TARGET_GPU;
    s->sensor[1].controller = NVML_THERMAL_CONTROLLER_UNKNOWN;
    s->sensor[1].defaultMaxTemp = 85;
    s->sensor[1].currentTemp = 30;
    s->sensor[1].target = NVML_THERMAL_TARGET_MEMORY;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNumFans(nvmlDevice_t device, unsigned int *n) {
    DEVICE(device, i); OUT(n); *n = i ? 0 : 2; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetFanSpeed_v2(nvmlDevice_t device, unsigned int fan, unsigned int *speed) {
    DEVICE(device, i); OUT(speed); if (i || fan > 1) return NVML_ERROR_NOT_SUPPORTED;
    *speed = 40 + fan; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetFanControlPolicy_v2(nvmlDevice_t device, unsigned int fan, nvmlFanControlPolicy_t *p) {
    DEVICE(device, i); OUT(p); if (i || fan > 1) return NVML_ERROR_NOT_SUPPORTED;
    *p = fan ? NVML_FAN_POLICY_MANUAL : NVML_FAN_POLICY_TEMPERATURE_CONTINOUS_SW; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMinMaxFanSpeed(nvmlDevice_t device, unsigned int *lo, unsigned int *hi) {
    DEVICE(device, i); OUT(lo && hi); if (i) return NVML_ERROR_NOT_SUPPORTED; *lo = 30; *hi = 100;
    return NVML_SUCCESS;
}

#ifdef nvmlCoolerInfo_v1
nvmlReturn_t nvmlDeviceGetCoolerInfo(nvmlDevice_t device, nvmlCoolerInfo_t *c) {
    DEVICE(device, i);
    OUT(c);
    if (c->version != nvmlCoolerInfo_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    c->signalType = NVML_THERMAL_COOLER_SIGNAL_VARIABLE;
    c->target = i ? NVML_THERMAL_COOLER_TARGET_NONE : NVML_THERMAL_COOLER_TARGET_GPU_RELATED;
    return NVML_SUCCESS;
}
#endif

/* -- clocks and performance ------------------------------------------------------------------------------- */

nvmlReturn_t nvmlDeviceGetClock(nvmlDevice_t device, nvmlClockType_t type, nvmlClockId_t id, unsigned int *mhz) {
    DEVICE(device, i); OUT(mhz); *mhz = 1000 * (id + 1) + 100 * type + i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, nvmlClockType_t type, unsigned int *mhz) {
    DEVICE(device, i); OUT(mhz); *mhz = 1980 + type + i; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMinMaxClockOfPState(nvmlDevice_t device, nvmlClockType_t type, nvmlPstates_t pstate,
                                              unsigned int *lo, unsigned int *hi) {
    DEVICE(device, i); OUT(lo && hi); *lo = 100 * pstate + type; *hi = 2000 - pstate; return NVML_SUCCESS;
}

#ifdef nvmlClockOffset_v1
nvmlReturn_t nvmlDeviceGetClockOffsets(nvmlDevice_t device, nvmlClockOffset_t *o) {
    DEVICE(device, i);
    OUT(o);
    if (o->version != nvmlClockOffset_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    o->clockOffsetMHz = (int)o->pstate * 10 + (int)o->type;
    o->minClockOffsetMHz = -200;
    o->maxClockOffsetMHz = 300 + i;
    return NVML_SUCCESS;
}
#endif

nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device, unsigned long long *reasons) {
    DEVICE(device, i); OUT(reasons); *reasons = i ? 0 : (0x1 | 0x4 | 0x40); return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetSupportedClocksEventReasons(nvmlDevice_t device, unsigned long long *reasons) {
    DEVICE(device, i); OUT(reasons); *reasons = 0x1ff; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetPerformanceState(nvmlDevice_t device, nvmlPstates_t *state) {
    DEVICE(device, i); OUT(state); *state = i ? NVML_PSTATE_UNKNOWN : NVML_PSTATE_2; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetSupportedPerformanceStates(nvmlDevice_t device, nvmlPstates_t *states, unsigned int size) {
    DEVICE(device, i);
    OUT(states);
    if (size < NVML_MAX_GPU_PERF_PSTATES * sizeof *states) return NVML_ERROR_INSUFFICIENT_SIZE;
    for (int k = 0; k < NVML_MAX_GPU_PERF_PSTATES; k++) states[k] = NVML_PSTATE_UNKNOWN;
    states[0] = NVML_PSTATE_0;
    states[1] = NVML_PSTATE_2;
    states[2] = (nvmlPstates_t)(8 + i);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetDynamicPstatesInfo(nvmlDevice_t device, nvmlGpuDynamicPstatesInfo_t *info) {
    DEVICE(device, i);
    OUT(info);
    memset(info, 0, sizeof *info);
    for (int k = 0; k < NVML_MAX_GPU_UTILIZATIONS; k++) {
        info->utilization[k].bIsPresent = k < 2;
        info->utilization[k].percentage = 10 * k + i;
        info->utilization[k].incThreshold = 80;
        info->utilization[k].decThreshold = 30 + k;
    }
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetAutoBoostedClocksEnabled(nvmlDevice_t device, nvmlEnableState_t *on, nvmlEnableState_t *def) {
    DEVICE(device, i); OUT(on && def); *on = i ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED;
    *def = NVML_FEATURE_ENABLED; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetDisplayMode(nvmlDevice_t device, nvmlEnableState_t *mode) {
    DEVICE(device, i); OUT(mode); *mode = i ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetDisplayActive(nvmlDevice_t device, nvmlEnableState_t *mode) {
    DEVICE(device, i); OUT(mode); *mode = NVML_FEATURE_DISABLED; return NVML_SUCCESS;
}

/* -- affinity and topology -------------------------------------------------------------------------------- */

/* Device 0 is near CPUs 0-3 and 64 (a second word), NUMA node 0; device 1 near CPUs 4-7, NUMA node 1. */
nvmlReturn_t nvmlDeviceGetCpuAffinityWithinScope(nvmlDevice_t device, unsigned int size, unsigned long *set,
                                                 nvmlAffinityScope_t scope) {
    DEVICE(device, i);
    OUT(set);
    if (size < 2 || scope > NVML_AFFINITY_SCOPE_SOCKET) return NVML_ERROR_INVALID_ARGUMENT;
    memset(set, 0, size * sizeof *set);
    set[0] = scope == NVML_AFFINITY_SCOPE_SOCKET ? 0xffUL : (0xfUL << (4 * i));
    if (i == 0 && scope == NVML_AFFINITY_SCOPE_NODE) set[64 / (8 * sizeof *set)] |= 1UL << (64 % (8 * sizeof *set));
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMemoryAffinity(nvmlDevice_t device, unsigned int size, unsigned long *set,
                                         nvmlAffinityScope_t scope) {
    DEVICE(device, i);
    OUT(set);
    if (size < 1 || scope > NVML_AFFINITY_SCOPE_SOCKET) return NVML_ERROR_INVALID_ARGUMENT;
    memset(set, 0, size * sizeof *set);
    set[0] = scope == NVML_AFFINITY_SCOPE_SOCKET ? 1UL : 1UL << i;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTopologyCommonAncestor(nvmlDevice_t d1, nvmlDevice_t d2, nvmlGpuTopologyLevel_t *level) {
    DEVICE(d1, i);
    if (device_index(d2) < 0) return NVML_ERROR_INVALID_ARGUMENT;
    OUT(level);
    *level = device_index(d2) == i ? NVML_TOPOLOGY_INTERNAL : NVML_TOPOLOGY_HOSTBRIDGE;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetP2PStatus(nvmlDevice_t d1, nvmlDevice_t d2, nvmlGpuP2PCapsIndex_t index,
                                    nvmlGpuP2PStatus_t *status) {
    DEVICE(d1, i);
    (void)i;
    if (device_index(d2) < 0) return NVML_ERROR_INVALID_ARGUMENT;
    OUT(status);
    *status = index == NVML_P2P_CAPS_INDEX_NVLINK ? NVML_P2P_STATUS_NOT_SUPPORTED : NVML_P2P_STATUS_OK;
    return NVML_SUCCESS;
}

static nvmlReturn_t device_list(unsigned int *count, nvmlDevice_t *out, int first, int n) {
    OUT(count);
    if (*count < (unsigned int)n) { *count = n; return NVML_ERROR_INSUFFICIENT_SIZE; }
    for (int k = 0; k < n; k++) out[k] = HANDLE(first + k);
    *count = n;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetTopologyNearestGpus(nvmlDevice_t device, nvmlGpuTopologyLevel_t level, unsigned int *count,
                                              nvmlDevice_t *devices) {
    DEVICE(device, i);
    if (level < NVML_TOPOLOGY_HOSTBRIDGE) return device_list(count, devices, 0, 0);
    return device_list(count, devices, 1 - i, 1);
}

nvmlReturn_t nvmlSystemGetTopologyGpuSet(unsigned int cpu, unsigned int *count, nvmlDevice_t *devices) {
    REQUIRE_INIT();
    return cpu < 4 ? device_list(count, devices, 0, 1) : cpu < 8 ? device_list(count, devices, 1, 1)
                                                                 : device_list(count, devices, 0, 0);
}

/* -- field values and NVLink ------------------------------------------------------------------------------ */

nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t device, int n, nvmlFieldValue_t *values) {
    DEVICE(device, i);
    OUT(values);
    for (int k = 0; k < n; k++) {
        nvmlFieldValue_t *v = &values[k];
        v->timestamp = 1700000000000000LL + k;
        v->latencyUsec = 5;
        v->nvmlReturn = NVML_SUCCESS;
        if (v->fieldId == NVML_FI_DEV_NVLINK_LINK_COUNT) {
            if (i) { v->nvmlReturn = NVML_ERROR_NOT_SUPPORTED; continue; }
            v->valueType = NVML_VALUE_TYPE_UNSIGNED_INT;
            v->value.uiVal = 4;
        } else if (v->fieldId == NVML_FI_DEV_POWER_INSTANT) {
            v->valueType = NVML_VALUE_TYPE_UNSIGNED_INT;
            v->value.uiVal = 100000 + v->scopeId;
        } else if (v->fieldId == NVML_FI_DEV_TOTAL_ENERGY_CONSUMPTION) {
            v->valueType = NVML_VALUE_TYPE_UNSIGNED_LONG_LONG;
            v->value.ullVal = 1ULL << 40;
        } else {
            v->nvmlReturn = NVML_ERROR_INVALID_ARGUMENT;
        }
    }
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNvLinkVersion(nvmlDevice_t device, unsigned int link, unsigned int *version) {
    DEVICE(device, i); OUT(version); if (i || link >= 4) return NVML_ERROR_INVALID_ARGUMENT;
    *version = NVML_NVLINK_VERSION_4_0; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNvLinkState(nvmlDevice_t device, unsigned int link, nvmlEnableState_t *active) {
    DEVICE(device, i); OUT(active); if (i || link >= 4) return NVML_ERROR_INVALID_ARGUMENT;
    *active = link < 2 ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED; return NVML_SUCCESS;
}

/* -- events ----------------------------------------------------------------------------------------------- */

nvmlReturn_t nvmlDeviceGetSupportedEventTypes(nvmlDevice_t device, unsigned long long *types) {
    DEVICE(device, i); OUT(types); *types = nvmlEventTypeXidCriticalError | nvmlEventTypePState | (i ? 0 : 0x2);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlEventSetCreate(nvmlEventSet_t *set) {
    REQUIRE_INIT(); OUT(set); *set = EVENT_SET; event_sets_live++; return NVML_SUCCESS;
}

nvmlReturn_t nvmlEventSetFree(nvmlEventSet_t set) {
    REQUIRE_INIT(); if (set != EVENT_SET || event_sets_live <= 0) return NVML_ERROR_INVALID_ARGUMENT;
    event_sets_live--; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceRegisterEvents(nvmlDevice_t device, unsigned long long types, nvmlEventSet_t set) {
    DEVICE(device, i);
    (void)i;
    if (set != EVENT_SET) return NVML_ERROR_INVALID_ARGUMENT;
    if (!(types & (nvmlEventTypeXidCriticalError | nvmlEventTypePState))) return NVML_ERROR_NOT_SUPPORTED;
    registered_events = types;
    return NVML_SUCCESS;
}

/* One Xid 79 event on device 0 when Xid events were registered, else a timeout. */
nvmlReturn_t nvmlEventSetWait_v2(nvmlEventSet_t set, nvmlEventData_t *data, unsigned int timeout) {
    REQUIRE_INIT();
    (void)timeout;
    if (set != EVENT_SET) return NVML_ERROR_INVALID_ARGUMENT;
    OUT(data);
    if (!(registered_events & nvmlEventTypeXidCriticalError)) return NVML_ERROR_TIMEOUT;
    data->device = HANDLE(0);
    data->eventType = nvmlEventTypeXidCriticalError;
    data->eventData = 79;
    data->gpuInstanceId = 0xFFFFFFFFu;
    data->computeInstanceId = 0xFFFFFFFFu;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlSystemEventSetCreate(nvmlSystemEventSetCreateRequest_t *request) {
    REQUIRE_INIT();
    OUT(request);
    if (request->version != nvmlSystemEventSetCreateRequest_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    request->set = SYSTEM_EVENT_SET;
    event_sets_live++;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlSystemEventSetFree(nvmlSystemEventSetFreeRequest_t *request) {
    REQUIRE_INIT();
    OUT(request);
    if (request->version != nvmlSystemEventSetFreeRequest_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (request->set != SYSTEM_EVENT_SET || event_sets_live <= 0) return NVML_ERROR_INVALID_ARGUMENT;
    event_sets_live--;
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlSystemRegisterEvents(nvmlSystemRegisterEventRequest_t *request) {
    REQUIRE_INIT();
    OUT(request);
    if (request->version != nvmlSystemRegisterEventRequest_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (request->set != SYSTEM_EVENT_SET) return NVML_ERROR_INVALID_ARGUMENT;
    registered_system_events = request->eventTypes;
    return NVML_SUCCESS;
}

/* Three bind events (GPU at bus 0x17, 0x65, 0x17), as many as fit; a timeout when BIND was not registered. */
nvmlReturn_t nvmlSystemEventSetWait(nvmlSystemEventSetWaitRequest_t *request) {
    REQUIRE_INIT();
    OUT(request);
    if (request->version != nvmlSystemEventSetWaitRequest_v1) return NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (request->set != SYSTEM_EVENT_SET || !request->data) return NVML_ERROR_INVALID_ARGUMENT;
    if (!(registered_system_events & nvmlSystemEventTypeGpuDriverBind)) return NVML_ERROR_TIMEOUT;
    unsigned int buses[3] = {0x17, 0x65, 0x17};
    unsigned int n = request->dataSize < 3 ? request->dataSize : 3;
    for (unsigned int k = 0; k < n; k++) {
        request->data[k].eventType = nvmlSystemEventTypeGpuDriverBind;
        request->data[k].gpuId = buses[k] << 8;
    }
    request->numEvent = n;
    return NVML_SUCCESS;
}

/* -- InfoROM and MIG --------------------------------------------------------------------------------------- */

nvmlReturn_t nvmlDeviceGetInforomVersion(nvmlDevice_t device, nvmlInforomObject_t object, char *version,
                                         unsigned int length) {
    DEVICE(device, i);
    char text[32];
    snprintf(text, sizeof text, "G520.%04d.00.0%d", (int)object, i);
    return copy_string(version, length, text);
}

nvmlReturn_t nvmlDeviceGetInforomImageVersion(nvmlDevice_t device, char *version, unsigned int length) {
    DEVICE(device, i); (void)i; return copy_string(version, length, "G520.0200.00.05");
}

nvmlReturn_t nvmlDeviceGetBoardPartNumber(nvmlDevice_t device, char *part, unsigned int length) {
    DEVICE(device, i); (void)i; return copy_string(part, length, "692-2G520-0200-000");
}

nvmlReturn_t nvmlDeviceValidateInforom(nvmlDevice_t device) {
    DEVICE(device, i); return i ? NVML_ERROR_CORRUPTED_INFOROM : NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMigMode(nvmlDevice_t device, unsigned int *current, unsigned int *pending) {
    DEVICE(device, i); OUT(current && pending); if (i) return NVML_ERROR_NOT_SUPPORTED;
    *current = 0; *pending = 1; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceIsMigDeviceHandle(nvmlDevice_t device, unsigned int *is_mig) {
    DEVICE(device, i); (void)i; OUT(is_mig); *is_mig = 0; return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetMigDeviceHandleByIndex(nvmlDevice_t device, unsigned int index, nvmlDevice_t *mig) {
    DEVICE(device, i); (void)i; (void)index; OUT(mig); return NVML_ERROR_NOT_FOUND;
}
