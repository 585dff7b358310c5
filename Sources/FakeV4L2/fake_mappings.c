// The fake camera's buffers as the program maps them: mmap answered from the memfd, and
// each mapping remembered so that munmap finds its handle (a handle closed while still
// mapped goes with its last mapping).
#include "fake_internal.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>

typedef struct {
    void *address;
    size_t length;
    fake_handle *handle;
} mapping;
static mapping mappings[FAKE_MAX_DEVICES * FAKE_MAX_BUFFERS * 2];

void *fake_device_mmap(fake_handle *handle, void *addr, size_t length, int prot, int flags, off_t offset) {
    if (handle->unplugged) { errno = ENODEV; return MAP_FAILED; }
    if (handle->memfd < 0 || (size_t)offset + length > handle->buffer_stride * handle->buffers) {
        errno = EINVAL;
        return MAP_FAILED;
    }
    void *address = real_mmap(addr, length, prot, flags, handle->memfd, offset);
    if (address == MAP_FAILED) return address;
    pthread_mutex_lock(&fake_lock);
    for (size_t i = 0; i < sizeof mappings / sizeof mappings[0]; i++) {
        if (!mappings[i].address) {
            mappings[i] = (mapping){address, length, handle};
            handle->mappings++;
            break;
        }
    }
    pthread_mutex_unlock(&fake_lock);
    return address;
}

int fake_device_munmap(void *addr, size_t length, int *handled) {
    pthread_mutex_lock(&fake_lock);
    fake_handle *owner = NULL;
    for (size_t i = 0; i < sizeof mappings / sizeof mappings[0]; i++) {
        if (mappings[i].address == addr) {
            owner = mappings[i].handle;
            mappings[i].address = NULL;
            break;
        }
    }
    int orphan = 0;
    if (owner) {
        owner->mappings--;
        // A handle whose descriptor is already closed goes with its last mapping.
        orphan = owner->mappings == 0 && fake_handle_for(owner->fd) != owner;
    }
    pthread_mutex_unlock(&fake_lock);
    *handled = owner != NULL;
    if (!owner) return 0;
    int result = real_munmap(addr, length);
    if (orphan) {
        fake_log("unmapped last buffer of closed fd=%d", owner->fd);
        free(owner);
    }
    return result;
}
