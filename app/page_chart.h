/*
 * page_chart.h - a plot panel as an SVG chart for the lesson page: the
 * series loom.plot put in one panel, over time, with round ticks, a grid,
 * the axes' labels and a legend; each series in its colour and, after the
 * first, its own dash pattern, so the chart reads in black and white too.
 * Text is SVG text, so the chart is sharp at any size and can be copied
 * into slides as it is.
 */
#ifndef LOOM_APP_PAGE_CHART_H
#define LOOM_APP_PAGE_CHART_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/plot.h"

/* Writes the chart of panel's series to path. False with a message in err. */
bool app_chart_write(const char *path, const lr_plots *plots, const char *panel, char *err,
                     size_t err_size);

#endif
