/* cudacffi fake libc: <sys/types.h> for codegen's preprocessing only (LP64 Linux: off_t and loff_t are
 * 64-bit, primitives of the model). */
#ifndef _CUDACFFI_FAKE_SYS_TYPES_H
#define _CUDACFFI_FAKE_SYS_TYPES_H
#include "stddef.h"
#include "stdint.h"
typedef long ssize_t;
typedef long off_t;
typedef long loff_t;
#endif
