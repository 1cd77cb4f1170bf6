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
#include <stdlib.h>
#include <string.h>

/* The one video driver a named display asks for: X11 when only DISPLAY is
 * set, Wayland when only WAYLAND_DISPLAY is; NULL (SDL's own order) for
 * both, neither, or an SDL_VIDEODRIVER of the user's. A busy X server that
 * refuses a connection for a moment must not send SDL through its other
 * drivers: the last, "offscreen", loads EGL and Mesa (LLVM) for nothing,
 * and each retry loads them again. */
static const char *named_driver(void) {
    const char *chosen = getenv("SDL_VIDEODRIVER");
    const char *x11 = getenv("DISPLAY"), *wayland = getenv("WAYLAND_DISPLAY");
    bool has_x11 = x11 && x11[0], has_wayland = wayland && wayland[0];
    if ((chosen && chosen[0]) || has_x11 == has_wayland)
        return NULL;
    return has_x11 ? "x11" : "wayland";
}

/* Opens SDL's video; NULL when a display was found, else why not. */
static const char *try_display(char *reason, size_t size) {
    const char *driver_asked = named_driver();
    if (driver_asked) /* set each time: SDL_Quit clears the hints */
        SDL_SetHint(SDL_HINT_VIDEODRIVER, driver_asked);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        if (driver_asked && strcmp(driver_asked, "x11") == 0)
            snprintf(reason, size, "no display (the X server at DISPLAY=%s did not answer)",
                     getenv("DISPLAY"));
        else if (driver_asked)
            snprintf(reason, size,
                     "no display (the Wayland compositor at WAYLAND_DISPLAY=%s did not answer)",
                     getenv("WAYLAND_DISPLAY"));
        else
            snprintf(reason, size, "%s", SDL_GetError());
        return reason;
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    if (!driver || strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0) {
        const char *display = getenv("DISPLAY");
        if (display && display[0])
            snprintf(reason, size,
                     "no display (SDL chose its '%s' video driver: the X server at "
                     "DISPLAY=%s did not answer)",
                     driver ? driver : "no", display);
        else
            snprintf(reason, size, "no display (SDL chose its '%s' video driver; is DISPLAY set?)",
                     driver ? driver : "no");
        SDL_Quit();
        return reason;
    }
    return NULL;
}

/* Tries to open a display that is named (DISPLAY or WAYLAND_DISPLAY):
 * a server that is busy (a loaded machine, many clients connecting at once)
 * may refuse a connection for a moment, so it is asked again a few times,
 * two seconds in all, before the window gives up. */
enum { DISPLAY_TRIES = 8, DISPLAY_PAUSE_MS = 250 };

bool app_open_display(const char *scene) {
    char reason[320];
    const char *x11 = getenv("DISPLAY"), *wayland = getenv("WAYLAND_DISPLAY");
    int tries = (x11 && x11[0]) || (wayland && wayland[0]) ? DISPLAY_TRIES : 1;
    const char *problem = try_display(reason, sizeof reason);
    for (int i = 1; problem && i < tries; i++) {
        SDL_Delay(DISPLAY_PAUSE_MS);
        problem = try_display(reason, sizeof reason);
    }
    if (!problem)
        return true;
    fprintf(stderr,
            "loom: cannot open a window: %s\n"
            "loom: without a display, write frames with: loom render %s --frames N --out DIR\n",
            problem, scene);
    return false;
}
