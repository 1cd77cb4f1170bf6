/*
 * app.h - the loom executable's commands, as main.c parses them.
 */
#ifndef LOOM_APP_H
#define LOOM_APP_H

#include "scene.h"

typedef enum app_command {
    APP_WINDOW, /* loom SCENE.lua */
    APP_RENDER, /* loom render SCENE.lua --frames N --out DIR */
    APP_SIM,    /* loom sim SCENE.lua --frames N */
} app_command;

typedef struct app_options {
    app_command command;
    const char *scene;
    const char *out; /* render: the output folder */
    int frames;      /* render, sim: how many frames (frame 0 is the initial state) */
    int width, height;
    double fps; /* frames per second of simulated time */
    app_limits limits;
} app_options;

/* Exit statuses. */
enum { APP_EXIT_OK = 0, APP_EXIT_FAILURE = 1, APP_EXIT_USAGE = 2 };

/* Size of the buffers that receive error messages (tracebacks included). */
enum { APP_ERROR_SIZE = 8192 };

/* Each returns an exit status; messages go to stderr, summaries to stdout. */
int app_render(const app_options *options);
int app_sim(const app_options *options);
int app_window(const app_options *options);

/* Monotonic wall-clock time in seconds. */
double app_seconds(void);

#endif
