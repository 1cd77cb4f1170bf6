/*
 * csv.h - --csv FILE: the time and every loom.plot series as columns, one
 * row per frame.
 *
 * A series' cell in a row is its last sample at or before the frame's time
 * (a series plotted in loom.update before the step, or in loom.draw after
 * it, lands in the frame it was plotted for); empty before its first sample.
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
bool app_csv_write(const char *path, const lm_plots *plots, const double *times, int frames,
                   app_cleanup *cleanup, char *err, size_t err_size);

#endif
