/* cudacffi stand-in for <GL/gl.h>: the two OpenGL types CUDA's GL interop headers (cudaGL.h,
   cuda_gl_interop.h) use, as gl.h declares them, and GL_VERSION, which cuda_gl_interop.h checks on ARM
   to know that a GL header came first. */
#ifndef _CUDACFFI_FAKE_GL_H
#define _CUDACFFI_FAKE_GL_H
typedef unsigned int GLenum;
typedef unsigned int GLuint;
#define GL_VERSION 0x1F02
#endif
