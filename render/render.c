/*
 * render.c - drawing a world: the public API, and the frame's stages run in
 * order (collect, sort, tessellate, rasterise and resolve: see stage.h).
 */
#include "stage.h"

#include "overlay.h"

#include <stdio.h>
#include <string.h>

static void release_surfaces(lr_renderer *renderer) {
    if (renderer->sdl)
        SDL_DestroyRenderer(renderer->sdl);
    if (renderer->canvas)
        SDL_FreeSurface(renderer->canvas);
    if (renderer->picture)
        SDL_FreeSurface(renderer->picture);
    renderer->sdl = NULL;
    renderer->canvas = NULL;
    renderer->picture = NULL;
}

static bool make_surfaces(lr_renderer *renderer, int width, int height, char *err,
                          size_t err_size) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
        snprintf(err, err_size, "bad picture size %dx%d", width, height);
        return false;
    }
    SDL_Surface *picture =
        SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Surface *canvas = SDL_CreateRGBSurfaceWithFormat(
        0, width * SUPERSAMPLE, height * SUPERSAMPLE, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *sdl = canvas ? SDL_CreateSoftwareRenderer(canvas) : NULL;
    if (!picture || !canvas || !sdl) {
        snprintf(err, err_size, "cannot make a %dx%d picture: %s", width, height, SDL_GetError());
        if (sdl)
            SDL_DestroyRenderer(sdl);
        if (canvas)
            SDL_FreeSurface(canvas);
        if (picture)
            SDL_FreeSurface(picture);
        return false;
    }
    /* Blitting the picture to a window copies it, never blends. */
    SDL_SetSurfaceBlendMode(picture, SDL_BLENDMODE_NONE);
    SDL_Color background = lr_sdl_color(COLOR_BACKGROUND);
    SDL_FillRect(
        picture, NULL,
        SDL_MapRGBA(picture->format, background.r, background.g, background.b, background.a));
    release_surfaces(renderer);
    renderer->picture = picture;
    renderer->canvas = canvas;
    renderer->sdl = sdl;
    renderer->width = width;
    renderer->height = height;
    return true;
}

lr_renderer *lr_renderer_create(int width, int height, char *err, size_t err_size) {
    lr_renderer *renderer = calloc(1, sizeof *renderer);
    if (!renderer) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    renderer->theme = lr_theme_preset(LR_THEME_LIGHT);
    if (!make_surfaces(renderer, width, height, err, err_size)) {
        free(renderer);
        return NULL;
    }
    return renderer;
}

void lr_renderer_destroy(lr_renderer *renderer) {
    if (!renderer)
        return;
    release_surfaces(renderer);
    lr_surface_free(renderer);
    free(renderer->prims);
    free(renderer->vertices);
    free(renderer->indices);
    free(renderer);
}

bool lr_renderer_resize(lr_renderer *renderer, int width, int height) {
    if (width == renderer->width && height == renderer->height)
        return true;
    char err[256];
    return make_surfaces(renderer, width, height, err, sizeof err);
}

int lr_renderer_width(const lr_renderer *renderer) {
    return renderer->width;
}

int lr_renderer_height(const lr_renderer *renderer) {
    return renderer->height;
}

void *lr_renderer_surface(lr_renderer *renderer) {
    return renderer->picture;
}

void lr_renderer_set_styles(lr_renderer *renderer, const lr_styles *styles) {
    renderer->styles = styles;
}

void lr_renderer_set_theme(lr_renderer *renderer, const lr_theme *theme) {
    renderer->theme = theme ? *theme : lr_theme_preset(LR_THEME_LIGHT);
}

void lr_renderer_set_hidden(lr_renderer *renderer, unsigned hidden) {
    renderer->hidden = hidden;
}

void lr_renderer_set_interrupt(lr_renderer *renderer, bool (*stop)(void *context), void *context) {
    renderer->stop = stop;
    renderer->stop_context = context;
}

bool lr_renderer_stopped(const lr_renderer *renderer) {
    return renderer->stopped;
}

/* ------------------------------------------------------------ overlay -- */

/* The overlay's projection is the world's: the same view, to canvas pixels. */
static bool overlay_project(const void *context, lm_vec3 point, double *x, double *y,
                            double *pixels_per_metre_out) {
    const lr_view *v = &((const lr_renderer *)context)->view;
    camera_point c = lr_to_camera(v, point);
    if (!isfinite(c.x) || !isfinite(c.y) || !isfinite(c.z) || c.z < v->near)
        return false;
    lr_to_canvas(v, c, x, y);
    *pixels_per_metre_out = lr_pixels_per_metre(v, c.z);
    return true;
}

/* The overlay's items are drawn while the interrupt lets them. */
static bool overlay_stop(void *context) {
    lr_renderer *renderer = context;
    return renderer->stop && renderer->stop(renderer->stop_context);
}

/* The overlay's triangles go through the world's vertex list and blending. */
static void overlay_triangles(void *context, const lm_overlay_vertex *corners,
                              size_t triangle_count, bool translucent) {
    lr_renderer *renderer = context;
    if (triangle_count > (size_t)1 << 24)
        return;
    SDL_SetRenderDrawBlendMode(renderer->sdl,
                               translucent ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    /* Triangle by triangle: lr_reserve draws what waits once it covers a
     * canvas, asking the interrupt (a thick line of 200,000 points across
     * the picture is one item). */
    for (size_t t = 0; t < triangle_count && !renderer->stopped; t++) {
        if (!lr_reserve(renderer, 3, 3))
            return;
        int first = renderer->vertex_count;
        for (int k = 0; k < 3; k++) {
            const lm_overlay_vertex *corner = &corners[3 * t + (size_t)k];
            lr_add_vertex(renderer, corner->x, corner->y, lr_sdl_color(corner->rgba));
        }
        lr_add_triangle(renderer, first, first + 1, first + 2);
    }
    lr_submit(renderer);
}

void lr_renderer_draw(lr_renderer *renderer, const lm_world *world, const lr_camera *camera) {
    lr_renderer_draw_with(renderer, world, camera, NULL);
}

void lr_renderer_draw_with(lr_renderer *renderer, const lm_world *world, const lr_camera *camera,
                           const lm_overlay *overlay) {
    lr_part part = {world, renderer->styles, 0, 0};
    lr_renderer_draw_parts(renderer, &part, 1, false, camera, overlay);
}

/* Collects the count worlds of parts (into one list: overlaid), shades
 * their surfaces, sorts and rasterises them with renderer->view. */
static void draw_worlds(lr_renderer *renderer, const lr_part *parts, int count) {
    renderer->prim_count = 0;
    renderer->next_order = 0;
    renderer->grid_drawn = false;
    renderer->particle_zmin = INFINITY;
    renderer->particle_zmax = -INFINITY;
    const lm_world *worlds[LR_MAX_PARTS];
    for (int i = 0; i < count; i++) {
        worlds[i] = parts[i].world;
        renderer->styles = parts[i].styles;
        renderer->world = parts[i].world;
        renderer->has_floor = false;
        renderer->link_count = renderer->particle_count = 0;
        renderer->face_count = renderer->caster_count = 0;
        const lm_draw_fns fns = {renderer->hidden & LR_HIDE_COLLIDERS ? NULL : lr_collect_collider,
                                 lr_collect_link, lr_collect_particle, lr_collect_face};
        lm_world_draw(parts[i].world, &fns, renderer);
        if (!renderer->view.straight)
            lr_surface_build(renderer);
    }
    renderer->world = NULL;
    lr_sort(renderer, worlds, count);
    lr_rasterise(renderer);
}

static void draw_overlay(lr_renderer *renderer, const lm_overlay *overlay, double width, int part) {
    lm_overlay_target target = {width,
                                (double)renderer->height * SUPERSAMPLE,
                                renderer->view.point,
                                overlay_project,
                                overlay_triangles,
                                overlay_stop,
                                renderer,
                                part};
    if (!renderer->stopped && !lm_overlay_rasterise(overlay, &target))
        renderer->stopped = true;
    SDL_RenderFlush(renderer->sdl);
}

void lr_renderer_draw_parts(lr_renderer *renderer, const lr_part *parts, int count, bool side,
                            const lr_camera *camera, const lm_overlay *overlay) {
    if (count > LR_MAX_PARTS)
        count = LR_MAX_PARTS;
    const lr_styles *styles = renderer->styles;
    double canvas_height = (double)renderer->height * SUPERSAMPLE;
    bool perspective = camera->projection == LR_PROJECTION_PERSPECTIVE;
    if (camera->projection == LR_PROJECTION_AUTO) {
        const lm_world *worlds[LR_MAX_PARTS];
        for (int i = 0; i < count; i++)
            worlds[i] = parts[i].world;
        perspective =
            lr_camera_fit_worlds(worlds, count, (double)renderer->width / renderer->height)
                .projection == LR_PROJECTION_PERSPECTIVE;
    }

    renderer->stopped = false;
    renderer->batch_pixels = 0.0;
    SDL_Color background = lr_sdl_color(COLOR_BACKGROUND);
    SDL_SetRenderDrawColor(renderer->sdl, background.r, background.g, background.b, background.a);
    SDL_RenderClear(renderer->sdl);
    if (!side || count < 2) {
        /* One view: the worlds overlaid, sorted together. */
        renderer->view =
            lr_view_make(camera, perspective, (double)renderer->width * SUPERSAMPLE, canvas_height);
        draw_worlds(renderer, parts, count);
        if (overlay)
            draw_overlay(renderer, overlay, (double)renderer->width * SUPERSAMPLE, 0);
    } else {
        /* Side by side: each world in its own columns (an SDL viewport, which
         * offsets and clips), seen as if the picture were only those
         * columns, with the overlay's world items of its part. */
        for (int i = 0; i < count; i++) {
            SDL_Rect columns = {parts[i].left * SUPERSAMPLE, 0, parts[i].width * SUPERSAMPLE,
                                renderer->height * SUPERSAMPLE};
            SDL_RenderSetViewport(renderer->sdl, &columns);
            renderer->view = lr_view_make(camera, perspective, (double)columns.w, canvas_height);
            draw_worlds(renderer, &parts[i], 1);
            if (overlay)
                draw_overlay(renderer, overlay, (double)columns.w, i + 1);
            SDL_RenderSetViewport(renderer->sdl, NULL);
            /* A rule in the grid's colour between two parts. */
            if (i > 0) {
                SDL_Color rule = lr_sdl_color(COLOR_GRID);
                SDL_SetRenderDrawBlendMode(renderer->sdl, SDL_BLENDMODE_NONE);
                SDL_SetRenderDrawColor(renderer->sdl, rule.r, rule.g, rule.b, 0xFF);
                int weight = (int)lround(renderer->height / 720.0 * SUPERSAMPLE);
                SDL_Rect line = {columns.x - weight / 2, 0, weight > 0 ? weight : 1, columns.h};
                SDL_RenderFillRect(renderer->sdl, &line);
            }
        }
        renderer->view =
            lr_view_make(camera, perspective, (double)renderer->width * SUPERSAMPLE, canvas_height);
        if (overlay)
            draw_overlay(renderer, overlay, (double)renderer->width * SUPERSAMPLE, -1);
    }
    SDL_RenderFlush(renderer->sdl);
    renderer->styles = styles;
    lr_resolve(renderer);
}
