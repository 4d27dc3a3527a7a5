/* cudacffi fake libc: <stddef.h> for codegen's preprocessing only. */
#ifndef _CUDACFFI_FAKE_STDDEF_H
#define _CUDACFFI_FAKE_STDDEF_H
#include "_fake_defines.h"
typedef unsigned long size_t;
typedef long ptrdiff_t;
typedef int wchar_t;
#endif
