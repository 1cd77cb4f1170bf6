/* shake.h - the sticks solved exactly (projection = "shake", the default):
 * which they are (groups.c) and their solve (shake.c). Only the engine's
 * own files include it. */
#ifndef LOOM_SHAKE_H
#define LOOM_SHAKE_H

#include <stdbool.h>
#include <stdint.h>

#include "loom.h"
#include "sparse.h"

struct lm_memory;
struct lm_step;

/* SHAKE's Newton iterations stop once every stick's relative error
 * |d.d - L^2| / L^2 is below LM_SHAKE_TOLERANCE (|length - L| / L below
 * half of it). */
#define LM_SHAKE_TOLERANCE 1e-10
/* A sub-step whose sticks are not within the tolerance after this many
 * Newton iterations, or whose error stops halving after three, is done again
 * as two halves (SHAKE finds no solution along the sticks' directions at its
 * start: the sub-step asks too much of them, a chain hanging taut or turning
 * fast), up to LM_SHAKE_SPLITS times (loom.h); past that it is finished by
 * Jakobsen's sweeps and the step reports it. */
#define LM_SHAKE_NEWTON_MAX 12
/* A group of sticks is solved exactly when its factorisation costs at most
 * this many multiply-adds per stick, plus LM_SHAKE_WORK_BASE: chains and
 * trees cost a few, a tetrahedron or a ring a few more; a cloth's net of
 * thousands of closed loops costs thousands per stick and is relaxed. */
#define LM_SHAKE_WORK_PER_STICK 64.0
#define LM_SHAKE_WORK_BASE      4096.0

typedef struct lm_shake {
    bool built;       /* matches the constraints and which particles move */
    uint32_t rows;    /* sticks solved exactly, in elimination order */
    uint32_t *item;   /* row -> dense index of its constraint */
    uint32_t *row_of; /* dense index -> row, UINT32_MAX when relaxed */
    uint32_t row_of_count;
    lm_vec3 *r0;     /* per row: the stick at the start of the sub-step */
    lm_vec3 *d;      /* per row: the stick now (scratch) */
    double *lambda;  /* per row: the multiplier summed over the sub-step */
    double *mu;      /* per row: RATTLE's velocity multiplier */
    double *rhs;     /* per row: scratch */
    double *tension; /* per row: N, after the last sub-step */
    uint8_t *active; /* per row: a rope at one of its bounds */
    /* The movable particles of the exact groups (sites) and the rows at
     * each: incidence holds the row, with the top bit set when the
     * particle is the stick's second end. pair lists, site by site, the
     * matrix entry of every ordered pair of rows at the site. */
    uint32_t sites;
    uint32_t *site_start, *site_particle, *incidence, *pair;
    lm_sparse matrix;
    /* what the groups are */
    uint32_t exact_groups, relaxed_groups, relaxed_sticks;
    uint32_t *relaxed_item;  /* dense indices of the sticks of relaxed groups, group by group */
    uint32_t *relaxed_start; /* relaxed_groups + 1: where each group's sticks start */
    /* the sub-step under way */
    bool can_split; /* a failure asks for halves (split) instead of Jakobsen's sweeps */
    bool split;     /* Newton failed: the step does this sub-step again in halves */
    /* what the last step did (lm_world_solver_report) */
    int parts; /* most parts a sub-step was cut into (1: none) */
    bool unmet;
    double unmet_time;
    /* when a held end of an exact stick jumped in that sub-step
     * (lm_shake_held_jump, more than LM_SHAKE_JUMP of its stick's length):
     * the jump (m) and that length (m); 0, 0 when the sticks turned too far */
    double unmet_jump, unmet_length;
    /* the latest sub-step that began with a held end's stick off its length
     * by more than LM_SHAKE_JUMP of it (lm_shake_begin): the scene moved a
     * held particle between steps. Its sticks may be solved there and fail
     * a sub-step later, once what hangs from it flies off: a failure within
     * a step of it is told as the jump. jump 0: none yet. */
    double jump, jump_length, jump_time;
    int newton;          /* most Newton iterations in a sub-step of the last step */
    double net_error;    /* largest relative error of a relaxed group's stick */
    uint32_t net_sticks; /* sticks of that group */
    struct lm_memory *memory;
} lm_shake;

#define LM_SHAKE_SECOND_END 0x80000000u

void lm_shake_free(lm_shake *shake);
/* groups.c: sorts the sticks (plain sticks, and ropes and distances without
 * compliance, breaking or the square-root approximation, all of stiffness
 * 1) into groups joined by movable particles, and each group into solved
 * exactly (its factorisation within the work above) or relaxed; sets
 * LM_ITEM_EXACT on the sticks solved exactly. Call with the constraint store
 * compacted. Under projection = "jakobsen" every group is relaxed. False
 * when out of memory (then nothing is exact and built stays false). */
bool lm_shake_build(lm_world *world);

/* shake.c, the stages of a sub-step: */
/* Before the first sweep: the directions r0 from x0, multipliers to 0. */
void lm_shake_begin(lm_world *world);
/* One Newton iteration on the multipliers of every exact row, moving the
 * particles; returns the largest relative error |d.d - L^2| / L^2 found
 * before it (no iteration when that is within LM_SHAKE_TOLERANCE). A
 * negative value: a stick turned by about 90 degrees in the sub-step, so
 * SHAKE's direction cannot reach its length (nothing moved). */
double lm_shake_newton(lm_world *world);
/* Jakobsen's projection of every exact row, one sweep (the sub-steps whose
 * Newton iterations did not converge). */
void lm_shake_relax(lm_world *world);
/* After the Newton iterations found no solution: the largest jump of a
 * held end (pinned, or of mass 0) of an exact stick, as a multiple of the
 * stick's length (0 when none is held): how far it moved since the sub-step
 * began, or how far off its length a stick started within the last step
 * (a held particle moved by the scene between steps: lm_shake_begin). jump
 * and length receive the two lengths (m). */
double lm_shake_held_jump(const lm_world *world, double *jump, double *length);
/* Above this multiple of a stick's length a held end's move is a jump that
 * more sub-steps would not follow (the sticks turning too far are told
 * otherwise). */
#define LM_SHAKE_JUMP 0.5
/* RATTLE's velocity half: no exact stick (or taut rope) keeps a relative
 * velocity along itself (velocity-based integrators). */
void lm_shake_velocities(lm_world *world);
/* After the sub-step: every exact row's tension (N) from its multipliers. */
void lm_shake_tensions(lm_world *world, const struct lm_step *step);
/* After the step: the largest relative error of the relaxed groups' sticks
 * (net_error, net_sticks). */
void lm_shake_check_nets(lm_world *world);

#endif
