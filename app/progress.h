/*
 * progress.h - how far a long run has got, on stderr.
 *
 * On a terminal: one line, redrawn at most ten times a second, with a bar,
 * the frames done, frames per second and the time left. Otherwise (a log, CI)
 * a plain line each time another 10% is done or 5 s have passed, from the
 * first second on (a run over in a second reports nothing). Quiet: nothing.
 */
#ifndef LOOM_APP_PROGRESS_H
#define LOOM_APP_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

typedef struct app_progress {
    FILE *stream;
    bool terminal, quiet, shown;
    const char *what; /* "frames" */
    int total;
    double start, last_shown;
    int last_tenth; /* plain mode: the last 10% step reported */
} app_progress;

/* Starts counting towards total at the wall-clock time now (app_seconds). */
app_progress app_progress_start(FILE *stream, int total, bool quiet, double now);
/* Reports done of total at time now; shows it when it is time to. */
void app_progress_update(app_progress *progress, int done, double now);
/* Clears the terminal line (plain mode keeps its lines). */
void app_progress_end(app_progress *progress);

#endif
