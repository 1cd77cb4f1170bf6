/* vec3.h - the engine's inline vector arithmetic (lm_vec3 is loom.h's).
 * Only the engine's own files include it */
#ifndef LOOM_VEC3_H
#define LOOM_VEC3_H

#include <math.h>

#include "loom.h"

static inline lm_vec3 lm_v3(double x, double y, double z) {
    lm_vec3 r = {x, y, z};
    return r;
}
static inline lm_vec3 lm_add(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}
static inline lm_vec3 lm_sub(lm_vec3 a, lm_vec3 b) {
    return lm_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}
static inline lm_vec3 lm_scale(lm_vec3 a, double s) {
    return lm_v3(a.x * s, a.y * s, a.z * s);
}
static inline double lm_dot(lm_vec3 a, lm_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
/* fmin and fmax without a call through the PLT in hot loops: the same value
 * as libm's for every input (the smaller or larger; a NaN argument gives the
 * other one; for -0 and +0, the second argument, as x86-64's minsd/maxsd). */
static inline double lm_fmin(double x, double y) {
    return (isless(x, y) || isnan(y)) ? x : y;
}
static inline double lm_fmax(double x, double y) {
    return (isgreater(x, y) || isnan(y)) ? x : y;
}
/* a + b * s */
static inline lm_vec3 lm_mad(lm_vec3 a, lm_vec3 b, double s) {
    return lm_v3(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s);
}

#endif
