/*
 * screenshot.c - saving the window's picture next to the scene.
 *
 * Pictures go where the lesson lives, not wherever loom was started from: a
 * scene at lessons/pendulum.lua saves lessons/screenshots/pendulum-001.png,
 * then -002, ... The window calls this before it draws its own panels (the
 * heads-up display, help, errors), so a screenshot is the scene's picture,
 * the very pixels `loom render` writes.
 */
#include "screenshot.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_NUMBER = 9999 };

bool app_screenshot_save(lr_renderer *renderer, const char *scene_path, char *saved,
                         size_t saved_size, char *err, size_t err_size) {
    const char *slash = strrchr(scene_path, '/');
    const char *name = slash ? slash + 1 : scene_path;
    int dir_length = slash ? (int)(slash - scene_path) + 1 : 0;
    size_t name_length = strlen(name);
    if (name_length > 4 && strcmp(name + name_length - 4, ".lua") == 0)
        name_length -= 4;
    char folder[4096];
    if (snprintf(folder, sizeof folder, "%.*sscreenshots", dir_length, scene_path) >=
        (int)sizeof folder) {
        snprintf(err, err_size, "cannot save a screenshot: the scene's path is too long");
        return false;
    }
    if (mkdir(folder, 0777) != 0 && errno != EEXIST) {
        snprintf(err, err_size, "cannot create the screenshot folder '%s': %s", folder,
                 strerror(errno));
        return false;
    }
    for (int n = 1; n <= MAX_NUMBER; n++) {
        if (snprintf(saved, saved_size, "%s/%.*s-%03d.png", folder, (int)name_length, name, n) >=
            (int)saved_size) {
            snprintf(err, err_size, "cannot save a screenshot: the scene's path is too long");
            return false;
        }
        if (access(saved, F_OK) != 0)
            return lr_renderer_write_png(renderer, saved, err, err_size);
    }
    snprintf(err, err_size, "cannot save a screenshot: '%s' holds %d of them already", folder,
             MAX_NUMBER);
    return false;
}
