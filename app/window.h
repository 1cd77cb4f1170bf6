/*
 * window.h - the window's state, shared by the files that make up
 * `loom SCENE.lua` (app/window*.c):
 *   window.c          the loop, drawing a frame, opening and closing
 *   window_reload.c   hot reload, probation, a scene that fails or overruns
 *   window_events.c   keys and mouse: loom's own and the script's
 *   window_camera.c   the camera: the scene's, or the user's once moved
 *   window_grab.c     pulling a particle with the mouse
 *   window_overlay.c  what the heads-up display, the help and the error panel say
 *   window_timeline.c the recent past: going back, stepping, replaying
 *   window_probe.c    probes: a particle's readout, clicked
 *   window_measure.c  a ruler and a stopwatch
 */
#ifndef LOOM_APP_WINDOW_H
#define LOOM_APP_WINDOW_H

#include "app.h"
#include "picture.h"
#include "recorder.h"
#include "sliders.h"
#include "timeline.h"
#include "view.h"
#include "watch.h"

#include "../render/compose.h"

#include <SDL.h>

enum {
    MAX_TICKS = 8,        /* per displayed frame */
    PROBATION_TICKS = 30, /* a reloaded scene's ticks before the old one is dropped */
    GRAB_POINTS = 40,     /* how near (in points) a click must be to grab a particle */
    ERROR_LINES = 14,     /* lines of an error shown on screen */
};

#define POLL_SECONDS         0.1  /* between two looks at every file */
#define SETTLE_SECONDS       0.12 /* a changed file must keep its new state this long */
#define WATCH_SECONDS        0.01 /* between two looks at a file being saved */
#define MIN_SPEED            (1.0 / 16.0)
#define MAX_SPEED            4.0
#define ORBIT_DEGREES        0.4 /* per pixel dragged */
#define NOTICE_SECONDS       2.0
#define TEXT_SCALE_STEP      1.25 /* Ctrl+= and Ctrl+- */
#define MIN_TEXT_SCALE       0.5
#define MAX_TEXT_SCALE       3.0
#define FRAME_BUDGET_SECONDS 0.05 /* wall-clock time for ticks in one frame */
/* A tick that another follows before the frame is shown still has its
 * picture drawn and kept for the timeline when that fits, with what the
 * frame has used already, in this much wall-clock time (window.c, run). */
#define KEEP_BUDGET_SECONDS 0.008

/* Sizes in points (pixels of a 720-line window). */
#define MARGIN_POINTS 12.0

/* DRAG_PENDING: pressed on a particle; a click pins a probe, a drag grabs it. */
typedef enum drag_mode { DRAG_NONE, DRAG_PENDING, DRAG_PARTICLE, DRAG_PAN, DRAG_ORBIT } drag_mode;

enum { MAX_PROBES = 8, MAX_RULERS = 8 };

enum { MAX_MARKS = 160, MARK_LABELS = 24, MARK_TEXT = 160 };

/* What the window draws over the picture (render/compose.h's marks), with
 * the labels' text (window_measure.c). */
typedef struct window_marks {
    lr_ui_mark marks[MAX_MARKS];
    int count;
    char text[MARK_LABELS][MARK_TEXT];
    int text_count;
} window_marks;

/* A ruler's ends in the world (window_measure.c). */
typedef struct window_ruler {
    lm_vec3 a, b;
    int world; /* laid over this world's part of the picture (worlds side by side) */
} window_ruler;

/* A particle's state as a probe reads it, kept with each timeline frame. */
typedef struct window_probe_sample {
    lm_particle particle;
    int world; /* which of the scene's worlds */
    lm_vec3 position, velocity;
    double mass;
} window_probe_sample;

typedef struct window_state {
    const app_options *options;
    SDL_Window *window;
    lr_renderer *renderer;
    lr_fonts *fonts;        /* NULL without fonts: no text, everything else works */
    lm_world *empty;        /* drawn while there is no scene */
    app_picture *picture;   /* the scene's picture, drawn as `loom render` draws it */
    app_sliders *sliders;   /* the parameters' sliders (app/sliders.h) */
    app_recorder *recorder; /* V: recording the window (app/recorder.h) */

    /* The scene and hot reload. */
    app_watch *watch;
    struct app_watchdog *watchdog; /* nudges a scene past its deadline (app/watchdog.h) */
    app_scene_setup setup;
    app_input input;
    app_scene *scene;    /* NULL while the first load fails */
    app_scene *fallback; /* the last good scene, while `scene` is on probation */
    int probation;
    bool frozen;    /* the scene failed and nothing older was there to go back to */
    bool drop_keep; /* loom.keep could not be copied: the next load starts without it */
    bool has_error;
    char error[APP_ERROR_SIZE];
    char scratch[APP_ERROR_SIZE];
    double next_poll;
    int test_reloads; /* LOOM_TEST_RELOADS: reloads still to do, one per frame */
    int test_reloads_total;
    long test_resident_before, test_threads_before;

    /* Time. */
    bool paused;
    double speed;
    int steps_asked;     /* single steps asked for while paused */
    double step_ms;      /* recent cost of one tick, in wall-clock ms */
    double keep_seconds; /* recent cost of drawing and keeping a picture (wall clock) */

    /* The timeline (window_timeline.c): the picture of every frame shown since the
     * (re)load, and which one is shown while looking back. */
    app_timeline *timeline;
    long tick;          /* ticks the scene ran since it was loaded: the frame number */
    bool past;          /* showing the timeline's frame `shown`, not the running scene */
    long shown;         /* the tick shown while past */
    double replay_owed; /* ticks of replay owed to the wall clock while past and playing */
    bool bar_drag;      /* the timeline bar is being dragged */
    bool scripted;      /* the scene's drawing (loom.draw) ran for the present tick */
    bool fresh;         /* the renderer holds the picture of the last tick: no need to redraw */
    lr_camera fresh_camera;
    unsigned fresh_hidden;
    int fresh_width, fresh_height;
    double restore_sum, restore_worst; /* seconds restoring past pictures, for the report */
    long restores;

    /* Probes (window_probe.c): the particles with a readout, and the
     * states of the particles of the picture shown. */
    lm_particle probes[MAX_PROBES];
    int probe_worlds[MAX_PROBES]; /* the world of each */
    int probe_count;
    window_probe_sample *samples; /* now's, gathered for each tick's frame */
    size_t sample_capacity;
    const window_probe_sample *past_samples; /* the past frame's (the timeline's) */
    size_t past_sample_count;
    int press_x, press_y; /* where DRAG_PENDING pressed */

    /* Rulers and the stopwatch's two marks (window_measure.c). */
    window_ruler rulers[MAX_RULERS];
    int ruler_count;
    bool ruler_drag;
    bool shift_down; /* Shift, as of the event being handled (not SDL's state after them all) */
    double marks[2]; /* seconds of simulated time */
    bool marked[2];

    /* Camera: the scene's (fitted, then loom.camera{}) until the user moves it. */
    bool user_camera;
    lr_camera camera;
    bool have_request;
    lr_camera request; /* the script's loom.camera{} seen last */
    app_view view;
    bool view_valid;
    /* Worlds side by side (loom.show): each one's view, in its columns. */
    app_view part_views[LR_MAX_WORLDS];
    int part_lefts[LR_MAX_WORLDS];
    int part_count; /* 0: every world is seen through view */

    /* Mouse. */
    int mouse_x, mouse_y;
    bool mouse_inside;
    drag_mode drag;
    int drag_x, drag_y;
    lm_constraint grab_pin;
    lm_particle grabbed;
    int grab_world;     /* which of the scene's worlds it is in */
    lm_vec3 grab_point; /* the plane the grabbed particle moves in */

    /* Display. */
    unsigned hidden;   /* LR_HIDE_* */
    double text_scale; /* Ctrl+= / Ctrl+-: the window's text and panels, times this */
    bool hud, help;
    bool screenshot_asked;
    char notice[160]; /* "reloaded ...", "saved ...": shown under the HUD for a moment */
    double notice_until;
    double fps;
    int frames_counted;
    double fps_since;
    double last_present;
    double record_clock;   /* wall-clock seconds the scene ran: V's recording clock */
    double saved_at;       /* the reloaded file's modification time (real time), until shown */
    bool full_screen_said; /* the last F's new size was said (or there was none) */
    int full_screen_from_w, full_screen_from_h; /* the size before it */

    /* Frame statistics, printed when the window closes: the time between two
     * pictures while the scene runs (frame), and what drawing one took. */
    long stat_frames;
    double stat_last;  /* the last running picture's time, or 0 */
    double stat_since; /* the first one's */
    double frame_sum, frame_worst;
    double draw_sum, draw_worst;
    double screen_sum; /* of drawing: the copy to the screen (blit, SDL_UpdateWindowSurface) */

    bool running;
    bool dirty;
    int status;
} window_state;

/* window.c */
double window_points(const window_state *state, double value);
void window_set_error(window_state *state, const char *message);
__attribute__((format(printf, 2, 3))) void window_notify(window_state *state, const char *format,
                                                         ...);
void window_clear_error(window_state *state);
const char *window_scene_name(const window_state *state);
bool window_input_key_down(void *context, int keycode);
bool window_input_mouse(void *context, lm_vec3 *world);
bool window_present(window_state *state);

/* window_reload.c */
long window_resident_kib(void);
/* The process's threads, for the same hook; -1 if unknown. */
long window_threads(void);
void window_scene_failed(window_state *state, const char *message);
bool window_reload(window_state *state, bool quiet);
void window_tick(window_state *state);
void window_poll_files(window_state *state, double now);
bool window_interrupt(void *context, char *why, size_t why_size);

/* window_events.c */
void window_handle_event(window_state *state, const SDL_Event *event);
void window_toggle_full_screen(window_state *state);

/* window_camera.c */
void window_choose_camera(window_state *state, double aspect);
void window_take_camera(window_state *state);
void window_pan(window_state *state, int dx, int dy);
void window_orbit(window_state *state, int dx, int dy);
void window_zoom(window_state *state, double clicks);

/* window_grab.c */
/* How the index-th world of the scene is seen (NULL before a picture). */
const app_view *window_world_view(const window_state *state, int index);
/* The world under window column x (side by side), else 0; and its view. */
int window_world_at(const window_state *state, int x);
const app_view *window_view_at(const window_state *state, int x);
void window_release_grab(window_state *state);
bool window_grab_find(window_state *state, int x, int y, lm_particle *found, int *world_index);
bool window_grab(window_state *state, int x, int y);
void window_move_grab(window_state *state);

/* window.c: the scene's drawing for the present tick (trails, arrows,
 * loom.draw), run once a tick as `loom render` runs it once a frame; and the
 * scene's picture into the renderer, as `loom render` draws it (and the
 * timeline keeps it), running the drawing first if this tick's has not run. */
void window_script_frame(window_state *state);
void window_draw_scene(window_state *state);

/* window_timeline.c */
void window_timeline_start(window_state *state);
void window_timeline_record(window_state *state);
bool window_timeline_show(window_state *state);
void window_timeline_step(window_state *state, long ticks);
void window_timeline_live(window_state *state);
void window_timeline_play(window_state *state, double elapsed);
bool window_timeline_mouse(window_state *state, const SDL_Event *event);
void window_timeline_draw_bar(window_state *state, window_marks *marks);
double window_timeline_time(const window_state *state);
void window_timeline_report(const window_state *state);

/* window_probe.c */
size_t window_probe_record(window_state *state, const window_probe_sample **samples);
void window_probe_click(window_state *state, int x, int y);
void window_probe_clear(window_state *state);
void window_probe_draw(window_state *state, window_marks *marks);
void window_probe_print(window_state *state);

/* window_measure.c */
bool window_measure_mouse(window_state *state, const SDL_Event *event);
void window_measure_mark(window_state *state, int which);
void window_measure_clear(window_state *state);
void window_measure_draw(window_state *state, window_marks *marks);
/* Adds a line (width in points), a box or a label (copied) to marks. */
void window_mark_line(window_marks *marks, double x0, double y0, double x1, double y1, double width,
                      uint32_t color);
void window_mark_box(window_marks *marks, double x0, double y0, double x1, double y1,
                     uint32_t color);
void window_mark_label(window_marks *marks, double x, double y, const char *text, uint32_t color,
                       uint32_t panel);
void window_measure_print(const window_state *state);

/* window_overlay.c: the panels over the picture (render/compose.h lays them
 * out and draws them); where the sliders went goes to the sliders. */
void window_draw_overlays(window_state *state);

#endif
