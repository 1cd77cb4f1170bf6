/*
 * labels.c - the script's labels drawn onto the picture.
 *
 * A label's anchor is projected with the same camera as the world (app/view.c
 * follows the renderer's conventions), moved by its offset, and the text is
 * placed so that the anchor is at the vertical middle of the block of lines
 * and on the side given by its alignment. Sizes are points, pixels of a
 * 720-line picture, so a label keeps its place relative to the scene at any
 * picture size. Everything is whole pixels from integer arithmetic on the
 * picture, so the same scene gives the same bytes on every run.
 */
#include "labels.h"

#include "guard.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bindings/loom_lua.h"
#include "../render/text.h"
#include "view.h"

/* The picture's background, slightly translucent: lines under the text fade
 * and the text stays readable. */
#define PANEL_COLOR 0xF7F7F2D0u
enum { FONTS_PER_WEIGHT = 5, MAX_LINES = 32, MIN_PIXELS = 6, MAX_PIXELS = 400, MAX_BOXES = 64 };

/* A font keeps the glyphs of one size; five per weight let a title, the
 * labels, loom.text and the plot panels' legend and ticks keep theirs from
 * frame to frame instead of rasterising them again every picture. */
typedef struct sized_font {
    lr_font *font;
    int size;      /* pixels, 0 before first use */
    unsigned used; /* frame counter of the last use */
} sized_font;

struct app_labels {
    bool loaded, warned;
    sized_font fonts[2][2][FONTS_PER_WEIGHT]; /* [mono][bold][slot] */
    unsigned clock;
    app_box boxes[MAX_BOXES]; /* where the last picture has text and panels */
    int box_count;
};

app_labels *app_labels_create(void) {
    return calloc(1, sizeof(app_labels));
}

void app_labels_destroy(app_labels *labels) {
    if (!labels)
        return;
    for (int face = 0; face < 2; face++)
        for (int weight = 0; weight < 2; weight++)
            for (int slot = 0; slot < FONTS_PER_WEIGHT; slot++)
                lr_font_destroy(labels->fonts[face][weight][slot].font);
    free(labels);
}

/* Loads the fonts on first use; false (with one warning) without them. */
static bool load_fonts(app_labels *labels) {
    if (!labels->loaded) {
        labels->loaded = true;
        char err[256] = "";
        for (int face = 0; face < 2; face++)
            for (int weight = 0; weight < 2; weight++) {
                const char *path =
                    face ? lr_font_default_path(weight == 1) : lr_font_sans_path(weight == 1);
                for (int slot = 0; slot < FONTS_PER_WEIGHT && path; slot++)
                    labels->fonts[face][weight][slot].font = lr_font_load(path, err, sizeof err);
            }
    }
    for (int face = 0; face < 2; face++)
        for (int weight = 0; weight < 2; weight++)
            for (int slot = 0; slot < FONTS_PER_WEIGHT; slot++)
                if (!labels->fonts[face][weight][slot].font) {
                    if (!labels->warned)
                        fprintf(stderr, "loom: warning: no font for labels (install "
                                        "fonts-dejavu-core); the scene is drawn without them\n");
                    labels->warned = true;
                    return false;
                }
    return true;
}

/* A font of the weight set to pixel size: one that has it, else the one
 * used longest ago. */
static lr_font *font_of_size(app_labels *labels, bool mono, bool bold, int size) {
    sized_font *fonts = labels->fonts[mono ? 1 : 0][bold ? 1 : 0];
    sized_font *chosen = &fonts[0];
    for (int slot = 0; slot < FONTS_PER_WEIGHT; slot++) {
        if (fonts[slot].size == size) {
            chosen = &fonts[slot];
            break;
        }
        if (fonts[slot].used < chosen->used)
            chosen = &fonts[slot];
    }
    if (chosen->size != size) {
        lr_font_set_size(chosen->font, size);
        chosen->size = size;
    }
    chosen->used = ++labels->clock;
    return chosen->font;
}

/* The default label colour (lua_label.c), which follows the theme's ink. */
#define LIGHT_INK 0x2B2D31FFu

typedef struct frame {
    app_labels *labels;
    void *surface;
    int width, height;
    double screen_width; /* pixels a screen x of 1 is at: the part plots leave */
    double point;        /* pixels per point */
    app_view view;
    uint32_t ink; /* the theme's: labels left in the default ink take it */
} frame;

static void draw_label(void *context, const lmlua_label *label) {
    frame *f = context;
    double x, y;
    if (label->on_screen) {
        x = label->position.x * f->screen_width;
        y = label->position.y * f->height;
    } else {
        double depth;
        if (!app_view_project(&f->view, label->position, &x, &y, &depth))
            return; /* behind the eye */
    }
    x += label->offset_x * f->point;
    y -= label->offset_y * f->point;
    /* Far outside the picture: nothing to draw, and no overflow below. */
    double reach = 4.0 * (f->width + f->height);
    if (!(fabs(x) < reach && fabs(y) < reach))
        return;

    /* The font's smallest size, and a cap that keeps the glyph cache small
     * (200 points on a 2160-line picture would be 600 pixels). */
    double pixels = label->size * f->point;
    int size = pixels < MIN_PIXELS   ? MIN_PIXELS
               : pixels > MAX_PIXELS ? MAX_PIXELS
                                     : (int)lround(pixels);
    lr_font *font = font_of_size(f->labels, label->mono, label->bold, size);
    const char *lines[MAX_LINES];
    int widths[MAX_LINES], count = 0, block_width = 0;
    for (const char *line = label->text; line && count < MAX_LINES; count++) {
        lines[count] = line;
        widths[count] = lr_text_width(font, line);
        if (widths[count] > block_width)
            block_width = widths[count];
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    int line_height = lr_font_line_height(font);
    int top = (int)lround(y - 0.5 * count * line_height);
    int anchor = (int)lround(x);
    int left = label->align == LMLUA_ALIGN_LEFT    ? anchor
               : label->align == LMLUA_ALIGN_RIGHT ? anchor - block_width
                                                   : anchor - block_width / 2;
    app_labels *labels = f->labels;
    if (labels->box_count < MAX_BOXES && block_width > 0)
        labels->boxes[labels->box_count++] =
            (app_box){left - line_height / 3, top - line_height / 10,
                      block_width + 2 * (line_height / 3), count * line_height + line_height / 5};
    if (label->panel && block_width > 0) {
        int pad_x = (line_height * 3 + 5) / 10, pad_y = (line_height + 5) / 10;
        lr_fill_rect(f->surface, left - pad_x, top - pad_y, block_width + 2 * pad_x,
                     count * line_height + 2 * pad_y, PANEL_COLOR);
    }
    for (int i = 0; i < count; i++) {
        int line_left = label->align == LMLUA_ALIGN_LEFT    ? left
                        : label->align == LMLUA_ALIGN_RIGHT ? anchor - widths[i]
                                                            : anchor - widths[i] / 2;
        lr_text_draw(font, f->surface, line_left, top + i * line_height, lines[i],
                     label->color == LIGHT_INK ? f->ink : label->color);
    }
}

/* Counts labels, to know whether fonts are needed at all. */
static void count_label(void *context, const lmlua_label *label) {
    (void)label;
    (*(int *)context)++;
}

/* Text of the overlay (loom.text, plot panels) drawn as a label would be. */
static void draw_overlay_text(frame *f, const lm_overlay_text *text) {
    lmlua_label label = {0};
    label.text = text->text;
    label.on_screen = text->screen;
    label.position = text->at;
    label.size = text->size;
    label.color = text->color;
    label.mono = true; /* loom.text and the plot panels: numbers */
    label.panel = text->panel;
    label.bold = text->bold;
    label.align = text->align == LM_OVERLAY_ALIGN_LEFT    ? LMLUA_ALIGN_LEFT
                  : text->align == LM_OVERLAY_ALIGN_RIGHT ? LMLUA_ALIGN_RIGHT
                                                          : LMLUA_ALIGN_CENTER;
    draw_label(f, &label);
}

/* The caption under each world shown side by side: its name. */
#define CAPTION_SIZE 18.0
#define CAPTION_LOW  0.035 /* its middle this fraction of the picture above the bottom */

static void draw_caption(frame *f, app_scene *scene, int index, const lr_part *part) {
    char name[64];
    lmlua_label caption = {0};
    caption.text = app_scene_world_name(scene, index, name);
    caption.on_screen = true;
    caption.position =
        (lm_vec3){(part->left + 0.5 * part->width) / f->screen_width, 1.0 - CAPTION_LOW, 0};
    caption.size = CAPTION_SIZE;
    caption.color = LIGHT_INK;
    caption.bold = true;
    caption.align = LMLUA_ALIGN_CENTER;
    draw_label(f, &caption);
}

/* Side by side: the labels at world points in one world's part (those of
 * its particles and those of no particle), or the labels on the picture. */
typedef struct in_part {
    frame *f;
    const lm_world *world; /* of this part; NULL: the labels on the picture */
} in_part;

static void draw_label_in_part(void *context, const lmlua_label *label) {
    const in_part *p = context;
    if (label->on_screen ? p->world == NULL
                         : p->world && (!label->world || label->world == p->world))
        draw_label(p->f, label);
}

static bool draw_scene(app_labels *labels, app_scene *scene, lr_renderer *renderer,
                       const lr_camera *camera, char *err, size_t err_size);

/* The renderer's interrupt: the picture's deadline. */
static bool past_deadline(void *guard) {
    return app_guard_over(guard);
}

bool app_draw_scene(app_labels *labels, app_scene *scene, lr_renderer *renderer,
                    const lr_camera *camera, char *err, size_t err_size) {
    /* One deadline for the whole picture: loom.draw, trails, the renderer. */
    app_guard *guard = app_scene_guard(scene);
    app_guard_enter(guard);
    bool drawn = draw_scene(labels, scene, renderer, camera, err, err_size);
    app_guard_leave(guard);
    return drawn;
}

static bool draw_scene(app_labels *labels, app_scene *scene, lr_renderer *renderer,
                       const lr_camera *camera, char *err, size_t err_size) {
    app_guard *guard = app_scene_guard(scene);
    int width = lr_renderer_width(renderer), height = lr_renderer_height(renderer);
    bool drawn = app_scene_draw(scene, (double)width / height, err, err_size);
    if (!drawn && app_guard_why(guard) != APP_GUARD_GOING)
        return false; /* out of time (or stopped): nothing more is drawn */
    double strip = lm_plots_strip_width(app_scene_plots(scene), (double)width / height);
    if (labels) {
        labels->box_count = 0;
        if (strip > 0.0) {
            int left = (int)lround(width * (1.0 - strip));
            labels->boxes[labels->box_count++] = (app_box){left, 0, width - left, height};
        }
    }
    const lm_overlay *overlay = drawn ? app_scene_overlay(scene) : NULL;
    lr_theme theme = app_scene_theme(scene);
    lr_renderer_set_theme(renderer, &theme);
    lr_part parts[LR_MAX_PARTS];
    bool side;
    int part_count = app_scene_parts(scene, width, height, parts, &side);
    lr_renderer_set_interrupt(renderer, past_deadline, guard);
    lr_renderer_draw_parts(renderer, parts, part_count, side, camera, overlay);
    lr_renderer_set_interrupt(renderer, NULL, NULL);
    if (lr_renderer_stopped(renderer)) {
        snprintf(err, err_size, "%s: %s", app_scene_path(scene), app_guard_message(guard));
        return false;
    }
    int count = 0;
    app_scene_each_label(scene, count_label, &count);
    size_t texts = overlay ? lm_overlay_text_count(overlay) : 0;
    if ((count == 0 && texts == 0 && !side) || !labels || !load_fonts(labels))
        return drawn;

    frame f;
    f.labels = labels;
    f.surface = lr_renderer_surface(renderer);
    f.width = width;
    f.height = height;
    f.point = f.height / 720.0;
    f.ink = theme.ink;
    lr_camera resolved = *camera;
    if (resolved.projection == LR_PROJECTION_AUTO)
        resolved.projection = app_scene_fit(scene, (double)f.width / f.height).projection;
    f.view = app_view_make(&resolved, f.width, f.height);
    /* Labels on the picture stay in the part the plot panels leave free; the
     * overlay's text was placed there already (lmlua_draw_frame). */
    f.screen_width = f.width * (1.0 - strip);
    if (!side) {
        app_scene_each_label(scene, draw_label, &f);
        f.screen_width = f.width;
        for (size_t i = 0; i < texts; i++) {
            lm_overlay_text text = lm_overlay_text_at(overlay, i);
            draw_overlay_text(&f, &text);
        }
        return drawn;
    }
    /* Side by side, what is at a world point is drawn in the part of its
     * world (a label that follows a particle, text of a trail) or in every
     * part (anything else at a world point); then what is on the picture. */
    for (int k = 0; k < part_count; k++) {
        f.view = app_view_make_part(&resolved, parts[k].left, parts[k].width, f.height);
        in_part p = {&f, parts[k].world};
        app_scene_each_label(scene, draw_label_in_part, &p);
        for (size_t i = 0; i < texts; i++) {
            lm_overlay_text text = lm_overlay_text_at(overlay, i);
            if (!text.screen && (text.part == 0 || text.part == k + 1))
                draw_overlay_text(&f, &text);
        }
        draw_caption(&f, scene, k, &parts[k]);
    }
    in_part on_picture = {&f, NULL};
    app_scene_each_label(scene, draw_label_in_part, &on_picture);
    f.screen_width = f.width;
    for (size_t i = 0; i < texts; i++) {
        lm_overlay_text text = lm_overlay_text_at(overlay, i);
        if (text.screen)
            draw_overlay_text(&f, &text);
    }
    return drawn;
}

int app_labels_boxes(const app_labels *labels, const app_box **boxes) {
    *boxes = labels ? labels->boxes : NULL;
    return labels ? labels->box_count : 0;
}

static long overlap(app_box a, app_box b) {
    long w = (long)(a.x + a.width < b.x + b.width ? a.x + a.width : b.x + b.width) -
             (a.x > b.x ? a.x : b.x);
    long h = (long)(a.y + a.height < b.y + b.height ? a.y + a.height : b.y + b.height) -
             (a.y > b.y ? a.y : b.y);
    return w > 0 && h > 0 ? w * h : 0;
}

void app_labels_free_corner(const app_labels *labels, int picture_width, int picture_height,
                            int width, int height, int margin, int *x, int *y) {
    const app_box *boxes;
    int count = app_labels_boxes(labels, &boxes);
    /* Each corner's box slides along its side, away from the corner, until
     * it covers no text; the corner that needs the shortest slide wins.
     * When no place is free, the corner covering the least text does. */
    int step = margin > 4 ? margin / 2 : 2;
    long best_slide = -1, least = -1;
    int least_x = margin, least_y = margin;
    for (int corner = 0; corner < 4; corner++) {
        int cx = corner % 2 ? picture_width - margin - width : margin;
        bool top = corner / 2 == 0;
        for (int slide = 0; slide + height + 2 * margin <= picture_height || slide == 0;
             slide += step) {
            if (best_slide >= 0 && slide >= best_slide)
                break;
            app_box place = {cx, top ? margin + slide : picture_height - margin - height - slide,
                             width, height};
            long covered = 0;
            for (int i = 0; i < count; i++)
                covered += overlap(place, boxes[i]);
            if (slide == 0 && (least < 0 || covered < least)) {
                least = covered;
                least_x = place.x;
                least_y = place.y;
            }
            if (covered == 0) {
                best_slide = slide;
                *x = place.x;
                *y = place.y;
                break;
            }
        }
    }
    if (best_slide < 0) {
        *x = least_x;
        *y = least_y;
    }
}
