/*
 * raster.c - stage 4: SDL's software renderer draws the triangles into the
 * supersampled canvas, which is then averaged down into the picture.
 */
#include "stage.h"

#include <string.h>

void lr_submit(lr_renderer *renderer) {
    if (renderer->index_count > 0 && !renderer->stopped && renderer->stop &&
        renderer->stop(renderer->stop_context))
        renderer->stopped = true;
    if (renderer->index_count > 0 && !renderer->stopped)
        SDL_RenderGeometry(renderer->sdl, NULL, renderer->vertices, renderer->vertex_count,
                           renderer->indices, renderer->index_count);
    renderer->vertex_count = 0;
    renderer->index_count = 0;
    renderer->batch_pixels = 0.0;
}

void lr_rasterise(lr_renderer *renderer) {
    SDL_BlendMode blend = SDL_BLENDMODE_NONE;
    SDL_SetRenderDrawBlendMode(renderer->sdl, blend);
    for (size_t i = 0; i < renderer->prim_count && !renderer->stopped; i++) {
        const prim *p = &renderer->prims[i];
        /* Translucent colours blend; everything else is written as is. */
        SDL_BlendMode wanted =
            (p->color & 0xFFu) == 0xFFu ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND;
        if (wanted != blend) {
            lr_submit(renderer);
            blend = wanted;
            SDL_SetRenderDrawBlendMode(renderer->sdl, blend);
        }
        lr_tessellate(renderer, p);
    }
    lr_submit(renderer);
    SDL_RenderFlush(renderer->sdl);
}

/* Averages each 2x2 block of the canvas into a pixel, rounding to nearest.
 * Two channels are summed at once in the 16-bit lanes of a 32-bit word (at
 * most 4 x 255 per lane), so the result is the same as channel by channel. */
_Static_assert(SUPERSAMPLE == 2, "resolve averages 2x2 blocks");
void lr_resolve(lr_renderer *renderer) {
    const SDL_Surface *canvas = renderer->canvas;
    SDL_Surface *picture = renderer->picture;
    const uint32_t low = 0x00FF00FFu, half = 0x00020002u;
    for (int y = 0; y < renderer->height; y++) {
        const Uint8 *row0 = (const Uint8 *)canvas->pixels + (size_t)(2 * y) * (size_t)canvas->pitch;
        const Uint8 *row1 = row0 + canvas->pitch;
        Uint8 *out = (Uint8 *)picture->pixels + (size_t)y * (size_t)picture->pitch;
        for (int x = 0; x < renderer->width; x++) {
            uint32_t p[4];
            memcpy(&p[0], row0 + 8 * x, 8);
            memcpy(&p[2], row1 + 8 * x, 8);
            if (p[0] == p[1] && p[0] == p[2] && p[0] == p[3]) {
                /* A flat block (most of a picture): its average is itself,
                 * (4v + 2) >> 2 == v per channel, so the same bytes. */
                memcpy(out + 4 * x, &p[0], 4);
                continue;
            }
            uint32_t even = (p[0] & low) + (p[1] & low) + (p[2] & low) + (p[3] & low);
            uint32_t odd = ((p[0] >> 8) & low) + ((p[1] >> 8) & low) + ((p[2] >> 8) & low) +
                           ((p[3] >> 8) & low);
            uint32_t average = (((even + half) >> 2) & low) | ((((odd + half) >> 2) & low) << 8);
            memcpy(out + 4 * x, &average, 4);
        }
    }
}
