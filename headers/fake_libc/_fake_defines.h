/* cudacffi's minimal stand-ins for the C library, used only when codegen preprocesses CUDA headers
 * for pycparser (real glibc headers carry extensions pycparser cannot parse). Not used to compile. */
#ifndef _CUDACFFI_FAKE_DEFINES_H
#define _CUDACFFI_FAKE_DEFINES_H
#define NULL ((void *)0)
#endif
