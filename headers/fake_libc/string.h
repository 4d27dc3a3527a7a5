/* cudacffi fake libc: <string.h> for codegen's preprocessing only. */
#include "stddef.h"
