/*
 * plot.h - live plots: named series of (time, value) samples, and the panels
 * that show them beside the scene.
 *
 * A scene appends to a series with loom.plot(name, value [, options]) (see
 * bindings/lua_plot.c); the time is the world's simulated time. The store is
 * plain C with no Lua and no SDL, so any C caller can read it:
 *
 *   const lm_plots *plots = app_scene_plots(scene);   (or lmlua_plots(L))
 *   for (size_t i = 0; i < lm_plots_count(plots); i++) {
 *       lm_plot_series s = lm_plots_series(plots, i);
 *       for (size_t k = 0; k < s.count; k++)
 *           printf("%s,%.17g,%.17g\n", s.name, s.time[k], s.value[k]);
 *   }
 *
 * Series come in the order they were first plotted; samples in the order they
 * were appended (time never decreases within one run of a scene). Pointers
 * stay valid until the next append or the store is destroyed.
 *
 * The panels (lm_plots_layout) fill a strip along the right edge of the
 * picture, one panel per distinct `panel` name, stacked top to bottom in the
 * order the panels first appeared; the camera leaves the strip free (see
 * lm_plots_strip_width).
 */
#ifndef LOOM_PLOT_H
#define LOOM_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "overlay.h"

/* Limits, so that a script cannot grow the store without bound. */
enum { LM_PLOT_MAX_SERIES = 32, LM_PLOT_MAX_PANELS = 6, LM_PLOT_MAX_SAMPLES = 1 << 20 };

typedef struct lm_plot_series {
    const char *name;    /* as given to loom.plot */
    const char *panel;   /* the panel it is drawn in: its name unless the script chose one */
    const char *unit;    /* "" when none */
    uint32_t color;      /* 0xRRGGBBAA */
    bool ranged;         /* the script fixed the value axis to [low, high] */
    double low, high;    /* valid when ranged */
    size_t count;        /* samples */
    const double *time;  /* s, simulated time of each sample */
    const double *value; /* in unit */
} lm_plot_series;

/* What loom.plot may change; NULL strings and a zero color keep the series'
 * current (or default) value. */
typedef struct lm_plot_options {
    const char *panel;
    const char *unit;
    uint32_t color;
    bool ranged;
    double low, high;
} lm_plot_options;

typedef enum lm_plot_status {
    LM_PLOT_OK,
    LM_PLOT_MEMORY,          /* out of memory: nothing changed */
    LM_PLOT_TOO_MANY,        /* a new series beyond LM_PLOT_MAX_SERIES */
    LM_PLOT_TOO_MANY_PANELS, /* a new panel beyond LM_PLOT_MAX_PANELS */
    LM_PLOT_FULL,            /* the series already holds LM_PLOT_MAX_SAMPLES */
} lm_plot_status;

typedef struct lm_plots lm_plots;

/* Where the samples' memory comes from, with the signature of Lua's
 * lua_Alloc (new_size 0 frees; NULL when refused), so a host can count it
 * against a script's memory limit. */
typedef void *(*lm_plot_alloc)(void *context, void *block, size_t old_size, size_t new_size);

/* NULL when out of memory. alloc NULL: the C library's. */
lm_plots *lm_plots_create(lm_plot_alloc alloc, void *context);
void lm_plots_destroy(lm_plots *plots);

/* Appends (time, value) to the series called name, creating it the first
 * time. options may be NULL. */
lm_plot_status lm_plots_append(lm_plots *plots, const char *name, double time, double value,
                               const lm_plot_options *options);

/* Number of series, and series index (0 <= index < count). */
size_t lm_plots_count(const lm_plots *plots);
lm_plot_series lm_plots_series(const lm_plots *plots, size_t index);

/* The fraction of the picture's width the panels take for a picture of the
 * given aspect (width / height): 0 without series. */
double lm_plots_strip_width(const lm_plots *plots, double aspect);

/* Adds the panels (frames, grid, axes, ticks, curves, legend) to overlay as
 * screen items for a picture of the given aspect. Returns false when out of
 * memory (the panels are then incomplete). */
bool lm_plots_layout(const lm_plots *plots, double aspect, lm_overlay *overlay);

#endif
