/*
 * csv.h - --csv FILE: the time and every loom.plot and loom.record series
 * as columns, one row per frame.
 *
 * The header names each column with its unit, "height (m)", the time as
 * "time (s)". The time of frame k is k / fps (the frame's time; the world is
 * there to within its rounding, or to within one time step when the step
 * does not divide the frame). Plotted series come first, in the order they
 * were first plotted, then the recorded ones.
 *
 * A series' cell in a row is its last sample taken after the previous
 * frame's time and at or before this frame's (loom.update runs before the
 * frame's step, so what it plots lands in the row of the time it measured);
 * empty when the series has no such sample. A row whose every cell would
 * be empty is left out (the last frame of a scene that plots only in
 * loom.update: no loom.update follows it). Numbers are written in the
 * fewest digits that read back as the same double (app/shortest.h).
 */
#ifndef LOOM_APP_CSV_H
#define LOOM_APP_CSV_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/plot.h"
#include "cleanup.h"

/* The columns of a table: up to two stores (either may be NULL). */
typedef struct app_csv_columns {
    const lr_plots *plots;   /* loom.plot's series */
    const lr_plots *records; /* loom.record's */
} app_csv_columns;

/* Writes path (through a temporary file, renamed into place). world_times
 * holds the world's time at each frame (to place the samples), fps the
 * frames per second (for the time column). False with a message in err. */
bool app_csv_write(const char *path, app_csv_columns columns, const double *world_times, int frames,
                   double fps, app_cleanup *cleanup, char *err, size_t err_size);

#endif
