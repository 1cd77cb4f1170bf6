/* store.c - ordered items behind generational handles (see store.h). */
#include <string.h>

#include "world.h"

void lm_store_init(lm_store *store, size_t item_size, lm_memory *memory) {
    memset(store, 0, sizeof *store);
    store->item_size = item_size;
    store->free_head = LM_DEAD;
    store->memory = memory;
}

void lm_store_free(lm_store *store) {
    lm_memory_free(store->memory, store->items);
    lm_memory_free(store->memory, store->item_slot);
    lm_memory_free(store->memory, store->slot_dense);
    lm_memory_free(store->memory, store->slot_generation);
    lm_store_init(store, store->item_size, store->memory);
}

void *lm_store_add(lm_store *store, uint32_t *index1, uint32_t *generation) {
    if (store->count == store->capacity) {
        uint32_t capacity = store->capacity ? store->capacity * 2 : 16;
        void *items =
            lm_memory_resize_array(store->memory, store->items, capacity, store->item_size);
        if (!items) {
            return NULL;
        }
        store->items = items;
        uint32_t *item_slot =
            lm_memory_resize_array(store->memory, store->item_slot, capacity, sizeof(uint32_t));
        if (!item_slot) {
            return NULL;
        }
        store->item_slot = item_slot;
        store->capacity = capacity;
    }
    uint32_t slot = store->free_head;
    if (slot == LM_DEAD) {
        if (store->slot_count == store->slot_capacity) {
            uint32_t capacity = store->slot_capacity ? store->slot_capacity * 2 : 16;
            uint32_t *dense = lm_memory_resize_array(store->memory, store->slot_dense, capacity,
                                                     sizeof(uint32_t));
            if (!dense) {
                return NULL;
            }
            store->slot_dense = dense;
            uint32_t *gens = lm_memory_resize_array(store->memory, store->slot_generation, capacity,
                                                    sizeof(uint32_t));
            if (!gens) {
                return NULL;
            }
            store->slot_generation = gens;
            store->slot_capacity = capacity;
        }
        slot = store->slot_count++;
        store->slot_generation[slot] = 1;
    } else {
        store->free_head = store->slot_dense[slot];
    }
    uint32_t dense = store->count++;
    store->slot_dense[slot] = dense;
    store->item_slot[dense] = slot;
    void *item = lm_store_at(store, dense);
    memset(item, 0, store->item_size);
    store->changed = true;
    *index1 = slot + 1;
    *generation = store->slot_generation[slot];
    return item;
}

bool lm_store_is_valid(const lm_store *store, uint32_t index1, uint32_t generation) {
    if (index1 == 0 || index1 > store->slot_count) {
        return false;
    }
    uint32_t slot = index1 - 1;
    return store->slot_generation[slot] == generation && store->slot_dense[slot] < store->count &&
           store->item_slot[store->slot_dense[slot]] == slot;
}

void *lm_store_get(const lm_store *store, uint32_t index1) {
    assert(index1 >= 1 && index1 <= store->slot_count);
    uint32_t dense = store->slot_dense[index1 - 1];
    assert(dense < store->count && store->item_slot[dense] == index1 - 1);
    return lm_store_at(store, dense);
}

void lm_store_remove(lm_store *store, uint32_t index1) {
    uint32_t slot = index1 - 1;
    uint32_t dense = store->slot_dense[slot];
    assert(store->item_slot[dense] == slot);
    store->item_slot[dense] = LM_DEAD;
    store->slot_generation[slot]++;
    store->slot_dense[slot] = store->free_head;
    store->free_head = slot;
    store->removed++;
    store->changed = true;
}

void lm_store_compact(lm_store *store) {
    if (store->removed == 0) {
        return;
    }
    uint32_t out = 0;
    for (uint32_t in = 0; in < store->count; in++) {
        uint32_t slot = store->item_slot[in];
        if (slot == LM_DEAD) {
            continue;
        }
        if (out != in) {
            memcpy(lm_store_at(store, out), lm_store_at(store, in), store->item_size);
            store->item_slot[out] = slot;
        }
        store->slot_dense[slot] = out;
        out++;
    }
    store->count = out;
    store->removed = 0;
    store->changed = true;
}

/* ------------------------------------------------------------- handles -- */

uint64_t lm_world_id(const lm_world *world) {
    return (uint64_t)(uintptr_t)world;
}

lm_handle lm_handle_make(const lm_world *world, uint32_t slot, uint32_t generation) {
    lm_handle handle = {slot + 1, generation, lm_world_id(world)};
    return handle;
}

lm_handle lm_store_handle(const lm_world *world, const lm_store *store, uint32_t slot) {
    return lm_handle_make(world, slot, store->slot_generation[slot]);
}

bool lm_store_has(const lm_world *world, const lm_store *store, lm_handle handle) {
    return handle.world == lm_world_id(world) &&
           lm_store_is_valid(store, handle.index1, handle.generation);
}

lm_constraint lm_constraint_handle(const lm_world *world, uint32_t slot) {
    lm_handle h = lm_store_handle(world, &world->constraints, slot);
    lm_constraint handle = {h.index1, h.generation, h.world};
    return handle;
}

lm_force lm_force_handle(const lm_world *world, uint32_t slot) {
    lm_handle h = lm_store_handle(world, &world->forces, slot);
    lm_force handle = {h.index1, h.generation, h.world};
    return handle;
}

lm_collider lm_collider_handle(const lm_world *world, uint32_t slot) {
    lm_handle h = lm_store_handle(world, &world->colliders, slot);
    lm_collider handle = {h.index1, h.generation, h.world};
    return handle;
}
