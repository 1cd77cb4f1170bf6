/*
 * display.c - opening SDL's video, and telling a real display from SDL's
 * fallbacks.
 *
 * Without DISPLAY or WAYLAND_DISPLAY, SDL 2 does not fail: it picks its
 * "offscreen" driver (or "dummy" when asked), opens an invisible window and
 * runs it forever. So the window checks which driver SDL chose.
 */
#include "app.h"

#include <SDL.h>
#include <stdio.h>
#include <string.h>

bool app_open_display(const char *scene) {
    const char *problem = NULL;
    char reason[256];
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        snprintf(reason, sizeof reason, "%s", SDL_GetError());
        problem = reason;
    } else {
        const char *driver = SDL_GetCurrentVideoDriver();
        if (!driver || strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0) {
            snprintf(reason, sizeof reason,
                     "no display (SDL chose its '%s' video driver; is DISPLAY set?)",
                     driver ? driver : "no");
            problem = reason;
            SDL_Quit();
        }
    }
    if (!problem)
        return true;
    fprintf(stderr,
            "loom: cannot open a window: %s\n"
            "loom: without a display, write frames with: loom render %s --frames N --out DIR\n",
            problem, scene);
    return false;
}
