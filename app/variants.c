/*
 * variants.c - the combinations of --set lists (variants.h).
 */
#include "variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void app_variants_free(app_variants *s) {
    free(s->axes);
    free(s->storage);
}

/* Splits every --set list at its commas. False with a message in err. */
bool app_variants_parse(const app_params *params, app_variants *s, char *err, size_t err_size) {
    *s = (app_variants){0};
    size_t total = 0;
    for (int i = 0; i < params->count; i++)
        total += strlen(params->values[i]) + 1;
    s->axes = calloc((size_t)params->count, sizeof *s->axes);
    s->storage = malloc(total);
    if (!s->axes || !s->storage) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    char *next = s->storage;
    s->variants = 1;
    for (int i = 0; i < params->count; i++) {
        app_variant_axis *a = &s->axes[s->axis_count++];
        a->name = params->names[i];
        strcpy(next, params->values[i]);
        char *value = next;
        next += strlen(next) + 1;
        for (;;) {
            char *comma = strchr(value, ',');
            if (comma)
                *comma = '\0';
            if (value[0] == '\0' || strchr(value, '/')) {
                snprintf(err, err_size, "--set %s: each value must be non-empty, without '/'",
                         a->name);
                return false;
            }
            if (a->count == APP_VARIANTS_MAX_VALUES) {
                snprintf(err, err_size, "--set %s: at most %d values", a->name,
                         APP_VARIANTS_MAX_VALUES);
                return false;
            }
            a->values[a->count++] = value;
            if (!comma)
                break;
            value = comma + 1;
        }
        if (strchr(a->name, '/') || strchr(a->name, ',')) {
            snprintf(err, err_size, "--set %s: a name without '/' or ','", a->name);
            return false;
        }
        if (s->variants > APP_VARIANTS_MAX / a->count) {
            snprintf(err, err_size, "a sweep makes at most %d variants", APP_VARIANTS_MAX);
            return false;
        }
        s->variants *= a->count;
    }
    return true;
}

const char *app_variants_value(const app_variants *s, int v, int a) {
    int stride = 1;
    for (int k = s->axis_count - 1; k > a; k--)
        stride *= s->axes[k].count;
    return s->axes[a].values[(v / stride) % s->axes[a].count];
}

void app_variants_name(const app_variants *s, int v, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int a = 0; a < s->axis_count && used < size; a++)
        used += (size_t)snprintf(out + used, size - used, "%s%s=%s", a ? "," : "", s->axes[a].name,
                                 app_variants_value(s, v, a));
}

void app_variants_label(const app_variants *s, int v, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int a = 0; a < s->axis_count && used < size; a++)
        if (s->axes[a].count > 1)
            used += (size_t)snprintf(out + used, size - used, "%s%s = %s", used ? ", " : "",
                                     s->axes[a].name, app_variants_value(s, v, a));
}
