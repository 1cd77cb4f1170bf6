/* look.c - how a link asks to be drawn. The engine stores the hint (a look in
 * the high bits of the item's flags, a colour in a side array by slot, so the
 * constraint item stays one cache line) and reports it to lm_world_draw's
 * link_look callback; it never draws. */
#include <stdlib.h>

#include "internal.h"

static const char *const look_names[LM_LOOK_COUNT + 1] = {
    [LM_LOOK_DEFAULT] = "default", [LM_LOOK_CHAIN] = "chain",   [LM_LOOK_CHAIN_EDGE] = "chain_edge",
    [LM_LOOK_ROPE] = "rope",       [LM_LOOK_HIDDEN] = "hidden", [LM_LOOK_COUNT] = NULL,
};

const char *lm_link_look_name(lm_link_look look) {
    assert(look < LM_LOOK_COUNT);
    return look_names[look];
}

const char *const *lm_link_look_names(void) {
    return look_names;
}

/* Room for colours in the first `needed` constraint slots. */
static bool reserve_colors(lm_world *world, uint32_t needed) {
    if (needed <= world->link_color_capacity) {
        return true;
    }
    uint32_t capacity = world->link_color_capacity ? world->link_color_capacity : 16;
    while (capacity < needed) {
        capacity *= 2;
    }
    uint32_t *colors = realloc(world->link_color, (size_t)capacity * sizeof *colors);
    if (!colors) {
        return false;
    }
    world->link_color = colors;
    world->link_color_capacity = capacity;
    return true;
}

bool lm_look_store(lm_world *world, lm_constraint_item *item, uint32_t index1, lm_link_look look,
                   uint32_t color) {
    assert(look < LM_LOOK_COUNT);
    if (color != 0 && !reserve_colors(world, index1)) {
        return false;
    }
    item->flags &= ~(LM_ITEM_LOOK_MASK | LM_ITEM_COLORED);
    item->flags |= (uint32_t)look << LM_ITEM_LOOK_SHIFT;
    if (color != 0) {
        item->flags |= LM_ITEM_COLORED;
        world->link_color[index1 - 1] = color;
    }
    return true;
}

bool lm_look_reserve(lm_world *world, uint32_t color) {
    return color == 0 || reserve_colors(world, world->constraints.slot_count + 1);
}

static lm_constraint_item *get(const lm_world *world, lm_constraint constraint) {
    assert(lm_constraint_is_valid(world, constraint) && "use of a removed constraint");
    return lm_store_get(&world->constraints, constraint.index1);
}

bool lm_constraint_set_look(lm_world *world, lm_constraint constraint, lm_link_look look,
                            uint32_t color) {
    lm_constraint_item *c = get(world, constraint);
    assert(c->kind == LM_CONSTRAINT_STICK || c->kind == LM_CONSTRAINT_ROPE ||
           c->kind == LM_CONSTRAINT_PIN);
    return lm_look_store(world, c, constraint.index1, look, color);
}

lm_link_look lm_item_look(const lm_constraint_item *item) {
    return (lm_link_look)((item->flags & LM_ITEM_LOOK_MASK) >> LM_ITEM_LOOK_SHIFT);
}

uint32_t lm_item_color(const lm_world *world, const lm_constraint_item *item, uint32_t slot) {
    return item->flags & LM_ITEM_COLORED ? world->link_color[slot] : 0;
}

lm_link_look lm_constraint_look(const lm_world *world, lm_constraint constraint, uint32_t *color) {
    const lm_constraint_item *c = get(world, constraint);
    if (color) {
        *color = lm_item_color(world, c, constraint.index1 - 1);
    }
    return lm_item_look(c);
}

lm_link_look lm_force_look(const lm_world *world, lm_force force, uint32_t *color) {
    assert(lm_force_is_valid(world, force) && "use of a removed force generator");
    const lm_force_item *f = lm_store_get(&world->forces, force.index1);
    if (color) {
        *color = f->color;
    }
    return f->look;
}
