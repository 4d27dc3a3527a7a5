/* cudacffi fake libc: <stdbool.h> for codegen's preprocessing only (bool is a primitive of the model). */
#ifndef _CUDACFFI_FAKE_STDBOOL_H
#define _CUDACFFI_FAKE_STDBOOL_H
typedef _Bool bool;
#define true 1
#define false 0
#endif
