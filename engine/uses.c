/* uses.c - what uses each particle: the constraints and springs that act on
 * it, as a singly linked list per particle in one pool of entries. Removing a
 * particle walks its own list (its degree) instead of scanning every
 * constraint and force generator of the world; removing a constraint unlinks
 * it from its particles' lists (their degrees). The lists exist once built
 * (lm_constraint_uses_build, on the first removal of a particle or the first
 * spring); before that linking and unlinking do nothing. */
#include <stdlib.h>

#include "world.h"

void lm_uses_free(lm_uses *uses) {
    lm_memory_free(uses->memory, uses->items);
    uses->items = NULL;
    uses->count = uses->capacity = uses->free_count = 0;
    uses->free_head = LM_DEAD;
}

bool lm_uses_reserve(lm_uses *uses, uint32_t n) {
    if (!uses->active || uses->free_count + (uses->capacity - uses->count) >= n) {
        return true;
    }
    uint32_t capacity = uses->capacity ? uses->capacity : 64;
    while (uses->free_count + (capacity - uses->count) < n) {
        capacity *= 2;
    }
    lm_use *grown = lm_memory_resize_array(uses->memory, uses->items, capacity, sizeof *grown);
    if (!grown) {
        return false;
    }
    uses->items = grown;
    uses->capacity = capacity;
    return true;
}

void lm_uses_link(lm_world *world, uint32_t particle, uint32_t what) {
    lm_uses *uses = &world->uses;
    if (!uses->active) {
        return;
    }
    uint32_t e = uses->free_head;
    if (e != LM_DEAD) {
        uses->free_head = uses->items[e].next;
        uses->free_count--;
    } else {
        assert(uses->count < uses->capacity && "lm_uses_reserve first");
        e = uses->count++;
    }
    uint32_t *head = &world->particles.uses[particle];
    uses->items[e].what = what;
    uses->items[e].next = *head;
    *head = e;
}

void lm_uses_unlink(lm_world *world, uint32_t particle, uint32_t what) {
    lm_uses *uses = &world->uses;
    if (!uses->active) {
        return;
    }
    uint32_t *link = &world->particles.uses[particle];
    while (*link != LM_DEAD) {
        uint32_t e = *link;
        if (uses->items[e].what == what) {
            *link = uses->items[e].next;
            uses->items[e].next = uses->free_head;
            uses->free_head = e;
            uses->free_count++;
            return;
        }
        link = &uses->items[e].next;
    }
    assert(0 && "the particle does not list what is unlinked");
}

uint32_t lm_uses_first(const lm_world *world, uint32_t particle) {
    uint32_t e = world->particles.uses[particle];
    return e == LM_DEAD ? LM_DEAD : world->uses.items[e].what;
}
