/*
 * window_grab.c - pulling the particle nearest the mouse with a pin the
 * window adds to the world and removes on release.
 */
#include "window.h"

#include <math.h>

/* --------------------------------------------------------------- grab -- */

void window_release_grab(window_state *state) {
    if (state->drag == DRAG_PARTICLE && state->scene) {
        lm_world *world = app_scene_world_mutable(state->scene);
        if (world && lm_constraint_is_valid(world, state->grab_pin))
            lm_constraint_destroy(world, state->grab_pin);
    }
    state->drag = DRAG_NONE;
}

/* The movable particle nearest to the pixel, if one is near enough. */
bool window_grab_find(window_state *state, int x, int y, lm_particle *found) {
    if (!state->scene || state->frozen || !state->view_valid)
        return false;
    lm_world *world = app_scene_world_mutable(state->scene);
    if (!world)
        return false;
    double best = window_points(state, GRAB_POINTS);
    lm_particle chosen = {0, 0, 0};
    uint32_t slots = lm_world_particle_slots(world);
    for (uint32_t slot = 0; slot < slots; slot++) {
        lm_particle particle = lm_world_particle_in_slot(world, slot);
        if (particle.index1 == 0 || !(lm_particle_mass(world, particle) > 0.0))
            continue;
        double px, py, depth;
        if (!app_view_project(&state->view, lm_particle_position(world, particle), &px, &py,
                              &depth))
            continue;
        double scale = state->view.perspective ? state->view.focal / depth : state->view.focal;
        double distance = hypot(px - x, py - y) - lm_particle_radius(world, particle) * scale;
        if (distance < best) {
            best = distance;
            chosen = particle;
        }
    }
    *found = chosen;
    return chosen.index1 != 0;
}

/* Grabs the movable particle nearest to the pixel, if one is near enough. */
bool window_grab(window_state *state, int x, int y) {
    lm_particle chosen;
    if (!window_grab_find(state, x, y, &chosen))
        return false;
    lm_world *world = app_scene_world_mutable(state->scene);
    state->grab_point = lm_particle_position(world, chosen);
    state->grab_pin = lm_pin_create(world, chosen, state->grab_point);
    state->grabbed = chosen;
    state->drag = DRAG_PARTICLE;
    return true;
}

void window_move_grab(window_state *state) {
    lm_world *world = state->scene ? app_scene_world_mutable(state->scene) : NULL;
    if (!world || !lm_constraint_is_valid(world, state->grab_pin)) {
        state->drag = DRAG_NONE;
        return;
    }
    lm_vec3 target =
        app_view_unproject(&state->view, state->mouse_x, state->mouse_y, state->grab_point);
    lm_pin_set_target(world, state->grab_pin, target);
    if (state->paused && lm_particle_is_valid(world, state->grabbed))
        lm_particle_set_position(world, state->grabbed, target);
    state->dirty = true;
}
