/*
 * window_grab.c - pulling the particle nearest the mouse with a pin the
 * window adds to the world and removes on release.
 */
#include "window.h"

#include <math.h>

/* --------------------------------------------------------------- grab -- */

const app_view *window_world_view(const window_state *state, int index) {
    if (!state->view_valid)
        return NULL;
    if (state->part_count == 0)
        return &state->view; /* every world is seen through the one view */
    return index >= 0 && index < state->part_count ? &state->part_views[index] : NULL;
}

int window_world_at(const window_state *state, int x) {
    int part = 0;
    while (part + 1 < state->part_count && x >= state->part_lefts[part + 1])
        part++;
    return part;
}

const app_view *window_view_at(const window_state *state, int x) {
    return state->part_count > 0 ? &state->part_views[window_world_at(state, x)] : &state->view;
}

void window_release_grab(window_state *state) {
    if (state->drag == DRAG_PARTICLE && state->scene) {
        lm_world *world = app_scene_world_mutable(state->scene, state->grab_world);
        if (world && lm_constraint_is_valid(world, state->grab_pin))
            lm_constraint_destroy(world, state->grab_pin);
    }
    state->drag = DRAG_NONE;
}

/* The movable particle nearest to the pixel, in any world the scene shows,
 * if one is near enough; which world in *world_index (may be NULL). */
bool window_grab_find(window_state *state, int x, int y, lm_particle *found, int *world_index) {
    if (!state->scene || state->frozen || !state->view_valid)
        return false;
    double best = window_points(state, GRAB_POINTS);
    lm_particle chosen = {0, 0, 0};
    int chosen_world = 0;
    for (int w = 0; w < app_scene_world_count(state->scene); w++) {
        lm_world *world = app_scene_world_mutable(state->scene, w);
        const app_view *view = window_world_view(state, w);
        if (!world || !view)
            continue;
        uint32_t slots = lm_world_particle_slots(world);
        for (uint32_t slot = 0; slot < slots; slot++) {
            lm_particle particle = lm_world_particle_in_slot(world, slot);
            if (particle.index1 == 0 || !(lm_particle_mass(world, particle) > 0.0))
                continue;
            double px, py, depth;
            if (!app_view_project(view, lm_particle_position(world, particle), &px, &py, &depth))
                continue;
            double scale = view->perspective ? view->focal / depth : view->focal;
            double distance = hypot(px - x, py - y) - lm_particle_radius(world, particle) * scale;
            if (distance < best) {
                best = distance;
                chosen = particle;
                chosen_world = w;
            }
        }
    }
    *found = chosen;
    if (world_index)
        *world_index = chosen_world;
    return chosen.index1 != 0;
}

/* Grabs the movable particle nearest to the pixel, if one is near enough. */
bool window_grab(window_state *state, int x, int y) {
    lm_particle chosen;
    int chosen_world;
    if (!window_grab_find(state, x, y, &chosen, &chosen_world))
        return false;
    lm_world *world = app_scene_world_mutable(state->scene, chosen_world);
    state->grab_world = chosen_world;
    state->grab_point = lm_particle_position(world, chosen);
    state->grab_pin = lm_pin_create(world, chosen, state->grab_point);
    state->grabbed = chosen;
    state->drag = DRAG_PARTICLE;
    return true;
}

void window_move_grab(window_state *state) {
    lm_world *world =
        state->scene ? app_scene_world_mutable(state->scene, state->grab_world) : NULL;
    const app_view *view = window_world_view(state, state->grab_world);
    if (!world || !view || !lm_constraint_is_valid(world, state->grab_pin)) {
        state->drag = DRAG_NONE;
        return;
    }
    lm_vec3 target = app_view_unproject(view, state->mouse_x, state->mouse_y, state->grab_point);
    lm_pin_set_target(world, state->grab_pin, target);
    if (state->paused && lm_particle_is_valid(world, state->grabbed))
        lm_particle_set_position(world, state->grabbed, target);
    state->dirty = true;
}
