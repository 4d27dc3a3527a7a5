/* cudacffi fake libc: <limits.h> for codegen's preprocessing only. */
#include "stddef.h"
