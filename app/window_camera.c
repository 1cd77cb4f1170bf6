/*
 * window_camera.c - the window's camera: the scene's (fitted, then loom.camera{})
 * until the user pans, orbits or zooms.
 */
#include "window.h"

#include <math.h>

/* -------------------------------------------------------------- camera -- */

static bool same_number(double a, double b) {
    return a == b || (isnan(a) && isnan(b));
}

static bool same_camera(const lr_camera *a, const lr_camera *b) {
    return a->projection == b->projection && same_number(a->target.x, b->target.x) &&
           same_number(a->target.y, b->target.y) && same_number(a->target.z, b->target.z) &&
           same_number(a->yaw, b->yaw) && same_number(a->pitch, b->pitch) &&
           same_number(a->height, b->height) && same_number(a->fov, b->fov);
}

/* The camera for this frame: the user's once they moved it, unless the script
 * asked for a different view since; else the scene's. */
void window_choose_camera(window_state *state, double aspect) {
    if (!state->scene)
        return;
    lr_camera scene_camera = app_scene_camera(state->scene, aspect, state->options->scale);
    lr_camera request = app_scene_camera_request(state->scene);
    if (state->have_request && !same_camera(&request, &state->request))
        state->user_camera = false;
    state->request = request;
    state->have_request = true;
    if (!state->user_camera)
        state->camera = scene_camera;
    if (state->camera.projection == LR_PROJECTION_AUTO)
        state->camera.projection = app_scene_fit(state->scene, aspect).projection;
}

void window_take_camera(window_state *state) {
    state->user_camera = true;
    state->dirty = true;
}

void window_pan(window_state *state, int dx, int dy) {
    double metres = state->view.metres_per_pixel;
    lm_vec3 *t = &state->camera.target;
    t->x += (-dx * state->view.right.x + dy * state->view.up.x) * metres;
    t->y += (-dx * state->view.right.y + dy * state->view.up.y) * metres;
    t->z += (-dx * state->view.right.z + dy * state->view.up.z) * metres;
    window_take_camera(state);
}

void window_orbit(window_state *state, int dx, int dy) {
    state->camera.yaw -= dx * ORBIT_DEGREES;
    state->camera.pitch += dy * ORBIT_DEGREES;
    if (state->camera.pitch > 89.0)
        state->camera.pitch = 89.0;
    if (state->camera.pitch < -89.0)
        state->camera.pitch = -89.0;
    window_take_camera(state);
}

/* Wheel: orthographic zooms about the point under the mouse, perspective
 * moves the eye nearer the target. */
void window_zoom(window_state *state, double clicks) {
    if (!state->view_valid)
        return;
    double factor = pow(0.85, clicks);
    if (!state->view.perspective && state->mouse_inside) {
        lm_vec3 under = app_view_unproject(window_view_at(state, state->mouse_x), state->mouse_x,
                                           state->mouse_y, state->camera.target);
        lm_vec3 *t = &state->camera.target;
        t->x = under.x + (t->x - under.x) * factor;
        t->y = under.y + (t->y - under.y) * factor;
        t->z = under.z + (t->z - under.z) * factor;
    }
    state->camera.height *= factor;
    window_take_camera(state);
}
