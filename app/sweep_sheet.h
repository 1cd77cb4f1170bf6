/*
 * sweep_sheet.h - a sweep's contact sheet for a handout: a page (A4 or
 * Letter at 300 dpi) on white, each variant's pictures at the chosen moments
 * side by side under a label naming the parameters that vary, each picture
 * with its time, the constant settings in a title line.
 *
 * Sizes are set in points (1/72 inch) and turned into pixels at 300 dpi, so
 * the labels print as 11 pt type (capitals 2.8 mm high), the times as 9.5
 * pt and the title as 14 pt, whatever the number of pictures. The pictures are rendered at exactly
 * their cell's size (sweep.c passes it to the variants), so nothing is
 * scaled.
 */
#ifndef LOOM_APP_SWEEP_SHEET_H
#define LOOM_APP_SWEEP_SHEET_H

#include <stdbool.h>
#include <stddef.h>

enum { APP_SHEET_DPI = 300 };

typedef enum app_sheet_orientation {
    APP_SHEET_BEST, /* whichever gives the larger pictures */
    APP_SHEET_PORTRAIT,
    APP_SHEET_LANDSCAPE,
} app_sheet_orientation;

typedef struct app_sheet_page {
    const char *name;           /* "a4", "letter" */
    double width_mm, height_mm; /* portrait */
    app_sheet_orientation orientation;
} app_sheet_page;

/* "a4", "letter", each optionally followed by "-portrait" or "-landscape".
 * False for anything else. */
bool app_sheet_page_parse(const char *text, app_sheet_page *page);

/* Where everything goes, in pixels of the page. */
typedef struct app_sheet_plan {
    int page_width, page_height;
    int columns, rows;           /* of variants: each a strip of its moments */
    int cell_width, cell_height; /* one picture */
} app_sheet_plan;

/* The largest pictures of the given aspect (width / height) that fit
 * `variants` strips of `moments` pictures on the page. */
app_sheet_plan app_sheet_plan_make(app_sheet_page page, int variants, int moments, double aspect);
/* The smallest picture height a sheet takes, in pixels (1 cm). */
int app_sheet_min_cell_height(void);

typedef struct app_sheet {
    const char *dir;           /* the sheet goes to dir/sheet.png */
    const char *pictures;      /* variant v's pictures: pictures/<names[v]>/frame_NNNNN.png */
    const char *const *names;  /* folder names of the variants */
    const char *const *labels; /* what varies in each, "k = 10, c = 0.5" ("" for none) */
    int variants;
    const int *frames; /* the moments' frames */
    int moments;
    double fps;        /* for the times under the pictures */
    const char *title; /* the scene and what is constant */
    app_sheet_plan plan;
} app_sheet;

/* Reads the pictures and writes dir/sheet.png (300 dpi). A picture that is
 * missing leaves its cell grey and marked "missing". False with a message in
 * err when none could be read or the sheet could not be written. */
bool app_sweep_sheet(const app_sheet *sheet, char *err, size_t err_size);

#endif
