/* cudacffi fake libc: <stdint.h> for codegen's preprocessing only (LP64). */
#ifndef _CUDACFFI_FAKE_STDINT_H
#define _CUDACFFI_FAKE_STDINT_H
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
#endif
