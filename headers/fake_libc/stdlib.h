/* cudacffi fake libc: <stdlib.h> for codegen's preprocessing only. */
#ifndef _CUDACFFI_FAKE_STDLIB_H
#define _CUDACFFI_FAKE_STDLIB_H
#include "stddef.h"
#endif
