/* sparse.c - sparse LU on a symmetric pattern, for the multipliers of the
 * sticks solved exactly (shake.c).
 *
 * The matrix of a group of sticks, J W J0^T, has an entry (i, j) when sticks
 * i and j share a movable particle. Gaussian elimination in a good order
 * keeps it sparse: along a chain or a tree, eliminating the sticks from the
 * leaves inwards creates no new entry at all (Baraff 1996, "Linear-time
 * dynamics using Lagrange multipliers": the factorisation and each solve
 * cost linear time), and for small closed bodies (a tetrahedron, a ring) the
 * minimum-degree order keeps the fill-in small. The symbolic step
 * (lm_sparse_analyse) runs once per change of the scene and gives the
 * pattern of the factors; the numeric steps (lm_sparse_factor,
 * lm_sparse_solve) run in every Newton iteration. No pivoting: the diagonal
 * 2 (w_a + w_b) d.r0 is far from zero while a stick turns by less than 90
 * degrees in a sub-step, which the caller checks. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "sparse.h"

void lm_sparse_free(lm_sparse *s) {
    lm_memory_free(s->memory, s->row_start);
    lm_memory_free(s->memory, s->column);
    lm_memory_free(s->memory, s->diagonal);
    lm_memory_free(s->memory, s->value);
    lm_memory_free(s->memory, s->scale);
    struct lm_memory *memory = s->memory;
    memset(s, 0, sizeof *s);
    s->memory = memory;
}

/* ------------------------------------------------------------ ordering -- */

static uint32_t popcount64(uint64_t x) {
    uint32_t count = 0;
    while (x) {
        x &= x - 1;
        count++;
    }
    return count;
}

bool lm_sparse_min_degree(struct lm_memory *memory, uint32_t n, const uint32_t *start,
                          const uint32_t *adj, uint32_t *order) {
    assert(n <= LM_SPARSE_ORDER_MAX);
    if (n == 0) {
        return true;
    }
    size_t words = (n + 63) / 64;
    uint64_t *rows = lm_memory_zeroed(memory, (size_t)n * words, sizeof *rows);
    uint64_t *left = lm_memory_zeroed(memory, words, sizeof *left);
    uint32_t *degree = lm_memory_zeroed(memory, n, sizeof *degree);
    if (!rows || !left || !degree) {
        lm_memory_free(memory, rows);
        lm_memory_free(memory, left);
        lm_memory_free(memory, degree);
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        left[i / 64] |= 1ull << (i % 64);
        for (uint32_t e = start[i]; e < start[i + 1]; e++) {
            if (adj[e] != i) {
                rows[i * words + adj[e] / 64] |= 1ull << (adj[e] % 64);
            }
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        for (size_t w = 0; w < words; w++) {
            degree[i] += popcount64(rows[i * words + w]);
        }
    }
    for (uint32_t k = 0; k < n; k++) {
        uint32_t best = UINT32_MAX;
        for (uint32_t i = 0; i < n; i++) {
            if ((left[i / 64] >> (i % 64) & 1u) &&
                (best == UINT32_MAX || degree[i] < degree[best])) {
                best = i;
            }
        }
        order[k] = best;
        left[best / 64] &= ~(1ull << (best % 64));
        uint64_t *row = rows + (size_t)best * words;
        /* its neighbours become a clique: each gets the others (the fill-in) */
        for (uint32_t i = 0; i < n; i++) {
            if (!(row[i / 64] >> (i % 64) & 1u)) {
                continue;
            }
            uint64_t *other = rows + (size_t)i * words;
            uint32_t d = 0;
            for (size_t w = 0; w < words; w++) {
                other[w] = (other[w] | row[w]) & left[w];
                d += popcount64(other[w]);
            }
            other[i / 64] &= ~(1ull << (i % 64));
            degree[i] = d - 1;
        }
    }
    lm_memory_free(memory, rows);
    lm_memory_free(memory, left);
    lm_memory_free(memory, degree);
    return true;
}

/* ------------------------------------------------------------ symbolic -- */

static int ascending(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Grows *list to hold at least need entries. */
static bool grow(struct lm_memory *memory, uint32_t **list, uint32_t *capacity, uint64_t need) {
    if (need <= *capacity) {
        return true;
    }
    if (need > UINT32_MAX / 2) {
        return false;
    }
    uint32_t next = *capacity ? *capacity : 64;
    while (next < need) {
        next *= 2;
    }
    uint32_t *grown = lm_memory_resize_array(memory, *list, next, sizeof *grown);
    if (!grown) {
        return false;
    }
    *list = grown;
    *capacity = next;
    return true;
}

/* Column k of L (the later unknowns it updates) is its own later
 * neighbours plus, for each column whose first later unknown is k (its
 * children in the elimination tree), that column without k. */
typedef struct columns {
    uint32_t *start;    /* n + 1 */
    uint32_t *entries;  /* sorted per column */
    uint32_t *parent;   /* n: the first entry of the column, or UINT32_MAX */
    uint32_t *child;    /* n: first child in the elimination tree */
    uint32_t *sibling;  /* n: next child of the same parent */
    uint32_t *mark;     /* n */
    uint32_t *position; /* n: node -> unknown */
    uint32_t capacity;
} columns;

static void free_columns(struct lm_memory *memory, columns *c) {
    lm_memory_free(memory, c->start);
    lm_memory_free(memory, c->entries);
    lm_memory_free(memory, c->parent);
    lm_memory_free(memory, c->child);
    lm_memory_free(memory, c->sibling);
    lm_memory_free(memory, c->mark);
    lm_memory_free(memory, c->position);
}

/* 1 built, 0 over budget, -1 out of memory. */
static int build_columns(struct lm_memory *memory, columns *c, uint32_t n, const uint32_t *start,
                         const uint32_t *adj, const uint32_t *order, double budget, double *work) {
    c->start = lm_memory_resize_array(memory, NULL, (size_t)n + 1, sizeof *c->start);
    c->parent = lm_memory_resize_array(memory, NULL, n, sizeof *c->parent);
    c->child = lm_memory_resize_array(memory, NULL, n, sizeof *c->child);
    c->sibling = lm_memory_resize_array(memory, NULL, n, sizeof *c->sibling);
    c->mark = lm_memory_resize_array(memory, NULL, n, sizeof *c->mark);
    c->position = lm_memory_resize_array(memory, NULL, n, sizeof *c->position);
    if (!c->start || !c->parent || !c->child || !c->sibling || !c->mark || !c->position ||
        !grow(memory, &c->entries, &c->capacity, (uint64_t)start[n] + n)) {
        return -1;
    }
    for (uint32_t k = 0; k < n; k++) {
        c->position[order[k]] = k;
        c->child[k] = c->sibling[k] = c->mark[k] = UINT32_MAX;
    }
    *work = 0;
    uint32_t used = 0;
    c->start[0] = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t node = order[k], first = used;
        for (uint32_t e = start[node]; e < start[node + 1]; e++) {
            uint32_t j = c->position[adj[e]];
            if (j > k && c->mark[j] != k) {
                if (!grow(memory, &c->entries, &c->capacity, (uint64_t)used + 1)) {
                    return -1;
                }
                c->mark[j] = k;
                c->entries[used++] = j;
            }
        }
        for (uint32_t ch = c->child[k]; ch != UINT32_MAX; ch = c->sibling[ch]) {
            for (uint32_t e = c->start[ch]; e < c->start[ch + 1]; e++) {
                uint32_t j = c->entries[e];
                if (j != k && c->mark[j] != k) {
                    if (!grow(memory, &c->entries, &c->capacity, (uint64_t)used + 1)) {
                        return -1;
                    }
                    c->mark[j] = k;
                    c->entries[used++] = j;
                }
            }
        }
        uint32_t count = used - first;
        qsort(c->entries + first, count, sizeof *c->entries, ascending);
        c->start[k + 1] = used;
        *work += (double)count * count + count;
        if (*work > budget) {
            return 0;
        }
        c->parent[k] = count ? c->entries[first] : UINT32_MAX;
        if (count) {
            c->sibling[k] = c->child[c->parent[k]];
            c->child[c->parent[k]] = k;
        }
    }
    return 1;
}

int lm_sparse_analyse(lm_sparse *s, uint32_t n, const uint32_t *start, const uint32_t *adj,
                      const uint32_t *order, double budget, double *work) {
    *work = 0;
    if (n == 0) {
        s->n = 0;
        return 1;
    }
    columns c;
    memset(&c, 0, sizeof c);
    int built = build_columns(s->memory, &c, n, start, adj, order, budget, work);
    if (built != 1) {
        free_columns(s->memory, &c);
        return built;
    }
    /* Row i: the columns k < i whose L column holds i, then i, then L's
     * column i (U's row i has the same pattern). */
    uint64_t entries = (uint64_t)n + 2ull * c.start[n];
    bool ok = entries < UINT32_MAX / 2;
    if (ok && (n + 1 > s->rows || entries > s->capacity)) {
        uint32_t *row_start =
            lm_memory_resize_array(s->memory, NULL, (size_t)n + 1, sizeof *row_start);
        uint32_t *diagonal = lm_memory_resize_array(s->memory, NULL, n + 1, sizeof *diagonal);
        double *scale = lm_memory_resize_array(s->memory, NULL, n + 1, sizeof *scale);
        uint32_t *column = lm_memory_resize_array(s->memory, NULL, entries, sizeof *column);
        double *value = lm_memory_resize_array(s->memory, NULL, entries, sizeof *value);
        ok = row_start && diagonal && scale && column && value;
        if (ok) {
            lm_sparse_free(s);
            s->row_start = row_start;
            s->diagonal = diagonal;
            s->scale = scale;
            s->column = column;
            s->value = value;
            s->rows = n + 1;
            s->capacity = (uint32_t)entries;
        } else {
            lm_memory_free(s->memory, row_start);
            lm_memory_free(s->memory, diagonal);
            lm_memory_free(s->memory, scale);
            lm_memory_free(s->memory, column);
            lm_memory_free(s->memory, value);
        }
    }
    if (!ok) {
        free_columns(s->memory, &c);
        return -1;
    }
    s->n = n;
    /* counts first (mark holds each row's lower count) */
    memset(c.mark, 0, n * sizeof *c.mark);
    for (uint32_t k = 0; k < n; k++) {
        for (uint32_t e = c.start[k]; e < c.start[k + 1]; e++) {
            c.mark[c.entries[e]]++;
        }
    }
    s->row_start[0] = 0;
    for (uint32_t i = 0; i < n; i++) {
        s->diagonal[i] = s->row_start[i] + c.mark[i];
        s->row_start[i + 1] = s->diagonal[i] + 1 + (c.start[i + 1] - c.start[i]);
        s->column[s->diagonal[i]] = i;
        memcpy(s->column + s->diagonal[i] + 1, c.entries + c.start[i],
               (c.start[i + 1] - c.start[i]) * sizeof *s->column);
        c.mark[i] = s->row_start[i]; /* next free lower slot */
    }
    for (uint32_t k = 0; k < n; k++) {
        for (uint32_t e = c.start[k]; e < c.start[k + 1]; e++) {
            s->column[c.mark[c.entries[e]]++] = k;
        }
    }
    free_columns(s->memory, &c);
    return 1;
}

uint32_t lm_sparse_at(const lm_sparse *s, uint32_t i, uint32_t j) {
    uint32_t lo = s->row_start[i], hi = s->row_start[i + 1];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->column[mid] < j) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    assert(lo < s->row_start[i + 1] && s->column[lo] == j && "entry outside the pattern");
    return lo;
}

/* ------------------------------------------------------------- numeric -- */

uint32_t lm_sparse_factor(lm_sparse *s) {
    uint32_t replaced = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        s->scale[i] = fabs(s->value[s->diagonal[i]]);
    }
    for (uint32_t k = 0; k < s->n; k++) {
        double pivot = s->value[s->diagonal[k]];
        if (!(fabs(pivot) > 1e-12 * s->scale[k])) {
            pivot = s->scale[k] > 0 ? s->scale[k] : 1.0;
            s->value[s->diagonal[k]] = pivot;
            replaced++;
        }
        uint32_t upper = s->diagonal[k] + 1, end = s->row_start[k + 1];
        for (uint32_t q = upper; q < end; q++) {
            uint32_t i = s->column[q];
            /* (i, k) is the first entry of row i at or after column k: the
             * lower entries of row i are in ascending order */
            uint32_t p = lm_sparse_at(s, i, k);
            double l = s->value[p] / pivot;
            s->value[p] = l;
            if (l == 0.0) {
                continue;
            }
            p++;
            for (uint32_t r = upper; r < end; r++) {
                uint32_t j = s->column[r];
                while (s->column[p] < j) {
                    p++;
                }
                s->value[p] -= l * s->value[r];
            }
        }
    }
    return replaced;
}

void lm_sparse_solve(const lm_sparse *s, double *b) {
    for (uint32_t i = 0; i < s->n; i++) {
        double sum = b[i];
        for (uint32_t p = s->row_start[i]; p < s->diagonal[i]; p++) {
            sum -= s->value[p] * b[s->column[p]];
        }
        b[i] = sum;
    }
    for (uint32_t i = s->n; i-- > 0;) {
        double sum = b[i];
        for (uint32_t p = s->diagonal[i] + 1; p < s->row_start[i + 1]; p++) {
            sum -= s->value[p] * b[s->column[p]];
        }
        b[i] = sum / s->value[s->diagonal[i]];
    }
}
