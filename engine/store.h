/* store.h - ordered stores of items with generational handles (store.c).
 * Only the engine's own files include it */
#ifndef LOOM_STORE_H
#define LOOM_STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "loom.h"
#include "memory.h"

/* A slot that holds nothing (free lists, removed items, list ends). */
#define LM_DEAD UINT32_MAX

/* An ordered store of fixed-size items addressed by generational handles.
 * Items stay in creation order (Gauss-Seidel order for constraints);
 * removal marks an item dead and lm_store_compact squeezes it out later, so
 * removing many items in one step costs one pass. */
typedef struct lm_store {
    size_t item_size;
    unsigned char *items;     /* count * item_size bytes, creation order */
    uint32_t *item_slot;      /* dense index -> slot, LM_DEAD once removed */
    uint32_t count, capacity; /* dense */
    uint32_t *slot_dense;     /* slot -> dense index, or next free slot when free */
    uint32_t *slot_generation;
    uint32_t slot_count, slot_capacity;
    uint32_t free_head; /* LM_DEAD when empty */
    uint32_t removed;   /* dead items waiting for compaction */
    bool changed;       /* added or removed since the caller last looked */
    lm_memory *memory;
} lm_store;

void lm_store_init(lm_store *store, size_t item_size, lm_memory *memory);
void lm_store_free(lm_store *store);
/* A zeroed item appended at the end, or NULL when out of memory. */
void *lm_store_add(lm_store *store, uint32_t *index1, uint32_t *generation);
bool lm_store_is_valid(const lm_store *store, uint32_t index1, uint32_t generation);
void *lm_store_get(const lm_store *store, uint32_t index1);
void lm_store_remove(lm_store *store, uint32_t index1);
void lm_store_compact(lm_store *store);
/* Handles: every kind's has this layout (loom.h); lm_handle_make is the
 * one place one is made, the typed makers (lm_particle_handle, ...)
 * convert its result. */
typedef struct lm_handle {
    uint32_t index1, generation;
    uint64_t world;
} lm_handle;
lm_handle lm_handle_make(const lm_world *world, uint32_t slot, uint32_t generation);
/* The handle of the item in the store's slot. */
lm_handle lm_store_handle(const lm_world *world, const lm_store *store, uint32_t slot);
/* Whether {index1, generation, world} names a live item of this world's store. */
bool lm_store_has(const lm_world *world, const lm_store *store, lm_handle handle);
lm_constraint lm_constraint_handle(const lm_world *world, uint32_t slot);
lm_force lm_force_handle(const lm_world *world, uint32_t slot);
lm_collider lm_collider_handle(const lm_world *world, uint32_t slot);
static inline lm_handle lm_handle_of_constraint(lm_constraint h) {
    lm_handle r = {h.index1, h.generation, h.world};
    return r;
}
static inline lm_handle lm_handle_of_force(lm_force h) {
    lm_handle r = {h.index1, h.generation, h.world};
    return r;
}
static inline lm_handle lm_handle_of_collider(lm_collider h) {
    lm_handle r = {h.index1, h.generation, h.world};
    return r;
}
static inline void *lm_store_at(const lm_store *store, uint32_t dense) {
    return store->items + (size_t)dense * store->item_size;
}
static inline bool lm_store_alive(const lm_store *store, uint32_t dense) {
    return store->item_slot[dense] != LM_DEAD;
}

#endif
