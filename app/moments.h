/*
 * moments.h - --at: the moments of a scene to picture, as frame numbers.
 *
 * The text is a comma-separated list of times in seconds, each a number
 * ("1", "2.5") or a range FROM:TO:STEP ("0:2:0.5" is 0, 0.5, 1, 1.5, 2; the
 * end is kept when the steps reach it within a millionth of a step). A time
 * T is frame round(T * fps), the frame a full render at that rate writes
 * for it. The frames come out sorted, each once.
 */
#ifndef LOOM_APP_MOMENTS_H
#define LOOM_APP_MOMENTS_H

#include <stdbool.h>
#include <stddef.h>

enum { APP_MOMENTS_MAX = 10000, APP_MOMENTS_MAX_FRAME = 999999 };

/* Parses text at fps into *frames (malloc'd; free it) and *count. False
 * with a message in err ("--at needs ...") for a bad list, a negative or
 * non-finite time, a step of 0, a frame past APP_MOMENTS_MAX_FRAME or more
 * than APP_MOMENTS_MAX moments. */
bool app_moments_parse(const char *text, double fps, int **frames, int *count, char *err,
                       size_t err_size);

#endif
