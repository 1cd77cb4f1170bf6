/*
 * sweep_sheet.c - reading the variants' frames back and laying them out.
 */
#include "sweep_sheet.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../render/raster.h"
#include "../render/render.h"

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
    lr_list *list = NULL;
    lr_raster *raster = NULL;
    char font_err[256];
    lr_fonts *fonts = lr_fonts_load(font_err, sizeof font_err);
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
    sheet = lr_renderer_create(sheet_width, sheet_height, NULL, err, err_size);
    list = lr_list_create();
    raster = lr_raster_create(fonts);
    if (!sheet || !list || !raster) {
        if (sheet)
            snprintf(err, err_size, "out of memory");
        goto done;
    }
    /* The names (and "missing") as a display list on the background, then
     * each variant's frame copied into its cell. */
    lr_list_reset(list, sheet_width, sheet_height, BACKGROUND);
    for (int i = 0; fonts && i < count; i++) {
        int x = GAP + (i % columns) * (cell_width + GAP);
        int y = GAP + (i / columns) * (LABEL_HEIGHT + cell_height + GAP);
        lr_list_text(list, (float)(x + 2), (float)(y + 3), LABEL_HEIGHT - 8, LR_FACE_MONO,
                     LABEL_COLOR, names[i], strlen(names[i]));
        if (!images[i])
            lr_list_text(list, (float)(x + 8), (float)(y + LABEL_HEIGHT + cell_height / 2),
                         LABEL_HEIGHT - 8, LR_FACE_MONO, 0xE6194BFFu, "missing", 7);
    }
    SDL_Surface *surface = lr_renderer_surface(sheet);
    lr_raster_draw(raster, list, surface->pixels, surface->pitch, false);
    for (int i = 0; i < count; i++) {
        int x = GAP + (i % columns) * (cell_width + GAP);
        int y = GAP + (i / columns) * (LABEL_HEIGHT + cell_height + GAP);
        if (images[i])
            shrink(images[i], width, height, surface, x, y + LABEL_HEIGHT, cell_width, cell_height);
    }
    snprintf(path, path_size, "%s%ssheet.png", dir, separator);
    ok = lr_renderer_write_png(sheet, path, err, err_size);
done:
    for (int i = 0; i < count; i++)
        if (images[i])
            stbi_image_free(images[i]);
    free(images);
    free(path);
    lr_raster_destroy(raster);
    lr_list_destroy(list);
    lr_renderer_destroy(sheet);
    lr_fonts_destroy(fonts);
    return ok;
}
