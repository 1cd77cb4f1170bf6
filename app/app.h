/*
 * app.h - the loom executable's commands, as main.c parses them.
 */
#ifndef LOOM_APP_H
#define LOOM_APP_H

#include "params.h"
#include "scene.h"

typedef enum app_command {
    APP_WINDOW, /* loom SCENE.lua */
    APP_RENDER, /* loom render SCENE.lua --frames N --out DIR */
    APP_SIM,    /* loom sim SCENE.lua --frames N */
    APP_SWEEP,  /* loom sweep SCENE.lua --set k=1,2 --frames N --out DIR */
} app_command;

typedef struct app_options {
    app_command command;
    const char *scene;
    const char *out; /* render: the output folder */
    int frames;      /* render, sim: how many frames (frame 0 is the initial state) */
    int width, height;
    double fps; /* frames per second of simulated time */
    app_limits limits;
    const char *video;        /* render: --video FILE, or NULL */
    const char *csv;          /* render, sim: --csv FILE, or NULL */
    int threads;              /* render: threads in all (--threads), at least 1 */
    double scale;             /* --scale: text, lines and markers enlarged; 1 by default */
    bool quiet;               /* no progress, no summary */
    bool svg, pdf;            /* render: the pictures as SVG and/or PDF instead of PNG */
    const app_params *params; /* --set values (a sweep: comma-separated lists) */
    bool print;               /* sweep: print the command lines instead of running them */
    bool sheet_only;          /* sweep: only make the contact sheet of an earlier run */
    int argc;                 /* the command line, for a sweep's command lines */
    char **argv;
} app_options;

/* Exit statuses. */
enum { APP_EXIT_OK = 0, APP_EXIT_FAILURE = 1, APP_EXIT_USAGE = 2 };

/* Size of the buffers that receive error messages (tracebacks included). */
enum { APP_ERROR_SIZE = 8192 };

/* Each returns an exit status; messages and summaries go to stderr, so that
 * stdout carries only what the scene prints. */
int app_render(const app_options *options);
int app_sim(const app_options *options);
int app_window(const app_options *options);
int app_sweep(const app_options *options);

/* SDL_Init(SDL_INIT_VIDEO), and a check that SDL found a display rather
 * than falling back to its offscreen or dummy driver (which would run a
 * window nobody sees, forever). False after saying so on stderr. */
bool app_open_display(const char *scene);

/* Threads `loom render` uses unless told: one per processor, up to 8. */
int app_default_threads(void);

/* Monotonic wall-clock time in seconds. */
double app_seconds(void);

#endif
