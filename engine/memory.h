/* memory.h - a world's allocator (memory.c). Only the engine's own files
 * include it */
#ifndef LOOM_MEMORY_H
#define LOOM_MEMORY_H

#include <stddef.h>

#include "loom.h"

/* memory.c: a world's allocator (lm_world_create_with_allocator) and the
 * bytes it holds. Every block the engine allocates for a world goes through
 * these; each block carries its size, so the allocator is told the old size
 * as lua_Alloc is. resize(NULL, n) allocates, resize(block, 0) frees; NULL
 * when out of memory (the old block is then untouched). */
typedef struct lm_memory {
    lm_alloc_fn fn;
    void *context;
    size_t in_use; /* bytes handed out by fn, headers included */
} lm_memory;
void *lm_default_alloc(void *context, void *block, size_t old_size, size_t new_size);
void lm_memory_init(lm_memory *memory, lm_alloc_fn fn, void *context);
void *lm_memory_resize(lm_memory *memory, void *block, size_t size);
/* count * size bytes (NULL on overflow). */
void *lm_memory_resize_array(lm_memory *memory, void *block, size_t count, size_t size);
void *lm_memory_zeroed(lm_memory *memory, size_t count, size_t size);
void lm_memory_free(lm_memory *memory, void *block);

#endif
