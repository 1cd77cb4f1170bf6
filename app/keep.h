/*
 * keep.h - loom.keep: what a scene keeps across a reload.
 *
 * The window loads a saved scene in a new Lua state; the new state's
 * loom.keep starts as a copy of the old one's. The copy holds numbers,
 * strings, booleans and tables of them, with the same shape: a table reached
 * twice (shared, or in a cycle) is copied once and reached twice in the copy.
 * Anything else (functions, handles, worlds) becomes nil.
 */
#ifndef LOOM_APP_KEEP_H
#define LOOM_APP_KEEP_H

#include <stddef.h>

struct lua_State;

/* The most a copy may hold: strings' bytes plus KEEP_ENTRY_BYTES per table
 * entry and per table. */
#define APP_KEEP_MAX_MIB 16
/* The deepest nesting of tables copied. */
#define APP_KEEP_MAX_DEPTH 200

/* Pushes onto to a copy of the value at index in from. Raises an error in to
 * ("loom.keep is too big ...", "... nested too deeply ...") when the copy
 * would pass APP_KEEP_MAX_MIB or APP_KEEP_MAX_DEPTH: call it in a protected
 * call on to. from is only read (its stack may be left higher: the caller
 * restores it). */
void app_keep_copy(struct lua_State *from, int index, struct lua_State *to);

#endif
