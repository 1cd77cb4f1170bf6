/*
 * expand.c - stage 3: the sorted primitives become display list items.
 *
 * What is drawn for each kind of primitive lives here: a spring's zigzag,
 * a pin's dashes, a particle's outline, immovable mark and pin ring, a
 * shaded ball's discs, a rope's strands, a chain link's ring of wire. The
 * list's items are generic (paths, fills, circles, triangles), so any
 * backend draws them.
 */
#include "stage.h"

#define PI 3.14159265358979323846

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

static void disc(lr_stage *stage, double x, double y, double r, uint32_t color) {
    lr_list_circle(stage->list, (float)x, (float)y, (float)r, color, 0.0f, 0, NULL);
}

/* A line with square caps (which also fill the joints of a chain of them). */
static void line(lr_stage *stage, double x0, double y0, double x1, double y1, double width,
                 uint32_t color) {
    lr_list_line(stage->list, (float)x0, (float)y0, (float)x1, (float)y1, (float)width, color,
                 LR_SQUARE_CAPS);
}

static void zigzag(lr_stage *stage, const prim *p, double point) {
    double dx = p->x1 - p->x0, dy = p->y1 - p->y0;
    double length = sqrt(dx * dx + dy * dy);
    double height = ZIGZAG_HEIGHT * point;
    if (length < 4.0 * height) {
        line(stage, p->x0, p->y0, p->x1, p->y1, p->size, p->color);
        return;
    }
    /* Straight leads at both ends, then 2 * ZIGZAG_TEETH points alternating
     * sides, half a step from the leads and a step apart; each leg a line
     * with square caps, which fill the sharp corners without the spikes of
     * mitred joins. */
    double ux = dx / length, uy = dy / length;
    double lead = 0.1 * length;
    double step = (length - 2.0 * lead) / (2 * ZIGZAG_TEETH);
    double px = p->x0 + ux * lead, py = p->y0 + uy * lead;
    line(stage, p->x0, p->y0, px, py, p->size, p->color);
    for (int i = 0; i < 2 * ZIGZAG_TEETH; i++) {
        double s = lead + step * (i + 0.5);
        double across = i % 2 ? -height : height;
        double qx = p->x0 + ux * s - uy * across, qy = p->y0 + uy * s + ux * across;
        line(stage, px, py, qx, qy, p->size, p->color);
        px = qx;
        py = qy;
    }
    double ex = p->x1 - ux * lead, ey = p->y1 - uy * lead;
    line(stage, px, py, ex, ey, p->size, p->color);
    line(stage, ex, ey, p->x1, p->y1, p->size, p->color);
}

static void dashed(lr_stage *stage, const prim *p, double point) {
    double dx = p->x1 - p->x0, dy = p->y1 - p->y0;
    if (sqrt(dx * dx + dy * dy) < point)
        return; /* a pin sitting on its target */
    lr_point ends[2] = {{p->x0, p->y0}, {p->x1, p->y1}};
    float dash[4] = {(float)(DASH_LENGTH * point), (float)(DASH_GAP * point), 0.0f, 0.0f};
    lr_list_path(stage->list, ends, 2, 0, p->size, p->color, dash);
}

/* A ball lit by the key light: discs shrinking towards the lit side, each
 * lighter, over the darkest full disc; a small highlight last. */
static void ball(lr_stage *stage, double x, double y, double r, uint32_t rgba) {
    /* More rings on bigger balls, so the steps stay a few pixels apart. */
    int rings = 7 + (int)(r / 6.0);
    rings = rings > 24 ? 24 : rings;
    lm_vec3 light = lr_key_light(&stage->view);
    double lx = dot(light, stage->view.right), ly = -dot(light, stage->view.up);
    double length = sqrt(lx * lx + ly * ly);
    if (length > 1e-9) {
        lx /= length;
        ly /= length;
    }
    for (int k = 0; k < rings; k++) {
        double t = (double)k / rings;
        double intensity = LIGHT_AMBIENT + LIGHT_DIFFUSE * pow(t, 0.7);
        double shift = 0.42 * r * t;
        disc(stage, x + lx * shift, y + ly * shift, r * (1.0 - 0.82 * t), darker(rgba, intensity));
    }
    disc(stage, x + lx * 0.45 * r, y + ly * 0.45 * r, 0.12 * r, lighter(rgba, 0.55));
}

/* A particle's rim: a darker shade of its colour; where both would vanish
 * into the background (a navy ball on the dark theme), a shade of the
 * colour that shows against it at 3:1 (WCAG's ratio for graphics). */
#define RIM_CONTRAST 3.0
static uint32_t rim_of(const lr_stage *stage, uint32_t color) {
    uint32_t rim = darker(color, 0.45), background = stage->theme.background;
    if (lr_contrast(color, background) < RIM_CONTRAST &&
        lr_contrast(rim, background) < RIM_CONTRAST)
        rim = lr_readable(color, background, RIM_CONTRAST);
    return rim;
}

static void particle(lr_stage *stage, const prim *p, double point) {
    double x = p->x0, y = p->y0;
    double r = p->size;
    bool immovable = p->flags & LM_DRAW_IMMOVABLE;
    if (r <= 0.0 && !immovable) {
        disc(stage, x, y, DOT_RADIUS * point, p->color);
    } else if (r > 0.0) {
        double outline = OUTLINE_WIDTH * point;
        if (r < DOT_RADIUS * point)
            r = DOT_RADIUS * point;
        uint32_t fill = immovable ? darker(p->color, 0.6) : p->color;
        if ((p->flags & PRIM_SHADED) && r > 3.0 * outline) {
            disc(stage, x, y, r, rim_of(stage, p->color));
            ball(stage, x, y, r - 0.6 * outline, fill);
        } else if (r > 2.0 * outline) {
            disc(stage, x, y, r, rim_of(stage, p->color));
            disc(stage, x, y, r - outline, fill);
        } else {
            disc(stage, x, y, r, fill);
        }
    }
    if (immovable) {
        /* Immovable particles carry a dark square. */
        double h = MARK_HALF_SIZE * point;
        if (r > 0.0 && h > 0.5 * r)
            h = r > 2.0 * point ? 0.5 * r : h;
        lr_list_rect(stage->list, (float)(x - h), (float)(y - h), (float)(2.0 * h),
                     (float)(2.0 * h), COLOR_INK);
        if (r <= 0.0)
            r = h;
    }
    if (p->flags & LM_DRAW_PINNED) {
        double inner = max2(r, DOT_RADIUS * point) + RING_GAP * point;
        double width = RING_WIDTH * point;
        lr_list_circle(stage->list, (float)x, (float)y, (float)(inner + 0.5 * width), 0,
                       (float)width, COLOR_PIN, NULL);
    }
}

/* A rope: a thick line crossed by short diagonal strands, its lay. Too thin
 * for strands to show (a small picture), it is just the thick line. */
static void rope(lr_stage *stage, const prim *p) {
    line(stage, p->x0, p->y0, p->x1, p->y1, p->size, p->color);
    double dx = p->x1 - p->x0, dy = p->y1 - p->y0;
    double length = sqrt(dx * dx + dy * dy);
    double strand = ROPE_STRAND * p->size;
    if (strand < THINNEST || length < p->size)
        return;
    double ux = dx / length, uy = dy / length, h = 0.5 * p->size - 0.5 * strand;
    double lay = ROPE_LAY * p->size, slant = 0.5 * p->size;
    uint32_t dark = darker(p->color, 0.62);
    for (double s = 0.5 * (lay - slant); s + slant <= length; s += lay) {
        double ax = p->x0 + ux * s - uy * h, ay = p->y0 + uy * s + ux * h;
        double bx = p->x0 + ux * (s + slant) + uy * h, by = p->y0 + uy * (s + slant) - ux * h;
        line(stage, ax, ay, bx, by, strand, dark);
    }
}

/* A chain link (push_chain_link): the centre line of the stadium, in local
 * coordinates u along and w across (each in [-1, 1]) with end radius r,
 * mapped by the picture half-axes U, V; drawn as a closed line of the wire's
 * width over the same line a little wider in a darker colour. Seen edge-on
 * (V under a wire's width) the ring folds into a bar of the link's length. */
static void chain_link(lr_stage *stage, const prim *p, double point) {
    double cx = p->x0, cy = p->y0, ux = p->x1, uy = p->y1, vx = p->px[0], vy = p->py[0];
    double r = p->px[1];
    double outline = max2(CHAIN_OUTLINE * point, 0.5 * THINNEST);
    double u_length = sqrt(ux * ux + uy * uy);
    if (sqrt(vx * vx + vy * vy) < 0.5 * p->size) {
        for (int pass = 0; pass < 2; pass++)
            line(stage, cx - ux, cy - uy, cx + ux, cy + uy,
                 pass == 0 ? p->size + 2.0 * outline : p->size,
                 pass == 0 ? darker(p->color, 0.45) : p->color);
        double shine = CHAIN_SHINE * p->size;
        if (shine >= THINNEST)
            line(stage, cx - ux, cy - uy, cx + ux, cy + uy, shine,
                 lighter(p->color, CHAIN_SHINE_LIGHT));
        return;
    }
    /* Points along each half circle: the chord within a quarter of a
     * sample of a 2x supersampled picture. */
    double radius = 2.0 * (r * u_length + 0.5 * p->size);
    int n = (int)ceil(PI * sqrt(2.0 * radius)) / 2;
    n = n < 6 ? 6 : n > 48 ? 48 : n;
    enum { MOST = 2 * (48 + 1) };
    lr_point points[MOST];
    int count = 0;
    for (int side = 0; side < 2; side++) {
        double sign = side == 0 ? 1.0 : -1.0;
        for (int i = 0; i <= n; i++) {
            double angle = PI * ((double)i / n - 0.5);
            double u = sign * ((1.0 - r) + r * cos(angle)), w = sign * sin(angle);
            points[count++] =
                (lr_point){(float)(cx + ux * u + vx * w), (float)(cy + uy * u + vy * w)};
        }
    }
    lr_list_path(stage->list, points, (size_t)count, LR_CLOSED, (float)(p->size + 2.0 * outline),
                 darker(p->color, 0.45), NULL);
    lr_list_path(stage->list, points, (size_t)count, LR_CLOSED, p->size, p->color, NULL);
    /* A light line along the wire makes it read as round metal, where it shows. */
    double shine = CHAIN_SHINE * p->size;
    if (shine >= THINNEST)
        lr_list_path(stage->list, points, (size_t)count, LR_CLOSED, (float)shine,
                     lighter(p->color, CHAIN_SHINE_LIGHT), NULL);
}

static void polygon(lr_stage *stage, const prim *p) {
    lr_point points[POLYGON_MAX];
    for (int i = 0; i < p->count; i++)
        points[i] = (lr_point){p->px[i], p->py[i]};
    lr_list_fill(stage->list, points, p->count, p->color, true);
}

/* A shaded triangle; a surface's with its corners' depths: -1/z in
 * perspective (linear across the picture, smaller nearer), z otherwise. */
static void smooth(lr_stage *stage, const prim *p) {
    lr_point corners[3];
    float depths[3];
    for (int i = 0; i < 3; i++) {
        corners[i] = (lr_point){p->tx[i], p->ty[i]};
        depths[i] = stage->view.perspective ? (float)(-1.0 / p->tz[i]) : p->tz[i];
    }
    lr_list_triangle(stage->list, corners, p->tc, p->flags & PRIM_DEPTH ? depths : NULL);
}

void lr_expand(lr_stage *stage) {
    double point = stage->view.point;
    for (size_t i = 0; i < stage->prim_count; i++) {
        const prim *p = &stage->prims[i];
        switch ((prim_kind)p->kind) {
        case PRIM_LINE:
            line(stage, p->x0, p->y0, p->x1, p->y1, p->size, p->color);
            break;
        case PRIM_ZIGZAG:
            zigzag(stage, p, point);
            break;
        case PRIM_DASHED:
            dashed(stage, p, point);
            break;
        case PRIM_PARTICLE:
            particle(stage, p, point);
            break;
        case PRIM_POLYGON:
            polygon(stage, p);
            break;
        case PRIM_DISC:
            disc(stage, p->x0, p->y0, p->size, p->color);
            break;
        case PRIM_BALL:
            ball(stage, p->x0, p->y0, p->size, p->color);
            break;
        case PRIM_ROPE:
            rope(stage, p);
            break;
        case PRIM_CHAIN:
            chain_link(stage, p, point);
            break;
        case PRIM_SMOOTH:
            smooth(stage, p);
            break;
        }
    }
}
