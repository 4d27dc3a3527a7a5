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
