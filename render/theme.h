/*
 * theme.h - the colours every kind of object gets when the scene gives it
 * none, the background, and how heavy lines are: loom.style{ theme = ... }.
 *
 *   light  the default: ink on warm white, for a screen or a lit room
 *   dark   light ink on near black, for a dim classroom and a projector
 *   print  black on white with heavier lines, for handouts; plot series
 *          told apart by dashes and markers, not colour
 *
 * Every theme's text and plot ink has a contrast ratio of at least 4.5:1
 * (WCAG AA) against what it is drawn on: the background, the label panels
 * (the background, translucent) and the plot panels (tests/render_layout.c
 * measures it in rendered pixels); so do the colours a scene gives its
 * labels and series (lr_readable shades them), and its drawn lines reach
 * 3:1.
 *
 * Needs neither SDL nor Lua.
 */
#ifndef LOOM_RENDER_THEME_H
#define LOOM_RENDER_THEME_H

#include <stdbool.h>
#include <stdint.h>

enum { LR_THEME_SERIES = 6 };

/* The light theme's ink. Labels and drawings left in this colour (their
 * default) take the theme's ink instead, so they read in every theme. */
#define LR_DEFAULT_INK 0x2B2D31FFu

typedef struct lr_theme {
    uint32_t background;                      /* 0xRRGGBBAA, opaque */
    uint32_t ink;                             /* outlines, boxes, labels' default text */
    uint32_t stick, spring, pin, rope, chain; /* links by kind */
    uint32_t particle;
    uint32_t grid;     /* the floor grid in 3D */
    uint32_t solid;    /* colliders' fill, flat scenes */
    uint32_t solid_3d; /* colliders' fill in 3D: translucent, so nothing hides */
    uint32_t surface;  /* cloth and faces (3D) */
    double weight;     /* line widths are multiplied by this, in [0.25, 4] */
    double scale;      /* text, lines and markers are enlarged by this, in [0.5, 4] */

    /* Plot panels. */
    uint32_t panel;                   /* a panel's background, opaque */
    uint32_t panel_frame;             /* its frame and the zero line */
    uint32_t panel_grid;              /* its grid */
    uint32_t muted;                   /* tick labels: lighter than ink, still 4.5:1 on the panel */
    uint32_t series[LR_THEME_SERIES]; /* series colours, in the panel's order */
    bool dashed_series;               /* series after the first are dashed and marked by default */
} lr_theme;

typedef enum lr_theme_name {
    LR_THEME_LIGHT,
    LR_THEME_DARK,
    LR_THEME_PRINT,
    LR_THEME_COUNT
} lr_theme_name;

lr_theme lr_theme_preset(lr_theme_name name);

/* The WCAG 2 contrast ratio of two 0xRRGGBBAA colours (their alpha
 * ignored): (L1 + 0.05) / (L2 + 0.05) of their relative luminances, 1 to 21. */
double lr_contrast(uint32_t a, uint32_t b);

/* color, if it has a contrast ratio of at least `ratio` against `against`;
 * otherwise moved towards white or black (whichever reads better on
 * `against`) just far enough to have it, its hue and alpha kept. A scene's
 * colours are chosen on one theme: this keeps its labels and plot series
 * readable (4.5, WCAG AA for text) and its drawn lines visible (3, for
 * graphics) on the others. */
uint32_t lr_readable(uint32_t color, uint32_t against, double ratio);
/* Null-terminated "light", "dark", "print" (for option parsers). */
const char *const *lr_theme_names(void);

#endif
