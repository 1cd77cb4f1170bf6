/*
 * moments.c - parsing --at (moments.h).
 */
#include "moments.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A time in seconds: a finite number >= 0 that takes the whole of
 * [start, end). */
static bool parse_time(const char *start, const char *end, double *out) {
    char text[64];
    size_t length = (size_t)(end - start);
    if (length == 0 || length >= sizeof text)
        return false;
    memcpy(text, start, length);
    text[length] = '\0';
    char *stop;
    errno = 0;
    double value = strtod(text, &stop);
    if (errno || *stop != '\0' || !isfinite(value) || value < 0.0)
        return false;
    *out = value;
    return true;
}

static int compare(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Adds the frame of time t; false (with the message) past the limits. */
static bool add(double t, double fps, int *frames, int *count, char *err, size_t err_size) {
    double frame = floor(t * fps + 0.5);
    if (frame > APP_MOMENTS_MAX_FRAME) {
        snprintf(err, err_size, "--at %g s is frame %.0f at %g fps: at most frame %d", t, frame,
                 fps, APP_MOMENTS_MAX_FRAME);
        return false;
    }
    if (*count == APP_MOMENTS_MAX) {
        snprintf(err, err_size, "--at gives more than %d moments", APP_MOMENTS_MAX);
        return false;
    }
    frames[(*count)++] = (int)frame;
    return true;
}

bool app_moments_parse(const char *text, double fps, int **frames_out, int *count_out, char *err,
                       size_t err_size) {
    *frames_out = NULL;
    *count_out = 0;
    int *frames = malloc(APP_MOMENTS_MAX * sizeof *frames);
    if (!frames) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    int count = 0;
    const char *item = text;
    bool ok = true;
    while (ok) {
        const char *end = strchr(item, ',');
        if (!end)
            end = item + strlen(item);
        const char *colon = memchr(item, ':', (size_t)(end - item));
        if (!colon) {
            double t;
            ok = parse_time(item, end, &t);
            if (!ok)
                snprintf(err, err_size,
                         "--at needs times in seconds (0 or more) separated by commas, or "
                         "FROM:TO:STEP, not '%.*s'",
                         (int)(end - item), item);
            else
                ok = add(t, fps, frames, &count, err, err_size);
        } else {
            const char *second = memchr(colon + 1, ':', (size_t)(end - colon - 1));
            double from, to, step;
            ok = second && parse_time(item, colon, &from) && parse_time(colon + 1, second, &to) &&
                 parse_time(second + 1, end, &step) && step > 0.0 && from <= to;
            if (!ok)
                snprintf(err, err_size,
                         "--at needs a range as FROM:TO:STEP in seconds, with FROM <= TO and "
                         "STEP > 0, not '%.*s'",
                         (int)(end - item), item);
            /* Counted from FROM, so steps do not accumulate rounding. */
            for (long k = 0; ok; k++) {
                double t = from + (double)k * step;
                if (t > to + 1e-6 * step)
                    break;
                ok = add(t, fps, frames, &count, err, err_size);
            }
        }
        if (*end == '\0')
            break;
        item = end + 1;
    }
    if (!ok) {
        free(frames);
        return false;
    }
    qsort(frames, (size_t)count, sizeof *frames, compare);
    int unique = 0;
    for (int i = 0; i < count; i++)
        if (unique == 0 || frames[unique - 1] != frames[i])
            frames[unique++] = frames[i];
    *frames_out = frames;
    *count_out = unique;
    return true;
}
