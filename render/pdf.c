/*
 * pdf.c - a display list as a one-page PDF, through cairo.
 *
 * Cairo (Debian's libcairo2) writes the PDF: paths, dashes, gradients,
 * Gouraud-shaded triangles (its mesh patterns become a PDF shading, so a
 * cloth is smooth at any zoom) and text in the DejaVu faces it finds
 * through fontconfig, embedded as a subset with their character map, so
 * pdftotext and a reader's search find the words. A page point is a pixel
 * of the list. Consecutive triangles go into one mesh, painted at once.
 */
#include "vector.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct pdf {
    cairo_t *cr;
    cairo_pattern_t *mesh; /* triangles waiting to be painted, or NULL */
} pdf;

static void source(cairo_t *cr, uint32_t rgba) {
    cairo_set_source_rgba(cr, (double)(rgba >> 24) / 255.0, (double)((rgba >> 16) & 0xFFu) / 255.0,
                          (double)((rgba >> 8) & 0xFFu) / 255.0, (double)(rgba & 0xFFu) / 255.0);
}

/* Paints the triangles gathered so far (they come before what follows). */
static void flush_mesh(pdf *p) {
    if (!p->mesh)
        return;
    cairo_set_source(p->cr, p->mesh);
    cairo_paint(p->cr);
    cairo_pattern_destroy(p->mesh);
    p->mesh = NULL;
}

static void stroke_with(cairo_t *cr, const lr_vector_stroke *stroke) {
    cairo_set_line_width(cr, stroke->width);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_set_miter_limit(cr, 2.0);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    double dash[4];
    int count = stroke->dash[0] > 0.0f ? (stroke->dash[2] > 0.0f ? 4 : 2) : 0;
    for (int i = 0; i < count; i++)
        dash[i] = stroke->dash[i];
    cairo_set_dash(cr, dash, count, count ? stroke->offset : 0.0);
    cairo_stroke(cr);
}

static void trace(cairo_t *cr, const lr_point *points, size_t count, bool closed) {
    cairo_new_path(cr);
    for (size_t i = 0; i < count; i++)
        (i ? cairo_line_to : cairo_move_to)(cr, points[i].x, points[i].y);
    if (closed)
        cairo_close_path(cr);
}

static void pdf_begin(void *context, int width, int height, uint32_t background) {
    pdf *p = context;
    (void)width;
    (void)height;
    source(p->cr, background | 0xFFu);
    cairo_paint(p->cr);
}

static void pdf_path(void *context, const lr_point *points, size_t count, bool closed,
                     const lr_vector_stroke *stroke) {
    pdf *p = context;
    flush_mesh(p);
    trace(p->cr, points, count, closed);
    source(p->cr, stroke->color);
    stroke_with(p->cr, stroke);
}

static void pdf_segment(void *context, lr_point a, lr_point b, uint32_t color_b,
                        const lr_vector_stroke *stroke) {
    pdf *p = context;
    flush_mesh(p);
    cairo_pattern_t *line = cairo_pattern_create_linear(a.x, a.y, b.x, b.y);
    uint32_t ends[2] = {stroke->color, color_b};
    for (int i = 0; i < 2; i++)
        cairo_pattern_add_color_stop_rgba(
            line, i, (double)(ends[i] >> 24) / 255.0, (double)((ends[i] >> 16) & 0xFFu) / 255.0,
            (double)((ends[i] >> 8) & 0xFFu) / 255.0, (double)(ends[i] & 0xFFu) / 255.0);
    trace(p->cr, (lr_point[]){a, b}, 2, false);
    cairo_set_source(p->cr, line);
    stroke_with(p->cr, stroke);
    cairo_pattern_destroy(line);
}

static void pdf_fill(void *context, const lr_point *points, size_t count, uint32_t fill) {
    pdf *p = context;
    flush_mesh(p);
    trace(p->cr, points, count, true);
    source(p->cr, fill);
    cairo_set_fill_rule(p->cr, CAIRO_FILL_RULE_WINDING);
    cairo_fill(p->cr);
}

static void pdf_circle(void *context, double x, double y, double radius, uint32_t fill,
                       const lr_vector_stroke *stroke) {
    pdf *p = context;
    flush_mesh(p);
    cairo_new_path(p->cr);
    cairo_arc(p->cr, x, y, radius, 0.0, 2.0 * 3.14159265358979323846);
    cairo_close_path(p->cr);
    if (fill & 0xFFu) {
        source(p->cr, fill);
        cairo_fill_preserve(p->cr);
    }
    if (stroke) {
        source(p->cr, stroke->color);
        stroke_with(p->cr, stroke);
    }
    cairo_new_path(p->cr);
}

static void pdf_triangle(void *context, const lr_point corners[3], const uint32_t colors[3]) {
    pdf *p = context;
    if (!p->mesh)
        p->mesh = cairo_pattern_create_mesh();
    cairo_mesh_pattern_begin_patch(p->mesh);
    for (int i = 0; i < 3; i++)
        (i ? cairo_mesh_pattern_line_to : cairo_mesh_pattern_move_to)(p->mesh, corners[i].x,
                                                                      corners[i].y);
    for (unsigned i = 0; i < 3; i++) {
        uint32_t c = colors[i];
        cairo_mesh_pattern_set_corner_color_rgba(
            p->mesh, i, (double)(c >> 24) / 255.0, (double)((c >> 16) & 0xFFu) / 255.0,
            (double)((c >> 8) & 0xFFu) / 255.0, (double)(c & 0xFFu) / 255.0);
    }
    cairo_mesh_pattern_end_patch(p->mesh);
}

static void pdf_text(void *context, double x, double y, double em, lr_face face, uint32_t color,
                     const char *text, size_t length) {
    pdf *p = context;
    (void)length; /* text ends with a NUL */
    flush_mesh(p);
    bool mono = face == LR_FACE_MONO || face == LR_FACE_MONO_BOLD;
    bool bold = face == LR_FACE_SANS_BOLD || face == LR_FACE_MONO_BOLD;
    cairo_select_font_face(p->cr, mono ? "DejaVu Sans Mono" : "DejaVu Sans",
                           CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(p->cr, em);
    source(p->cr, color);
    cairo_move_to(p->cr, x, y);
    cairo_show_text(p->cr, text);
    cairo_new_path(p->cr);
}

bool lr_pdf_write(const lr_list *list, const lr_fonts *fonts, const char *path, char *err,
                  size_t err_size) {
    static const lr_vector_ops ops = {pdf_begin,  pdf_path,     pdf_segment, pdf_fill,
                                      pdf_circle, pdf_triangle, pdf_text};
    cairo_surface_t *surface = cairo_pdf_surface_create(path, list->width, list->height);
    cairo_status_t status = cairo_surface_status(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        snprintf(err, err_size, "cannot write '%s': %s", path, cairo_status_to_string(status));
        cairo_surface_destroy(surface);
        return false;
    }
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "loom");
    pdf p = {cairo_create(surface), NULL};
    bool drawn = lr_vector_draw(list, fonts, &ops, &p);
    flush_mesh(&p);
    status = cairo_status(p.cr);
    cairo_destroy(p.cr);
    cairo_surface_finish(surface);
    if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS || !drawn) {
        snprintf(err, err_size, "cannot write '%s': %s", path,
                 drawn ? cairo_status_to_string(status) : "out of memory");
        remove(path);
        return false;
    }
    return true;
}
