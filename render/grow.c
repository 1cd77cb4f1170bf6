/*
 * grow.c - lr_grow (grow.h).
 */
#include "grow.h"

#include <stdlib.h>

bool lr_grow(void **array, size_t *capacity, size_t needed, size_t item_size) {
    if (needed <= *capacity)
        return true;
    size_t capacity_new = *capacity ? *capacity : 256;
    while (capacity_new < needed)
        capacity_new *= 2;
    void *array_new = realloc(*array, capacity_new * item_size);
    if (!array_new)
        return false;
    *array = array_new;
    *capacity = capacity_new;
    return true;
}
