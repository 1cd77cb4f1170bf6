/*
 * plot.c - the series store: named series of samples, their panels, units,
 * colours and ranges (drawn by plot_draw.c).
 */
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRIP_HEIGHTS 0.62 /* strip width in picture heights */
#define STRIP_MAX     0.45 /* ... and at most this fraction of the width */

/* Series colours in order of appearance within a panel. */
static const uint32_t palette[] = {0x1F63D6FFu, 0xE0700FFFu, 0x2E9E4AFFu,
                                   0xC8312BFFu, 0x8250C4FFu, 0x1A9AA0FFu};

typedef struct series {
    char *name, *panel, *unit;
    uint32_t color;
    bool color_given;
    bool ranged;
    double low, high;
    double *time, *value;
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

void lr_plots_destroy(lr_plots *plots) {
    if (!plots)
        return;
    for (size_t i = 0; i < plots->count; i++) {
        series *s = &plots->items[i];
        free(s->name);
        free(s->panel);
        free(s->unit);
        plots->alloc(plots->alloc_context, s->time, s->capacity * sizeof(double), 0);
        plots->alloc(plots->alloc_context, s->value, s->capacity * sizeof(double), 0);
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

lr_plot_status lr_plots_append(lr_plots *plots, const char *name, double time, double value,
                               const lr_plot_options *options) {
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
        series fresh = {0};
        fresh.name = copy_text(name);
        fresh.panel = copy_text(panel ? panel : name);
        fresh.unit = copy_text("");
        if (!fresh.name || !fresh.panel || !fresh.unit) {
            free(fresh.name);
            free(fresh.panel);
            free(fresh.unit);
            return LR_PLOT_MEMORY;
        }
        s = &plots->items[plots->count++];
        *s = fresh;
    } else if (panel && strcmp(panel, s->panel) != 0 &&
               panel_count(plots, panel) > LR_PLOT_MAX_PANELS) {
        return LR_PLOT_TOO_MANY_PANELS;
    }
    if (s->count >= LR_PLOT_MAX_SAMPLES)
        return LR_PLOT_FULL;
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 256;
        size_t old_size = s->capacity * sizeof(double), size = capacity * sizeof(double);
        double *t = plots->alloc(plots->alloc_context, s->time, s->time ? old_size : 0, size);
        if (!t)
            return LR_PLOT_MEMORY;
        double *v = plots->alloc(plots->alloc_context, s->value, s->value ? old_size : 0, size);
        if (!v) { /* keep the arrays the same size */
            s->time = plots->alloc(plots->alloc_context, t, size, old_size ? old_size : 0);
            if (old_size == 0)
                s->time = NULL;
            return LR_PLOT_MEMORY;
        }
        s->time = t;
        s->value = v;
        s->capacity = capacity;
    }
    if (options) {
        if (!set_text(&s->panel, options->panel) || !set_text(&s->unit, options->unit))
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
    }
    s->time[s->count] = time;
    s->value[s->count] = value;
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
    lr_plot_series out = {s->name,   s->panel, s->unit, series_color(plots, index),
                          s->ranged, s->low,   s->high, s->count,
                          s->time,   s->value};
    return out;
}

double lr_plots_strip_width(const lr_plots *plots, double aspect, double scale) {
    if (!plots || plots->count == 0 || !(aspect > 0.0))
        return 0.0;
    if (!(scale > 0.0))
        scale = 1.0;
    double width = STRIP_HEIGHTS * scale / aspect;
    return width < STRIP_MAX ? width : STRIP_MAX;
}
