/*
 * library_path.h - where loom finds its own files: the Lua library
 * (require "loom.cloth" finds scripts/loom/cloth.lua) and the examples.
 *
 * The library is looked for in order:
 *   1. the folder LOOM_PATH names, when it is set (and then only there);
 *   2. scripts/ in the data folder fixed when loom was built (LOOM_DATA_DIR:
 *      the source tree for `make`, PREFIX/share/loom for `make install`);
 *   3. beside the executable: <exe>/../share/loom/scripts (an installed
 *      tree moved elsewhere), then <exe>/../scripts (a build in the tree).
 * A folder counts when it holds loom/cloth.lua. The examples are in
 * examples/ beside the library found in 2 or 3 (LOOM_PATH names only the
 * library).
 */
#ifndef LOOM_APP_LIBRARY_PATH_H
#define LOOM_APP_LIBRARY_PATH_H

#include <stdbool.h>
#include <stddef.h>

struct lua_State;

/* loom's Lua library folder into out; false when no place holds it. */
bool app_library_find(char *out, size_t size);

/* The examples folder loom ships with into out; false when none is found. */
bool app_library_examples(char *out, size_t size);

/* Where app_library_find looks, in order, as one line for a message:
 * "LOOM_PATH is not set; /usr/share/loom/scripts; /opt/bin/../scripts". */
void app_library_places(char *out, size_t size);

/* Adds a last searcher to package.searchers that, for a module of loom's
 * library ("loom.NAME"), adds to require's message that loom's library was
 * not found and where loom looked. For a state whose library is missing. */
void app_library_explain_missing(struct lua_State *L);

#endif
