/*
 * shortest.h - a number as the fewest significant digits that read back as
 * the same double (what Python's repr and JavaScript's String give): 0.05
 * rather than 0.050000000000000003, 1/60 still as 0.016666666666666666
 * because no shorter text is that double. For --csv, the lesson page's
 * charts and data.
 */
#ifndef LOOM_APP_SHORTEST_H
#define LOOM_APP_SHORTEST_H

enum { APP_SHORTEST_SIZE = 32 };

/* Writes value into out (APP_SHORTEST_SIZE bytes): "%.{p}g" with the
 * smallest p from 1 to 17 that strtod reads back exactly; "nan", "inf" and
 * "-inf" for those. */
void app_format_shortest(double value, char out[APP_SHORTEST_SIZE]);

#endif
