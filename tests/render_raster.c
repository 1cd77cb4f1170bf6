/*
 * render_raster.c - what the rasteriser must get right, in rendered pixels:
 *   - a picture is the same bytes on 1, 2, 3 or 5 threads;
 *   - crossing surfaces show the nearer one pixel by pixel (depth buffer);
 *   - an x-y plot's points land where its axes say, a dashed series is
 *     dashed and a solid one solid;
 *   - text grows with the picture and with the scale;
 *   - a CLIP item keeps what follows inside its rectangle, to the pixel,
 *     text included (worlds side by side, each in its column).
 */
#include "check.h"

#include <SDL.h>
#include <stdlib.h>
#include <string.h>

#include "../render/compose.h"
#include "../render/raster.h"

static const unsigned char *pixel(lr_renderer *r, int x, int y) {
    SDL_Surface *s = lr_renderer_surface(r);
    return (const unsigned char *)s->pixels + (size_t)y * (size_t)s->pitch + 4 * (size_t)x;
}

static unsigned char *copy(lr_renderer *r) {
    SDL_Surface *s = lr_renderer_surface(r);
    unsigned char *out = malloc((size_t)s->w * (size_t)s->h * 4);
    for (int y = 0; out && y < s->h; y++)
        memcpy(out + (size_t)y * (size_t)s->w * 4,
               (unsigned char *)s->pixels + (size_t)y * s->pitch, (size_t)s->w * 4);
    return out;
}

static lm_particle particle(lm_world *world, double x, double y, double z, double radius) {
    lm_particle_def def = lm_particle_default_def();
    def.position = (lm_vec3){x, y, z};
    def.radius = radius;
    return lm_particle_create(world, &def);
}

static bool near_color(const unsigned char *p, uint32_t rgba, int tolerance) {
    return abs(p[0] - (int)(rgba >> 24)) <= tolerance &&
           abs(p[1] - (int)((rgba >> 16) & 0xFF)) <= tolerance &&
           abs(p[2] - (int)((rgba >> 8) & 0xFF)) <= tolerance;
}

/* ------------------------------------------------------------- threads -- */

static void check_threads(const lr_fonts *fonts) {
    char err[256];
    lm_world_def def = lm_world_default_def();
    lm_world *world = lm_world_create(&def);
    /* A sheet of faces folded over itself, balls, a box: every kind of op. */
    enum { N = 12 };
    lm_particle grid[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double u = -1.0 + 2.0 * i / (N - 1), v = -1.0 + 2.0 * j / (N - 1);
            grid[i][j] = particle(world, u, 0.3 * sin(3 * u) + 0.5 * v * v, v, 0.0);
        }
    for (int i = 0; i + 1 < N; i++)
        for (int j = 0; j + 1 < N; j++) {
            lm_face_create(world, grid[i][j], grid[i + 1][j], grid[i + 1][j + 1]);
            lm_face_create(world, grid[i][j], grid[i + 1][j + 1], grid[i][j + 1]);
        }
    particle(world, 0.2, 1.0, 0.2, 0.3);
    lm_collider_def box = lm_collider_default_def();
    box.kind = LM_COLLIDER_WORLD_BOX;
    box.min = (lm_vec3){-1.5, -1, -1.5};
    box.max = (lm_vec3){1.5, 2, 1.5};
    lm_collider_create(world, &box);
    lr_plots *plots = lr_plots_create(NULL, NULL);
    for (int k = 0; k < 300; k++)
        lr_plots_append(plots, "y", k / 60.0, sin(k / 20.0), false, 0, NULL);
    lr_overlay *overlay = lr_overlay_create();
    lr_overlay_style style = lr_overlay_default_style();
    style.color = 0x1F63D680u; /* translucent: blending order matters */
    style.width = 6;
    lm_vec3 points[3] = {{-1, 0, 0}, {1, 1, 0}, {0, -1, 1}};
    lr_overlay_path(overlay, points, 3, false, false, &style);
    lr_label title = {.text = "threads",
                      .on_screen = true,
                      .position = {0.5, 0.05, 0},
                      .size = 28,
                      .bold = true,
                      .title = true};
    lr_scene scene = {.world = world,
                      .theme = lr_theme_preset(LR_THEME_LIGHT),
                      .plots = plots,
                      .overlay = overlay,
                      .labels = &title,
                      .label_count = 1};
    scene.camera = lr_camera_fit(world, 16.0 / 9.0);
    lr_renderer *r = lr_renderer_create(1280, 720, fonts, err, sizeof err);
    unsigned char *one = NULL;
    static const int counts[] = {1, 2, 3, 5};
    for (int k = 0; k < 4; k++) {
        lr_renderer_set_threads(r, counts[k]);
        lr_renderer_draw_scene(r, &scene);
        unsigned char *picture = copy(r);
        if (k == 0) {
            one = picture;
            continue;
        }
        char name[120];
        snprintf(name, sizeof name, "a picture drawn on %d threads is the same bytes as on one",
                 counts[k]);
        CHECK(memcmp(one, picture, 1280 * 720 * 4) == 0, name);
        free(picture);
    }
    free(one);
    lr_renderer_destroy(r);
    lr_overlay_destroy(overlay);
    lr_plots_destroy(plots);
    lm_world_destroy(world);
}

/* --------------------------------------------------------------- depth -- */

/* Two triangles crossing along x = 0: A in the plane z = 0 (red), B in the
 * plane z = x (blue). Seen from +z, A is nearer left of the crossing and B
 * right of it; their centroids are at the same depth, so painting whole
 * triangles in order would show one of them on both sides. */
static void check_depth(void) {
    char err[256];
    lm_world_def def = lm_world_default_def();
    lm_world *world = lm_world_create(&def);
    lr_styles *styles = lr_styles_create();
    lm_particle a[3] = {particle(world, -1, -1, 0, 0), particle(world, 1, -1, 0, 0),
                        particle(world, 0, 1, 0, 0)};
    lm_particle b[3] = {particle(world, -1, -0.5, -1, 0), particle(world, 1, -0.5, 1, 0),
                        particle(world, 0, 0.8, 0, 0)};
    lm_face_create(world, a[0], a[1], a[2]);
    lm_face_create(world, b[0], b[1], b[2]);
    for (int k = 0; k < 3; k++) {
        lr_styles_set(styles, LR_STYLE_PARTICLE, a[k].index1, a[k].generation,
                      (lr_style){0xE02020FFu, LR_LOOK_DEFAULT});
        lr_styles_set(styles, LR_STYLE_PARTICLE, b[k].index1, b[k].generation,
                      (lr_style){0x2020E0FFu, LR_LOOK_DEFAULT});
    }
    lr_scene scene = {.world = world, .styles = styles, .theme = lr_theme_preset(LR_THEME_LIGHT)};
    scene.camera = (lr_camera){LR_PROJECTION_PERSPECTIVE, {0, 0, 0}, 0, 0, 3, 40};
    lr_renderer *r = lr_renderer_create(640, 640, NULL, err, sizeof err);
    lr_renderer_draw_scene(r, &scene);
    /* x = -0.4 and +0.4 at y = -0.2, on both triangles. */
    lr_view view = lr_view_make(&scene.camera, true, 640, 640);
    double lx, ly, rx, ry, depth;
    lr_view_project(&view, (lm_vec3){-0.4, -0.2, 0}, &lx, &ly, &depth);
    lr_view_project(&view, (lm_vec3){0.4, -0.2, 0}, &rx, &ry, &depth);
    const unsigned char *left = pixel(r, (int)lx, (int)ly), *right = pixel(r, (int)rx, (int)ry);
    char name[200];
    snprintf(name, sizeof name,
             "crossing surfaces: the nearer shows on each side of the crossing (left #%02x%02x%02x "
             "red, right #%02x%02x%02x blue)",
             left[0], left[1], left[2], right[0], right[1], right[2]);
    CHECK(left[0] > left[2] + 60 && right[2] > right[0] + 60, name);
    lr_renderer_destroy(r);
    lr_styles_destroy(styles);
    lm_world_destroy(world);
}

/* --------------------------------------------------------------- plots -- */

/* A panel's point (h, v) in pixels. */
static void place_of(const lr_plot_place *p, double h, double v, int *x, int *y) {
    *x = (int)(p->area.x + (h - p->h_low) / (p->h_high - p->h_low) * p->area.width);
    *y = (int)(p->area.y + p->area.height -
               (v - p->v_low) / (p->v_high - p->v_low) * p->area.height);
}

static void check_plots(const lr_fonts *fonts) {
    char err[256], name[200];
    lm_world_def def = lm_world_default_def();
    lm_world *world = lm_world_create(&def);
    particle(world, 0, 0, 0, 0.1);
    lr_plots *plots = lr_plots_create(NULL, NULL);
    /* y against x along y = 1 - x; a dashed and a solid level line in time. */
    lr_plot_options xy = {.ranged = true,
                          .low = 0,
                          .high = 1,
                          .x_ranged = true,
                          .x_low = 0,
                          .x_high = 1,
                          .marker = -1,
                          .color = 0xC8312BFFu};
    for (int k = 0; k <= 100; k++)
        lr_plots_append(plots, "trajectory", k / 100.0, 1.0 - k / 100.0, true, k / 100.0, &xy);
    lr_plot_options dashed = {.panel = "levels",
                              .ranged = true,
                              .low = 0,
                              .high = 1,
                              .x_ranged = true,
                              .x_low = 0,
                              .x_high = 2,
                              .marker = -1,
                              .line = LR_PLOT_LINE_DASHED,
                              .color = 0x1F63D6FFu};
    lr_plot_options solid = dashed;
    solid.line = LR_PLOT_LINE_SOLID;
    solid.color = 0x1E7B3AFFu;
    for (int k = 0; k <= 120; k++) {
        lr_plots_append(plots, "dashed", k / 60.0, 0.7, false, 0, &dashed);
        lr_plots_append(plots, "solid", k / 60.0, 0.3, false, 0, &solid);
    }
    lr_scene scene = {.world = world, .theme = lr_theme_preset(LR_THEME_LIGHT), .plots = plots};
    scene.camera = lr_camera_fit(world, 16.0 / 9.0);
    lr_renderer *r = lr_renderer_create(1280, 720, fonts, err, sizeof err);
    lr_renderer_draw_scene(r, &scene);
    const lr_layout *layout = lr_renderer_layout(r);
    CHECK(layout->panel_count == 2, "two panels placed");
    if (layout->panel_count != 2) {
        lr_renderer_destroy(r);
        return;
    }
    const lr_plot_place *trajectory = &layout->panels[0], *levels = &layout->panels[1];
    CHECK(trajectory->h_low == 0 && trajectory->h_high == 1 && trajectory->v_low == 0 &&
              trajectory->v_high == 1,
          "an x-y panel keeps the ranges it was given");
    int on = 0, off = 0;
    for (int k = 1; k < 10; k++) {
        int x, y;
        place_of(trajectory, k / 10.0, 1.0 - k / 10.0, &x, &y);
        on += near_color(pixel(r, x, y), 0xC8312BFFu, 40);
        double line = 1.0 - k / 10.0; /* and well off the line */
        place_of(trajectory, k / 10.0, line > 0.5 ? line - 0.35 : line + 0.35, &x, &y);
        off += near_color(pixel(r, x, y), 0xC8312BFFu, 40);
    }
    snprintf(name, sizeof name,
             "an x-y series lands on its points (%d of 9 in its colour) and nowhere else (%d)", on,
             off);
    CHECK(on == 9 && off == 0, name);
    /* Along each level's row: runs of the colour. */
    for (int which = 0; which < 2; which++) {
        uint32_t color = which == 0 ? 0x1F63D6FFu : 0x1E7B3AFFu;
        int x0, x1, y;
        place_of(levels, 0.05, which == 0 ? 0.7 : 0.3, &x0, &y);
        place_of(levels, 1.95, which == 0 ? 0.7 : 0.3, &x1, &y);
        int inked = 0, runs = 0;
        bool was = false;
        for (int x = x0; x <= x1; x++) {
            bool is = near_color(pixel(r, x, y), color, 40);
            inked += is;
            runs += is && !was;
            was = is;
        }
        double fraction = (double)inked / (x1 - x0 + 1);
        snprintf(name, sizeof name, "a %s series is %s along its row (%d runs, %.0f%% inked)",
                 which == 0 ? "dashed" : "solid", which == 0 ? "dashed" : "unbroken", runs,
                 100.0 * fraction);
        if (which == 0)
            CHECK(runs >= 10 && fraction > 0.4 && fraction < 0.85, name);
        else
            CHECK(runs == 1 && fraction > 0.99, name);
    }
    lr_renderer_destroy(r);
    lr_plots_destroy(plots);
    lm_world_destroy(world);
}

/* ---------------------------------------------------------------- text -- */

/* The rows with the title's ink (dark pixels in the top eighth). */
static int ink_rows(lr_renderer *r) {
    int width = lr_renderer_width(r), height = lr_renderer_height(r), top = -1, bottom = -1;
    for (int y = 0; y < height / 8; y++)
        for (int x = 0; x < width; x++)
            if (pixel(r, x, y)[0] < 0x60) {
                top = top < 0 ? y : top;
                bottom = y;
                break;
            }
    return top < 0 ? 0 : bottom - top + 1;
}

static void check_text_size(const lr_fonts *fonts) {
    char err[256], name[160];
    lr_label title = {.text = "Hg",
                      .on_screen = true,
                      .position = {0.5, 0.05, 0},
                      .size = 28,
                      .bold = true,
                      .title = true};
    lr_scene scene = {.theme = lr_theme_preset(LR_THEME_LIGHT), .labels = &title, .label_count = 1};
    int rows[3];
    static const int sizes[3][2] = {{1280, 720}, {1920, 1080}, {1280, 720}};
    for (int k = 0; k < 3; k++) {
        lr_renderer *r = lr_renderer_create(sizes[k][0], sizes[k][1], fonts, err, sizeof err);
        scene.scale = k == 2 ? 2.0 : 1.0;
        lr_renderer_draw_scene(r, &scene);
        rows[k] = ink_rows(r);
        lr_renderer_destroy(r);
    }
    snprintf(name, sizeof name,
             "text at 1920x1080 is 1.5 times as tall as at 1280x720 (%d, %d rows)", rows[1],
             rows[0]);
    CHECK(rows[0] > 10 && fabs((double)rows[1] / rows[0] - 1.5) < 0.1, name);
    snprintf(name, sizeof name, "scale 2 makes text twice as tall (%d, %d rows)", rows[2], rows[0]);
    CHECK(fabs((double)rows[2] / rows[0] - 2.0) < 0.12, name);
}

/* ---------------------------------------------------------------- clip -- */

static uint32_t at(const uint32_t *pixels, int width, int x, int y) {
    const unsigned char *p = (const unsigned char *)&pixels[(size_t)y * (size_t)width + (size_t)x];
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | 0xFFu;
}

static void check_clip(const lr_fonts *fonts) {
    enum { W = 96, H = 48 };
    lr_list *list = lr_list_create();
    lr_raster *raster = lr_raster_create(fonts);
    uint32_t *pixels = calloc((size_t)W * H, 4);
    lr_list_reset(list, W, H, 0xFFFFFFFFu);
    lr_list_clip(list, 10, 0, 20, H); /* columns 10 to 29 */
    lr_list_rect(list, 0, 0, W, 20, 0xFF0000FFu);
    lr_list_text(list, 0, 22, 20, LR_FACE_SANS_BOLD, 0x000000FFu, "MMMMMMMM", 8);
    lr_list_clip(list, 0, 0, 0, 0);
    lr_list_rect(list, 0, 44, W, 4, 0x0000FFFFu);
    lr_raster_draw(raster, list, pixels, W * 4, false);
    CHECK(at(pixels, W, 9, 5) == 0xFFFFFFFFu && at(pixels, W, 10, 5) == 0xFF0000FFu &&
              at(pixels, W, 29, 5) == 0xFF0000FFu && at(pixels, W, 30, 5) == 0xFFFFFFFFu,
          "a fill after a CLIP paints columns 10 to 29 only, to the pixel");
    int inside = 0, outside = 0;
    for (int y = 22; y < 42; y++)
        for (int x = 0; x < W; x++)
            if (at(pixels, W, x, y) != 0xFFFFFFFFu)
                *(x >= 10 && x < 30 ? &inside : &outside) += 1;
    char name[160];
    snprintf(name, sizeof name, "text after it is cut there too (%d pixels inside, %d outside)",
             inside, outside);
    CHECK((inside > 20 || !fonts) && outside == 0, name);
    CHECK(at(pixels, W, 0, 46) == 0x0000FFFFu && at(pixels, W, W - 1, 46) == 0x0000FFFFu,
          "a CLIP of width 0 gives the whole picture back");
    free(pixels);
    lr_raster_destroy(raster);
    lr_list_destroy(list);
}

int main(void) {
    char err[256];
    lr_fonts *fonts = lr_fonts_load(err, sizeof err);
    check_threads(fonts);
    check_depth();
    check_clip(fonts);
    if (fonts) {
        check_plots(fonts);
        check_text_size(fonts);
    } else {
        printf("ok - plots and text # SKIP %s\n", err);
    }
    lr_fonts_destroy(fonts);
    return check_summary();
}
