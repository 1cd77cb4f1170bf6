/*
 * render.c - drawing a world with SDL's software renderer.
 *
 * A frame is made in four stages:
 *   1. collect: lm_world_draw calls back with colliders, links and particles;
 *      each becomes a primitive already projected to canvas pixels, with its
 *      depth along the view direction;
 *   2. sort: back to front (painter's algorithm), ties kept in engine order;
 *      a flat scene seen straight on keeps engine order altogether;
 *   3. tessellate: primitives become triangles (quads for thick lines, fans
 *      for discs) in one vertex list, submitted with SDL_RenderGeometry;
 *   4. resolve: the canvas is drawn SUPERSAMPLE times larger than the picture
 *      and averaged down, which smooths edges for a projector in class.
 *
 * Sizes are given in "points": pixels of a 720-line picture, so lines keep
 * their weight whatever the picture height.
 */
#include "render.h"

#include "overlay.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SUPERSAMPLE = 2 };

/* Guard band around the canvas (in canvas pixels) that geometry is clipped
 * to, so that huge coordinates never reach the rasteriser. */
#define GUARD 4096.0

/* Colours, 0xRRGGBBAA. */
#define COLOR_BACKGROUND 0xF7F7F2FFu
#define COLOR_INK        0x2B2D31FFu
#define COLOR_STICK      0x4A4F57FFu
#define COLOR_SPRING     0xE0700FFFu
#define COLOR_PIN        0xD0342CFFu
#define COLOR_PARTICLE   0x1F63D6FFu
#define COLOR_GRID       0xE3E3DAFFu
#define COLOR_ROPE       0x8A6A3FFFu
#define COLOR_SOLID      0xDCD9CBFFu /* colliders' fill, flat scenes */
#define COLOR_SOLID_3D   0xA8A49355u /* colliders' fill in 3D: translucent, so nothing hides */

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
#define COLOR_CHAIN       0x6E7580FFu

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
} prim_kind;

enum { POLYGON_MAX = 12 };

/* One thing to draw, in canvas pixels. */
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
    float px[POLYGON_MAX], py[POLYGON_MAX];
} prim;

/* Where the camera is and how world points map to canvas pixels. */
typedef struct view {
    bool perspective;
    bool straight;  /* orthographic, looking straight down -z */
    lm_vec3 origin; /* the eye (perspective) or the target (orthographic) */
    lm_vec3 right, up, forward;
    double scale; /* orthographic: pixels per metre; perspective: focal length in pixels */
    double near;  /* perspective: nothing closer than this to the eye is drawn */
    double cx, cy;
    double point;    /* canvas pixels per point */
    lm_vec3 target;  /* the camera's target, m */
    double height_m; /* world height visible through the target, m */
} view;

typedef struct camera_point {
    double x, y, z; /* along right, up, forward */
} camera_point;

struct lm_renderer {
    int width, height;
    SDL_Surface *picture; /* width x height, RGBA32: what callers get */
    SDL_Surface *canvas;  /* SUPERSAMPLE times larger, drawn into */
    SDL_Renderer *sdl;

    /* Per-frame scratch, kept between frames to avoid reallocating. */
    view view;
    prim *prims;
    size_t prim_count, prim_capacity;
    uint32_t next_order;
    bool grid_drawn;
    double particle_zmin, particle_zmax;
    SDL_Vertex *vertices;
    int vertex_count;
    size_t vertex_capacity;
    int *indices;
    int index_count;
    size_t index_capacity;
    unsigned hidden; /* LM_HIDE_* */
};

/* ------------------------------------------------------------- helpers -- */

static lm_vec3 sub(lm_vec3 a, lm_vec3 b) {
    return (lm_vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

static double dot(lm_vec3 a, lm_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static double max2(double a, double b) {
    return a > b ? a : b;
}

static bool grow(void **array, size_t *capacity, size_t needed, size_t item_size) {
    if (needed <= *capacity)
        return true;
    size_t capacity_new = *capacity ? *capacity : 256;
    while (capacity_new < needed)
        capacity_new *= 2;
    void *array_new = realloc(*array, capacity_new * item_size);
    if (!array_new)
        return false;
    *array = array_new;
    *capacity = capacity_new;
    return true;
}

static SDL_Color sdl_color(uint32_t rgba) {
    return (SDL_Color){(Uint8)(rgba >> 24), (Uint8)(rgba >> 16), (Uint8)(rgba >> 8), (Uint8)rgba};
}

/* The colour scaled towards black by factor (0..1), alpha kept. */
static uint32_t darker(uint32_t rgba, double factor) {
    uint32_t out = rgba & 0xFFu;
    for (int shift = 8; shift <= 24; shift += 8) {
        uint32_t channel = (rgba >> shift) & 0xFFu;
        out |= (uint32_t)(channel * factor + 0.5) << shift;
    }
    return out;
}

/* The colour moved towards white by fraction (0..1), alpha kept. */
static uint32_t lighter(uint32_t rgba, double fraction) {
    uint32_t out = rgba & 0xFFu;
    for (int shift = 8; shift <= 24; shift += 8) {
        uint32_t channel = (rgba >> shift) & 0xFFu;
        out |= (uint32_t)(channel + (255 - channel) * fraction + 0.5) << shift;
    }
    return out;
}

/* ---------------------------------------------------------------- view -- */

static view make_view(const lm_renderer *renderer, const lm_camera *camera, bool perspective) {
    double canvas_width = (double)renderer->width * SUPERSAMPLE;
    double canvas_height = (double)renderer->height * SUPERSAMPLE;
    lm_camera_frame frame = lm_camera_frame_of(camera);
    double height = frame.height, fov = frame.fov;
    lm_vec3 target = frame.target;

    view v;
    v.perspective = perspective;
    v.straight = !perspective && frame.yaw == 0.0 && frame.pitch == 0.0;
    v.forward = frame.forward;
    v.right = frame.right;
    v.up = frame.up;
    v.cx = 0.5 * canvas_width;
    v.cy = 0.5 * canvas_height;
    v.point = canvas_height / 720.0;
    v.target = target;
    v.height_m = height;
    if (perspective) {
        double distance = 0.5 * height / tan(0.5 * fov * DEGREES);
        v.origin = (lm_vec3){target.x - v.forward.x * distance, target.y - v.forward.y * distance,
                             target.z - v.forward.z * distance};
        v.scale = canvas_height * distance / height;
        v.near = 1e-3 * distance;
    } else {
        v.origin = target;
        v.scale = canvas_height / height;
        v.near = -INFINITY;
    }
    return v;
}

static camera_point to_camera(const view *v, lm_vec3 p) {
    lm_vec3 q = sub(p, v->origin);
    return (camera_point){dot(q, v->right), dot(q, v->up), dot(q, v->forward)};
}

/* Canvas pixels per metre at depth z. */
static double pixels_per_metre(const view *v, double z) {
    return v->perspective ? v->scale / z : v->scale;
}

static void to_canvas(const view *v, camera_point c, double *x, double *y) {
    double k = pixels_per_metre(v, c.z);
    *x = v->cx + c.x * k;
    *y = v->cy - c.y * k;
}

/* Liang-Barsky: clips the segment to the guard band; false if nothing is left. */
static bool clip_to_guard(const view *v, double *x0, double *y0, double *x1, double *y1) {
    double dx = *x1 - *x0, dy = *y1 - *y0;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {*x0 + GUARD, 2.0 * v->cx + GUARD - *x0, *y0 + GUARD, 2.0 * v->cy + GUARD - *y0};
    double t0 = 0.0, t1 = 1.0;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
        } else {
            double t = q[i] / p[i];
            if (p[i] < 0.0) {
                if (t > t1)
                    return false;
                if (t > t0)
                    t0 = t;
            } else {
                if (t < t0)
                    return false;
                if (t < t1)
                    t1 = t;
            }
        }
    }
    double sx = *x0, sy = *y0;
    *x0 = sx + t0 * dx;
    *y0 = sy + t0 * dy;
    *x1 = sx + t1 * dx;
    *y1 = sy + t1 * dy;
    return true;
}

/* ------------------------------------------------------------- collect -- */

static void push_prim(lm_renderer *renderer, prim p) {
    p.order = renderer->next_order++;
    if (!grow((void **)&renderer->prims, &renderer->prim_capacity, renderer->prim_count + 1,
              sizeof(prim)))
        return; /* out of memory: the frame lacks this primitive */
    renderer->prims[renderer->prim_count++] = p;
}

static void push_segment(lm_renderer *renderer, lm_vec3 a, lm_vec3 b, prim_kind kind,
                         double width_points, uint32_t color, double depth_override) {
    const view *v = &renderer->view;
    camera_point ca = to_camera(v, a), cb = to_camera(v, b);
    if (!isfinite(ca.x) || !isfinite(ca.y) || !isfinite(ca.z) || !isfinite(cb.x) ||
        !isfinite(cb.y) || !isfinite(cb.z))
        return;
    if (v->perspective) {
        if (ca.z < v->near && cb.z < v->near)
            return;
        if (ca.z < v->near || cb.z < v->near) {
            camera_point *behind = ca.z < v->near ? &ca : &cb;
            camera_point front = ca.z < v->near ? cb : ca;
            double t = (v->near - front.z) / (behind->z - front.z);
            behind->x = front.x + t * (behind->x - front.x);
            behind->y = front.y + t * (behind->y - front.y);
            behind->z = v->near;
        }
    }
    double x0, y0, x1, y1;
    to_canvas(v, ca, &x0, &y0);
    to_canvas(v, cb, &x1, &y1);
    if (!clip_to_guard(v, &x0, &y0, &x1, &y1))
        return;
    prim p = {0};
    p.depth = isnan(depth_override) ? 0.5 * (ca.z + cb.z) : depth_override;
    p.kind = (uint8_t)kind;
    p.x0 = (float)x0;
    p.y0 = (float)y0;
    p.x1 = (float)x1;
    p.y1 = (float)y1;
    p.size = (float)max2(width_points * v->point, SUPERSAMPLE);
    p.color = color;
    push_prim(renderer, p);
}

/* A light grid on the floor of a world box, for depth in 3D views. */
static void push_floor_grid(lm_renderer *renderer, const lm_collider_def *box) {
    double extent = max2(box->max.x - box->min.x, box->max.z - box->min.z);
    double spacing = pow(10.0, floor(log10(extent / 10.0)));
    if (extent / spacing > 25.0)
        spacing *= 5.0;
    else if (extent / spacing > 12.0)
        spacing *= 2.0;
    if (!(spacing > 0.0) || !isfinite(spacing))
        return;
    double y = box->min.y;
    for (double x = ceil(box->min.x / spacing) * spacing; x <= box->max.x; x += spacing)
        push_segment(renderer, (lm_vec3){x, y, box->min.z}, (lm_vec3){x, y, box->max.z}, PRIM_LINE,
                     GRID_WIDTH, COLOR_GRID, INFINITY);
    for (double z = ceil(box->min.z / spacing) * spacing; z <= box->max.z; z += spacing)
        push_segment(renderer, (lm_vec3){box->min.x, y, z}, (lm_vec3){box->max.x, y, z}, PRIM_LINE,
                     GRID_WIDTH, COLOR_GRID, INFINITY);
}

/* ------------------------------------------------------- collider shapes -- */

/* Sutherland-Hodgman: clips a convex polygon to the guard band. */
static int clip_polygon(const view *v, double *x, double *y, int n) {
    double bounds[4] = {-GUARD, 2.0 * v->cx + GUARD, -GUARD, 2.0 * v->cy + GUARD};
    for (int side = 0; side < 4 && n > 0; side++) {
        double ox[POLYGON_MAX], oy[POLYGON_MAX];
        int m = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ci = side < 2 ? x[i] : y[i], cj = side < 2 ? x[j] : y[j];
            double limit = bounds[side];
            bool in_i = side % 2 == 0 ? ci >= limit : ci <= limit;
            bool in_j = side % 2 == 0 ? cj >= limit : cj <= limit;
            if (in_i && m < POLYGON_MAX) {
                ox[m] = x[i];
                oy[m++] = y[i];
            }
            if (in_i != in_j && m < POLYGON_MAX) {
                double t = (limit - ci) / (cj - ci);
                ox[m] = x[i] + t * (x[j] - x[i]);
                oy[m++] = y[i] + t * (y[j] - y[i]);
            }
        }
        n = m;
        memcpy(x, ox, sizeof(double) * (size_t)m);
        memcpy(y, oy, sizeof(double) * (size_t)m);
    }
    return n;
}

/* A filled convex polygon of up to 4 world points, drawn at its farthest
 * depth so that whatever lies on it is drawn after it. Dropped when a corner
 * is behind the eye. */
static void push_polygon(lm_renderer *renderer, const lm_vec3 *points, int n, uint32_t color) {
    const view *v = &renderer->view;
    double x[POLYGON_MAX], y[POLYGON_MAX], depth = -INFINITY;
    for (int i = 0; i < n; i++) {
        camera_point c = to_camera(v, points[i]);
        if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
            return;
        to_canvas(v, c, &x[i], &y[i]);
        depth = max2(depth, c.z);
    }
    n = clip_polygon(v, x, y, n);
    if (n < 3)
        return;
    prim p = {0};
    p.depth = depth;
    p.kind = PRIM_POLYGON;
    p.color = color;
    p.count = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        p.px[i] = (float)x[i];
        p.py[i] = (float)y[i];
    }
    push_prim(renderer, p);
}

/* A disc of radius_m metres less inset points, at the depth of its centre. */
static void push_disc(lm_renderer *renderer, lm_vec3 centre, double radius_m, double inset,
                      uint32_t color) {
    const view *v = &renderer->view;
    camera_point c = to_camera(v, centre);
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
        return;
    double x, y;
    to_canvas(v, c, &x, &y);
    double r = radius_m * pixels_per_metre(v, c.z) - inset * v->point;
    if (!(r > 0.0) || r > 4.0 * GUARD)
        return;
    prim p = {0};
    p.depth = c.z;
    p.kind = PRIM_DISC;
    p.x0 = (float)x;
    p.y0 = (float)y;
    p.size = (float)r;
    p.color = color;
    push_prim(renderer, p);
}

/* The collider's solid side: opaque in a flat scene, translucent in 3D so
 * that the painter's order never hides a particle behind it. */
static uint32_t solid_color(const lm_renderer *renderer, const lm_collider_def *d) {
    if (d->color)
        return renderer->view.straight ? d->color : (d->color & 0xFFFFFF00u) | 0x55u;
    return renderer->view.straight ? COLOR_SOLID : COLOR_SOLID_3D;
}

static lm_vec3 along(lm_vec3 a, lm_vec3 d, double s) {
    return (lm_vec3){a.x + d.x * s, a.y + d.y * s, a.z + d.z * s};
}

static lm_vec3 unit(lm_vec3 a) {
    double n = sqrt(dot(a, a));
    return n > 0.0 ? (lm_vec3){a.x / n, a.y / n, a.z / n} : a;
}

static lm_vec3 cross(lm_vec3 a, lm_vec3 b) {
    return (lm_vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/* A plane: in a flat scene, its edge as a long line with the solid side
 * shaded; in 3D, a square patch under the camera's target. */
static void collect_plane(lm_renderer *renderer, const lm_collider_def *d) {
    const view *v = &renderer->view;
    lm_vec3 n = lm_quat_rotate(d->rotation, (lm_vec3){0.0, 1.0, 0.0});
    if (d->container)
        n = (lm_vec3){-n.x, -n.y, -n.z};
    double reach = 20.0 * v->height_m;
    if (v->straight) {
        lm_vec3 in_view = unit((lm_vec3){n.x, n.y, 0.0});
        if (dot(in_view, in_view) < 0.5)
            return; /* seen face on: nothing to draw */
        lm_vec3 t = {-in_view.y, in_view.x, 0.0};
        lm_vec3 a = along(d->position, t, -reach), b = along(d->position, t, reach);
        lm_vec3 solid[4] = {a, b, along(b, in_view, -reach), along(a, in_view, -reach)};
        push_polygon(renderer, solid, 4, solid_color(renderer, d));
        push_segment(renderer, a, b, PRIM_LINE, BOX_WIDTH, COLOR_INK, NAN);
        return;
    }
    lm_vec3 centre = along(v->target, n, -dot(sub(v->target, d->position), n));
    lm_vec3 u = unit(cross(n, fabs(n.x) < 0.9 ? (lm_vec3){1.0, 0.0, 0.0} : (lm_vec3){0, 0, 1.0}));
    lm_vec3 w = cross(n, u);
    double s = 0.75 * v->height_m;
    lm_vec3 corners[4] = {along(along(centre, u, -s), w, -s), along(along(centre, u, s), w, -s),
                          along(along(centre, u, s), w, s), along(along(centre, u, -s), w, s)};
    push_polygon(renderer, corners, 4, solid_color(renderer, d));
    for (int i = 0; i < 4; i++)
        push_segment(renderer, corners[i], corners[(i + 1) % 4], PRIM_LINE, GRID_WIDTH, COLOR_INK,
                     NAN);
}

/* Spheres and capsules hide what is behind them, so they are opaque even in
 * 3D: drawn at the depth of their centre, a particle on their near side is
 * drawn after them and one behind before. */
static uint32_t round_color(const lm_collider_def *d) {
    return d->color ? d->color | 0xFFu : COLOR_SOLID;
}

/* A sphere: its outline and fill as discs; in a flat scene a spoke along its
 * local x axis shows it turning. */
static void collect_sphere(lm_renderer *renderer, const lm_collider_def *d) {
    push_disc(renderer, d->position, d->radius, 0.0, COLOR_INK);
    push_disc(renderer, d->position, d->radius, BOX_WIDTH, round_color(d));
    if (renderer->view.straight) {
        lm_vec3 x = lm_quat_rotate(d->rotation, (lm_vec3){d->radius, 0.0, 0.0});
        push_segment(renderer, d->position, along(d->position, x, 1.0), PRIM_LINE, GRID_WIDTH,
                     COLOR_INK, NAN);
    }
}

/* A capsule: two end discs and the band between them, first in ink, then
 * filled a line width inside, which leaves a clean outline. */
static void collect_capsule(lm_renderer *renderer, const lm_collider_def *d) {
    const view *v = &renderer->view;
    lm_vec3 axis = lm_quat_rotate(d->rotation, (lm_vec3){d->half_length, 0.0, 0.0});
    lm_vec3 a = along(d->position, axis, -1.0), b = along(d->position, axis, 1.0);
    /* Across the band, as seen: perpendicular to the axis and the view. */
    lm_vec3 side = unit(cross(axis, v->forward));
    if (dot(side, side) < 0.5)
        side = v->right;
    double inset = BOX_WIDTH * v->point / pixels_per_metre(v, to_camera(v, d->position).z);
    for (int pass = 0; pass < 2; pass++) {
        double r = pass == 0 ? d->radius : d->radius - inset;
        uint32_t color = pass == 0 ? COLOR_INK : round_color(d);
        if (!(r > 0.0))
            break;
        push_disc(renderer, a, r, 0.0, color);
        push_disc(renderer, b, r, 0.0, color);
        lm_vec3 band[4] = {along(a, side, r), along(b, side, r), along(b, side, -r),
                           along(a, side, -r)};
        push_polygon(renderer, band, 4, color);
    }
}

/* An oriented box: the faces turned towards the camera, filled, then its
 * twelve edges (those seen end-on in a flat view are left out). */
static void collect_obb(lm_renderer *renderer, const lm_collider_def *d) {
    const view *v = &renderer->view;
    lm_vec3 e[3] = {lm_quat_rotate(d->rotation, (lm_vec3){d->half_extents.x, 0.0, 0.0}),
                    lm_quat_rotate(d->rotation, (lm_vec3){0.0, d->half_extents.y, 0.0}),
                    lm_quat_rotate(d->rotation, (lm_vec3){0.0, 0.0, d->half_extents.z})};
    lm_vec3 corner[8];
    for (int i = 0; i < 8; i++) {
        lm_vec3 c = d->position;
        for (int k = 0; k < 3; k++)
            c = along(c, e[k], (i >> k) & 1 ? 1.0 : -1.0);
        corner[i] = c;
    }
    for (int k = 0; k < 3; k++) {
        for (int sign = 0; sign < 2; sign++) {
            lm_vec3 normal = sign ? e[k] : (lm_vec3){-e[k].x, -e[k].y, -e[k].z};
            lm_vec3 face_centre = along(d->position, normal, 1.0);
            lm_vec3 to_eye = v->perspective
                                 ? sub(v->origin, face_centre)
                                 : (lm_vec3){-v->forward.x, -v->forward.y, -v->forward.z};
            if (dot(normal, to_eye) <= 1e-12)
                continue;
            int k1 = (k + 1) % 3, k2 = (k + 2) % 3, bit = sign << k;
            int ids[4] = {bit, bit | 1 << k1, bit | 1 << k1 | 1 << k2, bit | 1 << k2};
            lm_vec3 face[4] = {corner[ids[0]], corner[ids[1]], corner[ids[2]], corner[ids[3]]};
            push_polygon(renderer, face, 4, solid_color(renderer, d));
        }
    }
    for (int i = 0; i < 8; i++) {
        for (int k = 0; k < 3; k++) {
            if (i & 1 << k)
                continue;
            lm_vec3 edge = unit(e[k]);
            if (v->straight && fabs(dot(edge, v->forward)) > 0.999)
                continue;
            push_segment(renderer, corner[i], corner[i | 1 << k], PRIM_LINE, BOX_WIDTH, COLOR_INK,
                         NAN);
        }
    }
}

static void collect_collider(void *context, const lm_collider_def *collider) {
    lm_renderer *renderer = context;
    switch (collider->kind) {
    case LM_COLLIDER_PLANE:
        collect_plane(renderer, collider);
        return;
    case LM_COLLIDER_SPHERE:
        collect_sphere(renderer, collider);
        return;
    case LM_COLLIDER_CAPSULE:
        collect_capsule(renderer, collider);
        return;
    case LM_COLLIDER_BOX:
        collect_obb(renderer, collider);
        return;
    default:
        break;
    }
    if (collider->kind != LM_COLLIDER_WORLD_BOX)
        return;
    lm_vec3 lo = collider->min, hi = collider->max;
    if (renderer->view.straight) {
        /* Seen straight on, the box is a rectangle. */
        lm_vec3 corners[4] = {
            {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
        for (int i = 0; i < 4; i++)
            push_segment(renderer, corners[i], corners[(i + 1) % 4], PRIM_LINE, BOX_WIDTH,
                         COLOR_INK, NAN);
        return;
    }
    if (!renderer->grid_drawn) {
        renderer->grid_drawn = true;
        push_floor_grid(renderer, collider);
    }
    for (int i = 0; i < 8; i++) {
        lm_vec3 a = {i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z};
        /* Each edge once: from a corner to the neighbours with one more max coordinate. */
        for (int axis = 1; axis <= 4; axis <<= 1) {
            if (i & axis)
                continue;
            int j = i | axis;
            lm_vec3 b = {j & 1 ? hi.x : lo.x, j & 2 ? hi.y : lo.y, j & 4 ? hi.z : lo.z};
            push_segment(renderer, a, b, PRIM_LINE, BOX_WIDTH, COLOR_INK, NAN);
        }
    }
}

/* A link in its style's own picture; color 0 = the style's colour. */
static void collect_plain_link(lm_renderer *renderer, lm_vec3 a, lm_vec3 b, lm_link_style style,
                               uint32_t color) {
    switch (style) {
    case LM_LINK_STICK:
        push_segment(renderer, a, b, PRIM_LINE, LINE_WIDTH, color ? color : COLOR_STICK, NAN);
        break;
    case LM_LINK_SPRING:
        push_segment(renderer, a, b, PRIM_ZIGZAG, LINE_WIDTH, color ? color : COLOR_SPRING, NAN);
        break;
    case LM_LINK_PIN:
        push_segment(renderer, a, b, PRIM_DASHED, PIN_WIDTH, color ? color : COLOR_PIN, NAN);
        break;
    case LM_LINK_ROPE: /* a rope: a line of its own colour, it may be slack */
        push_segment(renderer, a, b, PRIM_LINE, LINE_WIDTH, color ? color : COLOR_ROPE, NAN);
        break;
    }
}

/* A chain link from a to b: a stadium-shaped ring of wire (two half circles
 * joined by straight sides) CHAIN_WIDTH of its length wide, reaching
 * CHAIN_OVERLAP past each end so that neighbours interlock. It lies in the
 * plane of a-b and the direction square to it and to +z (+y for a link along
 * z), as loom.frame.along chooses; edge-on, a quarter turn about a-b, in the
 * plane of a-b and z. So a flat chain seen straight on shows rings and bars,
 * and in 3D both are seen in perspective. The ring is projected as a whole
 * (its centre, and its two half-axes as canvas vectors), which is exact for
 * orthographic views and close for perspective ones (a link is small). */
static void push_chain_link(lm_renderer *renderer, lm_vec3 a, lm_vec3 b, bool edge,
                            uint32_t color) {
    const view *v = &renderer->view;
    lm_vec3 d = sub(b, a);
    double length = sqrt(dot(d, d));
    if (!(length > 1e-12) || !isfinite(length))
        return;
    lm_vec3 x = {d.x / length, d.y / length, d.z / length};
    lm_vec3 up = fabs(x.z) < 0.9 ? (lm_vec3){0.0, 0.0, 1.0} : (lm_vec3){0.0, 1.0, 0.0};
    lm_vec3 y = unit(cross(up, x));
    lm_vec3 across = edge ? cross(x, y) : y;
    double wire = CHAIN_WIRE * length;
    double half_length = 0.5 * length + CHAIN_OVERLAP * length - 0.5 * wire;
    double half_width = 0.5 * CHAIN_WIDTH * length - 0.5 * wire;
    lm_vec3 centre = along(a, d, 0.5);
    camera_point c = to_camera(v, centre);
    camera_point cu = to_camera(v, along(centre, x, half_length));
    camera_point cv = to_camera(v, along(centre, across, half_width));
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near || cu.z < v->near ||
        cv.z < v->near)
        return;
    double x0, y0, ux, uy, vx, vy;
    to_canvas(v, c, &x0, &y0);
    to_canvas(v, cu, &ux, &uy);
    to_canvas(v, cv, &vx, &vy);
    double reach = fabs(ux - x0) + fabs(uy - y0) + fabs(vx - x0) + fabs(vy - y0);
    if (x0 + reach < -GUARD || y0 + reach < -GUARD || x0 - reach > 2.0 * v->cx + GUARD ||
        y0 - reach > 2.0 * v->cy + GUARD || reach > GUARD)
        return;
    prim p = {0};
    p.depth = c.z;
    p.kind = PRIM_CHAIN;
    p.x0 = (float)x0;
    p.y0 = (float)y0;
    p.x1 = (float)(ux - x0);
    p.y1 = (float)(uy - y0);
    p.px[0] = (float)(vx - x0);
    p.py[0] = (float)(vy - y0);
    p.px[1] = (float)(half_width / half_length); /* end radius, in half-lengths */
    p.size = (float)max2(wire * pixels_per_metre(v, c.z), SUPERSAMPLE);
    p.color = color ? color : COLOR_CHAIN;
    push_prim(renderer, p);
}

/* Links with a look (lm_draw_fns.link_look), except the kinds the window hides. */
static void collect_link_look(void *context, lm_vec3 a, lm_vec3 b, lm_link_style style,
                              lm_link_look look, uint32_t color) {
    lm_renderer *renderer = context;
    unsigned kind = style == LM_LINK_SPRING                          ? LM_HIDE_SPRINGS
                    : style == LM_LINK_STICK || style == LM_LINK_PIN ? LM_HIDE_CONSTRAINTS
                                                                     : 0u;
    if (renderer->hidden & kind)
        return;
    switch (look) {
    case LM_LOOK_CHAIN:
    case LM_LOOK_CHAIN_EDGE:
        push_chain_link(renderer, a, b, look == LM_LOOK_CHAIN_EDGE, color);
        break;
    case LM_LOOK_ROPE:
        push_segment(renderer, a, b, PRIM_ROPE, ROPE_WIDTH, color ? color : COLOR_ROPE, NAN);
        break;
    case LM_LOOK_HIDDEN:
        break;
    default:
        collect_plain_link(renderer, a, b, style, color);
        break;
    }
}

static void collect_particle(void *context, lm_vec3 position, double radius, uint32_t color,
                             unsigned flags) {
    lm_renderer *renderer = context;
    const view *v = &renderer->view;
    if (position.z < renderer->particle_zmin)
        renderer->particle_zmin = position.z;
    if (position.z > renderer->particle_zmax)
        renderer->particle_zmax = position.z;
    camera_point c = to_camera(v, position);
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || !isfinite(radius) || c.z < v->near)
        return;
    double x, y;
    to_canvas(v, c, &x, &y);
    double r = radius > 0.0 ? radius * pixels_per_metre(v, c.z) : 0.0;
    double reach = r + 10.0 * v->point;
    if (x + reach < 0.0 || y + reach < 0.0 || x - reach > 2.0 * v->cx || y - reach > 2.0 * v->cy)
        return;
    if (r > 4.0 * GUARD)
        r = 4.0 * GUARD; /* it covers the whole canvas anyway */
    prim p = {0};
    p.depth = c.z - (radius > 0.0 ? radius : 0.0);
    p.kind = PRIM_PARTICLE;
    p.flags = (uint8_t)flags;
    p.x0 = (float)x;
    p.y0 = (float)y;
    p.size = (float)r;
    p.color = color ? color : COLOR_PARTICLE;
    push_prim(renderer, p);
}

/* ---------------------------------------------------------------- sort -- */

static int compare_back_to_front(const void *a, const void *b) {
    const prim *pa = a, *pb = b;
    if (pa->depth != pb->depth)
        return pa->depth > pb->depth ? -1 : 1;
    return pa->order < pb->order ? -1 : pa->order > pb->order;
}

/* ---------------------------------------------------------- tessellate -- */

/* Reserves room for n more vertices and m more indices; false when out of memory. */
static bool reserve(lm_renderer *renderer, int n, int m) {
    return grow((void **)&renderer->vertices, &renderer->vertex_capacity,
                (size_t)renderer->vertex_count + (size_t)n, sizeof(SDL_Vertex)) &&
           grow((void **)&renderer->indices, &renderer->index_capacity,
                (size_t)renderer->index_count + (size_t)m, sizeof(int));
}

static int add_vertex(lm_renderer *renderer, double x, double y, SDL_Color color) {
    SDL_Vertex *vertex = &renderer->vertices[renderer->vertex_count];
    vertex->position = (SDL_FPoint){(float)x, (float)y};
    vertex->color = color;
    vertex->tex_coord = (SDL_FPoint){0.0f, 0.0f};
    return renderer->vertex_count++;
}

static void add_triangle(lm_renderer *renderer, int a, int b, int c) {
    renderer->indices[renderer->index_count++] = a;
    renderer->indices[renderer->index_count++] = b;
    renderer->indices[renderer->index_count++] = c;
}

static void add_quad(lm_renderer *renderer, const double x[4], const double y[4], uint32_t rgba) {
    if (!reserve(renderer, 4, 6))
        return;
    SDL_Color color = sdl_color(rgba);
    int first = renderer->vertex_count;
    for (int i = 0; i < 4; i++)
        add_vertex(renderer, x[i], y[i], color);
    add_triangle(renderer, first, first + 1, first + 2);
    add_triangle(renderer, first, first + 2, first + 3);
}

/* Segments for a circle of radius r pixels: the chord error stays under a
 * quarter pixel. */
static int circle_segments(double r) {
    int n = (int)ceil(3.1415926535 * sqrt(2.0 * r));
    return n < 12 ? 12 : n > 96 ? 96 : n;
}

static void add_disc(lm_renderer *renderer, double cx, double cy, double r, uint32_t rgba) {
    int n = circle_segments(r);
    if (!reserve(renderer, n + 1, 3 * n))
        return;
    SDL_Color color = sdl_color(rgba);
    int centre = add_vertex(renderer, cx, cy, color);
    for (int i = 0; i < n; i++) {
        double angle = 2.0 * 3.14159265358979323846 * i / n;
        add_vertex(renderer, cx + r * cos(angle), cy + r * sin(angle), color);
    }
    for (int i = 0; i < n; i++)
        add_triangle(renderer, centre, centre + 1 + i, centre + 1 + (i + 1) % n);
}

static void add_ring(lm_renderer *renderer, double cx, double cy, double r_inner, double r_outer,
                     uint32_t rgba) {
    int n = circle_segments(r_outer);
    if (!reserve(renderer, 2 * n, 6 * n))
        return;
    SDL_Color color = sdl_color(rgba);
    int first = renderer->vertex_count;
    for (int i = 0; i < n; i++) {
        double angle = 2.0 * 3.14159265358979323846 * i / n;
        double c = cos(angle), s = sin(angle);
        add_vertex(renderer, cx + r_inner * c, cy + r_inner * s, color);
        add_vertex(renderer, cx + r_outer * c, cy + r_outer * s, color);
    }
    for (int i = 0; i < n; i++) {
        int a = first + 2 * i, b = first + 2 * ((i + 1) % n);
        add_triangle(renderer, a, a + 1, b + 1);
        add_triangle(renderer, a, b + 1, b);
    }
}

/* A line of the given width with square caps (which also fill the joints of
 * a polyline). */
static void add_line(lm_renderer *renderer, double x0, double y0, double x1, double y1,
                     double width, uint32_t rgba) {
    double dx = x1 - x0, dy = y1 - y0;
    double length = sqrt(dx * dx + dy * dy);
    double h = 0.5 * width;
    double ux = 1.0, uy = 0.0;
    if (length > 1e-9) {
        ux = dx / length;
        uy = dy / length;
    }
    /* along (ux, uy) and across (-uy, ux), each half a width */
    double ax = ux * h, ay = uy * h, nx = -uy * h, ny = ux * h;
    double x[4] = {x0 - ax + nx, x1 + ax + nx, x1 + ax - nx, x0 - ax - nx};
    double y[4] = {y0 - ay + ny, y1 + ay + ny, y1 + ay - ny, y0 - ay - ny};
    add_quad(renderer, x, y, rgba);
}

static void add_zigzag(lm_renderer *renderer, const prim *p, double point) {
    double dx = p->x1 - p->x0, dy = p->y1 - p->y0;
    double length = sqrt(dx * dx + dy * dy);
    double height = ZIGZAG_HEIGHT * point;
    if (length < 4.0 * height) {
        add_line(renderer, p->x0, p->y0, p->x1, p->y1, p->size, p->color);
        return;
    }
    /* Straight leads at both ends, then 2 * ZIGZAG_TEETH points alternating
     * sides, half a step from the leads and a step apart. */
    double ux = dx / length, uy = dy / length;
    double lead = 0.1 * length;
    double step = (length - 2.0 * lead) / (2 * ZIGZAG_TEETH);
    double px = p->x0 + ux * lead, py = p->y0 + uy * lead;
    add_line(renderer, p->x0, p->y0, px, py, p->size, p->color);
    for (int i = 0; i < 2 * ZIGZAG_TEETH; i++) {
        double along = lead + step * (i + 0.5);
        double across = i % 2 ? -height : height;
        double qx = p->x0 + ux * along - uy * across, qy = p->y0 + uy * along + ux * across;
        add_line(renderer, px, py, qx, qy, p->size, p->color);
        px = qx;
        py = qy;
    }
    double ex = p->x1 - ux * lead, ey = p->y1 - uy * lead;
    add_line(renderer, px, py, ex, ey, p->size, p->color);
    add_line(renderer, ex, ey, p->x1, p->y1, p->size, p->color);
}

static void add_dashed(lm_renderer *renderer, const prim *p, double point) {
    double dx = p->x1 - p->x0, dy = p->y1 - p->y0;
    double length = sqrt(dx * dx + dy * dy);
    if (length < point)
        return; /* a pin sitting on its target */
    double ux = dx / length, uy = dy / length;
    double dash = DASH_LENGTH * point, period = (DASH_LENGTH + DASH_GAP) * point;
    for (double s = 0.0; s < length; s += period) {
        double e = s + dash < length ? s + dash : length;
        add_line(renderer, p->x0 + ux * s, p->y0 + uy * s, p->x0 + ux * e, p->y0 + uy * e, p->size,
                 p->color);
    }
}

static void add_particle(lm_renderer *renderer, const prim *p, double point) {
    double x = p->x0, y = p->y0;
    double r = p->size;
    bool immovable = p->flags & LM_DRAW_IMMOVABLE;
    if (r <= 0.0 && !immovable) {
        add_disc(renderer, x, y, DOT_RADIUS * point, p->color);
    } else if (r > 0.0) {
        double outline = OUTLINE_WIDTH * point;
        if (r < DOT_RADIUS * point)
            r = DOT_RADIUS * point;
        uint32_t fill = immovable ? darker(p->color, 0.6) : p->color;
        if (r > 2.0 * outline) {
            add_disc(renderer, x, y, r, darker(p->color, 0.45));
            add_disc(renderer, x, y, r - outline, fill);
        } else {
            add_disc(renderer, x, y, r, fill);
        }
    }
    if (immovable) {
        /* Immovable particles carry a dark square. */
        double h = MARK_HALF_SIZE * point;
        if (r > 0.0 && h > 0.5 * r)
            h = r > 2.0 * point ? 0.5 * r : h;
        double qx[4] = {x - h, x + h, x + h, x - h};
        double qy[4] = {y - h, y - h, y + h, y + h};
        add_quad(renderer, qx, qy, COLOR_INK);
        if (r <= 0.0)
            r = h;
    }
    if (p->flags & LM_DRAW_PINNED) {
        double inner = max2(r, DOT_RADIUS * point) + RING_GAP * point;
        add_ring(renderer, x, y, inner, inner + RING_WIDTH * point, COLOR_PIN);
    }
}

/* A rope: a thick line crossed by short diagonal strands, its lay. Too thin
 * for strands to show (a small picture), it is just the thick line. */
static void add_rope(lm_renderer *renderer, const prim *p) {
    add_line(renderer, p->x0, p->y0, p->x1, p->y1, p->size, p->color);
    double dx = p->x1 - p->x0, dy = p->y1 - p->y0;
    double length = sqrt(dx * dx + dy * dy);
    double strand = ROPE_STRAND * p->size;
    if (strand < SUPERSAMPLE || length < p->size)
        return;
    double ux = dx / length, uy = dy / length, h = 0.5 * p->size - 0.5 * strand;
    double lay = ROPE_LAY * p->size, slant = 0.5 * p->size;
    uint32_t dark = darker(p->color, 0.62);
    for (double s = 0.5 * (lay - slant); s + slant <= length; s += lay) {
        double ax = p->x0 + ux * s - uy * h, ay = p->y0 + uy * s + ux * h;
        double bx = p->x0 + ux * (s + slant) + uy * h, by = p->y0 + uy * (s + slant) - ux * h;
        add_line(renderer, ax, ay, bx, by, strand, dark);
    }
}

/* A band of the given width along the closed line x, y (count points): each
 * point offset both ways along the line's normal there, as one strip of
 * triangles, so the band's edges are as smooth as the line. */
static void add_closed_band(lm_renderer *renderer, const double *x, const double *y, int count,
                            double width, uint32_t rgba, double fallback_x, double fallback_y) {
    if (!reserve(renderer, 2 * count, 6 * count))
        return;
    SDL_Color color = sdl_color(rgba);
    int first = renderer->vertex_count;
    for (int i = 0; i < count; i++) {
        int before = (i + count - 1) % count, after = (i + 1) % count;
        double tx = x[after] - x[before], ty = y[after] - y[before];
        double length = sqrt(tx * tx + ty * ty);
        double nx = fallback_x, ny = fallback_y;
        if (length > 1e-6) {
            nx = -ty / length;
            ny = tx / length;
        }
        add_vertex(renderer, x[i] + nx * 0.5 * width, y[i] + ny * 0.5 * width, color);
        add_vertex(renderer, x[i] - nx * 0.5 * width, y[i] - ny * 0.5 * width, color);
    }
    for (int i = 0; i < count; i++) {
        int a = first + 2 * i, b = first + 2 * ((i + 1) % count);
        add_triangle(renderer, a, a + 1, b + 1);
        add_triangle(renderer, a, b + 1, b);
    }
}

/* A chain link (push_chain_link): the centre line of the stadium, in local
 * coordinates u along and w across (each in [-1, 1]) with end radius r,
 * mapped by the canvas half-axes U, V; drawn as a band of the wire's width
 * over the same band a little wider in a darker colour. Seen edge-on (V
 * under a wire's width) the ring folds into a bar of the link's length. */
static void add_chain_link(lm_renderer *renderer, const prim *p, double point) {
    double cx = p->x0, cy = p->y0, ux = p->x1, uy = p->y1, vx = p->px[0], vy = p->py[0];
    double r = p->px[1];
    double outline = max2(CHAIN_OUTLINE * point, 0.5 * SUPERSAMPLE);
    double u_length = sqrt(ux * ux + uy * uy);
    if (sqrt(vx * vx + vy * vy) < 0.5 * p->size) {
        for (int pass = 0; pass < 2; pass++)
            add_line(renderer, cx - ux, cy - uy, cx + ux, cy + uy,
                     pass == 0 ? p->size + 2.0 * outline : p->size,
                     pass == 0 ? darker(p->color, 0.45) : p->color);
        double shine = CHAIN_SHINE * p->size;
        if (shine >= SUPERSAMPLE)
            add_line(renderer, cx - ux, cy - uy, cx + ux, cy + uy, shine,
                     lighter(p->color, CHAIN_SHINE_LIGHT));
        return;
    }
    int n = circle_segments(r * u_length + 0.5 * p->size) / 2;
    if (n < 6)
        n = 6;
    enum { MOST = 2 * (48 + 1) };
    double x[MOST], y[MOST];
    int count = 0;
    for (int side = 0; side < 2; side++) {
        double sign = side == 0 ? 1.0 : -1.0;
        for (int i = 0; i <= n; i++) {
            double angle = 3.14159265358979323846 * ((double)i / n - 0.5);
            double u = sign * ((1.0 - r) + r * cos(angle)), w = sign * sin(angle);
            x[count] = cx + ux * u + vx * w;
            y[count] = cy + uy * u + vy * w;
            count++;
        }
    }
    double fallback_x = u_length > 0.0 ? -uy / u_length : 0.0;
    double fallback_y = u_length > 0.0 ? ux / u_length : 1.0;
    add_closed_band(renderer, x, y, count, p->size + 2.0 * outline, darker(p->color, 0.45),
                    fallback_x, fallback_y);
    add_closed_band(renderer, x, y, count, p->size, p->color, fallback_x, fallback_y);
    /* A light line along the wire makes it read as round metal, where it shows. */
    double shine = CHAIN_SHINE * p->size;
    if (shine >= SUPERSAMPLE)
        add_closed_band(renderer, x, y, count, shine, lighter(p->color, CHAIN_SHINE_LIGHT),
                        fallback_x, fallback_y);
}

/* A convex polygon as a fan of triangles. */
static void add_polygon(lm_renderer *renderer, const prim *p) {
    if (!reserve(renderer, p->count, 3 * p->count))
        return;
    SDL_Color color = sdl_color(p->color);
    int first = renderer->vertex_count;
    for (int i = 0; i < p->count; i++)
        add_vertex(renderer, p->px[i], p->py[i], color);
    for (int i = 1; i + 1 < p->count; i++)
        add_triangle(renderer, first, first + i, first + i + 1);
}

/* ------------------------------------------------------------- raster -- */

static void submit(lm_renderer *renderer) {
    if (renderer->index_count > 0)
        SDL_RenderGeometry(renderer->sdl, NULL, renderer->vertices, renderer->vertex_count,
                           renderer->indices, renderer->index_count);
    renderer->vertex_count = 0;
    renderer->index_count = 0;
}

static void rasterise(lm_renderer *renderer) {
    double point = renderer->view.point;
    SDL_BlendMode blend = SDL_BLENDMODE_NONE;
    SDL_SetRenderDrawBlendMode(renderer->sdl, blend);
    for (size_t i = 0; i < renderer->prim_count; i++) {
        const prim *p = &renderer->prims[i];
        /* Translucent colours blend; everything else is written as is. */
        SDL_BlendMode wanted =
            (p->color & 0xFFu) == 0xFFu ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND;
        if (wanted != blend) {
            submit(renderer);
            blend = wanted;
            SDL_SetRenderDrawBlendMode(renderer->sdl, blend);
        }
        switch ((prim_kind)p->kind) {
        case PRIM_LINE:
            add_line(renderer, p->x0, p->y0, p->x1, p->y1, p->size, p->color);
            break;
        case PRIM_ZIGZAG:
            add_zigzag(renderer, p, point);
            break;
        case PRIM_DASHED:
            add_dashed(renderer, p, point);
            break;
        case PRIM_PARTICLE:
            add_particle(renderer, p, point);
            break;
        case PRIM_POLYGON:
            add_polygon(renderer, p);
            break;
        case PRIM_DISC:
            add_disc(renderer, p->x0, p->y0, p->size, p->color);
            break;
        case PRIM_ROPE:
            add_rope(renderer, p);
            break;
        case PRIM_CHAIN:
            add_chain_link(renderer, p, point);
            break;
        }
    }
    submit(renderer);
    SDL_RenderFlush(renderer->sdl);
}

/* Averages each 2x2 block of the canvas into a pixel, rounding to nearest.
 * Two channels are summed at once in the 16-bit lanes of a 32-bit word (at
 * most 4 x 255 per lane), so the result is the same as channel by channel. */
_Static_assert(SUPERSAMPLE == 2, "resolve averages 2x2 blocks");
static void resolve(lm_renderer *renderer) {
    const SDL_Surface *canvas = renderer->canvas;
    SDL_Surface *picture = renderer->picture;
    const uint32_t low = 0x00FF00FFu, half = 0x00020002u;
    for (int y = 0; y < renderer->height; y++) {
        const Uint8 *row0 = (const Uint8 *)canvas->pixels + (size_t)(2 * y) * (size_t)canvas->pitch;
        const Uint8 *row1 = row0 + canvas->pitch;
        Uint8 *out = (Uint8 *)picture->pixels + (size_t)y * (size_t)picture->pitch;
        for (int x = 0; x < renderer->width; x++) {
            uint32_t p[4];
            memcpy(&p[0], row0 + 8 * x, 8);
            memcpy(&p[2], row1 + 8 * x, 8);
            uint32_t even = (p[0] & low) + (p[1] & low) + (p[2] & low) + (p[3] & low);
            uint32_t odd = ((p[0] >> 8) & low) + ((p[1] >> 8) & low) + ((p[2] >> 8) & low) +
                           ((p[3] >> 8) & low);
            uint32_t average = (((even + half) >> 2) & low) | ((((odd + half) >> 2) & low) << 8);
            memcpy(out + 4 * x, &average, 4);
        }
    }
}

/* ---------------------------------------------------------- public API -- */

static void release_surfaces(lm_renderer *renderer) {
    if (renderer->sdl)
        SDL_DestroyRenderer(renderer->sdl);
    if (renderer->canvas)
        SDL_FreeSurface(renderer->canvas);
    if (renderer->picture)
        SDL_FreeSurface(renderer->picture);
    renderer->sdl = NULL;
    renderer->canvas = NULL;
    renderer->picture = NULL;
}

static bool make_surfaces(lm_renderer *renderer, int width, int height, char *err,
                          size_t err_size) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
        snprintf(err, err_size, "bad picture size %dx%d", width, height);
        return false;
    }
    SDL_Surface *picture =
        SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Surface *canvas = SDL_CreateRGBSurfaceWithFormat(
        0, width * SUPERSAMPLE, height * SUPERSAMPLE, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *sdl = canvas ? SDL_CreateSoftwareRenderer(canvas) : NULL;
    if (!picture || !canvas || !sdl) {
        snprintf(err, err_size, "cannot make a %dx%d picture: %s", width, height, SDL_GetError());
        if (sdl)
            SDL_DestroyRenderer(sdl);
        if (canvas)
            SDL_FreeSurface(canvas);
        if (picture)
            SDL_FreeSurface(picture);
        return false;
    }
    /* Blitting the picture to a window copies it, never blends. */
    SDL_SetSurfaceBlendMode(picture, SDL_BLENDMODE_NONE);
    SDL_Color background = sdl_color(COLOR_BACKGROUND);
    SDL_FillRect(
        picture, NULL,
        SDL_MapRGBA(picture->format, background.r, background.g, background.b, background.a));
    release_surfaces(renderer);
    renderer->picture = picture;
    renderer->canvas = canvas;
    renderer->sdl = sdl;
    renderer->width = width;
    renderer->height = height;
    return true;
}

lm_renderer *lm_renderer_create(int width, int height, char *err, size_t err_size) {
    lm_renderer *renderer = calloc(1, sizeof *renderer);
    if (!renderer) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    if (!make_surfaces(renderer, width, height, err, err_size)) {
        free(renderer);
        return NULL;
    }
    return renderer;
}

void lm_renderer_destroy(lm_renderer *renderer) {
    if (!renderer)
        return;
    release_surfaces(renderer);
    free(renderer->prims);
    free(renderer->vertices);
    free(renderer->indices);
    free(renderer);
}

bool lm_renderer_resize(lm_renderer *renderer, int width, int height) {
    if (width == renderer->width && height == renderer->height)
        return true;
    char err[256];
    return make_surfaces(renderer, width, height, err, sizeof err);
}

int lm_renderer_width(const lm_renderer *renderer) {
    return renderer->width;
}

int lm_renderer_height(const lm_renderer *renderer) {
    return renderer->height;
}

void *lm_renderer_surface(lm_renderer *renderer) {
    return renderer->picture;
}

void lm_renderer_set_hidden(lm_renderer *renderer, unsigned hidden) {
    renderer->hidden = hidden;
}

/* ------------------------------------------------------------ overlay -- */

/* The overlay's projection is the world's: the same view, to canvas pixels. */
static bool overlay_project(const void *context, lm_vec3 point, double *x, double *y,
                            double *pixels_per_metre_out) {
    const view *v = &((const lm_renderer *)context)->view;
    camera_point c = to_camera(v, point);
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
        return false;
    to_canvas(v, c, x, y);
    *pixels_per_metre_out = pixels_per_metre(v, c.z);
    return true;
}

/* The overlay's triangles go through the world's vertex list and blending. */
static void overlay_triangles(void *context, const lm_overlay_vertex *corners,
                              size_t triangle_count, bool translucent) {
    lm_renderer *renderer = context;
    if (triangle_count > (size_t)1 << 24 ||
        !reserve(renderer, 3 * (int)triangle_count, 3 * (int)triangle_count))
        return;
    for (size_t i = 0; i < 3 * triangle_count; i++) {
        int index = add_vertex(renderer, corners[i].x, corners[i].y, sdl_color(corners[i].rgba));
        renderer->indices[renderer->index_count++] = index;
    }
    SDL_SetRenderDrawBlendMode(renderer->sdl,
                               translucent ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    submit(renderer);
}

void lm_renderer_draw(lm_renderer *renderer, const lm_world *world, const lm_camera *camera) {
    lm_renderer_draw_with(renderer, world, camera, NULL);
}

void lm_renderer_draw_with(lm_renderer *renderer, const lm_world *world, const lm_camera *camera,
                           const lm_overlay *overlay) {
    bool perspective = camera->projection == LM_PROJECTION_PERSPECTIVE;
    if (camera->projection == LM_PROJECTION_AUTO)
        perspective = lm_camera_fit(world, (double)renderer->width / renderer->height).projection ==
                      LM_PROJECTION_PERSPECTIVE;
    renderer->view = make_view(renderer, camera, perspective);
    renderer->prim_count = 0;
    renderer->next_order = 0;
    renderer->grid_drawn = false;
    renderer->particle_zmin = INFINITY;
    renderer->particle_zmax = -INFINITY;

    const lm_draw_fns fns = {renderer->hidden & LM_HIDE_COLLIDERS ? NULL : collect_collider, NULL,
                             collect_particle, collect_link_look};
    lm_world_draw(world, &fns, renderer);

    /* A flat scene seen straight on keeps the engine's order: colliders,
     * links, particles. Anything else is drawn back to front. */
    bool flat = false;
    lm_vec3 min, max;
    if (renderer->view.straight && lm_world_bounds(world, &min, &max)) {
        double z_extent = renderer->particle_zmax >= renderer->particle_zmin
                              ? renderer->particle_zmax - renderer->particle_zmin
                              : 0.0;
        flat = z_extent <= FLAT_TOLERANCE * max2(max.x - min.x, max.y - min.y);
    }
    if (!flat && renderer->prim_count > 1) /* qsort may not be given a NULL array */
        qsort(renderer->prims, renderer->prim_count, sizeof(prim), compare_back_to_front);

    SDL_Color background = sdl_color(COLOR_BACKGROUND);
    SDL_SetRenderDrawColor(renderer->sdl, background.r, background.g, background.b, background.a);
    SDL_RenderClear(renderer->sdl);
    rasterise(renderer);
    if (overlay) {
        lm_overlay_target target = {(double)renderer->width * SUPERSAMPLE,
                                    (double)renderer->height * SUPERSAMPLE,
                                    renderer->view.point,
                                    overlay_project,
                                    overlay_triangles,
                                    renderer};
        lm_overlay_rasterise(overlay, &target);
        SDL_RenderFlush(renderer->sdl);
    }
    resolve(renderer);
}
