/*
 * stage.h - drawing a world into the display list (render/ only; not public).
 *
 * A world becomes display list items (list.h) in four stages, one file each:
 *   1. collect (collect.c): lm_world_draw's callbacks turn colliders, links
 *      and particles into primitives already projected to picture pixels
 *      (project.c), each with its depth along the view direction; in 3D,
 *      surfaces are found and shaded first (surface.c);
 *   2. sort (sort.c): back to front (painter's algorithm), ties kept in
 *      engine order; a flat scene seen straight on keeps engine order;
 *   3. expand (expand.c): each primitive, in that order, becomes the list's
 *      paths, fills, circles and triangles (a spring's zigzag, a particle's
 *      outline and pin ring, a shaded ball's discs, a rope's strands); a
 *      shaded surface's triangles carry their corners' depths, so a backend
 *      with a depth buffer draws folded cloth and crossing surfaces right.
 * A backend draws the list (raster.h for pictures).
 *
 * Sizes are given in "points": pixels of a 720-line picture, times the
 * picture's scale (lr_scene.scale), so lines keep their weight whatever the
 * picture height.
 */
#ifndef LOOM_RENDER_STAGE_H
#define LOOM_RENDER_STAGE_H

#include "grow.h"
#include "list.h"
#include "render.h"

#include <math.h>
#include <stdlib.h>

/* Band around the picture (pixels) past which a shape is left out whole
 * (a backend clips what reaches into the picture). */
#define GUARD 2048.0
/* Band around the picture (pixels) that lines and polygons are clipped to
 * before they are stored as floats, which keep a twentieth of a pixel there. */
#define FAR 1e6
/* The thinnest line, in pixels. */
#define THINNEST 1.0

/* Sizes in points. */
#define LINE_WIDTH     2.0
#define BOX_WIDTH      2.5
#define PIN_WIDTH      1.25
#define GRID_WIDTH     1.0
#define DOT_RADIUS     2.0
#define OUTLINE_WIDTH  1.25
#define MARK_HALF_SIZE 3.5
#define RING_GAP       2.0
#define RING_WIDTH     1.75
#define ZIGZAG_HEIGHT  6.0
#define ZIGZAG_TEETH   10
#define DASH_LENGTH    6.0
#define DASH_GAP       4.0
#define ROPE_WIDTH     6.0  /* the rope look: a thick line ... */
#define ROPE_STRAND    0.2  /* ... crossed by strands this fraction of its width, */
#define ROPE_LAY       1.15 /* one every this many widths (its lay) */
#define CHAIN_OUTLINE  0.75 /* points of darker edge around a chain link's wire */

/* A chain link's shape, as fractions of its length (the segment a-b). */
#define CHAIN_WIDTH       0.45 /* outer width */
#define CHAIN_OVERLAP     0.12 /* it reaches this far past each end, into its neighbours */
#define CHAIN_WIRE        0.13 /* the wire's thickness */
#define CHAIN_SHINE       0.28 /* a lighter line along the wire, this fraction of its width, */
#define CHAIN_SHINE_LIGHT 0.25 /* this much towards white */

/* Shaded surfaces in 3D (surface.c): two-sided diffuse plus ambient light
 * from a key light fixed to the camera, up and to the left of the eye. */
#define LIGHT_AMBIENT 0.38
#define LIGHT_DIFFUSE 0.62
#define SHADOW_ALPHA  0x22u /* per ring of a contact shadow (three rings) */

#define DEGREES        (3.14159265358979323846 / 180.0)
#define FLAT_TOLERANCE 1e-9

typedef enum prim_kind {
    PRIM_LINE,
    PRIM_ZIGZAG,
    PRIM_DASHED,
    PRIM_PARTICLE,
    PRIM_POLYGON, /* a filled convex polygon: count corners in px, py */
    PRIM_DISC,    /* a filled disc: centre x0, y0, radius size */
    PRIM_ROPE,    /* a thick line with twisted strands, from x0, y0 to x1, y1 */
    PRIM_CHAIN,   /* a chain link: see push_chain_link */
    PRIM_BALL,    /* a shaded ball: centre x0, y0, radius size (tessellate.c) */
    PRIM_SMOOTH,  /* a triangle lit per corner: tx, ty, colours tc (interpolated) */
} prim_kind;

enum { POLYGON_MAX = 12 };

/* prim.flags of a particle drawn as a shaded ball (3D), beside LM_DRAW_*;
 * of a PRIM_SMOOTH triangle of a surface, drawn with the depth buffer. */
#define PRIM_SHADED 0x80u
#define PRIM_DEPTH  0x40u

/* One thing to draw, in picture pixels. */
typedef struct prim {
    double depth;   /* along the view direction; larger is farther */
    uint32_t order; /* engine order, the tie-breaker */
    uint8_t kind;   /* prim_kind */
    uint8_t flags;  /* particles: LM_DRAW_* */
    float x0, y0;   /* line start, or particle centre */
    float x1, y1;   /* line end */
    float size;     /* line width, or particle radius (0 = a point) */
    uint32_t color;
    uint8_t count; /* polygons: corners in px, py */
    union {
        struct {
            float px[POLYGON_MAX], py[POLYGON_MAX];
        };
        struct { /* PRIM_SMOOTH */
            float tx[3], ty[3];
            uint32_t tc[3];
            float tz[3]; /* depth along the view at each corner */
        };
    };
} prim;

typedef struct pending_link {
    lm_vec3 a, b;
    lr_style style;
    uint8_t kind;    /* lm_link_style */
    uint32_t pa, pb; /* particle slots + 1 of a stick or spring; 0 otherwise */
    bool in_surface; /* an edge of a shaded surface: not drawn unless styled */
} pending_link;

typedef struct pending_particle {
    lm_vec3 position;
    double radius;
    unsigned flags;
    uint32_t color; /* its style's, 0 = default */
    uint32_t slot;
} pending_particle;

typedef struct pending_face {
    lm_vec3 x[3];
    uint32_t p[3]; /* particle slots + 1 */
} pending_face;

typedef struct caster {
    lm_vec3 centre;
    double radius;
} caster;

typedef struct normal_sum {
    lm_vec3 sum;  /* the normals of the surface triangles at a particle, turned to agree */
    double total; /* the sum of their lengths */
    bool on_face; /* a corner of a collision face */
} normal_sum;

typedef struct camera_point {
    double x, y, z; /* along right, up, forward */
} camera_point;

typedef struct lr_stage {
    /* Per picture: set by lr_stage_draw_world. */
    lr_view view;
    lr_list *list;
    unsigned hidden;         /* LR_HIDE_* */
    const lr_styles *styles; /* may be NULL */
    lr_theme theme;          /* default colours and line weight */

    /* Per-frame scratch, kept between frames to avoid reallocating. */
    prim *prims;
    size_t prim_count, prim_capacity;
    uint32_t next_order;
    bool grid_drawn;
    double particle_zmin, particle_zmax;

    /* 3D pictures (surface.c): links, particles and faces are kept until the
     * world is reported, then surfaces are found and shaded, and the links
     * and particles they replace left out. */
    const lm_world *world;
    bool has_floor;
    double floor_y;
    pending_link *links;
    size_t link_count, link_capacity;
    pending_particle *particles;
    size_t particle_count, particle_capacity;
    pending_face *faces;
    size_t face_count, face_capacity;
    caster *casters;
    size_t caster_count, caster_capacity;
    uint32_t *cells; /* three particle slots per cell found among the links */
    size_t cell_count, cell_capacity;
    uint32_t *scratch; /* adjacency and per-slot marks */
    size_t scratch_capacity;
    const pending_particle **by_slot; /* per particle slot: its pending entry */
    size_t by_slot_capacity;
    normal_sum *normals; /* per particle slot: the surface normals summed there */
    size_t normal_capacity;
} lr_stage;

/* NULL when out of memory. */
lr_stage *lr_stage_create(void);
void lr_stage_destroy(lr_stage *stage);

/* Appends the world, as seen by view, to list, back to front. */
void lr_stage_draw_world(lr_stage *stage, const lm_world *world, const lr_view *view,
                         const lr_theme *theme, const lr_styles *styles, unsigned hidden,
                         lr_list *list);
/* The same for count worlds overlaid, each with its looks (styles[i], may
 * be NULL): painted together, back to front, as if they were one world (a
 * flat picture keeps the engine's order, world after world). */
void lr_stage_draw_worlds(lr_stage *stage, const lm_world *const *worlds,
                          const lr_styles *const *styles, int count, const lr_view *view,
                          const lr_theme *theme, unsigned hidden, lr_list *list);

/* The theme's colours, by the names the stages use. */
#define COLOR_BACKGROUND (stage->theme.background)
#define COLOR_INK        (stage->theme.ink)
#define COLOR_STICK      (stage->theme.stick)
#define COLOR_SPRING     (stage->theme.spring)
#define COLOR_PIN        (stage->theme.pin)
#define COLOR_PARTICLE   (stage->theme.particle)
#define COLOR_GRID       (stage->theme.grid)
#define COLOR_ROPE       (stage->theme.rope)
#define COLOR_SOLID      (stage->theme.solid)
#define COLOR_SOLID_3D   (stage->theme.solid_3d)
#define COLOR_CHAIN      (stage->theme.chain)
#define COLOR_SURFACE    (stage->theme.surface)

/* ------------------------------------------------------------- helpers -- */

static inline lm_vec3 sub(lm_vec3 a, lm_vec3 b) {
    return (lm_vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

static inline double dot(lm_vec3 a, lm_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline double max2(double a, double b) {
    return a > b ? a : b;
}

static inline lm_vec3 along(lm_vec3 a, lm_vec3 d, double s) {
    return (lm_vec3){a.x + d.x * s, a.y + d.y * s, a.z + d.z * s};
}

static inline lm_vec3 unit(lm_vec3 a) {
    double n = sqrt(dot(a, a));
    return n > 0.0 ? (lm_vec3){a.x / n, a.y / n, a.z / n} : a;
}

static inline lm_vec3 cross(lm_vec3 a, lm_vec3 b) {
    return (lm_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/* ------------------------------------------------- project (project.c) -- */

camera_point lr_to_camera(const lr_view *v, lm_vec3 p);
/* Picture pixels per metre at depth z. */
double lr_pixels_per_metre(const lr_view *v, double z);
void lr_to_canvas(const lr_view *v, camera_point c, double *x, double *y);
/* Liang-Barsky: clips the segment to FAR; false if nothing is left. */
bool lr_clip_segment(const lr_view *v, double *x0, double *y0, double *x1, double *y1);
/* Sutherland-Hodgman: clips a convex polygon (n <= POLYGON_MAX corners) to
 * FAR; returns the corners left. */
int lr_clip_polygon(const lr_view *v, double *x, double *y, int n);

/* ------------------------------------------------- collect (collect.c) -- */

/* lm_draw_fns callbacks; context is the lr_stage. */
void lr_collect_collider(void *context, lm_collider collider, const lm_collider_def *def);
void lr_collect_link(void *context, lm_vec3 a, lm_vec3 b, lm_link_style style,
                     lm_constraint constraint, lm_force force);
void lr_collect_particle(void *context, lm_particle particle, lm_vec3 position, double radius,
                         unsigned flags);

/* A link or particle drawn now (flat pictures) or after the surfaces (3D). */
void lr_emit_link(lr_stage *stage, lm_vec3 a, lm_vec3 b, lm_link_style style, lr_style look);
void lr_emit_particle(lr_stage *stage, lm_vec3 position, double radius, unsigned flags,
                      uint32_t color, bool shaded);
void lr_collect_face(void *context, lm_constraint face, lm_vec3 a, lm_vec3 b, lm_vec3 c);
typedef enum lr_depth { LR_DEPTH_FARTHEST, LR_DEPTH_CENTROID, LR_DEPTH_FLOOR } lr_depth;
/* A filled convex polygon of up to POLYGON_MAX world points. */
void lr_push_polygon(lr_stage *stage, const lm_vec3 *points, int n, uint32_t color, lr_depth depth);
/* A triangle of world points whose corners have their own (opaque) colours,
 * blended across it (smooth shading); a surface's (buffered) is drawn with
 * the depth buffer too. */
void lr_push_smooth_triangle(lr_stage *stage, const lm_vec3 points[3], const uint32_t colors[3],
                             lr_depth depth, bool buffered);
/* The key light's direction (towards the light), in the world. */
lm_vec3 lr_key_light(const lr_view *view);

/* ------------------------------------------------- surface (surface.c) -- */

void lr_surface_record_link(lr_stage *stage, lm_vec3 a, lm_vec3 b, lm_link_style style,
                            lr_style look, lm_constraint constraint, lm_force force);
void lr_surface_record_particle(lr_stage *stage, lm_particle particle, lm_vec3 position,
                                double radius, unsigned flags, uint32_t color);
void lr_surface_add_caster(lr_stage *stage, lm_vec3 centre, double radius);
/* After lm_world_draw in 3D: shadows, shaded surfaces, then the kept links
 * and particles. */
void lr_surface_build(lr_stage *stage);
void lr_surface_free(lr_stage *stage);

/* ------------------------------------------------------- sort (sort.c) -- */

/* Orders the collected primitives for painting. */
void lr_sort(lr_stage *stage, const lm_world *const *worlds, int count);

/* ---------------------------------------------------- expand (expand.c) -- */

/* Appends every collected primitive, in order, to the stage's list. */
void lr_expand(lr_stage *stage);

#endif
