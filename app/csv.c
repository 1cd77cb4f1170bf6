/*
 * csv.c - writing the plotted series as a table.
 */
#include "csv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A name as a CSV field: quoted when it holds a comma, a quote or a newline. */
static void write_name(FILE *file, const char *name) {
    if (!strpbrk(name, ",\"\n\r")) {
        fputs(name, file);
        return;
    }
    fputc('"', file);
    for (const char *c = name; *c; c++) {
        if (*c == '"')
            fputc('"', file);
        fputc(*c, file);
    }
    fputc('"', file);
}

bool app_csv_write(const char *path, const lr_plots *plots, const double *times, int frames,
                   app_cleanup *cleanup, char *err, size_t err_size) {
    size_t series = plots ? lr_plots_count(plots) : 0;
    size_t *next = calloc(series + 1, sizeof *next);
    size_t temp_size = strlen(path) + 5;
    char *temp = malloc(temp_size);
    if (!next || !temp) {
        free(next);
        free(temp);
        snprintf(err, err_size, "cannot write '%s': out of memory", path);
        return false;
    }
    snprintf(temp, temp_size, "%s.tmp", path);
    FILE *file = app_cleanup_open(cleanup, temp);
    if (!file) {
        snprintf(err, err_size, "cannot write '%s': %s", temp, strerror(errno));
        free(next);
        free(temp);
        return false;
    }
    fputs("time", file);
    for (size_t i = 0; i < series; i++) {
        lr_plot_series s = lr_plots_series(plots, i);
        if (s.vs) { /* a series against x: its x, then its value */
            fputc(',', file);
            size_t length = strlen(s.name);
            char *x_name = malloc(length + 3);
            if (x_name) {
                memcpy(x_name, s.name, length);
                memcpy(x_name + length, ".x", 3);
                write_name(file, x_name);
                free(x_name);
            }
        }
        fputc(',', file);
        write_name(file, s.name);
    }
    fputc('\n', file);
    double previous_limit = -HUGE_VAL;
    for (int frame = 0; frame < frames; frame++) {
        double t = times[frame];
        fprintf(file, "%.17g", t);
        /* Within a frame the world's time is exact; allow for the rounding of
         * t accumulated in other ways by the script. */
        double limit = t + 1e-9 * (t > 1 ? t : 1);
        for (size_t i = 0; i < series; i++) {
            lr_plot_series s = lr_plots_series(plots, i);
            while (next[i] < s.count && s.time[next[i]] <= limit)
                next[i]++;
            bool sampled = next[i] > 0 && s.time[next[i] - 1] > previous_limit;
            if (s.vs) {
                fputc(',', file);
                if (sampled)
                    fprintf(file, "%.17g", s.x[next[i] - 1]);
            }
            fputc(',', file);
            if (sampled)
                fprintf(file, "%.17g", s.value[next[i] - 1]);
        }
        fputc('\n', file);
        previous_limit = limit;
    }
    errno = 0;
    bool ok = !ferror(file);
    int error = errno ? errno : EIO;
    if (fclose(file) != 0 && ok) {
        ok = false;
        error = errno ? errno : EIO;
    }
    if (!ok) {
        snprintf(err, err_size, "cannot write '%s': %s", temp, strerror(error));
        app_cleanup_discard(cleanup, temp);
    } else if (!app_cleanup_commit(cleanup, temp, path)) {
        snprintf(err, err_size, "cannot rename '%s' to '%s': %s", temp, path, strerror(errno));
        ok = false;
    }
    free(next);
    free(temp);
    return ok;
}
