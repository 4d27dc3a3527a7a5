/* cudacffi fake libc: <stdio.h> for codegen's preprocessing only. */
#include "stddef.h"
