/*
 * collect.c - stage 1: what the world draws becomes primitives.
 *
 * lm_world_draw calls back with colliders, links and particles; each becomes
 * one or more prims already projected to canvas pixels, with a depth along the
 * view direction for the sort.
 */
#include "stage.h"

#include <string.h>

static void push_prim(lr_stage *stage, prim p) {
    p.order = stage->next_order++;
    if (!lr_grow((void **)&stage->prims, &stage->prim_capacity, stage->prim_count + 1,
                 sizeof(prim)))
        return; /* out of memory: the frame lacks this primitive */
    stage->prims[stage->prim_count++] = p;
}

static void push_segment(lr_stage *stage, lm_vec3 a, lm_vec3 b, prim_kind kind, double width_points,
                         uint32_t color, double depth_override) {
    const lr_view *v = &stage->view;
    camera_point ca = lr_to_camera(v, a), cb = lr_to_camera(v, b);
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
    lr_to_canvas(v, ca, &x0, &y0);
    lr_to_canvas(v, cb, &x1, &y1);
    if (!lr_clip_segment(v, &x0, &y0, &x1, &y1))
        return;
    prim p = {0};
    p.depth = isnan(depth_override) ? 0.5 * (ca.z + cb.z) : depth_override;
    p.kind = (uint8_t)kind;
    p.x0 = (float)x0;
    p.y0 = (float)y0;
    p.x1 = (float)x1;
    p.y1 = (float)y1;
    p.size = (float)max2(width_points * stage->theme.weight * v->point, THINNEST);
    p.color = color;
    push_prim(stage, p);
}

/* A light grid on the floor of a world box, for depth in 3D views. */
static void push_floor_grid(lr_stage *stage, const lm_collider_def *box) {
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
        push_segment(stage, (lm_vec3){x, y, box->min.z}, (lm_vec3){x, y, box->max.z}, PRIM_LINE,
                     GRID_WIDTH, COLOR_GRID, INFINITY);
    for (double z = ceil(box->min.z / spacing) * spacing; z <= box->max.z; z += spacing)
        push_segment(stage, (lm_vec3){box->min.x, y, z}, (lm_vec3){box->max.x, y, z}, PRIM_LINE,
                     GRID_WIDTH, COLOR_GRID, INFINITY);
}

/* A filled convex polygon of up to 4 world points, drawn at its farthest
 * depth so that whatever lies on it is drawn after it. Dropped when a corner
 * is behind the eye. */
void lr_push_polygon(lr_stage *stage, const lm_vec3 *points, int n, uint32_t color, lr_depth mode) {
    const lr_view *v = &stage->view;
    double x[POLYGON_MAX], y[POLYGON_MAX], depth = -INFINITY, sum = 0.0;
    for (int i = 0; i < n; i++) {
        camera_point c = lr_to_camera(v, points[i]);
        if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
            return;
        lr_to_canvas(v, c, &x[i], &y[i]);
        depth = max2(depth, c.z);
        sum += c.z;
    }
    if (mode == LR_DEPTH_CENTROID)
        depth = sum / n;
    else if (mode == LR_DEPTH_FLOOR)
        depth = INFINITY; /* on the floor, under everything but the grid before it */
    n = lr_clip_polygon(v, x, y, n);
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
    push_prim(stage, p);
}

void lr_push_smooth_triangle(lr_stage *stage, const lm_vec3 points[3], const uint32_t colors[3],
                             lr_depth mode, bool buffered) {
    const lr_view *v = &stage->view;
    double x[3], y[3], z[3], sum = 0.0, farthest = -INFINITY;
    bool inside = true; /* within FAR: no clipping needed */
    for (int i = 0; i < 3; i++) {
        camera_point c = lr_to_camera(v, points[i]);
        if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
            return;
        lr_to_canvas(v, c, &x[i], &y[i]);
        z[i] = c.z;
        sum += c.z;
        farthest = max2(farthest, c.z);
        inside = inside && x[i] >= -FAR && x[i] <= 2.0 * v->cx + FAR && y[i] >= -FAR &&
                 y[i] <= 2.0 * v->cy + FAR;
    }
    if (!inside) {
        /* Reaching past FAR (rare: far off the picture): clipped as a
         * polygon of its first corner's colour. */
        lr_push_polygon(stage, points, 3, colors[0], mode);
        return;
    }
    prim p = {0};
    p.depth = mode == LR_DEPTH_CENTROID ? sum / 3.0 : mode == LR_DEPTH_FLOOR ? INFINITY : farthest;
    p.kind = PRIM_SMOOTH;
    p.flags = buffered ? PRIM_DEPTH : 0u;
    p.color = colors[0] | 0xFFu; /* opaque: drawn without blending */
    for (int i = 0; i < 3; i++) {
        p.tx[i] = (float)x[i];
        p.ty[i] = (float)y[i];
        p.tc[i] = colors[i] | 0xFFu;
        p.tz[i] = (float)z[i];
    }
    push_prim(stage, p);
}

/* A disc of radius_m metres less inset points, at the depth of its centre. */
static void push_disc(lr_stage *stage, lm_vec3 centre, double radius_m, double inset,
                      uint32_t color) {
    const lr_view *v = &stage->view;
    camera_point c = lr_to_camera(v, centre);
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
        return;
    double x, y;
    lr_to_canvas(v, c, &x, &y);
    double r = radius_m * lr_pixels_per_metre(v, c.z) - inset * v->point;
    if (!(r > 0.0) || r > 4.0 * GUARD)
        return;
    prim p = {0};
    p.depth = c.z;
    p.kind = PRIM_DISC;
    p.x0 = (float)x;
    p.y0 = (float)y;
    p.size = (float)r;
    p.color = color;
    push_prim(stage, p);
}

/* A shaded ball (PRIM_BALL) of radius_m metres less inset points. */
static void push_ball(lr_stage *stage, lm_vec3 centre, double radius_m, double inset,
                      uint32_t color) {
    size_t before = stage->prim_count;
    push_disc(stage, centre, radius_m, inset, color);
    if (stage->prim_count > before)
        stage->prims[stage->prim_count - 1].kind = PRIM_BALL;
}

lm_vec3 lr_key_light(const lr_view *v) {
    lm_vec3 l =
        along(along(along((lm_vec3){0, 0, 0}, v->forward, -0.8), v->up, 0.5), v->right, -0.7 / 3.0);
    return unit(l);
}

/* base scaled by the light falling on a surface of normal n (either side). */
static uint32_t lit(uint32_t base, double intensity) {
    uint32_t out = base & 0xFFu;
    for (int shift = 8; shift <= 24; shift += 8) {
        double channel = ((base >> shift) & 0xFFu) * intensity;
        out |= (uint32_t)(channel > 255.0 ? 255.0 : channel + 0.5) << shift;
    }
    return out;
}

/* The collider's solid side: opaque in a flat scene, translucent in 3D so
 * that the painter's order never hides a particle behind it. */
static uint32_t solid_color(const lr_stage *stage, uint32_t color) {
    if (color)
        return stage->view.straight ? color : (color & 0xFFFFFF00u) | 0x55u;
    return stage->view.straight ? COLOR_SOLID : COLOR_SOLID_3D;
}

/* A plane: in a flat scene, its edge as a long line with the solid side
 * shaded; in 3D, a square patch under the camera's target. */
static void collect_plane(lr_stage *stage, const lm_collider_def *d, uint32_t color) {
    const lr_view *v = &stage->view;
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
        lr_push_polygon(stage, solid, 4, solid_color(stage, color), LR_DEPTH_FARTHEST);
        push_segment(stage, a, b, PRIM_LINE, BOX_WIDTH, COLOR_INK, NAN);
        return;
    }
    if (!d->container && n.y > 0.999 && !stage->has_floor) {
        stage->has_floor = true; /* a floor: contact shadows fall on it */
        stage->floor_y = d->position.y;
    }
    lm_vec3 centre = along(v->target, n, -dot(sub(v->target, d->position), n));
    lm_vec3 u = unit(cross(n, fabs(n.x) < 0.9 ? (lm_vec3){1.0, 0.0, 0.0} : (lm_vec3){0, 0, 1.0}));
    lm_vec3 w = cross(n, u);
    double s = 0.75 * v->height_m;
    lm_vec3 corners[4] = {along(along(centre, u, -s), w, -s), along(along(centre, u, s), w, -s),
                          along(along(centre, u, s), w, s), along(along(centre, u, -s), w, s)};
    lr_push_polygon(stage, corners, 4, solid_color(stage, color), LR_DEPTH_FARTHEST);
    for (int i = 0; i < 4; i++)
        push_segment(stage, corners[i], corners[(i + 1) % 4], PRIM_LINE, GRID_WIDTH, COLOR_INK,
                     NAN);
}

/* Spheres and capsules hide what is behind them, so they are opaque even in
 * 3D: drawn at the depth of their centre, a particle on their near side is
 * drawn after them and one behind before. */
static uint32_t round_color(const lr_stage *stage, uint32_t color) {
    return color ? color | 0xFFu : COLOR_SOLID;
}

/* A sphere: its outline and fill as discs; in a flat scene a spoke along its
 * local x axis shows it turning. */
static void collect_sphere(lr_stage *stage, const lm_collider_def *d, uint32_t color) {
    if (!stage->view.straight) {
        /* 3D: a shaded ball inside a thin outline, casting a contact shadow. */
        push_disc(stage, d->position, d->radius, 0.0, COLOR_INK);
        push_ball(stage, d->position, d->radius, OUTLINE_WIDTH, round_color(stage, color));
        lr_surface_add_caster(stage, d->position, d->radius);
        return;
    }
    push_disc(stage, d->position, d->radius, 0.0, COLOR_INK);
    push_disc(stage, d->position, d->radius, BOX_WIDTH, round_color(stage, color));
    if (stage->view.straight) {
        lm_vec3 x = lm_quat_rotate(d->rotation, (lm_vec3){d->radius, 0.0, 0.0});
        push_segment(stage, d->position, along(d->position, x, 1.0), PRIM_LINE, GRID_WIDTH,
                     COLOR_INK, NAN);
    }
}

/* A capsule: two end discs and the band between them, first in ink, then
 * filled a line width inside, which leaves a clean outline. */
static void collect_capsule(lr_stage *stage, const lm_collider_def *d, uint32_t color) {
    const lr_view *v = &stage->view;
    lm_vec3 axis = lm_quat_rotate(d->rotation, (lm_vec3){d->half_length, 0.0, 0.0});
    lm_vec3 a = along(d->position, axis, -1.0), b = along(d->position, axis, 1.0);
    /* Across the band, as seen: perpendicular to the axis and the view. */
    lm_vec3 side = unit(cross(axis, v->forward));
    if (dot(side, side) < 0.5)
        side = v->right;
    double inset = BOX_WIDTH * v->point / lr_pixels_per_metre(v, lr_to_camera(v, d->position).z);
    if (!v->straight) {
        /* 3D: shaded end balls, and the band as strips lit by their normal. */
        uint32_t base = round_color(stage, color);
        lm_vec3 light = lr_key_light(v), eye = {-v->forward.x, -v->forward.y, -v->forward.z};
        for (int end = 0; end < 2; end++) {
            push_disc(stage, end ? b : a, d->radius, 0.0, COLOR_INK);
            push_ball(stage, end ? b : a, d->radius, OUTLINE_WIDTH, base);
        }
        lm_vec3 outline[4] = {along(a, side, d->radius), along(b, side, d->radius),
                              along(b, side, -d->radius), along(a, side, -d->radius)};
        lr_push_polygon(stage, outline, 4, COLOR_INK, LR_DEPTH_FARTHEST);
        enum { STRIPS = 12 };
        double r = d->radius - inset;
        for (int k = 0; k < STRIPS && r > 0.0; k++) {
            /* Lit at its edges by the band's normals there, blended across. */
            double s0 = -1.0 + 2.0 * k / STRIPS, s1 = -1.0 + 2.0 * (k + 1) / STRIPS;
            uint32_t shade[2];
            for (int e = 0; e < 2; e++) {
                double se = e ? s1 : s0;
                lm_vec3 n = along(along((lm_vec3){0, 0, 0}, side, se), eye, sqrt(1.0 - se * se));
                shade[e] = lit(base, LIGHT_AMBIENT + LIGHT_DIFFUSE * fabs(dot(unit(n), light)));
            }
            lm_vec3 strip[4] = {along(a, side, r * s0), along(b, side, r * s0),
                                along(b, side, r * s1), along(a, side, r * s1)};
            const lm_vec3 first[3] = {strip[0], strip[1], strip[2]};
            const lm_vec3 second[3] = {strip[0], strip[2], strip[3]};
            const uint32_t first_shade[3] = {shade[0], shade[0], shade[1]};
            const uint32_t second_shade[3] = {shade[0], shade[1], shade[1]};
            lr_push_smooth_triangle(stage, first, first_shade, LR_DEPTH_FARTHEST, false);
            lr_push_smooth_triangle(stage, second, second_shade, LR_DEPTH_FARTHEST, false);
        }
        lr_surface_add_caster(stage, a, d->radius);
        lr_surface_add_caster(stage, b, d->radius);
        return;
    }
    for (int pass = 0; pass < 2; pass++) {
        double r = pass == 0 ? d->radius : d->radius - inset;
        uint32_t fill = pass == 0 ? COLOR_INK : round_color(stage, color);
        if (!(r > 0.0))
            break;
        push_disc(stage, a, r, 0.0, fill);
        push_disc(stage, b, r, 0.0, fill);
        lm_vec3 band[4] = {along(a, side, r), along(b, side, r), along(b, side, -r),
                           along(a, side, -r)};
        lr_push_polygon(stage, band, 4, fill, LR_DEPTH_FARTHEST);
    }
}

/* A solid collider's edge: in 3D sorted at its farther end's depth, as its
 * faces are, so a surface lying on the collider (a tablecloth over a table)
 * is painted over the edges under it, not cut by the far half of a long
 * edge whose middle is nearer. */
static void push_edge(lr_stage *stage, lm_vec3 a, lm_vec3 b, double width, uint32_t color) {
    const lr_view *v = &stage->view;
    double depth = NAN;
    if (!v->straight)
        depth = max2(lr_to_camera(v, a).z, lr_to_camera(v, b).z);
    push_segment(stage, a, b, PRIM_LINE, width, color, isfinite(depth) ? depth : NAN);
}

/* An oriented box: the faces turned towards the camera, filled, then its
 * twelve edges (those seen end-on in a flat view are left out). */
static void collect_obb(lr_stage *stage, const lm_collider_def *d, uint32_t color) {
    const lr_view *v = &stage->view;
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
            lr_push_polygon(stage, face, 4, solid_color(stage, color), LR_DEPTH_FARTHEST);
        }
    }
    for (int i = 0; i < 8; i++) {
        for (int k = 0; k < 3; k++) {
            if (i & 1 << k)
                continue;
            lm_vec3 edge = unit(e[k]);
            if (v->straight && fabs(dot(edge, v->forward)) > 0.999)
                continue;
            push_edge(stage, corner[i], corner[i | 1 << k], BOX_WIDTH, COLOR_INK);
        }
    }
}

void lr_collect_collider(void *context, lm_collider handle, const lm_collider_def *collider) {
    lr_stage *stage = context;
    uint32_t color =
        lr_styles_get(stage->styles, LR_STYLE_COLLIDER, handle.index1, handle.generation).color;
    switch (collider->kind) {
    case LM_COLLIDER_PLANE:
        collect_plane(stage, collider, color);
        return;
    case LM_COLLIDER_SPHERE:
        collect_sphere(stage, collider, color);
        return;
    case LM_COLLIDER_CAPSULE:
        collect_capsule(stage, collider, color);
        return;
    case LM_COLLIDER_BOX:
        collect_obb(stage, collider, color);
        return;
    default:
        break;
    }
    if (collider->kind != LM_COLLIDER_WORLD_BOX)
        return;
    lm_vec3 lo = collider->min, hi = collider->max;
    if (stage->view.straight) {
        /* Seen straight on, the box is a rectangle. */
        lm_vec3 corners[4] = {
            {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {hi.x, hi.y, hi.z}, {lo.x, hi.y, hi.z}};
        for (int i = 0; i < 4; i++)
            push_segment(stage, corners[i], corners[(i + 1) % 4], PRIM_LINE, BOX_WIDTH, COLOR_INK,
                         NAN);
        return;
    }
    if (!stage->has_floor) {
        stage->has_floor = true;
        stage->floor_y = lo.y;
    }
    if (!stage->grid_drawn) {
        stage->grid_drawn = true;
        push_floor_grid(stage, collider);
    }
    for (int i = 0; i < 8; i++) {
        lm_vec3 a = {i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z};
        /* Each edge once: from a corner to the neighbours with one more max coordinate. */
        for (int axis = 1; axis <= 4; axis <<= 1) {
            if (i & axis)
                continue;
            int j = i | axis;
            lm_vec3 b = {j & 1 ? hi.x : lo.x, j & 2 ? hi.y : lo.y, j & 4 ? hi.z : lo.z};
            push_segment(stage, a, b, PRIM_LINE, BOX_WIDTH, COLOR_INK, NAN);
        }
    }
}

/* A link in its style's own picture; color 0 = the style's colour. */
static void collect_plain_link(lr_stage *stage, lm_vec3 a, lm_vec3 b, lm_link_style style,
                               uint32_t color) {
    switch (style) {
    case LM_LINK_STICK:
        push_segment(stage, a, b, PRIM_LINE, LINE_WIDTH, color ? color : COLOR_STICK, NAN);
        break;
    case LM_LINK_SPRING:
        push_segment(stage, a, b, PRIM_ZIGZAG, LINE_WIDTH, color ? color : COLOR_SPRING, NAN);
        break;
    case LM_LINK_PIN:
        push_segment(stage, a, b, PRIM_DASHED, PIN_WIDTH, color ? color : COLOR_PIN, NAN);
        break;
    case LM_LINK_ROPE: /* a rope: a line of its own colour, it may be slack */
        push_segment(stage, a, b, PRIM_LINE, LINE_WIDTH, color ? color : COLOR_ROPE, NAN);
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
static void push_chain_link(lr_stage *stage, lm_vec3 a, lm_vec3 b, bool edge, uint32_t color) {
    const lr_view *v = &stage->view;
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
    camera_point c = lr_to_camera(v, centre);
    camera_point cu = lr_to_camera(v, along(centre, x, half_length));
    camera_point cv = lr_to_camera(v, along(centre, across, half_width));
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near || cu.z < v->near ||
        cv.z < v->near)
        return;
    double x0, y0, ux, uy, vx, vy;
    lr_to_canvas(v, c, &x0, &y0);
    lr_to_canvas(v, cu, &ux, &uy);
    lr_to_canvas(v, cv, &vx, &vy);
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
    p.size = (float)max2(wire * lr_pixels_per_metre(v, c.z), THINNEST);
    p.color = color ? color : COLOR_CHAIN;
    push_prim(stage, p);
}

/* A link in its style (look and colour), except the kinds the window hides;
 * kept for after the surfaces in 3D. */
void lr_collect_link(void *context, lm_vec3 a, lm_vec3 b, lm_link_style style,
                     lm_constraint constraint, lm_force force) {
    lr_stage *stage = context;
    unsigned kind = style == LM_LINK_SPRING                          ? LR_HIDE_SPRINGS
                    : style == LM_LINK_STICK || style == LM_LINK_PIN ? LR_HIDE_CONSTRAINTS
                                                                     : 0u;
    if (stage->hidden & kind)
        return;
    lr_style look = constraint.index1 ? lr_styles_get(stage->styles, LR_STYLE_CONSTRAINT,
                                                      constraint.index1, constraint.generation)
                                      : lr_styles_get(stage->styles, LR_STYLE_FORCE, force.index1,
                                                      force.generation);
    if (!stage->view.straight) {
        lr_surface_record_link(stage, a, b, style, look, constraint, force);
        return;
    }
    lr_emit_link(stage, a, b, style, look);
}

void lr_emit_link(lr_stage *stage, lm_vec3 a, lm_vec3 b, lm_link_style style, lr_style look) {
    uint32_t color = look.color;
    switch (look.look) {
    case LR_LOOK_CHAIN:
    case LR_LOOK_CHAIN_EDGE:
        push_chain_link(stage, a, b, look.look == LR_LOOK_CHAIN_EDGE, color);
        break;
    case LR_LOOK_ROPE:
        push_segment(stage, a, b, PRIM_ROPE, ROPE_WIDTH, color ? color : COLOR_ROPE, NAN);
        break;
    case LR_LOOK_HIDDEN:
        break;
    default:
        collect_plain_link(stage, a, b, style, color);
        break;
    }
}

void lr_collect_particle(void *context, lm_particle particle, lm_vec3 position, double radius,
                         unsigned flags) {
    lr_stage *stage = context;
    uint32_t color =
        lr_styles_get(stage->styles, LR_STYLE_PARTICLE, particle.index1, particle.generation).color;
    if (position.z < stage->particle_zmin)
        stage->particle_zmin = position.z;
    if (position.z > stage->particle_zmax)
        stage->particle_zmax = position.z;
    if (!stage->view.straight) {
        lr_surface_record_particle(stage, particle, position, radius, flags, color);
        return;
    }
    lr_emit_particle(stage, position, radius, flags, color, false);
}

void lr_emit_particle(lr_stage *stage, lm_vec3 position, double radius, unsigned flags,
                      uint32_t color, bool shaded) {
    const lr_view *v = &stage->view;
    camera_point c = lr_to_camera(v, position);
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || !isfinite(radius) || c.z < v->near)
        return;
    double x, y;
    lr_to_canvas(v, c, &x, &y);
    double r = radius > 0.0 ? radius * lr_pixels_per_metre(v, c.z) : 0.0;
    double reach = r + 10.0 * v->point;
    if (x + reach < 0.0 || y + reach < 0.0 || x - reach > 2.0 * v->cx || y - reach > 2.0 * v->cy)
        return;
    if (r > 4.0 * GUARD)
        r = 4.0 * GUARD; /* it covers the whole canvas anyway */
    prim p = {0};
    p.depth = c.z - (radius > 0.0 ? radius : 0.0);
    p.kind = PRIM_PARTICLE;
    p.flags = (uint8_t)(flags | (shaded ? PRIM_SHADED : 0u));
    p.x0 = (float)x;
    p.y0 = (float)y;
    p.size = (float)r;
    p.color = color ? color : COLOR_PARTICLE;
    push_prim(stage, p);
}

void lr_collect_face(void *context, lm_constraint face, lm_vec3 a, lm_vec3 b, lm_vec3 c) {
    lr_stage *stage = context;
    if (stage->view.straight || !stage->world)
        return; /* flat diagrams keep their clean look: faces are not drawn */
    lm_particle corner[4];
    if (lm_constraint_particles(stage->world, face, corner) != 3)
        return;
    if (!lr_grow((void **)&stage->faces, &stage->face_capacity, stage->face_count + 1,
                 sizeof(pending_face)))
        return;
    pending_face *f = &stage->faces[stage->face_count++];
    f->x[0] = a;
    f->x[1] = b;
    f->x[2] = c;
    for (int i = 0; i < 3; i++)
        f->p[i] = corner[i].index1;
}
