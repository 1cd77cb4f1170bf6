/*
 * render.c - the renderer: a picture, the display lists it is composed into,
 * and the backend that draws them (see render.h).
 */
#include "compose.h"
#include "raster.h"
#include "stage.h"

#include <SDL.h>
#include <stdio.h>
#include <string.h>

struct lr_renderer {
    int width, height;
    SDL_Surface *picture; /* width x height, RGBA32: what callers get */
    const lr_fonts *fonts;
    lr_stage *stage;   /* the world's stages' scratch */
    lr_list *list;     /* the scene composed last */
    lr_list *ui;       /* the window's panels */
    lr_layout layout;  /* where the scene composed last put its parts */
    lr_raster *raster; /* the backend */
    bool stopped;      /* the last lr_renderer_draw_list was stopped */
};

static bool make_picture(lr_renderer *renderer, int width, int height, char *err, size_t err_size) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
        snprintf(err, err_size, "bad picture size %dx%d", width, height);
        return false;
    }
    SDL_Surface *picture =
        SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32);
    if (!picture) {
        snprintf(err, err_size, "cannot make a %dx%d picture: %s", width, height, SDL_GetError());
        return false;
    }
    /* Blitting the picture to a window copies it, never blends. */
    SDL_SetSurfaceBlendMode(picture, SDL_BLENDMODE_NONE);
    lr_theme light = lr_theme_preset(LR_THEME_LIGHT);
    SDL_FillRect(picture, NULL,
                 SDL_MapRGBA(picture->format, (Uint8)(light.background >> 24),
                             (Uint8)(light.background >> 16), (Uint8)(light.background >> 8),
                             0xFF));
    if (renderer->picture)
        SDL_FreeSurface(renderer->picture);
    renderer->picture = picture;
    renderer->width = width;
    renderer->height = height;
    return true;
}

lr_renderer *lr_renderer_create(int width, int height, const lr_fonts *fonts, char *err,
                                size_t err_size) {
    lr_renderer *renderer = calloc(1, sizeof *renderer);
    if (!renderer) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    renderer->fonts = fonts;
    renderer->stage = lr_stage_create();
    renderer->list = lr_list_create();
    renderer->ui = lr_list_create();
    renderer->raster = lr_raster_create(fonts);
    if (!renderer->stage || !renderer->list || !renderer->ui || !renderer->raster) {
        snprintf(err, err_size, "out of memory");
        lr_renderer_destroy(renderer);
        return NULL;
    }
    if (!make_picture(renderer, width, height, err, err_size)) {
        lr_renderer_destroy(renderer);
        return NULL;
    }
    return renderer;
}

void lr_renderer_destroy(lr_renderer *renderer) {
    if (!renderer)
        return;
    if (renderer->picture)
        SDL_FreeSurface(renderer->picture);
    lr_stage_destroy(renderer->stage);
    lr_list_destroy(renderer->list);
    lr_list_destroy(renderer->ui);
    lr_raster_destroy(renderer->raster);
    free(renderer);
}

bool lr_renderer_resize(lr_renderer *renderer, int width, int height) {
    if (width == renderer->width && height == renderer->height)
        return true;
    char err[256];
    return make_picture(renderer, width, height, err, sizeof err);
}

int lr_renderer_width(const lr_renderer *renderer) {
    return renderer->width;
}

int lr_renderer_height(const lr_renderer *renderer) {
    return renderer->height;
}

void lr_renderer_set_threads(lr_renderer *renderer, int threads) {
    lr_raster_set_threads(renderer->raster, threads);
}

void *lr_renderer_surface(lr_renderer *renderer) {
    return renderer->picture;
}

const lr_list *lr_renderer_list(const lr_renderer *renderer) {
    return renderer->list;
}

const lr_layout *lr_renderer_layout(const lr_renderer *renderer) {
    return &renderer->layout;
}

void lr_renderer_compose(lr_renderer *renderer, const lr_scene *scene) {
    lr_compose_scene(renderer->stage, renderer->fonts, scene, renderer->width, renderer->height,
                     renderer->list, &renderer->layout);
}

bool lr_renderer_draw_list(lr_renderer *renderer) {
    SDL_Surface *picture = renderer->picture;
    bool drawn =
        lr_raster_draw(renderer->raster, renderer->list, picture->pixels, picture->pitch, false);
    renderer->stopped = lr_raster_stopped(renderer->raster);
    return drawn;
}

void lr_renderer_set_interrupt(lr_renderer *renderer, bool (*stop)(void *context), void *context) {
    lr_raster_set_interrupt(renderer->raster, stop, context);
}

bool lr_renderer_stopped(const lr_renderer *renderer) {
    return renderer->stopped;
}

bool lr_renderer_draw_scene(lr_renderer *renderer, const lr_scene *scene) {
    lr_renderer_compose(renderer, scene);
    return lr_renderer_draw_list(renderer);
}

void lr_renderer_draw(lr_renderer *renderer, const lm_world *world, const lr_camera *camera,
                      const lr_theme *theme) {
    lr_scene scene = {0};
    scene.world = world;
    scene.theme = theme ? *theme : lr_theme_preset(LR_THEME_LIGHT);
    scene.camera =
        camera ? *camera : lr_camera_fit(world, (double)renderer->width / renderer->height);
    lr_renderer_draw_scene(renderer, &scene);
}

void lr_renderer_draw_ui(lr_renderer *renderer, const lr_ui *ui, lr_ui_layout *placed) {
    lr_compose_ui(renderer->fonts, ui, &renderer->layout, renderer->width, renderer->height,
                  renderer->ui, placed);
    if (renderer->ui->item_count == 0)
        return;
    SDL_Surface *picture = renderer->picture;
    lr_raster_draw(renderer->raster, renderer->ui, picture->pixels, picture->pitch, true);
}
