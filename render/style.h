/*
 * style.h - how each object of a world looks: render-side styles keyed by
 * handle.
 *
 * The engine keeps nothing of presentation (engine/ is physics only). A
 * colour or a link's look set by a script lives here, in a table per world
 * indexed by the object's handle (kind, slot, generation); the renderer looks
 * it up for everything lm_world_draw reports. An entry whose generation no
 * longer matches the handle (the object was removed and its slot reused) is
 * ignored, so a new object never inherits a removed one's colour. Memory is
 * one small entry per slot ever styled.
 *
 * Needs neither SDL nor Lua.
 */
#ifndef LOOM_RENDER_STYLE_H
#define LOOM_RENDER_STYLE_H

#include <stdbool.h>
#include <stdint.h>

/* How a link (stick, rope, pin, spring) is drawn. */
typedef enum lr_look {
    LR_LOOK_DEFAULT,    /* the usual picture of its kind: line, zigzag, dashes */
    LR_LOOK_CHAIN,      /* a chain link seen face-on: an elongated ring from a to b */
    LR_LOOK_CHAIN_EDGE, /* a chain link turned a quarter turn: seen edge-on, a bar */
    LR_LOOK_ROPE,       /* a thick twisted rope */
    LR_LOOK_HIDDEN,     /* not drawn */
    LR_LOOK_COUNT
} lr_look;

/* "default", "chain", "chain_edge", "rope", "hidden". */
const char *lr_look_name(lr_look look);
/* Null-terminated list of the names above, in enum order (for option parsers). */
const char *const *lr_look_names(void);

typedef enum lr_style_kind {
    LR_STYLE_PARTICLE,
    LR_STYLE_CONSTRAINT, /* sticks, ropes, pins */
    LR_STYLE_FORCE,      /* springs */
    LR_STYLE_COLLIDER,
    LR_STYLE_KINDS
} lr_style_kind;

typedef struct lr_style {
    uint32_t color; /* 0xRRGGBBAA; 0 = the theme's colour for the kind of object */
    lr_look look;   /* links only */
} lr_style;

typedef struct lr_styles lr_styles;

/* NULL when out of memory. */
lr_styles *lr_styles_create(void);
void lr_styles_destroy(lr_styles *styles);

/* Sets the style of the object with handle {index1, generation} (index1 >=
 * 1). Returns false when out of memory (nothing changed). */
bool lr_styles_set(lr_styles *styles, lr_style_kind kind, uint32_t index1, uint32_t generation,
                   lr_style style);

/* The object's style: {0, LR_LOOK_DEFAULT} when it has none (or styles is
 * NULL). */
lr_style lr_styles_get(const lr_styles *styles, lr_style_kind kind, uint32_t index1,
                       uint32_t generation);

#endif
