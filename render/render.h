/*
 * render.h - loom's one drawing path.
 *
 * The renderer rasterises a world (through lm_world_draw) into an SDL_Surface
 * with SDL's software renderer. The window blits that same surface to the
 * screen and the headless mode writes it as PNG with stb_image_write, so a
 * frame on disk is exactly what the window showed, and the same world gives
 * byte-identical pixels on every run.
 *
 * Depends on the engine's public header, SDL2 and stb; the engine never
 * includes this file.
 */
#ifndef LOOM_RENDER_H
#define LOOM_RENDER_H

#include "../engine/loom.h"
#include "style.h"
#include "theme.h"

typedef enum lr_projection {
    LR_PROJECTION_AUTO,         /* orthographic for flat scenes (z extent ~ 0), else perspective */
    LR_PROJECTION_ORTHOGRAPHIC, /* looks down -z at yaw = pitch = 0 */
    LR_PROJECTION_PERSPECTIVE,
} lr_projection;

typedef struct lr_camera {
    lr_projection projection;
    lm_vec3 target; /* m, the point in the middle of the picture */
    double yaw;     /* degrees, rotation about +y (positive turns the view to the right) */
    double pitch;   /* degrees, positive looks down on the scene */
    double height;  /* m, the world height visible through the target (both projections) */
    double fov;     /* degrees, vertical field of view for perspective; default 40 */
} lr_camera;

/* A camera as it is drawn: values out of range replaced by the renderer's
 * fallbacks (height 1 m, fov 40 degrees, target at the origin, yaw and pitch
 * 0), with the view's axes: forward into the picture, right, and up = right x
 * forward. Yaw turns the view to the right about +y, pitch tilts it down.
 * Everything that maps between the world and the picture (the renderer, the
 * camera fit, the window's mouse, labels) builds on this one convention. */
typedef struct lr_camera_frame {
    lm_vec3 target;             /* m */
    lm_vec3 right, up, forward; /* unit vectors */
    double height;              /* m, > 0 */
    double fov;                 /* degrees, in [1, 179] */
    double yaw, pitch;          /* radians */
} lr_camera_frame;

lr_camera_frame lr_camera_frame_of(const lr_camera *camera);

/* A camera that frames every particle and collider of the world with a
 * margin, for a picture of the given aspect (width / height). Flat scenes get
 * an orthographic view straight down -z; 3D ones a perspective view from
 * yaw 30, pitch 20. */
lr_camera lr_camera_fit(const lm_world *world, double aspect);
/* The same for several worlds seen with one camera: it frames them all. */
lr_camera lr_camera_fit_worlds(const lm_world *const *worlds, int count, double aspect);

/* Where the camera is and how world points map to pixels: the one
 * projection the renderer draws with, and that the window's mouse and the
 * labels use too. */
typedef struct lr_view {
    bool perspective;
    bool straight;  /* orthographic, looking straight down -z */
    lm_vec3 origin; /* the eye (perspective) or the target (orthographic) */
    lm_vec3 right, up, forward;
    double focal;    /* orthographic: pixels per metre; perspective: pixels at unit depth */
    double near;     /* perspective: nothing closer than this to the eye is drawn; else -inf */
    double cx, cy;   /* the picture's centre, pixels */
    double point;    /* pixels per point (a pixel of a 720-line picture) */
    lm_vec3 target;  /* the camera's target, m */
    double height_m; /* world height visible through the target, m */
    double metres_per_pixel; /* at the target's depth */
} lr_view;

/* The view of camera for a picture of width x height pixels, perspective or
 * orthographic (camera->projection is not consulted: pass what AUTO resolved
 * to). */
lr_view lr_view_make(const lr_camera *camera, bool perspective, double width, double height);

/* Pixel of a world point and its depth along forward; false when it lies
 * behind the eye's near limit or off any finite pixel. */
bool lr_view_project(const lr_view *view, lm_vec3 point, double *x, double *y, double *depth);

/* The point under pixel (x, y) on the plane through `on` facing the camera. */
lm_vec3 lr_view_unproject(const lr_view *view, double x, double y, lm_vec3 on);

typedef struct lr_renderer lr_renderer;

/* NULL with a message in err (of err_size bytes) on failure. Needs no display. */
lr_renderer *lr_renderer_create(int width, int height, char *err, size_t err_size);
void lr_renderer_destroy(lr_renderer *renderer);
/* Changes the picture size (window resized). Returns false on failure. */
bool lr_renderer_resize(lr_renderer *renderer, int width, int height);
int lr_renderer_width(const lr_renderer *renderer);
int lr_renderer_height(const lr_renderer *renderer);

/* Clears and draws the world as seen by camera. */
void lr_renderer_draw(lr_renderer *renderer, const lm_world *world, const lr_camera *camera);

/* The same, then the overlay's shapes on top (render/overlay.h), drawn into
 * the same supersampled canvas with the same projection before it is
 * averaged down; the overlay's text is the caller's. overlay may be NULL. */
struct lm_overlay;
void lr_renderer_draw_with(lr_renderer *renderer, const lm_world *world, const lr_camera *camera,
                           const struct lm_overlay *overlay);

/* One of several worlds in a picture (a scene comparing worlds: loom.show),
 * with its looks (style.h, or NULL), and, when they are side by side, the
 * columns of the picture it is drawn in: picture pixels from the left. */
enum { LR_MAX_PARTS = 8 };
typedef struct lr_part {
    const lm_world *world;
    const lr_styles *styles;
    int left, width;
} lr_part;

/* Clears and draws count worlds (at most LR_MAX_PARTS) with one camera,
 * then the overlay. Overlaid (side false), they share the picture and one
 * view, sorted together as if they were one world. Side by side, each is
 * drawn in its own columns as if the picture were only those columns (the
 * camera's target in their middle), with the overlay's world items of its
 * part or of every part (lm_overlay_set_part), a thin rule between two
 * parts; then the overlay's screen items over the whole picture. One world
 * overlaid is exactly lr_renderer_draw_with. lr_renderer_set_styles is
 * not consulted (each part has its own). */
void lr_renderer_draw_parts(lr_renderer *renderer, const lr_part *parts, int count, bool side,
                            const lr_camera *camera, const struct lm_overlay *overlay);

/* The picture (an SDL_Surface *, RGBA32), valid until the next resize or
 * destroy. Declared as void * so this header does not pull in SDL. */
void *lr_renderer_surface(lr_renderer *renderer);

/* Encodes the picture as an 8-bit RGB PNG in memory: *png (free it with
 * free) of *size bytes. The same picture always gives the same bytes. False
 * with a message in err when out of memory. Safe to call from several
 * threads on different renderers. */
bool lr_renderer_encode_png(lr_renderer *renderer, unsigned char **png, size_t *size, char *err,
                            size_t err_size);

/* Writes the picture as an 8-bit RGB PNG. Returns false with a message in err
 * (including strerror) on failure. */
bool lr_renderer_write_png(lr_renderer *renderer, const char *path, char *err, size_t err_size);

/* What the window's toggles leave out of later pictures; 0, the default,
 * draws everything (so `loom render` never hides anything). Constraints are
 * sticks and pins; springs are spring forces; colliders include the floor grid. */
/* The colours and looks of the world's objects (style.h) for later pictures,
 * or NULL for every object in its default colour. The renderer only reads
 * them, while drawing: they must outlive the draws that use them. */
void lr_renderer_set_styles(lr_renderer *renderer, const lr_styles *styles);

/* The theme of later pictures (theme.h); NULL goes back to "light". */
void lr_renderer_set_theme(lr_renderer *renderer, const lr_theme *theme);

enum { LR_HIDE_CONSTRAINTS = 1u, LR_HIDE_SPRINGS = 2u, LR_HIDE_COLLIDERS = 4u };
void lr_renderer_set_hidden(lr_renderer *renderer, unsigned hidden);

/* Asked now and then while a picture is drawn (between primitives and
 * between the overlay's items): true leaves the rest of the picture undrawn
 * (a time limit on drawing). NULL removes it. */
void lr_renderer_set_interrupt(lr_renderer *renderer, bool (*stop)(void *context), void *context);
/* Whether the last draw was stopped by the interrupt. */
bool lr_renderer_stopped(const lr_renderer *renderer);

#endif
