/*
 * theme.c - the three built-in themes.
 */
#include "theme.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

static const char *const names[LR_THEME_COUNT + 1] = {"light", "dark", "print", NULL};

const char *const *lr_theme_names(void) {
    return names;
}

lr_theme lr_theme_preset(lr_theme_name name) {
    assert(name < LR_THEME_COUNT);
    static const lr_theme presets[LR_THEME_COUNT] = {
        [LR_THEME_LIGHT] = {.background = 0xF7F7F2FFu,
                            .ink = 0x2B2D31FFu,
                            .stick = 0x4A4F57FFu,
                            .spring = 0xE0700FFFu,
                            .pin = 0xD0342CFFu,
                            .rope = 0x8A6A3FFFu,
                            .chain = 0x6E7580FFu,
                            .particle = 0x1F63D6FFu,
                            .grid = 0xE3E3DAFFu,
                            .solid = 0xDCD9CBFFu,
                            .solid_3d = 0xA8A49355u,
                            .surface = 0x5B84B1FFu,
                            .weight = 1.0,
                            .scale = 1.0,
                            .panel = 0xFFFFFFFFu,
                            .panel_frame = 0xB9BBB4FFu,
                            .panel_grid = 0xE6E6E0FFu,
                            .muted = 0x55585EFFu,
                            .series = {0x1F63D6FFu, 0xB35A00FFu, 0x1E7B3AFFu, 0xC8312BFFu,
                                       0x7B45BEFFu, 0x0E7479FFu}},
        [LR_THEME_DARK] = {.background = 0x1C1F24FFu,
                           .ink = 0xE4E4DEFFu,
                           .stick = 0xB9C0CAFFu,
                           .spring = 0xF59A3CFFu,
                           .pin = 0xFF6B5EFFu,
                           .rope = 0xC9A06AFFu,
                           .chain = 0xA9B1BDFFu,
                           .particle = 0x6FA8FFFFu,
                           .grid = 0x32363EFFu,
                           .solid = 0x3B404AFFu,
                           .solid_3d = 0x5A606B55u,
                           .surface = 0x6C9BD2FFu,
                           .weight = 1.0,
                           .scale = 1.0,
                           .panel = 0x262A31FFu,
                           .panel_frame = 0x4A505BFFu,
                           .panel_grid = 0x353A43FFu,
                           .muted = 0xA9B1BDFFu,
                           .series = {0x6FA8FFFFu, 0xF59A3CFFu, 0x5CC87AFFu, 0xFF6B5EFFu,
                                      0xB18CFFFFu, 0x4FD1D6FFu}},
        [LR_THEME_PRINT] = {.background = 0xFFFFFFFFu,
                            .ink = 0x000000FFu,
                            .stick = 0x000000FFu,
                            .spring = 0x000000FFu,
                            .pin = 0x000000FFu,
                            .rope = 0x3A3A3AFFu,
                            .chain = 0x202020FFu,
                            .particle = 0x000000FFu,
                            .grid = 0xD8D8D8FFu,
                            .solid = 0xE6E6E6FFu,
                            .solid_3d = 0xC8C8C855u,
                            .surface = 0xB4B4B4FFu,
                            .weight = 1.5,
                            .scale = 1.0,
                            .panel = 0xFFFFFFFFu,
                            .panel_frame = 0x8C8C8CFFu,
                            .panel_grid = 0xDDDDDDFFu,
                            .muted = 0x444444FFu,
                            .series = {0x000000FFu, 0x000000FFu, 0x000000FFu, 0x444444FFu,
                                       0x444444FFu, 0x444444FFu},
                            .dashed_series = true},
    };
    return presets[name];
}

/* A channel of 0..255 as linear light (the sRGB transfer function). */
static double linear(uint32_t channel) {
    double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double luminance(uint32_t rgba) {
    return 0.2126 * linear((rgba >> 24) & 0xFFu) + 0.7152 * linear((rgba >> 16) & 0xFFu) +
           0.0722 * linear((rgba >> 8) & 0xFFu);
}

double lr_contrast(uint32_t a, uint32_t b) {
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* color moved `step` 256ths of the way to `target` (0x00 or 0xFF in every
 * channel), alpha kept. */
static uint32_t towards(uint32_t color, uint32_t target, int step) {
    uint32_t out = color & 0xFFu;
    for (int shift = 8; shift <= 24; shift += 8) {
        int c = (int)((color >> shift) & 0xFFu), t = (int)((target >> shift) & 0xFFu);
        out |= (uint32_t)(c + ((t - c) * step + (t > c ? 128 : -128)) / 256) << shift;
    }
    return out;
}

uint32_t lr_readable(uint32_t color, uint32_t against, double ratio) {
    if (lr_contrast(color, against) >= ratio)
        return color;
    uint32_t target = lr_contrast(0xFFFFFFFFu, against) >= lr_contrast(0x000000FFu, against)
                          ? 0xFFFFFFFFu
                          : 0x000000FFu;
    /* The nearest shade that reads; white or black itself when none nearer. */
    for (int step = 1; step < 256; step++) {
        uint32_t shade = towards(color, target, step);
        if (lr_contrast(shade, against) >= ratio)
            return shade;
    }
    return (target & 0xFFFFFF00u) | (color & 0xFFu);
}
