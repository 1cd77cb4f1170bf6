/*
 * sliders.c - what the parameter sliders show, and dragging them.
 */
#include "sliders.h"
#include "app.h"

#include <lua.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bindings/loom_lua.h"

enum { MAX_SLIDERS = LR_UI_SLIDERS };

typedef struct slider {
    char name[72];
    char label[72];
    char shown[200]; /* label and value, as the panel shows them */
    double low, high, step, value;
    bool live; /* changed in the running scene, not by a reload */
    /* Layout of the last drawing, in pixels. */
    int track_x0, track_x1, track_y, row_y0, row_y1;
} slider;

struct app_sliders {
    app_params params;
    slider sliders[MAX_SLIDERS];
    int count;
    int panel_x0, panel_y0, panel_x1, panel_y1; /* the last drawing's panel */
    bool drawn;
    int dragging;       /* index, or -1 */
    double committed;   /* the dragged slider's value the scene was last loaded with */
    double commit_time; /* when (app_seconds) */
};

/* While dragging, the scene is reloaded at most this often. */
#define DRAG_RELOAD_SECONDS 0.25

app_sliders *app_sliders_create(const app_params *given) {
    app_sliders *sliders = calloc(1, sizeof *sliders);
    if (!sliders)
        return NULL;
    sliders->dragging = -1;
    for (int i = 0; given && i < given->count; i++) {
        if (!app_params_set(&sliders->params, given->names[i], given->values[i])) {
            app_sliders_destroy(sliders);
            return NULL;
        }
    }
    return sliders;
}

void app_sliders_destroy(app_sliders *sliders) {
    if (!sliders)
        return;
    app_params_free(&sliders->params);
    free(sliders);
}

const app_params *app_sliders_params(const app_sliders *sliders) {
    return &sliders->params;
}

static void refresh_in(lua_State *L, void *context) {
    app_sliders *sliders = context;
    sliders->count = 0;
    size_t count = lmlua_params_count(L);
    for (size_t i = 0; i < count && sliders->count < MAX_SLIDERS; i++) {
        lmlua_parameter p;
        if (!lmlua_params_at(L, i, &p) || p.kind != LMLUA_PARAM_NUMBER || !p.ranged)
            continue;
        slider *s = &sliders->sliders[sliders->count++];
        snprintf(s->name, sizeof s->name, "%s", p.name);
        snprintf(s->label, sizeof s->label, "%s", p.label);
        s->low = p.low;
        s->high = p.high;
        s->step = p.step > 0 ? p.step : (p.high - p.low) / 100.0;
        s->value = p.number;
        s->live = p.live;
    }
}

void app_sliders_refresh(app_sliders *sliders, app_scene *scene) {
    /* A drag goes on through the reloads it causes (and any other): the
     * slider of the same name in the new scene follows the mouse on, from
     * where the mouse has it. */
    char dragged[sizeof sliders->sliders[0].name] = "";
    double value = 0.0;
    if (sliders->dragging >= 0) {
        snprintf(dragged, sizeof dragged, "%s", sliders->sliders[sliders->dragging].name);
        value = sliders->sliders[sliders->dragging].value;
    }
    sliders->count = 0;
    sliders->dragging = -1;
    if (!app_scene_protected(scene, refresh_in, sliders))
        sliders->count = 0;
    for (int i = 0; dragged[0] && i < sliders->count; i++) {
        slider *s = &sliders->sliders[i];
        if (strcmp(s->name, dragged) == 0) {
            sliders->dragging = i;
            s->value = value < s->low ? s->low : value > s->high ? s->high : value;
        }
    }
}

static void store(app_sliders *sliders, const slider *s) {
    char text[64];
    snprintf(text, sizeof text, "%.17g", s->value);
    app_params_set(&sliders->params, s->name, text);
}

typedef struct live_values {
    app_sliders *sliders;
    bool ok;
} live_values;

static void apply_in(lua_State *L, void *context) {
    live_values *live = context;
    for (int i = 0; i < live->sliders->count; i++) {
        const slider *s = &live->sliders->sliders[i];
        if (s->live && !lmlua_params_set(L, s->name, s->value))
            live->ok = false;
    }
}

bool app_sliders_apply_live(app_sliders *sliders, app_scene *scene) {
    live_values live = {sliders, true};
    return app_scene_protected(scene, apply_in, &live) && live.ok;
}

static double snapped(const slider *s, double value) {
    double steps = round((value - s->low) / s->step);
    value = s->low + steps * s->step;
    return value < s->low ? s->low : value > s->high ? s->high : value;
}

static double value_at(const slider *s, int x) {
    double t =
        s->track_x1 > s->track_x0 ? (double)(x - s->track_x0) / (s->track_x1 - s->track_x0) : 0.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return snapped(s, s->low + t * (s->high - s->low));
}

int app_sliders_show(app_sliders *sliders, lr_ui_slider out[LR_UI_SLIDERS]) {
    for (int i = 0; i < sliders->count; i++) {
        slider *s = &sliders->sliders[i];
        /* Formatted aside: gcc's -Wrestrict (at -O1 with the sanitizers)
         * cannot tell s->label from s->shown. */
        char shown[sizeof s->shown];
        snprintf(shown, sizeof shown, "%s  %.6g", s->label, s->value);
        memcpy(s->shown, shown, sizeof shown);
        out[i] = (lr_ui_slider){s->shown, (s->value - s->low) / (s->high - s->low)};
    }
    return sliders->count;
}

void app_sliders_placed(app_sliders *sliders, const lr_ui_layout *placed) {
    sliders->drawn = placed->slider_count > 0;
    if (!sliders->drawn)
        return;
    sliders->panel_x0 = (int)placed->sliders.x;
    sliders->panel_y0 = (int)placed->sliders.y;
    sliders->panel_x1 = (int)(placed->sliders.x + placed->sliders.width);
    sliders->panel_y1 = (int)(placed->sliders.y + placed->sliders.height);
    for (int i = 0; i < placed->slider_count && i < sliders->count; i++) {
        slider *s = &sliders->sliders[i];
        s->track_x0 = placed->slider[i].track_x0;
        s->track_x1 = placed->slider[i].track_x1;
        s->track_y = placed->slider[i].track_y;
        s->row_y0 = placed->slider[i].row_y0;
        s->row_y1 = placed->slider[i].row_y1;
    }
}

bool app_sliders_mouse(app_sliders *sliders, app_slider_event event, int x, int y,
                       app_slider_action *action) {
    *action = APP_SLIDER_NOTHING;
    if (sliders->dragging >= 0) {
        slider *s = &sliders->sliders[sliders->dragging];
        s->value = value_at(s, x);
        double now = app_seconds();
        /* A live value goes to the running scene at every move; any other
         * reloads the scene, at most every DRAG_RELOAD_SECONDS and once
         * more on release. */
        bool due = s->live || event == APP_SLIDER_RELEASE ||
                   now - sliders->commit_time >= DRAG_RELOAD_SECONDS;
        if (due && s->value != sliders->committed) {
            store(sliders, s);
            sliders->committed = s->value;
            sliders->commit_time = now;
            *action = s->live ? APP_SLIDER_LIVE : APP_SLIDER_RELOAD;
        }
        if (event == APP_SLIDER_RELEASE)
            sliders->dragging = -1;
        return true;
    }
    if (!sliders->drawn || x < sliders->panel_x0 || x >= sliders->panel_x1 ||
        y < sliders->panel_y0 || y >= sliders->panel_y1)
        return false;
    if (event == APP_SLIDER_PRESS) {
        for (int i = 0; i < sliders->count; i++) {
            slider *s = &sliders->sliders[i];
            if (y >= s->row_y0 && y < s->row_y1) {
                sliders->dragging = i;
                sliders->committed = s->value;
                sliders->commit_time = app_seconds();
                s->value = value_at(s, x);
                if (s->live && s->value != sliders->committed) {
                    store(sliders, s);
                    sliders->committed = s->value;
                    *action = APP_SLIDER_LIVE;
                }
            }
        }
    }
    return true; /* the panel is not the scene: clicks on it do nothing else */
}
