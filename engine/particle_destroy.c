/* particle_destroy.c - removing a particle, and with it everything that acts
 * on it: its constraints and springs. The only particle operation that
 * reaches into the constraints and forces, so it sits above them (they use
 * particle.c's slots and handles, particle.c uses neither of them). */
#include "world.h"

void lm_particle_destroy(lm_world *world, lm_particle particle) {
    assert(!world->stepping);
    uint32_t slot = lm_particle_slot(world, particle);
    /* Everything that acts on the particle goes with it: its own list, so
     * this costs its degree, not a scan of every constraint and force. The
     * lists are built on the first removal; without the memory for them,
     * one scan (no springs exist then: the first spring builds them). */
    if (!lm_constraint_uses_build(world)) {
        lm_constraint_destroy_all_of(world, slot);
    }
    for (uint32_t what = lm_uses_first(world, slot); what != LM_DEAD;
         what = lm_uses_first(world, slot)) {
        if (what & LM_USE_FORCE) {
            uint32_t s = what & ~LM_USE_FORCE;
            lm_force_destroy(world, lm_force_handle(world, s));
        } else {
            lm_constraint_destroy(world, lm_constraint_handle(world, what));
        }
    }
    lm_particles_release(&world->particles, slot);
}
