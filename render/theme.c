/*
 * theme.c - the three built-in themes.
 */
#include "theme.h"

#include <assert.h>
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
