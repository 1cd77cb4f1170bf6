/*
 * window_probe.c - probes: a click on a particle pins a readout beside it
 * (its position, speed, kinetic energy and a velocity arrow); another click
 * takes it away.
 *
 * A scene that shows several worlds has probes in each: a click picks the
 * nearest particle of any world as seen in its part of the picture.
 *
 * The readouts follow their particles through the timeline: every frame the
 * timeline keeps carries the state of the scene's particles (all of them up
 * to RECORD_ALL in all its worlds, else those probed when it was drawn), so a probe pinned
 * while looking back reads the past, and one pinned now reads every frame
 * back to the first. They are drawn over the scene's picture before a
 * screenshot (P) or a recording (V) takes it, not into the picture the
 * timeline keeps, which stays `loom render`'s. Each P also prints the
 * readouts on stdout, to the digits shown.
 */
#include "window.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { RECORD_ALL = 256 };
#define ARROW_SECONDS 0.25 /* the velocity arrow reaches where the particle would be this soon */
#define PROBE_PANEL   0x202327D0u
#define PROBE_TEXT    0xF4F4F0FFu
#define PROBE_ARROW   0x2E9E4AFFu

/* One particle's state, of world w, into state->samples[n]. */
static window_probe_sample sample_of(const lm_world *world, int w, lm_particle p) {
    return (window_probe_sample){p, w, lm_particle_position(world, p),
                                 lm_particle_velocity(world, p), lm_particle_mass(world, p)};
}

/* The state of the particles to record with this tick's picture, into
 * state->samples: every particle of every world the scene shows up to
 * RECORD_ALL in all, else the probed ones. */
static size_t gather(window_state *state, app_scene *scene) {
    int worlds = app_scene_world_count(scene);
    size_t live = 0;
    for (int w = 0; w < worlds; w++) {
        const lm_world *world = app_scene_world_at(scene, w);
        live += world ? lm_world_get_stats(world).particles : 0;
    }
    bool all = live <= RECORD_ALL;
    size_t wanted = all ? live : (size_t)state->probe_count;
    if (wanted > state->sample_capacity) {
        window_probe_sample *grown = realloc(state->samples, wanted * sizeof *grown);
        if (!grown)
            return 0;
        state->samples = grown;
        state->sample_capacity = wanted;
    }
    size_t n = 0;
    if (all) {
        for (int w = 0; w < worlds; w++) {
            const lm_world *world = app_scene_world_at(scene, w);
            uint32_t slots = world ? lm_world_particle_slots(world) : 0;
            for (uint32_t slot = 0; slot < slots && n < wanted; slot++) {
                lm_particle p = lm_world_particle_in_slot(world, slot);
                if (p.index1 != 0)
                    state->samples[n++] = sample_of(world, w, p);
            }
        }
        return n;
    }
    for (int i = 0; i < state->probe_count; i++) {
        const lm_world *world = app_scene_world_at(scene, state->probe_worlds[i]);
        if (world && lm_particle_is_valid(world, state->probes[i]))
            state->samples[n++] = sample_of(world, state->probe_worlds[i], state->probes[i]);
    }
    return n;
}

size_t window_probe_record(window_state *state, const window_probe_sample **samples) {
    size_t n = state->scene ? gather(state, state->scene) : 0;
    *samples = state->samples;
    return n;
}

/* The particles' states of the picture shown: the past frame's, or now's. */
static size_t shown_samples(window_state *state, const window_probe_sample **samples) {
    if (state->past) {
        *samples = state->past_samples;
        return state->past_sample_count;
    }
    return window_probe_record(state, samples);
}

static const window_probe_sample *find(const window_probe_sample *samples, size_t count,
                                       lm_particle p, int world) {
    for (size_t i = 0; i < count; i++)
        if (samples[i].particle.index1 == p.index1 &&
            samples[i].particle.generation == p.generation && samples[i].world == world)
            return &samples[i];
    return NULL;
}

/* Pins a probe on the particle nearest the pixel (within GRAB_POINTS), or
 * takes away the probe already there. */
void window_probe_click(window_state *state, int x, int y) {
    if (!state->view_valid)
        return;
    const window_probe_sample *samples;
    size_t count = shown_samples(state, &samples);
    double best = window_points(state, GRAB_POINTS);
    const window_probe_sample *chosen = NULL;
    for (size_t i = 0; i < count; i++) {
        const lm_world *world =
            state->scene ? app_scene_world_at(state->scene, samples[i].world) : NULL;
        const app_view *view = window_world_view(state, samples[i].world);
        double px, py, depth;
        if (!view || !app_view_project(view, samples[i].position, &px, &py, &depth))
            continue;
        double scale = view->perspective ? view->focal / depth : view->focal;
        double radius = world && lm_particle_is_valid(world, samples[i].particle)
                            ? lm_particle_radius(world, samples[i].particle)
                            : 0.0;
        double distance = hypot(px - x, py - y) - radius * scale;
        if (distance < best) {
            best = distance;
            chosen = &samples[i];
        }
    }
    if (!chosen)
        return;
    for (int i = 0; i < state->probe_count; i++) {
        if (state->probes[i].index1 == chosen->particle.index1 &&
            state->probes[i].generation == chosen->particle.generation &&
            state->probe_worlds[i] == chosen->world) {
            state->probe_count--;
            state->probes[i] = state->probes[state->probe_count];
            state->probe_worlds[i] = state->probe_worlds[state->probe_count];
            state->dirty = true;
            return;
        }
    }
    if (state->probe_count == MAX_PROBES) {
        window_notify(state, "at most %d probes: click one to take it away", MAX_PROBES);
        return;
    }
    state->probe_worlds[state->probe_count] = chosen->world;
    state->probes[state->probe_count++] = chosen->particle;
    state->dirty = true;
}

void window_probe_clear(window_state *state) {
    state->probe_count = 0;
    state->past_sample_count = 0;
    free(state->samples);
    state->samples = NULL;
    state->sample_capacity = 0;
}

/* The readout of one particle: three lines of text. */
static void readout(const window_probe_sample *s, char lines[3][96]) {
    double speed = sqrt(s->velocity.x * s->velocity.x + s->velocity.y * s->velocity.y +
                        s->velocity.z * s->velocity.z);
    if (s->position.z != 0.0)
        snprintf(lines[0], 96, "x %.3f  y %.3f  z %.3f m", s->position.x, s->position.y,
                 s->position.z);
    else
        snprintf(lines[0], 96, "x %.3f  y %.3f m", s->position.x, s->position.y);
    snprintf(lines[1], 96, "speed %.3f m/s", speed);
    snprintf(lines[2], 96, "kinetic energy %.3f J", 0.5 * s->mass * speed * speed);
}

void window_probe_draw(window_state *state, window_marks *marks) {
    if (state->probe_count == 0 || !state->view_valid)
        return;
    const window_probe_sample *samples;
    size_t count = shown_samples(state, &samples);
    for (int i = 0; i < state->probe_count; i++) {
        const window_probe_sample *s =
            find(samples, count, state->probes[i], state->probe_worlds[i]);
        const app_view *view = window_world_view(state, state->probe_worlds[i]);
        double px, py, depth;
        if (!s || !view || !app_view_project(view, s->position, &px, &py, &depth))
            continue;
        lm_vec3 ahead = {s->position.x + ARROW_SECONDS * s->velocity.x,
                         s->position.y + ARROW_SECONDS * s->velocity.y,
                         s->position.z + ARROW_SECONDS * s->velocity.z};
        double ax, ay;
        if (app_view_project(view, ahead, &ax, &ay, &depth) && isfinite(ax) && isfinite(ay)) {
            window_mark_line(marks, px, py, ax, ay, 2.5, PROBE_ARROW);
            double back = atan2(py - ay, px - ax), head = window_points(state, 10.0);
            if (hypot(ax - px, ay - py) > head) {
                window_mark_line(marks, ax, ay, ax + head * cos(back + 0.45),
                                 ay + head * sin(back + 0.45), 2.5, PROBE_ARROW);
                window_mark_line(marks, ax, ay, ax + head * cos(back - 0.45),
                                 ay + head * sin(back - 0.45), 2.5, PROBE_ARROW);
            }
        }
        char lines[3][96], text[300];
        readout(s, lines);
        snprintf(text, sizeof text, "%s\n%s\n%s", lines[0], lines[1], lines[2]);
        window_mark_label(marks, px, py - window_points(state, 48.0), text, PROBE_TEXT,
                          PROBE_PANEL);
    }
}

void window_probe_print(window_state *state) {
    const window_probe_sample *samples;
    size_t count = shown_samples(state, &samples);
    for (int i = 0; i < state->probe_count; i++) {
        const window_probe_sample *s =
            find(samples, count, state->probes[i], state->probe_worlds[i]);
        if (!s)
            continue;
        char lines[3][96], world[32] = "";
        readout(s, lines);
        if (state->scene && app_scene_world_count(state->scene) > 1)
            snprintf(world, sizeof world, " (world %d)", s->world + 1);
        printf("loom: probe at t = %.3f s%s: %s, %s, %s\n", window_timeline_time(state), world,
               lines[0], lines[1], lines[2]);
    }
}
