/*
 * csv.h - --csv FILE: the time and every loom.plot series as columns, one
 * row per frame.
 *
 * A series' cell in a row is its last sample taken after the previous
 * frame's time and at or before this frame's (loom.update runs before the
 * frame's step, so what it plots lands in the row of the time it measured);
 * empty when the series has no such sample.
 * Numbers are written with 17 significant digits, so they read back exactly.
 */
#ifndef LOOM_APP_CSV_H
#define LOOM_APP_CSV_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/plot.h"
#include "cleanup.h"

/* Writes path (through a temporary file, renamed into place). plots may be
 * NULL (no series: only the time). False with a message in err. */
bool app_csv_write(const char *path, const lr_plots *plots, const double *times, int frames,
                   app_cleanup *cleanup, char *err, size_t err_size);

#endif
