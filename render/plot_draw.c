/*
 * plot_draw.c - the plot panels, drawn into the display list.
 *
 * Layout, in points (pixels of a 720-line picture, times the scale): the
 * strip along the right edge (lr_plots_strip_width) holds one panel per
 * distinct panel name, stacked top to bottom in the order they first
 * appeared. Each has a header with one legend entry per series, a plot area
 * with a light grid, value ticks on the left and time ticks below. The value
 * axis autoscales to "nice" ticks (1, 2 or 5 times a power of ten) around
 * every sample of the panel unless a series fixed its range; the time axis
 * spans the panel's samples.
 */
#include "plot.h"

#include "text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN       10.0 /* points around and between panels */
#define PAD          8.0  /* inside a panel's frame */
#define TICK_TEXT    12.0 /* points: tick labels */
#define LEGEND_TEXT  14.0 /* points: legend lines */
#define VALUE_LABELS 48.0 /* points left of the plot area for value ticks */
#define TIME_LABELS  18.0 /* points below it for time ticks */
#define MIN_PLOT     40.0 /* points: the least plot height the legend leaves */
#define MAX_DRAWN    800  /* points drawn per curve; more samples are thinned */

#define COLOR_PANEL  0xFFFFFFFFu
#define COLOR_FRAME  0xB9BBB4FFu
#define COLOR_GRID   0xE6E6E0FFu
#define COLOR_AXIS   0x2B2D31FFu
#define COLOR_LABELS 0x55585EFFu

typedef struct layout {
    const lr_plots *plots;
    const lr_fonts *fonts;
    lr_list *list;
    double point;
} layout;

static void line(layout *l, double x0, double y0, double x1, double y1, double width,
                 uint32_t color) {
    lr_list_line(l->list, (float)x0, (float)y0, (float)x1, (float)y1, (float)(width * l->point),
                 color, LR_SQUARE_CAPS);
}

/* Text with its anchor at x (per align) and y its vertical middle. */
static void text(layout *l, double x, double y, const char *string, double size, uint32_t color,
                 lr_align align, bool bold) {
    lr_text_style style = {bold ? LR_FACE_MONO_BOLD : LR_FACE_MONO, size * l->point, color, align,
                           0};
    lr_text_place(l->list, l->fonts, string, x, y, &style);
}

/* The width of a line of text in pixels (estimated without fonts: a mono
 * glyph is 0.6 of the line height). */
static double text_width(layout *l, const char *string, double size) {
    if (!l->fonts)
        return 0.6 * size * l->point * (double)strlen(string);
    lr_text_style style = {LR_FACE_MONO, size * l->point, 0, LR_ALIGN_LEFT, 0};
    lr_area box = lr_text_box(l->fonts, string, 0.0, 0.0, &style);
    int size_px = lr_text_size(size * l->point);
    return box.width - 2.0 * (lr_fonts_line_height(l->fonts, LR_FACE_MONO, size_px) / 3);
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

static bool in_panel(const lr_plot_series *s, const char *panel) {
    return strcmp(s->panel, panel) == 0;
}

/* One panel: the box x0..x1, y0..y1 (pixels), and the series in it. */
static void draw_panel(layout *l, const char *panel, double x0, double y0, double x1, double y1) {
    const lr_plots *plots = l->plots;
    size_t count = lr_plots_count(plots);
    double p = l->point;
    /* Ranges over the panel's samples. */
    double tmin = INFINITY, tmax = -INFINITY, vmin = INFINITY, vmax = -INFINITY;
    bool ranged = false;
    double rlow = INFINITY, rhigh = -INFINITY;
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (!in_panel(&s, panel))
            continue;
        if (s.ranged) {
            ranged = true;
            rlow = fmin(rlow, s.low);
            rhigh = fmax(rhigh, s.high);
        }
        for (size_t k = 0; k < s.count; k++) {
            tmin = fmin(tmin, s.time[k]);
            tmax = fmax(tmax, s.time[k]);
            vmin = fmin(vmin, s.value[k]);
            vmax = fmax(vmax, s.value[k]);
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

    /* Frame. */
    lr_list_rect(l->list, (float)x0, (float)y0, (float)(x1 - x0), (float)(y1 - y0), COLOR_PANEL);
    lr_point box[4] = {{(float)x0, (float)y0},
                       {(float)x1, (float)y0},
                       {(float)x1, (float)y1},
                       {(float)x0, (float)y1}};
    lr_list_path(l->list, box, 4, LR_CLOSED, (float)p, COLOR_FRAME, NULL);
    /* Legend entries flow left to right in rows. A panel too short for it
     * gets names only, in smaller type, and then the legend over the plot
     * instead of above it. */
    char captions[LR_PLOT_MAX_SERIES][160];
    double entry_x[LR_PLOT_MAX_SERIES];
    int entry_row[LR_PLOT_MAX_SERIES];
    double legend_size = LEGEND_TEXT, legend_line = 0.0;
    double ax0 = x0 + (PAD + VALUE_LABELS) * p, ax1 = x1 - (PAD + 4.0) * p;
    double ay0 = 0.0, ay1 = y1 - (PAD + TIME_LABELS) * p;
    /* A panel named apart from its series gets its name as a title. */
    bool titled = true;
    for (size_t i = 0; i < count && titled; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        titled = !in_panel(&s, panel) || strcmp(s.name, panel) != 0;
    }
    double title_height = titled ? LEGEND_TEXT * 1.2 * p : 0.0;
    for (int attempt = 0; attempt < 3; attempt++) {
        bool names_only = attempt > 0;
        legend_size = names_only ? TICK_TEXT : LEGEND_TEXT;
        legend_line = legend_size * 1.2 * p;
        int rows = 0, place = 0;
        double cursor = x1; /* forces a first row */
        for (size_t i = 0; i < count; i++) {
            lr_plot_series s = lr_plots_series(plots, i);
            if (!in_panel(&s, panel))
                continue;
            double last = s.count ? s.value[s.count - 1] : 0.0;
            if (names_only)
                snprintf(captions[place], sizeof captions[place], "%s", s.name);
            else
                snprintf(captions[place], sizeof captions[place], "%s = %.4g%s%s", s.name, last,
                         s.unit[0] ? " " : "", s.unit);
            double width = 24.0 * p + text_width(l, captions[place], legend_size) + 12.0 * p;
            if (cursor + width > x1 - PAD * p && cursor > x0 + PAD * p) {
                rows++;
                cursor = x0 + PAD * p;
            }
            entry_x[place] = cursor;
            entry_row[place] = rows - 1;
            cursor += width;
            place++;
        }
        ay0 = y0 + PAD * p + title_height + (attempt < 2 ? rows * legend_line : 0.0) + 6.0 * p;
        if (ay1 - ay0 >= MIN_PLOT * p)
            break;
    }
    if (ay1 - ay0 < 16.0 * p || ax1 - ax0 < 40.0 * p)
        return; /* too small to say anything */

    if (titled)
        text(l, x0 + PAD * p, y0 + PAD * p + 0.5 * title_height, panel, LEGEND_TEXT, COLOR_AXIS,
             LR_ALIGN_LEFT, true);
    /* Legend: a short stroke of the colour, then "name = latest unit". */
    int place = 0;
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (!in_panel(&s, panel))
            continue;
        double y = y0 + PAD * p + title_height + (entry_row[place] + 0.5) * legend_line;
        double x = entry_x[place];
        line(l, x, y, x + 18.0 * p, y, 3.0, s.color);
        text(l, x + 24.0 * p, y, captions[place], legend_size, COLOR_AXIS, LR_ALIGN_LEFT, false);
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
        text(l, ax0 - 5.0 * p, y, label, TICK_TEXT, COLOR_LABELS, LR_ALIGN_RIGHT, false);
    }
    /* Time ticks; the caption "t (s)" at the right end. */
    double tstep = nice_step(tmax - tmin, 4);
    double caption_x = ax1 - text_width(l, "t (s)", TICK_TEXT) - 6.0 * p;
    for (int k = 0; k <= 1000; k++) {
        double t = ceil(tmin / tstep - 1e-9) * tstep + k * tstep;
        if (t > tmax + 1e-9 * tstep)
            break;
        double x = ax0 + (t - tmin) / (tmax - tmin) * (ax1 - ax0);
        line(l, x, ay1, x, ay1 + 3.0 * p, 1.0, COLOR_AXIS);
        format_tick(t, tstep, label);
        if (x + 0.5 * text_width(l, label, TICK_TEXT) < caption_x)
            text(l, x, ay1 + (3.0 + 0.5 * TIME_LABELS) * p, label, TICK_TEXT, COLOR_LABELS,
                 LR_ALIGN_CENTER, false);
    }
    text(l, ax1, ay1 + (3.0 + 0.5 * TIME_LABELS) * p, "t (s)", TICK_TEXT, COLOR_LABELS,
         LR_ALIGN_RIGHT, false);
    /* Axes: value on the left, time along the bottom (and along zero when
     * zero is inside the range, so signs read at a glance). */
    line(l, ax0, ay0, ax0, ay1, 1.25, COLOR_AXIS);
    line(l, ax0, ay1, ax1, ay1, 1.25, COLOR_AXIS);
    if (low < 0.0 && high > 0.0) {
        double y = ay1 - (0.0 - low) / vspan * (ay1 - ay0);
        line(l, ax0, y, ax1, y, 1.0, COLOR_FRAME);
    }

    /* Curves, in the order the series were made. */
    lr_point *points = malloc((MAX_DRAWN + 2) * sizeof(lr_point));
    if (!points) {
        l->list->failed = true;
        return;
    }
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (!in_panel(&s, panel) || s.count == 0)
            continue;
        /* Up to MAX_DRAWN samples as they are; more are cut into MAX_DRAWN / 2
         * runs of consecutive samples, each drawn as its lowest and highest
         * (in time order), so peaks survive the thinning. */
        size_t n = 0;
        size_t buckets = s.count <= MAX_DRAWN ? s.count : MAX_DRAWN / 2;
        for (size_t b = 0; b < buckets; b++) {
            size_t first = b * s.count / buckets, last = (b + 1) * s.count / buckets;
            size_t lowest = first, highest = first;
            for (size_t k = first + 1; k < last; k++) {
                if (s.value[k] < s.value[lowest])
                    lowest = k;
                if (s.value[k] > s.value[highest])
                    highest = k;
            }
            size_t picks[2] = {lowest < highest ? lowest : highest,
                               lowest < highest ? highest : lowest};
            for (int j = 0; j < (picks[0] == picks[1] ? 1 : 2); j++) {
                size_t at = picks[j];
                double v = fmin(fmax(s.value[at], low), high);
                points[n++] =
                    (lr_point){(float)(ax0 + (s.time[at] - tmin) / (tmax - tmin) * (ax1 - ax0)),
                               (float)(ay1 - (v - low) / vspan * (ay1 - ay0))};
            }
        }
        if (n == 1)
            lr_list_circle(l->list, points[0].x, points[0].y, (float)(2.5 * p), s.color, 0.0f, 0,
                           NULL);
        else
            lr_list_path(l->list, points, n, LR_SQUARE_CAPS, (float)(2.0 * p), s.color, NULL);
    }
    free(points);
}

void lr_plots_draw(const lr_plots *plots, lr_area strip, double point, const lr_theme *theme,
                   const lr_fonts *fonts, lr_list *list) {
    (void)theme;
    size_t count = lr_plots_count(plots);
    if (count == 0 || !(strip.width > 0.0))
        return;
    layout l = {plots, fonts, list, point};
    const char *panels[LR_PLOT_MAX_SERIES];
    size_t panel_count = 0;
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        bool seen = false;
        for (size_t j = 0; j < panel_count && !seen; j++)
            seen = strcmp(panels[j], s.panel) == 0;
        if (!seen)
            panels[panel_count++] = s.panel;
    }
    double p = point;
    double x0 = strip.x + 0.5 * MARGIN * p, x1 = strip.x + strip.width - MARGIN * p;
    double top = strip.y + MARGIN * p, height = strip.y + strip.height - MARGIN * p - top;
    double gap = MARGIN * p;
    double each = (height - gap * (double)(panel_count - 1)) / (double)panel_count;
    for (size_t k = 0; k < panel_count; k++) {
        double y0 = top + (double)k * (each + gap);
        draw_panel(&l, panels[k], x0, y0, x1, y0 + each);
    }
}
