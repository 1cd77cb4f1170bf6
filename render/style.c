/*
 * style.c - render-side styles by handle: one dense array per kind of
 * object, indexed by slot, each entry stamped with the generation it is for.
 */
#include "style.h"

#include <assert.h>
#include <stdlib.h>

static const char *const look_names[LR_LOOK_COUNT + 1] = {
    [LR_LOOK_DEFAULT] = "default", [LR_LOOK_CHAIN] = "chain",   [LR_LOOK_CHAIN_EDGE] = "chain_edge",
    [LR_LOOK_ROPE] = "rope",       [LR_LOOK_HIDDEN] = "hidden", [LR_LOOK_COUNT] = NULL,
};

const char *lr_look_name(lr_look look) {
    assert(look < LR_LOOK_COUNT);
    return look_names[look];
}

const char *const *lr_look_names(void) {
    return look_names;
}

typedef struct entry {
    uint32_t generation; /* of the handle the style is for; 0 = none */
    uint32_t color;
    uint8_t look;
    bool set;
} entry;

typedef struct table {
    entry *entries; /* by slot (index1 - 1) */
    uint32_t capacity;
} table;

struct lr_styles {
    table tables[LR_STYLE_KINDS];
};

lr_styles *lr_styles_create(void) {
    return calloc(1, sizeof(lr_styles));
}

void lr_styles_destroy(lr_styles *styles) {
    if (!styles)
        return;
    for (int k = 0; k < LR_STYLE_KINDS; k++)
        free(styles->tables[k].entries);
    free(styles);
}

bool lr_styles_set(lr_styles *styles, lr_style_kind kind, uint32_t index1, uint32_t generation,
                   lr_style style) {
    assert(kind < LR_STYLE_KINDS && index1 >= 1 && style.look < LR_LOOK_COUNT);
    table *t = &styles->tables[kind];
    if (index1 > t->capacity) {
        uint32_t capacity = t->capacity ? t->capacity : 64;
        while (capacity < index1)
            capacity *= 2;
        entry *grown = realloc(t->entries, (size_t)capacity * sizeof *grown);
        if (!grown)
            return false;
        for (uint32_t i = t->capacity; i < capacity; i++)
            grown[i] = (entry){0, 0, 0, false};
        t->entries = grown;
        t->capacity = capacity;
    }
    t->entries[index1 - 1] = (entry){generation, style.color, (uint8_t)style.look, true};
    return true;
}

lr_style lr_styles_get(const lr_styles *styles, lr_style_kind kind, uint32_t index1,
                       uint32_t generation) {
    lr_style none = {0, LR_LOOK_DEFAULT};
    if (!styles || index1 == 0 || kind >= LR_STYLE_KINDS)
        return none;
    const table *t = &styles->tables[kind];
    if (index1 > t->capacity)
        return none;
    const entry *e = &t->entries[index1 - 1];
    if (!e->set || e->generation != generation)
        return none;
    return (lr_style){e->color, (lr_look)e->look};
}
