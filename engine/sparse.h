/* sparse.h - a sparse LU factorisation on a symmetric pattern (sparse.c),
 * for the multipliers of the sticks solved exactly (shake.c). Only the
 * engine's own files include it. */
#ifndef LOOM_SPARSE_H
#define LOOM_SPARSE_H

#include <stdbool.h>
#include <stdint.h>

struct lm_memory;

/* An n x n matrix whose unknowns are numbered in elimination order, stored
 * by rows with the pattern of its factors (fill-in included), the same
 * pattern above and below the diagonal. */
typedef struct lm_sparse {
    uint32_t n;
    uint32_t *row_start; /* n + 1 */
    uint32_t *column;    /* row_start[n] entries, ascending within a row */
    uint32_t *diagonal;  /* n: where (i, i) is */
    double *value;       /* row_start[n] */
    double *scale;       /* n: |(i, i)| before the factorisation (tiny pivots) */
    uint32_t capacity;   /* entries allocated */
    uint32_t rows;       /* rows allocated */
    struct lm_memory *memory;
} lm_sparse;

void lm_sparse_free(lm_sparse *s);

/* A minimum-degree elimination order of the graph of n nodes whose
 * neighbours of i are adj[start[i] .. start[i + 1] - 1] (each edge listed
 * from both ends): order[k] is the k-th node to eliminate. Ties go to the
 * lowest index, so the order is deterministic. For n <= LM_SPARSE_ORDER_MAX
 * (it works on bit sets: n^2 / 8 bytes). False when out of memory. */
enum { LM_SPARSE_ORDER_MAX = 1024 };
bool lm_sparse_min_degree(struct lm_memory *memory, uint32_t n, const uint32_t *start,
                          const uint32_t *adj, uint32_t *order);

/* The pattern of the factors of the graph above (n nodes, original numbers)
 * eliminated in order (order[k] = the node eliminated k-th; the matrix's
 * unknown k is that node). *work is the factorisation's multiply-adds
 * (the sum over k of |L's column k|^2). Returns 1 when built, 0 when the
 * work would pass budget (s unchanged), -1 when out of memory. */
int lm_sparse_analyse(lm_sparse *s, uint32_t n, const uint32_t *start, const uint32_t *adj,
                      const uint32_t *order, double budget, double *work);

/* Where (i, j) is in s->value (it must be in the pattern). */
uint32_t lm_sparse_at(const lm_sparse *s, uint32_t i, uint32_t j);

/* LU in place, no pivoting. A pivot under 1e-12 of its row's diagonal
 * before the factorisation (a dependent row: redundant sticks) is replaced
 * by that diagonal; returns how many were. */
uint32_t lm_sparse_factor(lm_sparse *s);

/* Solves L U x = b in place (b has n entries, in elimination order). */
void lm_sparse_solve(const lm_sparse *s, double *b);

#endif
