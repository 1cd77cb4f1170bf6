/*
 * camera.c - choosing a camera that frames a world.
 *
 * Flat scenes (every particle at the same z) get an orthographic view straight
 * down -z; anything else a perspective view from yaw 30, pitch 20 whose
 * distance is found by bisection so that the eight corners of the world's
 * bounding box land inside the picture with a margin.
 */
#include "render.h"

#include <math.h>

/* Fraction of the picture the scene may fill (the rest is margin). */
#define FIT_FILL 0.87
#define DEGREES  (3.14159265358979323846 / 180.0)
/* Relative z extent under which a scene counts as flat. */
#define FLAT_TOLERANCE 1e-9

static double max2(double a, double b) {
    return a > b ? a : b;
}

static bool finite3(lm_vec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

/* Widens [*zmin, *zmax] to the z of the world's particle centres.
 * (lm_world_bounds includes radii and colliders, which always have depth: a
 * world box must have min < max on every axis, even in a 2D scene.) */
static void particle_z_range(const lm_world *world, double *zmin, double *zmax) {
    uint32_t slots = lm_world_particle_slots(world);
    for (uint32_t slot = 0; slot < slots; slot++) {
        lm_particle particle = lm_world_particle_in_slot(world, slot);
        if (particle.index1 == 0)
            continue;
        double z = lm_particle_position(world, particle).z;
        if (z < *zmin)
            *zmin = z;
        if (z > *zmax)
            *zmax = z;
    }
}

static lm_vec3 sub(lm_vec3 a, lm_vec3 b) {
    return (lm_vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

static double dot(lm_vec3 a, lm_vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

lr_camera_frame lr_camera_frame_of(const lr_camera *camera) {
    lr_camera_frame f;
    f.height = camera->height > 0.0 && isfinite(camera->height) ? camera->height : 1.0;
    f.fov = camera->fov >= 1.0 && camera->fov <= 179.0 ? camera->fov : 40.0;
    f.yaw = isfinite(camera->yaw) ? camera->yaw * DEGREES : 0.0;
    f.pitch = isfinite(camera->pitch) ? camera->pitch * DEGREES : 0.0;
    f.target = finite3(camera->target) ? camera->target : (lm_vec3){0.0, 0.0, 0.0};
    double cy = cos(f.yaw), sy = sin(f.yaw), cp = cos(f.pitch), sp = sin(f.pitch);
    f.forward = (lm_vec3){sy * cp, -sp, -cy * cp};
    f.right = (lm_vec3){cy, 0.0, sy};
    f.up = (lm_vec3){f.right.y * f.forward.z - f.right.z * f.forward.y,
                     f.right.z * f.forward.x - f.right.x * f.forward.z,
                     f.right.x * f.forward.y - f.right.y * f.forward.x};
    return f;
}

/* Whether all eight corners fit a perspective view of the given height. */
static bool corners_fit(const lm_vec3 corners[8], lm_vec3 target, const lr_camera_frame *b,
                        double height, double tan_half_fov, double aspect) {
    double distance = 0.5 * height / tan_half_fov;
    for (int i = 0; i < 8; i++) {
        lm_vec3 q = sub(corners[i], target);
        double z = distance + dot(q, b->forward);
        if (z < 0.05 * distance)
            return false;
        double sx = dot(q, b->right) / (z * tan_half_fov * aspect);
        double sy = dot(q, b->up) / (z * tan_half_fov);
        if (fabs(sx) > FIT_FILL || fabs(sy) > FIT_FILL)
            return false;
    }
    return true;
}

lr_camera lr_camera_fit(const lm_world *world, double aspect) {
    return lr_camera_fit_worlds(&world, 1, aspect);
}

lr_camera lr_camera_fit_worlds(const lm_world *const *worlds, int count, double aspect) {
    lr_camera camera = {
        .projection = LR_PROJECTION_ORTHOGRAPHIC,
        .target = {0.0, 0.0, 0.0},
        .yaw = 0.0,
        .pitch = 0.0,
        .height = 10.0,
        .fov = 40.0,
    };
    if (!(aspect > 0.0) || !isfinite(aspect))
        aspect = 16.0 / 9.0;

    /* The box around every world's bounds, and the z range of every
     * world's particles. */
    lm_vec3 min = {INFINITY, INFINITY, INFINITY}, max = {-INFINITY, -INFINITY, -INFINITY};
    double zmin = INFINITY, zmax = -INFINITY;
    for (int i = 0; i < count; i++) {
        lm_vec3 low, high;
        if (!worlds[i] || !lm_world_reach_bounds(worlds[i], &low, &high) || !finite3(low) ||
            !finite3(high))
            continue;
        min = (lm_vec3){fmin(min.x, low.x), fmin(min.y, low.y), fmin(min.z, low.z)};
        max = (lm_vec3){fmax(max.x, high.x), fmax(max.y, high.y), fmax(max.z, high.z)};
        particle_z_range(worlds[i], &zmin, &zmax);
    }
    if (!(min.x <= max.x))
        return camera;
    lm_vec3 extent = sub(max, min);
    lm_vec3 centre = {0.5 * (min.x + max.x), 0.5 * (min.y + max.y), 0.5 * (min.z + max.z)};
    double xy_extent = max2(extent.x, extent.y);
    double z_extent = zmax >= zmin ? zmax - zmin : extent.z;
    camera.target = centre;

    if (z_extent <= FLAT_TOLERANCE * xy_extent) {
        double height = max2(extent.y, extent.x / aspect) / FIT_FILL;
        camera.height = height > 1e-9 ? height : 1.0;
        return camera;
    }

    camera.projection = LR_PROJECTION_PERSPECTIVE;
    camera.yaw = 30.0;
    camera.pitch = 20.0;
    lr_camera_frame b = lr_camera_frame_of(&camera);
    double tan_half_fov = tan(0.5 * camera.fov * DEGREES);
    lm_vec3 corners[8];
    for (int i = 0; i < 8; i++)
        corners[i] = (lm_vec3){i & 1 ? max.x : min.x, i & 2 ? max.y : min.y, i & 4 ? max.z : min.z};

    /* The picture height that just fits is found by bisection: a larger
     * height moves the eye back, which only ever shrinks the projection. */
    double size = max2(xy_extent, extent.z);
    if (!(size > 1e-9))
        size = 1.0;
    double low = 0.0, high = size;
    for (int i = 0; i < 64 && !corners_fit(corners, centre, &b, high, tan_half_fov, aspect); i++) {
        low = high;
        high *= 2.0;
    }
    for (int i = 0; i < 60; i++) {
        double middle = 0.5 * (low + high);
        if (corners_fit(corners, centre, &b, middle, tan_half_fov, aspect))
            high = middle;
        else
            low = middle;
    }
    camera.height = high;
    return camera;
}
