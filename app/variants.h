/*
 * variants.h - the combinations of --set lists (`--set k=10,20 --set
 * c=0,0.5` is four variants), for `loom sweep` and `loom page`: their
 * folder names ("k=10,c=0.5") and their labels ("k = 10, c = 0.5", naming
 * only the parameters that take more than one value).
 */
#ifndef LOOM_APP_VARIANTS_H
#define LOOM_APP_VARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include "params.h"

enum { APP_VARIANTS_MAX = 1000, APP_VARIANTS_MAX_VALUES = 64 };

typedef struct app_variant_axis {
    const char *name;
    char *values[APP_VARIANTS_MAX_VALUES];
    int count;
} app_variant_axis;

typedef struct app_variants {
    app_variant_axis *axes; /* one per --set, in order */
    int axis_count;
    int variants;  /* the product of the axes' counts */
    char *storage; /* the lists, split in place */
} app_variants;

/* Splits every --set list at its commas. False with a message in err (an
 * empty value, a '/', more than 64 values or 1000 variants); free it
 * either way. */
bool app_variants_parse(const app_params *params, app_variants *s, char *err, size_t err_size);
void app_variants_free(app_variants *s);

/* The value of axis a in variant v (the first --set varies slowest). */
const char *app_variants_value(const app_variants *s, int v, int a);
/* "k=10,damping=0": every axis. */
void app_variants_name(const app_variants *s, int v, char *out, size_t size);
/* "k = 10, damping = 0.05": the axes of more than one value. */
void app_variants_label(const app_variants *s, int v, char *out, size_t size);

#endif
