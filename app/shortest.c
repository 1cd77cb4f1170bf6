/*
 * shortest.c - the shortest text that reads back as the same double.
 *
 * Tries 1 to 17 significant digits: 17 always round-trip (IEEE 754
 * binary64), and most values of a simulation's times and of hand-set
 * constants need far fewer. Whole numbers up to 1e16 are written without
 * an exponent (10, not 1e+01), which spreadsheets and people read alike. Up to 17 snprintf and
 * strtod per number; a CSV of 100,000 cells takes a few tens of milliseconds.
 */
#include "shortest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void app_format_shortest(double value, char out[APP_SHORTEST_SIZE]) {
    if (isnan(value)) {
        snprintf(out, APP_SHORTEST_SIZE, "nan");
        return;
    }
    if (isinf(value)) {
        snprintf(out, APP_SHORTEST_SIZE, value > 0 ? "inf" : "-inf");
        return;
    }
    int digits = 1;
    for (; digits < 17; digits++) {
        snprintf(out, APP_SHORTEST_SIZE, "%.*g", digits, value);
        if (strtod(out, NULL) == value)
            break;
    }
    /* 10 rather than 1e+01: more digits of the correctly rounded expansion
     * still read back the same, and %g drops the exponent once the digits
     * reach it (up to 1e16; tiny numbers keep theirs, as 1e-05). */
    for (; digits <= 17; digits++) {
        snprintf(out, APP_SHORTEST_SIZE, "%.*g", digits, value);
        if (!strchr(out, 'e') || fabs(value) < 1e-4 || fabs(value) >= 1e16)
            return;
    }
}
