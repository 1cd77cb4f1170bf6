/*
 * frame_clock.h - the window's clock: how much simulated time the wall clock
 * has made the running scene owe, in ticks of 1/fps seconds, and how long
 * the window may sleep before the next tick is due.
 *
 * The window (app/window.c run()) sleeps until a tick is due, advances the
 * clock, runs the ticks owed (app_frame_clock_due, app_frame_clock_tick)
 * and shows a picture. The sleep counts the time since the clock last
 * advanced, that is the ticks and the picture of the frame before: a frame
 * whose work takes 14 ms sleeps 2.7 ms, not a whole tick, and a frame that
 * ran late (two ticks owed) is followed by one that does not sleep, so the
 * window gets back to one tick a frame instead of settling at two (30 fps).
 */
#ifndef LOOM_APP_FRAME_CLOCK_H
#define LOOM_APP_FRAME_CLOCK_H

#include <stdbool.h>

/* The longest wall-clock stretch one advance counts (a stall, a debugger,
 * a slow reload): the rest is not made up. */
#define APP_FRAME_CLOCK_MOST_SECONDS 0.25

typedef struct app_frame_clock {
    double tick;   /* simulated seconds a tick (1 / fps) */
    double behind; /* simulated seconds owed to the wall clock */
    double last;   /* the wall clock (seconds) when last advanced */
} app_frame_clock;

app_frame_clock app_frame_clock_make(double tick_seconds, double now);

/* Wall seconds from now until a tick is due at speed (simulated seconds a
 * wall second); 0 when one is due already. */
double app_frame_clock_wait(const app_frame_clock *clock, double now, double speed);

/* Moves the clock to now and returns the wall seconds since it last moved
 * (at most APP_FRAME_CLOCK_MOST_SECONDS); while running they are owed,
 * times speed; else nothing is owed. */
double app_frame_clock_advance(app_frame_clock *clock, double now, double speed, bool running);

/* A tick is owed; one was run; the backlog is dropped (too slow for real
 * time, or not running). */
bool app_frame_clock_due(const app_frame_clock *clock);
void app_frame_clock_tick(app_frame_clock *clock);
void app_frame_clock_forgive(app_frame_clock *clock);

#endif
