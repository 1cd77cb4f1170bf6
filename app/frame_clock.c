/*
 * frame_clock.c - the window's clock (frame_clock.h).
 *
 * The sleep used to be a whole tick less what was owed after the last
 * frame's ticks, forgetting the time the frame's picture took since: after
 * a frame that ran late (two ticks owed, little left over) the window slept
 * almost a whole tick more, so the next frame owed two ticks again, and so
 * on: two ticks a frame, 30 fps, for as long as a frame with two ticks took
 * longer than one tick, as a 14 ms frame with 4 ms ticks does. Simulated in
 * tests/app_frame_clock.c; measured in bench/RESULTS.md.
 */
#include "frame_clock.h"

app_frame_clock app_frame_clock_make(double tick_seconds, double now) {
    return (app_frame_clock){tick_seconds, 0.0, now};
}

double app_frame_clock_wait(const app_frame_clock *clock, double now, double speed) {
    double owed = clock->behind + (now - clock->last) * speed;
    double wait = (clock->tick - owed) / speed;
    return wait > 0.0 ? wait : 0.0;
}

double app_frame_clock_advance(app_frame_clock *clock, double now, double speed, bool running) {
    double elapsed = now - clock->last;
    elapsed = elapsed > APP_FRAME_CLOCK_MOST_SECONDS ? APP_FRAME_CLOCK_MOST_SECONDS
              : elapsed < 0.0                        ? 0.0
                                                     : elapsed;
    clock->last = now;
    clock->behind = running ? clock->behind + elapsed * speed : 0.0;
    return elapsed;
}

bool app_frame_clock_due(const app_frame_clock *clock) {
    return clock->behind >= clock->tick;
}

void app_frame_clock_tick(app_frame_clock *clock) {
    clock->behind -= clock->tick;
}

void app_frame_clock_forgive(app_frame_clock *clock) {
    clock->behind = 0.0;
}
