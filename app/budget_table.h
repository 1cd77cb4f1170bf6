/*
 * budget_table.h - table.insert, remove, move, concat, unpack and sort that
 * stop at the time limit.
 *
 * Lua's own ones loop in C as long as their arguments say: table.move({}, 1,
 * 1 << 50, 2) runs 2^50 iterations on an empty table, and table.insert on a
 * table whose __len says 2^50 as many, without one Lua instruction for the
 * count hook to see. These do what Lua 5.4's manual says, with Lua's
 * messages, and ask the host's guard (app/guard.h) every
 * APP_BUDGET_TABLE_STEPS iterations; past the deadline they raise the
 * time-limit error at the script's line. table.sort gives Lua's own sort a
 * table of up to APP_BUDGET_TABLE_SORT_DIRECT elements with no __len (a
 * bounded piece of work, and the very order lua5.4 gives) and sorts longer
 * ones itself (heapsort: in place, n log n at worst, asking the guard as it
 * compares). Lua's sort already chooses its pivots at random above 100
 * elements, so the order of equal elements was never fixed there.
 */
#ifndef LOOM_APP_BUDGET_TABLE_H
#define LOOM_APP_BUDGET_TABLE_H

struct lua_State;

#define APP_BUDGET_TABLE_STEPS       4096
#define APP_BUDGET_TABLE_SORT_DIRECT 50000

/* Replaces the table library's functions (the library must be open).
 * Raises on errors: call it protected. */
void app_budget_table_open(struct lua_State *L);

#endif
