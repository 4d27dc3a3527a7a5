/* cudacffi stand-in for <vdpau/vdpau.h>: the names CUDA's VDPAU interop headers (cudaVDPAU.h,
   cuda_vdpau_interop.h) use, with libvdpau's ABI: handles are uint32_t, and VdpGetProcAddress is a
   function type (the headers take a VdpGetProcAddress *, the function's address). Its return type
   VdpStatus (an enum, int-sized) and argument type VdpFuncId (uint32_t) are spelled as those C types,
   so that only the names CUDA's headers use become part of the API. */
#ifndef _CUDACFFI_FAKE_VDPAU_H
#define _CUDACFFI_FAKE_VDPAU_H
#include <stdint.h>
typedef uint32_t VdpDevice;
typedef uint32_t VdpVideoSurface;
typedef uint32_t VdpOutputSurface;
typedef int VdpGetProcAddress(VdpDevice device, uint32_t function_id, void **function_pointer);
#endif
