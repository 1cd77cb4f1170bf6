/*
 * app_frame_clock.c - the window's clock (app/frame_clock.h), on a simulated
 * wall clock: the window's loop (app/window.c run()) played with frames of
 * known cost. A frame whose ticks and picture take 14 ms holds 60 fps even
 * when one frame a second runs 5 ms late (the old sleep, a whole tick after
 * the frame's work, fell to 30 fps from the first late frame on); a heavy
 * frame runs two ticks a frame with simulated time following the wall
 * clock; a scene too slow for real time drops its backlog; the speed
 * factor scales what is owed.
 */
#include "../app/frame_clock.h"
#include "check.h"

#include <math.h>

enum { MAX_TICKS = 8 }; /* as app/window.h */
#define FRAME_BUDGET 0.05
#define TICK         (1.0 / 60.0)

typedef struct run {
    double fps;       /* pictures a wall second */
    double simulated; /* simulated seconds a wall second */
    double ticks;     /* ticks a picture */
} run;

/* The loop of app/window.c run() on a simulated clock: sleep (whole
 * milliseconds, woken up to 0.5 ms late), advance, the ticks owed (each
 * costing tick_cost), then the picture (picture_cost, late_cost more every
 * 60th). */
static run simulate(double tick_cost, double picture_cost, double late_cost, double speed,
                    double seconds) {
    double t = 0.0;
    app_frame_clock clock = app_frame_clock_make(TICK, t);
    long pictures = 0, ticks = 0;
    while (t < seconds) {
        double wait = app_frame_clock_wait(&clock, t, speed);
        long ms = lround(wait * 1000.0);
        t += ms > 0 ? ms / 1000.0 + 0.0005 : 0.0001;
        double now = t;
        app_frame_clock_advance(&clock, now, speed, true);
        int n = 0;
        while (app_frame_clock_due(&clock) && n < MAX_TICKS && (n == 0 || t - now < FRAME_BUDGET)) {
            t += tick_cost;
            app_frame_clock_tick(&clock);
            n++;
        }
        if (app_frame_clock_due(&clock))
            app_frame_clock_forgive(&clock);
        if (n > 0) {
            pictures++;
            ticks += n;
            t += picture_cost + (pictures % 60 == 0 ? late_cost : 0.0);
        }
    }
    return (run){pictures / t, ticks * TICK / t, (double)ticks / (double)pictures};
}

int main(void) {
    app_frame_clock clock = app_frame_clock_make(TICK, 10.0);
    CHECK_NEAR(app_frame_clock_wait(&clock, 10.010, 1.0), TICK - 0.010, 1e-12,
               "the sleep counts the time since the clock moved (10 ms of a frame)");
    CHECK_NEAR(app_frame_clock_wait(&clock, 10.030, 1.0), 0.0, 0.0, "no sleep once a tick is due");
    CHECK_NEAR(app_frame_clock_wait(&clock, 10.0, 0.5), 2.0 * TICK, 1e-12,
               "at half speed a tick is due after two");
    double elapsed = app_frame_clock_advance(&clock, 11.0, 1.0, true);
    CHECK_NEAR(elapsed, APP_FRAME_CLOCK_MOST_SECONDS, 0.0, "a stall counts a quarter second");
    CHECK_NEAR(clock.behind, APP_FRAME_CLOCK_MOST_SECONDS, 0.0, "and owes that");
    app_frame_clock_advance(&clock, 11.1, 2.0, false);
    CHECK_NEAR(clock.behind, 0.0, 0.0, "nothing is owed while not running");

    run light = simulate(0.004, 0.010, 0.005, 1.0, 20.0);
    CHECK(light.fps >= 59.5 && light.ticks < 1.01,
          "a 14 ms frame, 5 ms late once a second: 60 fps, one tick a frame");
    CHECK_NEAR(light.simulated, 1.0, 0.01, "simulated time follows the wall clock");

    run steady = simulate(0.002, 0.008, 0.0, 1.0, 20.0);
    CHECK(steady.fps >= 59.5 && steady.fps <= 60.1, "a 10 ms frame: 60 fps");

    run heavy = simulate(0.004, 0.026, 0.0, 1.0, 20.0);
    CHECK(heavy.fps > 25.0 && heavy.fps < 40.0 && heavy.ticks > 1.5,
          "a 30 ms frame: fewer pictures, more ticks each");
    CHECK_NEAR(heavy.simulated, 1.0, 0.01, "and simulated time still follows the wall clock");

    run slow = simulate(0.030, 0.010, 0.0, 1.0, 20.0);
    CHECK(slow.simulated < 0.6 && slow.fps > 10.0,
          "a tick slower than real time: slow motion (the backlog dropped), pictures go on");

    run half = simulate(0.004, 0.010, 0.0, 0.5, 20.0);
    CHECK_NEAR(half.simulated, 0.5, 0.01, "at half speed, half the simulated time");
    CHECK(half.fps >= 29.5 && half.fps <= 30.1, "and a picture a tick: 30 fps");
    return check_summary();
}
