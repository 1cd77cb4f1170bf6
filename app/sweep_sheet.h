/*
 * sweep_sheet.h - a contact sheet: one frame of each variant of a sweep,
 * side by side in a grid, each under its label.
 */
#ifndef LOOM_APP_SWEEP_SHEET_H
#define LOOM_APP_SWEEP_SHEET_H

#include <stdbool.h>
#include <stddef.h>

/* Reads DIR/<name>/frame_<frame>.png for each name and writes DIR/sheet.png.
 * A variant whose frame is missing gets an empty cell marked "missing".
 * False with a message in err when no frame could be read or the sheet
 * could not be written. */
bool app_sweep_sheet(const char *dir, const char *const *names, int count, int frame, char *err,
                     size_t err_size);

#endif
