/*
 * page_chart.c - a plot panel as an SVG chart (page_chart.h).
 *
 * A series of a million samples would make a chart of tens of megabytes:
 * each series is thinned to the first, lowest, highest and last sample of
 * each of the plot's horizontal pixels (CHART_WIDTH buckets), which draws
 * the same line, peaks included.
 */
#include "page_chart.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markup.h"

enum { CHART_WIDTH = 720, CHART_HEIGHT = 405 };
/* The plot area inside the chart. */
#define LEFT   64.0
#define RIGHT  (CHART_WIDTH - 20.0)
#define TOP    64.0
#define BOTTOM (CHART_HEIGHT - 48.0)

static const char *const dashes[] = {"", "9 5", "2 4", "9 4 2 4"};

#define LEGEND_ROW 22.0

/* Where a legend entry goes: x along its row, y the rows above it. */
typedef struct legend_place {
    double x, y;
} legend_place;

/* The place of the entry of s, moving *next past it: an entry is its line,
 * its text (about 9.5 units a character at font size 16) and a gap, on a
 * new row when it would cross the plot's right edge. */
static legend_place legend_next(legend_place *next, const lr_plot_series *s) {
    size_t characters = strlen(s->name) + (s->unit[0] ? strlen(s->unit) + 3 : 0);
    double width = 34.0 + 9.5 * (double)characters + 24.0;
    if (next->x > LEFT && next->x + width > RIGHT)
        *next = (legend_place){LEFT, next->y + LEGEND_ROW};
    legend_place at = *next;
    next->x += width;
    return at;
}

/* A round step for about `count` intervals over span: 1, 2 or 5 times a power of ten. */
static double nice_step(double span, int count) {
    double raw = span / count;
    double power = pow(10.0, floor(log10(raw)));
    double fraction = raw / power;
    return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

typedef struct range {
    double low, high;
} range;

/* A tick's text: no more digits than the step needs. */
static void tick_text(double value, double step, char out[32]) {
    if (fabs(value) < step * 1e-9)
        value = 0.0;
    int decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    snprintf(out, 32, "%.*f", decimals, value);
}

static double x_of(range t, double time) {
    return LEFT + (time - t.low) / (t.high - t.low) * (RIGHT - LEFT);
}

static double y_of(range v, double value) {
    return BOTTOM - (value - v.low) / (v.high - v.low) * (BOTTOM - TOP);
}

static void point(FILE *svg, range t, range v, const lr_plot_series *s, size_t k) {
    fprintf(svg, "%.2f,%.2f ", x_of(t, s->time[k]), y_of(v, s->value[k]));
}

/* The series' line, thinned per pixel column. */
static void polyline(FILE *svg, range t, range v, const lr_plot_series *s, int index) {
    fprintf(svg,
            "<polyline fill=\"none\" stroke=\"#%06x\" stroke-width=\"2\" "
            "stroke-linejoin=\"round\"%s%s%s points=\"",
            (unsigned)(s->color >> 8), dashes[index % 4][0] ? " stroke-dasharray=\"" : "",
            dashes[index % 4], dashes[index % 4][0] ? "\"" : "");
    size_t k = 0;
    while (k < s->count) {
        long column = lround(x_of(t, s->time[k]));
        size_t first = k, low = k, high = k, last = k;
        while (k < s->count && lround(x_of(t, s->time[k])) == column) {
            if (s->value[k] < s->value[low])
                low = k;
            if (s->value[k] > s->value[high])
                high = k;
            last = k++;
        }
        size_t order[4] = {first, low < high ? low : high, low < high ? high : low, last};
        for (int i = 0; i < 4; i++)
            if (i == 0 || order[i] != order[i - 1])
                point(svg, t, v, s, order[i]);
    }
    fputs("\"/>\n", svg);
}

bool app_chart_write(const char *path, const lr_plots *plots, const char *panel, char *err,
                     size_t err_size) {
    size_t count = plots ? lr_plots_count(plots) : 0;
    range t = {HUGE_VAL, -HUGE_VAL}, v = {HUGE_VAL, -HUGE_VAL};
    bool ranged = false;
    const char *unit = NULL;
    bool one_unit = true;
    int members = 0;
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (strcmp(s.panel, panel) != 0)
            continue;
        members++;
        if (!unit)
            unit = s.unit;
        else if (strcmp(unit, s.unit) != 0)
            one_unit = false;
        if (s.ranged) {
            v = ranged ? (range){fmin(v.low, s.low), fmax(v.high, s.high)} : (range){s.low, s.high};
            ranged = true;
        }
        for (size_t k = 0; k < s.count; k++) {
            t.low = fmin(t.low, s.time[k]);
            t.high = fmax(t.high, s.time[k]);
            if (!ranged) {
                v.low = fmin(v.low, s.value[k]);
                v.high = fmax(v.high, s.value[k]);
            }
        }
    }
    if (members == 0 || t.low > t.high) {
        snprintf(err, err_size, "the panel '%s' has no samples", panel);
        return false;
    }
    if (t.high <= t.low)
        t.high = t.low + 1.0;
    if (v.high <= v.low) {
        v.low -= 0.5 + fabs(v.low) * 0.1;
        v.high = v.low + 1.0 + fabs(v.low) * 0.2;
    }
    double v_step = nice_step(v.high - v.low, 5), t_step = nice_step(t.high - t.low, 6);
    if (!ranged) {
        v.low = floor(v.low / v_step) * v_step;
        v.high = ceil(v.high / v_step) * v_step;
    }

    size_t temp_size = strlen(path) + 5;
    char *temp = malloc(temp_size);
    FILE *svg = NULL;
    if (!temp || (snprintf(temp, temp_size, "%s.tmp", path), !(svg = fopen(temp, "w")))) {
        snprintf(err, err_size, "cannot write '%s': %s", path,
                 temp ? strerror(errno) : "out of memory");
        free(temp);
        return false;
    }
    /* The legend wraps onto more rows when it is wider than the chart;
     * the chart grows by the rows, the plot keeps its size. */
    legend_place last = {LEFT, 0.0};
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (strcmp(s.panel, panel) == 0)
            legend_next(&last, &s);
    }
    double extra = last.y;
    int height = CHART_HEIGHT + (int)extra;
    fprintf(svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
            "height=\"%d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"16\">\n",
            CHART_WIDTH, height, CHART_WIDTH, height);
    fputs("<title>", svg);
    app_markup_puts(svg, panel);
    fputs("</title>\n", svg);
    fprintf(svg, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", CHART_WIDTH, height);
    /* Title, then the legend along the top. */
    fprintf(svg, "<text x=\"%.0f\" y=\"24\" font-size=\"19\" font-weight=\"bold\" fill=\"#222\">",
            LEFT);
    app_markup_puts(svg, panel);
    fputs("</text>\n", svg);
    legend_place next = {LEFT, 0.0};
    int index = 0;
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (strcmp(s.panel, panel) != 0)
            continue;
        legend_place at = legend_next(&next, &s);
        double legend_x = at.x, legend_y = 44.0 + at.y;
        fprintf(svg,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#%06x\" "
                "stroke-width=\"2.5\"%s%s%s/>\n",
                legend_x, legend_y, legend_x + 28, legend_y, (unsigned)(s.color >> 8),
                dashes[index % 4][0] ? " stroke-dasharray=\"" : "", dashes[index % 4],
                dashes[index % 4][0] ? "\"" : "");
        fprintf(svg, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#222\">", legend_x + 34, legend_y + 5);
        app_markup_puts(svg, s.name);
        if (s.unit[0]) {
            fputs(" (", svg);
            app_markup_puts(svg, s.unit);
            fputc(')', svg);
        }
        fputs("</text>\n", svg);
        index++;
    }
    fprintf(svg, "<g transform=\"translate(0 %.0f)\">\n", extra);
    /* Grid and ticks. */
    char text[32];
    fputs("<g stroke=\"#e3e3e3\" stroke-width=\"1\">\n", svg);
    for (double y = ceil(v.low / v_step) * v_step; y <= v.high + v_step * 1e-9; y += v_step)
        fprintf(svg, "<line x1=\"%.1f\" y1=\"%.2f\" x2=\"%.1f\" y2=\"%.2f\"/>\n", LEFT, y_of(v, y),
                RIGHT, y_of(v, y));
    fputs("</g>\n<g fill=\"#444\" font-size=\"14\">\n", svg);
    for (double y = ceil(v.low / v_step) * v_step; y <= v.high + v_step * 1e-9; y += v_step) {
        tick_text(y, v_step, text);
        fprintf(svg, "<text x=\"%.1f\" y=\"%.2f\" text-anchor=\"end\">%s</text>\n", LEFT - 6,
                y_of(v, y) + 4.5, text);
    }
    for (double x = ceil(t.low / t_step) * t_step; x <= t.high + t_step * 1e-9; x += t_step) {
        tick_text(x, t_step, text);
        fprintf(svg, "<text x=\"%.2f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x_of(t, x),
                BOTTOM + 18, text);
    }
    fputs("</g>\n", svg);
    /* Axes and their labels. */
    fprintf(svg,
            "<path d=\"M%.1f %.1f V%.1f H%.1f\" fill=\"none\" stroke=\"#222\" "
            "stroke-width=\"1.2\"/>\n",
            LEFT, TOP, BOTTOM, RIGHT);
    fprintf(svg, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#222\">t (s)</text>\n",
            (LEFT + RIGHT) / 2, CHART_HEIGHT - 10);
    if (one_unit && unit && unit[0]) {
        fprintf(svg,
                "<text transform=\"translate(16 %.1f) rotate(-90)\" text-anchor=\"middle\" "
                "fill=\"#222\">",
                (TOP + BOTTOM) / 2);
        app_markup_puts(svg, unit);
        fputs("</text>\n", svg);
    }
    fprintf(svg,
            "<clipPath id=\"plot\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
            "height=\"%.1f\"/></clipPath>\n<g clip-path=\"url(#plot)\">\n",
            LEFT, TOP - 2, RIGHT - LEFT, BOTTOM - TOP + 4);
    index = 0;
    for (size_t i = 0; i < count; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (strcmp(s.panel, panel) == 0)
            polyline(svg, t, v, &s, index++);
    }
    fputs("</g>\n</g>\n</svg>\n", svg);
    bool ok = !ferror(svg);
    if (fclose(svg) != 0)
        ok = false;
    if (!ok || rename(temp, path) != 0) {
        snprintf(err, err_size, "cannot write '%s': %s", path, strerror(errno ? errno : EIO));
        remove(temp);
        free(temp);
        return false;
    }
    free(temp);
    return true;
}
