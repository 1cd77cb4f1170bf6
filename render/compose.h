/*
 * compose.h - what a picture shows, and where each part of it goes.
 *
 * A scene's picture (lr_scene, drawn by lr_renderer_draw_scene) is laid out
 * in regions, in this order, so that no part covers another:
 *   - the plot panels take a strip along the right edge (render/plot.h),
 *     their own background under them;
 *   - the scene takes the rest: its world (seen by the camera, which the
 *     caller centres in that part), the script's drawing, its labels and
 *     loom.text, with `screen` coordinates as fractions of that part;
 *   - the title is centred along its top, set smaller (down to 60%) or on
 *     two lines when it would not fit across it;
 *   - several worlds (lr_scene.worlds) side by side cut the scene's part
 *     into equal columns, left to right, a thin rule between two: each
 *     world is seen by the camera as if its column were the whole scene
 *     (the camera's target in the column's middle), clipped to it, with
 *     the script's drawing at world points of that world (or of every
 *     world) and its name under it; the script's drawing in `screen`
 *     coordinates, its labels on the picture and the title span the whole
 *     scene part over them. Overlaid, the worlds share the scene's part and
 *     are painted together, back to front, as one world would be.
 * The window's panels (lr_ui, drawn by lr_renderer_draw_ui over that
 * picture, never into screenshots or recordings) are laid out around it:
 *   - the sliders in the bottom-left corner of the scene's part (or the next
 *     corner free of its labels and title), above the error panel when there
 *     is one (which spans the bottom of the picture);
 *   - the heads-up display in the corner of the scene's part (top left, top
 *     right, bottom left, bottom right) where it covers none of the title,
 *     labels, loom.text or sliders, or slid along a side from a corner until
 *     it does, the shortest slide winning; where every place covers text, at
 *     the corner that covers least, never over the sliders or the plots;
 *   - the help in the middle, over everything (it is asked for).
 *
 * Sizes: text, lines and markers are in points, pixels of a 720-line picture
 * times `scale` (1 by default; the window's and the command line's
 * enlargement, loom.style{ scale = }): a 1920x1080 picture gets text half as
 * large again as a 1280x720 one, and a room can ask for more.
 */
#ifndef LOOM_RENDER_COMPOSE_H
#define LOOM_RENDER_COMPOSE_H

#include "overlay.h"
#include "plot.h"
#include "render.h"

typedef enum lr_align { LR_ALIGN_LEFT, LR_ALIGN_CENTER, LR_ALIGN_RIGHT } lr_align;

/* A label (loom.label, loom.title). */
typedef struct lr_label {
    const char *text; /* UTF-8, lines split at '\n' (at most 32) */
    bool on_screen;   /* position.x, .y are fractions of the scene's part from its top-left */
    lm_vec3 position; /* else a world point in m */
    double offset_x;  /* points, to the right */
    double offset_y;  /* points, upwards */
    double size;      /* points: the height of a line */
    uint32_t color;   /* 0xRRGGBBAA; 0: the theme's ink */
    bool panel;       /* on a translucent panel of the theme's background */
    bool bold;
    bool mono;             /* DejaVu Sans Mono instead of DejaVu Sans */
    lr_align align;        /* which side of the text the anchor is on */
    bool title;            /* the scene's title: laid out along the top (see above) */
    const lm_world *world; /* the world of the particle it follows, else NULL: side by
                            * side, it is drawn in that world's column (else in every one) */
} lr_label;

/* One of the worlds a scene shows when it compares several (loom.show). */
typedef struct lr_scene_world {
    const lm_world *world;
    const lr_styles *styles; /* may be NULL */
    const char *name;        /* side by side: the caption under its column; may be NULL */
} lr_scene_world;

enum { LR_MAX_WORLDS = 8 };

typedef struct lr_scene {
    const lm_world *world; /* NULL: the background alone (or the worlds below) */
    lr_camera camera;      /* a projection of AUTO is resolved with lr_camera_fit */
    const lr_styles *styles;
    lr_theme theme;
    unsigned hidden; /* LR_HIDE_* */
    double scale;    /* see above; 0 counts as 1 */
    const lr_overlay *overlay;
    const lr_plots *plots;
    const lr_label *labels;
    size_t label_count;
    /* Several worlds (1 to LR_MAX_WORLDS; world and styles above are then
     * not used), side by side or overlaid (see above). */
    const lr_scene_world *worlds;
    int world_count;
    bool side_by_side;
} lr_scene;

enum { LR_LAYOUT_BOXES = 64 };

/* Where a composed scene put its parts. */
typedef struct lr_layout {
    lr_area scene;                 /* the scene's part of the picture */
    lr_area plots;                 /* the plot strip (width 0 without plots) */
    lr_area title;                 /* width 0 without a title */
    lr_area text[LR_LAYOUT_BOXES]; /* labels and loom.text, the first ones */
    int text_count;
    double point;                             /* pixels per point, the scale included */
    lr_plot_place panels[LR_PLOT_MAX_PANELS]; /* each panel's plot area and axes */
    int panel_count;
    lr_area parts[LR_MAX_WORLDS]; /* side by side: each world's column, in order */
    int part_count;               /* 0 unless several worlds are side by side */
} lr_layout;

/* ------------------------------------------------------ the window's panels -- */

typedef struct lr_ui_line {
    const char *key;  /* drawn bold in the key colour before the text; may be NULL */
    const char *text; /* may be NULL */
} lr_ui_line;

typedef struct lr_ui_slider {
    const char *text; /* its label and value, as shown */
    double fraction;  /* where the knob is along the track, 0 to 1 */
} lr_ui_slider;

enum { LR_UI_SLIDERS = 16 };

/* A measurement over the scene's picture (the window's probes, rulers,
 * stopwatch and timeline bar), in picture pixels: a line (x0, y0)-(x1, y1)
 * `width` points wide, a box from (x0, y0) to (x1, y1) filled with color, or
 * a label: text in color centred on (x0, y0), on a panel of colour panel
 * (0: none), its lines split at '\n'. Drawn under the panels, in order. */
typedef enum lr_ui_mark_kind { LR_UI_LINE, LR_UI_BOX, LR_UI_LABEL } lr_ui_mark_kind;

typedef struct lr_ui_mark {
    lr_ui_mark_kind kind;
    float x0, y0, x1, y1;
    float width;
    uint32_t color, panel;
    const char *text;
} lr_ui_mark;

typedef struct lr_ui {
    double scale;           /* 0 counts as 1 */
    const char *const *hud; /* the heads-up display's lines; NULL: none */
    int hud_count;
    const char *warning; /* under the HUD, bold in the key colour; may be NULL */
    const char *notice;  /* under that; may be NULL */
    const lr_ui_slider *sliders;
    int slider_count;       /* at most LR_UI_SLIDERS are shown */
    const char *error;      /* the error panel's text (lines split at '\n'); NULL: none */
    const char *error_hint; /* its last line, in the key colour */
    const lr_ui_line *help; /* NULL: no help */
    int help_count;
    const lr_ui_line *scene_keys; /* the scene's own keys, under the help's */
    int scene_key_count;
    const lr_ui_mark *marks; /* measurements, under everything above */
    int mark_count;
} lr_ui;

/* Where the panels went, for the window's mouse. */
typedef struct lr_ui_layout {
    lr_area hud;     /* width 0 when not drawn */
    lr_area sliders; /* the slider panel */
    struct {
        int track_x0, track_x1, track_y; /* the track, pixels */
        int row_y0, row_y1;              /* the slider's rows, for the mouse */
    } slider[LR_UI_SLIDERS];
    int slider_count;
    lr_area error;
    lr_area help;
} lr_ui_layout;

/* --------------------------------------------------- composition (render/) -- */

struct lr_stage;

/* Appends the scene to list (reset for it first), a picture of list's size;
 * where its parts went in *layout. */
void lr_compose_scene(struct lr_stage *stage, const lr_fonts *fonts, const lr_scene *scene,
                      int width, int height, lr_list *list, lr_layout *layout);
/* Appends the panels of ui to list (reset for it first), around layout. */
void lr_compose_ui(const lr_fonts *fonts, const lr_ui *ui, const lr_layout *layout, int width,
                   int height, lr_list *list, lr_ui_layout *placed);

#endif
