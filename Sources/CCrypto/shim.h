// OpenSSL's libcrypto for Swift: HMAC, through its EVP interface (the one-shot HMAC() is
// deprecated in OpenSSL 3).
#ifndef QRTUI_CCRYPTO_SHIM_H
#define QRTUI_CCRYPTO_SHIM_H
#include <stddef.h>
#include <openssl/evp.h>

/// HMAC of `data` under `key` with the digest named `digest` ("SHA1", "SHA256", "SHA512",
/// "MD5") into `out` (at least 64 bytes); the length written, or 0 on any failure.
static inline size_t qrtui_hmac(const char *digest, const unsigned char *key, size_t key_length,
                                const unsigned char *data, size_t data_length, unsigned char *out, size_t out_size) {
    size_t length = 0;
    if (!EVP_Q_mac(NULL, "HMAC", NULL, digest, NULL, key, key_length, data, data_length, out, out_size, &length))
        return 0;
    return length;
}
#endif
