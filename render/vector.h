/*
 * vector.h - a display list written as vector graphics: SVG (svg.c, loom's
 * own writer) and PDF (pdf.c, through cairo).
 *
 * Both are backends of the display list (list.h), like the rasteriser: the
 * same items, in the same order, in the same picture pixels (an SVG's user
 * unit and a PDF's point are one pixel of the list, so a 1280x720 picture is
 * a 1280 x 720 pt page, 45 x 25 cm, and prints sharp at any size). Lines
 * keep their widths, dashes, joins and ends; circles are circles; fills are
 * paths; text is text in the face the rasteriser uses (DejaVu), so it can be
 * selected, searched and extracted; markers are their shapes.
 *
 * What a vector format has no operator for is made here, once, for both
 * (lr_vector_draw): markers become fills, circles and lines; a line with a
 * colour per point (a fading trail) becomes one stroke per segment whose
 * colour runs from one end to the other, the dash pattern carried across;
 * square ends are drawn as the line made longer; anything far outside the
 * picture is clipped to a guard band around it (a PDF reader's and cairo's
 * coordinates are 24-bit fixed point), keeping the dash pattern's phase;
 * text gets its baseline and em size from the face's metrics. A backend
 * then needs only the operations of lr_vector_ops.
 *
 * Triangles with a colour per corner (smooth shading) are the one item the
 * formats differ on: PDF has Gouraud shading (cairo's mesh patterns), exact;
 * SVG has none, so svg.c paints each triangle with the linear gradient
 * closest to its corners' colours (exact when they differ along one
 * direction, as a lit face's do) and an outline of the same paint reaching
 * half a pixel out, so neighbouring triangles show no seam. Depth triangles are
 * painted in list order (back to front by their centres: list.h).
 */
#ifndef LOOM_RENDER_VECTOR_H
#define LOOM_RENDER_VECTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fonts.h"
#include "list.h"

/* Writes the list as an SVG 1.1 file (text as <text>, UTF-8). fonts sets
 * text (NULL: none, as in the rasteriser). False with a message in err
 * (naming path, with strerror) when it cannot be written. */
bool lr_svg_write(const lr_list *list, const lr_fonts *fonts, const char *path, char *err,
                  size_t err_size);

/* Writes the list as a one-page PDF through cairo, with the DejaVu faces
 * embedded (subset) so its text can be extracted. */
bool lr_pdf_write(const lr_list *list, const lr_fonts *fonts, const char *path, char *err,
                  size_t err_size);

/* -------------------------------------------------------------- backends -- */

/* How a line is stroked: width in pixels, colour 0xRRGGBBAA, dashes as in
 * lr_item (dash[0] = 0: solid), started `offset` pixels into the pattern;
 * ends are butt, joins mitred with the miter capped at twice the width. */
typedef struct lr_vector_stroke {
    float width;
    uint32_t color;
    float dash[4];
    double offset;
} lr_vector_stroke;

typedef struct lr_vector_ops {
    /* The page: width x height pixels, opaque colour. */
    void (*begin)(void *context, int width, int height, uint32_t background);
    /* A polyline of count >= 2 points (closed: back to the first). */
    void (*path)(void *context, const lr_point *points, size_t count, bool closed,
                 const lr_vector_stroke *stroke);
    /* One segment from a to b whose colour runs from stroke->color at a to
     * color_b at b. */
    void (*segment)(void *context, lr_point a, lr_point b, uint32_t color_b,
                    const lr_vector_stroke *stroke);
    /* A filled polygon of count >= 3 points (nonzero winding). */
    void (*fill)(void *context, const lr_point *points, size_t count, uint32_t fill);
    /* A disc in fill (alpha 0: none) and its outline (stroke NULL: none). */
    void (*circle)(void *context, double x, double y, double radius, uint32_t fill,
                   const lr_vector_stroke *stroke);
    /* A triangle whose colour is blended across from its corners'. */
    void (*triangle)(void *context, const lr_point corners[3], const uint32_t colors[3]);
    /* One line of valid UTF-8 text (no control characters), its baseline
     * starting at (x, y), em pixels to the em. */
    void (*text)(void *context, double x, double y, double em, lr_face face, uint32_t color,
                 const char *text, size_t length);
} lr_vector_ops;

/* Walks the list, calling ops for each item (begin first). False when out of
 * memory (the picture is then incomplete). */
bool lr_vector_draw(const lr_list *list, const lr_fonts *fonts, const lr_vector_ops *ops,
                    void *context);

#endif
