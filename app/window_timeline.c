/*
 * window_timeline.c - the window's recent past: the picture of every frame
 * shown since the scene was (re)loaded, kept by app/timeline.h under a cap,
 * and the keys and the bar that go back to it.
 *
 * After each tick the scene's drawing runs (loom.draw, trails, plots: as
 * `loom render` runs it for each frame); the picture is drawn when the
 * window shows it, and kept: the picture of tick n is byte for byte frame n
 * of `loom render` at the window's size, that is `loom render --at n/fps`.
 * A window that keeps up shows (and keeps) every tick; one falling behind
 * draws only the ticks it shows (window.c: drawing every tick's picture
 * unseen was what held a 1920x1080 cloth at half its frame rate), and the
 * ticks between are not kept. Looking back shows those pictures; the scene
 * itself waits at the present. Playing from the past replays the recording
 * at the window's speed and, once it reaches the present, the scene runs on
 * from where it was: what was recorded is what happened, so nothing is run
 * twice and nothing differs (a slider moved while looking back acts at the
 * present).
 *
 * The cap counts toward --memory: a quarter of it, less whatever the scene
 * itself holds beyond the other three quarters.
 */
#include "window.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define BAR_POINTS      8.0  /* the bar's height */
#define BAR_REACH       10.0 /* points above and below it that still take a click */
#define MARKER_POINTS   4.0  /* the marker's width */
#define BAR_COLOR       0x202327B0u
#define KEPT_COLOR      0x8A93A3E0u
#define MARKER_COLOR    0xFFD166FFu
#define STOPWATCH_COLOR 0x4363D8FFu

/* A quarter of --memory, less what the scene holds beyond the rest. */
static size_t timeline_cap(const window_state *state) {
    size_t limit = state->options->limits.memory_bytes;
    size_t used = state->scene ? app_scene_memory_used(state->scene) : 0;
    size_t left = used < limit ? limit - used : 0;
    return limit / 4 < left ? limit / 4 : left;
}

void window_timeline_start(window_state *state) {
    app_timeline_clear(state->timeline);
    const lm_world *world = state->scene ? app_scene_world(state->scene) : NULL;
    state->tick = world ? lround(lm_world_time(world) * state->options->fps) : 0;
    state->past = false;
    state->fresh = false;
    state->scripted = false;
    state->replay_owed = 0.0;
    state->bar_drag = false;
    state->past_sample_count = 0;
}

void window_timeline_record(window_state *state) {
    double start = app_seconds();
    window_draw_scene(state);
    state->fresh = true;
    state->fresh_camera = state->camera;
    state->fresh_hidden = state->hidden;
    state->fresh_width = lr_renderer_width(state->renderer);
    state->fresh_height = lr_renderer_height(state->renderer);
    if (!state->scene || state->frozen)
        return;
    SDL_Surface *picture = lr_renderer_surface(state->renderer);
    app_timeline_set_cap(state->timeline, timeline_cap(state));
    const window_probe_sample *samples;
    size_t count = window_probe_record(state, &samples);
    /* A copy handed to the timeline's keeper (app/timeline.c), which
     * compresses it while the next tick runs. */
    app_timeline_push(state->timeline, state->tick, picture->pixels, picture->w, picture->h,
                      picture->pitch, samples, count * sizeof *samples);
    double took = app_seconds() - start;
    state->keep_seconds = state->keep_seconds > 0.0 ? 0.8 * state->keep_seconds + 0.2 * took : took;
}

bool window_timeline_show(window_state *state) {
    SDL_Surface *picture = lr_renderer_surface(state->renderer);
    state->fresh = false; /* the renderer no longer holds the present's picture */
    double start = app_seconds();
    const void *extra;
    size_t extra_size;
    if (app_timeline_restore(state->timeline, state->shown, picture->pixels, picture->w, picture->h,
                             picture->pitch, &extra, &extra_size)) {
        state->past_samples = extra; /* valid until the next push: drawn at once */
        state->past_sample_count = extra_size / sizeof(window_probe_sample);
        double took = app_seconds() - start;
        state->restore_sum += took;
        state->restore_worst = took > state->restore_worst ? took : state->restore_worst;
        state->restores++;
        return true;
    }
    state->past = false; /* the window's size changed: that past is gone */
    app_timeline_clear(state->timeline);
    return false;
}

void window_timeline_live(window_state *state) {
    if (state->past) {
        state->past = false;
        state->fresh = false;
        state->dirty = true;
    }
}

/* Shows the frame of tick target (the nearest kept at or before it; the
 * first kept if it is older), or the present from the last one on. */
static void go_to(window_state *state, long target) {
    long first = app_timeline_first(state->timeline), last = app_timeline_last(state->timeline);
    if (first < 0 || target >= last) {
        window_timeline_live(state);
        return;
    }
    state->shown = target < first ? first : app_timeline_at_or_before(state->timeline, target);
    state->past = true;
    state->replay_owed = 0.0;
    state->dirty = true;
}

void window_timeline_step(window_state *state, long ticks) {
    state->paused = true;
    if (!state->past && ticks > 0) {
        state->steps_asked += (int)ticks; /* at the present: the scene runs on */
        return;
    }
    long from = state->past ? state->shown : app_timeline_last(state->timeline);
    if (from < 0)
        return;
    long target = from + ticks;
    /* Frames skipped by the cap or a slow tick: a step back still moves. */
    if (ticks < 0 && app_timeline_at_or_before(state->timeline, target) >= from)
        target = from - 1;
    go_to(state, target);
    state->dirty = true;
}

void window_timeline_play(window_state *state, double elapsed) {
    state->replay_owed += elapsed * state->speed * state->options->fps;
    long ticks = (long)floor(state->replay_owed);
    if (ticks <= 0)
        return;
    state->replay_owed -= (double)ticks;
    long last = app_timeline_last(state->timeline);
    if (state->shown + ticks >= last) {
        window_timeline_live(state); /* the present: the scene runs on */
        return;
    }
    state->shown = app_timeline_at_or_before(state->timeline, state->shown + ticks);
    state->dirty = true;
}

double window_timeline_time(const window_state *state) {
    if (state->past)
        return (double)state->shown / state->options->fps;
    const lm_world *world = state->scene ? app_scene_world(state->scene) : NULL;
    return world ? lm_world_time(world) : 0.0;
}

/* ----------------------------------------------------------------- bar -- */

/* The bar along the bottom of the window: x0..x1 at y, height h (pixels). */
static void bar_box(const window_state *state, int *x0, int *x1, int *y, int *h) {
    int width = lr_renderer_width(state->renderer), height = lr_renderer_height(state->renderer);
    int margin = (int)window_points(state, MARGIN_POINTS);
    *h = (int)ceil(window_points(state, BAR_POINTS));
    *x0 = margin;
    *x1 = width - margin;
    *y = height - margin / 2 - *h;
}

/* While paused or looking back: a running lesson keeps its whole picture. */
static bool bar_shown(const window_state *state) {
    /* Counted last: the count waits for the pictures being kept. */
    return state->scene && (state->paused || state->past) &&
           app_timeline_count(state->timeline) > 1;
}

/* Goes to the moment under pixel column x of the bar. */
static void seek(window_state *state, int x) {
    int x0, x1, y, h;
    bar_box(state, &x0, &x1, &y, &h);
    double fraction = x1 > x0 ? (double)(x - x0) / (x1 - x0) : 1.0;
    fraction = fraction < 0.0 ? 0.0 : fraction > 1.0 ? 1.0 : fraction;
    long first = app_timeline_first(state->timeline), last = app_timeline_last(state->timeline);
    state->paused = true;
    go_to(state, first + lround(fraction * (double)(last - first)));
}

bool window_timeline_mouse(window_state *state, const SDL_Event *event) {
    if (event->type == SDL_MOUSEBUTTONUP && state->bar_drag) {
        state->bar_drag = false;
        return true;
    }
    if (event->type == SDL_MOUSEMOTION && state->bar_drag) {
        seek(state, event->motion.x);
        return true;
    }
    if (event->type != SDL_MOUSEBUTTONDOWN || event->button.button != SDL_BUTTON_LEFT ||
        !bar_shown(state))
        return false;
    int x0, x1, y, h;
    bar_box(state, &x0, &x1, &y, &h);
    (void)x0;
    (void)x1;
    int reach = (int)window_points(state, BAR_REACH);
    /* Its ends reach the window's sides: a click at the edge is the first
     * or the last frame. */
    if (event->button.y < y - reach || event->button.y > y + h + reach)
        return false;
    state->bar_drag = true;
    seek(state, event->button.x);
    return true;
}

void window_timeline_draw_bar(window_state *state, window_marks *marks) {
    if (!bar_shown(state))
        return;
    int x0, x1, y, h;
    bar_box(state, &x0, &x1, &y, &h);
    long first = app_timeline_first(state->timeline), last = app_timeline_last(state->timeline);
    long shown = state->past ? state->shown : last;
    /* The bar stands for the last stretch the cap allows: the kept part is
     * the whole bar once the oldest frames are being dropped. */
    window_mark_box(marks, x0, y, x1, y + h, BAR_COLOR);
    int marker = (int)ceil(window_points(state, MARKER_POINTS));
    int at = x0 + (int)lround((double)(shown - first) / (double)(last - first) * (x1 - x0));
    window_mark_box(marks, x0, y, at, y + h, KEPT_COLOR);
    window_mark_box(marks, at - marker / 2, y - h / 2, at - marker / 2 + marker, y + h + h / 2,
                    MARKER_COLOR);
    for (int k = 0; k < 2; k++) { /* the stopwatch's marks */
        long tick = lround(state->marks[k] * state->options->fps);
        if (state->marked[k] && tick >= first && tick <= last) {
            double x = x0 + (double)(tick - first) / (double)(last - first) * (x1 - x0);
            window_mark_box(marks, x - marker / 4.0, y - h, x + marker / 4.0 + 1, y + 2 * h,
                            STOPWATCH_COLOR);
        }
    }
}

/* What the window says as it closes about its timeline: how much it held and
 * how long it kept, and how fast a past picture came back. */
void window_timeline_report(const window_state *state) {
    app_timeline *timeline = state->timeline;
    size_t count = app_timeline_count(timeline);
    double mib = 1.0 / (1024.0 * 1024.0);
    double seconds = count > 1
                         ? (double)(app_timeline_last(timeline) - app_timeline_first(timeline)) /
                               state->options->fps
                         : 0.0;
    double held = (double)app_timeline_bytes(timeline) * mib;
    fprintf(stderr,
            "loom: timeline: %zu frames, %.2f s from t = %.2f s, %.1f MiB (%.2f MiB a second; at "
            "most %.1f MiB, cap %.1f MiB)",
            count, seconds,
            count ? (double)app_timeline_first(timeline) / state->options->fps : 0.0, held,
            seconds > 0.0 ? held / seconds : 0.0, (double)app_timeline_most(timeline) * mib,
            (double)app_timeline_cap(timeline) * mib);
    if (state->restores > 0)
        fprintf(stderr, "; %ld pictures of the past, restored in %.2f ms mean, %.2f ms worst",
                state->restores, 1000.0 * state->restore_sum / (double)state->restores,
                1000.0 * state->restore_worst);
    fprintf(stderr, "\n");
}
