/*
 * screenshot.h - the window's P key: the scene's picture into a
 * `screenshots/` folder next to the scene file.
 */
#ifndef LOOM_APP_SCREENSHOT_H
#define LOOM_APP_SCREENSHOT_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/render.h"

/* Writes the renderer's picture as <scene dir>/screenshots/<scene>-NNN.png,
 * NNN the first number from 001 not yet taken, creating the folder when
 * needed. True with the file's path in saved; false with a message in err. */
bool app_screenshot_save(lr_renderer *renderer, const char *scene_path, char *saved,
                         size_t saved_size, char *err, size_t err_size);

#endif
