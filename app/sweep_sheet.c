/*
 * sweep_sheet.c - reading the variants' frames back and laying them out.
 */
#include "sweep_sheet.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../render/render.h"
#include "../render/text.h"

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO_WRITE
#include <stb/stb_image.h>

enum { CELL_WIDTH = 320, LABEL_HEIGHT = 26, GAP = 8 };

#define BACKGROUND  0x202226FFu
#define LABEL_COLOR 0xE8E8E8FFu

/* Averages the source pixels under each cell pixel (a box filter). */
static void shrink(const unsigned char *rgb, int width, int height, SDL_Surface *sheet, int x0,
                   int y0, int cell_width, int cell_height) {
    for (int y = 0; y < cell_height; y++) {
        int sy0 = (int)((long long)y * height / cell_height);
        int sy1 = (int)((long long)(y + 1) * height / cell_height);
        if (sy1 <= sy0)
            sy1 = sy0 + 1;
        unsigned char *out = (unsigned char *)sheet->pixels + (size_t)(y0 + y) * sheet->pitch;
        for (int x = 0; x < cell_width; x++) {
            int sx0 = (int)((long long)x * width / cell_width);
            int sx1 = (int)((long long)(x + 1) * width / cell_width);
            if (sx1 <= sx0)
                sx1 = sx0 + 1;
            unsigned sum[3] = {0, 0, 0}, n = 0;
            for (int sy = sy0; sy < sy1 && sy < height; sy++)
                for (int sx = sx0; sx < sx1 && sx < width; sx++, n++)
                    for (int k = 0; k < 3; k++)
                        sum[k] += rgb[((size_t)sy * width + sx) * 3 + k];
            unsigned char *pixel = out + 4 * (x0 + x);
            for (int k = 0; k < 3; k++)
                pixel[k] = (unsigned char)((sum[k] + n / 2) / (n ? n : 1));
            pixel[3] = 255;
        }
    }
}

bool app_sweep_sheet(const char *dir, const char *const *names, int count, int frame, char *err,
                     size_t err_size) {
    size_t dir_length = strlen(dir);
    const char *separator = dir_length && dir[dir_length - 1] == '/' ? "" : "/";
    size_t path_size = dir_length + 2200;
    char *path = malloc(path_size);
    unsigned char **images = calloc((size_t)count, sizeof *images);
    int width = 0, height = 0, found = 0;
    if (!path || !images) {
        free(path);
        free(images);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    for (int i = 0; i < count; i++) {
        snprintf(path, path_size, "%s%s%s/frame_%05d.png", dir, separator, names[i], frame);
        int w, h, channels;
        images[i] = stbi_load(path, &w, &h, &channels, 3);
        if (!images[i])
            continue;
        if (found && (w != width || h != height)) {
            stbi_image_free(images[i]);
            images[i] = NULL;
            continue;
        }
        width = w;
        height = h;
        found++;
    }
    bool ok = false;
    lr_renderer *sheet = NULL;
    lr_font *font = NULL;
    if (!found) {
        snprintf(err, err_size, "no frame %05d in any variant's folder under %s: nothing to sheet",
                 frame, dir);
        goto done;
    }
    int columns = (int)ceil(sqrt((double)count));
    int rows = (count + columns - 1) / columns;
    int cell_width = width < CELL_WIDTH ? width : CELL_WIDTH;
    int cell_height = (int)((long long)height * cell_width / width);
    if (cell_height < 1)
        cell_height = 1;
    int sheet_width = GAP + columns * (cell_width + GAP);
    int sheet_height = GAP + rows * (LABEL_HEIGHT + cell_height + GAP);
    if (sheet_width < 16)
        sheet_width = 16;
    sheet = lr_renderer_create(sheet_width, sheet_height, err, err_size);
    if (!sheet)
        goto done;
    SDL_Surface *surface = lr_renderer_surface(sheet);
    lr_fill_rect(surface, 0, 0, sheet_width, sheet_height, BACKGROUND);
    const char *font_path = lr_font_default_path(false);
    char font_err[256];
    font = font_path ? lr_font_load(font_path, font_err, sizeof font_err) : NULL;
    if (font)
        lr_font_set_size(font, LABEL_HEIGHT - 8);
    for (int i = 0; i < count; i++) {
        int x = GAP + (i % columns) * (cell_width + GAP);
        int y = GAP + (i / columns) * (LABEL_HEIGHT + cell_height + GAP);
        if (font)
            lr_text_draw(font, surface, x + 2, y + 3, names[i], LABEL_COLOR);
        if (images[i])
            shrink(images[i], width, height, surface, x, y + LABEL_HEIGHT, cell_width, cell_height);
        else if (font)
            lr_text_draw(font, surface, x + 8, y + LABEL_HEIGHT + cell_height / 2, "missing",
                         0xE6194BFFu);
    }
    snprintf(path, path_size, "%s%ssheet.png", dir, separator);
    ok = lr_renderer_write_png(sheet, path, err, err_size);
done:
    for (int i = 0; i < count; i++)
        if (images[i])
            stbi_image_free(images[i]);
    free(images);
    free(path);
    lr_font_destroy(font);
    lr_renderer_destroy(sheet);
    return ok;
}
