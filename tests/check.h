/* check.h - the smallest test harness: CHECK(cond, ...) and CHECK_NEAR.
 * Each check prints "ok - name" or "not ok - name (details)"; check_summary()
 * prints "N passed, N failed" and returns the exit status. */
#ifndef LOOM_CHECK_H
#define LOOM_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_passed, check_failed;

static void check_report(int ok, const char *file, int line, const char *name, const char *detail) {
    if (ok) {
        check_passed++;
        printf("ok - %s\n", name);
    } else {
        check_failed++;
        printf("not ok - %s (%s:%d%s%s)\n", name, file, line, detail[0] ? ": " : "", detail);
    }
}

#define CHECK(cond, name) check_report(!!(cond), __FILE__, __LINE__, name, #cond)

#define CHECK_NEAR(actual, expected, tolerance, name)                                              \
    do {                                                                                           \
        double a_ = (actual), e_ = (expected), t_ = (tolerance);                                   \
        char d_[160];                                                                              \
        snprintf(d_, sizeof d_, "got %.9g, expected %.9g +- %.3g", a_, e_, t_);                    \
        check_report(fabs(a_ - e_) <= t_, __FILE__, __LINE__, name, d_);                           \
    } while (0)

static int check_summary(void) {
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
