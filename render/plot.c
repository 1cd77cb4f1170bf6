/*
 * plot.c - the series store and the plot panels.
 *
 * Layout, in points (pixels of a 720-line picture) turned into fractions of
 * the picture: the strip is STRIP_HEIGHTS picture heights wide (at most
 * STRIP_MAX of the width) along the right edge; each panel has a header with
 * one legend line per series, a plot area with a light grid, value ticks on
 * the left and time ticks below. The value axis autoscales to "nice" ticks
 * (1, 2 or 5 times a power of ten) around every sample of the panel unless a
 * series fixed its range; the time axis spans the panel's samples.
 */
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRIP_HEIGHTS 0.62 /* strip width in picture heights */
#define STRIP_MAX     0.45 /* ... and at most this fraction of the width */
#define MARGIN        10.0 /* points around and between panels */
#define PAD           8.0  /* inside a panel's frame */
#define TICK_TEXT     12.0 /* points: tick labels */
#define LEGEND_TEXT   14.0 /* points: legend lines */
#define VALUE_LABELS  48.0 /* points left of the plot area for value ticks */
#define TIME_LABELS   18.0 /* points below it for time ticks */
#define MIN_PLOT      40.0 /* points: the least plot height the legend leaves */
#define MAX_DRAWN     800  /* points drawn per curve; more samples are thinned */

#define COLOR_PANEL  0xFFFFFFFFu
#define COLOR_FRAME  0xB9BBB4FFu
#define COLOR_GRID   0xE6E6E0FFu
#define COLOR_AXIS   0x2B2D31FFu
#define COLOR_LABELS 0x55585EFFu

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

struct lm_plots {
    lm_plot_alloc alloc; /* for the samples */
    void *alloc_context;
    series items[LM_PLOT_MAX_SERIES];
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

lm_plots *lm_plots_create(lm_plot_alloc alloc, void *context) {
    lm_plots *plots = calloc(1, sizeof(lm_plots));
    if (plots) {
        plots->alloc = alloc ? alloc : plain_alloc;
        plots->alloc_context = context;
    }
    return plots;
}

void lm_plots_destroy(lm_plots *plots) {
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

static size_t panel_count(const lm_plots *plots, const char *extra) {
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

lm_plot_status lm_plots_append(lm_plots *plots, const char *name, double time, double value,
                               const lm_plot_options *options) {
    series *s = NULL;
    for (size_t i = 0; i < plots->count && !s; i++)
        if (strcmp(plots->items[i].name, name) == 0)
            s = &plots->items[i];
    const char *panel = options && options->panel ? options->panel : NULL;
    if (!s) {
        if (plots->count >= LM_PLOT_MAX_SERIES)
            return LM_PLOT_TOO_MANY;
        if (panel_count(plots, panel ? panel : name) > LM_PLOT_MAX_PANELS)
            return LM_PLOT_TOO_MANY_PANELS;
        series fresh = {0};
        fresh.name = copy_text(name);
        fresh.panel = copy_text(panel ? panel : name);
        fresh.unit = copy_text("");
        if (!fresh.name || !fresh.panel || !fresh.unit) {
            free(fresh.name);
            free(fresh.panel);
            free(fresh.unit);
            return LM_PLOT_MEMORY;
        }
        s = &plots->items[plots->count++];
        *s = fresh;
    } else if (panel && strcmp(panel, s->panel) != 0 &&
               panel_count(plots, panel) > LM_PLOT_MAX_PANELS) {
        return LM_PLOT_TOO_MANY_PANELS;
    }
    if (s->count >= LM_PLOT_MAX_SAMPLES)
        return LM_PLOT_FULL;
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 256;
        size_t old_size = s->capacity * sizeof(double), size = capacity * sizeof(double);
        double *t = plots->alloc(plots->alloc_context, s->time, s->time ? old_size : 0, size);
        if (!t)
            return LM_PLOT_MEMORY;
        double *v = plots->alloc(plots->alloc_context, s->value, s->value ? old_size : 0, size);
        if (!v) { /* keep the arrays the same size */
            s->time = plots->alloc(plots->alloc_context, t, size, old_size ? old_size : 0);
            if (old_size == 0)
                s->time = NULL;
            return LM_PLOT_MEMORY;
        }
        s->time = t;
        s->value = v;
        s->capacity = capacity;
    }
    if (options) {
        if (!set_text(&s->panel, options->panel) || !set_text(&s->unit, options->unit))
            return LM_PLOT_MEMORY;
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
    return LM_PLOT_OK;
}

size_t lm_plots_count(const lm_plots *plots) {
    return plots ? plots->count : 0;
}

/* A series' colour: its own, else the palette's by its place in its panel. */
static uint32_t series_color(const lm_plots *plots, size_t index) {
    const series *s = &plots->items[index];
    if (s->color_given)
        return s->color;
    size_t place = 0;
    for (size_t i = 0; i < index; i++)
        place += strcmp(plots->items[i].panel, s->panel) == 0;
    return palette[place % (sizeof palette / sizeof palette[0])];
}

lm_plot_series lm_plots_series(const lm_plots *plots, size_t index) {
    const series *s = &plots->items[index];
    lm_plot_series out = {s->name,   s->panel, s->unit, series_color(plots, index),
                          s->ranged, s->low,   s->high, s->count,
                          s->time,   s->value};
    return out;
}

double lm_plots_strip_width(const lm_plots *plots, double aspect) {
    if (!plots || plots->count == 0 || !(aspect > 0.0))
        return 0.0;
    double width = STRIP_HEIGHTS / aspect;
    return width < STRIP_MAX ? width : STRIP_MAX;
}

/* ----------------------------------------------------------- layout -- */

typedef struct layout {
    lm_overlay *overlay;
    double aspect;
    bool ok;
} layout;

/* Points to fractions of the picture's height and width. */
static double ph(double points) {
    return points / 720.0;
}
static double pw(const layout *l, double points) {
    return points / 720.0 / l->aspect;
}

static void line(layout *l, double x0, double y0, double x1, double y1, double width,
                 uint32_t color) {
    lm_vec3 ends[2] = {{x0, y0, 0}, {x1, y1, 0}};
    lm_overlay_style style = lm_overlay_default_style();
    style.color = color;
    style.width = width;
    l->ok = lm_overlay_path(l->overlay, ends, 2, false, true, &style) && l->ok;
}

static void text_weight(layout *l, double x, double y, const char *string, double size,
                        uint32_t color, lm_overlay_align align, bool bold) {
    lm_overlay_text t = {string, true, {x, y, 0}, size, color, align, bold, false, 0};
    l->ok = lm_overlay_add_text(l->overlay, &t) && l->ok;
}

static void text(layout *l, double x, double y, const char *string, double size, uint32_t color,
                 lm_overlay_align align) {
    text_weight(l, x, y, string, size, color, align, false);
}

/* Tick spacing: 1, 2 or 5 times a power of ten, giving about `wanted` ticks. */
static double nice_step(double span, int wanted) {
    double raw = span / wanted;
    double power = pow(10.0, floor(log10(raw)));
    double m = raw / power;
    return (m < 1.5 ? 1.0 : m < 3.5 ? 2.0 : m < 7.5 ? 5.0 : 10.0) * power;
}

static void format_tick(double value, double step, char out[32]) {
    if (fabs(value) < 1e-9 * step)
        value = 0.0;
    double magnitude = fmax(fabs(value), step);
    if (magnitude >= 1e5 || magnitude < 1e-3)
        snprintf(out, 32, "%.2g", value);
    else {
        int decimals = step >= 1.0 ? 0 : (int)ceil(-log10(step) - 1e-9);
        snprintf(out, 32, "%.*f", decimals, value);
    }
}

/* One panel: the box x0..x1, y0..y1 (fractions), and the series in it. */
static void layout_panel(layout *l, const lm_plots *plots, const char *panel, double x0, double y0,
                         double x1, double y1) {
    /* Ranges over the panel's samples. */
    double tmin = INFINITY, tmax = -INFINITY, vmin = INFINITY, vmax = -INFINITY;
    bool ranged = false;
    double rlow = INFINITY, rhigh = -INFINITY;
    for (size_t i = 0; i < plots->count; i++) {
        const series *s = &plots->items[i];
        if (strcmp(s->panel, panel) != 0)
            continue;
        if (s->ranged) {
            ranged = true;
            rlow = fmin(rlow, s->low);
            rhigh = fmax(rhigh, s->high);
        }
        for (size_t k = 0; k < s->count; k++) {
            tmin = fmin(tmin, s->time[k]);
            tmax = fmax(tmax, s->time[k]);
            vmin = fmin(vmin, s->value[k]);
            vmax = fmax(vmax, s->value[k]);
        }
    }
    if (!(tmin <= tmax)) {
        tmin = 0.0;
        tmax = 1.0;
    }
    if (tmax - tmin < 1e-9)
        tmax = tmin + 1.0;
    double low, high, vstep;
    if (ranged) {
        low = rlow;
        high = rhigh;
        vstep = nice_step(high - low, 4);
    } else {
        if (!(vmin <= vmax)) {
            vmin = 0.0;
            vmax = 1.0;
        }
        if (vmax - vmin <= 1e-12 * fmax(1.0, fabs(vmax))) {
            double pad = fabs(vmax) > 0.0 ? 0.1 * fabs(vmax) : 1.0;
            vmin -= pad;
            vmax += pad;
        }
        vstep = nice_step(vmax - vmin, 4);
        low = floor(vmin / vstep) * vstep;
        high = ceil(vmax / vstep) * vstep;
    }

    /* Frame, header, plot area. */
    lm_vec3 box[4] = {{x0, y0, 0}, {x1, y0, 0}, {x1, y1, 0}, {x0, y1, 0}};
    lm_overlay_style frame = lm_overlay_default_style();
    frame.color = COLOR_FRAME;
    frame.fill = COLOR_PANEL;
    frame.width = 1.0;
    l->ok = lm_overlay_path(l->overlay, box, 4, true, true, &frame) && l->ok;
    /* Legend entries flow left to right in rows, their widths estimated
     * from their length (a monospaced glyph is 0.6 of the line height). A
     * panel too short for it gets names only, in smaller type, and then
     * the legend over the plot instead of above it. */
    char captions[LM_PLOT_MAX_SERIES][160];
    double entry_x[LM_PLOT_MAX_SERIES];
    int entry_row[LM_PLOT_MAX_SERIES];
    double legend_size = LEGEND_TEXT, legend_line = 0.0;
    double ax0 = x0 + pw(l, PAD + VALUE_LABELS), ax1 = x1 - pw(l, PAD + 4.0);
    double ay0 = 0.0, ay1 = y1 - ph(PAD + TIME_LABELS);
    /* A panel named apart from its series gets its name as a title. */
    bool titled = true;
    for (size_t i = 0; i < plots->count && titled; i++)
        titled =
            strcmp(plots->items[i].panel, panel) != 0 || strcmp(plots->items[i].name, panel) != 0;
    double title_height = titled ? ph(LEGEND_TEXT * 1.2) : 0.0;
    for (int attempt = 0; attempt < 3; attempt++) {
        bool names_only = attempt > 0;
        legend_size = names_only ? TICK_TEXT : LEGEND_TEXT;
        legend_line = ph(legend_size * 1.2);
        int rows = 0, place = 0;
        double cursor = x1; /* forces a first row */
        for (size_t i = 0; i < plots->count; i++) {
            const series *s = &plots->items[i];
            if (strcmp(s->panel, panel) != 0)
                continue;
            double last = s->count ? s->value[s->count - 1] : 0.0;
            if (names_only)
                snprintf(captions[place], sizeof captions[place], "%s", s->name);
            else
                snprintf(captions[place], sizeof captions[place], "%s = %.4g%s%s", s->name, last,
                         s->unit[0] ? " " : "", s->unit);
            double width = pw(l, 24.0 + 0.6 * legend_size * (double)strlen(captions[place]) + 12.0);
            if (cursor + width > x1 - pw(l, PAD) && cursor > x0 + pw(l, PAD)) {
                rows++;
                cursor = x0 + pw(l, PAD);
            }
            entry_x[place] = cursor;
            entry_row[place] = rows - 1;
            cursor += width;
            place++;
        }
        ay0 = y0 + ph(PAD) + title_height + (attempt < 2 ? rows * legend_line : 0.0) + ph(6.0);
        if (ay1 - ay0 >= ph(MIN_PLOT))
            break;
    }
    if (ay1 - ay0 < ph(16.0) || ax1 - ax0 < pw(l, 40.0))
        return; /* too small to say anything */

    if (titled)
        text_weight(l, x0 + pw(l, PAD), y0 + ph(PAD) + 0.5 * title_height, panel, LEGEND_TEXT,
                    COLOR_AXIS, LM_OVERLAY_ALIGN_LEFT, true);
    /* Legend: a short stroke of the colour, then "name = latest unit". */
    int place = 0;
    for (size_t i = 0; i < plots->count; i++) {
        if (strcmp(plots->items[i].panel, panel) != 0)
            continue;
        double y = y0 + ph(PAD) + title_height + (entry_row[place] + 0.5) * legend_line;
        double x = entry_x[place];
        line(l, x, y, x + pw(l, 18.0), y, 3.0, series_color(plots, i));
        text(l, x + pw(l, 24.0), y, captions[place], legend_size, COLOR_AXIS,
             LM_OVERLAY_ALIGN_LEFT);
        place++;
    }

    /* Value grid and ticks. */
    double vspan = high - low;
    char label[32];
    for (int k = 0; k <= 1000; k++) {
        double v = ceil(low / vstep - 1e-9) * vstep + k * vstep;
        if (v > high + 1e-9 * vstep)
            break;
        double y = ay1 - (v - low) / vspan * (ay1 - ay0);
        line(l, ax0, y, ax1, y, 0.75, COLOR_GRID);
        format_tick(v, vstep, label);
        text(l, ax0 - pw(l, 5.0), y, label, TICK_TEXT, COLOR_LABELS, LM_OVERLAY_ALIGN_RIGHT);
    }
    /* Time ticks; the caption "t (s)" at the right end. */
    double tstep = nice_step(tmax - tmin, 4);
    /* "t (s)": 5 glyphs of 0.6 of the line height, and a gap */
    double caption_x = ax1 - pw(l, 0.6 * TICK_TEXT * 5.0 + 6.0);
    for (int k = 0; k <= 1000; k++) {
        double t = ceil(tmin / tstep - 1e-9) * tstep + k * tstep;
        if (t > tmax + 1e-9 * tstep)
            break;
        double x = ax0 + (t - tmin) / (tmax - tmin) * (ax1 - ax0);
        line(l, x, ay1, x, ay1 + ph(3.0), 1.0, COLOR_AXIS);
        format_tick(t, tstep, label);
        if (x + pw(l, 0.3 * TICK_TEXT * (double)strlen(label)) < caption_x) {
            text(l, x, ay1 + ph(3.0 + 0.5 * TIME_LABELS), label, TICK_TEXT, COLOR_LABELS,
                 LM_OVERLAY_ALIGN_CENTER);
        }
    }
    text(l, ax1, ay1 + ph(3.0 + 0.5 * TIME_LABELS), "t (s)", TICK_TEXT, COLOR_LABELS,
         LM_OVERLAY_ALIGN_RIGHT);
    /* Axes: value on the left, time along the bottom (or along zero when
     * zero is inside the range, so signs read at a glance). */
    line(l, ax0, ay0, ax0, ay1, 1.25, COLOR_AXIS);
    line(l, ax0, ay1, ax1, ay1, 1.25, COLOR_AXIS);
    if (low < 0.0 && high > 0.0) {
        double y = ay1 - (0.0 - low) / vspan * (ay1 - ay0);
        line(l, ax0, y, ax1, y, 1.0, COLOR_FRAME);
    }

    /* Curves, in the order the series were made. */
    lm_vec3 *points = malloc((MAX_DRAWN + 2) * sizeof(lm_vec3));
    if (!points) {
        l->ok = false;
        return;
    }
    for (size_t i = 0; i < plots->count; i++) {
        const series *s = &plots->items[i];
        if (strcmp(s->panel, panel) != 0 || s->count == 0)
            continue;
        /* Up to MAX_DRAWN samples as they are; more are cut into MAX_DRAWN / 2
         * runs of consecutive samples, each drawn as its lowest and highest
         * (in time order), so peaks survive the thinning. */
        size_t n = 0;
        size_t buckets = s->count <= MAX_DRAWN ? s->count : MAX_DRAWN / 2;
        for (size_t b = 0; b < buckets; b++) {
            size_t first = b * s->count / buckets, last = (b + 1) * s->count / buckets;
            size_t lowest = first, highest = first;
            for (size_t k = first + 1; k < last; k++) {
                if (s->value[k] < s->value[lowest])
                    lowest = k;
                if (s->value[k] > s->value[highest])
                    highest = k;
            }
            size_t picks[2] = {lowest < highest ? lowest : highest,
                               lowest < highest ? highest : lowest};
            for (int j = 0; j < (picks[0] == picks[1] ? 1 : 2); j++) {
                size_t at = picks[j];
                double v = fmin(fmax(s->value[at], low), high);
                points[n++] = (lm_vec3){ax0 + (s->time[at] - tmin) / (tmax - tmin) * (ax1 - ax0),
                                        ay1 - (v - low) / vspan * (ay1 - ay0), 0.0};
            }
        }
        lm_overlay_style style = lm_overlay_default_style();
        style.color = series_color(plots, i);
        style.width = 2.0;
        if (n == 1) {
            style.fill = style.color;
            style.width = 0.0;
            l->ok = lm_overlay_circle(l->overlay, points[0], ph(2.5), true, &style) && l->ok;
        } else {
            l->ok = lm_overlay_path(l->overlay, points, n, false, true, &style) && l->ok;
        }
    }
    free(points);
}

bool lm_plots_layout(const lm_plots *plots, double aspect, lm_overlay *overlay) {
    double strip = lm_plots_strip_width(plots, aspect);
    if (strip <= 0.0)
        return true;
    layout l = {overlay, aspect, true};
    const char *panels[LM_PLOT_MAX_SERIES];
    size_t count = 0;
    for (size_t i = 0; i < plots->count; i++) {
        bool seen = false;
        for (size_t j = 0; j < count && !seen; j++)
            seen = strcmp(panels[j], plots->items[i].panel) == 0;
        if (!seen)
            panels[count++] = plots->items[i].panel;
    }
    double x0 = 1.0 - strip + pw(&l, 0.5 * MARGIN), x1 = 1.0 - pw(&l, MARGIN);
    double top = ph(MARGIN), height = (1.0 - ph(MARGIN)) - top;
    double gap = ph(MARGIN);
    double each = (height - gap * (double)(count - 1)) / (double)count;
    for (size_t p = 0; p < count; p++) {
        double y0 = top + (double)p * (each + gap);
        layout_panel(&l, plots, panels[p], x0, y0, x1, y0 + each);
    }
    return l.ok;
}
