/*
 * vector.h - one binary for every machine of an architecture, wide vectors
 * where the processor has them.
 *
 * A default build uses no instruction beyond the architecture's baseline
 * (on x86-64: SSE2, two doubles a vector), so it runs on any machine of
 * that architecture. The few loops where wider vectors pay, the batched
 * solver's kernels (relax.c), are marked LM_VECTOR_CLONES: the compiler
 * builds each of them three times, for the baseline, for AVX2 (four
 * doubles) and for x86-64-v4 (AVX-512: eight, with masks), and the loader
 * picks one when the program starts, by asking the processor (an ifunc
 * resolver, __builtin_cpu_supports). Measured on one thread (bench/vector.sh,
 * bench/RESULTS.md): the baseline at about twice, AVX2 about 1.5 times the
 * time per projection of x86-64-v4, which matches -march=native on an
 * AVX-512 machine.
 *
 * Each lane does the same IEEE operations in every width (no FMA:
 * -ffp-contract=off; no reassociation), so every clone gives the same bits:
 * tests/engine_batched.c's stored hashes hold for the default build and for
 * each width built alone (engine_batched_baseline, _avx2, _v4).
 *
 * LM_VECTOR_ONE_WIDTH builds the marked functions once, with the file's own
 * flags: for those tests and for -march=native (bench). Elsewhere (other
 * architectures, compilers or systems without ifunc) the marking is empty.
 */
#ifndef LOOM_VECTOR_H
#define LOOM_VECTOR_H

#if defined(__x86_64__) && defined(__linux__) && defined(__has_attribute) &&                       \
    !defined(LM_VECTOR_ONE_WIDTH)
#if __has_attribute(target_clones)
#define LM_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#endif
#endif
#ifndef LM_VECTOR_CLONES
#define LM_VECTOR_CLONES
#endif

#endif
