/*
 * plot_draw.c - the plot panels, drawn into the display list.
 *
 * Layout, in points (pixels of a 720-line picture, times the scale): the
 * strip along the right edge (lr_plots_strip_width) holds one panel per
 * distinct panel name, in the order they first appeared, top to bottom, then
 * column after column (lr_plots_grid). Each panel has its title (when named
 * apart from its one series), a legend entry per series (a stroke in the
 * series' colour, dash and marker, then "name = latest unit"), a plot area
 * with a light grid, value ticks on the left and ticks of time (or of x)
 * below with the axis' caption at the right end. An axis fits the panel's
 * samples to "nice" ticks (1, 2 or 5 times a power of ten) unless a series
 * fixed its range; curves are clipped to the plot area.
 *
 * Series stay apart without colour: the print theme gives the series of a
 * panel, in order, a solid, dashed, dotted and dash-dotted line and a
 * circle, square, triangle, diamond or cross every MARKER_SPACING points
 * along the curve (any theme, when a series asks with line = or marker =).
 * A series against x (a trajectory, a phase portrait) ends in a dot at its
 * latest point.
 */
#include "plot.h"

#include "text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN          10.0 /* points around and between panels */
#define PAD             8.0  /* inside a panel's frame */
#define TICK_TEXT       16.0 /* points: tick labels and axis captions */
#define LEGEND_TEXT     17.0 /* points: legend lines and panel titles */
#define MIN_PLOT        36.0 /* points: the least plot height the legend leaves */
#define MAX_DRAWN       800  /* points drawn per curve; more samples are thinned */
#define CURVE_WIDTH     2.0  /* points */
#define MARKER_SIZE     8.0  /* points across */
#define MARKER_SPACING  36.0 /* points along a curve between markers */
#define STROKE          22.0 /* points: a legend entry's stroke */
#define SERIES_CONTRAST 4.5  /* a series' colour against its panel, at least */

typedef struct layout {
    const lr_plots *plots;
    const lr_theme *theme;
    const lr_fonts *fonts;
    lr_list *list;
    double point;
    lr_plot_place *places; /* may be NULL */
    int place_count;
} layout;

/* A series as drawn: its colour, line and marker in this theme. */
typedef struct look {
    uint32_t color;
    lr_plot_line line;
    lr_marker marker;
    double width; /* points */
} look;

static look look_of(const layout *l, const lr_plot_series *s, size_t place) {
    static const lr_plot_line lines[] = {LR_PLOT_LINE_SOLID,  LR_PLOT_LINE_DASHED,
                                         LR_PLOT_LINE_DOTTED, LR_PLOT_LINE_DASHDOT,
                                         LR_PLOT_LINE_DASHED, LR_PLOT_LINE_DOTTED};
    static const lr_marker markers[] = {LR_MARKER_NONE,     LR_MARKER_CIRCLE,  LR_MARKER_SQUARE,
                                        LR_MARKER_TRIANGLE, LR_MARKER_DIAMOND, LR_MARKER_CROSS};
    look k;
    /* A series' own colour reads on the panel of every theme (4.5:1, as the
     * theme's own series colours do). */
    k.color = s->colored ? lr_readable(s->color, l->theme->panel, SERIES_CONTRAST)
                         : l->theme->series[place % LR_THEME_SERIES];
    bool apart = l->theme->dashed_series;
    k.line = s->line != LR_PLOT_LINE_DEFAULT ? s->line
             : apart                         ? lines[place % 6]
                                             : LR_PLOT_LINE_SOLID;
    k.marker = s->marker != LR_MARKER_NONE ? (lr_marker)s->marker
               : apart                     ? markers[place % 6]
                                           : LR_MARKER_NONE;
    k.width = s->width > 0.0 ? s->width : CURVE_WIDTH;
    return k;
}

/* The dash pattern of a line style for a width, in pixels. */
static const float *dash_of(lr_plot_line line, double width, double point, float out[4]) {
    double w = width * point;
    switch (line) {
    case LR_PLOT_LINE_DASHED:
        out[0] = (float)(4.0 * w + 4.0 * point);
        out[1] = (float)(2.5 * w + 2.0 * point);
        out[2] = out[3] = 0.0f;
        return out;
    case LR_PLOT_LINE_DOTTED:
        out[0] = (float)w;
        out[1] = (float)(1.5 * w + 1.5 * point);
        out[2] = out[3] = 0.0f;
        return out;
    case LR_PLOT_LINE_DASHDOT:
        out[0] = (float)(4.0 * w + 4.0 * point);
        out[1] = (float)(1.5 * w + 1.5 * point);
        out[2] = (float)w;
        out[3] = (float)(1.5 * w + 1.5 * point);
        return out;
    default:
        return NULL;
    }
}

static void line(layout *l, double x0, double y0, double x1, double y1, double width,
                 uint32_t color) {
    lr_list_line(l->list, (float)x0, (float)y0, (float)x1, (float)y1, (float)(width * l->point),
                 color, LR_SQUARE_CAPS);
}

static void marker(layout *l, double x, double y, const look *k) {
    bool stroke = k->marker == LR_MARKER_CROSS || k->marker == LR_MARKER_PLUS;
    lr_list_marker(l->list, (float)x, (float)y, (float)(MARKER_SIZE * l->point), k->marker,
                   stroke ? 0u : k->color, (float)(1.5 * l->point), k->color);
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
static double text_width(const layout *l, const char *string, double size) {
    int pixels = lr_text_size(size * l->point);
    if (!l->fonts)
        return 0.6 * pixels * (double)strlen(string);
    return lr_fonts_width(l->fonts, LR_FACE_MONO, pixels, string, strlen(string));
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

/* An axis: its range and tick step. Fixed ranges are kept as given; fitted
 * ones widen to whole ticks (values) or span the samples (time, x). */
typedef struct axis {
    double low, high, step;
} axis;

static axis fit_axis(double min, double max, bool fixed, double fixed_low, double fixed_high,
                     bool round_out) {
    axis a;
    if (fixed) {
        a.low = fixed_low;
        a.high = fixed_high;
        a.step = nice_step(a.high - a.low, 4);
        return a;
    }
    if (!(min <= max)) {
        min = 0.0;
        max = 1.0;
    }
    if (max - min <= 1e-12 * fmax(1.0, fabs(max))) {
        double pad = fabs(max) > 0.0 ? 0.1 * fabs(max) : 1.0;
        min -= pad;
        max += pad;
    }
    a.step = nice_step(max - min, 4);
    a.low = round_out ? floor(min / a.step) * a.step : min;
    a.high = round_out ? ceil(max / a.step) * a.step : max;
    return a;
}

enum { MAX_TICKS = 64 };

/* The ticks of an axis within [low, high]; returns how many. */
static int ticks_of(const axis *a, double out[MAX_TICKS]) {
    int n = 0;
    double first = ceil(a->low / a->step - 1e-9) * a->step;
    for (int k = 0; k < MAX_TICKS; k++) {
        double v = first + k * a->step;
        if (!(v <= a->high + 1e-9 * a->step))
            break;
        out[n++] = v;
    }
    return n;
}

/* Clips the segment to the box; false when nothing is left. */
static bool clip(double *x0, double *y0, double *x1, double *y1, double bx0, double by0, double bx1,
                 double by1) {
    double dx = *x1 - *x0, dy = *y1 - *y0;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {*x0 - bx0, bx1 - *x0, *y0 - by0, by1 - *y0};
    double t0 = 0.0, t1 = 1.0;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        double t = q[i] / p[i];
        if (p[i] < 0.0) {
            if (t > t1)
                return false;
            t0 = t > t0 ? t : t0;
        } else {
            if (t < t0)
                return false;
            t1 = t < t1 ? t : t1;
        }
    }
    double sx = *x0, sy = *y0;
    *x0 = sx + t0 * dx;
    *y0 = sy + t0 * dy;
    *x1 = sx + t1 * dx;
    *y1 = sy + t1 * dy;
    return true;
}

typedef struct plot_area {
    double x0, y0, x1, y1; /* pixels */
    axis h, v;             /* horizontal (time or x) and vertical */
} plot_area;

static double to_x(const plot_area *a, double h) {
    return a->x0 + (h - a->h.low) / (a->h.high - a->h.low) * (a->x1 - a->x0);
}

static double to_y(const plot_area *a, double v) {
    return a->y1 - (v - a->v.low) / (a->v.high - a->v.low) * (a->y1 - a->y0);
}

/* The points of a series to draw, in pixels (not clipped): up to MAX_DRAWN
 * samples as they are; a longer series against time is cut into MAX_DRAWN / 2
 * runs of consecutive samples, each drawn as its lowest and highest (in time
 * order), so peaks survive the thinning; a longer one against x keeps every
 * k-th sample and the last. Returns how many. */
static size_t curve_points(const lr_plot_series *s, const plot_area *a, lr_point *points) {
    size_t n = 0;
    const double *h = s->vs ? s->x : s->time;
    if (s->vs) {
        size_t stride = (s->count + MAX_DRAWN - 1) / MAX_DRAWN;
        stride = stride < 1 ? 1 : stride;
        for (size_t k = 0; k < s->count; k += stride)
            points[n++] = (lr_point){(float)to_x(a, h[k]), (float)to_y(a, s->value[k])};
        if ((s->count - 1) % stride != 0)
            points[n++] =
                (lr_point){(float)to_x(a, h[s->count - 1]), (float)to_y(a, s->value[s->count - 1])};
        return n;
    }
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
        for (int j = 0; j < (picks[0] == picks[1] ? 1 : 2); j++)
            points[n++] =
                (lr_point){(float)to_x(a, h[picks[j]]), (float)to_y(a, s->value[picks[j]])};
    }
    return n;
}

/* The curve through points, clipped to the plot area (cut where it leaves
 * it), with markers every MARKER_SPACING points along it. */
static void draw_curve(layout *l, const plot_area *a, const lr_point *points, size_t n,
                       const look *k, lr_point *run) {
    float dash[4];
    const float *pattern = dash_of(k->line, k->width, l->point, dash);
    size_t count = 0;
    double spacing = MARKER_SPACING * l->point, travelled = spacing;
    for (size_t i = 0; i + 1 < n || (n == 1 && i == 0); i++) {
        double x0 = points[i].x, y0 = points[i].y;
        double x1 = n == 1 ? x0 : points[i + 1].x, y1 = n == 1 ? y0 : points[i + 1].y;
        double length = hypot(x1 - x0, y1 - y0);
        bool inside = clip(&x0, &y0, &x1, &y1, a->x0, a->y0, a->x1, a->y1);
        if (inside && k->line != LR_PLOT_LINE_NONE && n > 1) {
            if (count == 0 || run[count - 1].x != (float)x0 || run[count - 1].y != (float)y0) {
                if (count >= 2)
                    lr_list_path(l->list, run, count, LR_SQUARE_CAPS, (float)(k->width * l->point),
                                 k->color, pattern);
                count = 0;
                run[count++] = (lr_point){(float)x0, (float)y0};
            }
            run[count++] = (lr_point){(float)x1, (float)y1};
        }
        if (k->marker != LR_MARKER_NONE || k->line == LR_PLOT_LINE_NONE) {
            bool in = points[i].x >= a->x0 && points[i].x <= a->x1 && points[i].y >= a->y0 &&
                      points[i].y <= a->y1;
            if (travelled >= spacing && in) {
                look dot = *k;
                if (dot.marker == LR_MARKER_NONE)
                    dot.marker = LR_MARKER_CIRCLE;
                marker(l, points[i].x, points[i].y, &dot);
                travelled = 0.0;
            }
            travelled += length;
        }
    }
    if (count >= 2)
        lr_list_path(l->list, run, count, LR_SQUARE_CAPS, (float)(k->width * l->point), k->color,
                     pattern);
}

/* One panel: the box x0..x1, y0..y1 (pixels), and the series in it. */
static void draw_panel(layout *l, const char *panel, double x0, double y0, double x1, double y1) {
    const lr_plots *plots = l->plots;
    const lr_theme *theme = l->theme;
    size_t count = lr_plots_count(plots);
    double p = l->point;
    /* Ranges over the panel's samples. */
    double hmin = INFINITY, hmax = -INFINITY, vmin = INFINITY, vmax = -INFINITY;
    bool ranged = false, x_ranged = false, vs = false;
    double rlow = INFINITY, rhigh = -INFINITY, xlow = INFINITY, xhigh = -INFINITY;
    const char *x_label = "";
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (!in_panel(&s, panel))
            continue;
        vs = s.vs;
        if (s.x_label[0] && !x_label[0])
            x_label = s.x_label;
        if (s.ranged) {
            ranged = true;
            rlow = fmin(rlow, s.low);
            rhigh = fmax(rhigh, s.high);
        }
        if (s.x_ranged) {
            x_ranged = true;
            xlow = fmin(xlow, s.x_low);
            xhigh = fmax(xhigh, s.x_high);
        }
        const double *h = s.vs ? s.x : s.time;
        for (size_t k = 0; k < s.count; k++) {
            hmin = fmin(hmin, h[k]);
            hmax = fmax(hmax, h[k]);
            vmin = fmin(vmin, s.value[k]);
            vmax = fmax(vmax, s.value[k]);
        }
    }
    plot_area a;
    a.v = fit_axis(vmin, vmax, ranged, rlow, rhigh, true);
    if (!vs && !x_ranged && hmax - hmin < 1e-9 && hmin <= hmax) {
        hmax = hmin + 1.0; /* one instant: a second of time */
    }
    a.h = fit_axis(hmin, hmax, x_ranged, xlow, xhigh, vs);
    if (!x_label[0])
        x_label = vs ? "x" : "t (s)";

    /* Frame. */
    lr_list_rect(l->list, (float)x0, (float)y0, (float)(x1 - x0), (float)(y1 - y0), theme->panel);
    lr_point box[4] = {{(float)x0, (float)y0},
                       {(float)x1, (float)y0},
                       {(float)x1, (float)y1},
                       {(float)x0, (float)y1}};
    lr_list_path(l->list, box, 4, LR_CLOSED, (float)p, theme->panel_frame, NULL);

    /* The value labels' width sets the plot area's left edge. */
    char label[32];
    double labels_width = 0.0, vticks[MAX_TICKS], hticks[MAX_TICKS];
    int vcount = ticks_of(&a.v, vticks), hcount = ticks_of(&a.h, hticks);
    for (int t = 0; t < vcount; t++) {
        format_tick(vticks[t], a.v.step, label);
        labels_width = fmax(labels_width, text_width(l, label, TICK_TEXT));
    }
    a.x0 = x0 + PAD * p + labels_width + 6.0 * p;
    a.x1 = x1 - (PAD + 6.0) * p;
    double tick_row = (TICK_TEXT * 1.2 + 4.0) * p;
    a.y1 = y1 - PAD * p - tick_row;

    /* Legend entries flow left to right in rows. A panel too short for it
     * gets names only, in smaller type, and then the legend over the plot
     * instead of above it. */
    char captions[LR_PLOT_MAX_SERIES][160];
    double entry_x[LR_PLOT_MAX_SERIES];
    int entry_row[LR_PLOT_MAX_SERIES];
    double legend_size = LEGEND_TEXT, legend_line = 0.0;
    /* A panel named apart from its series gets its name as a title. */
    bool titled = true;
    for (size_t i = 0; i < count && titled; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        titled = !in_panel(&s, panel) || strcmp(s.name, panel) != 0;
    }
    double title_height = titled ? LEGEND_TEXT * 1.25 * p : 0.0;
    for (int attempt = 0; attempt < 3; attempt++) {
        bool names_only = attempt > 0;
        legend_size = names_only ? TICK_TEXT : LEGEND_TEXT;
        legend_line = legend_size * 1.25 * p;
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
            double width =
                (STROKE + 6.0) * p + text_width(l, captions[place], legend_size) + 14.0 * p;
            if (cursor + width > x1 - PAD * p && cursor > x0 + PAD * p) {
                rows++;
                cursor = x0 + PAD * p;
            }
            entry_x[place] = cursor;
            entry_row[place] = rows - 1;
            cursor += width;
            place++;
        }
        a.y0 = y0 + PAD * p + title_height + (attempt < 2 ? rows * legend_line : 0.0) + 6.0 * p;
        if (a.y1 - a.y0 >= MIN_PLOT * p)
            break;
    }
    if (a.y1 - a.y0 < 16.0 * p || a.x1 - a.x0 < 40.0 * p)
        return; /* too small to say anything */
    if (l->places && l->place_count < LR_PLOT_MAX_PANELS)
        l->places[l->place_count++] = (lr_plot_place){
            panel, {a.x0, a.y0, a.x1 - a.x0, a.y1 - a.y0}, a.h.low, a.h.high, a.v.low, a.v.high};

    /* Grid, ticks and their labels. */
    for (int t = 0; t < vcount; t++) {
        double y = to_y(&a, vticks[t]);
        line(l, a.x0, y, a.x1, y, 0.75, theme->panel_grid);
        format_tick(vticks[t], a.v.step, label);
        text(l, a.x0 - 6.0 * p, y, label, TICK_TEXT, theme->muted, LR_ALIGN_RIGHT, false);
    }
    double caption_width = text_width(l, x_label, TICK_TEXT);
    double caption_x = a.x1 - caption_width - 8.0 * p;
    double label_y = a.y1 + (4.0 + 0.6 * TICK_TEXT) * p;
    for (int t = 0; t < hcount; t++) {
        double x = to_x(&a, hticks[t]);
        if (vs)
            line(l, x, a.y0, x, a.y1, 0.75, theme->panel_grid);
        line(l, x, a.y1, x, a.y1 + 4.0 * p, 1.0, theme->ink);
        format_tick(hticks[t], a.h.step, label);
        if (x + 0.5 * text_width(l, label, TICK_TEXT) < caption_x)
            text(l, x, label_y, label, TICK_TEXT, theme->muted, LR_ALIGN_CENTER, false);
    }
    text(l, a.x1, label_y, x_label, TICK_TEXT, theme->muted, LR_ALIGN_RIGHT, false);
    /* Axes: values on the left, time (or x) along the bottom, and the zero
     * lines inside the range, so signs read at a glance. */
    line(l, a.x0, a.y0, a.x0, a.y1, 1.25, theme->ink);
    line(l, a.x0, a.y1, a.x1, a.y1, 1.25, theme->ink);
    if (a.v.low < 0.0 && a.v.high > 0.0)
        line(l, a.x0, to_y(&a, 0.0), a.x1, to_y(&a, 0.0), 1.0, theme->panel_frame);
    if (vs && a.h.low < 0.0 && a.h.high > 0.0)
        line(l, to_x(&a, 0.0), a.y0, to_x(&a, 0.0), a.y1, 1.0, theme->panel_frame);

    if (titled)
        text(l, x0 + PAD * p, y0 + PAD * p + 0.5 * title_height, panel, LEGEND_TEXT, theme->ink,
             LR_ALIGN_LEFT, true);

    /* Curves in the order the series were made, each then its legend entry. */
    lr_point *points = malloc(2 * (MAX_DRAWN + 2) * sizeof(lr_point));
    if (!points) {
        l->list->failed = true;
        return;
    }
    size_t place = 0;
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (!in_panel(&s, panel))
            continue;
        look k = look_of(l, &s, place);
        if (s.count > 0) {
            size_t n = curve_points(&s, &a, points);
            draw_curve(l, &a, points, n, &k, points + MAX_DRAWN + 2);
            const lr_point *last = &points[n - 1];
            bool inside = last->x >= a.x0 && last->x <= a.x1 && last->y >= a.y0 && last->y <= a.y1;
            /* A point against x ends in a dot (where it is now); a lone
             * sample is a dot. */
            if (inside && s.vs)
                lr_list_circle(l->list, last->x, last->y, (float)(3.5 * p), k.color,
                               (float)(1.5 * p), theme->panel, NULL);
            else if (inside && n == 1)
                lr_list_circle(l->list, last->x, last->y, (float)(2.5 * p), k.color, 0.0f, 0, NULL);
        }
        double y = y0 + PAD * p + title_height + (entry_row[place] + 0.5) * legend_line;
        double x = entry_x[place];
        float dash[4];
        lr_point stroke[2] = {{(float)x, (float)y}, {(float)(x + STROKE * p), (float)y}};
        if (k.line != LR_PLOT_LINE_NONE)
            lr_list_path(l->list, stroke, 2, 0, (float)(2.5 * p), k.color,
                         dash_of(k.line, 2.5, p, dash));
        if (k.marker != LR_MARKER_NONE || k.line == LR_PLOT_LINE_NONE) {
            look dot = k;
            if (dot.marker == LR_MARKER_NONE)
                dot.marker = LR_MARKER_CIRCLE;
            marker(l, x + 0.5 * STROKE * p, y, &dot);
        }
        text(l, x + (STROKE + 6.0) * p, y, captions[place], legend_size, theme->ink, LR_ALIGN_LEFT,
             false);
        place++;
    }
    free(points);
}

int lr_plots_draw(const lr_plots *plots, lr_area strip, double point, const lr_theme *theme,
                  const lr_fonts *fonts, lr_list *list, lr_plot_place *places) {
    size_t count = lr_plots_count(plots);
    if (count == 0 || !(strip.width > 0.0))
        return 0;
    layout l = {plots, theme, fonts, list, point, places, 0};
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
    int columns, rows;
    lr_plots_grid(plots, point / (list->height / 720.0), &columns, &rows);
    if (columns < 1 || rows < 1)
        return 0;
    /* The strip's own background, so nothing of the scene shows between panels. */
    lr_list_rect(list, (float)strip.x, (float)strip.y, (float)strip.width, (float)strip.height,
                 theme->background);
    double p = point, gap = MARGIN * p;
    double left = strip.x + 0.5 * gap, right = strip.x + strip.width - gap;
    double top = strip.y + gap, bottom = strip.y + strip.height - gap;
    double column_width = (right - left - gap * (columns - 1)) / columns;
    double each = (bottom - top - gap * (double)(rows - 1)) / (double)rows;
    for (size_t k = 0; k < panel_count; k++) {
        int column = (int)(k / (size_t)rows), row = (int)(k % (size_t)rows);
        double x0 = left + column * (column_width + gap), y0 = top + row * (each + gap);
        draw_panel(&l, panels[k], x0, y0, x0 + column_width, y0 + each);
    }
    return l.place_count;
}
