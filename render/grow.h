/*
 * grow.h - the one way render/ grows an array: to at least `needed` items of
 * item_size bytes, doubling from 256, so that adding items one at a time
 * costs amortised O(1). Private to render/.
 */
#ifndef LOOM_RENDER_GROW_H
#define LOOM_RENDER_GROW_H

#include <stdbool.h>
#include <stddef.h>

/* Grows *array (capacity *capacity items) to hold needed items; false, with
 * the array untouched, when out of memory. */
bool lr_grow(void **array, size_t *capacity, size_t needed, size_t item_size);

#endif
