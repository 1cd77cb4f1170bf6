/*
 * render_layout.c - the picture's parts never cover each other, and every
 * theme's text and plot ink reads: checked in rendered pixels, in every
 * theme at 1280x720 and 1920x1080.
 *
 * Layout: a scene with a long title, labels in two corners, three plot
 * panels, the heads-up display (with a notice), four sliders and, in a
 * second round, the error panel. Each part's pixels are found by drawing the
 * picture twice with only that part changed (its colour, or the part added)
 * and taking the pixels that differ; the parts' pixel sets must be disjoint.
 *
 * Contrast: every text item of the picture (title, labels, loom.text, panel
 * titles, legends, ticks, axis captions, the window's panels) is found in
 * the rendered pixels by its box; the box's commonest colour is what it is
 * drawn on, its ink the pixel that differs most from that; their contrast
 * ratio (WCAG 2: (L1 + 0.05) / (L2 + 0.05) of relative luminances) must be
 * at least 4.5. Each plot series' colour, where it is drawn, likewise
 * against its panel. Some labels' and series' colours are ones a scene
 * chose on another theme (a dark blue, a yellow, a cyan, a grey).
 *
 * Lines and balls: a navy ball and grey and yellow lines drawn by the
 * script (loom.draw) show at 3:1 against the background in every theme.
 */
#include "check.h"

#include <SDL.h>
#include <stdlib.h>
#include <string.h>

#include "../render/compose.h"

typedef struct pixels {
    int width, height;
    unsigned char *rgba;
} pixels;

static pixels grab(lr_renderer *renderer) {
    SDL_Surface *s = lr_renderer_surface(renderer);
    pixels p = {s->w, s->h, malloc((size_t)s->w * (size_t)s->h * 4)};
    for (int y = 0; p.rgba && y < s->h; y++)
        memcpy(p.rgba + (size_t)y * (size_t)s->w * 4,
               (unsigned char *)s->pixels + (size_t)y * s->pitch, (size_t)s->w * 4);
    return p;
}

/* Pixels that differ between a and b, as a mask. */
static unsigned char *diff(pixels a, pixels b) {
    size_t n = (size_t)a.width * (size_t)a.height;
    unsigned char *mask = calloc(n, 1);
    for (size_t i = 0; mask && i < n; i++)
        mask[i] = memcmp(a.rgba + 4 * i, b.rgba + 4 * i, 3) != 0;
    return mask;
}

static size_t count(const unsigned char *mask, int width, int height) {
    size_t n = 0;
    for (size_t i = 0; i < (size_t)width * (size_t)height; i++)
        n += mask[i];
    return n;
}

static size_t shared(const unsigned char *a, const unsigned char *b, int width, int height) {
    size_t n = 0;
    for (size_t i = 0; i < (size_t)width * (size_t)height; i++)
        n += a[i] && b[i];
    return n;
}

/* ------------------------------------------------------------ contrast -- */

static double channel_light(int c) {
    double v = c / 255.0;
    return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double luminance(const unsigned char *rgb) {
    return 0.2126 * channel_light(rgb[0]) + 0.7152 * channel_light(rgb[1]) +
           0.0722 * channel_light(rgb[2]);
}

static double ratio(const unsigned char *a, const unsigned char *b) {
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* The commonest colour of the box and the contrast of its most different
 * pixel with it; false when the box is empty. */
static bool box_contrast(pixels p, int x0, int y0, int x1, int y1, double *out) {
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > p.width ? p.width : x1;
    y1 = y1 > p.height ? p.height : y1;
    if (x0 >= x1 || y0 >= y1)
        return false;
    /* Commonest colour: a small open-addressed count of the box's colours. */
    enum { SLOTS = 4096 };
    static uint32_t keys[SLOTS], counts[SLOTS];
    memset(counts, 0, sizeof counts);
    uint32_t best = 0, best_count = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            const unsigned char *c = p.rgba + 4 * ((size_t)y * p.width + x);
            uint32_t key = (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
            uint32_t h = (key * 2654435761u) % SLOTS;
            while (counts[h] && keys[h] != key)
                h = (h + 1) % SLOTS;
            keys[h] = key;
            if (++counts[h] > best_count) {
                best_count = counts[h];
                best = key;
            }
        }
    unsigned char background[3] = {best >> 16, (best >> 8) & 0xFF, best & 0xFF};
    double most = 1.0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            double r = ratio(p.rgba + 4 * ((size_t)y * p.width + x), background);
            most = r > most ? r : most;
        }
    *out = most;
    return true;
}

/* Every text item of list, found in p: the lowest contrast and where. */
static double texts_contrast(pixels p, const lr_list *list, const lr_fonts *fonts, char *worst,
                             size_t worst_size, int *texts) {
    double lowest = 100.0;
    *texts = 0;
    for (size_t i = 0; i < list->item_count; i++) {
        const lr_item *item = &list->items[i];
        if (item->kind != LR_ITEM_TEXT)
            continue;
        int size = lr_text_size(item->size);
        const char *text = list->chars + item->first;
        int width = lr_fonts_width(fonts, (lr_face)item->shape, size, text, item->count);
        int height = lr_fonts_line_height(fonts, (lr_face)item->shape, size);
        double r;
        int x = (int)lround(item->x), y = (int)lround(item->y);
        if (!box_contrast(p, x, y, x + width, y + height, &r))
            continue;
        (*texts)++;
        if (r < lowest) {
            lowest = r;
            snprintf(worst, worst_size, "'%.*s' %.2f", (int)item->count, text, r);
        }
    }
    return lowest;
}

/* ---------------------------------------------------------------- scene -- */

typedef struct fixture {
    lm_world *world;
    lr_plots *plots;
    lr_overlay *overlay;
    lr_label labels[4];
} fixture;

static void make_fixture(fixture *f) {
    lm_world_def def = lm_world_default_def();
    f->world = lm_world_create(&def);
    for (int i = 0; i < 5; i++) {
        lm_particle_def p = lm_particle_default_def();
        p.position = (lm_vec3){-3.0 + 1.5 * i, 0.5 * i - 1.0, 0.0};
        p.radius = 0.2;
        lm_particle_create(f->world, &p);
    }
    f->plots = lr_plots_create(NULL, NULL);
    lr_plot_options energy = {.panel = "energy", .unit = "J", .marker = -1};
    /* Colours a scene chose on one theme, too faint on another: a cyan on
     * the light panels, a dark blue on the dark one. */
    lr_plot_options speed = {.unit = "m/s", .color = 0x42D4F4FFu, .marker = -1};
    lr_plot_options phase = {.unit = "m/s", .x_label = "x (m)", .color = 0x2C4AA8FFu, .marker = -1};
    for (int k = 0; k < 200; k++) {
        double t = k / 60.0;
        lr_plots_append(f->plots, "kinetic", t, 2.0 * sin(t) * sin(t), false, 0, &energy);
        lr_plots_append(f->plots, "potential", t, 2.0 * cos(t) * cos(t), false, 0, &energy);
        lr_plots_append(f->plots, "total", t, 2.0, false, 0, &energy);
        lr_plots_append(f->plots, "speed", t, cos(3 * t), false, 0, &speed);
        lr_plots_append(f->plots, "phase", t, -sin(3 * t), true, cos(3 * t), &phase);
    }
    f->overlay = lr_overlay_create();
    lr_overlay_text text = {
        "v = 3.2 m/s", true, {0.35, 0.55, 0}, 18, 0x555555FFu, LR_OVERLAY_ALIGN_LEFT, false, false};
    lr_overlay_add_text(f->overlay, &text);
    f->labels[0] = (lr_label){.text = "Three panels, a title long enough to need some room "
                                      "across the top of the scene",
                              .on_screen = true,
                              .position = {0.5, 0.05, 0},
                              .size = 28,
                              .bold = true,
                              .title = true};
    f->labels[1] = (lr_label){.text = "top left",
                              .on_screen = true,
                              .position = {0.02, 0.16, 0},
                              .size = 22,
                              .color = 0x2C4AA8FFu, /* dark blue: faint on the dark theme */
                              .panel = true,
                              .align = LR_ALIGN_LEFT};
    f->labels[2] = (lr_label){.text = "bottom right\nin two lines",
                              .on_screen = true,
                              .position = {0.98, 0.9, 0},
                              .size = 22,
                              .panel = true,
                              .align = LR_ALIGN_RIGHT};
    f->labels[3] = (lr_label){.text = "bottom left",
                              .on_screen = true,
                              .position = {0.02, 0.95, 0},
                              .size = 22,
                              .color = 0xFFD166FFu, /* yellow: faint on the light themes */
                              .panel = true,
                              .align = LR_ALIGN_LEFT};
}

static lr_scene scene_of(const fixture *f, lr_theme_name theme, int width, int height) {
    lr_scene s = {0};
    s.world = f->world;
    s.theme = lr_theme_preset(theme);
    s.plots = f->plots;
    s.overlay = f->overlay;
    s.labels = f->labels;
    s.label_count = 4;
    s.camera = lr_camera_fit(f->world, (double)width / height);
    s.camera.projection = LR_PROJECTION_ORTHOGRAPHIC;
    return s;
}

static const char *const hud_lines[] = {"t = 1.25 s   PAUSED", "step 0.31 ms   60 fps",
                                        "5 particles   0 constraints   0 forces", "H: help"};
static const lr_ui_slider sliders[] = {
    {"k  40", 0.2}, {"damping  0.5", 0.5}, {"mass  1", 0.1}, {"length  2", 0.9}};

enum { PART_HUD = 1, PART_SLIDERS = 2, PART_ERROR = 4 };

static pixels draw(lr_renderer *r, const lr_scene *scene, unsigned parts) {
    lr_renderer_draw_scene(r, scene);
    lr_ui ui = {0};
    if (parts & PART_HUD) {
        ui.hud = hud_lines;
        ui.hud_count = 4;
        ui.notice = "reloaded scene.lua";
    }
    if (parts & PART_SLIDERS) {
        ui.sliders = sliders;
        ui.slider_count = 4;
    }
    if (parts & PART_ERROR) {
        ui.error = "scene.lua:12: attempt to index a nil value (global 'bob')\nstack traceback:"
                   "\n\tscene.lua:12: in function 'loom.update'";
        ui.error_hint = "the last good scene keeps running: save a fix to reload";
    }
    if (parts)
        lr_renderer_draw_ui(r, &ui, NULL);
    return grab(r);
}

static void check_layout(lr_renderer *r, fixture *f, lr_theme_name theme, int width, int height) {
    char name[160];
    const char *theme_name = lr_theme_names()[theme];
    lr_scene scene = scene_of(f, theme, width, height);
    pixels base = draw(r, &scene, 0);

    /* Each part's pixels: the title and labels recoloured, the panels'
     * background changed, the window's panels added. */
    lr_scene changed = scene;
    lr_label recoloured[4];
    memcpy(recoloured, f->labels, sizeof recoloured);
    recoloured[0].color = 0x00FF00FFu;
    changed.labels = recoloured;
    pixels other = draw(r, &changed, 0);
    unsigned char *title = diff(base, other);
    free(other.rgba);
    memcpy(recoloured, f->labels, sizeof recoloured);
    recoloured[1].color = recoloured[2].color = recoloured[3].color = 0xFF00FFFFu;
    other = draw(r, &changed, 0);
    unsigned char *labels = diff(base, other);
    free(other.rgba);
    changed = scene;
    changed.theme.panel ^= 0x30303000u;
    other = draw(r, &changed, 0);
    unsigned char *plots = diff(base, other);
    free(other.rgba);
    pixels with_sliders = draw(r, &scene, PART_SLIDERS);
    unsigned char *slider_panel = diff(with_sliders, base);
    pixels with_both = draw(r, &scene, PART_HUD | PART_SLIDERS);
    unsigned char *hud = diff(with_both, with_sliders);

    struct {
        const char *name;
        unsigned char *mask;
    } parts[] = {{"title", title},
                 {"labels", labels},
                 {"plot panels", plots},
                 {"sliders", slider_panel},
                 {"heads-up display", hud}};
    enum { PARTS = sizeof parts / sizeof parts[0] };
    for (int i = 0; i < PARTS; i++) {
        snprintf(name, sizeof name, "%s %dx%d: the %s are drawn (%zu pixels)", theme_name, width,
                 height, parts[i].name, count(parts[i].mask, width, height));
        CHECK(count(parts[i].mask, width, height) > 100, name);
    }
    for (int i = 0; i < PARTS; i++)
        for (int j = i + 1; j < PARTS; j++) {
            size_t n = shared(parts[i].mask, parts[j].mask, width, height);
            snprintf(name, sizeof name, "%s %dx%d: the %s and the %s share no pixel (%zu)",
                     theme_name, width, height, parts[i].name, parts[j].name, n);
            CHECK(n == 0, name);
        }

    /* With the error panel along the bottom too. */
    pixels with_error = draw(r, &scene, PART_ERROR);
    unsigned char *error = diff(with_error, base);
    pixels error_sliders = draw(r, &scene, PART_ERROR | PART_SLIDERS);
    unsigned char *sliders_over = diff(error_sliders, with_error);
    pixels error_all = draw(r, &scene, PART_ERROR | PART_SLIDERS | PART_HUD);
    const char *keep = getenv("LOOM_TEST_PICTURES");
    if (keep) { /* a folder for pictures to look at */
        char path[4096], err[256];
        snprintf(path, sizeof path, "%s/layout-%s-%d.png", keep, theme_name, height);
        lr_renderer_write_png(r, path, err, sizeof err);
    }
    unsigned char *hud_over = diff(error_all, error_sliders);
    snprintf(name, sizeof name,
             "%s %dx%d: with an error, the error, sliders and HUD share no pixel (%zu %zu %zu)",
             theme_name, width, height, shared(error, sliders_over, width, height),
             shared(error, hud_over, width, height), shared(sliders_over, hud_over, width, height));
    CHECK(count(error, width, height) > 100 && count(sliders_over, width, height) > 100 &&
              count(hud_over, width, height) > 100 &&
              shared(error, sliders_over, width, height) == 0 &&
              shared(error, hud_over, width, height) == 0 &&
              shared(sliders_over, hud_over, width, height) == 0,
          name);

    for (int i = 0; i < PARTS; i++)
        free(parts[i].mask);
    free(error);
    free(sliders_over);
    free(hud_over);
    free(base.rgba);
    free(with_sliders.rgba);
    free(with_both.rgba);
    free(with_error.rgba);
    free(error_sliders.rgba);
    free(error_all.rgba);
}

static void check_contrast(lr_renderer *r, const lr_fonts *fonts, fixture *f, lr_theme_name theme,
                           int width, int height) {
    char name[400], worst[160] = "";
    const char *theme_name = lr_theme_names()[theme];
    lr_scene scene = scene_of(f, theme, width, height);
    pixels p = draw(r, &scene, 0);
    int texts;
    double lowest = texts_contrast(p, lr_renderer_list(r), fonts, worst, sizeof worst, &texts);
    snprintf(name, sizeof name, "%s %dx%d: %d texts of the scene, the lowest contrast %s >= 4.5",
             theme_name, width, height, texts, worst);
    CHECK(texts >= 20 && lowest >= 4.5, name);

    /* Each series' colour where it is drawn, against its panel. */
    const lr_layout *layout = lr_renderer_layout(r);
    double series_lowest = 100.0;
    int series_seen = 0;
    for (size_t i = 0; i < lr_plots_count(f->plots); i++) {
        lr_plot_series s = lr_plots_series(f->plots, i);
        size_t place = 0;
        for (size_t j = 0; j < i; j++)
            place += strcmp(lr_plots_series(f->plots, j).panel, s.panel) == 0;
        /* A series' own colour is drawn shaded to read on the panel. */
        uint32_t color = s.colored ? lr_readable(s.color, scene.theme.panel, 4.5)
                                   : scene.theme.series[place % LR_THEME_SERIES];
        unsigned char ink[3] = {color >> 24, (color >> 16) & 0xFF, (color >> 8) & 0xFF};
        for (int k = 0; k < layout->panel_count; k++) {
            if (strcmp(layout->panels[k].panel, s.panel) != 0)
                continue;
            lr_area a = layout->panels[k].area;
            size_t seen = 0;
            for (int y = (int)a.y; y < (int)(a.y + a.height); y++)
                for (int x = (int)a.x; x < (int)(a.x + a.width); x++) {
                    const unsigned char *c = p.rgba + 4 * ((size_t)y * p.width + x);
                    seen += abs(c[0] - ink[0]) <= 6 && abs(c[1] - ink[1]) <= 6 &&
                            abs(c[2] - ink[2]) <= 6;
                }
            unsigned char panel[3] = {scene.theme.panel >> 24, (scene.theme.panel >> 16) & 0xFF,
                                      (scene.theme.panel >> 8) & 0xFF};
            if (seen > 20) {
                series_seen++;
                double r2 = ratio(ink, panel);
                series_lowest = r2 < series_lowest ? r2 : series_lowest;
            }
        }
    }
    snprintf(name, sizeof name,
             "%s %dx%d: every series' colour drawn on its panel has contrast >= 4.5 (%d series, "
             "lowest %.2f)",
             theme_name, width, height, series_seen, series_lowest);
    CHECK(series_seen == 5 && series_lowest >= 4.5, name);
    free(p.rgba);

    /* The window's panels over the picture. */
    p = draw(r, &scene, PART_HUD | PART_SLIDERS | PART_ERROR);
    lr_list *ui = lr_list_create();
    lr_ui spec = {.hud = hud_lines,
                  .hud_count = 4,
                  .notice = "reloaded scene.lua",
                  .sliders = sliders,
                  .slider_count = 4,
                  .error = "scene.lua:12: attempt to index a nil value (global 'bob')\nstack "
                           "traceback:\n\tscene.lua:12: in function 'loom.update'",
                  .error_hint = "the last good scene keeps running: save a fix to reload"};
    lr_compose_ui(fonts, &spec, layout, width, height, ui, NULL);
    lowest = texts_contrast(p, ui, fonts, worst, sizeof worst, &texts);
    snprintf(name, sizeof name,
             "%s %dx%d: %d texts of the window's panels, the lowest contrast %s >= 4.5", theme_name,
             width, height, texts, worst);
    CHECK(texts >= 10 && lowest >= 4.5, name);
    lr_list_destroy(ui);
    free(p.rgba);
}

/* The highest contrast of a pixel of the box against the background. */
static double box_against(pixels p, int x0, int y0, int x1, int y1, uint32_t background) {
    unsigned char back[3] = {background >> 24, (background >> 16) & 0xFF, (background >> 8) & 0xFF};
    double most = 1.0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            double r = ratio(p.rgba + 4 * ((size_t)y * p.width + x), back);
            most = r > most ? r : most;
        }
    return most;
}

/* A navy ball, and lines the script draws in a dark grey and a yellow: each
 * shows at 3:1 against the background (WCAG's ratio for graphics). */
static void check_lines(lr_renderer *r, lr_theme_name theme, int width, int height) {
    char name[200];
    const char *theme_name = lr_theme_names()[theme];
    lm_world_def def = lm_world_default_def();
    lm_world *world = lm_world_create(&def);
    lm_particle_def pd = lm_particle_default_def();
    pd.radius = 0.3;
    lm_particle ball = lm_particle_create(world, &pd);
    lr_styles *styles = lr_styles_create();
    lr_styles_set(styles, LR_STYLE_PARTICLE, ball.index1, ball.generation,
                  (lr_style){0x2B2D6EFFu, LR_LOOK_DEFAULT});
    lr_overlay *overlay = lr_overlay_create();
    lr_overlay_style style = lr_overlay_default_style();
    style.color = 0x444444FFu;
    lm_vec3 grey[2] = {{-1.5, 1.0, 0.0}, {1.5, 1.0, 0.0}};
    lr_overlay_path(overlay, grey, 2, false, false, &style);
    style.color = 0xFFD166FFu;
    lm_vec3 yellow[2] = {{-1.5, -1.0, 0.0}, {1.5, -1.0, 0.0}};
    lr_overlay_path(overlay, yellow, 2, false, false, &style);
    lr_scene s = {0};
    s.world = world;
    s.styles = styles;
    s.overlay = overlay;
    s.theme = lr_theme_preset(theme);
    s.camera = (lr_camera){.projection = LR_PROJECTION_ORTHOGRAPHIC, .height = 4.0};
    lr_renderer_draw_scene(r, &s);
    pixels p = grab(r);
    /* 4 m high: the ball (0.3 m) in the middle, the lines 1 m above and below. */
    int cx = width / 2, cy = height / 2, metre = height / 4;
    double on_ball = box_against(p, cx - metre / 2, cy - metre / 2, cx + metre / 2, cy + metre / 2,
                                 s.theme.background);
    double on_grey =
        box_against(p, cx - metre, cy - metre - 8, cx + metre, cy - metre + 8, s.theme.background);
    double on_yellow =
        box_against(p, cx - metre, cy + metre - 8, cx + metre, cy + metre + 8, s.theme.background);
    snprintf(name, sizeof name,
             "%s %dx%d: a navy ball, a grey line and a yellow one show at >= 3:1 (%.2f %.2f "
             "%.2f)",
             theme_name, width, height, on_ball, on_grey, on_yellow);
    CHECK(on_ball >= 3.0 && on_grey >= 3.0 && on_yellow >= 3.0, name);
    free(p.rgba);
    lr_overlay_destroy(overlay);
    lr_styles_destroy(styles);
    lm_world_destroy(world);
}

int main(void) {
    char err[256];
    lr_fonts *fonts = lr_fonts_load(err, sizeof err);
    if (!fonts) {
        printf("ok - layout and contrast # SKIP %s\n", err);
        return check_summary();
    }
    fixture f;
    make_fixture(&f);
    static const int sizes[][2] = {{1280, 720}, {1920, 1080}};
    for (int s = 0; s < 2; s++) {
        lr_renderer *r = lr_renderer_create(sizes[s][0], sizes[s][1], fonts, err, sizeof err);
        CHECK(r != NULL, "a renderer");
        if (!r)
            break;
        for (int theme = 0; theme < LR_THEME_COUNT; theme++) {
            check_layout(r, &f, (lr_theme_name)theme, sizes[s][0], sizes[s][1]);
            check_contrast(r, fonts, &f, (lr_theme_name)theme, sizes[s][0], sizes[s][1]);
            check_lines(r, (lr_theme_name)theme, sizes[s][0], sizes[s][1]);
        }
        lr_renderer_destroy(r);
    }
    lr_overlay_destroy(f.overlay);
    lr_plots_destroy(f.plots);
    lm_world_destroy(f.world);
    lr_fonts_destroy(fonts);
    return check_summary();
}
