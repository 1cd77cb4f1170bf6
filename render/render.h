/*
 * render.h - loom's one drawing path.
 *
 * A picture is made in two halves (render/list.h):
 *   compose: the scene (a world seen by a camera, the script's drawing and
 *            labels, its title and plot panels) is laid out and turned into a
 *            display list of primitives in picture pixels; the window's
 *            panels (heads-up display, sliders, help, error) are laid out
 *            around what the scene put where (compose.h);
 *   draw:    a backend draws the list; loom's is a tiled, threaded software
 *            rasteriser (raster.h) into an SDL_Surface, which the window
 *            blits to the screen and `loom render` writes as PNG, so a frame
 *            on disk is exactly what the window showed, byte for byte.
 *
 * Depends on the engine's public header, SDL2 and stb; the engine never
 * includes this file.
 */
#ifndef LOOM_RENDER_H
#define LOOM_RENDER_H

#include "../engine/loom.h"
#include "fonts.h"
#include "list.h"
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
    double point;    /* pixels per point (a pixel of a 720-line picture), times the scale */
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

/* A rectangle of the picture, in pixels. */
typedef struct lr_area {
    double x, y, width, height;
} lr_area;

typedef struct lr_renderer lr_renderer;
struct lr_scene;
struct lr_ui;
struct lr_ui_layout;
struct lr_layout;

/* A picture of width x height pixels whose text is set in fonts (NULL: no
 * text; they must outlive the renderer). NULL with a message in err (of
 * err_size bytes) on failure. Needs no display. */
lr_renderer *lr_renderer_create(int width, int height, const lr_fonts *fonts, char *err,
                                size_t err_size);
void lr_renderer_destroy(lr_renderer *renderer);
/* Changes the picture size (window resized). Returns false on failure. */
bool lr_renderer_resize(lr_renderer *renderer, int width, int height);
int lr_renderer_width(const lr_renderer *renderer);
int lr_renderer_height(const lr_renderer *renderer);
/* Threads drawing one picture, the caller's included (the picture is the same
 * bytes for any number). Default 1. */
void lr_renderer_set_threads(lr_renderer *renderer, int threads);

/* The scene's picture (compose.h): lays it out into the renderer's display
 * list, then draws the list. False when out of memory (the picture is then
 * incomplete). */
bool lr_renderer_draw_scene(lr_renderer *renderer, const struct lr_scene *scene);
/* The same in two halves, for pictures drawn on other threads: compose
 * reads the scene (the world, the overlay, the labels) and keeps only the
 * list, so the world may change as soon as it returns; draw then needs
 * nothing but the renderer. */
void lr_renderer_compose(lr_renderer *renderer, const struct lr_scene *scene);
bool lr_renderer_draw_list(lr_renderer *renderer);
/* A world alone, fitted or seen by camera (NULL: fitted), on the theme's
 * background. */
void lr_renderer_draw(lr_renderer *renderer, const lm_world *world, const lr_camera *camera,
                      const lr_theme *theme);

/* The window's panels over the picture, laid out around the scene composed
 * last (compose.h); where they went in *placed (may be NULL). */
void lr_renderer_draw_ui(lr_renderer *renderer, const struct lr_ui *ui,
                         struct lr_ui_layout *placed);

/* The display list of the scene composed last (a backend may draw it), and
 * where its parts went. */
const lr_list *lr_renderer_list(const lr_renderer *renderer);
const struct lr_layout *lr_renderer_layout(const lr_renderer *renderer);

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

/* What the window's toggles leave out (lr_scene.hidden); 0, the default,
 * draws everything (so `loom render` never hides anything). Constraints are
 * sticks and pins; springs are spring forces; colliders include the floor
 * grid. */
enum { LR_HIDE_CONSTRAINTS = 1u, LR_HIDE_SPRINGS = 2u, LR_HIDE_COLLIDERS = 4u };

/* Asked now and then while lr_renderer_draw_list draws, on the calling
 * thread (between a few dozen of the list's items, and after about a canvas
 * of samples painted): true leaves the rest of the picture undrawn (a time
 * limit on drawing). NULL removes it. */
void lr_renderer_set_interrupt(lr_renderer *renderer, bool (*stop)(void *context), void *context);
/* Whether the last draw was stopped by the interrupt. */
bool lr_renderer_stopped(const lr_renderer *renderer);

#endif
