/*
 * vector_cpu.c - linked into the engine tests whose batched-solver kernels
 * (engine/relax.c) are built for one x86-64 vector extension alone
 * (Makefile: engine_batched_avx2, engine_batched_v4): before main runs, a
 * processor without that extension skips the test, with the reason, instead
 * of dying of an illegal instruction. LM_TEST_VECTOR: 2 for AVX2, 4 for
 * x86-64-v4 (AVX-512 F, CD, BW, DQ and VL).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#if LM_TEST_VECTOR == 4
#define EXTENSION "x86-64-v4 (AVX-512)"
#define HAS_EXTENSION()                                                                            \
    (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&                    \
     __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&                   \
     __builtin_cpu_supports("avx512vl"))
#else
#define EXTENSION       "AVX2"
#define HAS_EXTENSION() __builtin_cpu_supports("avx2")
#endif

__attribute__((constructor)) static void need_extension(void) {
    __builtin_cpu_init();
    if (HAS_EXTENSION())
        return;
    printf("ok - the batched order with its kernels built for " EXTENSION
           " alone # SKIP this processor has no " EXTENSION "\n");
    printf("0 passed, 0 failed, 1 skipped\n");
    exit(0);
}
