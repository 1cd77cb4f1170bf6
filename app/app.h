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
    APP_PAGE,   /* loom page SCENE.lua --out DIR */
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
    const app_params *params; /* --set values (a sweep: comma-separated lists) */
    bool print;               /* sweep: print the command lines instead of running them */
    bool sheet_only;          /* sweep: only make the contact sheet of an earlier run */
    const char *at_text;      /* --at as given, or NULL */
    int theme;                /* render, sweep: --theme, an lr_theme_name; -1 the scene's */
    const char *page;         /* sweep: the sheet's page (--page), "a4" unless told */
    const int *at;            /* --at: the frames to picture, sorted, each once */
    int at_count;             /* 0 without --at */
    int argc;                 /* the command line, for a sweep's command lines */
    char **argv;
} app_options;

/* `loom page`'s video without --frames: 5 s at 60 fps. */
enum { APP_PAGE_FRAMES = 300 };

/* Exit statuses. */
enum { APP_EXIT_OK = 0, APP_EXIT_FAILURE = 1, APP_EXIT_USAGE = 2 };

/* Size of the buffers that receive error messages (tracebacks included). */
enum { APP_ERROR_SIZE = 8192 };

/* Each returns an exit status; messages and summaries go to stderr, so that
 * stdout carries only what the scene prints. */
int app_render(const app_options *options);
/* app_render, then after(scene, context) once every frame, the video and
 * the table are written, before the scene closes (`loom page` reads its
 * plots and parameters there); false from after fails the run. */
typedef bool (*app_render_after)(app_scene *scene, void *context);
int app_render_then(const app_options *options, app_render_after after, void *context);
int app_page(const app_options *options);
int app_sim(const app_options *options);
int app_window(const app_options *options);
int app_sweep(const app_options *options);

/* SDL_Init(SDL_INIT_VIDEO), and a check that SDL found a display rather
 * than falling back to its offscreen or dummy driver (which would run a
 * window nobody sees, forever). False after saying so on stderr. */
bool app_open_display(const char *scene);

/* Threads `loom render` uses unless told: one per processor, up to 8. */
int app_default_threads(void);

/* mkdir -p, then checks the folder can take files. False with a message
 * ("cannot create output folder ...") in err. */
bool app_make_folder(const char *path, char *err, size_t err_size);

/* Monotonic wall-clock time in seconds. */
double app_seconds(void);

#endif
