// OpenSSL's libcrypto for Swift: HMAC, through its EVP interface (the one-shot HMAC() is
// deprecated in OpenSSL 3). The library is opened when a code is first made, not linked: a
// start that makes none (every still read from a script) has it not to load.
#ifndef QRTUI_CCRYPTO_SHIM_H
#define QRTUI_CCRYPTO_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <openssl/evp.h>

/// HMAC of `data` under `key` with the digest named `digest` ("SHA1", "SHA256", "SHA512",
/// "MD5") into `out` (at least 64 bytes); the length written, or 0 on any failure (libcrypto
/// missing among them).
static inline size_t qrtui_hmac(const char *digest, const unsigned char *key, size_t key_length,
                                const unsigned char *data, size_t data_length, unsigned char *out, size_t out_size) {
    static __typeof__(EVP_Q_mac) *mac;
    __typeof__(EVP_Q_mac) *found = __atomic_load_n(&mac, __ATOMIC_ACQUIRE);
    if (!found) {
        void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
        found = library ? (__typeof__(EVP_Q_mac) *)dlsym(library, "EVP_Q_mac") : NULL;
        if (!found)
            return 0;
        __atomic_store_n(&mac, found, __ATOMIC_RELEASE);
    }
    size_t length = 0;
    if (!found(NULL, "HMAC", NULL, digest, NULL, key, key_length, data, data_length, out, out_size, &length))
        return 0;
    return length;
}
#endif
