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

typedef enum lm_projection {
    LM_PROJECTION_AUTO,         /* orthographic for flat scenes (z extent ~ 0), else perspective */
    LM_PROJECTION_ORTHOGRAPHIC, /* looks down -z at yaw = pitch = 0 */
    LM_PROJECTION_PERSPECTIVE,
} lm_projection;

typedef struct lm_camera {
    lm_projection projection;
    lm_vec3 target; /* m, the point in the middle of the picture */
    double yaw;     /* degrees, rotation about +y (positive turns the view to the right) */
    double pitch;   /* degrees, positive looks down on the scene */
    double height;  /* m, the world height visible through the target (both projections) */
    double fov;     /* degrees, vertical field of view for perspective; default 40 */
} lm_camera;

/* A camera as it is drawn: values out of range replaced by the renderer's
 * fallbacks (height 1 m, fov 40 degrees, target at the origin, yaw and pitch
 * 0), with the view's axes: forward into the picture, right, and up = right x
 * forward. Yaw turns the view to the right about +y, pitch tilts it down.
 * Everything that maps between the world and the picture (the renderer, the
 * camera fit, the window's mouse, labels) builds on this one convention. */
typedef struct lm_camera_frame {
    lm_vec3 target;             /* m */
    lm_vec3 right, up, forward; /* unit vectors */
    double height;              /* m, > 0 */
    double fov;                 /* degrees, in [1, 179] */
    double yaw, pitch;          /* radians */
} lm_camera_frame;

lm_camera_frame lm_camera_frame_of(const lm_camera *camera);

/* A camera that frames every particle and collider of the world with a
 * margin, for a picture of the given aspect (width / height). Flat scenes get
 * an orthographic view straight down -z; 3D ones a perspective view from
 * yaw 30, pitch 20. */
lm_camera lm_camera_fit(const lm_world *world, double aspect);

typedef struct lm_renderer lm_renderer;

/* NULL with a message in err (of err_size bytes) on failure. Needs no display. */
lm_renderer *lm_renderer_create(int width, int height, char *err, size_t err_size);
void lm_renderer_destroy(lm_renderer *renderer);
/* Changes the picture size (window resized). Returns false on failure. */
bool lm_renderer_resize(lm_renderer *renderer, int width, int height);
int lm_renderer_width(const lm_renderer *renderer);
int lm_renderer_height(const lm_renderer *renderer);

/* Clears and draws the world as seen by camera. */
void lm_renderer_draw(lm_renderer *renderer, const lm_world *world, const lm_camera *camera);

/* The same, then the overlay's shapes on top (render/overlay.h), drawn into
 * the same supersampled canvas with the same projection before it is
 * averaged down; the overlay's text is the caller's. overlay may be NULL. */
struct lm_overlay;
void lm_renderer_draw_with(lm_renderer *renderer, const lm_world *world, const lm_camera *camera,
                           const struct lm_overlay *overlay);

/* The picture (an SDL_Surface *, RGBA32), valid until the next resize or
 * destroy. Declared as void * so this header does not pull in SDL. */
void *lm_renderer_surface(lm_renderer *renderer);

/* Encodes the picture as an 8-bit RGB PNG in memory: *png (free it with
 * free) of *size bytes. The same picture always gives the same bytes. False
 * with a message in err when out of memory. Safe to call from several
 * threads on different renderers. */
bool lm_renderer_encode_png(lm_renderer *renderer, unsigned char **png, size_t *size, char *err,
                            size_t err_size);

/* Writes the picture as an 8-bit RGB PNG. Returns false with a message in err
 * (including strerror) on failure. */
bool lm_renderer_write_png(lm_renderer *renderer, const char *path, char *err, size_t err_size);

/* What the window's toggles leave out of later pictures; 0, the default,
 * draws everything (so `loom render` never hides anything). Constraints are
 * sticks and pins; springs are spring forces; colliders include the floor grid. */
enum { LM_HIDE_CONSTRAINTS = 1u, LM_HIDE_SPRINGS = 2u, LM_HIDE_COLLIDERS = 4u };
void lm_renderer_set_hidden(lm_renderer *renderer, unsigned hidden);

#endif
