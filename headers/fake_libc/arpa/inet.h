/* cudacffi fake libc: <arpa/inet.h> for codegen's preprocessing only. */
#ifndef _CUDACFFI_FAKE_ARPA_INET_H
#define _CUDACFFI_FAKE_ARPA_INET_H
#include "sys/socket.h"
#endif
