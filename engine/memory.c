/* memory.c - every allocation of a world goes through its allocator.
 *
 * The caller's allocator (lm_world_create_with_allocator) has lua_Alloc's
 * shape: it is told the old size of a block it reallocates or frees. The
 * engine's arrays do not carry their sizes, so each block starts with a small
 * header that remembers its size: the allocator is called with exactly the
 * sizes it handed out (header included), and lm_world_memory is their sum.
 * The header keeps malloc's alignment (alignof(max_align_t)). */
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

/* The header: big enough for a size_t, a multiple of the strictest alignment. */
#define HEADER                                                                                     \
    ((sizeof(size_t) + alignof(max_align_t) - 1) / alignof(max_align_t) * alignof(max_align_t))

void *lm_default_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    (void)context;
    (void)old_size;
    if (new_size == 0) {
        free(block);
        return NULL;
    }
    return realloc(block, new_size);
}

void lm_memory_init(lm_memory *memory, lm_alloc_fn fn, void *context) {
    memory->fn = fn ? fn : lm_default_alloc;
    memory->context = fn ? context : NULL;
    memory->in_use = 0;
}

static unsigned char *header_of(void *block) {
    return (unsigned char *)block - HEADER;
}

static size_t size_of(void *block) {
    size_t size;
    memcpy(&size, header_of(block), sizeof size);
    return size;
}

void *lm_memory_resize(lm_memory *memory, void *block, size_t size) {
    if (size == 0) {
        lm_memory_free(memory, block);
        return NULL;
    }
    if (size > SIZE_MAX - HEADER) {
        return NULL;
    }
    size_t old = block ? size_of(block) + HEADER : 0;
    unsigned char *raw =
        memory->fn(memory->context, block ? header_of(block) : NULL, old, size + HEADER);
    if (!raw) {
        return NULL; /* the old block, if any, is untouched */
    }
    memcpy(raw, &size, sizeof size);
    memory->in_use = memory->in_use - old + size + HEADER;
    return raw + HEADER;
}

void *lm_memory_resize_array(lm_memory *memory, void *block, size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) {
        return NULL;
    }
    return lm_memory_resize(memory, block, count * size);
}

void *lm_memory_zeroed(lm_memory *memory, size_t count, size_t size) {
    void *block = lm_memory_resize_array(memory, NULL, count, size);
    if (block) {
        memset(block, 0, count * size);
    }
    return block;
}

void lm_memory_free(lm_memory *memory, void *block) {
    if (!block) {
        return;
    }
    size_t old = size_of(block) + HEADER;
    memory->fn(memory->context, header_of(block), old, 0);
    memory->in_use -= old;
}

size_t lm_world_memory(const lm_world *world) {
    return world->memory->in_use;
}
