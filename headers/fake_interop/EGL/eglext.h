/* cudacffi stand-in for <EGL/eglext.h>: the extension handles CUDA's EGL interop headers use; each is an
   opaque pointer, as in Khronos' eglext.h (EGL_KHR_image_base, EGL_KHR_stream, EGL_KHR_reusable_sync). */
#ifndef _CUDACFFI_FAKE_EGLEXT_H
#define _CUDACFFI_FAKE_EGLEXT_H
#include <EGL/egl.h>
typedef void *EGLImageKHR;
typedef void *EGLStreamKHR;
typedef void *EGLSyncKHR;
#endif
