/*
 * sweep_sheet.c - the contact sheet's layout and its page (sweep_sheet.h).
 *
 * Each variant is a strip: its label, then its pictures side by side, each
 * with its time under it. The strips fill a grid on the page; the number of
 * columns is the one that gives the largest pictures, in portrait or
 * landscape (whichever is larger, unless the page says). A picture smaller
 * than 1 cm high is refused: the sheet says to sweep fewer values instead.
 */
#include "sweep_sheet.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../render/fonts.h"
#include "../render/list.h"
#include "../render/png.h"
#include "../render/raster.h"

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO_WRITE
#include <stb/stb_image.h>

/* Points (1/72 inch) at 300 dpi. */
static int px(double points) {
    return (int)lround(points * APP_SHEET_DPI / 72.0);
}

/* The page's parts, in points. A text's size is its line's height (the
 * font's ascender to descender), about 1.16 times the type size it would
 * have in a word processor: the labels are 11 pt type, the times 9.5 pt. */
#define MARGIN_PT      34.0 /* 12 mm */
#define TITLE_PT       16.0
#define LABEL_PT       13.0
#define CAPTION_PT     11.0
#define LINE           1.3 /* a line's height over its text size */
#define PICTURE_GAP_PT 8.0 /* between the pictures of a strip */
#define STRIP_GAP_X_PT 18.0
#define STRIP_GAP_Y_PT 12.0
#define MIN_CELL_MM    10.0

#define PAGE_COLOR    0xFFFFFFFFu
#define INK           0x000000FFu
#define CAPTION_INK   0x333333FFu
#define BORDER        0x8C96A0FFu /* slate: no anti-aliased black text is this colour */
#define MISSING_COLOR 0xE0E0E0FFu

bool app_sheet_page_parse(const char *text, app_sheet_page *page) {
    static const app_sheet_page pages[] = {{"a4", 210.0, 297.0, APP_SHEET_BEST},
                                           {"letter", 215.9, 279.4, APP_SHEET_BEST}};
    static const char *const suffixes[] = {"", "-portrait", "-landscape"};
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        size_t length = strlen(pages[i].name);
        if (strncmp(text, pages[i].name, length) != 0)
            continue;
        for (int k = 0; k < 3; k++)
            if (strcmp(text + length, suffixes[k]) == 0) {
                *page = pages[i];
                page->orientation = (app_sheet_orientation)k;
                return true;
            }
    }
    return false;
}

static int title_height(void) {
    return px(TITLE_PT * LINE + 6.0);
}

/* A strip's height over its pictures' height. */
static int strip_extra(void) {
    return px(LABEL_PT * LINE) + px(CAPTION_PT * LINE);
}

static app_sheet_plan plan_for(int width, int height, int variants, int moments, double aspect) {
    app_sheet_plan best = {.page_width = width, .page_height = height};
    int margin = px(MARGIN_PT), gap = px(PICTURE_GAP_PT);
    int gap_x = px(STRIP_GAP_X_PT), gap_y = px(STRIP_GAP_Y_PT);
    double free_width = width - 2 * margin, free_height = height - 2 * margin - title_height();
    for (int columns = 1; columns <= variants; columns++) {
        int rows = (variants + columns - 1) / columns;
        double across = (free_width - (columns - 1) * gap_x - columns * (moments - 1) * gap) /
                        (columns * moments * aspect);
        double down = (free_height - (rows - 1) * gap_y - rows * strip_extra()) / rows;
        double h = fmin(across, down);
        if (h > best.cell_height) {
            best.columns = columns;
            best.rows = rows;
            best.cell_height = (int)floor(h);
            best.cell_width = (int)floor(h * aspect);
        }
    }
    return best;
}

app_sheet_plan app_sheet_plan_make(app_sheet_page page, int variants, int moments, double aspect) {
    int narrow = (int)lround(page.width_mm / 25.4 * APP_SHEET_DPI);
    int tall = (int)lround(page.height_mm / 25.4 * APP_SHEET_DPI);
    app_sheet_plan portrait = plan_for(narrow, tall, variants, moments, aspect);
    app_sheet_plan landscape = plan_for(tall, narrow, variants, moments, aspect);
    if (page.orientation == APP_SHEET_PORTRAIT)
        return portrait;
    if (page.orientation == APP_SHEET_LANDSCAPE)
        return landscape;
    return landscape.cell_height > portrait.cell_height ? landscape : portrait;
}

int app_sheet_min_cell_height(void) {
    return (int)lround(MIN_CELL_MM / 25.4 * APP_SHEET_DPI);
}

/* Averages the source pixels under each cell pixel (a box filter); a
 * picture of the cell's size is copied. */
static void place(const unsigned char *rgb, int width, int height, SDL_Surface *page, int x0,
                  int y0, int cell_width, int cell_height) {
    for (int y = 0; y < cell_height; y++) {
        int sy0 = (int)((long long)y * height / cell_height);
        int sy1 = (int)((long long)(y + 1) * height / cell_height);
        if (sy1 <= sy0)
            sy1 = sy0 + 1;
        unsigned char *out = (unsigned char *)page->pixels + (size_t)(y0 + y) * page->pitch;
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

/* A rectangle of colour 0xRRGGBBAA (opaque) straight into the page. */
static void fill_rect(SDL_Surface *page, int x, int y, int width, int height, uint32_t color) {
    unsigned char rgba[4] = {(unsigned char)(color >> 24), (unsigned char)(color >> 16),
                             (unsigned char)(color >> 8), 255};
    for (int row = y < 0 ? 0 : y; row < y + height && row < page->h; row++) {
        unsigned char *out = (unsigned char *)page->pixels + (size_t)row * page->pitch;
        for (int col = x < 0 ? 0 : x; col < x + width && col < page->w; col++)
            memcpy(out + 4 * col, rgba, 4);
    }
}

static void frame_box(SDL_Surface *page, int x, int y, int width, int height) {
    int line = px(0.5);
    fill_rect(page, x - line, y - line, width + 2 * line, line, BORDER);
    fill_rect(page, x - line, y + height, width + 2 * line, line, BORDER);
    fill_rect(page, x - line, y, line, height, BORDER);
    fill_rect(page, x + width, y, line, height, BORDER);
}

/* The page's text: a display list drawn over the page by the renderer. */
typedef struct sheet_text {
    const lr_fonts *fonts; /* NULL without fonts-dejavu-core: no text */
    lr_list *list;
} sheet_text;

static void text_at(sheet_text *t, bool bold, double points, int x, int y, const char *text,
                    uint32_t color) {
    if (t->fonts && t->list)
        lr_list_text(t->list, (float)x, (float)y, (float)px(points),
                     bold ? LR_FACE_SANS_BOLD : LR_FACE_SANS, color, text, strlen(text));
}

static int text_width(const sheet_text *t, bool bold, double points, const char *text) {
    return t->fonts ? lr_fonts_width(t->fonts, bold ? LR_FACE_SANS_BOLD : LR_FACE_SANS,
                                     lr_text_size(px(points)), text, strlen(text))
                    : 0;
}

bool app_sweep_sheet(const app_sheet *sheet, char *err, size_t err_size) {
    const app_sheet_plan *plan = &sheet->plan;
    size_t path_size = strlen(sheet->pictures) + strlen(sheet->dir) + 2200;
    char *path = malloc(path_size);
    int pictures = sheet->variants * sheet->moments;
    unsigned char **images = calloc((size_t)pictures, sizeof *images);
    int *widths = calloc((size_t)pictures, sizeof *widths);
    int *heights = calloc((size_t)pictures, sizeof *heights);
    unsigned char *pixels = NULL;
    SDL_Surface *page = NULL;
    char font_err[256];
    lr_fonts *fonts = lr_fonts_load(font_err, sizeof font_err);
    sheet_text text = {fonts, fonts ? lr_list_create() : NULL};
    lr_raster *raster = NULL;
    bool ok = false;
    if (!path || !images || !widths || !heights) {
        snprintf(err, err_size, "out of memory");
        goto done;
    }
    int found = 0;
    for (int v = 0; v < sheet->variants; v++)
        for (int m = 0; m < sheet->moments; m++) {
            int i = v * sheet->moments + m;
            snprintf(path, path_size, "%s/%s/frame_%05d.png", sheet->pictures, sheet->names[v],
                     sheet->frames[m]);
            int channels;
            images[i] = stbi_load(path, &widths[i], &heights[i], &channels, 3);
            found += images[i] != NULL;
        }
    if (!found) {
        snprintf(err, err_size, "no picture of any variant in %s: nothing to put on the sheet",
                 sheet->pictures);
        goto done;
    }
    int width = plan->page_width, height = plan->page_height;
    pixels = malloc((size_t)width * (size_t)height * 4);
    page = pixels ? SDL_CreateRGBSurfaceWithFormatFrom(pixels, width, height, 32, width * 4,
                                                       SDL_PIXELFORMAT_RGBA32)
                  : NULL;
    if (!page) {
        snprintf(err, err_size, "out of memory for a %dx%d page", width, height);
        goto done;
    }
    fill_rect(page, 0, 0, width, height, PAGE_COLOR);
    if (text.list)
        lr_list_reset(text.list, width, height, PAGE_COLOR);

    int margin = px(MARGIN_PT), gap = px(PICTURE_GAP_PT);
    int gap_x = px(STRIP_GAP_X_PT), gap_y = px(STRIP_GAP_Y_PT);
    int strip_width = sheet->moments * plan->cell_width + (sheet->moments - 1) * gap;
    int strip_height = px(LABEL_PT * LINE) + plan->cell_height + px(CAPTION_PT * LINE);
    int grid_width = plan->columns * strip_width + (plan->columns - 1) * gap_x;
    int left = (width - grid_width) / 2;
    if (sheet->title)
        text_at(&text, true, TITLE_PT, left, margin, sheet->title, INK);
    int top = margin + title_height();
    for (int v = 0; v < sheet->variants; v++) {
        int x0 = left + (v % plan->columns) * (strip_width + gap_x);
        int y0 = top + (v / plan->columns) * (strip_height + gap_y);
        text_at(&text, true, LABEL_PT, x0, y0, sheet->labels[v], INK);
        int y = y0 + px(LABEL_PT * LINE);
        for (int m = 0; m < sheet->moments; m++) {
            int i = v * sheet->moments + m;
            int x = x0 + m * (plan->cell_width + gap);
            if (images[i])
                place(images[i], widths[i], heights[i], page, x, y, plan->cell_width,
                      plan->cell_height);
            else {
                fill_rect(page, x, y, plan->cell_width, plan->cell_height, MISSING_COLOR);
                text_at(&text, false, CAPTION_PT, x + px(4), y + px(4), "missing", INK);
            }
            frame_box(page, x, y, plan->cell_width, plan->cell_height);
            char caption[64];
            snprintf(caption, sizeof caption, "t = %.4g s", sheet->frames[m] / sheet->fps);
            int w = text_width(&text, false, CAPTION_PT, caption);
            text_at(&text, false, CAPTION_PT, x + (plan->cell_width - w) / 2,
                    y + plan->cell_height + px(2), caption, CAPTION_INK);
        }
    }
    /* The text over the pictures: only the tiles it touches are drawn. */
    raster = text.list ? lr_raster_create(fonts) : NULL;
    if (text.list && (!raster || !lr_raster_draw(raster, text.list, pixels, width * 4, true))) {
        snprintf(err, err_size, "out of memory for the sheet's text");
        goto done;
    }
    snprintf(path, path_size, "%s/sheet.png", sheet->dir);
    ok = lr_png_write(path, pixels, width * 4, width, height, APP_SHEET_DPI, err, err_size);
done:
    for (int i = 0; images && i < pictures; i++)
        if (images[i])
            stbi_image_free(images[i]);
    free(images);
    free(widths);
    free(heights);
    free(path);
    if (page)
        SDL_FreeSurface(page);
    free(pixels);
    lr_raster_destroy(raster);
    lr_list_destroy(text.list);
    lr_fonts_destroy(fonts);
    return ok;
}
