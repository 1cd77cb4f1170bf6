/*
 * picker.c - `loom DIR`: a window of the folder's scenes as their gallery
 * pictures. Hovering names the scene in the title bar, a click opens it: the
 * process becomes `loom SCENE.lua` (exec), so the scene's window is exactly
 * the one `loom SCENE.lua` gives.
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "examples.h"

/* stbi_load comes from the stb_image implementation in sweep_sheet.c. */
#define STBI_ONLY_PNG
#include <stb/stb_image.h>

enum { COLUMNS = 5, CELL_W = 240, CELL_H = 135, GAP = 8, MAX_ROWS_SHOWN = 5 };

typedef struct picker {
    app_example *examples;
    size_t count;
    SDL_Texture **pictures; /* NULL where a scene has no picture */
    int scroll;             /* rows scrolled */
    int hovered;            /* -1: none */
    const char *dir;
} picker;

static int rows_of(size_t count) {
    return (int)((count + COLUMNS - 1) / COLUMNS);
}

static SDL_Texture *load_picture(SDL_Renderer *renderer, const char *path) {
    int w, h, channels;
    unsigned char *pixels = stbi_load(path, &w, &h, &channels, 4);
    if (!pixels)
        return NULL;
    SDL_Surface *surface =
        SDL_CreateRGBSurfaceWithFormatFrom(pixels, w, h, 32, 4 * w, SDL_PIXELFORMAT_RGBA32);
    SDL_Texture *texture = surface ? SDL_CreateTextureFromSurface(renderer, surface) : NULL;
    SDL_FreeSurface(surface);
    stbi_image_free(pixels);
    return texture;
}

/* The scene under the window point (x, y), or -1. */
static int cell_at(const picker *p, int x, int y) {
    if (x < GAP || y < GAP)
        return -1;
    int column = (x - GAP) / (CELL_W + GAP), row = (y - GAP) / (CELL_H + GAP) + p->scroll;
    if (column >= COLUMNS || (x - GAP) % (CELL_W + GAP) >= CELL_W ||
        (y - GAP) % (CELL_H + GAP) >= CELL_H)
        return -1;
    size_t index = (size_t)row * COLUMNS + (size_t)column;
    return index < p->count ? (int)index : -1;
}

static void draw(SDL_Renderer *renderer, const picker *p) {
    SDL_SetRenderDrawColor(renderer, 0x20, 0x22, 0x26, 0xff);
    SDL_RenderClear(renderer);
    for (size_t i = 0; i < p->count; i++) {
        int row = (int)(i / COLUMNS) - p->scroll, column = (int)(i % COLUMNS);
        if (row < 0 || row >= MAX_ROWS_SHOWN)
            continue;
        SDL_Rect cell = {GAP + column * (CELL_W + GAP), GAP + row * (CELL_H + GAP), CELL_W, CELL_H};
        if (p->pictures[i]) {
            SDL_RenderCopy(renderer, p->pictures[i], NULL, &cell);
        } else {
            SDL_SetRenderDrawColor(renderer, 0x50, 0x54, 0x5a, 0xff);
            SDL_RenderFillRect(renderer, &cell);
        }
        if ((int)i == p->hovered) {
            SDL_SetRenderDrawColor(renderer, 0xff, 0xa5, 0x00, 0xff);
            for (int k = 0; k < 3; k++) {
                SDL_Rect ring = {cell.x - k, cell.y - k, cell.w + 2 * k, cell.h + 2 * k};
                SDL_RenderDrawRect(renderer, &ring);
            }
        }
    }
    SDL_RenderPresent(renderer);
}

static void set_title(SDL_Window *window, const picker *p) {
    char title[512];
    if (p->hovered >= 0) {
        const app_example *e = &p->examples[p->hovered];
        snprintf(title, sizeof title, "loom - %s: %s", e->name, e->summary);
    } else {
        snprintf(title, sizeof title, "loom - %s (click a scene to open it)", p->dir);
    }
    SDL_SetWindowTitle(window, title);
}

/* Becomes `loom SCENE.lua`; returns only if exec failed. */
static void open_scene(const char *path) {
    fprintf(stderr, "loom: opening %s\n", path);
    fflush(stderr);
    char exe[4096];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length <= 0)
        return;
    exe[length] = '\0';
    char *const argv[] = {exe, (char *)path, NULL};
    execv(exe, argv);
    perror("loom: cannot open the scene");
}

int app_picker(const char *dir) {
    picker p = {.hovered = -1, .dir = dir};
    char err[256];
    if (!app_examples_read(dir, &p.examples, &p.count, err, sizeof err)) {
        fprintf(stderr, "loom: %s\n", err);
        return APP_EXIT_FAILURE;
    }
    if (p.count == 0) {
        fprintf(stderr, "loom: no scenes (*.lua) in %s\n", dir);
        app_examples_free(p.examples, p.count);
        return APP_EXIT_FAILURE;
    }
    if (!app_open_display(dir)) {
        app_examples_free(p.examples, p.count);
        return APP_EXIT_FAILURE;
    }
    int rows = rows_of(p.count) < MAX_ROWS_SHOWN ? rows_of(p.count) : MAX_ROWS_SHOWN;
    int columns = p.count < COLUMNS ? (int)p.count : COLUMNS;
    SDL_Window *window =
        SDL_CreateWindow("loom", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                         GAP + columns * (CELL_W + GAP), GAP + rows * (CELL_H + GAP), 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, 0) : NULL;
    p.pictures = calloc(p.count, sizeof *p.pictures);
    if (!window || !renderer || !p.pictures) {
        fprintf(stderr, "loom: cannot open a window: %s\n", SDL_GetError());
        free(p.pictures);
        if (window)
            SDL_DestroyWindow(window);
        SDL_Quit();
        app_examples_free(p.examples, p.count);
        return APP_EXIT_FAILURE;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    for (size_t i = 0; i < p.count; i++)
        p.pictures[i] =
            p.examples[i].picture ? load_picture(renderer, p.examples[i].picture) : NULL;
    set_title(window, &p);

    const char *chosen = NULL;
    bool running = true;
    while (running) {
        draw(renderer, &p);
        SDL_Event event;
        if (!SDL_WaitEvent(&event))
            break;
        do {
            if (event.type == SDL_QUIT ||
                (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_ESCAPE)) {
                running = false;
            } else if (event.type == SDL_MOUSEMOTION) {
                int hovered = cell_at(&p, event.motion.x, event.motion.y);
                if (hovered != p.hovered) {
                    p.hovered = hovered;
                    set_title(window, &p);
                }
            } else if (event.type == SDL_MOUSEBUTTONDOWN &&
                       event.button.button == SDL_BUTTON_LEFT) {
                int index = cell_at(&p, event.button.x, event.button.y);
                if (index >= 0) {
                    chosen = p.examples[index].path;
                    running = false;
                }
            } else if (event.type == SDL_MOUSEWHEEL) {
                int most = rows_of(p.count) - MAX_ROWS_SHOWN;
                p.scroll -= event.wheel.y;
                p.scroll = p.scroll < 0 ? 0 : p.scroll > most ? (most > 0 ? most : 0) : p.scroll;
            }
        } while (running && SDL_PollEvent(&event));
    }
    for (size_t i = 0; i < p.count; i++)
        if (p.pictures[i])
            SDL_DestroyTexture(p.pictures[i]);
    free(p.pictures);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    int status = APP_EXIT_OK;
    if (chosen) {
        open_scene(chosen);
        status = APP_EXIT_FAILURE;
    }
    app_examples_free(p.examples, p.count);
    return status;
}
