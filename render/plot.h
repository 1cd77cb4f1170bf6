/*
 * plot.h - live plots: named series of samples, and the panels that show
 * them beside the scene.
 *
 * A scene appends to a series with loom.plot(name, value [, options]) (see
 * bindings/lua_plot.c): a sample of value against the world's simulated
 * time, or with options.vs = x a point of value against x (a trajectory, a
 * phase portrait: any two quantities). The store is plain C with no Lua and
 * no SDL, so any C caller can read it:
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
 * picture, one panel per distinct `panel` name, in the order the panels
 * first appeared, stacked top to bottom and in more columns when the picture
 * is too short for them all (lr_plots_strip_width); the camera leaves the
 * strip free.
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
enum { LR_PLOT_MAX_SERIES = 32, LR_PLOT_MAX_PANELS = 12, LR_PLOT_MAX_SAMPLES = 1 << 20 };

/* How a series' line is drawn. */
typedef enum lr_plot_line {
    LR_PLOT_LINE_DEFAULT, /* the theme's choice: solid, or in print a dash per series */
    LR_PLOT_LINE_SOLID,
    LR_PLOT_LINE_DASHED,
    LR_PLOT_LINE_DOTTED,
    LR_PLOT_LINE_DASHDOT,
    LR_PLOT_LINE_NONE, /* markers only */
    LR_PLOT_LINE_COUNT
} lr_plot_line;

/* "default", "solid", "dashed", "dotted", "dashdot", "none" (NULL-terminated). */
const char *const *lr_plot_line_names(void);

typedef struct lr_plot_series {
    const char *name;    /* as given to loom.plot */
    const char *panel;   /* the panel it is drawn in: its name unless the script chose one */
    const char *unit;    /* of the values; "" when none */
    const char *x_label; /* the horizontal axis' caption it asked for; "" when none */
    uint32_t color;      /* 0xRRGGBBAA: its own, else the light theme's by its place */
    bool colored;        /* the script gave the colour */
    bool ranged;         /* the script fixed the value axis to [low, high] */
    double low, high;    /* valid when ranged */
    bool x_ranged;       /* the script fixed the horizontal axis to [x_low, x_high] */
    double x_low, x_high;
    lr_plot_line line;
    int marker;          /* lr_marker; LR_MARKER_NONE by default (the theme may add one) */
    double width;        /* points; 0: the default */
    bool vs;             /* values against x (options.vs), not against time */
    size_t count;        /* samples */
    const double *time;  /* s, simulated time of each sample */
    const double *value; /* in unit */
    const double *x;     /* vs series: the horizontal coordinate of each sample; else NULL */
} lr_plot_series;

/* What loom.plot may change; NULL strings, a zero color, width or line, and
 * a negative marker keep the series' current (or default) value. */
typedef struct lr_plot_options {
    const char *panel;
    const char *unit;
    const char *x_label;
    uint32_t color;
    bool ranged;
    double low, high;
    bool x_ranged;
    double x_low, x_high;
    lr_plot_line line;
    int marker;
    double width;
} lr_plot_options;

typedef enum lr_plot_status {
    LR_PLOT_OK,
    LR_PLOT_MEMORY,          /* out of memory: nothing changed */
    LR_PLOT_TOO_MANY,        /* a new series beyond LR_PLOT_MAX_SERIES */
    LR_PLOT_TOO_MANY_PANELS, /* a new panel beyond LR_PLOT_MAX_PANELS */
    LR_PLOT_FULL,            /* the series already holds LR_PLOT_MAX_SAMPLES */
    LR_PLOT_NOT_VS,          /* a sample with vs for a series of samples against time */
    LR_PLOT_NEEDS_VS,        /* a sample without vs for a series against x */
    LR_PLOT_MIXED,           /* a panel of series against time given one against x, or back */
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
 * time; vs: the sample is (x, value), the series and its panel plot value
 * against x. options may be NULL. */
lr_plot_status lr_plots_append(lr_plots *plots, const char *name, double time, double value,
                               bool vs, double x, const lr_plot_options *options);

/* Number of series, and series index (0 <= index < count). */
size_t lr_plots_count(const lr_plots *plots);
lr_plot_series lr_plots_series(const lr_plots *plots, size_t index);

/* Columns and rows the panels are laid out in at a scale: as many rows of
 * panels at least 100 points tall as fit, then more columns (at most 3). */
void lr_plots_grid(const lr_plots *plots, double scale, int *columns, int *rows);

/* The fraction of the picture's width the panels take for a picture of the
 * given aspect (width / height) at a scale (lr_scene.scale; 0 counts as 1):
 * 0 without series. */
double lr_plots_strip_width(const lr_plots *plots, double aspect, double scale);

/* Where a panel plots: its plot area in pixels and the axes' ranges, so a
 * value (h, v) lands at x = area.x + (h - h_low) / (h_high - h_low) *
 * area.width, y = area.y + area.height - (v - v_low) / (v_high - v_low) *
 * area.height (h: time, or x for a panel of series against x). */
typedef struct lr_plot_place {
    const char *panel; /* valid while the store is */
    lr_area area;
    double h_low, h_high, v_low, v_high;
} lr_plot_place;

/* Appends the panels (frames, grids, axes, ticks, curves, markers, legends)
 * to list, filling the strip, `point` pixels per point, in the theme's
 * colours; text set in fonts (NULL: none). Where each panel plots goes to
 * places (up to LR_PLOT_MAX_PANELS; may be NULL); returns how many. */
int lr_plots_draw(const lr_plots *plots, lr_area strip, double point, const lr_theme *theme,
                  const lr_fonts *fonts, lr_list *list, lr_plot_place *places);

#endif
