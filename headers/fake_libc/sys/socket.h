/* cudacffi fake libc: <sys/socket.h> for codegen's preprocessing only. The CUDA headers use struct sockaddr
 * by pointer alone, so it stays incomplete here; struct timespec likewise (<time.h>). */
#ifndef _CUDACFFI_FAKE_SYS_SOCKET_H
#define _CUDACFFI_FAKE_SYS_SOCKET_H
#include "sys/types.h"
struct sockaddr;
struct timespec;
#endif
