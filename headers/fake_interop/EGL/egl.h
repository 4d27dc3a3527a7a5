/* cudacffi stand-in for <EGL/egl.h>: only the names CUDA's EGL interop headers (cudaEGL.h,
   cuda_egl_interop.h) use, with the Khronos ABI (EGLint is khronos_int32_t). Used by codegen's
   preprocessing and by the C build, so that neither needs EGL's development headers. */
#ifndef _CUDACFFI_FAKE_EGL_H
#define _CUDACFFI_FAKE_EGL_H
#include <stdint.h>
typedef int32_t EGLint;
#endif
