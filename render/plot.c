/*
 * plot.c - the series store: named series of samples (against time, or
 * against x), their panels, units, colours, ranges and line styles (drawn
 * by plot_draw.c), and how many columns of panels the strip has.
 */
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRIP_HEIGHTS 0.62  /* a column of panels: this many picture heights wide */
#define MIN_PANEL     100.0 /* points: panels are at least this tall, else more columns */
#define STRIP_MARGIN  10.0  /* points around and between panels */
enum { MAX_COLUMNS = 3 };
/* The strip takes at most this fraction of the width, by its columns. */
static const double strip_max[MAX_COLUMNS + 1] = {0.0, 0.45, 0.55, 0.62};

static const char *const line_names[LR_PLOT_LINE_COUNT + 1] = {
    "default", "solid", "dashed", "dotted", "dashdot", "none", NULL};

const char *const *lr_plot_line_names(void) {
    return line_names;
}

/* The light theme's series colours (theme.c), for lr_plots_series. */
static const uint32_t palette[] = {0x1F63D6FFu, 0xB35A00FFu, 0x1E7B3AFFu,
                                   0xC8312BFFu, 0x7B45BEFFu, 0x0E7479FFu};

typedef struct series {
    char *name, *panel, *unit, *x_label;
    uint32_t color;
    bool color_given;
    bool ranged, x_ranged;
    double low, high, x_low, x_high;
    lr_plot_line line;
    int marker;
    double width;
    bool vs;
    double *time, *value, *x; /* x: vs series only */
    size_t count, capacity;
} series;

struct lr_plots {
    lr_plot_alloc alloc; /* for the samples */
    void *alloc_context;
    series items[LR_PLOT_MAX_SERIES];
    size_t count;
};

static char *copy_text(const char *text) {
    size_t length = strlen(text) + 1;
    char *copy = malloc(length);
    if (copy)
        memcpy(copy, text, length);
    return copy;
}

static void *plain_alloc(void *context, void *block, size_t old_size, size_t new_size) {
    (void)context;
    (void)old_size;
    if (new_size == 0) {
        free(block);
        return NULL;
    }
    return realloc(block, new_size);
}

lr_plots *lr_plots_create(lr_plot_alloc alloc, void *context) {
    lr_plots *plots = calloc(1, sizeof(lr_plots));
    if (plots) {
        plots->alloc = alloc ? alloc : plain_alloc;
        plots->alloc_context = context;
    }
    return plots;
}

static void free_samples(lr_plots *plots, series *s) {
    size_t size = s->capacity * sizeof(double);
    plots->alloc(plots->alloc_context, s->time, size, 0);
    plots->alloc(plots->alloc_context, s->value, size, 0);
    if (s->x)
        plots->alloc(plots->alloc_context, s->x, size, 0);
}

void lr_plots_destroy(lr_plots *plots) {
    if (!plots)
        return;
    for (size_t i = 0; i < plots->count; i++) {
        series *s = &plots->items[i];
        free(s->name);
        free(s->panel);
        free(s->unit);
        free(s->x_label);
        free_samples(plots, s);
    }
    free(plots);
}

static size_t panel_count(const lr_plots *plots, const char *extra) {
    size_t panels = 0;
    for (size_t i = 0; i < plots->count; i++) {
        bool first = true;
        for (size_t j = 0; j < i && first; j++)
            first = strcmp(plots->items[j].panel, plots->items[i].panel) != 0;
        panels += first;
    }
    if (extra) {
        bool fresh = true;
        for (size_t i = 0; i < plots->count && fresh; i++)
            fresh = strcmp(plots->items[i].panel, extra) != 0;
        panels += fresh;
    }
    return panels;
}

/* Whether a series against x (vs) or against time may join panel: no series
 * of the other kind is in it, but for `except`. */
static bool panel_takes(const lr_plots *plots, const char *panel, bool vs, const series *except) {
    for (size_t i = 0; i < plots->count; i++) {
        const series *s = &plots->items[i];
        if (s != except && strcmp(s->panel, panel) == 0 && s->vs != vs)
            return false;
    }
    return true;
}

/* Replaces *field with a copy of text; false when out of memory. */
static bool set_text(char **field, const char *text) {
    if (!text || (*field && strcmp(*field, text) == 0))
        return true;
    char *copy = copy_text(text);
    if (!copy)
        return false;
    free(*field);
    *field = copy;
    return true;
}

/* Doubles the sample arrays of s; false (nothing changed) when refused. */
static bool grow_samples(lr_plots *plots, series *s) {
    size_t capacity = s->capacity ? 2 * s->capacity : 256;
    size_t old_size = s->capacity * sizeof(double), size = capacity * sizeof(double);
    double **arrays[3] = {&s->time, &s->value, &s->x};
    double *grown[3] = {NULL, NULL, NULL};
    int count = s->vs ? 3 : 2;
    for (int k = 0; k < count; k++) {
        grown[k] = plots->alloc(plots->alloc_context, *arrays[k], *arrays[k] ? old_size : 0, size);
        if (!grown[k]) {
            /* Give back what grew, keeping the arrays the same size. */
            for (int j = 0; j < k; j++) {
                double *back = plots->alloc(plots->alloc_context, grown[j], size, old_size);
                *arrays[j] = old_size ? back : NULL;
            }
            return false;
        }
        *arrays[k] = grown[k];
    }
    s->capacity = capacity;
    return true;
}

lr_plot_status lr_plots_append(lr_plots *plots, const char *name, double time, double value,
                               bool vs, double x, const lr_plot_options *options) {
    series *s = NULL;
    for (size_t i = 0; i < plots->count && !s; i++)
        if (strcmp(plots->items[i].name, name) == 0)
            s = &plots->items[i];
    const char *panel = options && options->panel ? options->panel : NULL;
    if (!s) {
        if (plots->count >= LR_PLOT_MAX_SERIES)
            return LR_PLOT_TOO_MANY;
        if (panel_count(plots, panel ? panel : name) > LR_PLOT_MAX_PANELS)
            return LR_PLOT_TOO_MANY_PANELS;
        if (!panel_takes(plots, panel ? panel : name, vs, NULL))
            return LR_PLOT_MIXED;
        series fresh = {0};
        fresh.name = copy_text(name);
        fresh.panel = copy_text(panel ? panel : name);
        fresh.unit = copy_text("");
        fresh.x_label = copy_text("");
        fresh.marker = LR_MARKER_NONE;
        fresh.vs = vs;
        if (!fresh.name || !fresh.panel || !fresh.unit || !fresh.x_label) {
            free(fresh.name);
            free(fresh.panel);
            free(fresh.unit);
            free(fresh.x_label);
            return LR_PLOT_MEMORY;
        }
        s = &plots->items[plots->count++];
        *s = fresh;
    } else {
        if (s->vs != vs)
            return vs ? LR_PLOT_NOT_VS : LR_PLOT_NEEDS_VS;
        if (panel && strcmp(panel, s->panel) != 0) {
            if (panel_count(plots, panel) > LR_PLOT_MAX_PANELS)
                return LR_PLOT_TOO_MANY_PANELS;
            if (!panel_takes(plots, panel, vs, s))
                return LR_PLOT_MIXED;
        }
    }
    if (s->count >= LR_PLOT_MAX_SAMPLES)
        return LR_PLOT_FULL;
    if (s->count == s->capacity && !grow_samples(plots, s))
        return LR_PLOT_MEMORY;
    if (options) {
        if (!set_text(&s->panel, options->panel) || !set_text(&s->unit, options->unit) ||
            !set_text(&s->x_label, options->x_label))
            return LR_PLOT_MEMORY;
        if (options->color) {
            s->color = options->color;
            s->color_given = true;
        }
        if (options->ranged) {
            s->ranged = true;
            s->low = options->low;
            s->high = options->high;
        }
        if (options->x_ranged) {
            s->x_ranged = true;
            s->x_low = options->x_low;
            s->x_high = options->x_high;
        }
        if (options->line != LR_PLOT_LINE_DEFAULT)
            s->line = options->line;
        if (options->marker >= 0)
            s->marker = options->marker;
        if (options->width > 0.0)
            s->width = options->width;
    }
    s->time[s->count] = time;
    s->value[s->count] = value;
    if (s->vs)
        s->x[s->count] = x;
    s->count++;
    return LR_PLOT_OK;
}

size_t lr_plots_count(const lr_plots *plots) {
    return plots ? plots->count : 0;
}

/* A series' colour: its own, else the palette's by its place in its panel. */
static uint32_t series_color(const lr_plots *plots, size_t index) {
    const series *s = &plots->items[index];
    if (s->color_given)
        return s->color;
    size_t place = 0;
    for (size_t i = 0; i < index; i++)
        place += strcmp(plots->items[i].panel, s->panel) == 0;
    return palette[place % (sizeof palette / sizeof palette[0])];
}

lr_plot_series lr_plots_series(const lr_plots *plots, size_t index) {
    const series *s = &plots->items[index];
    lr_plot_series out = {.name = s->name,
                          .panel = s->panel,
                          .unit = s->unit,
                          .x_label = s->x_label,
                          .color = series_color(plots, index),
                          .colored = s->color_given,
                          .ranged = s->ranged,
                          .low = s->low,
                          .high = s->high,
                          .x_ranged = s->x_ranged,
                          .x_low = s->x_low,
                          .x_high = s->x_high,
                          .line = s->line,
                          .marker = s->marker,
                          .width = s->width,
                          .vs = s->vs,
                          .count = s->count,
                          .time = s->time,
                          .value = s->value,
                          .x = s->vs ? s->x : NULL};
    return out;
}

void lr_plots_grid(const lr_plots *plots, double scale, int *columns, int *rows) {
    size_t panels = plots ? panel_count(plots, NULL) : 0;
    if (!(scale > 0.0))
        scale = 1.0;
    /* Rows of panels at least MIN_PANEL tall in a 720-point picture height. */
    int fit = (int)floor((720.0 - STRIP_MARGIN * scale) / ((MIN_PANEL + STRIP_MARGIN) * scale));
    fit = fit < 1 ? 1 : fit;
    int c = panels == 0 ? 0 : (int)((panels + (size_t)fit - 1) / (size_t)fit);
    c = c > MAX_COLUMNS ? MAX_COLUMNS : c;
    *columns = c;
    *rows = c ? (int)((panels + (size_t)c - 1) / (size_t)c) : 0;
}

double lr_plots_strip_width(const lr_plots *plots, double aspect, double scale) {
    if (!plots || plots->count == 0 || !(aspect > 0.0))
        return 0.0;
    if (!(scale > 0.0))
        scale = 1.0;
    int columns, rows;
    lr_plots_grid(plots, scale, &columns, &rows);
    double width = columns * STRIP_HEIGHTS * scale / aspect;
    return width < strip_max[columns] ? width : strip_max[columns];
}
