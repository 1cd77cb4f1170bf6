/* engine_shake.c - projection = "shake": SHAKE for Verlet and RATTLE for
 * the velocity-based integrators keep a double pendulum's energy, where
 * Jakobsen's projection drains it. */
#include <math.h>
#include <stdio.h>

#include "../engine/loom.h"
#include "check.h"

static const double G = 9.81;

typedef struct pendulum {
    lm_world *w;
    lm_particle bob[2];
} pendulum;

/* Two 1 m sticks, 1 kg bobs, released horizontal, no damping, 60 Hz. */
static pendulum make_pendulum(lm_integrator integrator, lm_projection_method projection) {
    lm_world_def def = lm_world_default_def();
    def.gravity = (lm_vec3){0, -G, 0};
    def.integrator = integrator;
    def.projection = projection;
    pendulum p;
    p.w = lm_world_create(&def);
    lm_particle_def pd = lm_particle_default_def();
    pd.mass = 0;
    lm_particle pivot = lm_particle_create(p.w, &pd);
    pd.mass = 1;
    lm_particle last = pivot;
    for (int k = 0; k < 2; k++) {
        pd.position = (lm_vec3){k + 1.0, 0, 0};
        p.bob[k] = lm_particle_create(p.w, &pd);
        lm_stick_def s = lm_stick_default_def();
        s.a = last;
        s.b = p.bob[k];
        lm_stick_create(p.w, &s);
        last = p.bob[k];
    }
    return p;
}

static double energy(const pendulum *p) {
    double e = 0;
    for (int k = 0; k < 2; k++) {
        lm_vec3 v = lm_particle_velocity(p->w, p->bob[k]);
        e +=
            0.5 * (v.x * v.x + v.y * v.y + v.z * v.z) + G * lm_particle_position(p->w, p->bob[k]).y;
    }
    return e;
}

/* The largest distance of a 1-second mean of the energy from its start (0 J),
 * over seconds seconds; also the largest stick error seen. */
static double worst_mean(lm_integrator integrator, lm_projection_method projection, int seconds,
                         double *stretch) {
    pendulum p = make_pendulum(integrator, projection);
    double worst = 0, sum = 0;
    *stretch = 0;
    for (int s = 1; s <= 60 * seconds; s++) {
        lm_world_step(p.w);
        sum += energy(&p);
        *stretch = fmax(*stretch, lm_world_max_error(p.w));
        if (s % 60 == 0) {
            worst = fmax(worst, fabs(sum / 60));
            sum = 0;
        }
    }
    lm_world_destroy(p.w);
    return worst;
}

/* A hanging cloth with shear sticks is over-constrained: SHAKE does not
 * converge there and gives up for Jakobsen's sweeps; it must stay sane. */
static double cloth_error(lm_projection_method projection, uint64_t *sweeps) {
    enum { N = 12 };
    lm_world_def def = lm_world_default_def();
    def.projection = projection;
    lm_world *w = lm_world_create(&def);
    lm_particle p[N * N];
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            lm_particle_def pd = lm_particle_default_def();
            pd.position = (lm_vec3){j * 0.1, 0, i * 0.1};
            p[i * N + j] = lm_particle_create(w, &pd);
        }
    }
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            int to[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
            for (int t = 0; t < 4; t++) {
                int a = i + to[t][0], b = j + to[t][1];
                if (a < N && b >= 0 && b < N) {
                    lm_stick_def s = lm_stick_default_def();
                    s.a = p[i * N + j];
                    s.b = p[a * N + b];
                    lm_stick_create(w, &s);
                }
            }
        }
    }
    lm_pin_create(w, p[0], lm_particle_position(w, p[0]));
    lm_pin_create(w, p[N - 1], lm_particle_position(w, p[N - 1]));
    double worst = 0;
    for (int s = 0; s < 120; s++) {
        lm_world_step(w);
        worst = fmax(worst, lm_world_max_error(w));
    }
    *sweeps = lm_world_get_stats(w).sweeps;
    lm_world_destroy(w);
    return worst;
}

static void check_cloth(void) {
    uint64_t sweeps_shake, sweeps_jakobsen;
    double shake = cloth_error(LM_PROJECT_SHAKE, &sweeps_shake);
    double jakobsen = cloth_error(LM_PROJECT_JAKOBSEN, &sweeps_jakobsen);
    printf("# cloth: largest stick error shake %.3g m (%llu sweeps in the last step), jakobsen "
           "%.3g m\n",
           shake, (unsigned long long)sweeps_shake, jakobsen);
    CHECK(shake < 1.2 * jakobsen && sweeps_shake <= 40,
          "shake on a cloth with shear sticks gives up after 30 sweeps, no worse than jakobsen");
}

int main(void) {
    check_cloth();
    const double span = 3 * G; /* 29.43 J between released and hanging straight down */
    double stretch;
    double jakobsen = worst_mean(LM_INTEGRATOR_VERLET, LM_PROJECT_JAKOBSEN, 60, &stretch);
    printf("# jakobsen: worst 1 s mean energy off by %.3f J\n", jakobsen);
    CHECK(jakobsen > 0.2 * span,
          "jakobsen: the double pendulum loses over a fifth of its 29.4 J span in 60 s");
    for (int k = 0; k < LM_INTEGRATOR_COUNT; k++) {
        if (k == LM_INTEGRATOR_EULER) {
            continue; /* explicit Euler gains energy whatever the projection */
        }
        double off = worst_mean((lm_integrator)k, LM_PROJECT_SHAKE, 60, &stretch);
        char name[200];
        printf("# shake, %s: worst 1 s mean energy off by %.3f J, stretch %.2g m\n",
               lm_integrator_name((lm_integrator)k), off, stretch);
        snprintf(name, sizeof name,
                 "shake, %s: every 1 s mean energy within 2%% of the 29.4 J span for 60 s",
                 lm_integrator_name((lm_integrator)k));
        CHECK(off < 0.02 * span, name);
        snprintf(name, sizeof name, "shake, %s: the sticks stay exact (< 1e-6 m)",
                 lm_integrator_name((lm_integrator)k));
        CHECK(stretch < 1e-6, name);
    }
    CHECK(lm_projection_method_name(LM_PROJECT_SHAKE)[0] == 's' &&
              lm_projection_method_names()[LM_PROJECT_METHOD_COUNT] == NULL,
          "projection names: \"jakobsen\", \"shake\"");
    return check_summary();
}
