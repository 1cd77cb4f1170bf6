/*
 * svg.c - a display list as an SVG file, written by loom itself.
 *
 * Why not cairo's SVG surface (cairo is already here for PDF): it writes
 * every glyph as a path in <defs> and each text as <use> references to
 * them, so the text of a figure can no longer be selected, searched, read
 * by a screen reader or edited in Inkscape; and it is larger (measured in
 * bench/RESULTS.md). Writing SVG is a page of fprintf.
 *
 * Coordinates are written with two decimals (a hundredth of a pixel),
 * colours as #rrggbb with an opacity where alpha is under 255. Smooth
 * triangles: see vector.h.
 */
#include "vector.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct svg {
    FILE *out;
    unsigned gradients; /* ids handed out: g1, g2, ... */
} svg;

/* A number with at most two decimals and no trailing zeros. */
static void number(FILE *out, double v) {
    char text[48];
    if (!isfinite(v))
        v = 0.0;
    snprintf(text, sizeof text, "%.2f", v);
    char *dot = strchr(text, '.');
    if (dot) {
        char *end = text + strlen(text) - 1;
        while (end > dot && *end == '0')
            *end-- = '\0';
        if (end == dot)
            *end = '\0';
    }
    fputs(strcmp(text, "-0") == 0 ? "0" : text, out);
}

/* ` NAME="V"` */
static void attribute(FILE *out, const char *name, double v) {
    fprintf(out, " %s=\"", name);
    number(out, v);
    fputc('"', out);
}

/* ` NAME="#rrggbb"` and ` OPACITY="a"` when alpha is under 255. */
static void paint_as(FILE *out, const char *name, const char *opacity, uint32_t rgba) {
    fprintf(out, " %s=\"#%06x\"", name, (unsigned)(rgba >> 8));
    if ((rgba & 0xFFu) != 0xFFu) {
        fprintf(out, " %s=\"", opacity);
        number(out, (double)(rgba & 0xFFu) / 255.0);
        fputc('"', out);
    }
}

/* fill, fill-opacity; stroke, stroke-opacity. */
static void paint(FILE *out, const char *name, uint32_t rgba) {
    paint_as(out, name, strcmp(name, "fill") == 0 ? "fill-opacity" : "stroke-opacity", rgba);
}

static void stroke_attributes(FILE *out, const lr_vector_stroke *stroke) {
    attribute(out, "stroke-width", stroke->width);
    fputs(" stroke-miterlimit=\"2\"", out);
    if (stroke->dash[0] > 0.0f) {
        int count = stroke->dash[2] > 0.0f ? 4 : 2;
        fputs(" stroke-dasharray=\"", out);
        for (int i = 0; i < count; i++) {
            if (i)
                fputc(' ', out);
            number(out, stroke->dash[i]);
        }
        fputc('"', out);
        if (stroke->offset > 0.0) {
            double period = 0.0;
            for (int i = 0; i < count; i++)
                period += stroke->dash[i];
            attribute(out, "stroke-dashoffset", fmod(stroke->offset, period));
        }
    }
}

static void points(FILE *out, const lr_point *p, size_t count, bool closed) {
    fputs(" d=\"M", out);
    for (size_t i = 0; i < count; i++) {
        if (i == 1)
            fputs(" L", out);
        fputc(' ', out);
        number(out, p[i].x);
        fputc(' ', out);
        number(out, p[i].y);
    }
    fputs(closed ? " Z\"" : "\"", out);
}

static void svg_begin(void *context, int width, int height, uint32_t background) {
    FILE *out = ((svg *)context)->out;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" stroke-linejoin=\"miter\">\n"
            "<rect width=\"%d\" height=\"%d\"",
            width, height, width, height, width, height);
    paint(out, "fill", background | 0xFFu);
    fputs("/>\n", out);
}

static void svg_path(void *context, const lr_point *p, size_t count, bool closed,
                     const lr_vector_stroke *stroke) {
    FILE *out = ((svg *)context)->out;
    fputs("<path", out);
    points(out, p, count, closed);
    fputs(" fill=\"none\"", out);
    paint(out, "stroke", stroke->color);
    stroke_attributes(out, stroke);
    fputs("/>\n", out);
}

/* A linear gradient from (x0, y0) in c0 to (x1, y1) in c1; its id. */
static unsigned gradient(svg *s, double x0, double y0, double x1, double y1, uint32_t c0,
                         uint32_t c1) {
    FILE *out = s->out;
    unsigned id = ++s->gradients;
    fprintf(out, "<linearGradient id=\"g%u\" gradientUnits=\"userSpaceOnUse\"", id);
    attribute(out, "x1", x0);
    attribute(out, "y1", y0);
    attribute(out, "x2", x1);
    attribute(out, "y2", y1);
    fputs("><stop offset=\"0\"", out);
    paint_as(out, "stop-color", "stop-opacity", c0);
    fputs("/><stop offset=\"1\"", out);
    paint_as(out, "stop-color", "stop-opacity", c1);
    fputs("/></linearGradient>\n", out);
    return id;
}

static void svg_segment(void *context, lr_point a, lr_point b, uint32_t color_b,
                        const lr_vector_stroke *stroke) {
    svg *s = context;
    FILE *out = s->out;
    if (stroke->color == color_b || (a.x == b.x && a.y == b.y)) {
        svg_path(context, (lr_point[]){a, b}, 2, false, stroke);
        return;
    }
    unsigned id = gradient(s, a.x, a.y, b.x, b.y, stroke->color, color_b);
    fputs("<path", out);
    points(out, (lr_point[]){a, b}, 2, false);
    fprintf(out, " fill=\"none\" stroke=\"url(#g%u)\"", id);
    stroke_attributes(out, stroke);
    fputs("/>\n", out);
}

static void svg_fill(void *context, const lr_point *p, size_t count, uint32_t fill) {
    FILE *out = ((svg *)context)->out;
    fputs("<path", out);
    points(out, p, count, true);
    paint(out, "fill", fill);
    fputs("/>\n", out);
}

static void svg_circle(void *context, double x, double y, double radius, uint32_t fill,
                       const lr_vector_stroke *stroke) {
    FILE *out = ((svg *)context)->out;
    fputs("<circle", out);
    attribute(out, "cx", x);
    attribute(out, "cy", y);
    attribute(out, "r", radius);
    if (fill & 0xFFu)
        paint(out, "fill", fill);
    else
        fputs(" fill=\"none\"", out);
    if (stroke) {
        paint(out, "stroke", stroke->color);
        stroke_attributes(out, stroke);
    }
    fputs("/>\n", out);
}

static double channel(uint32_t rgba, int k) {
    return (double)((rgba >> (24 - 8 * k)) & 0xFFu);
}

static uint32_t color_of(const double c[4]) {
    uint32_t rgba = 0;
    for (int k = 0; k < 4; k++)
        rgba |= (uint32_t)lround(c[k] < 0.0 ? 0.0 : c[k] > 255.0 ? 255.0 : c[k]) << (24 - 8 * k);
    return rgba;
}

/* The linear gradient closest to a triangle's corner colours. Each channel
 * is linear across the triangle, with a gradient vector; the direction that
 * best serves all four (the main axis of the sum of their outer products)
 * carries the gradient, and along it each channel is fitted to the three
 * corners by least squares. Exact when the channels' gradients are
 * parallel (a lit face: its colour times a light that varies across it). */
static void svg_triangle(void *context, const lr_point p[3], const uint32_t colors[3]) {
    svg *s = context;
    FILE *out = s->out;
    double ex1 = p[1].x - p[0].x, ey1 = p[1].y - p[0].y;
    double ex2 = p[2].x - p[0].x, ey2 = p[2].y - p[0].y;
    double det = ex1 * ey2 - ey1 * ex2;
    double a = 0.0, b = 0.0, c = 0.0;
    if (fabs(det) > 1e-9) {
        for (int k = 0; k < 4; k++) {
            double d1 = channel(colors[1], k) - channel(colors[0], k);
            double d2 = channel(colors[2], k) - channel(colors[0], k);
            double gx = (d1 * ey2 - d2 * ey1) / det, gy = (d2 * ex1 - d1 * ex2) / det;
            a += gx * gx;
            b += gx * gy;
            c += gy * gy;
        }
    }
    bool opaque = (colors[0] & colors[1] & colors[2] & 0xFFu) == 0xFFu;
    double sx = 0.0, sy = 0.0;
    if (a + c > 1e-12) {
        double l = 0.5 * (a + c) + sqrt(0.25 * (a - c) * (a - c) + b * b);
        sx = fabs(b) > 1e-12 * (a + c) ? l - c : (a >= c ? 1.0 : 0.0);
        sy = fabs(b) > 1e-12 * (a + c) ? b : (a >= c ? 0.0 : 1.0);
        double n = hypot(sx, sy);
        sx /= n;
        sy /= n;
    }
    double t[3], lo = 0.0, hi = 0.0;
    for (int i = 0; i < 3; i++) {
        t[i] = (p[i].x - p[0].x) * sx + (p[i].y - p[0].y) * sy;
        lo = i == 0 || t[i] < lo ? t[i] : lo;
        hi = i == 0 || t[i] > hi ? t[i] : hi;
    }
    char fill[32];
    if (hi - lo > 1e-6) {
        /* Each channel as alpha + beta t, least squares over the corners. */
        double mean_t = (t[0] + t[1] + t[2]) / 3.0, var = 0.0;
        for (int i = 0; i < 3; i++)
            var += (t[i] - mean_t) * (t[i] - mean_t);
        double from[4], to[4];
        for (int k = 0; k < 4; k++) {
            double mean_c =
                       (channel(colors[0], k) + channel(colors[1], k) + channel(colors[2], k)) /
                       3.0,
                   cov = 0.0;
            for (int i = 0; i < 3; i++)
                cov += (t[i] - mean_t) * (channel(colors[i], k) - mean_c);
            double beta = cov / var;
            from[k] = mean_c + beta * (lo - mean_t);
            to[k] = mean_c + beta * (hi - mean_t);
        }
        unsigned id = gradient(s, p[0].x + lo * sx, p[0].y + lo * sy, p[0].x + hi * sx,
                               p[0].y + hi * sy, color_of(from), color_of(to));
        snprintf(fill, sizeof fill, "url(#g%u)", id);
    } else {
        double mean[4];
        for (int k = 0; k < 4; k++)
            mean[k] = (channel(colors[0], k) + channel(colors[1], k) + channel(colors[2], k)) / 3.0;
        uint32_t rgba = color_of(mean);
        if ((rgba & 0xFFu) != 0xFFu) {
            svg_fill(context, p, 3, rgba);
            return;
        }
        snprintf(fill, sizeof fill, "#%06x", (unsigned)(rgba >> 8));
    }
    fputs("<path", out);
    points(out, p, 3, true);
    fprintf(out, " fill=\"%s\"", fill);
    /* An opaque triangle gets an outline of its own paint reaching half a
     * pixel out, covering the seam anti-aliasing leaves between neighbours
     * (a quarter pixel still let 6% of the background through). */
    if (opaque)
        fprintf(out, " stroke=\"%s\" stroke-width=\"1\" stroke-linejoin=\"round\"", fill);
    fputs("/>\n", out);
}

static void svg_text(void *context, double x, double y, double em, lr_face face, uint32_t color,
                     const char *text, size_t length) {
    FILE *out = ((svg *)context)->out;
    bool mono = face == LR_FACE_MONO || face == LR_FACE_MONO_BOLD;
    bool bold = face == LR_FACE_SANS_BOLD || face == LR_FACE_MONO_BOLD;
    fputs("<text", out);
    attribute(out, "x", x);
    attribute(out, "y", y);
    fprintf(out, " font-family=\"%s\"",
            mono ? "DejaVu Sans Mono, monospace" : "DejaVu Sans, sans-serif");
    attribute(out, "font-size", em);
    if (bold)
        fputs(" font-weight=\"bold\"", out);
    paint(out, "fill", color);
    fputs(" xml:space=\"preserve\" style=\"white-space:pre\">", out);
    for (size_t i = 0; i < length; i++) {
        switch (text[i]) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        default:
            fputc(text[i], out);
        }
    }
    fputs("</text>\n", out);
}

bool lr_svg_write(const lr_list *list, const lr_fonts *fonts, const char *path, char *err,
                  size_t err_size) {
    static const lr_vector_ops ops = {svg_begin,  svg_path,     svg_segment, svg_fill,
                                      svg_circle, svg_triangle, svg_text};
    svg s = {fopen(path, "w"), 0};
    if (!s.out) {
        snprintf(err, err_size, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    bool drawn = lr_vector_draw(list, fonts, &ops, &s);
    fputs("</svg>\n", s.out);
    int saved = ferror(s.out) ? errno : 0;
    if (fclose(s.out) != 0 && !saved)
        saved = errno ? errno : EIO;
    if (saved || !drawn) {
        if (saved)
            snprintf(err, err_size, "cannot write '%s': %s", path, strerror(saved));
        else
            snprintf(err, err_size, "cannot write '%s': out of memory", path);
        unlink(path);
        return false;
    }
    return true;
}
