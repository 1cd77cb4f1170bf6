/*
 * plot.h - live plots: named series of (time, value) samples, and the panels
 * that show them beside the scene.
 *
 * A scene appends to a series with loom.plot(name, value [, options]) (see
 * bindings/lua_plot.c); the time is the world's simulated time. The store is
 * plain C with no Lua and no SDL, so any C caller can read it:
 *
 *   const lr_plots *plots = app_scene_plots(scene);   (or lmlua_plots(L))
 *   for (size_t i = 0; i < lr_plots_count(plots); i++) {
 *       lr_plot_series s = lr_plots_series(plots, i);
 *       for (size_t k = 0; k < s.count; k++)
 *           printf("%s,%.17g,%.17g\n", s.name, s.time[k], s.value[k]);
 *   }
 *
 * Series come in the order they were first plotted; samples in the order they
 * were appended (time never decreases within one run of a scene). Pointers
 * stay valid until the next append or the store is destroyed.
 *
 * The panels (lr_plots_draw) fill a strip along the right edge of the
 * picture, one panel per distinct `panel` name, stacked top to bottom in the
 * order the panels first appeared; the camera leaves the strip free (see
 * lr_plots_strip_width).
 */
#ifndef LOOM_RENDER_PLOT_H
#define LOOM_RENDER_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fonts.h"
#include "list.h"
#include "render.h"

/* Limits, so that a script cannot grow the store without bound. */
enum { LR_PLOT_MAX_SERIES = 32, LR_PLOT_MAX_PANELS = 6, LR_PLOT_MAX_SAMPLES = 1 << 20 };

typedef struct lr_plot_series {
    const char *name;    /* as given to loom.plot */
    const char *panel;   /* the panel it is drawn in: its name unless the script chose one */
    const char *unit;    /* "" when none */
    uint32_t color;      /* 0xRRGGBBAA */
    bool ranged;         /* the script fixed the value axis to [low, high] */
    double low, high;    /* valid when ranged */
    size_t count;        /* samples */
    const double *time;  /* s, simulated time of each sample */
    const double *value; /* in unit */
} lr_plot_series;

/* What loom.plot may change; NULL strings and a zero color keep the series'
 * current (or default) value. */
typedef struct lr_plot_options {
    const char *panel;
    const char *unit;
    uint32_t color;
    bool ranged;
    double low, high;
} lr_plot_options;

typedef enum lr_plot_status {
    LR_PLOT_OK,
    LR_PLOT_MEMORY,          /* out of memory: nothing changed */
    LR_PLOT_TOO_MANY,        /* a new series beyond LR_PLOT_MAX_SERIES */
    LR_PLOT_TOO_MANY_PANELS, /* a new panel beyond LR_PLOT_MAX_PANELS */
    LR_PLOT_FULL,            /* the series already holds LR_PLOT_MAX_SAMPLES */
} lr_plot_status;

typedef struct lr_plots lr_plots;

/* Where the samples' memory comes from, with the signature of Lua's
 * lua_Alloc (new_size 0 frees; NULL when refused), so a host can count it
 * against a script's memory limit. */
typedef void *(*lr_plot_alloc)(void *context, void *block, size_t old_size, size_t new_size);

/* NULL when out of memory. alloc NULL: the C library's. */
lr_plots *lr_plots_create(lr_plot_alloc alloc, void *context);
void lr_plots_destroy(lr_plots *plots);

/* Appends (time, value) to the series called name, creating it the first
 * time. options may be NULL. */
lr_plot_status lr_plots_append(lr_plots *plots, const char *name, double time, double value,
                               const lr_plot_options *options);

/* Number of series, and series index (0 <= index < count). */
size_t lr_plots_count(const lr_plots *plots);
lr_plot_series lr_plots_series(const lr_plots *plots, size_t index);

/* The fraction of the picture's width the panels take for a picture of the
 * given aspect (width / height) at a scale (lr_scene.scale; 0 counts as 1):
 * 0 without series. */
double lr_plots_strip_width(const lr_plots *plots, double aspect, double scale);

/* Appends the panels (frames, grid, axes, ticks, curves, legends) to list,
 * filling the strip, `point` pixels per point, in the theme's colours; text
 * set in fonts (NULL: none). */
void lr_plots_draw(const lr_plots *plots, lr_area strip, double point, const lr_theme *theme,
                   const lr_fonts *fonts, lr_list *list);

#endif
