/* libffi for FrondCAPI's typed action blocks. The accessors hand Swift the addresses of
 * libffi's type descriptors and the platform's default ABI without Swift taking the
 * address of a C global itself. Static inline: nothing here is exported by libfrond. */
#ifndef FROND_CFFI_H
#define FROND_CFFI_H

#include <ffi.h>

static inline ffi_type *cffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *cffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_type *cffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *cffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *cffi_type_double(void) { return &ffi_type_double; }
/* C's bool is one byte; libffi widens it to a whole register as the ABI requires. */
static inline ffi_type *cffi_type_bool(void) { return &ffi_type_uint8; }
static inline ffi_abi cffi_default_abi(void) { return FFI_DEFAULT_ABI; }

#endif
