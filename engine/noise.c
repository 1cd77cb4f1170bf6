/* noise.c - smooth gradient noise (Perlin's improved noise, 2002, with the
 * permutation table replaced by an integer hash of the lattice point and a
 * seed), so it needs no table and no global state: the same seed and point
 * give the same value on every machine. */
#include <math.h>

#include "vec3.h"

/* A 32-bit hash of a lattice point and the seed (a few rounds of
 * multiply-xorshift; enough to decorrelate neighbouring points). */
static uint32_t hash_point(uint64_t seed, int32_t x, int32_t y, int32_t z) {
    uint64_t h = seed ^ 0x9E3779B97F4A7C15u;
    h ^= (uint64_t)(uint32_t)x * 0xBF58476D1CE4E5B9u;
    h = (h ^ (h >> 31)) * 0x94D049BB133111EBu;
    h ^= (uint64_t)(uint32_t)y * 0xD6E8FEB86659FD93u;
    h = (h ^ (h >> 29)) * 0xBF58476D1CE4E5B9u;
    h ^= (uint64_t)(uint32_t)z * 0x94D049BB133111EBu;
    h = (h ^ (h >> 32)) * 0xD6E8FEB86659FD93u;
    return (uint32_t)(h >> 32);
}

/* Perlin's twelve edge gradients (and four repeats), dotted with the offset. */
static double gradient(uint32_t hash, double x, double y, double z) {
    switch (hash & 15u) {
    case 0:
    case 12:
        return x + y;
    case 1:
    case 14:
        return -x + y;
    case 2:
        return x - y;
    case 3:
        return -x - y;
    case 4:
        return x + z;
    case 5:
        return -x + z;
    case 6:
        return x - z;
    case 7:
        return -x - z;
    case 8:
        return y + z;
    case 9:
    case 13:
        return -y + z;
    case 10:
        return y - z;
    default:
        return -y - z; /* 11, 15 */
    }
}

static double fade(double t) {
    return t * t * t * (t * (t * 6 - 15) + 10);
}

static double lerp(double t, double a, double b) {
    return a + t * (b - a);
}

double lm_noise3(uint64_t seed, double x, double y, double z) {
    if (!isfinite(x) || !isfinite(y) || !isfinite(z)) {
        return 0;
    }
    double fx = floor(x), fy = floor(y), fz = floor(z);
    /* Wrap the lattice into 32 bits: far points repeat rather than overflow. */
    int32_t ix = (int32_t)(int64_t)fmod(fx, 4294967296.0);
    int32_t iy = (int32_t)(int64_t)fmod(fy, 4294967296.0);
    int32_t iz = (int32_t)(int64_t)fmod(fz, 4294967296.0);
    x -= fx;
    y -= fy;
    z -= fz;
    double u = fade(x), v = fade(y), w = fade(z);
    double c[2][2][2];
    for (int a = 0; a < 2; a++) {
        for (int b = 0; b < 2; b++) {
            for (int d = 0; d < 2; d++) {
                uint32_t h = hash_point(seed, ix + a, iy + b, iz + d);
                c[a][b][d] = gradient(h, x - a, y - b, z - d);
            }
        }
    }
    double value =
        lerp(w, lerp(v, lerp(u, c[0][0][0], c[1][0][0]), lerp(u, c[0][1][0], c[1][1][0])),
             lerp(v, lerp(u, c[0][0][1], c[1][0][1]), lerp(u, c[0][1][1], c[1][1][1])));
    /* The edge gradients reach at most about +-1.04; keep the promise. */
    return value > 1 ? 1 : value < -1 ? -1 : value;
}
