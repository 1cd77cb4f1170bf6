/* collider.c - the collider API: lifecycle, materials, the per-particle
 * contact state and the contact queries. The geometry lives in geometry.c,
 * the projection passes in collider_project.c, the response in
 * collider_respond.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geometry.h"

/* ------------------------------------------------------------ lifecycle -- */

lm_collider_def lm_collider_default_def(void) {
    lm_collider_def def;
    memset(&def, 0, sizeof def);
    def.kind = LM_COLLIDER_WORLD_BOX;
    def.min = lm_v3(-1, -1, -1);
    def.max = lm_v3(1, 1, 1);
    def.static_friction = -1;
    def.rotation.w = 1;
    def.radius = 1;
    def.half_length = 0.5;
    def.half_extents = lm_v3(0.5, 0.5, 0.5);
    def.mask = UINT32_MAX;
    return def;
}

static void check_material(const lm_collider_def *def) {
    assert(def->restitution >= 0 && def->restitution <= 1 && def->friction >= 0);
    assert(isfinite(def->friction) && isfinite(def->static_friction));
    (void)def;
}

lm_collider lm_collider_create(lm_world *world, const lm_collider_def *def) {
    assert(!world->stepping);
    assert(def->kind < LM_COLLIDER_KIND_COUNT);
    check_material(def);
    if (def->kind == LM_COLLIDER_WORLD_BOX) {
        assert(def->min.x < def->max.x && def->min.y < def->max.y && def->min.z < def->max.z);
    }
    assert(def->kind != LM_COLLIDER_SPHERE || def->radius > 0);
    assert(def->kind != LM_COLLIDER_CAPSULE || (def->radius > 0 && def->half_length >= 0));
    assert(def->kind != LM_COLLIDER_BOX ||
           (def->half_extents.x > 0 && def->half_extents.y > 0 && def->half_extents.z > 0));
    lm_collider handle = {0, 0, 0};
    lm_collider_item *c = lm_store_add(&world->colliders, &handle.index1, &handle.generation);
    handle.world = lm_world_id(world);
    if (c) {
        c->def = *def;
        c->def.rotation = lm_quat_normalized(def->rotation);
        c->position_prev = c->def.position;
        c->rotation_prev = c->def.rotation;
    }
    return handle;
}

void lm_collider_destroy(lm_world *world, lm_collider collider) {
    assert(!world->stepping);
    assert(lm_collider_is_valid(world, collider) && "use of a removed collider");
    lm_store_remove(&world->colliders, collider.index1);
}

bool lm_collider_is_valid(const lm_world *world, lm_collider collider) {
    return lm_store_has(world, &world->colliders, lm_handle_of_collider(collider));
}

static lm_collider_item *get(const lm_world *world, lm_collider collider) {
    assert(lm_collider_is_valid(world, collider) && "use of a removed collider");
    return lm_store_get(&world->colliders, collider.index1);
}

lm_collider_def lm_collider_get_def(const lm_world *world, lm_collider collider) {
    return get(world, collider)->def;
}

void lm_collider_set_position(lm_world *world, lm_collider collider, lm_vec3 position) {
    lm_collider_item *c = get(world, collider);
    assert(c->def.kind != LM_COLLIDER_WORLD_BOX);
    c->def.position = position;
}

void lm_collider_set_rotation(lm_world *world, lm_collider collider, lm_quat rotation) {
    lm_collider_item *c = get(world, collider);
    assert(c->def.kind != LM_COLLIDER_WORLD_BOX);
    c->def.rotation = lm_quat_normalized(rotation);
}

void lm_collider_set_material(lm_world *world, lm_collider collider, const lm_collider_def *def) {
    check_material(def);
    lm_collider_item *c = get(world, collider);
    c->def.restitution = def->restitution;
    c->def.friction = def->friction;
    c->def.static_friction = def->static_friction;
    c->def.group = def->group;
    c->def.mask = def->mask;
}

double lm_collider_distance(const lm_world *world, lm_collider collider, lm_vec3 point) {
    lm_vec3 normal;
    return lm_free_distance(&get(world, collider)->def, point, &normal);
}

double lm_collider_triangle_depth(const lm_world *world, lm_collider collider, lm_vec3 a, lm_vec3 b,
                                  lm_vec3 c) {
    const lm_collider_def *d = &get(world, collider)->def;
    lm_vec3 x[3] = {a, b, c}, normal;
    if (d->container || d->kind == LM_COLLIDER_PLANE || d->kind == LM_COLLIDER_WORLD_BOX) {
        /* The free side is convex: the deepest point is a corner. */
        double least = INFINITY;
        for (int i = 0; i < 3; i++) {
            least = fmin(least, lm_free_distance(d, x[i], &normal));
        }
        return fmax(0.0, -least);
    }
    double w[3];
    lm_vec3 push;
    return fmax(0.0, -lm_deepest_on_triangle(d, x, lm_v3(0, 1, 0), w, &push));
}

/* ------------------------------------------------- per-particle state -- */

void lm_collision_free(lm_collision *c) {
    lm_pair_impacts_free(c);
    lm_memory *memory = c->memory;
    void *blocks[] = {c->pairs,        c->pair_push, c->cell_start, c->cell_items, c->cell,
                      c->sorted,       c->bucket,    c->cluster,    c->impact,     c->normal_basis,
                      c->normal_count, c->body_of,   c->embedded,   c->body_edges, c->hull_faces,
                      c->hull_first,   c->hull_count};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        lm_memory_free(memory, blocks[i]);
    }
    memset(c, 0, sizeof *c);
    c->memory = memory;
}

void lm_collision_begin_step(lm_world *world) {
    world->collision.tunnel_found = false;
}

/* The pose t of the way from the step's old pose to the script's new one:
 * positions linearly, rotations by normalised quaternion interpolation (the
 * shorter way round); t = 1 is exactly the pose the script set. */
static void pose_at(const lm_collider_item *c, double t, lm_vec3 *position, lm_quat *rotation) {
    if (t >= 1) {
        *position = c->def.position;
        *rotation = c->def.rotation;
        return;
    }
    if (t <= 0) {
        *position = c->position_prev;
        *rotation = c->rotation_prev;
        return;
    }
    *position = lm_add(c->position_prev, lm_scale(lm_sub(c->def.position, c->position_prev), t));
    lm_quat a = c->rotation_prev, b = c->def.rotation;
    double sign = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z < 0 ? -1.0 : 1.0;
    lm_quat q = {a.w + t * (sign * b.w - a.w), a.x + t * (sign * b.x - a.x),
                 a.y + t * (sign * b.y - a.y), a.z + t * (sign * b.z - a.z)};
    *rotation = lm_quat_normalized(q);
}

/* Sub-step k of n sees a kinematic collider (k + 1) / n of the way, so one
 * moved far in one frame sweeps through the sub-steps instead of jumping at
 * the first, and the last sub-step sees exactly the pose the script set. */
void lm_colliders_pose(lm_world *world, const lm_step *step) {
    for (uint32_t i = 0; i < world->colliders.count; i++) {
        lm_collider_item *c = lm_store_at(&world->colliders, i);
        c->pose = c->def;
        c->moving = c->def.kind != LM_COLLIDER_WORLD_BOX &&
                    (memcmp(&c->position_prev, &c->def.position, sizeof(lm_vec3)) != 0 ||
                     memcmp(&c->rotation_prev, &c->def.rotation, sizeof(lm_quat)) != 0);
        if (!c->moving) {
            c->start_position = c->def.position;
            c->start_rotation = c->def.rotation;
            continue;
        }
        pose_at(c, (double)(step->index + 1) / step->count, &c->pose.position, &c->pose.rotation);
        pose_at(c, (double)step->index / step->count, &c->start_position, &c->start_rotation);
    }
}

void lm_collision_end_step(lm_world *world) {
    for (uint32_t i = 0; i < world->colliders.count; i++) {
        lm_collider_item *c = lm_store_at(&world->colliders, i);
        c->position_prev = c->def.position;
        c->rotation_prev = c->def.rotation;
    }
}

void lm_particle_set_contact_material(lm_world *world, lm_particle particle, double friction,
                                      double restitution) {
    assert(isfinite(friction) && restitution <= 1);
    uint32_t slot = lm_particle_slot(world, particle);
    world->particles.friction[slot] = friction < 0 ? -1 : friction;
    world->particles.restitution[slot] = restitution < 0 ? -1 : restitution;
}

void lm_particle_contact_material(const lm_world *world, lm_particle particle, double *friction,
                                  double *restitution) {
    uint32_t slot = lm_particle_slot(world, particle);
    *friction = world->particles.friction[slot];
    *restitution = world->particles.restitution[slot];
}

void lm_particle_set_collision_mask(lm_world *world, lm_particle particle, uint32_t mask) {
    world->particles.collision_mask[lm_particle_slot(world, particle)] = mask;
}

uint32_t lm_particle_collision_mask(const lm_world *world, lm_particle particle) {
    return world->particles.collision_mask[lm_particle_slot(world, particle)];
}

/* -------------------------------------------------------------- queries -- */

/* The normal of a world-box contact, from the faces it was pushed off. */
static lm_vec3 box_contact_normal(uint8_t bits) {
    double n[3];
    for (int axis = 0; axis < 3; axis++) {
        uint8_t b = (uint8_t)((bits >> (2 * axis)) & 3);
        n[axis] = (b & 1) ? 1.0 : (b & 2) ? -1.0 : 0.0;
    }
    lm_vec3 v = lm_v3(n[0], n[1], n[2]);
    double len = lm_length(v);
    return len > 0 ? lm_scale(v, 1.0 / len) : v;
}

/* The collider a particle slot touched, or false. */
static bool slot_contact(const lm_world *world, uint32_t i, uint32_t *dense, lm_vec3 *normal) {
    const lm_particles *p = &world->particles;
    uint32_t k = p->contact_collider[i];
    if (!p->contact[i] || k >= world->colliders.count || !lm_store_alive(&world->colliders, k)) {
        return false;
    }
    const lm_collider_item *c = lm_store_at(&world->colliders, k);
    *dense = k;
    if (c->def.kind == LM_COLLIDER_WORLD_BOX && (p->contact[i] & 0x3fu)) {
        *normal = box_contact_normal(p->contact[i]);
    } else {
        *normal = world->particles.contact_normal[i];
    }
    return true;
}

bool lm_particle_contact(const lm_world *world, lm_particle particle, lm_collider *collider,
                         lm_vec3 *normal) {
    uint32_t i = lm_particle_slot(world, particle), dense;
    if (!slot_contact(world, i, &dense, normal)) {
        return false;
    }
    *collider = lm_collider_handle(world, world->colliders.item_slot[dense]);
    return true;
}

size_t lm_collider_contacts(const lm_world *world, lm_collider collider, lm_particle *out,
                            lm_vec3 *normals, size_t max) {
    assert(lm_collider_is_valid(world, collider) && "use of a removed collider");
    uint32_t want = world->colliders.slot_dense[collider.index1 - 1];
    size_t n = 0;
    for (uint32_t i = 0; i < world->particles.count; i++) {
        uint32_t dense;
        lm_vec3 normal;
        if (!world->particles.alive[i] || !slot_contact(world, i, &dense, &normal) ||
            dense != want) {
            continue;
        }
        if (n < max) {
            out[n] = lm_particle_handle(world, i);
            if (normals) {
                normals[n] = normal;
            }
        }
        n++;
    }
    return n;
}
