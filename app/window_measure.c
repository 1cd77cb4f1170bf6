/*
 * window_measure.c - a ruler and a stopwatch over the picture.
 *
 * Ruler: Shift + drag lays a ruler from where the button went down to where
 * it comes up, in the world: both ends lie on the plane through the camera's
 * target facing the camera (the screen's plane, for 3D), so the reading is
 * metres in the scene, whatever the zoom. With worlds side by side, a ruler
 * belongs to the world whose part it was laid on, and is seen through it. It reads its length and,
 * as a protractor, its angle from the picture's horizontal in degrees; a second ruler from the
 * first one's start also reads the angle between the two. Stopwatch: [ and ] mark two moments of
 * the timeline (the one shown); it reads the time between them. Everything stays until Backspace
 * clears it (probes too), and is drawn over the picture before P or V take it; each P prints the
 * readings on stdout.
 */
#include "window.h"

#include <math.h>
#include <stdio.h>

#define RULER_COLOR 0xF58231FFu
#define LABEL_PANEL 0xFFFFFFE0u
#define LABEL_TEXT  0x202327FFu

void window_mark_line(window_marks *marks, double x0, double y0, double x1, double y1, double width,
                      uint32_t color) {
    if (marks->count < MAX_MARKS)
        marks->marks[marks->count++] = (lr_ui_mark){
            LR_UI_LINE, (float)x0, (float)y0, (float)x1, (float)y1, (float)width, color, 0, NULL};
}

void window_mark_box(window_marks *marks, double x0, double y0, double x1, double y1,
                     uint32_t color) {
    if (marks->count < MAX_MARKS)
        marks->marks[marks->count++] =
            (lr_ui_mark){LR_UI_BOX, (float)x0, (float)y0, (float)x1, (float)y1, 0, color, 0, NULL};
}

void window_mark_label(window_marks *marks, double x, double y, const char *text, uint32_t color,
                       uint32_t panel) {
    if (marks->count == MAX_MARKS || marks->text_count == MARK_LABELS)
        return;
    char *copy = marks->text[marks->text_count++];
    snprintf(copy, MARK_TEXT, "%s", text);
    marks->marks[marks->count++] =
        (lr_ui_mark){LR_UI_LABEL, (float)x, (float)y, (float)x, (float)y, 0, color, panel, copy};
}

/* How ruler r is seen: through its world's part of the picture. */
static const app_view *ruler_view(const window_state *state, const window_ruler *r) {
    const app_view *view = window_world_view(state, r->world);
    return view ? view : &state->view;
}

static lm_vec3 world_under(const window_state *state, const window_ruler *r, int x, int y) {
    return app_view_unproject(ruler_view(state, r), x, y, state->camera.target);
}

static double length_of(lm_vec3 a, lm_vec3 b) {
    return sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z));
}

/* Degrees from the picture's horizontal, counterclockwise as seen. */
static double angle_of(const app_view *view, lm_vec3 a, lm_vec3 b) {
    lm_vec3 d = {b.x - a.x, b.y - a.y, b.z - a.z};
    double right = d.x * view->right.x + d.y * view->right.y + d.z * view->right.z;
    double up = d.x * view->up.x + d.y * view->up.y + d.z * view->up.z;
    return atan2(up, right) * (180.0 / 3.14159265358979323846);
}

/* The angle between ruler i and the one before it when they share a start. */
static bool angle_between(const window_state *state, int i, double *degrees) {
    if (i == 0)
        return false;
    const window_ruler *r = &state->rulers[i], *q = &state->rulers[i - 1];
    if (r->world != q->world || length_of(r->a, q->a) > 1e-9 * (1.0 + length_of(q->a, q->b)))
        return false;
    const app_view *view = ruler_view(state, r);
    double d = fabs(angle_of(view, r->a, r->b) - angle_of(view, q->a, q->b));
    *degrees = d > 180.0 ? 360.0 - d : d;
    return true;
}

bool window_measure_mouse(window_state *state, const SDL_Event *event) {
    if (event->type == SDL_MOUSEBUTTONDOWN && event->button.button == SDL_BUTTON_LEFT &&
        state->shift_down && state->view_valid) {
        if (state->ruler_count == MAX_RULERS) {
            window_notify(state, "at most %d rulers: Backspace clears them", MAX_RULERS);
            return true;
        }
        /* In the world under the press (worlds side by side); pressed
         * within a few pixels of a ruler's start there: start there too. */
        window_ruler ruler = {.world = window_world_at(state, event->button.x)};
        ruler.a = world_under(state, &ruler, event->button.x, event->button.y);
        for (int i = 0; i < state->ruler_count; i++) {
            double px, py, depth;
            if (state->rulers[i].world == ruler.world &&
                app_view_project(ruler_view(state, &ruler), state->rulers[i].a, &px, &py, &depth) &&
                hypot(px - event->button.x, py - event->button.y) <= window_points(state, 8.0))
                ruler.a = state->rulers[i].a;
        }
        ruler.b = ruler.a;
        state->rulers[state->ruler_count++] = ruler;
        state->ruler_drag = true;
        state->dirty = true;
        return true;
    }
    if (!state->ruler_drag)
        return false;
    if (event->type == SDL_MOUSEMOTION || event->type == SDL_MOUSEBUTTONUP) {
        int x = event->type == SDL_MOUSEMOTION ? event->motion.x : event->button.x;
        int y = event->type == SDL_MOUSEMOTION ? event->motion.y : event->button.y;
        window_ruler *ruler = &state->rulers[state->ruler_count - 1];
        ruler->b = world_under(state, ruler, x, y);
        if (event->type == SDL_MOUSEBUTTONUP)
            state->ruler_drag = false;
        state->dirty = true;
        return true;
    }
    return false;
}

void window_measure_mark(window_state *state, int which) {
    state->marks[which] = window_timeline_time(state);
    state->marked[which] = true;
    state->dirty = true;
}

void window_measure_clear(window_state *state) {
    state->ruler_count = 0;
    state->ruler_drag = false;
    state->marked[0] = state->marked[1] = false;
    state->probe_count = 0;
    state->dirty = true;
}

static void ruler_text(const window_state *state, int i, char *text, size_t size) {
    const window_ruler *r = &state->rulers[i];
    int n = snprintf(text, size, "%.2f m  %.1f°", length_of(r->a, r->b),
                     angle_of(ruler_view(state, r), r->a, r->b));
    double between;
    if (n > 0 && (size_t)n < size && angle_between(state, i, &between))
        snprintf(text + n, size - (size_t)n, "  (%.1f° to the last)", between);
}

void window_measure_draw(window_state *state, window_marks *marks) {
    for (int i = 0; i < state->ruler_count && state->view_valid; i++) {
        const window_ruler *r = &state->rulers[i];
        const app_view *view = ruler_view(state, r);
        double ax, ay, bx, by, depth;
        if (!app_view_project(view, r->a, &ax, &ay, &depth) ||
            !app_view_project(view, r->b, &bx, &by, &depth))
            continue;
        window_mark_line(marks, ax, ay, bx, by, 2.5, RULER_COLOR);
        double length = hypot(bx - ax, by - ay), tick = window_points(state, 6.0);
        if (length > 0.0) { /* ticks across both ends */
            double nx = -(by - ay) / length * tick, ny = (bx - ax) / length * tick;
            window_mark_line(marks, ax - nx, ay - ny, ax + nx, ay + ny, 2.5, RULER_COLOR);
            window_mark_line(marks, bx - nx, by - ny, bx + nx, by + ny, 2.5, RULER_COLOR);
        }
        char text[96];
        ruler_text(state, i, text, sizeof text);
        window_mark_label(marks, (ax + bx) / 2, (ay + by) / 2 - window_points(state, 14.0), text,
                          LABEL_TEXT, LABEL_PANEL);
    }
    if (state->marked[0] || state->marked[1]) {
        char text[96];
        if (state->marked[0] && state->marked[1])
            snprintf(text, sizeof text, "stopwatch %.3f s",
                     fabs(state->marks[1] - state->marks[0]));
        else
            snprintf(text, sizeof text, "stopwatch: [ at %.3f s, ] for the end",
                     state->marks[state->marked[0] ? 0 : 1]);
        window_mark_label(marks, lr_renderer_width(state->renderer) / 2.0,
                          lr_renderer_height(state->renderer) - window_points(state, 36.0), text,
                          LABEL_TEXT, LABEL_PANEL);
    }
}

void window_measure_print(const window_state *state) {
    for (int i = 0; i < state->ruler_count; i++) {
        char text[96];
        ruler_text(state, i, text, sizeof text);
        printf("loom: ruler: %s\n", text);
    }
    if (state->marked[0] && state->marked[1])
        printf("loom: stopwatch: %.3f s (from %.3f s to %.3f s)\n",
               fabs(state->marks[1] - state->marks[0]), state->marks[0], state->marks[1]);
}
