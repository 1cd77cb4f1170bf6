/*
 * compose.c - a scene's picture laid out into the display list (see
 * compose.h for the regions): the world, the script's shapes, its labels
 * and loom.text, the title, the plot panels, in that order.
 *
 * A label's anchor is projected with the picture's camera, moved by its
 * offset, and the text placed so that the anchor is at the vertical middle
 * of its block of lines and on the side its alignment says (text.c). Sizes
 * are points, so a label keeps its place relative to the scene at any
 * picture size.
 */
#include "compose.h"

#include "stage.h"
#include "text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The picture's background, slightly translucent, under labels that ask for
 * a panel: lines under the text fade and the text stays readable. */
#define PANEL_ALPHA 0xD0u

static lr_face face_of(bool mono, bool bold) {
    return mono ? (bold ? LR_FACE_MONO_BOLD : LR_FACE_MONO)
                : (bold ? LR_FACE_SANS_BOLD : LR_FACE_SANS);
}

/* Text reads at 4.5:1 (WCAG AA) against the picture's background in every
 * theme: a colour the scene chose on another theme is shaded until it does. */
#define TEXT_CONTRAST 4.5

static uint32_t ink_of(uint32_t color, const lr_theme *theme) {
    if (color == 0 || color == LR_DEFAULT_INK)
        return theme->ink;
    return lr_readable(color, theme->background, TEXT_CONTRAST);
}

typedef struct composer {
    const lr_scene *scene;
    const lr_fonts *fonts;
    lr_list *list;
    lr_layout *layout;
    lr_view view;
    double point;
    int width, height;
} composer;

static void remember(composer *c, lr_area box) {
    if (box.width > 0.0 && c->layout->text_count < LR_LAYOUT_BOXES)
        c->layout->text[c->layout->text_count++] = box;
}

/* A label's anchor in picture pixels; false when it is behind the eye or
 * far outside the picture. */
static bool anchor_of(const composer *c, const lr_label *label, double *x, double *y) {
    if (label->on_screen) {
        *x = c->layout->scene.x + label->position.x * c->layout->scene.width;
        *y = c->layout->scene.y + label->position.y * c->layout->scene.height;
    } else {
        double depth;
        if (!lr_view_project(&c->view, label->position, x, y, &depth))
            return false;
    }
    *x += label->offset_x * c->point;
    *y -= label->offset_y * c->point;
    double reach = 4.0 * ((double)c->width + c->height);
    return fabs(*x) < reach && fabs(*y) < reach;
}

static lr_area place_label(composer *c, const lr_label *label) {
    double x, y;
    if (!label->text || !anchor_of(c, label, &x, &y))
        return (lr_area){0, 0, 0, 0};
    const lr_theme *theme = &c->scene->theme;
    lr_text_style style = {face_of(label->mono, label->bold), label->size * c->point,
                           ink_of(label->color, theme), label->align,
                           label->panel ? (theme->background & 0xFFFFFF00u) | PANEL_ALPHA : 0u};
    return lr_text_place(c->list, c->fonts, label->text, x, y, &style);
}

/* The title: a label, set smaller (down to MIN_TITLE of its size) and then
 * on two lines (broken at the space nearest the middle) when it would not
 * fit across the scene's part, and kept inside it. */
#define MIN_TITLE    0.6
#define TITLE_MARGIN 12.0 /* points from the scene part's sides */
static lr_area place_title(composer *c, const lr_label *title) {
    double x, y;
    if (!title->text || !c->fonts || !anchor_of(c, title, &x, &y))
        return (lr_area){0, 0, 0, 0};
    const lr_theme *theme = &c->scene->theme;
    lr_text_style style = {face_of(title->mono, title->bold), title->size * c->point,
                           ink_of(title->color, theme), title->align,
                           title->panel ? (theme->background & 0xFFFFFF00u) | PANEL_ALPHA : 0u};
    double room = c->layout->scene.width - 2.0 * TITLE_MARGIN * c->point;
    char text[2 * 1024 + 2];
    snprintf(text, sizeof text, "%s", title->text);
    double size = style.size;
    lr_area box = lr_text_box(c->fonts, text, x, y, &style);
    for (int attempt = 0; box.width > room && attempt < 2; attempt++) {
        if (attempt == 1 && !strchr(text, '\n')) {
            /* Two lines, broken at the space nearest the middle. */
            size_t length = strlen(text), best = 0;
            for (size_t i = 1; i + 1 < length; i++)
                if (text[i] == ' ' && (best == 0 || fabs((double)i - 0.5 * length) <
                                                        fabs((double)best - 0.5 * length)))
                    best = i;
            if (best)
                text[best] = '\n';
            style.size = size;
            box = lr_text_box(c->fonts, text, x, y, &style);
        }
        double shrink = room / box.width;
        style.size = style.size * (shrink < MIN_TITLE ? MIN_TITLE : shrink);
        box = lr_text_box(c->fonts, text, x, y, &style);
    }
    /* Inside the scene's part. */
    double left = c->layout->scene.x + TITLE_MARGIN * c->point;
    double right = c->layout->scene.x + c->layout->scene.width - TITLE_MARGIN * c->point;
    if (box.x + box.width > right)
        x -= box.x + box.width - right;
    if (box.x < left)
        x += left - box.x;
    return lr_text_place(c->list, c->fonts, text, x, y, &style);
}

/* The worlds the scene shows, with their looks: its list, or its one world. */
static int scene_worlds(const lr_scene *scene, const lm_world *worlds[LR_MAX_WORLDS],
                        const lr_styles *styles[LR_MAX_WORLDS]) {
    if (scene->worlds && scene->world_count > 0) {
        int count = scene->world_count < LR_MAX_WORLDS ? scene->world_count : LR_MAX_WORLDS;
        int kept = 0;
        for (int i = 0; i < count; i++)
            if (scene->worlds[i].world) {
                worlds[kept] = scene->worlds[i].world;
                styles[kept++] = scene->worlds[i].styles;
            }
        return kept;
    }
    worlds[0] = scene->world;
    styles[0] = scene->styles;
    return scene->world ? 1 : 0;
}

/* The camera's view of a part of the picture x pixels from the left, width
 * wide, as if it were the whole picture (the camera's target in its middle). */
static lr_view view_of(composer *c, bool perspective, double x, double width) {
    lr_view view = lr_view_make(&c->scene->camera, perspective, width, c->height);
    view.cx += x;
    view.point = c->point;
    return view;
}

static bool perspective_of(const composer *c, const lm_world *const *worlds, int count) {
    const lr_camera *camera = &c->scene->camera;
    if (camera->projection == LR_PROJECTION_AUTO && count > 0)
        return lr_camera_fit_worlds(worlds, count, (double)c->width / c->height).projection ==
               LR_PROJECTION_PERSPECTIVE;
    return camera->projection == LR_PROJECTION_PERSPECTIVE;
}

/* Which labels and loom.text place_texts places. */
typedef struct text_filter {
    bool all;              /* every one (one world, or worlds overlaid) */
    bool on_screen;        /* else those at world points ... */
    const lm_world *world; /* ... of this world, or of none */
    int part;              /* ... and loom.text of this overlay part, or of every part */
} text_filter;

static bool wanted_label(const text_filter *f, const lr_label *label) {
    if (f->all)
        return true;
    if (label->on_screen != f->on_screen)
        return false;
    return f->on_screen || !label->world || label->world == f->world;
}

static bool wanted_text(const text_filter *f, const lr_overlay_text *t, int part) {
    if (f->all)
        return true;
    if (t->screen != f->on_screen)
        return false;
    return f->on_screen || part == 0 || part == f->part;
}

/* Labels (not the title), then loom.text (in the mono face), those the
 * filter wants. */
static void place_texts(composer *c, const text_filter *filter) {
    const lr_scene *scene = c->scene;
    for (size_t i = 0; i < scene->label_count; i++) {
        const lr_label *label = &scene->labels[i];
        if (!label->title && wanted_label(filter, label))
            remember(c, place_label(c, label));
    }
    size_t texts = scene->overlay ? lr_overlay_text_count(scene->overlay) : 0;
    for (size_t i = 0; i < texts; i++) {
        lr_overlay_text t = lr_overlay_text_at(scene->overlay, i);
        if (!wanted_text(filter, &t, lr_overlay_text_part(scene->overlay, i)))
            continue;
        lr_label label = {.text = t.text,
                          .on_screen = t.screen,
                          .position = t.at,
                          .size = t.size,
                          .color = t.color,
                          .panel = t.panel,
                          .bold = t.bold,
                          .mono = true,
                          .align = t.align == LR_OVERLAY_ALIGN_LEFT    ? LR_ALIGN_LEFT
                                   : t.align == LR_OVERLAY_ALIGN_RIGHT ? LR_ALIGN_RIGHT
                                                                       : LR_ALIGN_CENTER};
        remember(c, place_label(c, &label));
    }
}

/* Side by side: each world in its own column of the scene's part. */
#define CAPTION_SIZE 18.0  /* points */
#define CAPTION_LOW  0.035 /* its middle this fraction of the picture above the bottom */
#define RULE_WIDTH   1.0   /* points */
static void compose_side_by_side(composer *c, lr_stage *stage, const lm_world *const *worlds,
                                 const lr_styles *const *styles, int count) {
    const lr_scene *scene = c->scene;
    lr_layout *layout = c->layout;
    bool perspective = perspective_of(c, worlds, count);
    int scene_width = (int)layout->scene.width;
    for (int k = 0; k < count; k++) {
        int left = scene_width * k / count, right = scene_width * (k + 1) / count;
        lr_area part = {left, 0, right - left, c->height};
        layout->parts[layout->part_count++] = part;
        c->view = view_of(c, perspective, part.x, part.width);
        lr_list_clip(c->list, (float)part.x, (float)part.y, (float)part.width, (float)part.height);
        lr_stage_draw_world(stage, worlds[k], &c->view, &scene->theme, styles[k], scene->hidden,
                            c->list);
        if (scene->overlay)
            lr_overlay_emit_part(scene->overlay, &c->view, layout->scene, c->point, &scene->theme,
                                 k + 1, c->list);
        text_filter in_part = {false, false, worlds[k], k + 1};
        place_texts(c, &in_part);
        lr_list_clip(c->list, 0, 0, 0, 0);
        const char *name = scene->worlds && k < scene->world_count ? scene->worlds[k].name : NULL;
        if (name && name[0]) {
            lr_label caption = {
                .text = name,
                .on_screen = true,
                .position = {(part.x + 0.5 * part.width - layout->scene.x) / layout->scene.width,
                             1.0 - CAPTION_LOW, 0.0},
                .size = CAPTION_SIZE,
                .bold = true,
                .align = LR_ALIGN_CENTER};
            remember(c, place_label(c, &caption));
        }
        if (k > 0) {
            float weight = (float)(RULE_WIDTH * c->point);
            lr_list_line(c->list, (float)part.x, 0.0f, (float)part.x, (float)c->height,
                         weight < 1.0f ? 1.0f : weight, scene->theme.panel_grid, 0);
        }
    }
    /* Over every column: what is on the picture. */
    c->view = view_of(c, perspective, 0.0, c->width);
    if (scene->overlay)
        lr_overlay_emit_part(scene->overlay, &c->view, layout->scene, c->point, &scene->theme, -1,
                             c->list);
    text_filter on_picture = {false, true, NULL, 0};
    place_texts(c, &on_picture);
}

void lr_compose_scene(lr_stage *stage, const lr_fonts *fonts, const lr_scene *scene, int width,
                      int height, lr_list *list, lr_layout *layout) {
    double scale = scene->scale > 0.0 ? scene->scale : 1.0;
    lr_list_reset(list, width, height, scene->theme.background);
    memset(layout, 0, sizeof *layout);
    composer c = {scene, fonts, list, layout, {0}, height / 720.0 * scale, width, height};
    layout->point = c.point;
    /* The plot strip on the right, the scene's part the rest. */
    double strip = lr_plots_strip_width(scene->plots, (double)width / height, scale);
    int left = strip > 0.0 ? (int)lround(width * (1.0 - strip)) : width;
    layout->scene = (lr_area){0, 0, left, height};
    layout->plots = (lr_area){left, 0, width - left, strip > 0.0 ? height : 0};

    const lm_world *worlds[LR_MAX_WORLDS];
    const lr_styles *styles[LR_MAX_WORLDS];
    int count = scene_worlds(scene, worlds, styles);
    if (scene->side_by_side && count >= 2) {
        compose_side_by_side(&c, stage, worlds, styles, count);
    } else {
        c.view = view_of(&c, perspective_of(&c, worlds, count), 0.0, width);
        if (count > 0)
            lr_stage_draw_worlds(stage, worlds, styles, count, &c.view, &scene->theme,
                                 scene->hidden, list);
        if (scene->overlay)
            lr_overlay_emit(scene->overlay, &c.view, layout->scene, c.point, &scene->theme, list);
        text_filter every = {.all = true};
        place_texts(&c, &every);
    }
    /* The title last, over everything. */
    for (size_t i = 0; i < scene->label_count; i++)
        if (scene->labels[i].title)
            layout->title = place_title(&c, &scene->labels[i]);

    if (layout->plots.width > 0.0)
        layout->panel_count = lr_plots_draw(scene->plots, layout->plots, c.point, &scene->theme,
                                            fonts, list, layout->panels);
}
