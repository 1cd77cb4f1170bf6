/* shake.c - SHAKE and RATTLE solved exactly: the sticks of projection =
 * "shake" (the default) keep their length, and the energy of what swings,
 * spins or orbits through them stays bounded.
 *
 * Jakobsen's projection moves a stick's ends along its current direction.
 * That is first-order in energy: a pendulum at 60 Hz loses most of its
 * swing in ten seconds. SHAKE (Ryckaert, Ciccotti and Berendsen 1977) moves
 * them along the direction the stick had at the start of the sub-step, r0,
 * by multipliers lambda that make every stick exactly its length at once:
 *
 *     x_a += w_a lambda r0,  x_b -= w_b lambda r0   (w: inverse mass)
 *     g(lambda) = d.d - L^2 = 0 for every stick,   d = x_b - x_a.
 *
 * With position Verlet this is the constrained Verlet scheme, symplectic:
 * the energy error stays bounded, with no drift. The sticks of a group share
 * particles, so their multipliers are coupled; solving them one stick at a
 * time (Gauss-Seidel, what loom did before) converges slowly along a chain
 * and not at all in a net. Here they are found by Newton's method on all of
 * them together: each iteration solves A dlambda = -g with
 *
 *     A_cj = dg_c / dlambda_j = -2 sum over the particles e that sticks c
 *            and j share of s_c(e) s_j(e) w_e (d_c . r0_j)
 *
 * (s = +1 at a stick's first end, -1 at its second), factorised by sparse.c
 * in the order groups.c chose: linear time for chains and trees. Newton
 * converges quadratically: three or four iterations reach the tolerance
 * (1e-10) from one sub-step's motion. A rope takes part while it is at one of
 * its bounds and pulls (pushes, at its minimum): a multiplier that would
 * change sign lets it go slack.
 *
 * The velocity-based integrators then get RATTLE's second half (Andersen
 * 1983): the relative velocity along every stick is removed, B mu = -J v
 * with B_cj = -sum s_c s_j w_e (d_c . d_j), the same pattern, solved the same
 * way. Verlet's velocity is its displacement, already consistent.
 *
 * The multipliers give each stick's tension: the move w lambda r0 is what a
 * force lambda r0 / h^2 does in a sub-step h, and RATTLE's impulse mu d
 * adds mu |d| / h. */
#include <math.h>
#include <string.h>

#include "constraint.h"
#include "shake.h"

static const char *const projection_names[LM_PROJECT_METHOD_COUNT + 1] = {
    [LM_PROJECT_JAKOBSEN] = "jakobsen",
    [LM_PROJECT_SHAKE] = "shake",
    [LM_PROJECT_METHOD_COUNT] = NULL,
};

const char *lm_projection_method_name(lm_projection_method projection) {
    assert(projection < LM_PROJECT_METHOD_COUNT);
    return projection_names[projection];
}

const char *const *lm_projection_method_names(void) {
    return projection_names;
}

/* active: which bound a rope is held at */
enum { FREE = 0, AT_MAX = 1, AT_MIN = 2 };

static const lm_constraint_item *row_item(const lm_world *world, uint32_t row) {
    return lm_store_at(&world->constraints, world->shake.item[row]);
}

static void bounds(const lm_world *world, const lm_constraint_item *c, double *min, double *max) {
    bool exact = lm_constraint_classes[c->solver]->exact(world, c, min, max);
    assert(exact);
    (void)exact;
}

/* How far a row's stick r0 is outside its bounds (m). */
static double start_off(lm_vec3 r0, double min, double max) {
    double start = sqrt(lm_dot(r0, r0));
    return start > max ? start - max : start < min ? min - start : 0;
}

void lm_shake_begin(lm_world *world) {
    lm_shake *sh = &world->shake;
    const lm_vec3 *x0 = world->particles.x0;
    for (uint32_t k = 0; k < sh->rows; k++) {
        const lm_constraint_item *c = row_item(world, k);
        sh->r0[k] = lm_sub(x0[c->particle[1]], x0[c->particle[0]]);
        sh->lambda[k] = 0;
        sh->mu[k] = 0;
        sh->active[k] = FREE;
        if (world->particles.solve_w[c->particle[0]] == 0 ||
            world->particles.solve_w[c->particle[1]] == 0) {
            double min, max;
            bounds(world, c, &min, &max);
            double off = start_off(sh->r0[k], min, max);
            if (max > 0 && off > LM_SHAKE_JUMP * max &&
                (sh->jump_time != world->time || off / max > sh->jump / sh->jump_length)) {
                sh->jump = off;
                sh->jump_length = max;
                sh->jump_time = world->time;
            }
        }
    }
}

/* The bound the row is held at now (its length, and active), from where it
 * is and which way its multiplier pulls. */
static double target(lm_shake *sh, uint32_t k, double min, double max, double d2) {
    if (min >= max || d2 > max * max) {
        sh->active[k] = AT_MAX;
    } else if (d2 < min * min) {
        sh->active[k] = AT_MIN;
    } else if (sh->lambda[k] > 0) {
        sh->active[k] = AT_MAX; /* pulled to its maximum in an earlier iteration */
    } else if (sh->lambda[k] < 0 && min > 0) {
        sh->active[k] = AT_MIN;
    } else {
        sh->active[k] = FREE;
    }
    return sh->active[k] == AT_MIN ? min : max;
}

/* Adds, site by site, coefficient x w_e s_c s_j (u_c . v_j) to every pair
 * of active rows c, j sharing particle e; inactive rows get a 1 on the
 * diagonal (their unknown stays 0). */
static void assemble(lm_world *world, const lm_vec3 *u, const lm_vec3 *v, double coefficient) {
    lm_shake *sh = &world->shake;
    lm_sparse *m = &sh->matrix;
    const double *w = world->particles.solve_w;
    memset(m->value, 0, m->row_start[m->n] * sizeof *m->value);
    uint32_t q = 0;
    for (uint32_t s = 0; s < sh->sites; s++) {
        uint32_t first = sh->site_start[s], end = sh->site_start[s + 1];
        double we = coefficient * w[sh->site_particle[s]];
        for (uint32_t x = first; x < end; x++) {
            uint32_t c = sh->incidence[x] & ~LM_SHAKE_SECOND_END;
            double sc = sh->incidence[x] & LM_SHAKE_SECOND_END ? -we : we;
            for (uint32_t y = first; y < end; y++, q++) {
                uint32_t j = sh->incidence[y] & ~LM_SHAKE_SECOND_END;
                if (sh->active[c] == FREE || sh->active[j] == FREE) {
                    continue;
                }
                double sj = sh->incidence[y] & LM_SHAKE_SECOND_END ? -1.0 : 1.0;
                m->value[sh->pair[q]] += sc * sj * lm_dot(u[c], v[j]);
            }
        }
    }
    for (uint32_t k = 0; k < sh->rows; k++) {
        if (sh->active[k] == FREE) {
            m->value[m->diagonal[k]] = 1;
        }
    }
}

/* Moves the particles by scale x the step each row holds in rhs (x_a +=
 * w_a step r0, x_b -= w_b step r0) and adds it to the multipliers. */
static void move(lm_world *world, double scale) {
    lm_shake *sh = &world->shake;
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    for (uint32_t k = 0; k < sh->rows; k++) {
        double step = scale * sh->rhs[k];
        if (step == 0) {
            continue;
        }
        const lm_constraint_item *c = row_item(world, k);
        uint32_t a = c->particle[0], b = c->particle[1];
        x[a] = lm_mad(x[a], sh->r0[k], w[a] * step);
        x[b] = lm_mad(x[b], sh->r0[k], -w[b] * step);
        sh->lambda[k] += step;
    }
}

/* The sum of the squared relative errors (d.d - L^2) / L^2 of the rows held
 * at a bound (their bound as found by the last lm_shake_newton). */
static double squared_error(const lm_world *world) {
    const lm_shake *sh = &world->shake;
    const lm_vec3 *x = world->particles.x;
    double sum = 0;
    for (uint32_t k = 0; k < sh->rows; k++) {
        if (sh->active[k] == FREE) {
            continue;
        }
        const lm_constraint_item *c = row_item(world, k);
        double min, max;
        bounds(world, c, &min, &max);
        double length = sh->active[k] == AT_MIN ? min : max, l2 = length * length;
        lm_vec3 d = lm_sub(x[c->particle[1]], x[c->particle[0]]);
        double e = (lm_dot(d, d) - l2) / l2;
        sum += e * e;
    }
    return sum;
}

double lm_shake_newton(lm_world *world) {
    lm_shake *sh = &world->shake;
    lm_particles *p = &world->particles;
    double worst = 0, before = 0;
    for (uint32_t k = 0; k < sh->rows; k++) {
        const lm_constraint_item *c = row_item(world, k);
        double min, max;
        bounds(world, c, &min, &max);
        sh->d[k] = lm_sub(p->x[c->particle[1]], p->x[c->particle[0]]);
        double d2 = lm_dot(sh->d[k], sh->d[k]);
        double length = target(sh, k, min, max, d2), l2 = length * length;
        sh->rhs[k] = 0;
        if (sh->active[k] == FREE) {
            continue;
        }
        double r2 = lm_dot(sh->r0[k], sh->r0[k]);
        /* SHAKE's direction must still point along the stick: not when it
         * turned by about 90 degrees within the sub-step */
        if (!(lm_dot(sh->d[k], sh->r0[k]) > 0.05 * sqrt(d2 * r2)) || !(l2 > 0)) {
            return -1;
        }
        double g = d2 - l2;
        sh->rhs[k] = -g;
        worst = fmax(worst, fabs(g) / l2);
        before += (g / l2) * (g / l2);
    }
    if (isnan(worst)) {
        return -1;
    }
    if (worst < LM_SHAKE_TOLERANCE) {
        return worst; /* converged */
    }
    assemble(world, sh->d, sh->r0, -2.0);
    lm_sparse_factor(&sh->matrix);
    lm_sparse_solve(&sh->matrix, sh->rhs);
    for (uint32_t k = 0; k < sh->rows; k++) {
        const lm_constraint_item *c = row_item(world, k);
        double min, max;
        bounds(world, c, &min, &max);
        /* a rope only pulls at its maximum and pushes at its minimum: let it
         * go slack instead of changing sign (a stick does both) */
        if (min < max && sh->active[k] == AT_MAX && sh->lambda[k] + sh->rhs[k] < 0) {
            sh->rhs[k] = -sh->lambda[k];
        } else if (min < max && sh->active[k] == AT_MIN && sh->lambda[k] + sh->rhs[k] > 0) {
            sh->rhs[k] = -sh->lambda[k];
        }
    }
    /* Newton's full step, or (far from the solution, where the sticks' turn
     * makes the linear model poor) the largest of 1/2, 1/4, ... of it that
     * makes the squared error smaller: a backtracking line search, so an
     * iteration never makes matters worse. */
    double scale = 1, done = 0;
    for (int halving = 0; halving < 12; halving++, scale *= 0.5) {
        move(world, scale - done);
        done = scale;
        if (squared_error(world) <= (1 - 1e-4 * scale) * before) {
            break;
        }
    }
    return worst;
}

double lm_shake_held_jump(const lm_world *world, double *jump, double *length) {
    const lm_shake *sh = &world->shake;
    const lm_particles *p = &world->particles;
    double worst = 0;
    *jump = 0;
    *length = 0;
    for (uint32_t k = 0; k < sh->rows; k++) {
        const lm_constraint_item *c = row_item(world, k);
        double min, max;
        bounds(world, c, &min, &max);
        for (int e = 0; e < 2; e++) {
            uint32_t s = c->particle[e];
            if (p->solve_w[s] != 0 || !(max > 0)) {
                continue;
            }
            lm_vec3 move = lm_sub(p->x[s], p->x0[s]);
            double moved = sqrt(lm_dot(move, move));
            if (moved / max > worst) {
                worst = moved / max;
                *jump = moved;
                *length = max;
            }
        }
    }
    /* a jump between steps, seen at the start of a sub-step of the last step */
    if (sh->jump > 0 && world->time - sh->jump_time <= world->def.time_step * (1 + 1e-9) &&
        sh->jump / sh->jump_length > worst) {
        worst = sh->jump / sh->jump_length;
        *jump = sh->jump;
        *length = sh->jump_length;
    }
    return worst;
}

void lm_shake_relax(lm_world *world) {
    lm_shake *sh = &world->shake;
    lm_vec3 *x = world->particles.x;
    const double *w = world->particles.solve_w;
    for (uint32_t k = 0; k < sh->rows; k++) {
        const lm_constraint_item *c = row_item(world, k);
        uint32_t a = c->particle[0], b = c->particle[1];
        double min, max;
        bounds(world, c, &min, &max);
        lm_vec3 delta = lm_sub(x[b], x[a]);
        double length = sqrt(lm_dot(delta, delta));
        double error = length > max ? length - max : length < min ? length - min : 0;
        if (error != 0 && length > 1e-12) {
            lm_stick_correct(x, w, a, b, delta, error / (length * (w[a] + w[b])));
        }
    }
}

void lm_shake_velocities(lm_world *world) {
    lm_shake *sh = &world->shake;
    lm_particles *p = &world->particles;
    const double *w = p->solve_w;
    if (sh->rows == 0) {
        return;
    }
    for (uint32_t k = 0; k < sh->rows; k++) {
        const lm_constraint_item *c = row_item(world, k);
        sh->d[k] = lm_sub(p->x[c->particle[1]], p->x[c->particle[0]]);
        sh->mu[k] = 0;
    }
    /* A rope held at a bound may leave it: its velocity multiplier must
     * pull (at its maximum) or push (at its minimum); one with the wrong
     * sign goes free and the rest are solved again (each pass frees at
     * least one, so the rows bound the passes). */
    for (uint32_t pass = 0; pass <= sh->rows; pass++) {
        for (uint32_t k = 0; k < sh->rows; k++) {
            const lm_constraint_item *c = row_item(world, k);
            lm_vec3 dv = lm_sub(p->v[c->particle[1]], p->v[c->particle[0]]);
            sh->rhs[k] = sh->active[k] == FREE ? 0 : -lm_dot(sh->d[k], dv);
        }
        assemble(world, sh->d, sh->d, -1.0);
        lm_sparse_factor(&sh->matrix);
        lm_sparse_solve(&sh->matrix, sh->rhs);
        bool freed = false;
        for (uint32_t k = 0; k < sh->rows; k++) {
            if ((sh->active[k] == AT_MAX && sh->rhs[k] < 0) ||
                (sh->active[k] == AT_MIN && sh->rhs[k] > 0)) {
                double min, max;
                bounds(world, row_item(world, k), &min, &max);
                if (min < max) {
                    sh->active[k] = FREE;
                    freed = true;
                }
            }
        }
        if (!freed) {
            break;
        }
    }
    for (uint32_t k = 0; k < sh->rows; k++) {
        double mu = sh->active[k] == FREE ? 0 : sh->rhs[k];
        if (mu == 0) {
            continue;
        }
        const lm_constraint_item *c = row_item(world, k);
        uint32_t a = c->particle[0], b = c->particle[1];
        p->v[a] = lm_mad(p->v[a], sh->d[k], w[a] * mu);
        p->v[b] = lm_mad(p->v[b], sh->d[k], -w[b] * mu);
        sh->mu[k] = mu;
    }
}

void lm_shake_tensions(lm_world *world, const lm_step *step) {
    lm_shake *sh = &world->shake;
    for (uint32_t k = 0; k < sh->rows; k++) {
        double r0 = sqrt(lm_dot(sh->r0[k], sh->r0[k]));
        double d = sqrt(lm_dot(sh->d[k], sh->d[k]));
        sh->tension[k] = (sh->lambda[k] * r0 * step->inv_h + sh->mu[k] * d) * step->inv_h;
    }
}

void lm_shake_check_nets(lm_world *world) {
    lm_shake *sh = &world->shake;
    const lm_vec3 *x = world->particles.x;
    sh->net_error = 0;
    sh->net_sticks = 0;
    for (uint32_t g = 0; g < sh->relaxed_groups; g++) {
        double worst = 0;
        for (uint32_t k = sh->relaxed_start[g]; k < sh->relaxed_start[g + 1]; k++) {
            const lm_constraint_item *c = lm_store_at(&world->constraints, sh->relaxed_item[k]);
            double min, max;
            bounds(world, c, &min, &max);
            lm_vec3 d = lm_sub(x[c->particle[1]], x[c->particle[0]]);
            double length = sqrt(lm_dot(d, d));
            double error = length > max ? length / max - 1 : length < min ? 1 - length / min : 0;
            worst = fmax(worst, error);
        }
        if (worst > sh->net_error) {
            sh->net_error = worst;
            sh->net_sticks = sh->relaxed_start[g + 1] - sh->relaxed_start[g];
        }
    }
}

bool lm_constraint_force(const lm_world *world, lm_constraint constraint, double *tension) {
    assert(lm_constraint_is_valid(world, constraint) && "use of a removed constraint");
    const lm_store *store = &world->constraints;
    uint32_t dense = store->slot_dense[constraint.index1 - 1];
    const lm_constraint_item *c = lm_store_at(store, dense);
    const lm_shake *sh = &world->shake;
    if (world->steps == 0) {
        return false;
    }
    if ((c->flags & LM_ITEM_EXACT) && dense < sh->row_of_count && sh->row_of[dense] != UINT32_MAX) {
        *tension = sh->tension[sh->row_of[dense]];
        return true;
    }
    const lm_constraint_class *kind = lm_constraint_classes[c->solver];
    return kind->tension != NULL && kind->tension(world, c, tension);
}
