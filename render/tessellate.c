/*
 * tessellate.c - stage 3: primitives become triangles in one vertex list.
 */
#include "stage.h"

#include <math.h>

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

/* Indices per SDL_RenderGeometry call: SDL counts (and sizes its buffers) in
 * int, so a picture of millions of particles is drawn in batches of this
 * many (same picture: the batches keep the order and the blend mode). */
enum { BATCH_INDICES = 1 << 21 };

bool lr_reserve(lr_renderer *renderer, int n, int m) {
    double canvas = (double)renderer->canvas->w * renderer->canvas->h;
    if (renderer->index_count > 0 && ((size_t)renderer->index_count + (size_t)m > BATCH_INDICES ||
                                      renderer->batch_pixels > canvas))
        lr_submit(renderer);
    return grow((void **)&renderer->vertices, &renderer->vertex_capacity,
                (size_t)renderer->vertex_count + (size_t)n, sizeof(SDL_Vertex)) &&
           grow((void **)&renderer->indices, &renderer->index_capacity,
                (size_t)renderer->index_count + (size_t)m, sizeof(int));
}

int lr_add_vertex(lr_renderer *renderer, double x, double y, SDL_Color color) {
    SDL_Vertex *vertex = &renderer->vertices[renderer->vertex_count];
    vertex->position = (SDL_FPoint){(float)x, (float)y};
    vertex->color = color;
    vertex->tex_coord = (SDL_FPoint){0.0f, 0.0f};
    return renderer->vertex_count++;
}

void lr_add_triangle(lr_renderer *renderer, int a, int b, int c) {
    renderer->indices[renderer->index_count++] = a;
    renderer->indices[renderer->index_count++] = b;
    renderer->indices[renderer->index_count++] = c;
    /* Its area, clipped (roughly) to the canvas it is drawn into. */
    SDL_FPoint p = renderer->vertices[a].position, q = renderer->vertices[b].position,
               r = renderer->vertices[c].position;
    double area = 0.5 * fabs(((double)q.x - p.x) * ((double)r.y - p.y) -
                             ((double)r.x - p.x) * ((double)q.y - p.y));
    double canvas = (double)renderer->canvas->w * renderer->canvas->h;
    renderer->batch_pixels += area < canvas ? area : canvas;
}

static void add_triangle(lr_renderer *renderer, int a, int b, int c) {
    lr_add_triangle(renderer, a, b, c);
}

static void add_quad(lr_renderer *renderer, const double x[4], const double y[4], uint32_t rgba) {
    if (!lr_reserve(renderer, 4, 6))
        return;
    SDL_Color color = lr_sdl_color(rgba);
    int first = renderer->vertex_count;
    for (int i = 0; i < 4; i++)
        lr_add_vertex(renderer, x[i], y[i], color);
    add_triangle(renderer, first, first + 1, first + 2);
    add_triangle(renderer, first, first + 2, first + 3);
}

/* Segments for a circle of radius r pixels: the chord error stays under a
 * quarter pixel. */
static int circle_segments(double r) {
    int n = (int)ceil(3.1415926535 * sqrt(2.0 * r));
    return n < 12 ? 12 : n > 96 ? 96 : n;
}

static void add_disc(lr_renderer *renderer, double cx, double cy, double r, uint32_t rgba) {
    int n = circle_segments(r);
    if (!lr_reserve(renderer, n + 1, 3 * n))
        return;
    SDL_Color color = lr_sdl_color(rgba);
    int centre = lr_add_vertex(renderer, cx, cy, color);
    for (int i = 0; i < n; i++) {
        double angle = 2.0 * 3.14159265358979323846 * i / n;
        lr_add_vertex(renderer, cx + r * cos(angle), cy + r * sin(angle), color);
    }
    for (int i = 0; i < n; i++)
        add_triangle(renderer, centre, centre + 1 + i, centre + 1 + (i + 1) % n);
}

static void add_ring(lr_renderer *renderer, double cx, double cy, double r_inner, double r_outer,
                     uint32_t rgba) {
    int n = circle_segments(r_outer);
    if (!lr_reserve(renderer, 2 * n, 6 * n))
        return;
    SDL_Color color = lr_sdl_color(rgba);
    int first = renderer->vertex_count;
    for (int i = 0; i < n; i++) {
        double angle = 2.0 * 3.14159265358979323846 * i / n;
        double c = cos(angle), s = sin(angle);
        lr_add_vertex(renderer, cx + r_inner * c, cy + r_inner * s, color);
        lr_add_vertex(renderer, cx + r_outer * c, cy + r_outer * s, color);
    }
    for (int i = 0; i < n; i++) {
        int a = first + 2 * i, b = first + 2 * ((i + 1) % n);
        add_triangle(renderer, a, a + 1, b + 1);
        add_triangle(renderer, a, b + 1, b);
    }
}

/* A line of the given width with square caps (which also fill the joints of
 * a polyline). */
static void add_line(lr_renderer *renderer, double x0, double y0, double x1, double y1,
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

static void add_zigzag(lr_renderer *renderer, const prim *p, double point) {
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

static void add_dashed(lr_renderer *renderer, const prim *p, double point) {
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

/* A ball lit by the key light: discs shrinking towards the lit side, each
 * lighter, over the darkest full disc; a small highlight last. */
static void add_ball(lr_renderer *renderer, double x, double y, double r, uint32_t rgba) {
    /* More rings on bigger balls, so the steps stay a few pixels apart. */
    int rings = 7 + (int)(r / 12.0);
    rings = rings > 24 ? 24 : rings;
    lm_vec3 light = lr_key_light(&renderer->view);
    double lx = dot(light, renderer->view.right), ly = -dot(light, renderer->view.up);
    double length = sqrt(lx * lx + ly * ly);
    if (length > 1e-9) {
        lx /= length;
        ly /= length;
    }
    for (int k = 0; k < rings; k++) {
        double t = (double)k / rings;
        double intensity = LIGHT_AMBIENT + LIGHT_DIFFUSE * pow(t, 0.7);
        double shift = 0.42 * r * t;
        add_disc(renderer, x + lx * shift, y + ly * shift, r * (1.0 - 0.82 * t),
                 darker(rgba, intensity));
    }
    add_disc(renderer, x + lx * 0.45 * r, y + ly * 0.45 * r, 0.12 * r, lighter(rgba, 0.55));
}

static void add_particle(lr_renderer *renderer, const prim *p, double point) {
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
        if ((p->flags & PRIM_SHADED) && r > 3.0 * outline) {
            add_disc(renderer, x, y, r, darker(p->color, 0.45));
            add_ball(renderer, x, y, r - 0.6 * outline, fill);
        } else if (r > 2.0 * outline) {
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
static void add_rope(lr_renderer *renderer, const prim *p) {
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
static void add_closed_band(lr_renderer *renderer, const double *x, const double *y, int count,
                            double width, uint32_t rgba, double fallback_x, double fallback_y) {
    if (!lr_reserve(renderer, 2 * count, 6 * count))
        return;
    SDL_Color color = lr_sdl_color(rgba);
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
        lr_add_vertex(renderer, x[i] + nx * 0.5 * width, y[i] + ny * 0.5 * width, color);
        lr_add_vertex(renderer, x[i] - nx * 0.5 * width, y[i] - ny * 0.5 * width, color);
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
static void add_chain_link(lr_renderer *renderer, const prim *p, double point) {
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
static void add_polygon(lr_renderer *renderer, const prim *p) {
    if (!lr_reserve(renderer, p->count, 3 * p->count))
        return;
    SDL_Color color = lr_sdl_color(p->color);
    int first = renderer->vertex_count;
    for (int i = 0; i < p->count; i++)
        lr_add_vertex(renderer, p->px[i], p->py[i], color);
    for (int i = 1; i + 1 < p->count; i++)
        add_triangle(renderer, first, first + i, first + i + 1);
}

/* A triangle whose corner colours SDL blends across it (smooth shading). */
static void add_smooth(lr_renderer *renderer, const prim *p) {
    if (!lr_reserve(renderer, 3, 3))
        return;
    int first = renderer->vertex_count;
    for (int i = 0; i < 3; i++)
        lr_add_vertex(renderer, p->tx[i], p->ty[i], lr_sdl_color(p->tc[i]));
    add_triangle(renderer, first, first + 1, first + 2);
}

void lr_tessellate(lr_renderer *renderer, const prim *p) {
    double point = renderer->view.point;
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
    case PRIM_BALL:
        add_ball(renderer, p->x0, p->y0, p->size, p->color);
        break;
    case PRIM_ROPE:
        add_rope(renderer, p);
        break;
    case PRIM_CHAIN:
        add_chain_link(renderer, p, point);
        break;
    case PRIM_SMOOTH:
        add_smooth(renderer, p);
        break;
    }
}
