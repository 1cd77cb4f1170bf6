/* step.c - the time step as a declared list of stages.
 *
 * lm_world_step reads like the source texts' TimeStep(): each sub-step runs
 * the stages below in order, every one handed the same lm_step record (the
 * sub-step's h, 1/h, start time, index and count), so none recomputes them:
 *
 *   pose the colliders -> remember the start -> integrate (forces, evaluated
 *   by force.c, handed to the integrator) -> remember the prediction -> note
 *   tunnels -> find particle pairs -> satisfy constraints and collisions by
 *   relaxation -> derive velocities -> respond to contacts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world.h"

/* ---------------------------------------------------------------- runs -- */

static bool push_run(lm_memory *memory, lm_run **runs, uint32_t *count, uint32_t *capacity,
                     uint32_t kind, uint32_t index) {
    if (*count > 0) {
        lm_run *last = &(*runs)[*count - 1];
        if (last->kind == kind && last->start + last->count == index) {
            last->count++;
            return true;
        }
    }
    if (*count == *capacity) {
        uint32_t next = *capacity ? *capacity * 2 : 8;
        lm_run *grown = lm_memory_resize_array(memory, *runs, next, sizeof *grown);
        if (!grown) {
            return false;
        }
        *runs = grown;
        *capacity = next;
    }
    lm_run run = {kind, index, 1};
    (*runs)[(*count)++] = run;
    return true;
}

/* Compacts the stores, sorts the sticks into exact groups and relaxed ones
 * (groups.c) and regroups the relaxed items into runs of one kind. */
static bool prepare(lm_world *world) {
    lm_store_compact(&world->constraints);
    lm_shapes_compact(world);
    lm_store_compact(&world->forces);
    lm_store_compact(&world->colliders);
    if (world->constraints.changed || !world->shake.built) {
        if (!lm_shake_build(world)) {
            return false;
        }
        world->constraint_run_count[0] = world->constraint_run_count[1] = 0;
        for (uint32_t i = 0; i < world->constraints.count; i++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, i);
            if (c->flags & LM_ITEM_EXACT) {
                continue; /* solved with its group (shake.c) */
            }
            int phase = lm_constraint_classes[c->solver]->phase;
            if (!push_run(world->memory, &world->constraint_runs[phase],
                          &world->constraint_run_count[phase],
                          &world->constraint_run_capacity[phase], c->solver, i)) {
                world->shake.built = false; /* the runs are made again next time */
                return false;
            }
        }
        world->constraints.changed = false;
        world->batches.built = false; /* regrouped when next needed */
    }
    if (world->def.order == LM_ORDER_BATCHED && !lm_batches_prepare(world)) {
        return false;
    }
    lm_particles *p = &world->particles;
    if (world->def.integrator != LM_INTEGRATOR_VERLET && !lm_particles_reserve_scratch(p)) {
        return false;
    }
    p->x0 = world->def.integrator == LM_INTEGRATOR_VERLET ? p->x_prev : p->x0_own;
    if (world->forces.changed) {
        world->force_run_count = 0;
        for (uint32_t i = 0; i < world->forces.count; i++) {
            const lm_force_item *f = lm_store_at(&world->forces, i);
            if (!push_run(world->memory, &world->force_runs, &world->force_run_count,
                          &world->force_run_capacity, f->kind, i)) {
                return false;
            }
        }
        world->forces.changed = false;
    }
    world->colliders.changed = false;
    if (world->def.tolerance > 0 && world->sweep_start_capacity < world->particles.count) {
        lm_vec3 *grown = lm_memory_resize_array(world->memory, world->sweep_start,
                                                world->particles.count, sizeof *grown);
        if (!grown) {
            return false;
        }
        world->sweep_start = grown;
        world->sweep_start_capacity = world->particles.count;
    }
    return true;
}

/* Largest distance any particle moved since start (Jakobsen: "measuring the
 * change from last iteration"). */
static double largest_move(const lm_world *world, const lm_vec3 *start) {
    const lm_particles *p = &world->particles;
    double largest = 0;
    for (uint32_t i = 0; i < p->count; i++) {
        lm_vec3 d = lm_sub(p->x[i], start[i]);
        largest = fmax(largest, lm_dot(d, d));
    }
    return sqrt(largest);
}

/* The collision pass: particles out of colliders, then sticks and faces
 * pushed out through their deepest points, particles out of other bodies,
 * embedded points out of colliders, each at the colliders' sub-step poses.
 * The one list of what "project collisions" means, used inside every sweep,
 * after the sweeps, and after friction moved particles along surfaces. */
static void (*const collision_passes[])(lm_world *world, const lm_step *step) = {
    lm_colliders_project, lm_edges_project,    lm_faces_project,
    lm_bodies_project,    lm_embedded_project,
};

static void collision_pass(lm_world *world, const lm_step *step) {
    for (size_t k = 0; k < sizeof collision_passes / sizeof collision_passes[0]; k++) {
        collision_passes[k](world, step);
    }
}

/* ------------------------------------------------------------ the stages -- */

/* The per-particle stages below run on the batched order's threads when
 * there are enough particles (lm_pool_for; each particle on its own: the
 * same bits on any number of threads). */
typedef struct particle_job {
    lm_particles *p;
    const lm_step *step;
    bool verlet;
} particle_job;

static void for_particles(lm_world *world, const lm_step *step, lm_range_fn fn) {
    particle_job job = {&world->particles, step, world->def.integrator == LM_INTEGRATOR_VERLET};
    lm_pool_for(world->batches.pool, world->particles.count, fn, &job);
}

static void start_range(void *context, uint32_t lo, uint32_t hi) {
    const particle_job *job = context;
    lm_particles *p = job->p;
    for (uint32_t i = lo; i < hi; i++) {
        if (!job->verlet) {
            p->x0[i] = p->x[i];
        }
        p->v0[i] = p->v[i];
        p->contact[i] = 0;
    }
}

/* The start of the sub-step: what the integrators, pins and friction measure
 * from. With Verlet, x0 is x_prev, which still holds the position before
 * the last sub-step: the integrator's update sets it to the start (and
 * nothing reads x0 before). */
static lm_status remember_start(lm_world *world, const lm_step *step) {
    for_particles(world, step, start_range);
    return LM_OK;
}

/* Forces (force.c) handed to the world's integrator (integrate.c). A failed
 * force callback leaves the world as it was before this sub-step. */
static lm_status integrate(lm_world *world, const lm_step *step) {
    lm_particles *p = &world->particles;
    lm_force_eval forces = lm_forces_of(world);
    if (lm_integrate(p, world->def.integrator, 1.0 - world->def.damping, step, &forces,
                     world->batches.pool) != 0) {
        /* Verlet evaluates once, before moving anything (and its x0 is not
         * the start yet): nothing to put back */
        if (world->def.integrator != LM_INTEGRATOR_VERLET) {
            for (uint32_t i = 0; i < p->count; i++) {
                p->x[i] = p->x0[i];
                p->v[i] = p->v0[i];
            }
        }
        return LM_ERROR_CALLBACK;
    }
    return LM_OK;
}

static void prediction_range(void *context, uint32_t lo, uint32_t hi) {
    const particle_job *job = context;
    lm_particles *p = job->p;
    if (job->verlet) {
        for (uint32_t i = lo; i < hi; i++) {
            p->sv[i] = lm_scale(lm_sub(p->x[i], p->x0[i]), job->step->inv_h);
        }
        return;
    }
    for (uint32_t i = lo; i < hi; i++) {
        p->x_integrated[i] = p->x[i];
        p->sv[i] = p->v[i];
    }
}

/* Whether anything reads Verlet's predicted velocity sv in this sub-step:
 * collider responses, restitution between particles, embedded points. */
static bool prediction_read(const lm_world *world) {
    return world->colliders.count > 0 || world->def.collide_particles ||
           world->collision.embedded_count > 0;
}

/* What the integrator predicted, before any constraint moved it: the
 * velocity-based integrators add the constraints' displacement to their own
 * velocity, and contacts read the arrival velocity (Verlet's, sv, only
 * when something reads it: a cloth alone never touches the array). */
static lm_status remember_prediction(lm_world *world, const lm_step *step) {
    if (world->def.integrator != LM_INTEGRATOR_VERLET || prediction_read(world)) {
        for_particles(world, step, prediction_range);
    }
    return LM_OK;
}

/* Out of memory after integrating: the particles go back to the start of
 * the sub-step (Verlet restarts from the velocity, as a fresh particle). */
static lm_status undo_substep(lm_world *world, const lm_step *step) {
    lm_particles *p = &world->particles;
    bool verlet = world->def.integrator == LM_INTEGRATOR_VERLET;
    for (uint32_t i = 0; i < p->count; i++) {
        p->x[i] = p->x0[i];
        p->v[i] = p->v0[i];
        if (verlet && p->inv_mass[i] > 0) {
            p->x_prev[i] = lm_mad(p->x0[i], p->v0[i], -step->h);
            p->fresh[i] = 1;
        }
    }
    world->collision.pair_count = 0;
    world->collision.bodies_ready = false;
    return LM_ERROR_MEMORY;
}

/* The colliders' poses for this sub-step (collider.c), written once: every
 * collision pass and the response read them from the items. */
static lm_status pose_colliders(lm_world *world, const lm_step *step) {
    lm_colliders_pose(world, step);
    return LM_OK;
}

/* A particle that moved farther in this sub-step than a thin collider is
 * thick, clean through it (tunnel.c): noted for lm_world_find_tunnel. The
 * move is the integrator's, x0 to the prediction. */
static lm_status note_tunnels(lm_world *world, const lm_step *step) {
    if (world->colliders.count > 0) {
        lm_tunnel_note(world, step);
    }
    return LM_OK;
}

static lm_status find_pairs(lm_world *world, const lm_step *step) {
    if (!lm_contact_find_pairs(world) || !lm_bodies_find(world)) {
        return undo_substep(world, step);
    }
    return LM_OK;
}

/* Bounces at the moment of impact inside the sub-step, against colliders
 * (impact.c), then between particles (impact_pairs.c), before the
 * constraints see the prediction. */
static lm_status find_impacts(lm_world *world, const lm_step *step) {
    if (world->colliders.count > 0) {
        lm_impacts_find(world, step);
    }
    if (world->collision.pair_count > 0) {
        lm_impacts_pairs(world, step);
    }
    return LM_OK;
}

/* The caller's interrupt (lm_world_set_interrupt), asked before each sweep;
 * once it said stop, the step does no more sweeps. */
static bool interrupted(lm_world *world) {
    if (!world->interrupted && world->interrupt &&
        world->interrupt(world->interrupt_context) != 0) {
        world->interrupted = true;
    }
    return world->interrupted;
}

/* Sweeps of a pure batched sub-step (sticks and pins only, relax.c), in
 * chunks of about LM_INTERRUPT_WORK projections when an interrupt is set so
 * that it is asked often enough (the chunks give the same bits: the arrays
 * are copied out and back exactly). */
#define LM_INTERRUPT_WORK (1u << 22)
static int pure_batched_sweeps(lm_world *world, const lm_step *step) {
    int sweeps = world->def.iterations;
    if (!world->interrupt) {
        return lm_batches_sweeps(world, step, sweeps);
    }
    uint64_t per_sweep = (uint64_t)world->constraints.count + 1;
    int chunk = per_sweep >= LM_INTERRUPT_WORK ? 1 : (int)(LM_INTERRUPT_WORK / per_sweep);
    int done = 0;
    while (done < sweeps && !interrupted(world)) {
        done += lm_batches_sweeps(world, step, chunk < sweeps - done ? chunk : sweeps - done);
    }
    return done;
}

/* Once per sub-step before the first sweep, each relaxed kind's begin
 * (XPBD resets its multipliers). */
static void begin_constraints(lm_world *world, const lm_step *step) {
    for (int phase = 0; phase < 2; phase++) {
        for (uint32_t r = 0; r < world->constraint_run_count[phase]; r++) {
            const lm_run *run = &world->constraint_runs[phase][r];
            if (lm_constraint_classes[run->kind]->begin) {
                lm_constraint_item *items = lm_store_at(&world->constraints, run->start);
                lm_constraint_classes[run->kind]->begin(world, step, items, run->count);
            }
        }
    }
}

/* Whether a sweep has anything to relax: constraints other than the exact
 * sticks and the pins, colliders, particle pairs. Without, one sweep puts
 * the pins in place and the exact sticks take the sweeps their Newton
 * iterations need. Jakobsen's projection always sweeps `iterations` times. */
static bool relaxes(const lm_world *world) {
    return world->def.projection == LM_PROJECT_JAKOBSEN || world->constraint_run_count[0] > 0 ||
           world->colliders.count > 0 || world->collision.pair_count > 0 ||
           world->collision.embedded_count > 0;
}

/* The sticks of the exact groups (shake.c), after the sweep's other
 * projections: Newton's iterations until they are within the tolerance.
 * Newton converges quadratically near the solution; an error that no longer
 * halves after a few iterations (or a stick turned by about 90 degrees)
 * means SHAKE has no solution from this sub-step's start: then the sub-step
 * is done again in halves (substep()), or when it cannot be cut further,
 * finished by Jakobsen's sweeps (failed is set; the step reports it). */
static void solve_exact(lm_world *world, bool *failed, int *relax) {
    lm_shake *sh = &world->shake;
    if (*failed) {
        lm_shake_relax(world);
        return;
    }
    double last = INFINITY;
    for (int newton = 0;; newton++) {
        double worst = lm_shake_newton(world);
        if (worst >= 0 && worst < LM_SHAKE_TOLERANCE) {
            return; /* within the tolerance: nothing moved */
        }
        sh->newton = newton + 1 > sh->newton ? newton + 1 : sh->newton;
        if (worst >= 0 && worst < 1e-8) {
            return; /* quadratic convergence: this iteration brings it to about 1e-16 */
        }
        bool stalled = newton >= 3 && !(worst < 0.5 * last);
        last = worst;
        if (worst >= 0 && !stalled && newton + 1 < LM_SHAKE_NEWTON_MAX) {
            continue;
        }
        if (sh->can_split) {
            sh->split = true;
            return;
        }
        /* told once by the bindings (lm_world_solver_report) */
        if (!sh->unmet) {
            sh->unmet = true;
            sh->unmet_time = world->time;
            double jump, length;
            bool jumped = lm_shake_held_jump(world, &jump, &length) > LM_SHAKE_JUMP;
            sh->unmet_jump = jumped ? jump : 0;
            sh->unmet_length = jumped ? length : 0;
        }
        *failed = true;
        *relax += world->def.iterations;
        lm_shake_relax(world);
        return;
    }
}

/* Jakobsen's SatisfyConstraints(): every sweep projects collisions (colliders,
 * sticks against colliders, particle pairs), then the relaxed constraints in
 * creation order (Gauss-Seidel: each sees the positions the previous ones
 * left), then re-applies the pins, then (projection = "shake") solves the
 * exact sticks with the pinned particles in place. Contacts get the last
 * word: friction between particles, a pair pass and a final collision pass,
 * so no particle ends a step inside a collider and a resting pile stays at
 * rest. */
static lm_status satisfy_constraints(lm_world *world, const lm_step *step) {
    begin_constraints(world, step);
    bool exact = world->shake.rows > 0;
    if (exact) {
        lm_shake_begin(world);
    }
    double tolerance = world->def.tolerance;
    bool batched = world->def.order == LM_ORDER_BATCHED;
    int relax = relaxes(world) ? world->def.iterations : 1;
    int sweep = 0;
    bool failed = false;
    if (batched && !exact && lm_batches_pure(world)) {
        /* only sticks and pins: the sweeps stay in the batches' arrays */
        sweep = pure_batched_sweeps(world, step);
    }
    bool relaxed = sweep >= relax && !exact;
    while (!relaxed && !interrupted(world)) {
        if (tolerance > 0 && world->particles.count > 0) {
            memcpy(world->sweep_start, world->particles.x,
                   world->particles.count * sizeof(lm_vec3));
        }
        collision_pass(world, step);
        lm_contact_project(world);
        if (batched) {
            lm_batches_sweep(world); /* the plain sticks, batch by batch */
        }
        for (int phase = 0; phase < 2; phase++) {
            for (uint32_t r = 0; r < world->constraint_run_count[phase]; r++) {
                const lm_run *run = &world->constraint_runs[phase][r];
                if (batched && run->kind == LM_SOLVER_STICK) {
                    continue;
                }
                lm_constraint_item *items = lm_store_at(&world->constraints, run->start);
                lm_constraint_classes[run->kind]->solve(world, step, items, run->count);
            }
        }
        if (exact) {
            solve_exact(world, &failed, &relax);
            if (world->shake.split) {
                sweep++;
                break; /* the sub-step is done again in halves */
            }
        }
        sweep++;
        relaxed = sweep >= relax;
        if (tolerance > 0) {
            world->last_correction = largest_move(world, world->sweep_start);
            if (world->last_correction < tolerance) {
                relaxed = true; /* adaptive: this sweep changed (almost) nothing */
            }
        }
    }
    lm_contact_friction(world);
    lm_contact_project(world);
    collision_pass(world, step);
    world->sweeps += (uint64_t)sweep;
    world->projections += (uint64_t)world->constraints.count * (uint64_t)sweep;
    return LM_OK;
}

static void velocity_range(void *context, uint32_t lo, uint32_t hi) {
    const particle_job *job = context;
    lm_particles *p = job->p;
    double inv_h = job->step->inv_h;
    for (uint32_t i = lo; i < hi; i++) {
        if (p->inv_mass[i] == 0) {
            p->x_prev[i] = p->x0[i];
            continue;
        }
        if (job->verlet) {
            p->v[i] = lm_scale(lm_sub(p->x[i], p->x0[i]), inv_h);
        } else {
            p->v[i] = lm_mad(p->v[i], lm_sub(p->x[i], p->x_integrated[i]), inv_h);
            p->x_prev[i] = p->x0[i];
        }
    }
}

/* Velocities after the constraints moved particles. Verlet's velocity is
 * implicit: (x - x0) / h. The velocity-based integrators keep their own
 * velocity and add the constraints' displacement over h (so a particle no
 * constraint touched keeps exactly what the integrator computed). */
static lm_status derive_velocities(lm_world *world, const lm_step *step) {
    for_particles(world, step, velocity_range);
    for (uint32_t r = 0; r < world->constraint_run_count[1]; r++) {
        const lm_run *run = &world->constraint_runs[1][r];
        const lm_constraint_class *kind = lm_constraint_classes[run->kind];
        if (kind->fix_velocity) {
            kind->fix_velocity(world, step, lm_store_at(&world->constraints, run->start),
                               run->count);
        }
    }
    return LM_OK;
}

/* The exact sticks (shake.c) with a velocity-based integrator: RATTLE's
 * velocity pass (Verlet's velocity is its displacement, already
 * consistent); then every exact stick's tension from its multipliers. */
static lm_status rattle(lm_world *world, const lm_step *step) {
    if (world->shake.rows == 0) {
        return LM_OK;
    }
    if (world->def.integrator != LM_INTEGRATOR_VERLET) {
        lm_shake_velocities(world);
    }
    lm_shake_tensions(world, step);
    return LM_OK;
}

/* Restitution and friction for particles that touched a collider; friction
 * moves particles along surfaces, so the collision pass runs once more. */
static lm_status respond_to_contacts(lm_world *world, const lm_step *step) {
    if (world->colliders.count == 0) {
        return LM_OK; /* only colliders mark contacts: nothing to respond to */
    }
    if (lm_colliders_respond(world, step)) {
        collision_pass(world, step);
    }
    if (world->def.integrator == LM_INTEGRATOR_VERLET) {
        /* Contacts changed velocities: keep x_prev consistent with them. A
         * shape's response leaves the velocity at the end of the sub-step,
         * whose displacement over the next is v h + a h^2 / 2 (Verlet adds
         * a h^2 to x - x_prev). */
        lm_particles *p = &world->particles;
        for (uint32_t i = 0; i < p->count; i++) {
            if (p->contact[i] & LM_CONTACT_SHAPE) {
                lm_vec3 back = lm_mad(p->x[i], p->v[i], -step->h);
                p->x_prev[i] = lm_mad(back, p->f[i], 0.5 * step->h * step->h * p->inv_mass[i]);
            } else if (p->contact[i]) {
                p->x_prev[i] = lm_mad(p->x[i], p->v[i], -step->h);
            }
        }
    }
    return LM_OK;
}

/* Restitution between particles (bounce.c): after the collider response, so
 * a ball bounced off a wall can pass its bounce on. */
static lm_status bounce_particles(lm_world *world, const lm_step *step) {
    lm_contact_restitution(world, step);
    return LM_OK;
}

typedef struct lm_stage {
    const char *name;
    lm_status (*run)(lm_world *world, const lm_step *step);
} lm_stage;

/* One sub-step, in order. */
static const lm_stage substep_stages[] = {
    {"pose the colliders", pose_colliders},
    {"remember the start", remember_start},
    {"integrate", integrate},
    {"remember the prediction", remember_prediction},
    {"note tunnels", note_tunnels},
    {"find particle pairs", find_pairs},
    {"find impacts", find_impacts},
    {"satisfy constraints", satisfy_constraints},
    {"derive velocities", derive_velocities},
    {"rattle", rattle},
    {"respond to contacts", respond_to_contacts},
    {"bounce particles", bounce_particles},
};

/* Puts the particles back at the start of the sub-step, for doing it
 * again (Verlet restarts from the velocity, as a fresh particle). */
static void restart_substep(lm_world *world, double h) {
    lm_particles *p = &world->particles;
    bool verlet = world->def.integrator == LM_INTEGRATOR_VERLET;
    for (uint32_t i = 0; i < p->count; i++) {
        p->x[i] = p->x0[i];
        p->v[i] = p->v0[i];
        if (verlet && p->inv_mass[i] > 0) {
            p->x_prev[i] = lm_mad(p->x0[i], p->v0[i], -h);
            p->fresh[i] = 1;
        }
    }
    world->collision.pair_count = 0;
    world->collision.bodies_ready = false;
}

static lm_status substep(lm_world *world, const lm_step *step, int depth) {
    for (size_t s = 0; s < sizeof substep_stages / sizeof substep_stages[0]; s++) {
        world->shake.can_split = depth < LM_SHAKE_SPLITS;
        lm_status status = substep_stages[s].run(world, step);
        if (status != LM_OK) {
            return status;
        }
        if (world->shake.split) {
            /* SHAKE found no solution from this sub-step's start: two
             * halves, each starting from where the one before ended */
            world->shake.split = false;
            lm_step half = *step;
            half.h = 0.5 * step->h;
            half.inv_h = 2.0 * step->inv_h;
            half.count = 2 * step->count;
            restart_substep(world, half.h);
            int parts = 1 << (depth + 1);
            world->shake.parts = parts > world->shake.parts ? parts : world->shake.parts;
            for (int k = 0; k < 2; k++) {
                half.index = 2 * step->index + k;
                half.time = world->time;
                status = substep(world, &half, depth + 1);
                if (status != LM_OK) {
                    return status;
                }
            }
            return LM_OK;
        }
    }
    world->time += step->h;
    return LM_OK;
}

/* Lists the sticks that broke during the step, in creation order. */
static void list_broken(lm_world *world) {
    lm_store *store = &world->constraints;
    for (uint32_t i = 0; i < store->count; i++) {
        lm_constraint_item *c = lm_store_at(store, i);
        if (!(c->flags & LM_ITEM_JUST_BROKEN)) {
            continue;
        }
        c->flags &= ~(uint32_t)LM_ITEM_JUST_BROKEN;
        if (world->broken_count == world->broken_capacity) {
            uint32_t next = world->broken_capacity ? world->broken_capacity * 2 : 16;
            lm_constraint *grown =
                lm_memory_resize_array(world->memory, world->broken, next, sizeof *grown);
            if (!grown) {
                continue; /* still broken, just not listed */
            }
            world->broken = grown;
            world->broken_capacity = next;
        }
        world->broken[world->broken_count++] = lm_constraint_handle(world, store->item_slot[i]);
    }
    world->broke_in_step = 0;
}

lm_status lm_world_step(lm_world *world) {
    assert(!world->stepping && "lm_world_step called from inside a force callback");
    if (!prepare(world)) {
        return LM_ERROR_MEMORY;
    }
    lm_collision_begin_step(world);
    world->stepping = true;
    world->projections = 0;
    world->sweeps = 0;
    world->last_correction = 0;
    world->broken_count = 0;
    world->shake.unmet = false;
    world->shake.newton = 0;
    world->shake.parts = 1;
    lm_step step;
    step.h = lm_world_substep_length(world);
    step.inv_h = 1.0 / step.h;
    step.count = world->def.substeps;
    step.rest_speed = 2.0 * sqrt(lm_dot(world->def.gravity, world->def.gravity)) * step.h + 1e-6;
    lm_status status = LM_OK;
    world->interrupted = false;
    for (step.index = 0; step.index < step.count && status == LM_OK; step.index++) {
        step.time = world->time;
        status = substep(world, &step, 0);
        /* asked again between sub-steps; a sub-step it stopped was finished
         * without more sweeps */
        if (status == LM_OK &&
            (world->interrupted || (step.index + 1 < step.count && interrupted(world)))) {
            status = LM_ERROR_INTERRUPTED;
        }
    }
    world->stepping = false;
    if (world->broke_in_step > 0) {
        list_broken(world);
    }
    if (status == LM_OK) {
        world->steps++;
        lm_collision_end_step(world);
    }
    if (world->shake.relaxed_sticks > 0) {
        lm_shake_check_nets(world);
    }
    return status;
}
