/*
 * sliders.h - the window's panel of sliders, one per ranged number
 * parameter of the scene (loom.param with min and max).
 *
 * The panel sits in the bottom-left corner, over the picture (never in a
 * screenshot or a recording): the renderer lays it out and draws it
 * (render/compose.h), this file says what it shows and follows the mouse. Dragging a slider shows
 * the new value at once, stores it as if given with --set and asks the window to reload the scene
 * (at most four times a second while dragging, and once more on release if
 * the value moved since), which keeps the camera and loom.keep; a live
 * parameter (loom.param's live = true) is given to the running scene
 * instead, at every move, without a reload. The drag goes on through every
 * reload, its own and any other (a save): the slider follows the mouse until
 * the button is released, and the value under it then is the one applied.
 * The values are the sliders' own (starting from --set), so they survive hot
 * reloads.
 */
#ifndef LOOM_APP_SLIDERS_H
#define LOOM_APP_SLIDERS_H

#include <stdbool.h>

#include "../render/compose.h"
#include "params.h"
#include "scene.h"

typedef struct app_sliders app_sliders;

/* Starts from the --set values in given (may be NULL). NULL when out of memory. */
app_sliders *app_sliders_create(const app_params *given);
void app_sliders_destroy(app_sliders *sliders);

/* The values to load the scene with: --set, then the sliders'. */
const app_params *app_sliders_params(const app_sliders *sliders);

/* Reads the scene's parameters after a (re)load. */
void app_sliders_refresh(app_sliders *sliders, app_scene *scene);

/* The sliders as the panel shows them (at most LR_UI_SLIDERS): their texts
 * stay valid until the next call. Returns how many. */
int app_sliders_show(app_sliders *sliders, lr_ui_slider out[LR_UI_SLIDERS]);
/* Where the renderer put them (render/compose.h), for the mouse. */
void app_sliders_placed(app_sliders *sliders, const lr_ui_layout *placed);

typedef enum app_slider_event {
    APP_SLIDER_PRESS,
    APP_SLIDER_MOVE,
    APP_SLIDER_RELEASE,
} app_slider_event;

typedef enum app_slider_action {
    APP_SLIDER_NOTHING,
    APP_SLIDER_RELOAD, /* load the scene again with the sliders' values */
    APP_SLIDER_LIVE,   /* give the live values to the running scene (app_sliders_apply_live) */
} app_slider_action;

/* A left-button press, a move or a release at (x, y) in pixels. True when the
 * panel takes it (the window then does nothing else with it); *action says
 * what the dragged slider's new value asks of the window. */
bool app_sliders_mouse(app_sliders *sliders, app_slider_event event, int x, int y,
                       app_slider_action *action);

/* Gives the live parameters' slider values to the running scene (a later
 * loom.param(name) returns them). False when the scene refused one. */
bool app_sliders_apply_live(app_sliders *sliders, app_scene *scene);

#endif
