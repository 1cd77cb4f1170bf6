/* uses.h - what uses each particle (uses.c). Only the engine's own files
 * include it */
#ifndef LOOM_USES_H
#define LOOM_USES_H

#include <stdbool.h>
#include <stdint.h>

#include "loom.h"
#include "memory.h"
#include "store.h"

/* What uses each particle (uses.c): a list per particle of the constraints
 * and springs acting on it, so removing a particle costs its degree. The
 * lists are built on demand (lm_constraint_uses_build): a world that never
 * removes a particle nor has a spring keeps none (8 bytes per constraint
 * end: 4 MB for a 256 x 256 cloth). Until then link and unlink do nothing
 * and every particle's list is empty. */
#define LM_USE_FORCE 0x80000000u /* what: a force slot with this bit, else a constraint slot */
typedef struct lm_use {
    uint32_t next; /* next entry of the same particle, LM_DEAD at the end */
    uint32_t what;
} lm_use;
typedef struct lm_uses {
    lm_use *items;
    uint32_t count, capacity; /* entries ever used, allocated */
    uint32_t free_head, free_count;
    bool active; /* the lists are kept (built once, then for good) */
    lm_memory *memory;
} lm_uses;
void lm_uses_free(lm_uses *uses);
/* Makes room for n more entries, so the links that follow cannot fail. */
bool lm_uses_reserve(lm_uses *uses, uint32_t n);
void lm_uses_link(lm_world *world, uint32_t particle, uint32_t what);
/* Removes one entry `what` from the particle's list (which must hold it). */
void lm_uses_unlink(lm_world *world, uint32_t particle, uint32_t what);
/* What the particle's list starts with, LM_DEAD when nothing uses it. */
uint32_t lm_uses_first(const lm_world *world, uint32_t particle);

#endif
