/*
 * csv.c - writing the plotted and recorded series as a table (csv.h).
 */
#include "csv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shortest.h"

/* A field of the header: quoted when it holds a comma, a quote or a newline. */
static void write_field(FILE *file, const char *text) {
    if (!strpbrk(text, ",\"\n\r")) {
        fputs(text, file);
        return;
    }
    fputc('"', file);
    for (const char *c = text; *c; c++) {
        if (*c == '"')
            fputc('"', file);
        fputc(*c, file);
    }
    fputc('"', file);
}

static void write_name(FILE *file, const lr_plot_series *s) {
    if (!s->unit || !s->unit[0]) {
        write_field(file, s->name);
        return;
    }
    size_t size = strlen(s->name) + strlen(s->unit) + 4;
    char *text = malloc(size);
    if (!text) {
        write_field(file, s->name);
        return;
    }
    snprintf(text, size, "%s (%s)", s->name, s->unit);
    write_field(file, text);
    free(text);
}

/* One column: a series and where its next unread sample is. */
typedef struct column {
    lr_plot_series series;
    size_t next;
    bool has;        /* this row has a value */
    double value, x; /* x: of a series against x */
} column;

static size_t gather(column *columns, size_t count, const lr_plots *store) {
    for (size_t i = 0; store && i < lr_plots_count(store); i++)
        columns[count++] = (column){.series = lr_plots_series(store, i)};
    return count;
}

bool app_csv_write(const char *path, app_csv_columns columns, const double *world_times, int frames,
                   double fps, app_cleanup *cleanup, char *err, size_t err_size) {
    size_t total = (columns.plots ? lr_plots_count(columns.plots) : 0) +
                   (columns.records ? lr_plots_count(columns.records) : 0);
    column *cells = calloc(total + 1, sizeof *cells);
    size_t temp_size = strlen(path) + 5;
    char *temp = malloc(temp_size);
    if (!cells || !temp) {
        free(cells);
        free(temp);
        snprintf(err, err_size, "cannot write '%s': out of memory", path);
        return false;
    }
    size_t count = gather(cells, 0, columns.plots);
    count = gather(cells, count, columns.records);
    snprintf(temp, temp_size, "%s.tmp", path);
    FILE *file = app_cleanup_open(cleanup, temp);
    if (!file) {
        snprintf(err, err_size, "cannot write '%s': %s", temp,
                 errno == EEXIST ? "not a regular file" : strerror(errno));
        free(cells);
        free(temp);
        return false;
    }
    fputs("time (s)", file);
    for (size_t i = 0; i < count; i++) {
        if (cells[i].series.vs) { /* a series against x: its x, then its value */
            fputc(',', file);
            size_t length = strlen(cells[i].series.name);
            char *x_name = malloc(length + 3);
            if (x_name) {
                memcpy(x_name, cells[i].series.name, length);
                memcpy(x_name + length, ".x", 3);
                write_field(file, x_name);
                free(x_name);
            }
        }
        fputc(',', file);
        write_name(file, &cells[i].series);
    }
    fputc('\n', file);
    double previous_limit = -HUGE_VAL;
    char number[APP_SHORTEST_SIZE];
    for (int frame = 0; frame < frames; frame++) {
        double t = world_times[frame];
        /* Within a frame the world's time is exact; allow for the rounding of
         * t accumulated in other ways by the script. */
        double limit = t + 1e-9 * (t > 1 ? t : 1);
        bool any = count == 0;
        for (size_t i = 0; i < count; i++) {
            column *c = &cells[i];
            while (c->next < c->series.count && c->series.time[c->next] <= limit)
                c->next++;
            c->has = c->next > 0 && c->series.time[c->next - 1] > previous_limit;
            if (c->has) {
                c->value = c->series.value[c->next - 1];
                c->x = c->series.vs ? c->series.x[c->next - 1] : 0.0;
            }
            any = any || c->has;
        }
        previous_limit = limit;
        if (!any)
            continue;
        app_format_shortest(frame / fps, number);
        fputs(number, file);
        for (size_t i = 0; i < count; i++) {
            if (cells[i].series.vs) {
                fputc(',', file);
                if (cells[i].has) {
                    app_format_shortest(cells[i].x, number);
                    fputs(number, file);
                }
            }
            fputc(',', file);
            if (cells[i].has) {
                app_format_shortest(cells[i].value, number);
                fputs(number, file);
            }
        }
        fputc('\n', file);
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
        if (errno == EEXIST)
            snprintf(err, err_size, "'%s' is not a regular file: loom replaces only regular files",
                     path);
        else
            snprintf(err, err_size, "cannot rename '%s' to '%s': %s", temp, path, strerror(errno));
        ok = false;
    }
    free(cells);
    free(temp);
    return ok;
}
